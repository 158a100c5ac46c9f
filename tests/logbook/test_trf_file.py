"""The TRF reader: every result code and date form of the layout, what real files do (Papi titles,
rating and FIDE id 0, a bye's opponent 0 or blank, CR-only and CRLF ends, TRF26 and extension lines),
a line that cannot be read said as FILE:LINE, and `122`'s free text read into a time control.

Each expected value is worked from the layout by hand (docs/formats.md §1.3, §1.4), never from the
reader."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from elotui.logbook.time_control import list_for_time_control
from elotui.logbook.trf_file import (
    TrfUnreadable,
    read_birth_year,
    read_date,
    read_round_dates,
    read_trf,
    time_control_tag,
    trf_lines,
)
from tests.trf_lines import header, player_line, round_dates_line

ALICE = player_line(1, "Costa, Ana", rating=1850, federation="POR", fide_id=1234567,
                    birth="1990/05/01", rounds=[(2, "w", "1")])  # fmt: skip
BOB = player_line(2, "Silva, Bruno", rating=1900, fide_id=7654321, rounds=[(1, "b", "0")])


# --- result codes ----------------------------------------------------------------------------


# (code, kind, score when played): docs/formats.md §1.4's table, each line worked by hand.
CODES = [
    ("1", "played", Fraction(1)),
    ("=", "played", Fraction(1, 2)),
    ("0", "played", Fraction(0)),
    ("+", "forfeit", None),
    ("-", "forfeit", None),
    ("W", "short", None),
    ("D", "short", None),
    ("L", "short", None),
    ("w", "short", None),  # either case
    ("d", "short", None),
    ("l", "short", None),
    ("H", "bye", None),
    ("F", "bye", None),
    ("U", "bye", None),
    ("Z", "bye", None),
    ("h", "bye", None),
    ("", "bye", None),
]


@pytest.mark.parametrize(("code", "kind", "score"), CODES)
def test_each_result_code(code: str, kind: str, score: Fraction | None) -> None:
    opponent: int | str = 2 if kind != "bye" else "0000"
    colour = "w" if kind != "bye" else "-"
    trf = read_trf([player_line(1, "A, B", rounds=[(opponent, colour, code)]), BOB], "t.trf")
    (first,) = trf.players[1].rounds
    assert first.kind == kind
    if score is not None:
        assert first.score == score


@pytest.mark.parametrize("opponent", ["0000", "0", ""])
@pytest.mark.parametrize("code", ["+", "-", "1", "H"])
def test_a_round_without_an_opponent_is_a_bye(opponent: str, code: str) -> None:
    # A bye's opponent is 0000, or in real files 0 or blank; lichess writes `-` for an absence.
    trf = read_trf([player_line(1, "A, B", rounds=[(opponent, "", code)])], "t.trf")
    assert trf.players[1].rounds[0].opponent is None
    assert trf.players[1].rounds[0].kind == "bye"


def test_an_unknown_code_or_colour_is_said_at_its_line() -> None:
    lines = [
        header("012", "Open"),
        player_line(1, "A, B", rounds=[(2, "w", "X")]),
        player_line(2, "C, D", rounds=[(1, "r", "0")]),
        player_line(3, "E, F", rounds=[(9, "w", "1")]),
    ]
    with pytest.raises(TrfUnreadable) as refused:
        read_trf(lines, "t.trf")
    assert refused.value.problems == [
        "t.trf:2: round 1: 'X' is not a result code (1 = 0 + - W D L H F U Z)",
        "t.trf:3: round 1: colour 'R' is not w, b or -",
        "t.trf:4: round 1: opponent 9 is no player of the file",
    ]


# --- the player line ------------------------------------------------------------------------


def test_a_player_line_read_by_its_columns() -> None:
    trf = read_trf([ALICE, BOB], "t.trf")
    ana = trf.players[1]
    assert (ana.rank, ana.name, ana.rating, ana.federation, ana.fide_id, ana.birth_year) == (
        1, "Costa, Ana", 1850, "POR", 1234567, 1990,
    )  # fmt: skip
    assert ana.rounds[0].opponent == 2
    assert ana.rounds[0].colour == "W"


@pytest.mark.parametrize("title", ["GM", "WGM", "g", "wg", "wf", "c"])
def test_papi_titles_read_without_complaint(title: str) -> None:
    line = player_line(1, "A, B", title=title, rating=2400, rounds=[(2, "w", "1")])
    assert read_trf([line, BOB], "t.trf").players[1].rating == 2400


@pytest.mark.parametrize(("rating", "fide_id"), [("0", "0"), ("", ""), ("   0", "00000000")])
def test_rating_and_fide_id_zero_or_blank_are_none(rating: str, fide_id: str) -> None:
    player = read_trf([player_line(1, "A, B", rating=rating, fide_id=fide_id)], "t").players[1]
    assert (player.rating, player.fide_id) == (None, None)


@pytest.mark.parametrize(
    ("birth", "year"),
    [("1969/12/06", 1969), ("1969.12.06", 1969), ("1969", 1969), ("1969/00/00", 1969),
     ("", None), ("0000/00/00", None), ("06.12.1969", 1969)],
)  # fmt: skip
def test_birth_date_forms(birth: str, year: int | None) -> None:
    assert read_birth_year(birth) == year


def test_bad_fields_are_said_at_their_line() -> None:
    lines = [
        player_line(1, "A, B"),
        player_line(2, "C, D", rating="19x0"),
        player_line(3, "E, F", rating=50),
        player_line(4, "G, H", birth="born 1990"),
        player_line(1, "I, J"),
    ]
    with pytest.raises(TrfUnreadable) as refused:
        read_trf(lines, "t.trf")
    assert refused.value.problems == [
        "t.trf:2: rating: '19x0' is not a number",
        "t.trf:3: rating 50 is outside 100-3500",
        "t.trf:4: birth date: 'born 1990' is not a date",
        "t.trf:5: starting rank 1 again (first at line 1)",
    ]


# --- dates ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("2018/04/08", dt.date(2018, 4, 8)),
        ("08/04/2018", dt.date(2018, 4, 8)),  # day first when the year comes last
        ("28. 07. 2005", dt.date(2005, 7, 28)),
        ("2024-08-01", dt.date(2024, 8, 1)),
        ("2005.07.28", dt.date(2005, 7, 28)),
        ("May 29, 2020", dt.date(2020, 5, 29)),
        ("Sept 3, 2021", dt.date(2021, 9, 3)),
        ("29 May 2020", dt.date(2020, 5, 29)),
        ("24/08/01", dt.date(2024, 8, 1)),  # 132's YY/MM/DD
        ("99/12/31", dt.date(1999, 12, 31)),
    ],
)
def test_date_forms(text: str, day: dt.date) -> None:
    assert read_date(text) == day


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("2020/02/30", "the date '2020/02/30' does not exist"),
        ("someday", "'someday' is not a date"),
        ("Mai 29, 2020", "'Mai 29, 2020' is not a date"),
    ],
)
def test_a_date_that_is_none_says_why(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match="^" + reason.replace("(", r"\(")):
        read_date(text)


@pytest.mark.parametrize("shift", [0, 1, -1, 2])
def test_round_dates_found_at_their_blocks(shift: int) -> None:
    line = round_dates_line(["24/08/01", "", "24/08/03"], shift=shift)
    assert read_round_dates(line) == {1: dt.date(2024, 8, 1), 3: dt.date(2024, 8, 3)}


def test_event_headers_and_a_bad_date_line() -> None:
    lines = [
        header("012", "Porto Open"),
        header("042", "2024/08/01"),
        header("052", "05/08/2024"),
        header("122", "90 minutes + 30 seconds per move"),
        round_dates_line(["24/08/01", "24/08/02"]),
        ALICE,
        BOB,
    ]
    trf = read_trf(lines, "t.trf")
    assert (trf.event, trf.start, trf.end) == (
        "Porto Open",
        dt.date(2024, 8, 1),
        dt.date(2024, 8, 5),
    )
    assert trf.time_control_text == "90 minutes + 30 seconds per move"
    assert trf.round_dates == {1: dt.date(2024, 8, 1), 2: dt.date(2024, 8, 2)}
    lines[4] = round_dates_line(["24/08/01", "24/13/02"])
    lines[2] = header("052", "2024/07/01")
    with pytest.raises(TrfUnreadable) as refused:
        read_trf(lines, "t.trf")
    assert refused.value.problems == [
        "t.trf:3: the event ends (2024-07-01) before it starts (2024-08-01)",
        "t.trf:5: round 2: the date '24/13/02' does not exist",
    ]


# --- lines ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_line_ends(end: str) -> None:
    text = end.join([header("012", "Open"), ALICE, BOB]) + end
    trf = read_trf(trf_lines(text), "t.trf")
    assert trf.event == "Open"
    assert [player.name for player in trf.players.values()] == ["Costa, Ana", "Silva, Bruno"]


def test_trf26_national_and_extension_lines_are_ignored() -> None:
    national = "FRA" + ALICE[3:]  # TRF26: the 001 layout under a federation code
    lines = [
        header("012", "Open"),
        header("142", "2"),
        header("222", "5400+30"),
        national.replace("1850", "abcd"),
        "XXR 2",
        "XXC white1",
        "BBW  1.0",
        "### a comment",
        "",
        ALICE,
        BOB,
    ]
    trf = read_trf(lines, "t.trf")
    assert trf.time_control_code == "5400+30"
    assert sorted(trf.players) == [1, 2]


# --- the time control of `122` --------------------------------------------------------------


# (text, tag, list): base + 60 × increment worked by hand, FIDE's definitions (rules.md §1.12).
TIME_CONTROL_TEXTS = [
    ("90 minutes + 30 seconds per move", "5400+30", "standard"),  # 90 + 30 = 120 min
    ("90'+30''", "5400+30", "standard"),
    ("90 min + 30 sec/move", "5400+30", "standard"),
    ("40/120, 60", "40/7200:3600", "standard"),  # several periods: standard
    ("15 min + 10 sec", "900+10", "rapid"),  # 15 + 10 = 25 min
    ("25", "1500", "rapid"),
    ("5+3", "300+3", "blitz"),  # 5 + 3 = 8 min
    ("3+2", "180+2", "blitz"),  # 3 + 2 = 5 min
    ("10 min", "600", "blitz"),  # exactly 10: blitz
    ("2h", "7200", "standard"),
]


@pytest.mark.parametrize(("text", "tag", "rating_list"), TIME_CONTROL_TEXTS)
def test_time_control_text(text: str, tag: str, rating_list: str) -> None:
    assert time_control_tag(text) == tag
    assert list_for_time_control(tag) == rating_list


@pytest.mark.parametrize("text", [None, "", "Standard", "G/90", "90 min then 30 furlongs"])
def test_time_control_text_not_read(text: str | None) -> None:
    assert time_control_tag(text) is None
