"""Reading and writing the logbook; everything leaves here as plain frozen dataclasses.

- `PlayerRecord`, `GameRecord`, `PublishedRecord` are what the replay, the CLI and the app consume. They
  hold no session and no ORM state.
- A game's score is stored and read as `score_halves` (2 win, 1 draw, 0 loss: what the replay reads),
  and also offered as `score`, a `fractions.Fraction` (`1`, `1/2`, `0`, what `elotui.rating` computes
  with). `NewGame` takes the Fraction; `GameRecord` holds the half points.
  An unrated opponent is `opponent_rating=None`; a player unrated at the start is `start_rating=None`.
- A published rating's month is text `YYYY-MM`.
- Rating lists: every game and published rating has a `rating_list` ("standard", "rapid", "blitz";
  `RATING_LISTS`). Reads that feed a replay take one list (`games_for_replay`, `list_published`: standard
  unless told); the listings (`list_games`, `count_games`) take an optional list filter, None for all.
  A game's `rated_period` (YYYY-MM or None) is its event's pinned period.
- Each call opens one short session or connection; each write is one transaction (`BEGIN IMMEDIATE`), so a
  failed write changes nothing and raises a `LogbookError` whose `str()` says why in one line.
- Bulk paths (`add_games`, `import_games`, `games_for_replay`) use SQLAlchemy Core with one `executemany`
  or one select of plain tuples, never one ORM object per game.
- An import (`import_games`) skips the games already in the logbook, counted as a multiset on
  `DUPLICATE_KEY_COLUMNS`, in the same transaction as its insert.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import operator
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, Table, bindparam, case, func, insert, select
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.dialects.sqlite.pysqlite import SQLiteDialect_pysqlite as sqlite_dialect
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlmodel import Session, col
from sqlmodel import select as orm_select

from elotui.dates import EARLIEST_YEAR, LATEST_YEAR, BadDate, check_date
from elotui.logbook.engine import describe_sqlite_error, make_engine
from elotui.logbook.migrate import UpgradeResult, upgrade_database
from elotui.logbook.models import Game, Player, PublishedRating
from elotui.logbook.records import (
    DRAW,
    FIDE_ID_MAX,
    GAME_FIELDS,
    GAMES_BEFORE_MAX,
    HALVES_BY_SCORE,
    LOSS,
    PLAYER_FIELDS,
    RATING_LISTS,
    SCORE_BY_HALVES,
    STANDARD,
    WIN,
    GameRecord,
    InvalidData,
    LogbookError,
    NewGame,
    NotFound,
    PlayerBundle,
    PlayerRecord,
    PublishedRecord,
    RatingList,
    gc_paused,
    is_rating_list,
    records_from_rows,
)
from elotui.rating.calendar import checked_month
from elotui.rating.inputs import K_MAX, K_MIN, RATING_MAX, RATING_MIN
from elotui.safe_text import unsafe_character

# The records live in `records` (no SQLAlchemy there); importers may take them from here too.
__all__ = [
    "DRAW",
    "GAME_FIELDS",
    "HALVES_BY_SCORE",
    "LOSS",
    "PLAYER_FIELDS",
    "RATING_LISTS",
    "SCORE_BY_HALVES",
    "STANDARD",
    "WIN",
    "GameRecord",
    "ImportedGames",
    "InvalidData",
    "LogbookError",
    "NewGame",
    "NotFound",
    "PlayerBundle",
    "PlayerRecord",
    "PublishedRecord",
    "RatingList",
    "Repository",
    "gc_paused",
    "open_repository",
    "records_from_rows",
]


def _list_order(column: Any) -> Any:
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
# and the notes do not count; the list does: a blitz and a standard game on one day are two games): a file imported twice adds nothing the second time. `_DUPLICATE_KEY` picks these columns out
# of a storage row (`GAME_COLUMNS` order).
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
_DUPLICATE_KEY = operator.itemgetter(*(GAME_COLUMNS.index(name) for name in DUPLICATE_KEY_COLUMNS))


@dataclasses.dataclass(frozen=True, slots=True)
class ImportedGames:
    """What `import_games` did: games added, and games left out as already there, by player id."""

    added: int
    already_there: dict[int, int] = dataclasses.field(default_factory=dict)

    @property
    def already_there_total(self) -> int:
        return sum(self.already_there.values())


# --- checks (the database enforces the same; these give the friendlier message) ------------------


def _check_rating(value: int | None, what: str) -> None:
    if value is not None and not RATING_MIN <= value <= RATING_MAX:
        raise InvalidData(f"{what} must be from {RATING_MIN} to {RATING_MAX}, not {value}")


def _check_text(value: object, what: str, *, notes: bool = False) -> None:
    # Undecodable bytes (a lone surrogate, from argv or a JSON escape) cannot be stored as UTF-8.
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise InvalidData(f"{what} holds characters that are not valid text") from None
        # Terminal and direction controls (ESC, a right-to-left override...): see elotui/safe_text.py.
        unsafe = unsafe_character(value, notes=notes)
        if unsafe is not None:
            raise InvalidData(f"{what} holds a control character ({unsafe}), which elotui refuses")


def check_player_fields(fields: Mapping[str, Any]) -> None:
    if "name" in fields:
        name = fields["name"]
        if not isinstance(name, str) or not name.strip():
            raise InvalidData("a player's name cannot be empty")
        _check_text(name, "the name")
    _check_text(fields.get("notes"), "the notes", notes=True)
    _check_rating(fields.get("start_rating"), "rating")
    games_before = fields.get("games_before")
    if games_before is not None and games_before < 0:
        raise InvalidData(f"games before the logbook cannot be negative, not {games_before}")
    if games_before is not None and games_before > GAMES_BEFORE_MAX:
        raise InvalidData(
            f"games before the logbook must be at most {GAMES_BEFORE_MAX}, not {games_before}"
        )
    fixed_k = fields.get("fixed_k")
    if fixed_k is not None and not K_MIN <= fixed_k <= K_MAX:
        raise InvalidData(f"K must be from {K_MIN} to {K_MAX}, not {fixed_k}")
    birth_year = fields.get("birth_year")
    if birth_year is not None and not EARLIEST_YEAR <= birth_year <= LATEST_YEAR:
        raise InvalidData(f"birth year {birth_year} is not plausible")
    fide_id = fields.get("fide_id")
    if fide_id is not None and not 0 < fide_id <= FIDE_ID_MAX:
        raise InvalidData(f"FIDE id must be a number from 1 to {FIDE_ID_MAX}, not {fide_id}")


def check_game_fields(game: NewGame) -> None:
    _check_text(game.opponent, "the opponent")
    _check_text(game.event, "the event")
    _check_text(game.notes, "the notes", notes=True)
    _check_rating(game.opponent_rating, "opponent rating")
    _check_rating(game.own_rating, "own rating")
    if game.score not in HALVES_BY_SCORE:
        raise InvalidData(f"result must be 1, 0.5 or 0, not {game.score}")
    if game.event_start and game.event_end and game.event_start > game.event_end:
        raise InvalidData("the event cannot end before it starts")
    check_rating_list(game.rating_list)
    check_rated_period(game.rated_period)
    for day in (game.date, game.event_start, game.event_end):
        if day is not None:
            try:
                check_date(day)  # one range everywhere (elotui/dates.py): 9999-12-31 cannot replay
            except BadDate as error:
                raise InvalidData(str(error)) from None


def check_month(month: str) -> str:
    try:
        return checked_month(month)
    except BadDate as error:
        raise InvalidData(str(error)) from None


def check_rating_list(rating_list: object) -> RatingList:
    if not is_rating_list(rating_list):
        raise InvalidData(f"the rating list must be standard, rapid or blitz, not {rating_list!r}")
    return rating_list


def check_rated_period(period: str | None) -> str | None:
    if period is None:
        return None
    if not isinstance(period, str):
        raise InvalidData(f"the rated period must be YYYY-MM, not {period!r}")
    return check_month(period)


def month_of(day: dt.date) -> str:
    return f"{day.year:04d}-{day.month:02d}"


def _explain(error: IntegrityError | OperationalError) -> LogbookError:
    """The database's refusal as one line a user can act on."""
    message = str(error.orig)
    if "UNIQUE constraint failed: player.name" in message:
        return InvalidData("a player with that name already exists")
    if "UNIQUE constraint failed: published_rating" in message:
        return InvalidData("that player already has a published rating for that list and month")
    if "FOREIGN KEY constraint failed" in message:
        return NotFound("the player does not exist (any more)")
    if "CHECK constraint failed" in message:
        name = message.rsplit(":", 1)[-1].strip()
        return InvalidData(f"the database refused a value ({name})")
    return LogbookError(describe_sqlite_error(message))  # busy, disk full, read-only, ...


