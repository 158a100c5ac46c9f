"""FIDE's list files into the logbook (`elotui published import`, the app's import dialog, the demo):
every file read first, then every published rating stored in one transaction, so that a file that
cannot be read stores nothing of any file. Each file is read for the logbook players' FIDE ids
(`fide_lists.read_list_file`); per player, list and month, the last file's figures win.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from elotui.i18n import _, ngettext
from elotui.i18n.numbers import count
from elotui.logbook.fide_lists import ListFile, ListFileError, Progress, read_list_file
from elotui.logbook.records import LogbookError, PlayerRecord, PublishedRecord, RatingList

if TYPE_CHECKING:
    from elotui.logbook.repository import Repository

LIST_FILE_SUFFIXES = (".zip", ".txt", ".xml")  # what FIDE's download page offers


@dataclass(frozen=True)
class ListImport:
    """What an import of list files read (`files`) and stored (`stored`), for `players`."""

    files: list[ListFile]
    stored: list[PublishedRecord]
    players: Sequence[PlayerRecord]

    def stored_line(self) -> str:
        """ "stored 12 published ratings with FIDE's games and K for Hugo Bernard"."""
        names = {player.id: player.name for player in self.players}
        return ngettext(
            "stored {n} published rating with FIDE's games and K for {players}",
            "stored {n} published ratings with FIDE's games and K for {players}",
            len(self.stored),
        ).format(
            n=count(len(self.stored)),
            players=", ".join(sorted({names[r.player_id] for r in self.stored})) or "—",
        )


def found_line(found: ListFile) -> str:
    """ "standard_jan25frl.zip: the list of 2025-01, 1 player found" (and how it was decoded)."""
    return ngettext(
        "{file}: the list of {month}, {n} player found",
        "{file}: the list of {month}, {n} players found",
        len(found.players),
    ).format(file=found.path, month=found.month, n=count(len(found.players))) + (
        "" if found.encoding == "UTF-8" else _(" (read as Latin-1)")
    )


def is_list_file(path: Path) -> bool:
    """A file the import dialog gives to the list import: FIDE's list files are .zip, .txt or .xml
    (no games file is)."""
    return path.suffix.lower() in LIST_FILE_SUFFIXES


def import_list_files(
    repository: Repository,
    paths: Sequence[Path],
    players: Sequence[PlayerRecord],
    *,
    month: str | None = None,
    rating_list: RatingList | None = None,
    progress_of: Callable[[Path], Progress | None] = lambda path: None,
) -> ListImport:
    """Read `paths` for `players` (those with a FIDE id), then store what they say in one
    transaction. `month` and `rating_list` as `read_list_file` takes them. `ListFileError`
    ("file:line: reason") when a file or a wanted player's figures cannot be read or stored:
    nothing is stored then."""
    from elotui.logbook.repository import check_published

    by_id = {player.fide_id: player for player in players if player.fide_id is not None}
    stored: dict[tuple[int, str, str], PublishedRecord] = {}  # the last file's figures win
    read: list[ListFile] = []
    for path in paths:
        found = read_list_file(
            path, by_id, month=month, rating_list=rating_list, progress=progress_of(path)
        )
        read.append(found)
        for fide_id, listed in found.players.items():
            for figures in listed.ratings:
                if figures.rating is None:
                    continue  # not rated on that list
                record = PublishedRecord(
                    0, by_id[fide_id].id, found.month, figures.rating, figures.rating_list,
                    figures.games, figures.k,
                )  # fmt: skip
                try:
                    check_published(record.month, record.rating, record.rating_list,
                                    record.games, record.k)  # fmt: skip
                except LogbookError as error:
                    raise ListFileError(f"{path}:{listed.line}: {error}") from None
                stored[(record.player_id, record.rating_list, record.month)] = record
    records = list(stored.values())
    repository.import_published(records)
    return ListImport(read, records, players)
