"""A backup before every migration, and a failed migration leaves the logbook as it was.

A test-only revision (0005, on top of the real head 0004) is added to a copy of the migration scripts
(tests/conftest.py: second_revision): it recreates
the player table in batch mode and deletes half the games, optionally failing. Three ways to fail are
tried: an error inside the migration (the transaction rolls back), a migration script that commits part
of its work before failing (only the backup can undo that), and a backup that cannot be written (disk
full: nothing is migrated).
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from elotui.logbook import backups, schema
from elotui.logbook.database_file import DatabaseRefused
from elotui.logbook.engine import make_engine
from elotui.logbook.migrate import upgrade_database
from elotui.logbook.repository import WIN, NewGame, Repository, open_repository

# The test-only revision also deletes every other game, so that a restore has rows to bring back.
DELETE_HALF = 'op.execute("DELETE FROM game WHERE id % 2 = 0")'
# The logbooks below are made at the real head, under the pending test revision.
BACKUP_NAME = f"logbook.db.bak-{schema.HEAD_REVISION}"


@pytest.fixture
def pending(second_revision: Callable[..., None]) -> Callable[..., None]:
    def install(after: str = "pass") -> None:
        second_revision(after=f"{DELETE_HALF}; {after}")

    return install


@pytest.fixture
def logbook_at_head(tmp_path: Path) -> Path:
    (tmp_path / "data").mkdir()
    path = tmp_path / "data" / "logbook.db"
    repository = open_repository(path)
    player = repository.add_player("Alice", start_rating=1500)
    games = [
        NewGame(date=dt.date(2024, 3, 1) + dt.timedelta(days=i), opponent_rating=1600, score=WIN)
        for i in range(40)
    ]
    repository.add_new_games(player.id, games)
    repository.set_published(player.id, "2024-04", 1520)
    repository.close()
    assert not Path(f"{path}-wal").exists()  # everything is in the main file
    return path


def _dump(path: Path) -> list[str]:
    connection = sqlite3.connect(path)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


def _pages(data: bytes) -> bytes:
    """The file without the header fields SQLite bumps on every change (change counters, cookie)."""
    header = bytearray(data[:100])
    for offset in (24, 40, 92):
        header[offset : offset + 4] = b"\0\0\0\0"
    return bytes(header) + data[100:]


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_backup_before_migration_is_a_private_copy(
    logbook_at_head: Path, pending: Callable[..., None]
) -> None:
    before = _dump(logbook_at_head)
    pending()
    result = upgrade_database(logbook_at_head)
    assert result.backup == logbook_at_head.with_name(BACKUP_NAME)
    assert _dump(result.backup) == before  # the file as it was, row for row
    assert stat.S_IMODE(result.backup.stat().st_mode) == 0o600
    assert _dump(logbook_at_head) != before  # and the migration did run
    assert upgrade_database(logbook_at_head).backup is None  # nothing pending: no backup


def test_failed_migration_is_rolled_back_byte_identical(
    logbook_at_head: Path, pending: Callable[..., None]
) -> None:
    original = logbook_at_head.read_bytes()
    pending(after='raise RuntimeError("boom")')
    with pytest.raises(DatabaseRefused, match="boom") as refused:
        upgrade_database(logbook_at_head)
    assert "\n" not in str(refused.value)
    assert logbook_at_head.read_bytes() == original
    assert _files(logbook_at_head.parent) == ["logbook.db", BACKUP_NAME]


def test_partly_committed_migration_is_restored_from_the_backup(
    logbook_at_head: Path, pending: Callable[..., None]
) -> None:
    """A script that commits before it fails: the rollback cannot undo that, the backup does."""
    original = logbook_at_head.read_bytes()
    before = _dump(logbook_at_head)
    pending(after='op.execute("COMMIT"); op.execute("BEGIN"); raise RuntimeError("late")')
    with pytest.raises(DatabaseRefused, match="late"):
        upgrade_database(logbook_at_head)
    assert _dump(logbook_at_head) == before  # every row and the schema as they were
    restored = logbook_at_head.read_bytes()
    assert len(restored) == len(original)
    assert _pages(restored) == _pages(original)  # page for page; only SQLite's counters moved
    assert _files(logbook_at_head.parent) == ["logbook.db", BACKUP_NAME]
    # The logbook still works at its old revision (as this elotui's previous version would use it).
    repository = Repository(make_engine(logbook_at_head))
    assert repository.count_games() == 40
    repository.close()


def test_backup_that_cannot_be_written_stops_before_migrating(
    logbook_at_head: Path, pending: Callable[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    original = logbook_at_head.read_bytes()
    pending()

    def disk_full(source: sqlite3.Connection, target: Path) -> None:
        target.write_bytes(b"SQLite format 3\0")  # a partial copy, then the disk fills up
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(backups, "copy_database", disk_full)
    with pytest.raises(DatabaseRefused) as refused:
        upgrade_database(logbook_at_head)
    assert str(refused.value) == (
        f"cannot back up {logbook_at_head} before migrating it (database or disk is full); "
        "nothing changed"
    )
    assert logbook_at_head.read_bytes() == original
    assert _files(logbook_at_head.parent) == ["logbook.db"]  # no half-written backup left behind
