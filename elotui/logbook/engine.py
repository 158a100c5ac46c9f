"""The one place an SQLAlchemy engine for a logbook is made: a file (`make_engine`), or a PostgreSQL
database (`make_server_engine`, see the end of this docstring).

Each connection of *our* engine (and only ours: the listeners are on the engine, not global) gets:
- `foreign_keys=ON` so a game cannot lose its player (off only for migrations, see `make_engine`);
- a `busy_timeout` so the app and a CLI command writing at the same moment wait instead of failing;
- `journal_mode=WAL` and `synchronous=NORMAL`: readers never block the writer, commits stay durable
  across application crashes and are cheap;
- a larger page cache (`cache_size`) for bulk imports.

pysqlite's own transaction handling does not wrap DDL and starts transactions late; we switch it off and
emit `BEGIN` ourselves, so every `engine.begin()` block (a repository write, a migration) is one real
SQLite transaction that either commits whole or leaves nothing behind. A writer uses
`engine.execution_options(immediate=True)` to start with `BEGIN IMMEDIATE`.

Two elotui processes writing at once: the second one's `BEGIN IMMEDIATE` waits up to `BUSY_TIMEOUT_MS` for
the first to commit. If it has to wait at all, the hook set with `set_wait_notice` is called once first
(the CLI prints "waiting for another elotui..." on stderr); if the wait times out, the write fails with
SQLite's "database is locked", which `describe_sqlite_error` turns into one line a user can act on.

A full disk is said as one (`DiskFull`), whichever words SQLite chose: "database or disk is full" when
a write finds no room, only "disk I/O error" when it cannot grow its `-shm` file (`is_disk_full`).

On a server (psycopg 3, the optional extra `elotui[postgres]`) the server itself does what the pragmas
do here (foreign keys, concurrent writers, durability); each connection asks for ISO dates, so a
date read as text is `YYYY-MM-DD` whatever the server's `DateStyle`. The driver reads a password
missing from the URL from `PGPASSWORD` or `~/.pgpass` itself. A write the server refuses for want of a
privilege (a member's read-only role, docs/postgresql.md "Who may do what") becomes
`ReadOnlyLogbook`, one line said by the CLI and the app wherever the write was; the transaction
rolls back, so nothing is written.
A connection lost while in use (the server stopped or restarted, the network gone) becomes
`ServerLost`, one line saying whether anything may have been written, instead of the driver's words.
"""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import URL, Connection, Engine, create_engine, event
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.pool import NullPool

from elotui.errors import LogbookRefused, ReadOnlyLogbook
from elotui.i18n import N_, _
from elotui.logbook.schema import BUSY_TIMEOUT_MS

if TYPE_CHECKING:
    from elotui.logbook.paths import ServerLogbook

# How long to wait for a server that does not answer before saying so (seconds).
CONNECT_TIMEOUT_S = 10
# elotui is not on the package index: the extra is installed from the clone (README, Install).
DRIVER_MISSING = N_(
    "a PostgreSQL logbook needs the psycopg driver, which is not installed: in elotui's clone,"
    " uv tool install '.[postgres]' (or uv sync --extra postgres)"
)  # said as _(DRIVER_MISSING)


READ_ONLY = N_("this logbook is read-only for you")  # said as _(READ_ONLY)
# PostgreSQL's SQLSTATEs for "not allowed to write": insufficient_privilege (no INSERT/UPDATE/DELETE
# granted) and read_only_sql_transaction (a role with default_transaction_read_only, a standby).
_NOT_ALLOWED = frozenset({"42501", "25006"})
_WRITES = frozenset({"INSERT", "UPDATE", "DELETE"})


class DriverMissing(LogbookRefused):
    """psycopg (the optional extra `elotui[postgres]`) is not installed; `str()` says how to get it."""


class DiskFull(LogbookRefused):
    """No room left on the logbook's disk; SQLite rolled the transaction back. `str()`: `DISK_FULL`."""


class ServerLost(LogbookRefused):
    """The connection to the server broke while in use; `str()` says so in one line.

    `saved_unknown`: it broke while the change was being committed, so whether the server kept it
    cannot be known here (otherwise the transaction died with the connection: nothing was written)."""

    def __init__(self, reason: str, *, saved_unknown: bool = False) -> None:
        super().__init__(reason)
        self.saved_unknown = saved_unknown


