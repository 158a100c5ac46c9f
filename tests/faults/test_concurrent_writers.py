"""Two (or more) elotui processes writing the same logbook at once.

SQLite lets one writer in at a time; elotui's writers start with `BEGIN IMMEDIATE` and wait up to the busy
timeout for the other one. What must hold: each process either succeeds or refuses with one clear line
("the logbook is busy ..."), never a "database is locked" traceback; the rows in the file are exactly
those of the processes that succeeded; a process that has to wait says so on stderr.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

from elotui.logbook import engine

from .conftest import (
    ELOTUI,
    count_rows,
    game_rows,
    integrity,
    logbook_with_player,
    run_cli,
    write_csv,
)

BUSY = "elotui: the logbook is busy (another elotui is writing); try again"
WAITING = "elotui: waiting for another elotui to finish writing"


def _start(*argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*ELOTUI, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def _finish(process: subprocess.Popen[str]) -> tuple[int, str]:
    _, err = process.communicate(timeout=120)
    assert "Traceback" not in err and "locked" not in err, err
    for line in err.splitlines():
        assert line == BUSY or line.startswith(WAITING), err
    assert process.returncode in (0, 2), (process.returncode, err)
    if process.returncode == 2:
        assert err.splitlines()[-1] == BUSY, err
    return process.returncode, err


def test_two_imports_at_once(tmp_path: Path) -> None:
    db = logbook_with_player(tmp_path / "logbook.db", "Alice", "Bob")
    sizes = {"Alice": 20_000, "Bob": 15_000}
    files = {
        name: write_csv(tmp_path / f"{name}.csv", game_rows(size, player=name, seed=len(name)))
        for name, size in sizes.items()
    }
    processes = {name: _start("import", str(files[name]), "--db", str(db)) for name in sizes}
    codes = {name: _finish(process)[0] for name, process in processes.items()}
    assert count_rows(db) == sum(sizes[name] for name, code in codes.items() if code == 0)
    assert integrity(db) == "ok"
    assert list(codes.values()).count(0) >= 1  # the one that got the lock first always finishes


def test_many_writers_on_a_new_logbook(tmp_path: Path) -> None:
    """Five processes create the same new logbook and add a player each: schema made once."""
    # In elotui's own data folder, which does not exist yet: the only folder elotui creates itself.
    db = Path(os.environ["ELOTUI_HOME"]) / "logbook.db"
    assert not db.parent.exists()
    processes = [
        _start("player", "add", f"Player {i}", "--rating", "1500", "--db", str(db))
        for i in range(5)
    ]
    codes = [_finish(process)[0] for process in processes]
    assert count_rows(db, "player") == codes.count(0)
    assert codes.count(0) >= 1
    assert integrity(db) == "ok"


def test_a_writer_waits_for_the_lock_and_says_so(tmp_path: Path) -> None:
    db = logbook_with_player(tmp_path / "logbook.db", "Alice")
    holder = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")  # another writer in the middle of its transaction
    try:
        process = _start("game", "add", "--player", "Alice", "--date", "2024-03-05",
                         "--opponent-rating", "1600", "--result", "1", "--db", str(db))  # fmt: skip
        # The lock is held until the waiting writer has said so, however slow the machine is.
        assert process.stderr is not None
        first_line = process.stderr.readline()
        assert first_line.startswith(WAITING), first_line
        assert process.poll() is None  # still waiting, nothing written yet
        assert count_rows(db) == 0
    finally:
        holder.execute("COMMIT")
        holder.close()
    code, err = _finish(process)
    assert code == 0, err
    assert count_rows(db) == 1


def test_a_writer_that_waits_too_long_says_busy_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = logbook_with_player(tmp_path / "logbook.db", "Alice")
    csv_file = write_csv(tmp_path / "games.csv", game_rows(50))
    monkeypatch.setattr(engine, "BUSY_TIMEOUT_MS", 200)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        for argv in (
            ["game", "add", "--player", "Alice", "--date", "2024-03-05",
             "--opponent-rating", "1600", "--result", "1"],
            ["import", str(csv_file)],
            ["player", "add", "Bob"],
            ["published", "set", "--player", "Alice", "--month", "2024-03", "--rating", "1510"],
            ["published", "remove", "--player", "Alice", "--month", "2024-03"],
            ["game", "remove", "1"],
        ):  # fmt: skip
            code, out, err = run_cli(*argv, "--db", str(db))
            assert code == 2 and out == "", (argv, out, err)
            assert err.splitlines()[-1] == BUSY, (argv, err)
            assert len(err.splitlines()) <= 2 and "Traceback" not in err, (argv, err)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert count_rows(db) == 0 and count_rows(db, "player") == 1
