"""A TRF read for its rating report (elotui.logbook.tournament_file): the two real sample files checked
by hand for three players each, every finding of the file check at its line, K from a FIDE list file
and from the logbook, and a logbook player's period with the cap across its events."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest

from elotui.logbook.records import NewGame
from elotui.logbook.repository import Repository
from elotui.logbook.tournament_file import TournamentUnreadable, read_tournament
from tests.logbook.fide_list_files import SINGLE_APR25, row, txt
from tests.trf_lines import Round, header, player_line, round_dates_line

SAMPLES = Path(__file__).parent / "trf_samples"
FIDE_2005 = SAMPLES / "fide-example-2005.trf"
LICHESS_2020 = SAMPLES / "lichess-swiss-2020.trf"


def test_fide_example_three_players_by_hand() -> None:
    # 042 "28. 07. 2005": before the first modelled rules, S2006 (350 limit); 122 "40/120, 60":
    # standard. PD of table 8.1.2 by D (after the limit), W − We per game:
    read = read_tournament(FIDE_2005)
    assert (read.rating_list, read.report.rules.name, read.findings) == ("standard", "S2006", ())
    players = {player.rank: player for player in read.report.players}
    # Line 14, Vasquez 2558: 141 (1895) 1, 78 (2079) 1, 42 (2149) 1: D 663, 479, 409 → 350, We .89,
    # +.11 each; 21 (2302) 1: D 256, .81, +.19; 16 (2346) 1: D 212, .77, +.23; 25 (2251) =: D 307,
    # .86, −.36; 31 (2219) =: D 339, .88, −.38. N 7, W 6, chg +.33 + .19 + .23 − .74 = +0.01.
    # Line 15, Milov 2482: 142 (1893) 1 and 77 (2079) 1: D 589, 403 → 350, +.11 each; 43 (2147) 1:
    # D 335, .88, +.12; 25 (2251) 0: D 231, .79, −.79; 40 (2153) 1: D 329, .88, +.12; 24 (2287) 0:
    # D 195, .75, −.75; 66 (2099) 1: D 383 → 350, +.11. N 7, W 5, chg .57 − 1.54 = −0.97.
    # Line 16, Grabarczyk 2464: 143 (1884) 1 and 80 (2076) 1: D 580, 388 → 350, +.11 each; 44
    # (2145) 1: D 319, .87, +.13; 22 (2302) 1: D 162, .71, +.29; 31 (2219) =: D 245, .80, −.30;
    # 5 (2451) =: D 13, .52, −.02; 14 (2362) 1: D 102, .64, +.36. N 7, W 6, chg = +0.68.
    assert [(players[r].n, players[r].w, players[r].chg) for r in (1, 2, 3)] == [
        (7, Fraction(6), 1), (7, Fraction(5), -97), (7, Fraction(6), 68),
    ]  # fmt: skip
    # K 10 from the file (2400+, 30 games assumed: K 10 needed them before 2014-07): −9.70 → −10.
    assert (players[2].k, players[2].k_chg, players[2].k_chg_rounded) == (10, -970, -10)


def test_lichess_three_players_by_hand() -> None:
    # No rating on any line (columns 49-52 blank, 072 "0"): every player unrated and every opponent
    # too, so nobody has a game against a rated opponent: N 0, W 0, no chg and no first rating,
    # whatever they scored (line 15, mattderkuerschner, 8 points; line 16, noiretblanc, 7.5; line
    # 27, johnnydiggson, 1). The points columns add up (8 = 1+1+0+½+½+1+1+1+1+1): nothing found.
    read = read_tournament(LICHESS_2020)
    assert read.findings == ()
    players = {player.rank: player for player in read.report.players}
    for rank in (1, 2, 13):
        player = players[rank]
        assert (player.ro, player.n, player.w, player.chg) == (None, 0, Fraction(0), None)
        assert player.first_rating is not None and player.first_rating.rating is None
    assert len(players[1].games) == 10  # ten played rounds, all against unrated opponents
    assert read.warnings == (
        f"{LICHESS_2020}: no time control read (lines 222, 122): the games are on the standard "
        "list (--list says another)",
    )


def _write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "event.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _event(
    players: list[str], *, dates: list[str] | None = None, extra: list[str] | None = None
) -> list[str]:
    return [
        header("012", "Spring Open"),
        header("042", "2025/04/05"),
        header("052", "2025/04/06"),
        header("122", "90 min + 30 sec"),
        *(extra or []),
        round_dates_line(dates or ["25/04/05", "25/04/06"]),
        *players,
    ]


def test_each_finding_of_the_file_check_at_its_line(tmp_path: Path) -> None:
    rounds: dict[int, list[Round]] = {
        1: [(2, "w", "1"), (3, "b", "=")],  # round 2: 3's line shows a win (a draw expected)
        2: [(1, "b", "0"), (4, "-", "1")],  # round 2: a played win without a colour
        3: [(4, "w", "1"), (1, "w", "1")],
        4: [(3, "b", "+"), (2, "w", "0")],  # round 1: + against 3's played win
    }
    players = [
        player_line(1, "Alpha, Ana", rating=2000, fide_id=1001, points="1.5", rounds=rounds[1]),
        player_line(2, "Beta, Bea", rating=1900, fide_id=1002, points="2.0", rounds=rounds[2]),
        player_line(3, "Gamma, Gil", rating=1800, points="2.0", rounds=rounds[3]),  # no FIDE id
        player_line(4, "Delta, Dan", points="1.0", rounds=rounds[4]),
    ]
    # Lines: 012 1, 042 2, 052 3, 122 4, 062 5, 072 6, 132 7, players 8-11. 062 says 5 (4 lines),
    # 072 says 3 rated (1, 2, 3: right); round 2 dated 2025-04-07, after 052's 2025-04-06.
    extra = [header("062", "5"), header("072", "3")]
    path = _write(tmp_path, _event(players, dates=["25/04/05", "25/04/07"], extra=extra))
    read = read_tournament(path)
    # Points: line 9 says 2.0, its rounds give 0 + 1 = 1.0.
    assert read.findings == (
        f"{path}:5: 062 says 5 players; the file has 4",
        f"{path}:7: round 2 is dated 2025-04-07, outside the event's dates 2025-04-05 to "
        "2025-04-06 (042, 052)",
        f"{path}:8: round 2: Alpha, Ana has = against Gamma, Gil, whose line 10 has 1 (expected =)",
        f"{path}:9: Beta, Bea: points 2.0 (columns 81-84), the rounds give 1.0",
        f"{path}:9: round 2: Beta, Bea has a played result (1) without a colour: a forfeit "
        "written as a game?",
        f"{path}:10: Gamma, Gil is rated 1800 but has no FIDE id (columns 58-68)",
        f"{path}:10: round 1: Gamma, Gil has 1 against Delta, Dan, whose line 11 has +: a forfeit "
        "written as a played game on one side",
    )
    assert len(read.report.players) == 4  # the report is still made


def test_a_pairing_the_other_line_does_not_show(tmp_path: Path) -> None:
    players = [
        player_line(1, "Alpha, Ana", rating=2000, fide_id=1, points="1.0", rounds=[(2, "w", "1")]),
        player_line(2, "Beta, Bea", rating=1900, fide_id=2, points="0.0", rounds=[(0, "-", "Z")]),
    ]
    path = _write(tmp_path, _event(players, dates=["25/04/05"]))
    assert read_tournament(path).findings == (
        f"{path}:6: round 1: Alpha, Ana played Beta, Bea (rank 2), whose line 7 names another "
        "opponent",
    )


def test_no_date_at_all_is_refused_with_the_reason(tmp_path: Path) -> None:
    path = _write(tmp_path, [player_line(1, "Alpha, Ana", rating=2000, points="0.0")])
    with pytest.raises(TournamentUnreadable) as refused:
        read_tournament(path)
    assert refused.value.headline == (
        f"{path}: no date of the event (042, 052, 132): the rules in force cannot be chosen"
    )


def _pair(tmp_path: Path) -> Path:
    """Ana (2000, FIDE id 1001) beats Bea (1900, 1002) and draws Cy (unrated) on 2025-04-05/06."""
    players = [
        player_line(1, "Costa, Ana", rating=2000, fide_id=1001, birth="1990/01/01", points="1.5",
                    rounds=[(2, "w", "1"), (3, "b", "=")]),
        player_line(2, "Berg, Bea", rating=1900, fide_id=1002, points="0.0",
                    rounds=[(1, "b", "0"), (0, "-", "Z")]),
        player_line(3, "Dias, Cy", points="0.5", rounds=[(0, "-", "Z"), (1, "w", "=")]),
    ]  # fmt: skip
    return _write(tmp_path, _event(players))


def test_k_from_a_fide_list_file_then_given_then_the_file(tmp_path: Path) -> None:
    path = _pair(tmp_path)
    listed = tmp_path / "standard_apr25frl.txt"
    listed.write_bytes(
        txt([SINGLE_APR25, row(SINGLE_APR25, {"ID Number": "1001", "Name": "Costa, Ana",
                                              "APR25": "2000", "Gms": "5", "K": "40"})])
    )  # fmt: skip
    read = read_tournament(path, list_file=listed, fixed_k=15)
    by_rank = {player.rank: player for player in read.report.players}
    assert (by_rank[1].k, by_rank[1].k_source) == (40, "list")
    assert by_rank[1].k_reason == "on the 2025-04 list (standard_apr25frl.txt)"
    assert (by_rank[2].k, by_rank[2].k_source) == (15, "given")
    # Ana: beat 1900 (D 100, We .64, +.36); the draw with unrated Cy is not counted. K 40: +14.40.
    assert (by_rank[1].n, by_rank[1].chg, by_rank[1].k_chg, by_rank[1].k_chg_rounded) == (
        1, 36, 1440, 14,
    )  # fmt: skip
    without = read_tournament(path)
    assert {p.rank: p.k_source for p in without.report.players} == {1: "file", 2: "file", 3: None}


def test_a_logbook_player_gets_the_logbooks_k_and_the_period_with_its_cap(
    tmp_path: Path, repo: Repository
) -> None:
    # Ana in the logbook: 2000 from the start, 30+ games before, born 1990: K 20 (S2024). In the
    # same period (April 2025, a monthly period) she played 34 other rated games at the club
    # ("Club", 2025-04-01 to 2025-04-03), draws against 2000: ΔR 0 each. With the event's 1 game
    # (the win over 1900, +.36): n 35, K 20 × 35 = 700, no cut; one more would cut it. So add 35:
    # n 36, K 700 // 36 = 19: the period's change 19 × .36 = 6.84 → +7, against this tournament's
    # K·chg of 20 × .36 = +7.20.
    ana = repo.add_player("Ana Costa", start_rating=2000, fide_id=1001, games_before=40,
                          birth_year=1990)  # fmt: skip
    for day in range(35):
        repo.add_game(ana.id, NewGame(date=dt.date(2025, 4, 1 + day % 3), opponent_rating=2000,
                                      score=Fraction(1, 2), event="Club"))  # fmt: skip
    read = read_tournament(_pair(tmp_path), repository=repo)
    ana_report = read.report.players[0]
    assert (ana_report.k, ana_report.k_source, ana_report.k_chg) == (20, "logbook", 720)
    (context,) = read.contexts
    assert (context.rank, context.player, context.period.period) == (1, "Ana Costa", "2025-04")
    assert (context.period.n, context.period.k, context.period.k_applied) == (36, 20, 19)
    assert (context.period.change_hundredths, context.period.change_rounded) == (684, 7)
    assert (context.event_games, context.event_change, context.already_in_logbook) == (
        1, 684, False,
    )  # fmt: skip
    assert [(other.event, other.games) for other in context.others] == [("Club", 35)]