DISK_FULL = N_("the disk is full; nothing was written (free some space and try again)")
SERVER_LOST = N_(
    "the connection to the server was lost; nothing was written (try again once it is back)"
)  # said as _(SERVER_LOST)
SERVER_LOST_SAVING = N_(
    "the connection to the server was lost while saving: the change may or may not have been "
    "saved (look before doing it again)"
)  # said as _(SERVER_LOST_SAVING)
# SQLSTATEs of a server going away: class 08 (connection exception) and the server shutting down
# (admin_shutdown, crash_shutdown, cannot_connect_now).
_SERVER_GONE = frozenset({"57P01", "57P02", "57P03"})
# In a connection's `info` while its COMMIT is being sent (a ROLLBACK sends none: nothing is kept).
_SAVING = "elotui.saving"
# Below this much room a file system is full for a logbook: SQLite grows its `-shm` file 32 KiB at a
# time and its WAL by whole pages, and the last few KiB are often not the user's to take.
ROOM_NEEDED = 1024 * 1024
# psycopg logs, as a warning, what it ignores while closing a connection already lost ("error ignored
# terminating <psycopg.Pipeline [BAD]>"); with no handler Python prints it on stderr, under the one
# line elotui says. One handler, added once, keeps its logger quiet.
_QUIET = logging.NullHandler()


# Page cache per connection (grows only as used): bulk imports update the game index in memory
# instead of re-reading pages; changes nothing about durability.
CACHE_KIB = 32 * 1024

WaitNotice = Callable[[Path], None]
_wait_notice: WaitNotice | None = None


def set_wait_notice(notice: WaitNotice | None) -> None:
    """Call `notice(path)` whenever a writer has to wait for another process's write lock."""
    global _wait_notice
    _wait_notice = notice


def is_busy(error: BaseException) -> bool:
    """Whether a database error means another connection holds the lock (SQLITE_BUSY)."""
    return "database is locked" in str(error) or "database is busy" in str(error)


def is_disk_full(error: BaseException, beside: Path | None = None) -> bool:
    """Whether `error` (SQLite's, wrapped by SQLAlchemy or not) means the disk is full.

    SQLite says so itself (SQLITE_FULL) when a write finds no room, but only "disk I/O error" when it
    cannot grow its `-shm` file (opening a logbook on a full disk): then the room left beside the
    file `beside` tells a full disk from a failing one."""
    original = getattr(error, "orig", None) or error
    if not isinstance(original, sqlite3.Error):
        return False
    code: int | None = getattr(original, "sqlite_errorcode", None)  # None: an error made by hand
    if code is None:
        return "disk is full" in str(original)
    primary = code & 0xFF  # the extended codes keep the primary one in their low byte
    if primary == sqlite3.SQLITE_FULL:
        return True
    return (
        primary == sqlite3.SQLITE_IOERR and beside is not None and _room_left(beside) < ROOM_NEEDED
    )


def _room_left(beside: Path) -> int:
    """Bytes free for a user in the folder of `beside` (unknown: as if there were room)."""
    try:
        return shutil.disk_usage(os.path.dirname(os.path.abspath(beside))).free
    except OSError:
        return ROOM_NEEDED


def describe_sqlite_error(message: str) -> str:
    """SQLite's own wording of a failure that is not about the data, as one line a user can act on."""
    if "database is locked" in message or "database is busy" in message:
        return _("the logbook is busy (another elotui is writing); try again")
    if "disk is full" in message:
        return _(DISK_FULL)
    if "readonly database" in message:
        return _("the logbook file is read-only; nothing was written")
    if "unable to open database file" in message:
        return _("cannot open the logbook file (is its folder missing or read-only?)")
    if "disk I/O error" in message:
        return _("the disk failed while writing the logbook; nothing was written")
    if "malformed" in message or "not a database" in message:
        return _("the logbook file is damaged ({message})").format(message=message)
    first_line = message.strip().splitlines()[0] if message.strip() else _("unknown error")
    return _("the database refused the change: {reason}").format(reason=first_line)


