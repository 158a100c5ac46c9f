"""The fast read path: a logbook already at the current schema, read with plain `sqlite3`.

Replaying a player only reads, so it needs neither SQLAlchemy nor Alembic: `open_reader` checks that
the file is an elotui logbook at the current schema and reads it without changing it. For anything else (a new
file, pending migrations, a file to refuse) it returns None, and the caller opens the `Repository`,
which migrates or refuses with the reason. The records are the repository's own dataclasses.

The history screen reads its first page here too (`player_ids_by_name`, `list_games`), so its first
rows are painted before SQLAlchemy is even loaded (see `elotui.tui.logbook_access`).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from elotui.i18n import _
from elotui.logbook.paths import LogbookAddress
from elotui.logbook.records import (
    GAME_RECORD_COLUMNS,
    STANDARD,
    GameRecord,
    NotFound,
    PlayerRecord,
    PublishedRecord,
    RatingList,
    gc_paused,
    records_from_rows,
)
from elotui.logbook.schema import is_current, looking_connection

_PLAYER_COLUMNS = (
    "id, name, fide_id, birth_year, start_rating, games_before, reached_2400, fixed_k, notes"
)
_GAMES_SQL = (
    f"SELECT {', '.join(GAME_RECORD_COLUMNS)} FROM game WHERE player_id = ? AND rating_list = ?"
    " ORDER BY date, id"
)
# The games table's page, newest first (the repository's `list_games` with `rating_list`).
_PAGE_SQL = (
    f"SELECT {', '.join(GAME_RECORD_COLUMNS)} FROM game WHERE player_id = ? AND rating_list = ?"
    " ORDER BY date DESC, id DESC LIMIT ? OFFSET ?"
)
_PUBLISHED_SQL = (
    "SELECT id, player_id, month, rating, rating_list FROM published_rating"
    " WHERE player_id = ? AND rating_list = ? ORDER BY month"
)


def open_reader(path: LogbookAddress) -> LogbookReader | None:
    """A read-only view of the logbook at `path`, or None when it is not simply readable now (a
    logbook on a server: `server_reader`)."""
    if not isinstance(path, Path):
        from elotui.logbook.server_reader import open_server_reader  # PostgreSQL's equivalent

        return open_server_reader(path)
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


class LogbookReader:
    """Reads players, games and published ratings; holds one read-only connection until `close`."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self._connection = connection

    def find_player(self, name: str) -> PlayerRecord:
        row = self._connection.execute(
            f"SELECT {_PLAYER_COLUMNS} FROM player WHERE name = ?", (name.strip(),)
        ).fetchone()
        if row is None:
            raise NotFound(
                _("no player named {player!r}; add one with: elotui player add {player!r}").format(
                    player=name.strip()
                )
            )
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

    def list_published(
        self, player_id: int, rating_list: RatingList = STANDARD
    ) -> list[PublishedRecord]:
        """A player's published ratings on one list, by month."""
        rows = self._connection.execute(_PUBLISHED_SQL, (player_id, rating_list))
        return [PublishedRecord(*row) for row in rows]

    def close(self) -> None:
        self._connection.close()
