"""Storage: the tables, the rows `add_games` takes, the records made from rows, the SQL of the fast
paths, and `Store`, the base every part of the `Repository` shares (its engine and its transactions).
"""

from __future__ import annotations

import datetime as dt
import functools
import operator
import sqlite3
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Boolean,
    Engine,
    Integer,
    Table,
    Text,
    bindparam,
    case,
    cast,
    func,
    insert,
    select,
)
from sqlalchemy.dialects.postgresql.psycopg import PGDialect_psycopg
from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DataError, IntegrityError, OperationalError
from sqlmodel import Session

from elotui.logbook.models import Game, Player
from elotui.logbook.player_names import stored_name
from elotui.logbook.records import (
    GAME_FIELDS,
    RATING_LISTS,
    STANDARD,
    GameRecord,
    NewGame,
    PlayerRecord,
    PublishedEntry,
    RatingList,
)
from elotui.logbook.repository.checks import check_rating_list, explain
from elotui.logbook.schema import BUSY_TIMEOUT_MS
from elotui.logbook.schema_upgrades import UpgradeResult


def list_order(column: Any) -> Any:
    """Order rows by list the way `RATING_LISTS` names them (standard, rapid, blitz), not by word."""
    return case({name: index for index, name in enumerate(RATING_LISTS)}, value=column)


GAME_TABLE: Table = Game.__table__  # type: ignore[attr-defined]
PLAYER_TABLE: Table = Player.__table__  # type: ignore[attr-defined]

# The storage columns `add_games` expects in each row (dates as ISO `YYYY-MM-DD` text).
GAME_COLUMNS: tuple[str, ...] = (
    "player_id",
    "date",
    "opponent",
    "opponent_rating",
    "score_halves",
    "event",
    "event_start",
    "event_end",
    "own_rating",
    "rated",
    "notes",
    "rating_list",
    "rated_period",
)

# What makes an imported game "the same" as one in the logbook (the event's dates, the pinned period
# and the notes do not count; the list does: a blitz and a standard game on one day are two games):
# a file imported twice adds nothing the second time. `DUPLICATE_KEY` picks these columns out of a
# storage row (`GAME_COLUMNS` order).
DUPLICATE_KEY_COLUMNS: tuple[str, ...] = (
    "player_id",
    "date",
    "opponent",
    "opponent_rating",
    "score_halves",
    "event",
    "own_rating",
    "rated",
    "rating_list",
)
DUPLICATE_KEY = operator.itemgetter(*(GAME_COLUMNS.index(name) for name in DUPLICATE_KEY_COLUMNS))


# --- conversions ----------------------------------------------------------------------------------


def player_record(player: Player) -> PlayerRecord:
    assert player.id is not None
    return PlayerRecord(
        id=player.id,
        name=player.name,
        fide_id=player.fide_id,
        birth_year=player.birth_year,
        start_rating=player.start_rating,
        games_before=player.games_before,
        reached_2400=player.reached_2400,
        fixed_k=player.fixed_k,
        notes=player.notes,
    )


def game_record(game: Game) -> GameRecord:
    assert game.id is not None
    return GameRecord(
        id=game.id,
        player_id=game.player_id,
        date=game.date,
        opponent_rating=game.opponent_rating,
        score_halves=game.score_halves,
        opponent=game.opponent,
        event=game.event,
        event_start=game.event_start,
        event_end=game.event_end,
        own_rating=game.own_rating,
        rated=game.rated,
        notes=game.notes,
        rating_list=check_rating_list(game.rating_list),
        rated_period=game.rated_period,
    )


def game_row(player_id: int, game: NewGame) -> tuple[Any, ...]:
    """The storage tuple (`GAME_COLUMNS` order) of a game, as `add_games` takes it (names in NFC:
    `player_names.stored_name`)."""
    return (
        player_id,
        game.date.isoformat(),
        game.opponent and stored_name(game.opponent),
        game.opponent_rating,
        game.score_halves,
        game.event and stored_name(game.event),
        game.event_start.isoformat() if game.event_start else None,
        game.event_end.isoformat() if game.event_end else None,
        game.own_rating,
        1 if game.rated else 0,
        game.notes,
        game.rating_list,
        game.rated_period,
    )


