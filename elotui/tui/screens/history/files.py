"""Import and export from the history screen (thread side; the same rules as `elotui import` /
`elotui export`)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from elotui.i18n import _, numbers
from elotui.tui.screens.history.messages import WriteDone

if TYPE_CHECKING:
    from elotui.logbook.repository import Repository


def import_file(repository: Repository, path: Path, player: str | None) -> WriteDone:
    from elotui.logbook.files import import_file as import_games

    summary = import_games(repository, path, player=player)
    skipped = "".join(
        _("; skipped {count}: {why}").format(count=numbers.count(count), why=why)
        for why, count in summary.skipped.items()
    )
    line = summary.message(path.name)
    warned = "".join(f"; {warning}" for warning in summary.warnings)  # a TRF's dates or list
    return WriteDone(line[0].upper() + line[1:] + skipped + warned)


def export_file(repository: Repository, path: Path) -> WriteDone:
    from elotui.logbook.files import export_to, refuse_the_logbook, whole_file

    refuse_the_logbook(path, repository)
    players = repository.list_players()
    with whole_file(path) as handle:  # written as it is read, renamed into place when whole
        count = export_to(
            repository, handle, players, "json" if path.suffix.lower() == ".json" else "csv"
        )
    return WriteDone(
        _("Exported {games} game(s) of {players} player(s) to {path}").format(
            games=numbers.count(count), players=numbers.count(len(players)), path=path
        )
    )
