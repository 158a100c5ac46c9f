"""The history screen's writes, as jobs for a thread worker (`workers.run_write`): each takes the
repository and gives back what the screen says and shows of it.

A write of games or of an entered list (`GamesWrite`) returns its note, its change and the game to
select: the screen shows the change in place (`workers.games_job`). Other writes (players, imports,
exports) return their `WriteDone`, and the history reloads.

An edit or delete acts only on the row the screen shows: it carries that row (`expected=`), and is
refused when another writer changed or deleted it since; the history is then read again and the
form shown again with the row as it is now (`HistoryScreen._changed_since_shown`).
"""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from elotui.i18n import _
from elotui.rating.result import Result
from elotui.tui.models.logbook_changes import GamesChange
from elotui.tui.screens.history.files import export_file, import_file
from elotui.tui.screens.history.messages import WriteDone

if TYPE_CHECKING:
    from collections.abc import Callable

    from elotui.logbook.repository import GameRecord, NewGame, PlayerRecord, Repository
    from elotui.tui.screens.history.workers import GamesWrite

    Write = Callable[[Repository], WriteDone]


def add_game(player: PlayerRecord, game: NewGame) -> GamesWrite:
    def job(repository: Repository) -> tuple[str, GamesChange, int | None]:
        record = repository.add_game(player.id, game)
        return _("Game {id} added").format(id=record.id), GamesChange(added=(record,)), record.id

    return job


def edit_game(game: GameRecord, values: NewGame) -> GamesWrite:
    """Saved only if the game is still as the screen shows it (`expected`)."""

    def job(repository: Repository) -> tuple[str, GamesChange, int | None]:
        changes = {f.name: getattr(values, f.name) for f in fields(values)}
        record = repository.update_game(game.id, expected=game, **changes)
        change = GamesChange(removed=(game,), added=(record,))
        return _("Game {id} saved").format(id=record.id), change, record.id

    return job


def remove_game(game: GameRecord) -> GamesWrite:
    def job(repository: Repository) -> tuple[str, GamesChange, int | None]:
        repository.remove_game(game.id, expected=game)  # only the game shown
        return _("Game {id} deleted").format(id=game.id), GamesChange(removed=(game,)), None

    return job


def removal_question(game: GameRecord) -> tuple[str, str]:
    """The confirmation's question and the game it names."""
    who = game.opponent or _("an unnamed opponent")
    rating = _("unrated") if game.opponent_rating is None else game.opponent_rating
    detail = _("{date} vs {who} ({rating}), result {result}").format(
        date=game.date.isoformat(),
        who=who,
        rating=rating,
        result=Result.from_halves(game.score_halves).symbol,
    )
    return _("Delete game {id}?").format(id=game.id), detail


def set_published(player: PlayerRecord, month: str, rating: int) -> GamesWrite:
    def job(repository: Repository) -> tuple[str, GamesChange, int | None]:
        record = repository.set_published(player.id, month, rating)
        # FIDE's games and K a list file gave that month stay (`set_published` keeps them).
        entered = (record.rating_list, record.month, record.for_replay())
        note = _("{name}: published {rating} for {month}").format(
            name=player.name, rating=record.rating, month=record.month
        )
        return note, GamesChange(published=entered), None

    return job


def edit_player(player: PlayerRecord, values: dict[str, Any]) -> Write:
    """Saved only if the player is still as the screen shows them (`expected`)."""

    def job(repository: Repository) -> WriteDone:
        record = repository.update_player(player.id, expected=player, **values)
        return WriteDone(_("Player {name} saved").format(name=record.name), record.id)

    return job


def add_player(values: dict[str, Any]) -> Write:
    def job(repository: Repository) -> WriteDone:
        name = values.pop("name")
        record = repository.add_player(name, **values)
        return WriteDone(_("Player {name} added").format(name=record.name), record.id)

    return job


def import_games(path: Path, player: PlayerRecord | None) -> Write:
    return lambda repository: import_file(repository, path, player.name if player else None)


def import_hint(player: PlayerRecord | None) -> str:
    hint = _(
        "A .csv (columns as `elotui export` writes them), .pgn, .trf (a tournament report: the "
        "games of every logbook player found in it) or elotui .json file, or one of FIDE's list "
        "files (.zip, .txt, .xml: the published ratings, games and K of the players with a FIDE "
        "id). Every row is checked first: one bad row and nothing is imported."
    )
    if player is not None:
        hint += _(" PGN games are taken for {name}; CSV rows without a player too.").format(
            name=player.name
        )
    return hint


def export_logbook(path: Path) -> Write:
    return lambda repository: export_file(repository, path)
