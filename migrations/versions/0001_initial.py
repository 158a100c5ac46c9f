"""The whole first schema: player, game, published_rating.

Revision ID: 0001
Revises:
Create Date: 2026-11-29

"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# `PRAGMA application_id` marking the file as an elotui logbook (elotui.logbook.models.APPLICATION_ID;
# copied, not imported, so this revision never changes when the app does).
APPLICATION_ID = 0x454C4F54


def _on_sqlite() -> bool:
    return bool(op.get_context().dialect.name == "sqlite")


def _bool_check(column: str) -> str:
    # SQLite stores a boolean as 0/1 and takes any integer; PostgreSQL has a real boolean type (the
    # check then says the same thing in its words).
    return f"{column} IN (0, 1)" if _on_sqlite() else f"{column} IN (false, true)"


def _month_condition(column: str) -> str:
    """`column` is `YYYY-MM` text (year 1000-2999, month 01-12): SQLite's GLOB, a regex elsewhere."""
    if _on_sqlite():
        return f"{column} GLOB '[12][0-9][0-9][0-9]-[01][0-9]' AND substr({column}, 6, 2) BETWEEN '01' AND '12'"
    return f"{column} ~ '^[12][0-9][0-9][0-9]-(0[1-9]|1[0-2])$'"


def upgrade() -> None:
    if _on_sqlite():  # marks the file as an elotui logbook (a server database has no such mark)
        op.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    op.create_table(
        "player",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("fide_id", sa.Integer(), nullable=True),
        sa.Column("birth_year", sa.Integer(), nullable=True),
        sa.Column("start_rating", sa.Integer(), nullable=True),
        sa.Column("games_before", sa.Integer(), server_default="0", nullable=False),
        sa.Column("reached_2400", sa.Boolean(), server_default="0", nullable=False),
        sa.Column("fixed_k", sa.Integer(), nullable=True),
        sa.Column("notes", sqlmodel.sql.sqltypes.AutoString(), server_default="", nullable=False),
        sa.CheckConstraint(
            "birth_year IS NULL OR birth_year BETWEEN 1850 AND 2200",
            name=op.f("ck_player_birth_year_range"),
        ),
        sa.CheckConstraint(
            "fide_id IS NULL OR fide_id > 0", name=op.f("ck_player_fide_id_positive")
        ),
        sa.CheckConstraint(
            "fixed_k IS NULL OR fixed_k BETWEEN 1 AND 100", name=op.f("ck_player_fixed_k_range")
        ),
        sa.CheckConstraint("games_before >= 0", name=op.f("ck_player_games_before_not_negative")),
        sa.CheckConstraint("length(trim(name)) > 0", name=op.f("ck_player_name_not_empty")),
        sa.CheckConstraint(_bool_check("reached_2400"), name=op.f("ck_player_reached_2400_bool")),
        sa.CheckConstraint(
            "start_rating IS NULL OR (start_rating BETWEEN 100 AND 3500)",
            name=op.f("ck_player_start_rating_range"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_player")),
        sa.UniqueConstraint("name", name=op.f("uq_player_name")),
    )
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("date", sa.Date(), nullable=False),
        sa.Column("opponent", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("opponent_rating", sa.Integer(), nullable=True),
        sa.Column("score_halves", sa.Integer(), nullable=False),
        sa.Column("event", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
        sa.Column("event_start", sa.Date(), nullable=True),
        sa.Column("event_end", sa.Date(), nullable=True),
        sa.Column("own_rating", sa.Integer(), nullable=True),
        sa.Column("rated", sa.Boolean(), server_default="1", nullable=False),
        sa.Column("notes", sqlmodel.sql.sqltypes.AutoString(), server_default="", nullable=False),
        sa.CheckConstraint(
            "event_start IS NULL OR event_end IS NULL OR event_start <= event_end",
            name=op.f("ck_game_event_dates_ordered"),
        ),
        sa.CheckConstraint(
            "opponent_rating IS NULL OR (opponent_rating BETWEEN 100 AND 3500)",
            name=op.f("ck_game_opponent_rating_range"),
        ),
        sa.CheckConstraint(
            "own_rating IS NULL OR (own_rating BETWEEN 100 AND 3500)",
            name=op.f("ck_game_own_rating_range"),
        ),
        sa.CheckConstraint(_bool_check("rated"), name=op.f("ck_game_rated_bool")),
        sa.CheckConstraint("score_halves IN (0, 1, 2)", name=op.f("ck_game_score_halves")),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_game_player_id_player"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game")),
    )
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.create_index("ix_game_player_id_date", ["player_id", "date"], unique=False)

    op.create_table(
        "published_rating",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("month", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.CheckConstraint(
            _month_condition("month"), name=op.f("ck_published_rating_month_format")
        ),
        sa.CheckConstraint(
            "rating BETWEEN 100 AND 3500", name=op.f("ck_published_rating_rating_range")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"],
            ["player.id"],
            name=op.f("fk_published_rating_player_id_player"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_published_rating")),
        sa.UniqueConstraint("player_id", "month", name=op.f("uq_published_rating_player_id_month")),
    )


def downgrade() -> None:
    if _on_sqlite():
        op.execute("PRAGMA application_id = 0")
    op.drop_table("published_rating")
    with op.batch_alter_table("game", schema=None) as batch_op:
        batch_op.drop_index("ix_game_player_id_date")

    op.drop_table("game")
    op.drop_table("player")
