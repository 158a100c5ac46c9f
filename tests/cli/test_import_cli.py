"""`elotui import` through `elotui.cli.main`: games already in the logbook are skipped, and one line
says so (exit 0); `--keep-duplicates` imports every row; a bad row still refuses the whole file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_cli

HEADER = (
    "player,date,opponent,opponent_rating,result,event,event_start,event_end,own_rating,rated\n"
)
GAMES = [
    "Alice,2024-03-01,Bob,1600,1,Open,2024-03-01,2024-03-02,,yes\n",
    "Alice,2024-03-02,,,0.5,,,,,no\n",
    "Alice,2024-03-03,Carl,1700,0,,,,1500,\n",
]
PGN = """\
[Event "Club"]
[Date "2024.03.01"]
[White "Alice"]
[Black "Bob"]
[Result "1-0"]
[BlackElo "1600"]

1. e4 1-0

[Event "Club"]
[Date "2024.03.08"]
[White "Carl"]
[Black "Alice"]
[Result "1/2-1/2"]

1. d4 1/2-1/2

[Event "Club"]
[Date "2024.03.09"]
[White "Dora"]
[Black "Eve"]
[Result "1-0"]

1. c4 1-0
"""


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db_address: str) -> str:
    """Alice's logbook, on each backend (`db_address`, tests/conftest.py)."""
    monkeypatch.setenv("ELOTUI_HOME", str(tmp_path / "home"))
    assert run_cli("player", "add", "Alice", "--db", db_address)[0] == 0
    return db_address


def games(capsys: pytest.CaptureFixture[str], db: str) -> int:
    code, out, _ = run_cli("game", "list", "--player", "Alice", "--json", "--db", db)
    assert code == 0
    return len(json.loads(out)["games"])


def csv_file(tmp_path: Path, name: str, *rows: str) -> Path:
    path = tmp_path / name
    path.write_text(HEADER + "".join(rows), encoding="utf-8")
    return path


def test_reimport_says_nothing_was_imported(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: str
) -> None:
    path = csv_file(tmp_path, "games.csv", *GAMES)
    assert run_cli("import", str(path), "--db", db) == (
        0,
        f"imported 3 game(s) from {path} (Alice 3)\n",
        "",
    )
    assert run_cli("import", str(path), "--db", db) == (
        0,
        f"nothing imported from {path}: all 3 games are already in the logbook\n",
        "",
    )
    assert games(capsys, db) == 3


def test_partly_new_file_says_how_many_were_skipped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: str
) -> None:
    run_cli("import", str(csv_file(tmp_path, "old.csv", *GAMES[:2])), "--db", db)
    path = csv_file(tmp_path, "all.csv", *GAMES)
    assert run_cli("import", str(path), "--db", db) == (
        0,
        f"imported 1 game(s) from {path} (Alice 1; 2 already in the logbook, skipped)\n",
        "",
    )
    assert games(capsys, db) == 3


def test_a_single_game_already_there(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: str
) -> None:
    path = csv_file(tmp_path, "one.csv", GAMES[0])
    run_cli("import", str(path), "--db", db)
    assert run_cli("import", str(path), "--db", db) == (
        0,
        f"nothing imported from {path}: its game is already in the logbook\n",
        "",
    )


def test_json_output_counts_the_games_already_there(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: str
) -> None:
    run_cli("import", str(csv_file(tmp_path, "old.csv", GAMES[1])), "--db", db)
    path = csv_file(tmp_path, "all.csv", *GAMES)
    code, out, err = run_cli("import", str(path), "--db", db, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "file": str(path),
        "imported": 2,
        "players": {"Alice": 2},
        "skipped": 1,
        "skipped_reasons": {"games already in the logbook": 1},
        "already_in_logbook": 1,
        "players_added": [],  # a TRF import's --add-players
        "warnings": [],  # what a TRF import had to assume
    }


def test_keep_duplicates_imports_every_row(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: str
) -> None:
    path = csv_file(tmp_path, "games.csv", *GAMES)
    run_cli("import", str(path), "--db", db)
    assert run_cli("import", str(path), "--keep-duplicates", "--db", db) == (
        0,
        f"imported 3 game(s) from {path} (Alice 3)\n",
        "",
    )
    assert games(capsys, db) == 6


