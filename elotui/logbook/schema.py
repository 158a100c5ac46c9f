"""The logbook file itself: what identifies an elotui logbook, and how to look at one without
changing it. Only `sqlite3` here, so the fast paths (`reader`, the app's start) need no SQLAlchemy.

`migrate` (which may change the file) and `reader` (which only reads it) both rely on these; a test
checks that HEAD_REVISION is the head of the migration scripts.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

APPLICATION_ID = 0x454C4F54  # "ELOT" in `PRAGMA application_id`, set by the first migration
HEAD_REVISION = "0006"  # the newest schema this elotui knows
BUSY_TIMEOUT_MS = 5000  # how long a writer waits for another one (SQLite's busy timeout)
# The tables of a logbook at HEAD_REVISION (a test checks them against the models): a file whose
# revision is current but that lacks one (dropped by hand, a broken copy) is damaged, not current.
HEAD_TABLES = frozenset({"player", "game", "published_rating"})


def read_only_connection(path: Path) -> sqlite3.Connection:
    # mode=ro: SQLite itself refuses any write, so looking can never change the file.
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def looking_connection(path: Path) -> sqlite3.Connection:
    """A connection that only reads `path` and leaves no `-wal`/`-shm` files behind.

    A read-only connection to a WAL-mode file creates those two files and, being read-only, cannot
    remove them when it closes. When the file has no WAL yet, there is nothing a closing connection
    could copy into it, so a normal connection (which tidies up after itself) reads it; when a WAL is
    already there, the read-only one does, and the files it finds are left as they were.
    """
    if os.path.lexists(f"{path}-wal"):
        return read_only_connection(path)
    connection = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000)
    connection.execute("PRAGMA query_only = ON")
    return connection


def is_current(connection: sqlite3.Connection) -> bool:
    """Whether the open file is an elotui logbook at HEAD_REVISION (False when unsure)."""
    try:
        (application_id,) = connection.execute("PRAGMA application_id").fetchone()
        revisions = [
            row[0] for row in connection.execute("SELECT version_num FROM alembic_version")
        ]
        tables = table_names(connection)
    except sqlite3.Error:
        return False
    return (
        application_id == APPLICATION_ID and revisions == [HEAD_REVISION] and tables >= HEAD_TABLES
    )


def table_names(connection: sqlite3.Connection) -> set[str]:
    """The tables of the open file (SQLite's own left out)."""
    return {
        row[0]
        for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    }


def ready_as_is(path: Path) -> bool:
    """A writable elotui logbook at the current schema: nothing to migrate, create or refuse."""
    if not path.is_file() or not os.access(path, os.W_OK):
        return False
    try:
        connection = looking_connection(path)
    except sqlite3.Error:
        return False
    try:
        return is_current(connection)
    finally:
        connection.close()
