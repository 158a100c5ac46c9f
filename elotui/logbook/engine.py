"""The one place an SQLAlchemy engine for a logbook file is made.

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
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.pool import NullPool

BUSY_TIMEOUT_MS = 5000
# Page cache per connection (grows only as used): bulk imports update the game index in memory
# instead of re-reading pages; changes nothing about durability.
CACHE_KIB = 32 * 1024


def make_engine(path: Path | str, *, foreign_keys: bool = True) -> Engine:
    """An engine on the SQLite file `path` with elotui's pragmas.

    `foreign_keys=False` is for the migration runner only: SQLite's batch migrations copy and drop
    tables, and a DROP TABLE with foreign keys on would cascade-delete every game. The runner checks
    `PRAGMA foreign_key_check` itself before it commits.
    """
    # NullPool: a short-lived CLI or a thread worker opens and closes; no connection outlives its use
    # (so a file can be copied or removed right after, e.g. by tests and the backup step).
    engine = create_engine(f"sqlite:///{Path(path)}", poolclass=NullPool)

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
        immediate = connection.get_execution_options().get("immediate", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine
