"""The fast read path: a logbook already at the current schema, read with plain `sqlite3`.

Replaying a player only reads, so it needs neither SQLAlchemy nor Alembic: `open_reader` checks that
the file is an elotui logbook at the current schema and reads it without changing it. For anything else (a new
file, pending migrations, a file to refuse) it returns None, and the caller opens the `Repository`,
which migrates or refuses with the reason. The records are the repository's own dataclasses.

`replay` reads a player's games as a stream (`games_as_stream`), so that it holds one period's games
at a time.

The history screen reads its first page here too (`player_ids_by_name`, `list_games`), so its first
rows are painted before SQLAlchemy is even loaded (see `elotui.tui.logbook_access`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, cast

from elotui.logbook.paths import LogbookAddress
from elotui.logbook.player_names import PlayerNames, no_player_named, stored_name
from elotui.logbook.records import (
    GAME_RECORD_COLUMNS,
    RATING_LISTS,
    STANDARD,
    GameRecord,
    PlayerRecord,
    PublishedRecord,
    RatingList,
    gc_paused,
    records_from_rows,
    records_of_rows,
)
from elotui.logbook.schema import is_current, looking_connection

_PLAYER_COLUMNS = (
    "id, name, fide_id, birth_year, start_rating, games_before, reached_2400, fixed_k, notes"
)
_GAMES_SQL = (
    f"SELECT {', '.join(GAME_RECORD_COLUMNS)} FROM game WHERE player_id = ? AND rating_list = ?"
    " ORDER BY date, id"
)
# A player's games as `replay.order.periods_in` reads them: by date (the index's order, nothing to
# sort), but for the few whose period may come before their date's (pinned, or in an event that
# ends before the game), read apart, first.
_IN_DATE_ORDER_SQL = (
    f"SELECT {', '.join(GAME_RECORD_COLUMNS)} FROM game WHERE player_id = ? AND rating_list = ?"
    " AND rated_period IS NULL AND (event_end IS NULL OR event_end >= date) ORDER BY date, id"
)
_OUT_OF_LINE_SQL = (
    f"SELECT {', '.join(GAME_RECORD_COLUMNS)} FROM game WHERE player_id = ? AND rating_list = ?"
    " AND (rated_period IS NOT NULL OR event_end < date) ORDER BY date, id"
)
# The games table's page, newest first (the repository's `list_games` with `rating_list`).
_PAGE_SQL = (
    f"SELECT {', '.join(GAME_RECORD_COLUMNS)} FROM game WHERE player_id = ? AND rating_list = ?"
    " ORDER BY date DESC, id DESC LIMIT ? OFFSET ?"
)
_COUNT_BY_LIST_SQL = (
    "SELECT rating_list, count(*) FROM game WHERE player_id = ? GROUP BY rating_list"
)
_PUBLISHED_SQL = (
    "SELECT id, player_id, month, rating, rating_list, games, k FROM published_rating"
    " WHERE player_id = ? AND rating_list = ? ORDER BY month"
)


def open_reader(path: LogbookAddress) -> LogbookReader | None:
    """A read-only view of the logbook at `path`, or None when it is not simply readable now (a
    logbook on a server: `server_reader`)."""
    if not isinstance(path, Path):
        from elotui.logbook.server_reader import open_server_connection  # PostgreSQL's equivalent

        on_server = open_server_connection(path)
        if on_server is None:
            return None
        return LogbookReader(cast("Any", on_server), on_server.stream)
    if not path.is_file():
        return None
    try:
        connection = looking_connection(path)
    except sqlite3.Error:
        return None
    if not is_current(connection):
        connection.close()
        return None
    return LogbookReader(connection)


Rows = Callable[[str, Sequence[Any]], Iterable[Sequence[Any]]]  # a select's rows as they come


class LogbookReader:
    """Reads players, games and published ratings; holds one read-only connection until `close`.

    `streamed`: how a long select's rows are read as they come (a `sqlite3` cursor does so itself;
    a server's needs its own call, `server_reader`)."""

    def __init__(self, connection: sqlite3.Connection, streamed: Rows | None = None) -> None:
        self._connection = connection
        self._streamed: Rows = streamed or connection.execute

    def find_player(self, name: str) -> PlayerRecord:
        """The player `name` means (`PlayerNames.find`: exactly, else case and accents ignored)."""
        sql = f"SELECT {_PLAYER_COLUMNS} FROM player WHERE name = ?"
        row = self._connection.execute(sql, (stored_name(name.strip()),)).fetchone()
        if row is None:  # the lookup ignoring case and accents, or why it finds none
            found = PlayerNames(self.player_ids_by_name()).find(name)
            row = self._connection.execute(sql, (found,)).fetchone()
            if row is None:  # removed since
                raise no_player_named(name)
        (
            player_id,
            player_name,
            fide_id,
            birth_year,
            start_rating,
            games_before,
            reached,
            k,
            notes,
        ) = row
        return PlayerRecord(
            player_id, player_name, fide_id, birth_year, start_rating, games_before, bool(reached),
            k, notes,
        )  # fmt: skip

    def player_ids_by_name(self) -> dict[str, int]:
        return dict(self._connection.execute("SELECT name, id FROM player"))

    def list_games(
        self, player_id: int, *, limit: int, offset: int = 0, rating_list: RatingList = STANDARD
    ) -> list[GameRecord]:
        """A page of a player's games on one list, newest first (the history's first rows)."""
        rows = self._connection.execute(_PAGE_SQL, (player_id, rating_list, limit, offset))
        return records_from_rows(rows.fetchall())

    def games_for_replay(
        self, player_id: int, rating_list: RatingList = STANDARD
    ) -> list[GameRecord]:
        """A player's games on one list, oldest first (what the repository gives too), made from
        the rows as the cursor reads them (no list of 100,000 rows beside the records)."""
        with gc_paused():
            return records_from_rows(self._connection.execute(_GAMES_SQL, (player_id, rating_list)))

    def games_as_stream(
        self, player_id: int, rating_list: RatingList = STANDARD
    ) -> tuple[list[GameRecord], Iterator[GameRecord]]:
        """A player's games on one list as `replay.order.periods_in` takes them: those out of line
        (pinned, or in an event that ends before the game), read now, and the others, by date then
        id, as they are read. Read them to the end before the reader reads anything else."""
        parameters = (player_id, rating_list)
        out_of_line = records_from_rows(self._connection.execute(_OUT_OF_LINE_SQL, parameters))
        return out_of_line, records_of_rows(self._streamed(_IN_DATE_ORDER_SQL, parameters))

    def count_games_by_list(self, player_id: int) -> dict[RatingList, int]:
        """A player's games on each list, every list present (0 when it has none)."""
        rows = self._connection.execute(_COUNT_BY_LIST_SQL, (player_id,))
        counts = {name: int(count) for name, count in rows}
        return {name: counts.get(name, 0) for name in RATING_LISTS}

    def list_published(
        self, player_id: int, rating_list: RatingList = STANDARD
    ) -> list[PublishedRecord]:
        """A player's published ratings on one list, by month."""
        rows = self._connection.execute(_PUBLISHED_SQL, (player_id, rating_list))
        return [PublishedRecord(*row) for row in rows]

    def close(self) -> None:
        self._connection.close()