_GAME_SELECT_COLUMNS = (
    GAME_TABLE.c.id,
    GAME_TABLE.c.player_id,
    GAME_TABLE.c.date,
    GAME_TABLE.c.opponent_rating,
    GAME_TABLE.c.score_halves,
    GAME_TABLE.c.opponent,
    GAME_TABLE.c.event,
    GAME_TABLE.c.event_start,
    GAME_TABLE.c.event_end,
    GAME_TABLE.c.own_rating,
    GAME_TABLE.c.rated,
    GAME_TABLE.c.notes,
    GAME_TABLE.c.rating_list,
    GAME_TABLE.c.rated_period,
)


# The bulk paths build their SQL with Core once, then run it on the DBAPI cursor of an SQLAlchemy
# connection (our pragmas, our transaction): SQLAlchemy's per-row parameter and result processing
# would otherwise cost more than SQLite itself on 100,000 rows. Each SQL is made for the dialect of
# the logbook ("sqlite" or "postgresql", `Store.dialect`), always with positional parameters.
SQLITE = "sqlite"
POSTGRESQL = "postgresql"


@functools.cache
def _dialect(name: str) -> Dialect:
    if name == SQLITE:
        return SQLiteDialect_pysqlite()
    return PGDialect_psycopg(paramstyle="format")  # type: ignore[no-untyped-call]  # `%s`: tuples


def _compile(statement: Any, dialect: str) -> tuple[str, tuple[str, ...]]:
    compiled = statement.compile(dialect=_dialect(dialect))
    return str(compiled), tuple(compiled.positiontup or ())


def _as_text(column: Any, dialect: str) -> Any:
    """A date column as the ISO text the rows and records hold (SQLite stores it so already; the
    server's engine asks for ISO dates, see `engine.make_server_engine`)."""
    return column if dialect == SQLITE else cast(column, Text)


@functools.cache
def bulk_insert_sql(dialect: str = SQLITE) -> str:
    values: dict[str, Any] = {name: bindparam(name) for name in GAME_COLUMNS}
    if dialect != SQLITE:
        # The rows hold `rated` as 0/1 (SQLite's boolean); a server's boolean column takes no integer.
        values["rated"] = cast(cast(bindparam("rated"), Integer), Boolean)
    sql, order = _compile(insert(GAME_TABLE).values(values), dialect)
    assert order == GAME_COLUMNS, order
    return sql


def duplicate_keys_sql(
    player_ids: Iterable[int], first: str, last: str, dialect: str = SQLITE
) -> str:
    """One select of the duplicate keys of these players' games from `first` to `last` (ISO dates).

    The values come out as the import rows hold them: dates as ISO text, `rated` 0/1, and an empty
    opponent or event as NULL (what an import stores for an empty cell). The date range is the
    file's: games outside it cannot be the same, and the index on (player_id, date) skips them.
    """
    columns = [
        func.nullif(GAME_TABLE.c[name], "")
        if name in ("opponent", "event")
        else _as_text(GAME_TABLE.c[name], dialect)
        if name == "date"
        else cast(GAME_TABLE.c[name], Integer)
        if name == "rated" and dialect != SQLITE
        else GAME_TABLE.c[name]
        for name in DUPLICATE_KEY_COLUMNS
    ]
    # The ids are our own integers (the player table's) and the dates checked ISO text: inline, so
    # any number of players fits.
    statement = select(*columns).where(
        GAME_TABLE.c.player_id.in_(sorted(map(int, player_ids))),
        GAME_TABLE.c.date.between(dt.date.fromisoformat(first), dt.date.fromisoformat(last)),
    )
    return str(statement.compile(dialect=_dialect(dialect), compile_kwargs={"literal_binds": True}))


