"""Ids are never reused: `AUTOINCREMENT` on the player, game and published_rating tables (SQLite).

Without it SQLite gives a new row the largest id + 1, so when the newest game is deleted the next
game added takes its id back: a screen (or a script) still holding the deleted game's id would then
edit or delete someone else's new game. With `AUTOINCREMENT` a new id is always larger than any id
the table ever had (SQLite keeps the largest in `sqlite_sequence`). PostgreSQL's sequences never give
an id twice already, so on a server this revision changes nothing but the revision number.

SQLite cannot add `AUTOINCREMENT` to a table: each table is copied into a new one that has it (batch
mode), every row with its id. The largest id the table ever had is not stored before this revision:
the sequence starts at the largest id there now.

Downgrade copies the tables back without `AUTOINCREMENT`, every row with its id; it loses nothing.

A later batch migration that recreates one of these tables must pass
`table_kwargs={"sqlite_autoincrement": True}` (SQLAlchemy does not read it back from the file); the
models declare it, and a test compares a migrated logbook with one made from the models.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02

"""

from collections.abc import Sequence

from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Copied, not imported (the models' tables), so this revision never changes with the app.
TABLES = ("player", "game", "published_rating")


def _copy_tables(*, autoincrement: bool) -> None:
    if op.get_context().dialect.name != "sqlite":
        return  # a server's sequences never reuse an id
    # The migration runner turns foreign keys off (`make_engine(..., foreign_keys=False)`): dropping
    # the old player table then cascades to no game.
    for table in TABLES:
        with op.batch_alter_table(
            table, recreate="always", table_kwargs={"sqlite_autoincrement": autoincrement}
        ):
            pass


def upgrade() -> None:
    _copy_tables(autoincrement=True)


def downgrade() -> None:
    _copy_tables(autoincrement=False)
