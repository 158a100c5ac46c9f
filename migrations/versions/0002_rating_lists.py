"""Three rating lists: the list of each game and published rating, and a pinned period per game.

- `game.rating_list` and `published_rating.rating_list`: 'standard', 'rapid' or 'blitz', NOT NULL,
  default 'standard' (every game and published rating of a 0001 logbook is a standard one).
- `game.rated_period`: 'YYYY-MM' or NULL, the rating period (named by its first month) the game's
  event is pinned to when organisers report late (period 2026-10 is "rated on the list of 2026-11");
  NULL lets the list calendar decide.
- One published rating per player, list and month (it was per player and month).

Downgrade is refused, changing nothing, while the logbook holds anything 0001 cannot: a rapid or blitz
game or published rating, or a pinned period. Otherwise it drops the columns (every value they hold is
then the default) and loses nothing.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01

"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Copied, not imported (elotui.logbook.records.RATING_LISTS), so this revision never changes with the app.
LISTS_CHECK = "rating_list IN ('standard', 'rapid', 'blitz')"


def _period_check() -> str:
    # SQLite's GLOB; PostgreSQL has none, a regular expression says the same (YYYY-MM, month 01-12).
    if op.get_context().dialect.name == "sqlite":
        return (
            "rated_period IS NULL OR (rated_period GLOB '[12][0-9][0-9][0-9]-[01][0-9]'"
            " AND substr(rated_period, 6, 2) BETWEEN '01' AND '12')"
        )
    return "rated_period IS NULL OR rated_period ~ '^[12][0-9][0-9][0-9]-(0[1-9]|1[0-2])$'"


def _list_column() -> sa.Column[str]:
    return sa.Column(
        "rating_list",
        sqlmodel.sql.sqltypes.AutoString(),
        server_default="standard",
        nullable=False,
    )


def upgrade() -> None:
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.add_column(_list_column())
        batch_op.add_column(
            sa.Column("rated_period", sqlmodel.sql.sqltypes.AutoString(), nullable=True)
        )
        batch_op.create_check_constraint(op.f("ck_game_rating_list"), LISTS_CHECK)
        batch_op.create_check_constraint(op.f("ck_game_rated_period_format"), _period_check())

    with op.batch_alter_table("published_rating", schema=None) as batch_op:
        batch_op.add_column(_list_column())
        batch_op.create_check_constraint(op.f("ck_published_rating_rating_list"), LISTS_CHECK)
        batch_op.drop_constraint(op.f("uq_published_rating_player_id_month"), type_="unique")
        batch_op.create_unique_constraint(
            op.f("uq_published_rating_player_id_rating_list_month"),
            ["player_id", "rating_list", "month"],
        )


def _count(sql: str) -> int:
    return int(op.get_bind().exec_driver_sql(sql).scalar_one())


def downgrade() -> None:
    # Schema 0001 has no list and no pin: refuse rather than turn a blitz game into a standard one.
    games = _count("SELECT count(*) FROM game WHERE rating_list != 'standard'")
    published = _count("SELECT count(*) FROM published_rating WHERE rating_list != 'standard'")
    pinned = _count("SELECT count(*) FROM game WHERE rated_period IS NOT NULL")
    if games or published or pinned:
        raise RuntimeError(
            "cannot go back to schema 0001: the logbook holds "
            f"{games} rapid or blitz game(s), {published} rapid or blitz published rating(s) and "
            f"{pinned} game(s) with a pinned period, which schema 0001 cannot store; nothing changed"
        )
    with op.batch_alter_table("published_rating", schema=None) as batch_op:
        batch_op.drop_constraint(
            op.f("uq_published_rating_player_id_rating_list_month"), type_="unique"
        )
        batch_op.create_unique_constraint(
            op.f("uq_published_rating_player_id_month"), ["player_id", "month"]
        )
        batch_op.drop_constraint(op.f("ck_published_rating_rating_list"), type_="check")
        batch_op.drop_column("rating_list")

    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_constraint(op.f("ck_game_rated_period_format"), type_="check")
        batch_op.drop_constraint(op.f("ck_game_rating_list"), type_="check")
        batch_op.drop_column("rated_period")
        batch_op.drop_column("rating_list")