def _name_taken(error: InvalidData, name: str) -> InvalidData:
    if "already exists" in str(error) and name:
        return InvalidData(f"a player named {name!r} already exists")
    return error


# --- conversions ----------------------------------------------------------------------------------


def _player_record(player: Player) -> PlayerRecord:
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


def _game_record(game: Game) -> GameRecord:
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
    """The storage tuple (`GAME_COLUMNS` order) of a game, as `add_games` takes it."""
    return (
        player_id,
        game.date.isoformat(),
        game.opponent,
        game.opponent_rating,
        HALVES_BY_SCORE[game.score],
        game.event,
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
# would otherwise cost more than SQLite itself on 100,000 rows.
def _compile(statement: Any) -> tuple[str, tuple[str, ...]]:
    compiled = statement.compile(dialect=sqlite_dialect())
    return str(compiled), tuple(compiled.positiontup or ())


@functools.cache
def _bulk_insert_sql() -> str:
    sql, order = _compile(
        insert(GAME_TABLE).values({name: bindparam(name) for name in GAME_COLUMNS})
    )
    assert order == GAME_COLUMNS, order
    return sql


def _duplicate_keys_sql(player_ids: Iterable[int], first: str, last: str) -> str:
    """One select of the duplicate keys of these players' games from `first` to `last` (ISO dates).

    The values come out as the import rows hold them: dates as ISO text, `rated` 0/1, and an empty
    opponent or event as NULL (what an import stores for an empty cell). The date range is the
    file's: games outside it cannot be the same, and the index on (player_id, date) skips them.
    """
    columns = [
        func.nullif(GAME_TABLE.c[name], "") if name in ("opponent", "event") else GAME_TABLE.c[name]
        for name in DUPLICATE_KEY_COLUMNS
    ]
    # The ids are our own integers (the player table's) and the dates checked ISO text: inline, so
    # any number of players fits.
    statement = select(*columns).where(
        GAME_TABLE.c.player_id.in_(sorted(map(int, player_ids))),
        GAME_TABLE.c.date.between(dt.date.fromisoformat(first), dt.date.fromisoformat(last)),
    )
    return str(statement.compile(dialect=sqlite_dialect(), compile_kwargs={"literal_binds": True}))


@functools.cache
def _select_games_sql(newest_first: bool, one_list: bool = False) -> str:
    order = (
        (GAME_TABLE.c.date.desc(), GAME_TABLE.c.id.desc())
        if newest_first
        else (GAME_TABLE.c.date, GAME_TABLE.c.id)
    )
    statement = select(*_GAME_SELECT_COLUMNS).where(
        GAME_TABLE.c.player_id == bindparam("player_id")
    )
    if one_list:
        statement = statement.where(GAME_TABLE.c.rating_list == bindparam("rating_list"))
    statement = statement.order_by(*order).limit(bindparam("limit")).offset(bindparam("offset"))
    sql, params = _compile(statement)
    expected = ("player_id", "rating_list") if one_list else ("player_id",)
    assert params == (*expected, "limit", "offset"), params
    return sql


# --- the repository -------------------------------------------------------------------------------


class Repository:
    """The logbook in one SQLite file. Safe to share between threads: nothing is kept open."""

    def __init__(self, engine: Engine, *, upgrade: UpgradeResult | None = None) -> None:
        self.engine = engine
        self._writer = engine.execution_options(immediate=True)
        self.upgrade = upgrade  # what opening did to the file (created, migrated, backup), if known

    # players

    def add_player(
        self,
        name: str,
        *,
        fide_id: int | None = None,
        birth_year: int | None = None,
        start_rating: int | None = None,
        games_before: int = 0,
        reached_2400: bool = False,
        fixed_k: int | None = None,
        notes: str = "",
    ) -> PlayerRecord:
        fields: dict[str, Any] = {
            "name": name.strip(),
            "fide_id": fide_id,
            "birth_year": birth_year,
            "start_rating": start_rating,
            "games_before": games_before,
            "reached_2400": reached_2400,
            "fixed_k": fixed_k,
            "notes": notes,
        }
        check_player_fields(fields)
        player = Player(**fields)
        try:
            with self._write() as session:
                session.add(player)
                session.flush()
                return _player_record(player)
        except InvalidData as error:
            raise _name_taken(error, fields["name"]) from None

    def update_player(self, player_id: int, **changes: Any) -> PlayerRecord:
        """Change some of a player's fields (names as in `PlayerRecord`)."""
        unknown = set(changes) - set(PLAYER_FIELDS)
        if unknown:
            raise InvalidData(f"unknown player field(s): {', '.join(sorted(unknown))}")
        if "name" in changes:
            changes["name"] = str(changes["name"]).strip()
        check_player_fields(changes)
        try:
            with self._write() as session:
                player = session.get(Player, player_id)
                if player is None:
                    raise NotFound(f"no player with id {player_id}")
                for name, value in changes.items():
                    setattr(player, name, value)
                session.add(player)
                session.flush()
                return _player_record(player)
        except InvalidData as error:
            raise _name_taken(error, changes.get("name", "")) from None

    def get_player(self, player_id: int) -> PlayerRecord:
        with Session(self.engine) as session:
            player = session.get(Player, player_id)
            if player is None:
                raise NotFound(f"no player with id {player_id}")
            return _player_record(player)

    def find_player(self, name: str) -> PlayerRecord:
        """The player called `name` (exactly, after trimming spaces)."""
        with Session(self.engine) as session:
            player = session.exec(
                orm_select(Player).where(col(Player.name) == name.strip())
            ).first()
            if player is None:
                raise NotFound(
                    f"no player named {name.strip()!r}; add one with: elotui player add {name.strip()!r}"
                )
            return _player_record(player)

    def list_players(self) -> list[PlayerRecord]:
        with Session(self.engine) as session:
            players = session.exec(orm_select(Player).order_by(col(Player.name)))
            return [_player_record(player) for player in players]

    def player_ids_by_name(self) -> dict[str, int]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(PLAYER_TABLE.c.name, PLAYER_TABLE.c.id))
            return {name: player_id for name, player_id in rows}

    def remove_player(self, player_id: int) -> int:
        """Delete a player with all their games and published ratings; returns the games removed."""
        with self._write() as session:
            player = session.get(Player, player_id)
            if player is None:
                raise NotFound(f"no player with id {player_id}")
            games = self._count_games(session, player_id)
            session.delete(player)
            session.flush()
            return games

    # games

    def add_game(self, player_id: int, game: NewGame) -> GameRecord:
        check_game_fields(game)
        row = Game(
            player_id=player_id, score_halves=HALVES_BY_SCORE[game.score], **_game_values(game)
        )
        with self._write() as session:
            session.add(row)
            session.flush()
            return _game_record(row)

    def update_game(self, game_id: int, **changes: Any) -> GameRecord:
        """Change some of a game's fields (names as in `NewGame`, plus `player_id`)."""
        unknown = set(changes) - set(GAME_FIELDS) - {"player_id"}
        if unknown:
            raise InvalidData(f"unknown game field(s): {', '.join(sorted(unknown))}")
        with self._write() as session:
            row = session.get(Game, game_id)
            if row is None:
                raise NotFound(f"no game with id {game_id}")
            current = _game_record(row)
            updated = dataclasses.replace(
                _new_game(current), **{k: v for k, v in changes.items() if k != "player_id"}
            )
            check_game_fields(updated)
            for name, value in _game_values(updated).items():
                setattr(row, name, value)
            row.score_halves = HALVES_BY_SCORE[updated.score]
            if "player_id" in changes:
                row.player_id = changes["player_id"]
            session.add(row)
            session.flush()
            return _game_record(row)

    def get_game(self, game_id: int) -> GameRecord:
        with Session(self.engine) as session:
            row = session.get(Game, game_id)
            if row is None:
                raise NotFound(f"no game with id {game_id}")
            return _game_record(row)

    def remove_game(self, game_id: int) -> None:
        with self._write() as session:
            row = session.get(Game, game_id)
            if row is None:
                raise NotFound(f"no game with id {game_id}")
            session.delete(row)
            session.flush()

    def count_games(
        self, player_id: int | None = None, *, rating_list: RatingList | None = None
    ) -> int:
        """Games of one player (None: everyone's), of one list (None: every list)."""
        with Session(self.engine) as session:
            return self._count_games(session, player_id, rating_list)

    def count_games_by_list(self, player_id: int) -> dict[RatingList, int]:
        """A player's games on each list, every list present (0 when it has none)."""
        statement = (
            select(GAME_TABLE.c.rating_list, func.count())
            .where(GAME_TABLE.c.player_id == player_id)
            .group_by(GAME_TABLE.c.rating_list)
        )
        with self.engine.connect() as connection:
            counts = {name: int(count) for name, count in connection.execute(statement)}
        return {name: counts.get(name, 0) for name in RATING_LISTS}

    @staticmethod
    def _count_games(
        session: Session, player_id: int | None, rating_list: RatingList | None = None
    ) -> int:
        statement = select(func.count()).select_from(GAME_TABLE)
        if player_id is not None:
            statement = statement.where(GAME_TABLE.c.player_id == player_id)
        if rating_list is not None:
            statement = statement.where(GAME_TABLE.c.rating_list == check_rating_list(rating_list))
        return int(session.connection().execute(statement).scalar_one())

    def list_games(
        self,
        player_id: int,
        *,
        newest_first: bool = True,
        limit: int | None = None,
        offset: int = 0,
        rating_list: RatingList | None = None,
    ) -> list[GameRecord]:
        """One player's games by date (then by entry order); a page of them with `limit`/`offset`;
        those of one list with `rating_list` (None: every list)."""
        sql = _select_games_sql(newest_first, rating_list is not None)
        page = (-1 if limit is None else limit, offset)
        parameters = (
            (player_id, *page)
            if rating_list is None
            else (player_id, check_rating_list(rating_list), *page)
        )
        with gc_paused(), self.engine.connect() as connection:
            driver = connection.connection.driver_connection
            cursor = driver.execute(sql, parameters)  # type: ignore[union-attr]
            try:
                rows = cursor.fetchall()
            finally:
                cursor.close()
            return records_from_rows(rows)

    def games_for_replay(
        self, player_id: int, rating_list: RatingList = STANDARD
    ) -> list[GameRecord]:
        """A player's games on one list (a replay is of one list), oldest first: one Core select of
        plain tuples (fast)."""
        return self.list_games(player_id, newest_first=False, rating_list=rating_list)

    def add_games(self, rows: Sequence[Sequence[Any]]) -> int:
        """Insert many games in one transaction with one executemany; all or nothing.

        `rows` are storage tuples in `GAME_COLUMNS` order: dates as `YYYY-MM-DD` text,
        `score_halves` 0/1/2, `rated` 0/1 (see `game_row`). The caller has checked them.
        """
        if not rows:
            return 0
        try:
            with self._writer.begin() as connection:
                connection.exec_driver_sql(_bulk_insert_sql(), rows)
        except (IntegrityError, OperationalError) as error:
            raise _explain(error) from None
        return len(rows)

    def import_games(
        self, rows: Sequence[Sequence[Any]], *, keep_duplicates: bool = False
    ) -> ImportedGames:
        """`add_games` for an import: games already in the logbook are left out (all or nothing).

        Two games are the same when their `DUPLICATE_KEY_COLUMNS` are equal, counted as a multiset: a
        file that holds a game twice (a double round) adds one of them when the logbook has it once.
        The existing games of the players in `rows` are read with one select of plain tuples inside
        the insert's own transaction (under the write lock), so a concurrent writer cannot slip a game
        in between. `keep_duplicates` adds every row, as `add_games` does.
        """
        if not rows:
            return ImportedGames(0)
        already: Counter[int] = Counter()
        try:
            with self._writer.begin() as connection:
                kept = rows
                if not keep_duplicates:
                    kept, already = self._leave_out_existing(connection, rows)
                if kept:
                    connection.exec_driver_sql(_bulk_insert_sql(), kept)
        except (IntegrityError, OperationalError) as error:
            raise _explain(error) from None
        return ImportedGames(len(kept), dict(already))

    @staticmethod
    def _leave_out_existing(
        connection: Any, rows: Sequence[Sequence[Any]]
    ) -> tuple[Sequence[Sequence[Any]], Counter[int]]:
        """The rows not yet in the logbook (as a multiset), and those left out by player id."""
        already: Counter[int] = Counter()
        player_ids = {row[0] for row in rows}
        dates = [row[1] for row in rows]
        sql = _duplicate_keys_sql(player_ids, min(dates), max(dates))
        driver = connection.connection.driver_connection
        with gc_paused():
            cursor = driver.execute(sql)
            try:
                existing: Counter[tuple[Any, ...]] = Counter(cursor.fetchall())
            finally:
                cursor.close()
            if not existing:
                return rows, already  # a new player, or new dates: nothing to compare
            keys = list(map(_DUPLICATE_KEY, rows))
            if existing.keys().isdisjoint(keys):
                return rows, already  # all new (no Python loop over the rows)
            kept: list[Sequence[Any]] = []
            keep = kept.append
            for row, game in zip(rows, keys, strict=True):
                left = existing.get(game)
                if left:
                    existing[game] = left - 1
                    already[row[0]] += 1
                else:
                    keep(row)
        return kept, already

    def add_players_with_games(self, bundles: Sequence[PlayerBundle]) -> int:
        """Add whole players (profile, games, published ratings) in one transaction; returns games."""
        published_table: Table = PublishedRating.__table__  # type: ignore[attr-defined]
        for bundle in bundles:
            check_player_fields(bundle.profile)
            for game in bundle.games:
                check_game_fields(game)
            for month, rating, rating_list in map(_published_entry, bundle.published):
                check_month(month)
                _check_rating(rating, "published rating")
                check_rating_list(rating_list)
        games = 0
        try:
            with self._writer.begin() as connection:
                for bundle in bundles:
                    player_id = connection.execute(
                        insert(PLAYER_TABLE).values(**bundle.profile).returning(PLAYER_TABLE.c.id)
                    ).scalar_one()
                    rows = [game_row(player_id, game) for game in bundle.games]
                    if rows:
                        connection.exec_driver_sql(_bulk_insert_sql(), rows)
                    games += len(rows)
                    if bundle.published:
                        connection.execute(
                            insert(published_table),
                            [
                                {
                                    "player_id": player_id,
                                    "month": month,
                                    "rating": rating,
                                    "rating_list": rating_list,
                                }
                                for month, rating, rating_list in map(
                                    _published_entry, bundle.published
                                )
                            ],
                        )
        except (IntegrityError, OperationalError) as error:
            raise _explain(error) from None
        return games

    def add_new_games(self, player_id: int, games: Iterable[NewGame]) -> int:
        rows = []
        for game in games:
            check_game_fields(game)
            rows.append(game_row(player_id, game))
        return self.add_games(rows)

    # published ratings

    def set_published(
        self, player_id: int, month: str, rating: int, rating_list: RatingList = STANDARD
    ) -> PublishedRecord:
        """Record the rating of `month`'s official `rating_list` (replacing one already there)."""
        check_month(month)
        _check_rating(rating, "published rating")
        check_rating_list(rating_list)
        table: Table = PublishedRating.__table__  # type: ignore[attr-defined]
        statement = (
            sqlite_insert(table)
            .values(player_id=player_id, month=month, rating=rating, rating_list=rating_list)
            .on_conflict_do_update(
                index_elements=["player_id", "rating_list", "month"], set_={"rating": rating}
            )
            .returning(table.c.id)
        )
        try:
            with self._writer.begin() as connection:
                published_id = connection.execute(statement).scalar_one()
        except (IntegrityError, OperationalError) as error:
            raise _explain(error) from None
        return PublishedRecord(published_id, player_id, month, rating, rating_list)

    def remove_published(
        self, player_id: int, month: str, rating_list: RatingList = STANDARD
    ) -> bool:
        table: Table = PublishedRating.__table__  # type: ignore[attr-defined]
        check_rating_list(rating_list)
        try:
            with self._writer.begin() as connection:
                result = connection.execute(
                    table.delete().where(
                        table.c.player_id == player_id,
                        table.c.month == month,
                        table.c.rating_list == rating_list,
                    )
                )
                return bool(result.rowcount)
        except OperationalError as error:
            raise _explain(error) from None

    def list_published(
        self, player_id: int, rating_list: RatingList | None = STANDARD
    ) -> list[PublishedRecord]:
        """A player's published ratings of one list by month (a replay reads one list); with
        `rating_list=None` those of every list, by list (standard, rapid, blitz) then month."""
        table: Table = PublishedRating.__table__  # type: ignore[attr-defined]
        statement = select(
            table.c.id, table.c.player_id, table.c.month, table.c.rating, table.c.rating_list
        ).where(table.c.player_id == player_id)
        if rating_list is not None:
            statement = statement.where(table.c.rating_list == check_rating_list(rating_list))
        statement = statement.order_by(_list_order(table.c.rating_list), table.c.month)
        with self.engine.connect() as connection:
            return [PublishedRecord(*row) for row in connection.execute(statement)]

    # plumbing

    def _write(self) -> _WriteSession:
        return _WriteSession(self._writer)

    def close(self) -> None:
        self.engine.dispose()


