"""The published ratings of the logbook: one player's rating on a month's official list."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Table, select
from sqlalchemy.dialects.postgresql import insert as server_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError, OperationalError

from elotui.logbook.models import PublishedRating
from elotui.logbook.records import STANDARD, PublishedRecord, RatingList
from elotui.logbook.repository.checks import (
    check_month,
    check_published,
    check_rating,
    check_rating_list,
    explain,
)
from elotui.logbook.repository.storage import SQLITE, Store, list_order


class PublishedMethods(Store):
    """The `Repository`'s methods for published ratings."""

    def set_published(
        self, player_id: int, month: str, rating: int, rating_list: RatingList = STANDARD
    ) -> PublishedRecord:
        """Record the rating of `month`'s official `rating_list` (replacing one already there; the
        games and K a list file gave for that month are kept: they are FIDE's, not typed)."""
        check_month(month)
        check_rating(rating, "published rating")
        check_rating_list(rating_list)
        table: Table = PublishedRating.__table__  # type: ignore[attr-defined]
        # Both dialects spell "insert or replace the rating" ON CONFLICT ... DO UPDATE.
        upsert = sqlite_insert if self.dialect == SQLITE else server_insert
        statement = (
            upsert(table)
            .values(player_id=player_id, month=month, rating=rating, rating_list=rating_list)
            .on_conflict_do_update(
                index_elements=["player_id", "rating_list", "month"], set_={"rating": rating}
            )
            .returning(table.c.id, table.c.games, table.c.k)
        )
        try:
            with self._writer.begin() as connection:
                published_id, games, k = connection.execute(statement).one()
        except (IntegrityError, OperationalError) as error:
            raise explain(error) from None
        return PublishedRecord(published_id, player_id, month, rating, rating_list, games, k)

    def import_published(self, records: Sequence[PublishedRecord]) -> int:
        """Store many published ratings with FIDE's games and K (`records`' ids are not read), in
        one transaction: each replaces what its player, list and month had, games and K included
        (a rating typed by hand for that month is replaced by the list's). Returns how many."""
        for record in records:
            check_published(record.month, record.rating, record.rating_list, record.games, record.k)
        if not records:
            return 0
        table: Table = PublishedRating.__table__  # type: ignore[attr-defined]
        upsert = sqlite_insert if self.dialect == SQLITE else server_insert
        statement = upsert(table)
        statement = statement.on_conflict_do_update(
            index_elements=["player_id", "rating_list", "month"],
            set_={
                "rating": statement.excluded.rating,
                "games": statement.excluded.games,
                "k": statement.excluded.k,
            },
        )
        rows = [
            {
                "player_id": r.player_id, "month": r.month, "rating": r.rating,
                "rating_list": r.rating_list, "games": r.games, "k": r.k,
            }
            for r in records
        ]  # fmt: skip
        try:
            with self._writer.begin() as connection:
                connection.execute(statement, rows)
        except (IntegrityError, OperationalError) as error:
            raise explain(error) from None
        return len(rows)

    def remove_published(
        self, player_id: int, month: str, rating_list: RatingList = STANDARD
    ) -> bool:
        table: Table = PublishedRating.__table__  # type: ignore[attr-defined]
        check_rating_list(rating_list)
        if not self.made:  # nothing to remove, and no file made for it
            return False
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
            raise explain(error) from None

    def list_published(
        self, player_id: int, rating_list: RatingList | None = STANDARD
    ) -> list[PublishedRecord]:
        """A player's published ratings of one list by month (a replay reads one list); with
        `rating_list=None` those of every list, by list (standard, rapid, blitz) then month."""
        table: Table = PublishedRating.__table__  # type: ignore[attr-defined]
        statement = select(
            table.c.id, table.c.player_id, table.c.month, table.c.rating, table.c.rating_list,
            table.c.games, table.c.k,
        ).where(table.c.player_id == player_id)  # fmt: skip
        if rating_list is not None:
            statement = statement.where(table.c.rating_list == check_rating_list(rating_list))
        statement = statement.order_by(list_order(table.c.rating_list), table.c.month)
        with self.engine.connect() as connection:
            return [PublishedRecord(*row) for row in connection.execute(statement)]
