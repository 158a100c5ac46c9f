"""A logbook file looked at without changing it: what may refuse it before anything is migrated.

`DatabaseRefused` (and `NoLogbookYet`) are the refusals of `migrate`; the checks here look at the file
and its folder only (its kind and its write access, through `stat`) and say why in one line.

Nothing here opens the file itself: its content is read through SQLite only. On POSIX, closing *any*
descriptor of a file drops every lock the process holds on it, SQLite's included; a header read with
`open`/`close` while the app had a connection open made another process's writer believe it was
alone, delete the WAL under the app, and lose the app's next write. SQLite shares its own descriptors
between connections of one process, so a second SQLite connection is safe where a raw read is not.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

from elotui.errors import LogbookRefused
from elotui.i18n import _
from elotui.logbook.engine import is_busy, is_disk_full
from elotui.logbook.schema import BUSY_TIMEOUT_MS

# SQLite's result code for a file that is not a database (its header is not SQLite's).
SQLITE_NOTADB = 26


class DatabaseRefused(LogbookRefused):
    """The file cannot be used as a logbook; `str()` is the one-line reason. The file is untouched."""


class NoLogbookYet(DatabaseRefused):
    """A command that only reads found no logbook (and created none)."""


def private_connection(path: Path) -> sqlite3.Connection:
    """A connection for the backup step (it tidies its `-wal`/`-shm` files away when it closes)."""
    return sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000)


def is_read_only(path: Path) -> bool:
    """No write bit at all (what the owner meant, even for root, whom the bits do not stop), or no
    write access for this process (permissions, a read-only file system)."""
    mode = path.stat().st_mode
    no_write_bits = not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
    return no_write_bits or not os.access(path, os.W_OK)


def refuse_read_only_folder(path: Path) -> None:
    # SQLite creates the `-wal`/`-shm` files next to the database: even reading needs the folder.
    if is_read_only(path.parent):
        raise DatabaseRefused(
            _(
                "the folder of {path} is read-only; elotui needs to write there (its journal files)"
            ).format(path=path)
        )


def open_failure(path: Path, error: sqlite3.DatabaseError) -> str:
    """Why SQLite could not read `path`, in words that say what to do (a lock is not damage)."""
    message = str(error)
    if getattr(error, "sqlite_errorcode", None) == SQLITE_NOTADB:
        return _("{path} is not an SQLite database").format(path=path)
    if is_busy(error):
        return _("{path} is locked by another program; try again once it is done").format(path=path)
    if is_disk_full(error, path):  # SQLite may say only "disk I/O error": not damage
        return _(
            "the disk is full; {path} could not be opened (free some space and try again)"
        ).format(path=path)
    return _("{path} is not a usable SQLite database ({message})").format(
        path=path, message=message
    )


def _cannot_read(path: Path, error: OSError) -> str:
    return _("{path} cannot be read: {reason}").format(path=path, reason=error.strerror)
