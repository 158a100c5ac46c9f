"""The games of the logbook, one at a time (add, change, get, remove), and their listings."""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple, Unpack

from sqlalchemy import func, select
from sqlmodel import Session

from elotui.i18n import _
from elotui.logbook.models import Game
from elotui.logbook.records import (
    GAME_FIELDS,
    RATING_LISTS,
    STANDARD,
    GameChanges,
    GameRecord,
    InvalidData,
    NewGame,
    NotFound,
    RatingList,
    gc_paused,
    records_from_rows,
    rows_while_wanted,
)
from elotui.logbook.repository.checks import (
    GAME_CHANGED,
    GAME_DELETED,
    check_game_fields,
    check_rating_list,
    refuse_if_changed,
)
from elotui.logbook.repository.storage import (
    GAME_TABLE,
    Store,
    count_games_in,
    game_record,
    game_values,
    new_game,
    no_limit,
    select_games_sql,
)


def no_game(game_id: int) -> NotFound:
    return NotFound(_("no game with id {id}").format(id=game_id))


class GameTally(NamedTuple):
    """Every player's games summed up per list, and the largest game id then (`game_tally`)."""

    sums: dict[int, tuple[tuple[RatingList, int, int, int, int], ...]]
    newest: int  # 0: no games


class TalliedGame(NamedTuple):
    """What the tally sums of one game: the fields of its `GameRecord` it reads (`games_since`)."""

    player_id: int
    id: int
    rating_list: RatingList
    score_halves: int
    opponent_rating: int | None


