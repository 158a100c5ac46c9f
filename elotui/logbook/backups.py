"""The backup made before a migration (`NAME.bak-REVISION`, 0600), and putting it back."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from elotui.i18n import _
from elotui.logbook.database_file import DatabaseRefused, private_connection
from elotui.logbook.paths import create_private_file
from elotui.logbook.schema import BUSY_TIMEOUT_MS


def backup_path_for(path: Path, revision: str) -> Path:
    """`NAME.bak-REVISION`, or `NAME.bak-REVISION.2`, ... if an earlier backup is already there."""
    candidate = path.with_name(f"{path.name}.bak-{revision}")
    number = 2
    while os.path.lexists(candidate):  # a dangling link counts as taken: never written through
        candidate = path.with_name(f"{path.name}.bak-{revision}.{number}")
        number += 1
    return candidate


def copy_database(source: sqlite3.Connection, target_path: Path) -> None:
    """Copy the database behind `source` page by page into `target_path` (SQLite's backup API)."""
    target = sqlite3.connect(target_path, timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        source.backup(target)
    finally:
        target.close()


def new_backup(path: Path, revision: str, source: sqlite3.Connection) -> Path:
    """Copy the database behind `source` to a new `0600` file `NAME.bak-REVISION[.N]`."""
    while True:
        target = backup_path_for(path, revision)
        if create_private_file(target):  # O_EXCL: a name taken meanwhile is never overwritten
            break
    try:
        copy_database(source, target)
    except (sqlite3.Error, OSError) as error:
        for leftover in (target, Path(f"{target}-journal")):
            leftover.unlink(missing_ok=True)
        reason = (str(error).strip() or type(error).__name__).splitlines()[0]
        raise DatabaseRefused(
            _("cannot back up {path} before migrating it ({reason}); nothing changed").format(
                path=path, reason=reason
            )
        ) from None
    return target


def backup_database(path: Path, revision: str) -> Path:
    """A consistent copy of `path` (including anything still in its WAL file) next to it, mode 0600."""
    source = private_connection(path)
    try:
        return new_backup(path, revision, source)
    finally:
        source.close()


def restore_backup(backup: Path, path: Path) -> None:
    """Put the pages of `backup` back into `path` (through SQLite, so its WAL stays consistent)."""
    source = private_connection(backup)
    try:
        copy_database(source, path)
    finally:
        source.close()