def make_engine(path: Path | str, *, foreign_keys: bool = True) -> Engine:
    """An engine on the SQLite file `path` with elotui's pragmas.

    `foreign_keys=False` is for the migration runner only: SQLite's batch migrations copy and drop
    tables, and a DROP TABLE with foreign keys on would cascade-delete every game. The runner checks
    `PRAGMA foreign_key_check` itself before it commits.
    """
    # NullPool: a short-lived CLI or a thread worker opens and closes; no connection outlives its use
    # (so a file can be copied or removed right after, e.g. by tests and the backup step). The one
    # exception is the app's idle connection while it has the logbook open (`Store.keep_connected`).
    # URL.create, not an f-string: the file name is taken as it is, so `?`, `#` and `%` in it are never
    # read as a query string or URL escapes (`o.db?x=1` must not open `o.db`). `:memory:` and URLs are
    # refused before this (paths.checked_path); the name is made absolute so it cannot be either.
    url = URL.create(drivername="sqlite", database=os.path.abspath(path))
    engine = create_engine(url, poolclass=NullPool)

    @event.listens_for(engine, "handle_error")
    def _say_disk_full(context: ExceptionContext) -> None:
        # Here the file is known, so an I/O error on a full disk is told from damage.
        if is_disk_full(context.original_exception, Path(path)):
            raise DiskFull(_(DISK_FULL))

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we emit BEGIN ourselves (see module doc)
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA foreign_keys={'ON' if foreign_keys else 'OFF'}")
            cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute(f"PRAGMA cache_size=-{CACHE_KIB}")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        # Writers take the write lock up front: in WAL mode a reader that later tries to write after
        # another commit fails at once instead of waiting out the busy timeout.
        if not connection.get_execution_options().get("immediate", False):
            connection.exec_driver_sql("BEGIN")
            return
        notice = _wait_notice
        if notice is not None:
            # Try without waiting first, so a writer that must wait can say so before it does.
            driver: sqlite3.Connection = connection.connection.driver_connection
            driver.execute("PRAGMA busy_timeout=0")
            try:
                driver.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                must_wait = is_busy(error)  # any other error: the attempt below raises it, wrapped
            finally:
                driver.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            if must_wait:
                notice(Path(path))
        connection.exec_driver_sql("BEGIN IMMEDIATE")  # waits up to BUSY_TIMEOUT_MS

    return engine


def make_server_engine(logbook: ServerLogbook) -> Engine:
    """An engine on the PostgreSQL database of `logbook`, or `DriverMissing` (one line naming the extra)."""
    import importlib.util

    if importlib.util.find_spec("psycopg") is None:
        raise DriverMissing(_(DRIVER_MISSING))
    # NullPool, as for a file: nothing stays connected between a command's uses of the database.
    engine = create_engine(
        logbook.url,
        poolclass=NullPool,
        connect_args={"connect_timeout": CONNECT_TIMEOUT_S, "options": "-c datestyle=ISO,YMD"},
    )
    event.listen(engine, "handle_error", _refuse_as_read_only)
    event.listen(engine, "handle_error", _say_server_lost)
    event.listen(engine, "commit", lambda connection: _mark_saving(connection, True))
    event.listen(engine, "rollback", lambda connection: _mark_saving(connection, False))
    logging.getLogger("psycopg").addHandler(_QUIET)  # added once: the same handler each time
    return engine


def _refuse_as_read_only(context: ExceptionContext) -> None:
    """A write refused for want of a privilege is `ReadOnlyLogbook`; every other error stays as it is.

    Only row writes, and the row locks a write takes first (`SELECT ... FOR UPDATE`: the row an
    edit compares with what its caller read, which needs the UPDATE privilege): a migration refused
    (a writer role may not CREATE) is not "read-only", and a plain SELECT refused means no read
    access at all; both keep the server's own words."""
    sqlstate = getattr(context.original_exception, "sqlstate", None)
    statement = (context.statement or "").upper()
    words = statement.split(maxsplit=1)
    locks = statement.rstrip().endswith("FOR UPDATE")
    if sqlstate in _NOT_ALLOWED and words and (words[0] in _WRITES or locks):
        raise ReadOnlyLogbook(_(READ_ONLY))


def _say_server_lost(context: ExceptionContext) -> None:
    """A connection that broke while in use is `ServerLost`; every other error stays as it is.

    Only a connection in use: one that cannot be made at all (the server down before anything was
    asked) keeps the driver's words, which say where it was looked for (`server_migrate` says them).
    A statement or a ROLLBACK that failed leaves nothing written (the transaction died with the
    connection); a failed COMMIT may or may not have been kept by the server."""
    connection = context.connection
    if connection is None or not (context.is_disconnect or _server_gone(context)):
        return
    if context.statement is None and not connection.invalidated and connection.info.get(_SAVING):
        raise ServerLost(_(SERVER_LOST_SAVING), saved_unknown=True)
    raise ServerLost(_(SERVER_LOST))


def _mark_saving(connection: Connection, saving: bool) -> None:
    if not connection.invalidated:  # a connection already lost: nothing more is sent, nor read
        connection.info[_SAVING] = saving


def _server_gone(context: ExceptionContext) -> bool:
    sqlstate = getattr(context.original_exception, "sqlstate", None) or ""
    return sqlstate.startswith("08") or sqlstate in _SERVER_GONE