class GameMethods(Store):
    """The `Repository`'s methods for single games and the listings."""

    def add_game(self, player_id: int, game: NewGame) -> GameRecord:
        check_game_fields(game)
        row = Game(player_id=player_id, score_halves=game.score_halves, **game_values(game))
        with self._write() as session:
            session.add(row)
            session.flush()
            return game_record(row)

    def update_game(
        self,
        game_id: int,
        *,
        expected: GameRecord | None = None,
        **changes: Unpack[GameChanges],
    ) -> GameRecord:
        """Change some of a game's fields (`GameChanges`: `NewGame`'s, plus `player_id`; an unknown
        one is refused at run time too, for a caller the type checker does not see).

        `expected`: the game as the caller was shown it; the change is refused (`ChangedElsewhere`,
        nothing written) when the game is not that any more (`_game_as_read`)."""
        unknown = set(changes) - set(GAME_FIELDS) - {"player_id"}
        if unknown:
            raise InvalidData(
                _("unknown game field(s): {fields}").format(fields=", ".join(sorted(unknown)))
            )
        if not self.made:  # no rows yet: refused before the file is made for it
            raise no_game(game_id)
        with self._write() as session:
            row, current = self._game_as_read(session, game_id, expected)
            game_fields: dict[str, Any] = {k: v for k, v in changes.items() if k != "player_id"}
            updated = dataclasses.replace(new_game(current), **game_fields)
            check_game_fields(updated)
            for name, value in game_values(updated).items():
                setattr(row, name, value)
            row.score_halves = updated.score_halves
            if "player_id" in changes:
                row.player_id = changes["player_id"]
            session.add(row)
            session.flush()
            return game_record(row)

    def get_game(self, game_id: int) -> GameRecord:
        with Session(self.engine) as session:
            row = session.get(Game, game_id)
            if row is None:
                raise no_game(game_id)
            return game_record(row)

    def remove_game(self, game_id: int, *, expected: GameRecord | None = None) -> None:
        """Delete a game; with `expected` (the game as the caller was shown it), only that game:
        refused (`ChangedElsewhere`, nothing deleted) when it changed since."""
        if not self.made:
            raise no_game(game_id)
        with self._write() as session:
            row, _current = self._game_as_read(session, game_id, expected)
            session.delete(row)
            session.flush()

    @staticmethod
    def _game_as_read(
        session: Session, game_id: int, expected: GameRecord | None
    ) -> tuple[Game, GameRecord]:
        """The game to write, read in the write's transaction (on a server, locked until it ends),
        and its record; refused when it is not `expected` (`refuse_if_changed`), or not there."""
        row = session.get(Game, game_id, with_for_update=True)
        current = None if row is None else game_record(row)
        refuse_if_changed(current, expected, GAME_CHANGED, GAME_DELETED, id=game_id)
        if row is None or current is None:
            raise no_game(game_id)
        return row, current

    def count_games(
        self, player_id: int | None = None, *, rating_list: RatingList | None = None
    ) -> int:
        """Games of one player (None: everyone's), of one list (None: every list)."""
        with Session(self.engine) as session:
            return count_games_in(session, player_id, rating_list)

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

    def game_tally(self) -> GameTally:
        """Every player's games, summed up per list: (list, how many, their half points, their
        opponents' ratings, their ids), by player id (players without games left out), the lists
        in the order of their names; and the largest game id, read in the same statement.

        What a refresh compares to tell, without reading every game, whose games were added,
        removed or changed elsewhere (`elotui.tui.logbook_refresh`): the games with a larger id
        than the largest seen are the new ones (`games_since`: a new game's id is larger than any
        before it, ids are never reused), every other game missing from a count was removed, and a
        result, an opponent's rating or a list changed changes a sum. Sums, not every game, so that
        a write of the screen's own is added to what it has seen without reading the tally again
        (`logbook_refresh.tally_after`): it costs a scan of every game (0.1 s at 100,000)."""
        columns = GAME_TABLE.c
        statement = (
            select(
                columns.player_id,
                columns.rating_list,
                func.count(),
                func.coalesce(func.sum(columns.score_halves), 0),
                func.coalesce(func.sum(columns.opponent_rating), 0),
                func.sum(columns.id),
                func.max(columns.id),
            )
            .group_by(columns.player_id, columns.rating_list)
            .order_by(columns.player_id, columns.rating_list)
        )
        tally: dict[int, list[tuple[RatingList, int, int, int, int]]] = {}
        newest = 0
        with self.engine.connect() as connection:
            for player_id, name, count, halves, ratings, ids, largest in connection.execute(
                statement
            ):
                tally.setdefault(int(player_id), []).append(
                    (name, int(count), int(halves), int(ratings), int(ids))
                )
                newest = max(newest, int(largest))
        return GameTally({player_id: tuple(lists) for player_id, lists in tally.items()}, newest)

    def games_since(self, game_id: int) -> list[TalliedGame]:
        """What the tally sums of every game with an id larger than `game_id` (the games added
        since a tally whose largest id it was)."""
        columns = GAME_TABLE.c
        statement = select(
            columns.player_id,
            columns.id,
            columns.rating_list,
            columns.score_halves,
            columns.opponent_rating,
        ).where(columns.id > game_id)
        with self.engine.connect() as connection:
            return [TalliedGame(*row) for row in connection.execute(statement)]

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
        sql = select_games_sql(newest_first, rating_list is not None, self.dialect)
        page = (no_limit(self.dialect) if limit is None else limit, offset)
        parameters = (
            (player_id, *page)
            if rating_list is None
            else (player_id, check_rating_list(rating_list), *page)
        )
        with gc_paused(), self.engine.connect() as connection:
            driver = connection.connection.driver_connection
            cursor = driver.execute(sql, parameters)  # type: ignore[union-attr]
            try:
                if limit is not None:  # a page: read at once
                    return records_from_rows(cursor.fetchall())
                return records_from_rows(rows_while_wanted(cursor))
            finally:
                cursor.close()

    def games_for_replay(
        self, player_id: int, rating_list: RatingList = STANDARD
    ) -> list[GameRecord]:
        """A player's games on one list (a replay is of one list), oldest first: one Core select of
        plain tuples (fast)."""
        return self.list_games(player_id, newest_first=False, rating_list=rating_list)
