"""Many games at once: bulk inserts, an import that leaves out the games already there, whole players."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from sqlalchemy import Table, insert, text
from sqlalchemy.exc import IntegrityError, OperationalError

from elotui.logbook.models import PublishedRating
from elotui.logbook.player_names import stored_name
from elotui.logbook.records import NewGame, PlayerBundle, gc_paused
from elotui.logbook.repository.checks import (
    check_game_fields,
    check_player_fields,
    check_published,
    explain,
)
from elotui.logbook.repository.players import names_held
from elotui.logbook.repository.storage import (
    DUPLICATE_KEY,
    PLAYER_TABLE,
    SQLITE,
    Store,
    bulk_insert_sql,
    duplicate_keys_sql,
    game_row,
    published_entry,
)

# The first key of the advisory locks an import takes on a server ("IMPO"); the second is a player id.
IMPORT_LOCK = 0x494D504F


def lock_players(connection: Any, player_ids: Iterable[int]) -> None:
    """On a server, hold one lock per player until the transaction ends (taken in id order, so two
    imports cannot deadlock): two imports of the same file at once then run one after the other,
    and the second finds the first's games already there, as under SQLite's write lock. Other
    writers are not held up (each game entered by hand is its own row)."""
    for player_id in sorted(player_ids):
        connection.execute(
            text("SELECT pg_advisory_xact_lock(:kind, :player)"),
            {"kind": IMPORT_LOCK, "player": int(player_id)},
        )


@dataclasses.dataclass(frozen=True, slots=True)
class ImportedGames:
    """What `import_games` did: games added, and games left out as already there, by player id."""

    added: int
    already_there: dict[int, int] = dataclasses.field(default_factory=dict)

    @property
    def already_there_total(self) -> int:
        return sum(self.already_there.values())


class BulkMethods(Store):
    """The `Repository`'s methods that write many games in one transaction."""

    def add_games(self, rows: Sequence[Sequence[Any]]) -> int:
        """Insert many games in one transaction with one executemany; all or nothing.

        `rows` are storage tuples in `GAME_COLUMNS` order: dates as `YYYY-MM-DD` text,
        `score_halves` 0/1/2, `rated` 0/1 (see `game_row`). The caller has checked them.
        """
        if not rows:
            return 0
        try:
            with self._writer.begin() as connection:
                connection.exec_driver_sql(bulk_insert_sql(self.dialect), rows)
        except (IntegrityError, OperationalError) as error:
            raise explain(error) from None
        return len(rows)

    def import_games(
        self,
        rows: Sequence[Sequence[Any]],
        *,
        keep_duplicates: bool = False,
        new_players: Sequence[PlayerBundle] = (),
    ) -> ImportedGames:
        """`add_games` for an import: games already in the logbook are left out (all or nothing).

        `new_players` are added first, with their games, in the same transaction (a TRF import's
        `--add-players`): a player that cannot be added leaves the whole import out.

        Two games are the same when their `DUPLICATE_KEY_COLUMNS` are equal, counted as a multiset: a
        file that holds a game twice (a double round) adds one of them when the logbook has it once.
        The existing games of the players in `rows` are read with one select of plain tuples inside
        the insert's own transaction (under the write lock), so a concurrent writer cannot slip a game
        in between. `keep_duplicates` adds every row, as `add_games` does.
        """
        if not rows and not new_players:
            return ImportedGames(0)
        _check_bundles(new_players)
        already: Counter[int] = Counter()
        added = 0
        try:
            with self._writer.begin() as connection:
                added = self._add_bundles(connection, new_players)
                kept = rows
                if not keep_duplicates:
                    if self.dialect != SQLITE:
                        lock_players(connection, {row[0] for row in rows})
                    kept, already = (
                        self._leave_out_existing(connection, rows, self.dialect)
                        if rows
                        else (rows, already)
                    )
                if kept:
                    connection.exec_driver_sql(bulk_insert_sql(self.dialect), kept)
        except (IntegrityError, OperationalError) as error:
            raise explain(error) from None
        return ImportedGames(added + len(kept), dict(already))

    @staticmethod
    def _leave_out_existing(
        connection: Any, rows: Sequence[Sequence[Any]], dialect: str
    ) -> tuple[Sequence[Sequence[Any]], Counter[int]]:
        """The rows not yet in the logbook (as a multiset), and those left out by player id."""
        already: Counter[int] = Counter()
        player_ids = {row[0] for row in rows}
        dates = [row[1] for row in rows]
        sql = duplicate_keys_sql(player_ids, min(dates), max(dates), dialect)
        driver = connection.connection.driver_connection
        with gc_paused():
            cursor = driver.execute(sql)
            try:
                existing: Counter[tuple[Any, ...]] = Counter(cursor.fetchall())
            finally:
                cursor.close()
            if not existing:
                return rows, already  # a new player, or new dates: nothing to compare
            keys = list(map(DUPLICATE_KEY, rows))
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
        _check_bundles(bundles)
        try:
            with self._writer.begin() as connection:
                return self._add_bundles(connection, bundles)
        except (IntegrityError, OperationalError) as error:
            raise explain(error) from None

    def _add_bundles(self, connection: Any, bundles: Sequence[PlayerBundle]) -> int:
        """Insert whole players (checked by `_check_bundles`) in `connection`'s transaction."""
        if not bundles:
            return 0
        published_table: Table = PublishedRating.__table__  # type: ignore[attr-defined]
        games = 0
        names = names_held(connection)
        for bundle in bundles:
            profile = {**bundle.profile, "name": stored_name(bundle.profile["name"])}
            names.refuse_alike(profile["name"])
            names.add(profile["name"])
            player_id = connection.execute(
                insert(PLAYER_TABLE).values(**profile).returning(PLAYER_TABLE.c.id)
            ).scalar_one()
            rows = [game_row(player_id, game) for game in bundle.games]
            if rows:
                connection.exec_driver_sql(bulk_insert_sql(self.dialect), rows)
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
                            "games": rated_games,
                            "k": k,
                        }
                        for month, rating, rating_list, rated_games, k in map(
                            published_entry, bundle.published
                        )
                    ],
                )
        return games

    def add_new_games(self, player_id: int, games: Iterable[NewGame]) -> int:
        rows = []
        for game in games:
            check_game_fields(game)
            rows.append(game_row(player_id, game))
        return self.add_games(rows)


def _check_bundles(bundles: Sequence[PlayerBundle]) -> None:
    for bundle in bundles:
        check_player_fields(bundle.profile)
        for game in bundle.games:
            check_game_fields(game)
        for entry in map(published_entry, bundle.published):
            check_published(*entry)
