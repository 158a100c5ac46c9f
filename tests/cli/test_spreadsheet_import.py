"""A CSV file as a spreadsheet saves it imports in one command: a French one (`;`, JJ/MM/AAAA,
0,5, Windows-1252) with `--add-players`; what the file does not tell is refused with a hint. A PGN
without `--player` takes every logbook player's games; a long import reports its progress."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr
from pathlib import Path
from typing import Any

import pytest

from elotui.cli import main
from elotui.logbook import csv_io, files
from tests.conftest import run_cli

# What LibreOffice or Excel in French write for "CSV (séparateur : point-virgule)": `;` between
# cells, day first, a decimal comma, Windows-1252 (é is 0xE9, œ 0x9C, € would be 0x80), CRLF.
FRENCH = (
    "player;date;opponent;opponent_rating;result;event\r\n"
    "Hélène Dubœuf;05/10/2026;Jérôme Lefèvre;1850;0,5;Open d'Été\r\n"
    "Hélène Dubœuf;25/10/2026;Zoé Müller;1790;1;Open d'Été\r\n"
).encode("cp1252")


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db_address: str) -> str:
    monkeypatch.setenv("ELOTUI_HOME", str(tmp_path / "home"))
    return db_address


def games_of(db: str, player: str) -> list[dict[str, Any]]:
    code, out, err = run_cli(
        "game", "list", "--player", player, "--oldest-first", "--json", "--db", db
    )
    assert code == 0, err
    games: list[dict[str, Any]] = json.loads(out)["games"]
    return games


def test_a_french_spreadsheet_csv_imports_in_one_command(tmp_path: Path, db: str) -> None:
    path = tmp_path / "tournoi.csv"
    path.write_bytes(FRENCH)
    code, out, err = run_cli("import", str(path), "--add-players", "--db", db)
    assert code == 0, err
    assert out.splitlines() == [
        "added player Hélène Dubœuf",
        f"imported 2 game(s) from {path} (Hélène Dubœuf 2)",
    ]
    assert err.splitlines() == [
        f"warning: {path}: not UTF-8, read as Windows-1252",
        f"warning: {path}: dates read as day/month/year (DD/MM/YYYY)",  # 25/10: day first
    ]
    games = games_of(db, "Hélène Dubœuf")
    assert [(g["date"], g["opponent_name"], g["score"], g["event"]) for g in games] == [
        ("2026-10-05", "Jérôme Lefèvre", 0.5, "Open d'Été"),
        ("2026-10-25", "Zoé Müller", 1.0, "Open d'Été"),
    ]


def test_without_add_players_nothing_is_imported(tmp_path: Path, db: str) -> None:
    path = tmp_path / "tournoi.csv"
    path.write_bytes(FRENCH)
    code, out, err = run_cli("import", str(path), "--db", db)
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == "elotui: nothing imported (2 problems)"
    assert run_cli("player", "list", "--json", "--db", db)[1].count('"name"') == 0


def test_dates_that_do_not_tell_day_from_month_are_refused_with_a_hint(
    tmp_path: Path, db: str
) -> None:
    assert run_cli("player", "add", "Ana", "--db", db)[0] == 0
    path = tmp_path / "ambigu.csv"
    path.write_bytes(b"player;date;opponent_rating;result\r\nAna;05/10/2026;1850;1\r\n")
    code, out, err = run_cli("import", str(path), "--db", db)
    assert (code, out) == (2, "")
    assert (
        f"{path}: dates like 05/10/2026 may be day/month or month/day (none over 12 tells);"
        " write them as YYYY-MM-DD, or give --date-order dmy|mdy"
    ) in err
    assert games_of(db, "Ana") == []
    assert run_cli("import", str(path), "--date-order", "dmy", "--db", db)[0] == 0
    assert [g["date"] for g in games_of(db, "Ana")] == ["2026-10-05"]
    mixed = tmp_path / "mixed.csv"
    mixed.write_bytes(
        b"player,date,opponent_rating,result\nAna,25/10/2026,1850,1\nAna,10/25/2026,1850,1\n"
    )
    code, _, err = run_cli("import", str(mixed), "--db", db)
    assert code == 2 and "some dates put the day first, others the month" in err


def test_bytes_neither_utf8_nor_windows_1252_are_refused(tmp_path: Path, db: str) -> None:
    assert run_cli("player", "add", "Ana", "--db", db)[0] == 0
    path = tmp_path / "odd.csv"
    path.write_bytes(b"player,date,opponent_rating,result\nAna\x81,2026-10-05,1850,1\n")  # 0x81
    code, _, err = run_cli("import", str(path), "--db", db)
    assert code == 2
    assert f"{path}:2: neither UTF-8 nor Windows-1252 text (save it as UTF-8)" in err


def test_import_help_documents_the_columns() -> None:
    code, out, _ = run_cli("import", "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "player, date, opponent, opponent_rating, result, event, event_start, event_end," in text
    assert "DD/MM/YYYY" in text and "Windows-1252" in text


PGN = """\
[Event "Club"]
[Date "2024.03.01"]
[White "Alice"]
[Black "Costa, Ana"]
[Result "1-0"]
[WhiteElo "1700"]
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