class _WriteSession:
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
                except (IntegrityError, OperationalError) as refused:
                    self._session.rollback()
                    raise _explain(refused) from None
            else:
                self._session.rollback()
                if isinstance(error, IntegrityError | OperationalError):
                    raise _explain(error) from None
        finally:
            self._session.close()


def _game_values(game: NewGame) -> dict[str, Any]:
    return {
        "date": game.date,
        "opponent": game.opponent,
        "opponent_rating": game.opponent_rating,
        "event": game.event,
        "event_start": game.event_start,
        "event_end": game.event_end,
        "own_rating": game.own_rating,
        "rated": game.rated,
        "notes": game.notes,
        "rating_list": game.rating_list,
        "rated_period": game.rated_period,
    }


def _published_entry(
    entry: tuple[str, int] | tuple[str, int, RatingList],
) -> tuple[str, int, RatingList]:
    """A bundle's published rating as (month, rating, list): a pair is on the standard list."""
    if len(entry) == 3:
        return entry
    month, rating = entry
    return month, rating, STANDARD


def _new_game(record: GameRecord) -> NewGame:
    return NewGame(**{name: getattr(record, name) for name in GAME_FIELDS})  # `score` via property


def open_repository(path: Path, *, create: bool = True) -> Repository:
    """Migrate `path` if needed (see `elotui.logbook.migrate`) and return its repository.

    Raises `DatabaseRefused` (file untouched) when the file cannot be used; with `create=False`,
    `NoLogbookYet` where there is no logbook yet (nothing is created).
    """
    upgrade = upgrade_database(path, create=create)
    return Repository(make_engine(path), upgrade=upgrade)
