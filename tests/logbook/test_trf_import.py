"""TRF import: both real sample files for one player and for the club, numbers checked by hand against
the files' own lines; whose games; the list from 222, else 122, else --list, else standard with a
warning; the dates from 132, else the event's with a warning; all or nothing; a second import adds
nothing; --add-players; UTF-8 else Latin-1."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest

from elotui.logbook.files import import_file
from elotui.logbook.import_report import ImportFailed
from elotui.logbook.records import InvalidData, NotFound
from elotui.logbook.repository import Repository
from elotui.logbook.trf_io import TrfPlayers, import_trf
from tests.trf_lines import header, player_line, round_dates_line

# Two real files, kept as they were published: FIDE's own example tournament and a lichess export.
SAMPLES = Path(__file__).parent / "trf_samples"
FIDE_2005 = SAMPLES / "fide-example-2005.trf"
LICHESS_2020 = SAMPLES / "lichess-swiss-2020.trf"


def _scores(repo: Repository, name: str) -> list[tuple[str | None, int | None, Fraction]]:
    player = repo.find_player(name)
    return [
        (game.opponent, game.opponent_rating, game.score)
        for game in sorted(repo.list_games(player.id), key=lambda game: game.id)
    ]


# --- the FIDE example of 2005 (284 players, 7 rounds, no round dates) ---------------------------


def test_fide_example_for_one_player(repo: Repository) -> None:
    repo.add_player("Rodrigo Vasquez")  # no FIDE id: found by name ("Vasquez,Rodrigo")
    summary = import_trf(repo, FIDE_2005, whose=TrfPlayers(player="rodrigo vasquez"))
    # Line 14: 141 w 1, 78 b 1, 42 w 1, 21 b 1, 16 w 1, 25 b =, 31 w = : 7 games, 6 points.
    assert summary.imported == 7
    assert summary.games_by_player == {"Rodrigo Vasquez": 7}
    games = _scores(repo, "Rodrigo Vasquez")
    assert sum(score for *_, score in games) == 6
    # Round 1: rank 141, "Storkebaum,Ulrike" rated 1895, a win; round 6: rank 25, Strohhaeker 2251, =.
    assert games[0] == ("Ulrike Storkebaum", 1895, Fraction(1))
    assert games[5] == ("Raoul Strohhaeker", 2251, Fraction(1, 2))
    game = repo.list_games(repo.find_player("Rodrigo Vasquez").id)[0]
    # No 132 dates: every game on the event's end, 052 "31. 07. 2005"; 042 "28. 07. 2005".
    assert (game.date, game.event_start, game.event_end) == (
        dt.date(2005, 7, 31), dt.date(2005, 7, 28), dt.date(2005, 7, 31),
    )  # fmt: skip
    assert (game.event, game.own_rating, game.rating_list, game.rated) == (
        "9. Karl-Mala-Gedenkturnier", 2558, "standard", True,  # 122 "40/120, 60": standard
    )  # fmt: skip
    assert summary.warnings == (
        f"{FIDE_2005}: no round dates (line 132): the games are dated 2005-07-31, the event's end",
    )
    again = import_trf(repo, FIDE_2005, whose=TrfPlayers(player="Rodrigo Vasquez"))
    assert (again.imported, again.already_in_logbook) == (0, 7)


def test_fide_example_for_the_club(repo: Repository) -> None:
    repo.add_player("Rodrigo Vasquez", fide_id=3400042)  # rank 1: 7 games
    repo.add_player("Klaus Klundt", fide_id=4600436)  # rank 12: 7 games, 5.5 points
    repo.add_player("Eduard Bakhmatov", fide_id=14103435)  # rank 13: 153 - - then blank
    repo.add_player("U. Storkebaum", fide_id=24611786)  # rank 141: found by id, not by name
    repo.add_player("Not There", fide_id=99999999)
    repo.add_player("Dieter Nodorp")  # in the file (rank 56) but --club goes by FIDE id only
    summary = import_trf(repo, FIDE_2005, whose=TrfPlayers(club=True))
    assert summary.games_by_player == {
        "Rodrigo Vasquez": 7,
        "Klaus Klundt": 7,
        "U. Storkebaum": 7,
    }
    assert summary.imported == 21
    # Bakhmatov: round 1 a forfeit loss (153 - -), rounds 2-7 blank: zero-point byes.
    assert summary.skipped == {"forfeits": 1, "byes": 6}
    assert sum(score for *_, score in _scores(repo, "Klaus Klundt")) == Fraction(11, 2)
    # Storkebaum's line: 1 b 0, 219 w =, 221 b 0, 235 w 1, 231 b 1, 191 w =, 278 b 0: 3 points.
    assert sum(score for *_, score in _scores(repo, "U. Storkebaum")) == 3
    assert _scores(repo, "U. Storkebaum")[0] == ("Rodrigo Vasquez", 2558, Fraction(0))
    assert repo.list_games(repo.find_player("Dieter Nodorp").id) == []
    again = import_trf(repo, FIDE_2005, whose=TrfPlayers(club=True))
    assert (again.imported, again.already_in_logbook) == (0, 21)


def test_without_a_choice_the_logbook_players_found_in_the_file(repo: Repository) -> None:
    repo.add_player("Dieter Nodorp")  # by name
    repo.add_player("Klaus Klundt", fide_id=4600436)  # by id
    summary = import_trf(repo, FIDE_2005)
    assert set(summary.games_by_player) == {"Dieter Nodorp", "Klaus Klundt"}


def test_no_logbook_player_in_the_file_lists_its_names(repo: Repository) -> None:
    repo.add_player("Zoe Nobody")
    with pytest.raises(ImportFailed) as refused:
        import_trf(repo, LICHESS_2020)
    assert refused.value.errors == [
        f"{LICHESS_2020}: no logbook player is in the file (found by FIDE id, else by name, case "
        "and accents ignored); the file's players: defrank, feyre17, hansimpech, johnnydiggson, "
        "liamyoda2007, mainspringer, mattderkuerschner, michaelwalz7, noiretblanc, nullkommaneun "
        "and 3 more"
    ]


# --- the lichess Swiss of 2020 (13 players, 10 rounds, no ratings, no FIDE ids) -----------------


def test_lichess_swiss_for_one_player(repo: Repository) -> None:
    repo.add_player("mattderkuerschner")
    summary = import_trf(
        repo, LICHESS_2020, whose=TrfPlayers(player="mattderkuerschner"), rating_list="blitz"
    )
    # 13 b 1, 4 w 1, 3 w 0, 6 b =, 9 w =, 10 b 1, 2 w 1, 5 b 1, 8 b 1, 7 w 1: 10 games, 8 points.
    assert summary.imported == 10
    games = repo.list_games(repo.find_player("mattderkuerschner").id)
    assert sum(game.score for game in games) == 8
    assert {(game.date, game.rating_list, game.opponent_rating) for game in games} == {
        (dt.date(2020, 5, 29), "blitz", None)  # 042/052 "May 29, 2020"; no 122: --list; unrated
    }
    assert _scores(repo, "mattderkuerschner")[0] == ("johnnydiggson", None, Fraction(1))


def test_lichess_swiss_byes_and_absences(repo: Repository) -> None:
    repo.add_player("Frank")
    summary = import_trf(repo, LICHESS_2020, whose=TrfPlayers(player="Frank", start_rank=5))
    # defrank: "H", then "-" with no opponent (absent), then 8 games: byes 2, no forfeit.
    assert (summary.imported, summary.skipped) == (8, {"byes": 2})
    assert summary.warnings[1].endswith("the games are dated 2020-05-29, the event's end")
    assert summary.warnings[0] == (
        f"{LICHESS_2020}: no time control read (lines 222, 122): the games are on the standard list "
        "(--list says another)"
    )


def test_lichess_swiss_for_the_club_has_no_fide_id(repo: Repository) -> None:
    repo.add_player("mattderkuerschner", fide_id=1)
    with pytest.raises(ImportFailed) as refused:
        import_trf(repo, LICHESS_2020, whose=TrfPlayers(club=True))
    assert refused.value.errors == [
        f"{LICHESS_2020}: no logbook player's FIDE id is in the file (0 of its 13 players have one)"
    ]


# --- built files ---------------------------------------------------------------------------------

TOURNAMENT = [
    header("012", "Porto Open"),
    header("042", "2024/08/01"),
    header("052", "2024/08/03"),
    header("122", "15 min + 10 sec"),  # 25 minutes: rapid
    round_dates_line(["24/08/01", "24/08/02", "24/08/03"]),
    player_line(1, "Costa, Ana", rating=1850, fide_id=1234567, birth="1990/05/01",
                rounds=[(2, "w", "1"), (3, "b", "="), (4, "w", "+")]),
    player_line(2, "Silva, Bruno", rating=1900, fide_id=7654321,
                rounds=[(1, "b", "0"), (4, "w", "W"), (3, "b", "1")]),
    player_line(3, "Dias, Carla", rating=0,
                rounds=[(4, "w", "1"), (1, "w", "="), (2, "w", "0")]),
    player_line(4, "Lévy, Zoé", rating=2010, fide_id=5555555, birth="2001",
                rounds=[(3, "b", "0"), (2, "b", "L"), (1, "b", "-")]),
]  # fmt: skip


def _write(tmp_path: Path, lines: list[str], *, encoding: str = "utf-8", end: str = "\n") -> Path:
    path = tmp_path / "porto.trf"
    path.write_bytes((end.join(lines) + end).encode(encoding))
    return path


def test_a_built_tournament_dated_by_round(repo: Repository, tmp_path: Path) -> None:
    repo.add_player("Ana Costa", fide_id=1234567)
    repo.add_player("Zoe Levy")  # "Lévy, Zoé": accents ignored
    summary = import_trf(repo, _write(tmp_path, TOURNAMENT))
    # Ana: r1 1 vs Silva 1900, r2 = vs Dias (unrated), r3 forfeit win; Zoé: r1 0 vs Dias, r2 a
    # game of less than one move, r3 forfeit loss.
    assert summary.games_by_player == {"Ana Costa": 2, "Zoe Levy": 1}
    assert summary.skipped == {"forfeits": 2, "games of less than one move": 1}
    assert summary.warnings == ()
    ana = sorted(repo.list_games(repo.find_player("Ana Costa").id), key=lambda game: game.date)
    assert [(g.date, g.opponent, g.opponent_rating, g.score, g.own_rating, g.rating_list)
            for g in ana] == [
        (dt.date(2024, 8, 1), "Bruno Silva", 1900, 1, 1850, "rapid"),
        (dt.date(2024, 8, 2), "Carla Dias", None, Fraction(1, 2), 1850, "rapid"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("time_control", "rating_list", "rated"),
    [
        ([header("222", "5400+30"), header("122", "5+3")], "standard", True),  # 222 first
        ([header("222", "?"), header("122", "5+3")], "blitz", True),  # 222 unreadable: 122
        ([header("122", "3 min")], "blitz", False),  # 3 minutes: on no list, not rated
        ([header("122", "40/120, 60")], "standard", True),
    ],
)
def test_the_list_from_222_else_122(
    repo: Repository, tmp_path: Path, time_control: list[str], rating_list: str, rated: bool
) -> None:
    repo.add_player("Ana Costa")
    lines = [line for line in TOURNAMENT if not line.startswith("122")] + time_control
    summary = import_trf(repo, _write(tmp_path, lines), whose=TrfPlayers(player="Ana Costa"),
                         rating_list="rapid")  # fmt: skip
    assert summary.warnings == ()
    games = repo.list_games(repo.find_player("Ana Costa").id)
    assert {(game.rating_list, game.rated) for game in games} == {(rating_list, rated)}


def test_a_bad_line_imports_nothing_and_adds_no_player(repo: Repository, tmp_path: Path) -> None:
    repo.add_player("Ana Costa", fide_id=1234567)
    lines = [*TOURNAMENT, player_line(5, "Bad, Line", rating="x", rounds=[(1, "w", "1")])]
    path = _write(tmp_path, lines)
    for whose in (TrfPlayers(club=True), TrfPlayers(fide_id=7654321, add_players=True)):
        with pytest.raises(ImportFailed) as refused:
            import_trf(repo, path, whose=whose)
        assert refused.value.errors == [f"{path}:10: rating: 'x' is not a number"]
    assert [player.name for player in repo.list_players()] == ["Ana Costa"]
    assert repo.list_games(repo.find_player("Ana Costa").id) == []


def test_add_players(repo: Repository, tmp_path: Path) -> None:
    path = _write(tmp_path, TOURNAMENT)
    summary = import_trf(repo, path, whose=TrfPlayers(fide_id=1234567, add_players=True))
    assert summary.players_added == ("Ana Costa",)
    ana = repo.find_player("Ana Costa")
    assert (ana.fide_id, ana.birth_year, ana.start_rating) == (1234567, 1990, 1850)
    assert summary.imported == 2
    again = import_trf(repo, path, whose=TrfPlayers(fide_id=1234567, add_players=True))
    assert (again.players_added, again.imported, again.already_in_logbook) == ((), 0, 2)


def test_one_player_by_start_rank_needs_a_logbook_player(repo: Repository, tmp_path: Path) -> None:
    path = _write(tmp_path, TOURNAMENT)
    with pytest.raises(NotFound, match=r"^Dias, Carla \(starting rank 3\) is not in the logbook"):
        import_trf(repo, path, whose=TrfPlayers(start_rank=3))
    with pytest.raises(ImportFailed, match="no player of starting rank 9"):
        import_trf(repo, path, whose=TrfPlayers(start_rank=9))
    with pytest.raises(InvalidData, match="--club takes every logbook player"):
        import_trf(repo, path, whose=TrfPlayers(club=True, start_rank=3))


@pytest.mark.parametrize(("encoding", "end"), [("utf-8", "\r\n"), ("latin-1", "\r")])
def test_latin1_and_line_ends(repo: Repository, tmp_path: Path, encoding: str, end: str) -> None:
    repo.add_player("Zoé Lévy")
    path = _write(tmp_path, TOURNAMENT, encoding=encoding, end=end)
    summary = import_trf(repo, path, whose=TrfPlayers(player="Zoé Lévy"))
    assert summary.imported == 1
    assert _scores(repo, "Zoé Lévy") == [("Carla Dias", None, Fraction(0))]


def test_import_file_takes_a_trf(repo: Repository, tmp_path: Path) -> None:
    """The app's path (`files.import_file` with no choice): every logbook player found in it."""
    repo.add_player("Bruno Silva")
    summary = import_file(repo, _write(tmp_path, TOURNAMENT), player="Someone Selected")
    assert summary.games_by_player == {"Bruno Silva": 2}