@functools.cache
def select_games_sql(newest_first: bool, one_list: bool = False, dialect: str = SQLITE) -> str:
    order = (
        (GAME_TABLE.c.date.desc(), GAME_TABLE.c.id.desc())
        if newest_first
        else (GAME_TABLE.c.date, GAME_TABLE.c.id)
    )
    columns = [
        _as_text(column, dialect) if column.name in ("date", "event_start", "event_end") else column
        for column in _GAME_SELECT_COLUMNS
    ]
    statement = select(*columns).where(GAME_TABLE.c.player_id == bindparam("player_id"))
    if one_list:
        statement = statement.where(GAME_TABLE.c.rating_list == bindparam("rating_list"))
    statement = statement.order_by(*order).limit(bindparam("limit")).offset(bindparam("offset"))
    sql, params = _compile(statement, dialect)
    expected = ("player_id", "rating_list") if one_list else ("player_id",)
    assert params == (*expected, "limit", "offset"), params
    return sql


def no_limit(dialect: str) -> int | None:
    """The LIMIT value that means "every row": SQLite's -1, a server's NULL."""
    return -1 if dialect == SQLITE else None


class Store:
    """What every part of the `Repository` shares: the engine, and one transaction per write.

    A logbook not created yet (`not_yet`: the file's path) reads as an empty one, from an in-memory
    database of the current schema, and its file is made at the first write (`_writer`): a command
    refused before it writes (an unknown player, a bad import) leaves no new file behind.
    """

    def __init__(
        self,
        engine: Engine,
        *,
        upgrade: UpgradeResult | None = None,
        not_yet: Path | None = None,
    ) -> None:
        self.engine = engine
        self.dialect = engine.dialect.name  # SQLITE or POSTGRESQL: which SQL the fast paths run
        self._file_writer = engine.execution_options(immediate=True)
        self.upgrade = upgrade  # what opening did to the file (created, migrated, backup), if known
        self._not_yet = not_yet
        self._empty: Engine | None = engine if not_yet is not None else None  # disposed at `close`
        self._creating = threading.Lock()
        self._kept: sqlite3.Connection | None = None  # `keep_connected`
        # `keep_connected` runs in a worker and `close` on another thread: one at a time, and none
        # kept once closed (else a connection opened while closing would keep the file open).
        self._kept_lock = threading.Lock()
        self._closed = False

    @property
    def _writer(self) -> Engine:
        """The engine writes begin on (`BEGIN IMMEDIATE`); the file is made first if it is not yet."""
        if self._not_yet is not None:
            self._create_file()
        return self._file_writer

    def _create_file(self) -> None:
        from elotui.logbook.engine import make_engine
        from elotui.logbook.migrate import upgrade_database

        with self._creating:
            path = self._not_yet
            if path is None:  # another thread made it meanwhile
                return
            # Safe beside other elotuis making it at the same moment (`migrate`'s docstring).
            self.upgrade = upgrade_database(path)
            engine = make_engine(path)
            self._file_writer = engine.execution_options(immediate=True)
            # The empty engine is left open: a read on another thread may be using it.
            self.engine = engine
            self._not_yet = None

    def _write(self) -> WriteSession:
        return WriteSession(self._writer)

    @property
    def made(self) -> bool:
        """Whether the logbook's file exists (else it is made at the first write)."""
        return self._not_yet is None

    @property
    def file(self) -> Path | None:
        """The SQLite file this logbook is (None for a database on a server); maybe not made yet."""
        if self._not_yet is not None:
            return self._not_yet
        if self.dialect != SQLITE or not self.engine.url.database:
            return None
        return Path(self.engine.url.database)

    def keep_connected(self) -> None:
        """Keep a connection to the file open, idle, until `close` (the app does, from the first
        history load until it closes the logbook; nothing on a server).

        Each write opens a connection of its own and closes it (NullPool, `engine.make_engine`), and
        the last connection closed to a WAL file checkpoints it into the file, an fsync: 20-40 ms of
        every write from the app, most of a game added. With this one open the
        writes' connections are never the last; the WAL is checkpointed as it grows (SQLite's
        automatic checkpoint) and once more at `close`. It holds no lock and no transaction (one read
        outside of any, to open the WAL's index), so others read and write as before.
        """
        if self.dialect != SQLITE or self._not_yet is not None:
            return  # nothing to keep on a server, or in a file not made yet
        path = self.engine.url.database
        assert path is not None  # a file's engine (`make_engine`)
        with self._kept_lock:
            if self._kept is not None or self._closed:
                return
            # Closed by `close`, maybe from another thread than the worker that opened it; it waits
            # for a writer's lock as long as the engine's connections do.
            kept = sqlite3.connect(
                path, timeout=BUSY_TIMEOUT_MS / 1000, check_same_thread=False, isolation_level=None
            )
            kept.execute("SELECT count(*) FROM sqlite_master").fetchall()
            self._kept = kept

    def close(self) -> None:
        with self._kept_lock:
            self._closed = True
            if self._kept is not None:
                self._kept.close()
                self._kept = None
        self.engine.dispose()
        if self._empty is not None:
            self._empty.dispose()


