"""PGN: the rating list from `TimeControl` (FIDE's definitions), and names as PGN writes them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from elotui.logbook.csv_io import ImportFailed
from elotui.logbook.pgn_io import import_pgn
from elotui.logbook.player_names import (
    SUGGESTED_AT_MOST,
    PlayerNames,
    name_key,
    names_listed,
    same_player,
)
from elotui.logbook.records import NotFound
from elotui.logbook.repository import Repository
from elotui.logbook.time_control import fide_rated, game_seconds, list_for_time_control

# FIDE: blitz when base + 60 × increment ≤ 10 minutes; rapid when more than 10 and less than 60;
# else standard. Each case worked by hand.
TIME_CONTROLS = [
    ("180+2", 300, "blitz"),  # 3 min + 60 × 2 s = 180 + 120 = 300 s = 5 min ≤ 10
    ("900+10", 1500, "rapid"),  # 15 min + 60 × 10 s = 900 + 600 = 1500 s = 25 min
    ("5400+30", 7200, "standard"),  # 90 min + 60 × 30 s = 5400 + 1800 = 7200 s = 120 min ≥ 60
    ("600", 600, "blitz"),  # exactly 10 min: blitz is "at most 10 minutes" (rules.md §1.12)
    ("601", 601, "rapid"),  # one second more than 10 min
    ("3600", 3600, "standard"),  # exactly 60 min: rapid is *less* than 60
    ("3599", 3599, "rapid"),  # one second under 60 min
    ("420+5", 720, "rapid"),  # 7 min + 60 × 5 s = 420 + 300 = 720 s = 12 min
    ("300+5", 600, "blitz"),  # 5 min + 60 × 5 s = 300 + 300 = 600 s = 10 min: blitz
    ("2700+15", 3600, "standard"),  # 45 min + 60 × 15 s = 2700 + 900 = 3600 s: not < 60 min
    ("1500+10", 2100, "rapid"),  # 25 min + 10 min = 35 min
    ("60", 60, "blitz"),  # bullet: on the blitz list, the nearest, but not rated (below)
    (" 180+2 ", 300, "blitz"),  # spaces around the tag
]
NOT_A_SINGLE_PERIOD = [
    "-",  # no time control
    "?",  # unknown
    "",
    None,  # no tag at all
    "40/5400+30:1800+30",  # the FIDE classical control: several periods
    "40/9000",  # moves counted in a period: a classical control
    "*180",  # sandclock: not a game time
]
GARBAGE = ["10 min", "15+10 rapid", "90'+30''", "+30", "600+", "1e3", "blitz"]


@pytest.mark.parametrize(("tag", "seconds", "expected"), TIME_CONTROLS)
def test_single_period_controls(tag: str, seconds: int, expected: str) -> None:
    assert game_seconds(tag) == seconds
    assert list_for_time_control(tag) == expected


@pytest.mark.parametrize("tag", [*NOT_A_SINGLE_PERIOD, *GARBAGE])
def test_everything_else_is_standard(tag: str | None) -> None:
    assert game_seconds(tag) is None
    assert list_for_time_control(tag) == "standard"


@pytest.mark.parametrize(
    ("tag", "rated"),
    [
        ("60", False),  # 1 minute: bullet
        ("180", False),  # exactly 3 minutes: blitz is *more than* 3 minutes (rules.md §1.12)
        ("120+1", False),  # 2 min + 60 × 1 s = 180 s: 3 minutes, not more
        ("181", True),  # one second more than 3 minutes: blitz, rated
        ("180+2", True),  # 3 min + 60 × 2 s = 300 s = 5 minutes
        ("5400+30", True),
        (None, True),  # no tag: a standard game's, rated
        ("?", True),
    ],
)
def test_three_minutes_or_less_is_on_no_fide_list(tag: str | None, rated: bool) -> None:
    assert fide_rated(tag) is rated


def test_a_tiny_increment_game_is_blitz() -> None:
    # "5+3": 5 s + 60 × 3 s = 185 s, a valid S+I tag (odd, but it says how long the game is).
    assert list_for_time_control("5+3") == "blitz"


# --- names --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("in_file", "in_logbook"),
    [
        ("Costa, Ana", "Ana Costa"),  # PGN's "Surname, Given"
        ("Costa,Ana", "Ana Costa"),
        ("COSTA, ANA", "ana costa"),  # case
        ("Lévy, Bruno", "Bruno Levy"),  # accents either way
        ("Levy, Bruno", "Bruno Lévy"),
        ("Łukasz  Nowak", "łukasz nowak"),  # spaces; Ł has no combining mark, case folds
        ("Müller, Jörg", "Jorg Muller"),
        ("Da Silva, Maria José", "Maria José da Silva"),  # surnames of two words
        ("Strauß, Eva", "Eva STRAUSS"),  # casefold: ß is ss
        ("Ana Costa", "Ana Costa"),
    ],
)
def test_names_match_the_way_pgn_writes_them(in_file: str, in_logbook: str) -> None:
    assert same_player(in_file, in_logbook)


@pytest.mark.parametrize(
    ("in_file", "in_logbook"),
    [
        ("Costa, Ana", "Costa Ana"),  # no comma: the order is as written
        ("Costa, Anabel", "Ana Costa"),
        ("Costa, A.", "Ana Costa"),  # initials are not guessed
        ("Ana Costa Jr", "Ana Costa"),
    ],
)
def test_other_names_do_not_match(in_file: str, in_logbook: str) -> None:
    assert not same_player(in_file, in_logbook)


def test_name_key() -> None:
    assert name_key("  Costa ,  Ána ") == "ana costa"


def test_player_names_find_the_one_meant() -> None:
    names = PlayerNames(["Ana Costa", "Zoe", "Zo\u00e9", "Hugo Bernard"])
    assert names.find(" Ana Costa ") == "Ana Costa"
    assert names.find("costa,  ANA") == "Ana Costa"
    assert names.find("Zoe\u0301") == "Zo\u00e9"  # the decomposed form is the stored one
    with pytest.raises(NotFound, match="several players are named 'ZOE'"):
        names.find("ZOE")
    with pytest.raises(
        NotFound, match=r"^no player named 'Hugo Bernad'; did you mean 'Hugo Bernard'\?$"
    ):
        names.find("Hugo Bernad")
    assert names.alike("ANA COSTA") == ["Ana Costa"] and names.alike("Ana") == []


def test_a_file_of_many_unknown_names_gets_the_closest_only_for_the_first() -> None:
    # Comparing is slow with many players; past SUGGESTED_AT_MOST names, only "no player named".
    names = PlayerNames(["Ana Costa"])
    said = []
    for number in range(SUGGESTED_AT_MOST + 2):
        with pytest.raises(NotFound) as refused:
            names.find(f"Ana Costa {number:03d}")
        said.append("did you mean 'Ana Costa'?" in str(refused.value))
    assert said == [True] * SUGGESTED_AT_MOST + [False, False]


def test_names_listed_is_bounded() -> None:
    counts = Counter({f"Player {i:02d}": 1 for i in range(14)})
    counts["Costa, Ana"] = 9  # the most frequent first
    listed = names_listed(counts)
    # 15 names: the first 10 shown, then "and 5 more".
    assert listed == (
        "Costa, Ana, Player 00, Player 01, Player 02, Player 03, Player 04, Player 05, Player 06, "
        "Player 07, Player 08 and 5 more"
    )
    assert names_listed(Counter({"B": 1, "A": 1})) == "A, B"


# --- PGN import: list and names --------------------------------------------------------------------


def _game(white: str, black: str, date: str, tc: str | None, result: str = "1-0") -> str:
    tags = [("Event", "Club"), ("Date", date), ("White", white), ("Black", black),
            ("Result", result), ("WhiteElo", "1800"), ("BlackElo", "1750")]  # fmt: skip
    if tc is not None:
        tags.append(("TimeControl", tc))
    return "".join(f'[{name} "{value}"]\n' for name, value in tags) + f"\n1. e4 {result}\n\n"


PGN = (
    _game("Costa, Ana", "Rossi, Luca", "2024.03.01", "180+2")  # blitz
    + _game("Rossi, Luca", "COSTA, ÁNA", "2024.03.02", "900+10", "0-1")  # rapid, Ana wins as Black
    + _game("Costa, Ana", "Moreau, Léa", "2024.03.03", "40/5400+30:1800+30")  # standard
    + _game("Costa, Ana", "Petit, Jules", "2024.03.04", None)  # no tag: standard
    + _game("Weiss, Tom", "Rossi, Luca", "2024.03.05", "600")  # not Ana's
)
BULLET = _game("Costa, Ana", "Rossi, Luca", "2024.03.06", "60+0")  # 1 minute: on no FIDE list


@pytest.fixture
def pgn_file(tmp_path: Path) -> Path:
    path = tmp_path / "games.pgn"
    path.write_text(PGN, encoding="utf-8")
    return path


def test_pgn_import_reads_the_list_from_time_control(repo: Repository, pgn_file: Path) -> None:
    ana = repo.add_player("Ana Costa")
    summary = import_pgn(repo, pgn_file, player="Ana Costa")
    assert summary.imported == 4
    games = repo.list_games(ana.id, newest_first=False)
    assert [(g.opponent, g.rating_list, float(g.score)) for g in games] == [
        ("Rossi, Luca", "blitz", 1.0),
        ("Rossi, Luca", "rapid", 1.0),
        ("Moreau, Léa", "standard", 1.0),
        ("Petit, Jules", "standard", 1.0),
    ]
    assert repo.count_games_by_list(ana.id) == {"standard": 2, "rapid": 1, "blitz": 1}


def test_a_bullet_game_is_kept_as_not_rated(repo: Repository, tmp_path: Path) -> None:
    ana = repo.add_player("Ana Costa")
    path = tmp_path / "bullet.pgn"
    path.write_text(PGN + BULLET, encoding="utf-8")
    # Whatever list the import is told, 1 minute is on none: kept, not rated.
    assert import_pgn(repo, path, player="Ana Costa", rating_list="blitz").imported == 5
    games = repo.list_games(ana.id, newest_first=False)
    assert [g.rated for g in games] == [True, True, True, True, False]
    assert games[-1].date.isoformat() == "2024-03-06"


def test_pgn_import_list_override(repo: Repository, pgn_file: Path) -> None:
    ana = repo.add_player("Ana Costa")
    assert import_pgn(repo, pgn_file, player="Ana Costa", rating_list="rapid").imported == 4
    assert repo.count_games_by_list(ana.id) == {"standard": 0, "rapid": 4, "blitz": 0}


def test_pgn_import_with_no_game_of_the_player_lists_the_names(
    repo: Repository, pgn_file: Path
) -> None:
    repo.add_player("Anna Costa")  # a typo for Ana
    with pytest.raises(ImportFailed) as failed:
        import_pgn(repo, pgn_file, player="Anna Costa")
    # The names as written, by games: "Costa, Ana" 3 (games 1, 3, 4), "Rossi, Luca" 3 (1, 2, 5),
    # then one game each in alphabetical order ("COSTA, ÁNA" is written another way: its own entry).
    (line,) = failed.value.errors
    assert line == (
        f"{pgn_file}: no game of 'Anna Costa' (names compared as PGN writes them, case and "
        "accents ignored); the file's players: Costa, Ana, Rossi, Luca, COSTA, ÁNA, "
        "Moreau, Léa, Petit, Jules, Weiss, Tom"
    )
    assert repo.count_games() == 0