def test_a_pgn_without_player_takes_every_logbook_players_games(tmp_path: Path, db: str) -> None:
    for name in ("Alice", "Ana Costa", "Bea"):
        assert run_cli("player", "add", name, "--db", db)[0] == 0
    path = tmp_path / "club.pgn"
    path.write_text(PGN, encoding="utf-8")
    code, out, err = run_cli("import", str(path), "--db", db)
    assert code == 0, err
    # Alice: her win over Ana and her draw with Carl; Ana: her loss to Alice, from her side.
    assert out == (
        f"imported 3 game(s) from {path} (Alice 2, Ana Costa 1)\n"
        "skipped 1: games without the player\n"
    )
    assert [(g["opponent_name"], g["score"]) for g in games_of(db, "Ana Costa")] == [("Alice", 0.0)]
    nobody = tmp_path / "others.pgn"
    nobody.write_text(
        PGN.split("[Event", 3)[0] + "[Event" + PGN.split("[Event", 3)[3], encoding="utf-8"
    )
    code, out, err = run_cli("import", str(nobody), "--db", db)
    assert (code, out) == (2, "")
    assert "no game of a logbook player" in err and "Dora" in err


def test_a_long_import_reports_its_progress() -> None:
    # Two reports for 2 × PROGRESS_ROWS rows, at the end of each batch, within the text's size.
    rows = "".join("Ana,2026-10-05,1850,1\n" for _ in range(2 * csv_io.PROGRESS_ROWS))
    text = "player,date,opponent_rating,result\n" + rows
    heard: list[tuple[int, int]] = []
    csv_io.parse_games_csv(
        io.StringIO(text, newline=""), "big.csv", {"Ana": 1},
        progress=lambda done, size: heard.append((done, size)),
    )  # fmt: skip
    assert len(heard) == 2
    assert all(0 < done <= size == len(text) for done, size in heard)
    assert heard[0][0] < heard[1][0]


def test_the_cli_asks_for_progress_only_on_a_terminal(
    tmp_path: Path, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run_cli("player", "add", "Ana", "--db", db)[0] == 0
    path = tmp_path / "one.csv"
    path.write_text("player,date,opponent_rating,result\nAna,2026-10-05,1850,1\n")
    asked: list[object] = []
    real = files.import_file

    def spy(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs["progress"])
        return real(*args, **kwargs)

    monkeypatch.setattr(files, "import_file", spy)
    assert run_cli("import", str(path), "--db", db)[0] == 0  # stderr captured: not a terminal
    terminal = Terminal()
    with redirect_stderr(terminal):
        assert main(["import", str(path), "--keep-duplicates", "--db", db]) == 0, (
            terminal.getvalue()
        )
    assert asked[0] is None and callable(asked[1])


class Terminal(io.StringIO):
    """A stderr that says it is a terminal."""

    def isatty(self) -> bool:
        return True
