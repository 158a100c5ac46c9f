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
    from elotui.logbook.list_import import is_list_file

    if is_list_file(path):
        return import_list(repository, path)

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


def import_list(repository: Repository, path: Path) -> WriteDone:
    """One of FIDE's list files, for every logbook player with a FIDE id (as `elotui published
    import` reads it): the report as a notification."""
    from elotui.logbook.list_import import found_line, import_list_files
    from elotui.logbook.records import LogbookError

    players = [player for player in repository.list_players() if player.fide_id is not None]
    if not players:
        raise LogbookError(
            _("no player of the logbook has a FIDE id: give one in the player form (p)")
        )
    done = import_list_files(repository, [path], players)
    line = "; ".join([*(found_line(found) for found in done.files), done.stored_line()])
    return WriteDone(line[0].upper() + line[1:])
