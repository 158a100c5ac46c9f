"""kill -9 in the middle of an import: nothing of it stays, the file is sound, the next import works.

`elotui import` checks the whole file first, then adds every game in one transaction. The process is
killed at two moments of that transaction:
- while it holds the write lock with the new rows still in memory (seen from outside: another
  connection cannot take the write lock);
- while uncommitted pages are already being written to the WAL (the file grows past 1 MB: the rows
  here are wide enough that SQLite spills its page cache long before the commit).
Either way SQLite's recovery drops the unfinished transaction: no game from that import is there, the
integrity check passes, and importing the same file again adds every row.
"""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import ELOTUI, count_rows, game_rows, integrity, logbook_with_player, write_csv

ROWS = 100_000
WAL_THRESHOLD = 1 << 20


def _write_lock_taken(db: Path) -> bool:
    probe = sqlite3.connect(db, timeout=0, isolation_level=None)
    try:
        probe.execute("BEGIN IMMEDIATE")
        probe.execute("ROLLBACK")
        return False
    except sqlite3.OperationalError as error:
        assert "locked" in str(error) or "busy" in str(error), error
        return True
    finally:
        probe.close()


def _wal_past_threshold(db: Path) -> bool:
    try:
        return os.stat(f"{db}-wal").st_size > WAL_THRESHOLD
    except FileNotFoundError:
        return False


def _kill_when(moment: Callable[[Path], bool], csv_file: Path, db: Path, pause: float) -> None:
    process = subprocess.Popen(
        [*ELOTUI, "import", str(csv_file), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not moment(db):
            assert process.poll() is None, f"the import ended before the kill: {process.stdout}"
            assert time.monotonic() < deadline, "the import never reached the moment to kill it"
            time.sleep(pause)
        process.send_signal(signal.SIGKILL)
    finally:
        process.kill()
        _, err = process.communicate(timeout=30)
    assert process.returncode == -signal.SIGKILL, (process.returncode, err)


def _games_seen_by_elotui(db: Path) -> int:
    """What elotui itself reads first after the crash (its own opening path runs the recovery)."""
    result = subprocess.run(
        [*ELOTUI, "game", "list", "--player", "Alice", "--json", "--db", str(db)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return len(json.loads(result.stdout)["games"])


@pytest.mark.slow
def test_kill_9_during_import_leaves_nothing_and_the_next_import_works(tmp_path: Path) -> None:
    db = logbook_with_player(tmp_path / "logbook.db", "Alice")
    rows = game_rows(ROWS, player="Alice", opponent_prefix="Opponent " + "o" * 120)
    for row in rows:
        row[5] = "Event " + "e" * 120  # wide rows: the page cache spills to the WAL mid-import
    csv_file = write_csv(tmp_path / "games.csv", rows)

    _kill_when(_write_lock_taken, csv_file, db, pause=0.02)
    assert _games_seen_by_elotui(db) == 0
    assert integrity(db) == "ok"

    _kill_when(_wal_past_threshold, csv_file, db, pause=0.0005)
    assert _games_seen_by_elotui(db) == 0
    assert integrity(db) == "ok" and count_rows(db) == 0

    result = subprocess.run(
        [*ELOTUI, "import", str(csv_file), "--db", str(db)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert count_rows(db) == ROWS
    assert integrity(db) == "ok"
