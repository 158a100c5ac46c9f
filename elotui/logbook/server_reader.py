"""The fast read path on a server: a logbook at the current schema read with psycopg itself.

A replay only reads, so on PostgreSQL too it needs neither SQLAlchemy's ORM nor Alembic: the file's
reader (`elotui.logbook.reader.LogbookReader`, plain SQL) runs its own statements on the psycopg
connection made here, a `QmarkConnection`, which spells SQLite's `?` placeholders as psycopg's `%s`.
Dates come back as ISO text (the session's `DateStyle` is ISO and the `date` type is loaded as text),
as the file gives them, so the records are made by the same code. The connection is read-only and
reads one snapshot (REPEATABLE READ): a player and their games are read as of one moment even while
the rating officer is writing.

`open_server_connection` returns None for anything but a logbook at the current schema on a server that
answers (the repository then migrates, refuses or says why), and when psycopg is not installed.
Measured against SQLAlchemy Core's rows on 100,000 games: tests/benchmarks/bench_postgres.py.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, cast

from elotui.logbook.schema import HEAD_REVISION, HEAD_TABLES

if TYPE_CHECKING:
    from elotui.logbook.paths import ServerLogbook

# The tables of the logbook's schema (also `server_migrate`'s first read).
TABLES_SQL = (
    "SELECT table_name FROM information_schema.tables"
    " WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
)


# Rows a streamed select brings from the server at a time (libpq 17 and later; one at a time before).
STREAM_ROWS = 2000


class QmarkConnection:
    """What `LogbookReader` asks of its connection (`execute`, `close`, and `stream` for a long
    select), on psycopg."""

    def __init__(self, connection: Any) -> None:
        self._connection = connection

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> Any:
        # The reader's SQL holds no `%` and no `?` but its placeholders.
        return self._connection.execute(sql.replace("?", "%s"), tuple(parameters))

    def stream(self, sql: str, parameters: Sequence[Any] = ()) -> Iterator[Any]:
        """The rows as they come: `execute` would bring every row into memory first."""
        import psycopg

        size = STREAM_ROWS if psycopg.pq.version() >= 170000 else 1
        cursor = self._connection.cursor()
        return cast(
            "Iterator[Any]",
            cursor.stream(sql.replace("?", "%s"), tuple(parameters), size=size),
        )

    def close(self) -> None:
        self._connection.close()


def _connect(logbook: ServerLogbook) -> Any:
    import psycopg
    from psycopg.types.string import TextLoader

    from elotui.logbook.engine import CONNECT_TIMEOUT_S

    url = logbook.url
    arguments: dict[str, Any] = {
        **url.translate_connect_args(username="user", database="dbname"),
        **{key: str(value) for key, value in url.query.items()},
    }
    connection = psycopg.connect(
        **arguments, connect_timeout=CONNECT_TIMEOUT_S, options="-c datestyle=ISO,YMD"
    )
    connection.adapters.register_loader("date", TextLoader)  # ISO text, as SQLite stores dates
    connection.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
    connection.read_only = True
    return connection


def _is_current(connection: Any) -> bool:
    tables = {row[0] for row in connection.execute(TABLES_SQL)}
    if not tables >= HEAD_TABLES | {"alembic_version"}:
        return False
    revisions = [row[0] for row in connection.execute("SELECT version_num FROM alembic_version")]
    return revisions == [HEAD_REVISION]


def open_server_connection(logbook: ServerLogbook) -> QmarkConnection | None:
    """A read-only connection to the logbook on the server, or None (see the module docstring)."""
    import importlib.util

    if importlib.util.find_spec("psycopg") is None:
        return None  # the repository says how to install it
    import psycopg

    try:
        connection = _connect(logbook)
    except psycopg.Error:
        return None  # the repository says why (unreachable, refused), once
    try:
        current = _is_current(connection)
    except psycopg.Error:
        current = False
    if not current:
        connection.close()
        return None
    return QmarkConnection(connection)
