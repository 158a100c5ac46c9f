"""Security basics: private files, reading only what was named, never running what was read.

Decisions (see also `elotui/logbook/paths.py` and `csv_io.py`):
- The database file, its `-wal`/`-shm` files and its backups are created `0600`, the folders elotui
  creates `0700`, whatever the umask. A file or folder that already exists keeps the mode its owner
  chose (elotui never loosens or tightens it behind the user's back).
- An import reads exactly the file named on the command line. A symbolic link named there is followed
  (the user named it); a folder, a FIFO, a device or a socket is refused before anything is read, so an
  import can neither block on a pipe nor read a device. No format elotui reads can name another file.
- Nothing is executed from an imported file: cells and tags are only compared, parsed as numbers or
  dates, or stored as text. A CSV export escapes text a spreadsheet would run as a formula (a leading
  `=`, `+`, `-`, `@`) with an apostrophe, which the import removes again: the round trip stays exact.
"""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elotui.logbook.csv_cells import FORMULA_START, escape_cell, unescape_cell
from elotui.logbook.csv_io import import_csv
from elotui.logbook.engine import make_engine
from elotui.logbook.paths import UnreadableFile, open_named_file
from elotui.logbook.repository import LogbookError, open_repository

from .conftest import game_rows, logbook_with_player, one_line_error, run_cli, write_csv


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def loose_umask() -> Iterator[None]:
    previous = os.umask(0)  # the most permissive: elotui must not rely on the user's umask
    try:
        yield
    finally:
        os.umask(previous)


# --- private files --------------------------------------------------------------------------------


