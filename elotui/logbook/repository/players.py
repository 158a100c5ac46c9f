"""The players of the logbook: add, change, find, list, remove."""

from __future__ import annotations

from typing import Any, Unpack

from sqlalchemy import Connection, select, text
from sqlmodel import Session, col
from sqlmodel import select as orm_select

from elotui.i18n import _, ngettext
from elotui.i18n.numbers import count
from elotui.logbook.models import Player
from elotui.logbook.player_names import PlayerNames, no_player_named, stored_name
from elotui.logbook.records import (
    PLAYER_FIELDS,
    HasGames,
    InvalidData,
    NotFound,
    PlayerChanges,
    PlayerRecord,
)
from elotui.logbook.repository.checks import (
    PLAYER_CHANGED,
    PLAYER_DELETED,
    check_player_fields,
    name_taken,
    refuse_if_changed,
)
from elotui.logbook.repository.storage import (
    PLAYER_TABLE,
    SQLITE,
    Store,
    count_games_in,
    player_record,
)


def no_player(player_id: int) -> NotFound:
    return NotFound(_("no player with id {id}").format(id=player_id))


class PlayerMethods(Store):
    """The `Repository`'s player methods."""

    def add_player(
        self,
        name: str,
        *,
        fide_id: int | None = None,
        birth_year: int | None = None,
        start_rating: int | None = None,
        games_before: int = 0,
        reached_2400: bool = False,
        fixed_k: int | None = None,
        notes: str = "",
    ) -> PlayerRecord:
        fields: dict[str, Any] = {
            "name": stored_name(name.strip()),
            "fide_id": fide_id,
            "birth_year": birth_year,
            "start_rating": start_rating,
            "games_before": games_before,
            "reached_2400": reached_2400,
            "fixed_k": fixed_k,
            "notes": notes,
        }
        check_player_fields(fields)
        player = Player(**fields)
        try:
            with self._write() as session:
                names_held(session.connection()).refuse_alike(fields["name"])
                session.add(player)
                session.flush()
                return player_record(player)
        except InvalidData as error:
            raise name_taken(error, fields["name"]) from None

    def update_player(
        self,
        player_id: int,
        *,
        expected: PlayerRecord | None = None,
        **changes: Unpack[PlayerChanges],
    ) -> PlayerRecord:
        """Change some of a player's fields (`PlayerChanges`: typed keywords; an unknown one is
        refused at run time too, for a caller the type checker does not see).

        `expected`: the player as the caller was shown them; the change is refused
        (`ChangedElsewhere`, nothing written) when the player is not that any more."""
        unknown = set(changes) - set(PLAYER_FIELDS)
        if unknown:
            raise InvalidData(
                _("unknown player field(s): {fields}").format(fields=", ".join(sorted(unknown)))
            )
        if "name" in changes:
            changes["name"] = stored_name(str(changes["name"]).strip())
        check_player_fields(changes)
        if not self.made:  # no rows yet: refused before the file is made for it
            raise no_player(player_id)
        try:
            with self._write() as session:
                player = self._player_as_read(session, player_id, expected)
                if "name" in changes:
                    names_held(session.connection(), player_id).refuse_alike(changes["name"])
                for name, value in changes.items():
                    setattr(player, name, value)
                session.add(player)
                session.flush()
                return player_record(player)
        except InvalidData as error:
            raise name_taken(error, changes.get("name", "")) from None

    def get_player(self, player_id: int) -> PlayerRecord:
        with Session(self.engine) as session:
            player = session.get(Player, player_id)
            if player is None:
                raise no_player(player_id)
            return player_record(player)

    def find_player(self, name: str) -> PlayerRecord:
        """The player `name` means (`PlayerNames.find`: exactly, else case and accents ignored)."""
        with Session(self.engine) as session:
            player = session.exec(
                orm_select(Player).where(col(Player.name) == stored_name(name.strip()))
            ).first()
            if player is None:  # the lookup ignoring case and accents, or why it finds none
                found = PlayerNames(self.player_ids_by_name()).find(name)
                player = session.exec(orm_select(Player).where(col(Player.name) == found)).first()
                if player is None:  # removed since
                    raise no_player_named(name)
            return player_record(player)

    def list_players(self) -> list[PlayerRecord]:
        with Session(self.engine) as session:
            players = session.exec(orm_select(Player).order_by(col(Player.name)))
            return [player_record(player) for player in players]

    def player_ids_by_name(self) -> dict[str, int]:
        with self.engine.connect() as connection:
            rows = connection.execute(select(PLAYER_TABLE.c.name, PLAYER_TABLE.c.id))
            return {name: player_id for name, player_id in rows}

    def remove_player(
        self, player_id: int, *, expected: PlayerRecord | None = None, with_games: bool = True
    ) -> int:
        """Delete a player with all their games and published ratings; returns the games removed.

        `expected`: the player as the caller was shown them (refused, `ChangedElsewhere`, when
        changed since). `with_games=False`: only a player without games, counted in the same
        transaction (refused, `HasGames`, nothing removed, when some were added meanwhile)."""
        if not self.made:
            raise no_player(player_id)
        with self._write() as session:
            player = self._player_as_read(session, player_id, expected)
            games = count_games_in(session, player_id)
            if games and not with_games:
                raise HasGames(
                    ngettext("{name} has {games} game", "{name} has {games} games", games).format(
                        name=player.name, games=count(games)
                    ),
                    games,
                )
            session.delete(player)
            session.flush()
            return games

    @staticmethod
    def _player_as_read(session: Session, player_id: int, expected: PlayerRecord | None) -> Player:
        """The player to write, read in the write's transaction (on a server, locked until it
        ends); refused when not `expected` (`refuse_if_changed`), or not there."""
        player = session.get(Player, player_id, with_for_update=True)
        current = None if player is None else player_record(player)
        name = expected.name if expected is not None else ""
        refuse_if_changed(current, expected, PLAYER_CHANGED, PLAYER_DELETED, name=name)
        if player is None:
            raise no_player(player_id)
        return player


# The key of the lock a server holds while a write checks a player's name and stores it ("NAME").
NAME_LOCK = 0x4E414D45


def names_held(connection: Connection, leaving_out: int | None = None) -> PlayerNames:
    """The players' names (but the one of player `leaving_out`), read in a write's transaction to
    check a new name against (`PlayerNames.refuse_alike`) and held until the transaction ends: by
    SQLite's write lock, on a server by a lock every such write takes, so two writers cannot both
    find "Zoé" and "zoe" free."""
    if connection.dialect.name != SQLITE:
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": NAME_LOCK})
    rows = connection.execute(select(PLAYER_TABLE.c.name, PLAYER_TABLE.c.id))
    return PlayerNames(name for name, player_id in rows if player_id != leaving_out)
