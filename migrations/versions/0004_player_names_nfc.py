"""Every name in one Unicode form (NFC): the players', and the opponents' and events' of the games.

"Zoé" typed with one character for "é" and with "e" plus a combining accent (as macOS keyboards give
it) look the same and were two names: two players, or one event counted as two. elotui now stores
names in NFC (`player_names.stored_name`); this brings the names already stored to it.

Refused, changing nothing, when two players' names would become one (they differ only in that form):
the refusal names them by id, to be renamed first with the elotui that wrote the logbook. Opponents
and events have no such limit: two spellings of one event become the one event they meant.

Downgrade changes nothing: NFC names are what 0003 stores too (the form a name was typed in is gone).

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

"""

import unicodedata
from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision: str = "0004"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _nfc(text: str) -> str:
    # Not imported from elotui (player_names.stored_name), so this revision never changes with the app.
    return unicodedata.normalize("NFC", text)


def upgrade() -> None:
    connection = op.get_bind()
    players: dict[str, list[tuple[int, str]]] = {}
    for player_id, name in connection.execute(sa.text("SELECT id, name FROM player ORDER BY id")):
        players.setdefault(_nfc(name), []).append((player_id, name))
    clashes = [same for same in players.values() if len(same) > 1]
    if clashes:
        named = "; ".join(
            " and ".join(f"{player_id} {name!a}" for player_id, name in same) for same in clashes
        )
        raise RuntimeError(
            f"players {named} would have the same name once names are stored in one Unicode "
            "form (NFC); rename one of them first with the elotui that wrote this logbook"
        )
    for stored, [(player_id, name)] in players.items():
        if name != stored:
            connection.execute(
                sa.text("UPDATE player SET name = :name WHERE id = :id"),
                {"name": stored, "id": player_id},
            )
    for column in ("opponent", "event"):
        found = sa.text(f"SELECT DISTINCT {column} FROM game WHERE {column} IS NOT NULL")
        change = sa.text(f"UPDATE game SET {column} = :stored WHERE {column} = :name")
        for (name,) in connection.execute(found).fetchall():
            if name != _nfc(name):
                connection.execute(change, {"stored": _nfc(name), "name": name})


def downgrade() -> None:
    pass
