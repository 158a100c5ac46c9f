"""Issue 17 items 4 and 7: imports never crash nor damage silently; clear words for clear states.

Encodings: elotui reads UTF-8, with or without a BOM, and refuses everything else with
`FILE:LINE: not UTF-8` (the line counted from the file's own bytes), UTF-16/32 by their BOM.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from .conftest import count_rows, game_rows, logbook_with_player, one_line_error, run_cli, write_csv


@pytest.fixture
def logbook(tmp_path: Path) -> Path:
    return logbook_with_player(tmp_path / "logbook.db", "Alice")


def _import(logbook: Path, path: Path, *argv: str) -> tuple[int, str, str]:
    return run_cli("import", str(path), "--db", str(logbook), *argv)


# --- item 4: no traceback, no silent damage --------------------------------------------------------


def test_json_with_a_huge_integer_is_refused_in_words(logbook: Path, tmp_path: Path) -> None:
    # Today: a traceback (int() of more than 4300 digits raises a ValueError, not a JSONDecodeError).
    path = tmp_path / "big.json"
    path.write_text('{"format": "elotui-logbook", "version": ' + "9" * 5000 + "}")
    code, _, err = _import(logbook, path)
    assert code == 2 and "Traceback" not in err, err
    assert f"{path}: not a usable JSON document" in err
    assert max(len(line) for line in err.splitlines()) < 300


def test_windows_1252_pgn_is_refused_with_its_line(logbook: Path, tmp_path: Path) -> None:
    # Today it is read with errors="replace": the name becomes `M\ufffdller` without a word.
    path = tmp_path / "cp1252.pgn"
    text = (
        '[Event "Club"]\n[Date "2026.01.05"]\n[White "Alice"]\n[Black "Müller"]\n[Result "1-0"]\n'
    )
    path.write_bytes(text.encode("cp1252") + b"\n1. e4 1-0\n")
    code, _, err = _import(logbook, path, "--player", "Alice")
    assert code == 2 and f"{path}:4: not UTF-8" in err, err  # ü is on line 4
    assert count_rows(logbook) == 0


def test_utf16_pgn_is_refused_not_skipped(logbook: Path, tmp_path: Path) -> None:
    # Today a UTF-16 file reports "skipped N" and exits 0.
    path = tmp_path / "utf16.pgn"
    text = '[Event "Club"]\n[Date "2026.01.05"]\n[White "Alice"]\n[Black "Bob"]\n[Result "1-0"]\n'
    path.write_bytes(text.encode("utf-16"))
    code, _, err = _import(logbook, path, "--player", "Alice")
    assert code == 2 and f"{path}:1: UTF-16 text, not UTF-8" in err, err


def test_binary_pgn_is_refused(logbook: Path, tmp_path: Path) -> None:
    path = tmp_path / "binary.pgn"
    path.write_bytes(b'[Event "x"]\n\x00\x01\x02\x03' * 10)
    code, _, err = _import(logbook, path, "--player", "Alice")
    assert code == 2 and f"{path}:2: binary data, not text" in err, err


def test_latin1_csv_line_is_counted_from_the_bytes(logbook: Path, tmp_path: Path) -> None:
    # Today the offset given is the decoder's chunk's ("byte N"), and no line. 3,000 good rows
    # first: far past any decoder chunk. The bad row is line 3,002 (the header is line 1).
    path = write_csv(tmp_path / "g.csv", game_rows(3000))
    with path.open("ab") as handle:
        handle.write("Alice,2026-01-05,Zoë,1600,1,,,,,yes\n".encode("latin-1"))
    code, _, err = _import(logbook, path)
    # Text that is not UTF-8 is read as Windows-1252 (a spreadsheet's): the row is then refused for
    # its fields, at its own line.
    assert code == 2 and f"{path}:3002: row: expected 12 fields" in err, err
    assert count_rows(logbook) == 0


def test_utf8_with_a_bom_is_read(logbook: Path, tmp_path: Path) -> None:
    path = write_csv(tmp_path / "g.csv", game_rows(2, opponent_prefix="Zoë"))
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    code, out, err = _import(logbook, path)
    assert code == 0 and "imported 2 game(s)" in out, err


def _drop(logbook: Path, table: str) -> None:
    connection = sqlite3.connect(logbook)
    connection.execute("PRAGMA foreign_keys = OFF")
    connection.execute(f"DROP TABLE {table}")
    connection.commit()
    connection.close()


TABLES = ("game", "player", "published_rating")  # the three tables of product.md's logbook


def test_the_schema_check_knows_every_table() -> None:
    from sqlmodel import SQLModel

    import elotui.logbook.models  # noqa: F401  (registers the tables)
    from elotui.logbook.schema import HEAD_TABLES

    assert set(TABLES) == HEAD_TABLES == set(SQLModel.metadata.tables)


@pytest.mark.parametrize("table", TABLES)
def test_a_dropped_table_is_damage_for_replay_and_upgrade(logbook: Path, table: str) -> None:
    # Today: a traceback on `replay`, and "up to date" from `db upgrade`.
    _drop(logbook, table)
    before = logbook.read_bytes()
    for argv in (("replay", "--player", "Alice"), ("db", "upgrade")):
        code, out, err = run_cli(*argv, "--db", str(logbook))
        assert code == 2 and out == "" and one_line_error(err), (argv, err)
        assert f"its table {table} is missing" in err
    assert logbook.read_bytes() == before


def test_problem_lines_are_bounded(logbook: Path, tmp_path: Path) -> None:
    # 500 bad rows: 50 lines, then one saying how many more, then the summary.
    rows = game_rows(500)
    for row in rows:
        row[4] = "2"  # not a result
    code, _, err = _import(logbook, write_csv(tmp_path / "g.csv", rows))
    lines = err.splitlines()
    assert code == 2 and len(lines) == 52, lines[-3:]
    assert lines[50] == "... and 450 more problems"
    assert lines[51] == "elotui: nothing imported (500 problems)"


def test_long_values_are_cut_and_newlines_escaped(logbook: Path, tmp_path: Path) -> None:
    rows = game_rows(2)
    rows[0][0] = "Mallory\nelotui: imported 999 game(s)"  # a fake success line
    rows[1][4] = "x" * 100_000
    code, _, err = _import(logbook, write_csv(tmp_path / "g.csv", rows))
    assert code == 2
    assert "\nelotui: imported" not in err and "Mallory\\nelotui" in err, err
    assert max(len(line) for line in err.splitlines()) < 400


# --- item 7: clear words ---------------------------------------------------------------------------


def test_a_lock_at_open_time_is_not_called_damage(logbook: Path) -> None:
    # Today: "is not a usable SQLite database (database is locked)". An EXCLUSIVE lock held by
    # another program stops even readers; elotui waits its busy timeout, then says so.
    holder = sqlite3.connect(logbook, isolation_level=None)
    holder.execute("PRAGMA journal_mode=DELETE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        code, _, err = run_cli("player", "add", "Bob", "--db", str(logbook))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert code == 2 and one_line_error(err), err
    assert "locked by another program; try again" in err and "not a usable" not in err


def test_an_unknown_revision_0000_is_not_from_a_newer_elotui(logbook: Path) -> None:
    connection = sqlite3.connect(logbook)
    connection.execute("UPDATE alembic_version SET version_num = '0000'")
    connection.commit()
    connection.close()
    code, _, err = run_cli("player", "list", "--db", str(logbook))
    assert code == 2 and one_line_error(err), err
    assert "newer" not in err and "no elotui ever wrote ('0000')" in err


def test_a_duplicate_published_month_names_the_file_and_where(tmp_path: Path) -> None:
    # Today: "that player already has a published rating for that month", no file, no place.
    document = {"format": "elotui-logbook", "version": 1, "players": [{
        "name": "Carol", "start_rating": 1500,
        "published": [{"month": "2024-04", "rating": 1510}, {"month": "2024-04", "rating": 1520}],
    }]}  # fmt: skip
    path = tmp_path / "p.json"
    path.write_text(json.dumps(document))
    code, _, err = run_cli("import", str(path), "--db", str(tmp_path / "logbook.db"))
    assert code == 2, err
    assert (
        f"{path}: players[0].published[1].month: 2024-04 is already given at "
        "players[0].published[0]" in err
    )