def test_a_bad_row_among_duplicates_still_refuses_the_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, db: str
) -> None:
    run_cli("import", str(csv_file(tmp_path, "games.csv", *GAMES)), "--db", db)
    path = csv_file(tmp_path, "bad.csv", *GAMES, "Alice,2024-03-04,,1600,3,,,,,\n")
    assert run_cli("import", str(path), "--db", db) == (
        2,
        "",
        f"{path}:5: result: expected 1, 0.5 or 0, not '3'\nelotui: nothing imported (1 problem)\n",
    )
    assert games(capsys, db) == 3


def test_pgn_reimport(capsys: pytest.CaptureFixture[str], tmp_path: Path, db: str) -> None:
    path = tmp_path / "games.pgn"
    path.write_text(PGN, encoding="utf-8")
    argv = ("import", str(path), "--player", "Alice", "--db", db)
    assert run_cli(*argv) == (
        0,
        f"imported 2 game(s) from {path} (Alice 2)\nskipped 1: games without the player\n",
        "",
    )
    assert run_cli(*argv) == (
        0,
        f"nothing imported from {path}: all 2 games are already in the logbook\n"
        "skipped 1: games without the player\n",
        "",
    )
    assert run_cli(*argv, "--keep-duplicates")[:2] == (
        0,
        f"imported 2 game(s) from {path} (Alice 2)\nskipped 1: games without the player\n",
    )
    assert games(capsys, db) == 4


TRF_LINES = [
    "012 Club Open",
    "042 2024/08/01",
    "052 2024/08/02",
    "122 90 minutes + 30 seconds per move",
]


def trf_file(tmp_path: Path, *extra: str) -> Path:
    """Alice (rank 1, FIDE id 1234567) beats Bob, then a bye; Bob has a forfeit win in round 2."""
    from tests.trf_lines import player_line

    path = tmp_path / "open.trf"
    lines = [
        *TRF_LINES,
        player_line(
            1, "Alice", rating=1600, fide_id=1234567, rounds=[(2, "w", "1"), ("", "", "H")]
        ),
        player_line(2, "Smith, Bob", rating=1700, rounds=[(1, "b", "0"), (3, "w", "+")]),
        player_line(3, "Jones, Carl", rounds=[("", "", "U"), (2, "b", "-")]),
        *extra,
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_trf_import_for_the_club(tmp_path: Path, db: str) -> None:
    assert run_cli("player", "add", "Bob Smith", "--db", db)[0] == 0  # no FIDE id: not the club's
    assert run_cli("player", "edit", "Alice", "--fide-id", "1234567", "--db", db)[0] == 0
    path = trf_file(tmp_path)
    assert run_cli("import", str(path), "--club", "--db", db) == (
        0,
        f"imported 1 game(s) from {path} (Alice 1)\nskipped 1: byes\n",
        f"warning: {path}: no round dates (line 132): the games are dated 2024-08-02, the "
        "event's end\n",
    )
    code, out, _ = run_cli("import", str(path), "--db", db)  # default: Alice and Bob by name
    assert code == 0
    assert out == (
        f"imported 1 game(s) from {path} (Bob Smith 1; 1 already in the logbook, skipped)\n"
        "skipped 1: byes\nskipped 1: forfeits\n"
    )


def test_trf_add_players_and_refusals(tmp_path: Path, db: str) -> None:
    path = trf_file(tmp_path)
    code, out, _ = run_cli("import", str(path), "--start-rank", "2", "--add-players", "--db", db)
    assert (code, out.splitlines()[0]) == (0, "added player Bob Smith")
    for argv, message in [
        (["--club", "--player", "Alice"], "--club takes every logbook player in the file"),
        (["--add-players"], "--add-players adds the player named by --player"),
    ]:
        code, out, err = run_cli("import", str(path), *argv, "--db", db)
        assert (code, out) == (2, "")
        assert message in err
    csv = csv_file(tmp_path, "games.csv", *GAMES)
    code, _, err = run_cli("import", str(csv), "--club", "--db", db)
    assert code == 2
    assert "--fide-id, --start-rank and --club are for TRF imports" in err


def test_trf_bad_line_imports_nothing(tmp_path: Path, db: str) -> None:
    path = trf_file(tmp_path, "001    4      Bad, Line".ljust(91) + "   2 x 1")  # column 97: x
    assert run_cli("import", str(path), "--db", db) == (
        2,
        "",
        f"{path}:8: round 1: colour 'X' is not w, b or -\nelotui: nothing imported (1 problem)\n",
    )
