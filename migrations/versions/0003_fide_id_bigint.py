"""A FIDE id as a 64-bit integer on PostgreSQL: `player.fide_id` BIGINT.

0001 made it INTEGER, which on PostgreSQL is 32-bit (at most 2,147,483,647), while elotui takes ids
up to 999,999,999,999 (`records.FIDE_ID_MAX`): the server refused the larger ones. SQLite's INTEGER
already holds 64 bits, so on SQLite this revision changes nothing but the revision number (the model
declares the column INTEGER there, `models.FIDE_ID_TYPE`, so a file made new and a migrated one are
the same).

Downgrade is refused, changing nothing, while a server holds an id INTEGER cannot; otherwise the
column goes back to INTEGER and loses nothing. On SQLite it changes nothing.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0003"
down_revision: str | Sequence[str] | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# PostgreSQL's INTEGER: the largest id schema 0002 holds there (2**31 - 1).
INTEGER_MAX = 2_147_483_647


def _on_sqlite() -> bool:
    return bool(op.get_context().dialect.name == "sqlite")


def _fide_id_becomes(old: sa.types.TypeEngine[int], new: sa.types.TypeEngine[int]) -> None:
    op.alter_column("player", "fide_id", existing_type=old, type_=new, existing_nullable=True)


def upgrade() -> None:
    if _on_sqlite():  # already 64-bit: no need to copy the player table
        return
    _fide_id_becomes(sa.Integer(), sa.BigInteger())


def downgrade() -> None:
    if _on_sqlite():
        return
    # Schema 0002 cannot hold a larger id on the server: refuse rather than fail half-way.
    larger = int(
        op.get_bind()
        .exec_driver_sql(f"SELECT count(*) FROM player WHERE fide_id > {INTEGER_MAX}")
        .scalar_one()
    )
    if larger:
        raise RuntimeError(
            "cannot go back to schema 0002: the logbook holds "
            f"{larger} FIDE id(s) over {INTEGER_MAX:,}, which schema 0002 cannot store on a server; "
            "nothing changed"
        )
    _fide_id_becomes(sa.BigInteger(), sa.Integer())