def empty_logbook_engine() -> Engine:
    """An in-memory logbook of the current schema and no rows: what a logbook not made yet reads as
    (`Store`). One connection for every thread (StaticPool), so every read sees the same tables."""
    from sqlalchemy import create_engine
    from sqlalchemy.pool import StaticPool
    from sqlmodel import SQLModel

    engine = create_engine(
        "sqlite://", poolclass=StaticPool, connect_args={"check_same_thread": False}
    )
    SQLModel.metadata.create_all(engine)
    return engine


def count_games_in(
    session: Session, player_id: int | None, rating_list: RatingList | None = None
) -> int:
    """Games of one player (None: everyone's), of one list (None: every list), in `session`."""
    statement = select(func.count()).select_from(GAME_TABLE)
    if player_id is not None:
        statement = statement.where(GAME_TABLE.c.player_id == player_id)
    if rating_list is not None:
        statement = statement.where(GAME_TABLE.c.rating_list == check_rating_list(rating_list))
    return int(session.connection().execute(statement).scalar_one())


class WriteSession:
    """`with repository._write() as session:` one transaction; database refusals become LogbookError."""

    def __init__(self, engine: Engine) -> None:
        self._session = Session(engine, expire_on_commit=False)

    def __enter__(self) -> Session:
        self._session.begin()
        return self._session

    def __exit__(self, kind: object, error: BaseException | None, _tb: object) -> None:
        try:
            if error is None:
                try:
                    self._session.commit()
                except (IntegrityError, OperationalError, DataError) as refused:
                    self._session.rollback()
                    raise explain(refused) from None
            else:
                self._session.rollback()
                if isinstance(error, IntegrityError | OperationalError | DataError):
                    raise explain(error) from None
        finally:
            self._session.close()


def game_values(game: NewGame) -> dict[str, Any]:
    """A game's columns as the ORM sets them (names in NFC, as `game_row`)."""
    return {
        "date": game.date,
        "opponent": game.opponent and stored_name(game.opponent),
        "opponent_rating": game.opponent_rating,
        "event": game.event and stored_name(game.event),
        "event_start": game.event_start,
        "event_end": game.event_end,
        "own_rating": game.own_rating,
        "rated": game.rated,
        "notes": game.notes,
        "rating_list": game.rating_list,
        "rated_period": game.rated_period,
    }


def published_entry(
    entry: PublishedEntry,
) -> tuple[str, int, RatingList, int | None, int | None]:
    """A bundle's published rating as (month, rating, list, games, K): a pair is on the standard
    list, and games and K are not given unless the entry has them."""
    if len(entry) == 5:
        return entry
    if len(entry) == 3:
        month, rating, rating_list = entry
        return month, rating, rating_list, None, None
    month, rating = entry
    return month, rating, STANDARD, None, None


def new_game(record: GameRecord) -> NewGame:
    return NewGame(**{name: getattr(record, name) for name in GAME_FIELDS})  # `score` via property
