"""Opening a logbook file safely: check what it is, back it up, apply pending Alembic migrations.

`upgrade_database(path)` runs before the app or any command touches the data:
- no file (or an empty SQLite file): the schema is created (a new file and folder are private: 0600/0700);
- an elotui database at the current revision: nothing to do (checked without loading Alembic);
- an elotui database at an older revision: once the write lock is held (so no other elotui writes in
  between), copied to `NAME.bak-REVISION` (0600), then migrated in one transaction. A failure rolls
  back; should a migration script have committed part of its work anyway, the backup is copied back,
  so a failed migration always leaves the logbook's content as it was;
- anything else (not a regular file: a FIFO, a device, a dangling link, looked at with `stat` only;
  not SQLite; another program's SQLite file; a revision newer than this elotui knows, or one no
  elotui wrote; a current revision with a table missing; a read-only file or folder; a folder named
  by the user that does not exist) raises `DatabaseRefused` with a one-line reason and leaves the
  file byte-identical: those checks only ever read it (`schema.looking_connection`).
- `create=False` (the commands that only read): no logbook yet is `NoLogbookYet`, nothing created.

Several elotui processes may start on a new or old file at once: each migrates under the write lock and
re-reads the revision first, so the first one migrates and the others find nothing left to do.

The migration scripts, and what running them did, are `schema_upgrades`'s, shared with a logbook on a
server (`server_migrate`, which this module hands a `ServerLogbook` to).
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from elotui.i18n import _, ngettext
from elotui.logbook.backups import backup_database as backup_database  # re-exported
from elotui.logbook.backups import backup_path_for as backup_path_for  # (tests, the app)
from elotui.logbook.backups import new_backup, restore_backup
from elotui.logbook.database_file import (
    DatabaseRefused,
    is_read_only,
    open_failure,
    private_connection,
    refuse_read_only_folder,
)
from elotui.logbook.database_file import NoLogbookYet as NoLogbookYet  # re-exported
from elotui.logbook.engine import make_engine
from elotui.logbook.paths import (
    BadDatabasePath,
    LogbookAddress,
    ServerLogbook,
    create_private_file,
    data_dir,
    ensure_parent,
    kind_of_path,
)
from elotui.logbook.schema import (
    APPLICATION_ID,
    HEAD_REVISION,
    looking_connection,
    table_names,
)
from elotui.logbook.schema_refusals import (
    no_logbook_yet,
    one_line,
    refuse_missing_tables,
    refuse_unknown_revision,
)
from elotui.logbook.schema_upgrades import UpgradeResult, alembic_config

if TYPE_CHECKING:
    from sqlalchemy import Connection


@dataclass(frozen=True)
class DatabaseState:
    """What a logbook (a file, or a database on a server) is, read without changing it."""

    path: LogbookAddress
    # a file with tables in it (else it is new: missing, empty, or an empty SQLite file)
    exists: bool
    revision: str | None  # its Alembic revision (None when new)

    @property
    def current(self) -> bool:
        return self.revision == HEAD_REVISION


def inspect_database(path: Path) -> DatabaseState:
    """What `path` is, or `DatabaseRefused` if it cannot be used. Never writes, never blocks."""
    kind = kind_of_path(path)  # stat only: a FIFO or a device is never opened
    if kind is not None:
        raise DatabaseRefused(
            _("{path} is {kind}, not a database file").format(path=path, kind=kind)
        )
    if not path.exists():
        return DatabaseState(path, exists=False, revision=None)
    if is_read_only(path):
        raise DatabaseRefused(
            _("{path} is read-only; elotui needs to write to its logbook").format(path=path)
        )
    refuse_read_only_folder(path)
    # The content through SQLite only, never a descriptor of our own (database_file's docstring: a
    # closed descriptor drops the locks of every connection this process has open on the file).
    # An empty file is an empty database to SQLite: no mark, no tables, as good as new (below).
    try:
        connection = looking_connection(path)
        try:
            # One read transaction: the mark, the tables and the version of one state of the file.
            # Read one by one, another elotui's first migration could commit between two of them,
            # and a logbook being made looked like another program's (no mark, then tables).
            connection.execute("BEGIN")
            application_id = connection.execute("PRAGMA application_id").fetchone()[0]
            tables = table_names(connection)
            revisions = (
                [row[0] for row in connection.execute("SELECT version_num FROM alembic_version")]
                if "alembic_version" in tables
                else []
            )
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise DatabaseRefused(open_failure(path, error)) from None

    if application_id != APPLICATION_ID:
        if not tables - {"alembic_version"} and not revisions:
            # An empty SQLite file, or one migrated down to nothing: as good as new.
            return DatabaseState(path, exists=False, revision=None)
        raise DatabaseRefused(
            _("{path} is not an elotui database (it belongs to another program)").format(path=path)
        )
    if len(revisions) != 1:
        raise DatabaseRefused(
            _("{path} is an elotui database without a valid schema version").format(path=path)
        )
    revision = revisions[0]
    refuse_unknown_revision(path, revision)
    refuse_missing_tables(path, revision, tables)
    return DatabaseState(path, exists=True, revision=revision)


def _revision_in(connection: Connection) -> str | None:
    tables = connection.exec_driver_sql(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'"
    ).scalar_one()
    if not tables:
        return None
    rows = connection.exec_driver_sql("SELECT version_num FROM alembic_version").fetchall()
    return str(rows[0][0]) if len(rows) == 1 else None


def _check_links(connection: Connection, path: Path) -> None:
    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
    if broken:
        raise DatabaseRefused(
            ngettext(
                "migrating {path} would break {count} link between rows; nothing changed",
                "migrating {path} would break {count} links between rows; nothing changed",
                len(broken),
            ).format(path=path, count=len(broken))
        )


def _upgrade_in_place(path: Path) -> tuple[str | None, Path | None]:
    """Back up and migrate `path` to the head revision, holding the write lock throughout.

    Returns (revision found, backup). The backup is made after the write lock is taken, so it is
    exactly what the migration starts from. If the migration fails, its transaction is rolled back;
    should anything have been committed anyway (a migration script that commits part of its work),
    the backup is copied back, so a failed migration always leaves the logbook as it was.
    """
    from alembic import command

    # Foreign keys off: batch migrations drop and recreate tables (see make_engine); checked below.
    engine = make_engine(path, foreign_keys=False).execution_options(immediate=True)
    backup: Path | None = None
    watcher: sqlite3.Connection | None = None
    committed_version: int | None = None
    try:
        try:
            with engine.begin() as connection:
                revision = _revision_in(connection)
                if revision == HEAD_REVISION:
                    return revision, None  # another elotui migrated it while this one waited
                if revision is not None:
                    watcher = private_connection(path)
                    backup = new_backup(path, revision, watcher)
                    # `data_version` changes when any other connection commits to the file.
                    committed_version = watcher.execute("PRAGMA data_version").fetchone()[0]
                command.upgrade(alembic_config(connection), "head")
                _check_links(connection, path)
            return revision, backup
        except BaseException as error:
            leaked = (
                watcher is not None
                and committed_version is not None
                and watcher.execute("PRAGMA data_version").fetchone()[0] != committed_version
            )
            if backup is not None and leaked:
                try:
                    restore_backup(backup, path)
                except (sqlite3.Error, OSError) as failed:
                    raise DatabaseRefused(
                        _(
                            "migrating {path} failed ({error}) and restoring it failed "
                            "({failure}); the backup is {backup}"
                        ).format(
                            path=path,
                            error=one_line(error),
                            failure=one_line(failed),
                            backup=backup,
                        )
                    ) from error
            if isinstance(error, DatabaseRefused | KeyboardInterrupt | SystemExit):
                raise
            if isinstance(error, Exception):
                said = (
                    _("migrating {path} failed: {error}; nothing changed (a backup is in {backup})")
                    if backup
                    else _("migrating {path} failed: {error}")
                )
                raise DatabaseRefused(
                    said.format(path=path, error=one_line(error), backup=backup)
                ) from error
            raise
    finally:
        if watcher is not None:
            watcher.close()
        engine.dispose()


def _run_alembic(path: Path, action: str, revision: str) -> None:
    from alembic import command

    # Foreign keys off: batch migrations drop and recreate tables (see make_engine); checked below.
    engine = make_engine(path, foreign_keys=False).execution_options(immediate=True)
    try:
        with engine.begin() as connection:
            config = alembic_config(connection)
            if action == "upgrade":
                command.upgrade(config, revision)
            else:
                command.downgrade(config, revision)
            _check_links(connection, path)
    finally:
        engine.dispose()


def _in_data_folder(path: Path) -> bool:
    """Whether `path` is a file right in elotui's own data folder (`$ELOTUI_HOME` or the platform's)."""
    try:
        return os.path.abspath(path.parent) == os.path.abspath(data_dir())
    except BadDatabasePath:
        return False


def refuse_new_file(path: Path) -> None:
    """Refuse, creating nothing, a new logbook at `path` that could not be made: its folder missing
    (unless it is elotui's own data folder, made when needed) or read-only."""
    if not path.parent.is_dir():
        if _in_data_folder(path):
            return
        raise DatabaseRefused(
            _("the folder {folder} does not exist; create it first or give another file").format(
                folder=path.parent
            )
        )
    refuse_read_only_folder(path)


def _prepare_folder_and_file(path: Path) -> None:
    """Refuse a read-only folder; create a missing database file (0600), and its folder (0700) when
    it is elotui's own data folder: a folder named by the user must exist (a typo makes no folders)."""
    refuse_new_file(path)
    if not path.exists():
        try:
            ensure_parent(path)
        except OSError as error:
            raise DatabaseRefused(
                _("cannot create the folder of {path}: {reason}").format(
                    path=path, reason=error.strerror or error
                )
            ) from None
    refuse_read_only_folder(path)
    if not path.exists():
        try:
            create_private_file(path)  # SQLite would create it 0644; its -wal/-shm follow this mode
        except OSError as error:
            raise DatabaseRefused(
                _("cannot create {path}: {reason}").format(
                    path=path, reason=error.strerror or error
                )
            ) from None


def upgrade_database(
    path: LogbookAddress, *, create: bool = True, state: DatabaseState | None = None
) -> UpgradeResult:
    """Make `path` a logbook at the current schema (see the module docstring; a database on a
    server: `server_migrate`).

    `create=False` (the commands that only read): where there is no logbook yet, raise `NoLogbookYet`
    and create nothing, neither a file nor a folder. `state`: what `inspect_database(path)` found a
    moment ago, not looked for again.
    """
    if isinstance(path, ServerLogbook):
        from elotui.logbook.server_migrate import upgrade_server

        return upgrade_server(path, create=create)
    if state is None:
        state = inspect_database(path)
    if not create and not state.exists:
        raise no_logbook_yet(path)
    _prepare_folder_and_file(path)
    if state.current:
        return UpgradeResult(path, False, state.revision, HEAD_REVISION, None)
    found, backup = _upgrade_in_place(path)
    return UpgradeResult(path, found is None, found, HEAD_REVISION, backup)


def downgrade_database(path: LogbookAddress, revision: str) -> None:
    """Migrate down to `revision` ("base" removes everything). For developers and tests.

    A downgrade that would lose data refuses (0002 → 0001 while rapid or blitz rows or pinned periods
    exist): `DatabaseRefused` with the script's reason, in one transaction rolled back, nothing changed.
    """
    if isinstance(path, ServerLogbook):
        from elotui.logbook.server_migrate import downgrade_server

        downgrade_server(path, revision)
        return
    inspect_database(path)
    try:
        _run_alembic(path, "downgrade", revision)
    except Exception as error:
        raise DatabaseRefused(
            _("migrating {path} down failed: {error}").format(path=path, error=one_line(error))
        ) from error