def test_new_logbook_folder_and_files_are_private(
    tmp_path: Path, loose_umask: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The data folder (the only one elotui creates) two levels deep.
    monkeypatch.setenv("ELOTUI_HOME", str(tmp_path / "home" / "deeper"))
    db = tmp_path / "home" / "deeper" / "elotui.db"
    code, _, err = run_cli("player", "add", "Alice", "--db", str(db))
    assert code == 0, err
    assert _mode(db) == 0o600
    assert _mode(db.parent) == 0o700 and _mode(db.parent.parent) == 0o700
    engine = make_engine(db)
    try:
        with engine.connect() as connection:  # while a connection is open, the WAL files exist
            connection.exec_driver_sql("SELECT count(*) FROM player").scalar_one()
            for suffix in ("-wal", "-shm"):
                assert _mode(Path(f"{db}{suffix}")) == 0o600, suffix
    finally:
        engine.dispose()


def test_existing_file_and_folder_keep_their_modes(tmp_path: Path, loose_umask: None) -> None:
    folder = tmp_path / "shared"
    folder.mkdir(mode=0o755)
    db = logbook_with_player(folder / "logbook.db")
    db.chmod(0o640)
    assert run_cli("player", "add", "Bob", "--db", str(db))[0] == 0
    assert _mode(db) == 0o640 and _mode(folder) == 0o755


# --- reading only what was named ------------------------------------------------------------------


@pytest.fixture
def logbook(tmp_path: Path) -> Path:
    return logbook_with_player(tmp_path / "logbook.db", "Alice")


def _refused(logbook: Path, file: Path, reason: str) -> None:
    before = logbook.read_bytes()
    code, out, err = run_cli("import", str(file), "--player", "Alice", "--db", str(logbook))
    assert code == 2 and out == "" and one_line_error(err), err
    assert err == f"elotui: {file} is {reason}, not a file to import\n"
    assert logbook.read_bytes() == before


@pytest.mark.parametrize("suffix", [".csv", ".pgn", ".json"])
def test_import_refuses_a_folder(logbook: Path, tmp_path: Path, suffix: str) -> None:
    folder = tmp_path / f"games{suffix}"
    folder.mkdir()
    _refused(logbook, folder, "a folder")


def test_import_refuses_a_fifo_without_blocking(logbook: Path, tmp_path: Path) -> None:
    fifo = tmp_path / "games.csv"
    os.mkfifo(fifo)
    _refused(logbook, fifo, "a pipe (FIFO)")
    # Below the command line too: opening a FIFO for reading would wait for a writer forever.
    outcome: list[BaseException | None] = []

    def read() -> None:
        try:
            open_named_file(fifo, encoding="utf-8").close()
            outcome.append(None)
        except BaseException as error:
            outcome.append(error)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(timeout=10)
    if reader.is_alive():  # unblock it before failing
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail("opening a FIFO for an import blocked")
    assert len(outcome) == 1 and isinstance(outcome[0], UnreadableFile)
    repository = open_repository(logbook)
    with pytest.raises(LogbookError, match="is a pipe"):
        import_csv(repository, fifo)
    repository.close()


def test_import_refuses_a_device_behind_a_link(logbook: Path, tmp_path: Path) -> None:
    link = tmp_path / "games.csv"
    link.symlink_to(os.devnull)
    _refused(logbook, link, "a device")


def test_import_follows_a_link_named_on_the_command_line(logbook: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = write_csv(elsewhere / "real.csv", game_rows(7))
    link = tmp_path / "games.csv"
    link.symlink_to(target)
    code, out, err = run_cli("import", str(link), "--db", str(logbook))
    assert code == 0 and "imported 7 game(s)" in out, err


# --- nothing is run from an imported file ---------------------------------------------------------

NASTY = [
    "=cmd|' /C calc'!A0",
    '=HYPERLINK("http://example.invalid","click")',
    "+1+1",
    "-2+3",
    "@SUM(1+1)",
    "'=already quoted",
    "__import__('os').system('touch {marker}')",
    "$(touch {marker})",
    "`touch {marker}`",
    "'; DROP TABLE game; --",
]


def test_cells_are_stored_as_text_and_exported_safely(tmp_path: Path) -> None:
    marker = tmp_path / "PWNED"
    values = [value.format(marker=marker) for value in NASTY]
    player = "=Player+1"
    db = logbook_with_player(tmp_path / "logbook.db", player)
    rows = game_rows(len(values), player=player)
    for row, value in zip(rows, values, strict=True):
        row[2] = value  # opponent
        row[5] = value  # event
    csv_file = write_csv(tmp_path / "games.csv", rows)
    code, _, err = run_cli("import", str(csv_file), "--db", str(db))
    assert code == 0, err
    assert not marker.exists()
    # Stored as the text it is; an apostrophe before a formula character is the escape, read away.
    stored = {unescape_cell(value) for value in values}
    code, out, _ = run_cli("game", "list", "--player", player, "--json", "--db", str(db))
    assert {game["opponent_name"] for game in json.loads(out)["games"]} == stored
    assert {game["event"] for game in json.loads(out)["games"]} == stored

    code, exported, err = run_cli("export", "--db", str(db))
    assert code == 0, err
    records = list(csv.DictReader(io.StringIO(exported)))
    assert {r["opponent"] for r in records} == {escape_cell(value) for value in stored}
    for record in records:
        for column in ("player", "opponent", "event"):
            assert not record[column].startswith(FORMULA_START), record[column]

    # The export imports back to exactly the same games.
    copy = logbook_with_player(tmp_path / "copy.db", player)
    (tmp_path / "export.csv").write_text(exported, encoding="utf-8")
    assert run_cli("import", str(tmp_path / "export.csv"), "--db", str(copy))[0] == 0
    assert run_cli("export", "--db", str(copy))[1] == exported
    assert not marker.exists()

    code, out, _ = run_cli("game", "list", "--player", player, "--json", "--db", str(copy))
    assert code == 0 and '"=cmd|' in out  # JSON carries the text as it is


def test_pgn_tags_are_only_text(tmp_path: Path) -> None:
    marker = tmp_path / "PWNED"
    db = logbook_with_player(tmp_path / "logbook.db", "Alice")
    pgn = tmp_path / "games.pgn"
    pgn.write_text(
        f'[Event "$(touch {marker})"]\n[Date "2024.03.01"]\n[White "Alice"]\n'
        f'[Black "=cmd|\' /C calc\'!A0"]\n[Result "1-0"]\n[BlackElo "1600"]\n\n1. e4 1-0\n',
        encoding="utf-8",
    )
    code, _, err = run_cli("import", str(pgn), "--player", "Alice", "--db", str(db))
    assert code == 0, err
    code, out, _ = run_cli("export", "--db", str(db))
    (record,) = csv.DictReader(io.StringIO(out))
    assert unescape_cell(record["opponent"]) == "=cmd|' /C calc'!A0"
    assert record["event"] == f"$(touch {marker})"
    assert not marker.exists()


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_formula_escape_round_trips(text: str) -> None:
    escaped = escape_cell(text)
    assert unescape_cell(escaped) == text
    assert not escaped.startswith(FORMULA_START)
