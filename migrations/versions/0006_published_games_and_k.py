"""A published rating carries FIDE's games and K: `published_rating.games` and `published_rating.k`.

FIDE's monthly list files give, with each rating, the number of games FIDE rated for that list and
the K factor it holds for the player. `elotui published import` stores both so that the replay can
check three numbers instead of one. Both are NULL for a rating typed by hand (`published set`), which
stays valid: NULL is "not given". A CHECK keeps games at 0 or more and K within the range elotui takes
for a K (1-100; FIDE's own 0 is stored as NULL, "not given").

Downgrade drops the two columns: the ratings stay, the games and K read from the list files are lost
(they come back by importing the files again).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Copied, not imported (elotui.rating.inputs.K_MIN, K_MAX), so this revision never changes with the app.
GAMES_CHECK = "games IS NULL OR games >= 0"
K_CHECK = "k IS NULL OR k BETWEEN 1 AND 100"


def upgrade() -> None:
    # Batch mode on SQLite copies the table: keep its AUTOINCREMENT (migration 0005).
    with op.batch_alter_table(
        "published_rating", table_kwargs={"sqlite_autoincrement": True}
    ) as batch_op:
        batch_op.add_column(sa.Column("games", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("k", sa.Integer(), nullable=True))
        batch_op.create_check_constraint(
            op.f("ck_published_rating_games_not_negative"), GAMES_CHECK
        )
        batch_op.create_check_constraint(op.f("ck_published_rating_k_range"), K_CHECK)


def downgrade() -> None:
    with op.batch_alter_table(
        "published_rating", table_kwargs={"sqlite_autoincrement": True}
    ) as batch_op:
        batch_op.drop_constraint(op.f("ck_published_rating_k_range"), type_="check")
        batch_op.drop_constraint(op.f("ck_published_rating_games_not_negative"), type_="check")
        batch_op.drop_column("k")
        batch_op.drop_column("games")
