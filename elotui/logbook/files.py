"""Import from and export to a file: the one path `elotui import`/`export` and the app's palette share.

Both callers check what they must first (the CLI refuses a folder or a device before opening the
logbook); here the file's kind picks the reader or writer, and an export is written whole or not at all.
"""

from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, TextIO

from elotui.errors import FileUnusable
from elotui.i18n import _
from elotui.logbook.paths import PRIVATE_FILE_MODE, kind_of_path
from elotui.regular_files import NotRegularFile, replaced_whole

if TYPE_CHECKING:
    from collections.abc import Iterator

    from elotui.logbook.csv_cells import DateOrder
    from elotui.logbook.csv_io import Progress
    from elotui.logbook.import_report import ImportSummary
    from elotui.logbook.records import PlayerRecord, RatingList
    from elotui.logbook.repository import Repository
    from elotui.logbook.trf_io import TrfPlayers

IMPORT_KINDS = (".csv", ".pgn", ".json", ".trf")
# The files SQLite keeps beside a logbook while it is open.
JOURNAL_SUFFIXES = ("-wal", "-shm", "-journal")


class FileRefused(FileUnusable, ValueError):
    """A file that cannot be imported or written; `str()` says why in one line."""


class CsvOptions(NamedTuple):
    """What only a CSV import takes (see `import_file`)."""

    add_players: bool = False
    date_order: DateOrder | None = None
    progress: Progress | None = None


def import_file(
    repository: Repository,
    path: Path,
    *,
    player: str | None,
    keep_duplicates: bool = False,
    rating_list: RatingList | None = None,
    trf_players: TrfPlayers | None = None,
    add_players: bool = False,
    date_order: DateOrder | None = None,
    progress: Progress | None = None,
) -> ImportSummary:
    """Import a .csv, .pgn, .trf or elotui .json file, all or nothing (a bad row raises
    `ImportFailed`).

    A CSV's `add_players` adds the players it names that the logbook lacks; `date_order` reads
    its slashed dates when they do not tell day from month; `progress` hears how far its reading
    is. A PGN without `player` gives the games of every logbook player it names.

    `rating_list` puts every game of a PGN file on that list instead of its `TimeControl`'s, and
    those of a TRF that says no time control. A TRF's games are `trf_players`' (None: every logbook
    player found in the file); `player` is for CSV and PGN."""
    from elotui.logbook.engine import ServerLost

    try:
        return _import_by_kind(
            repository, path, player, keep_duplicates, rating_list, trf_players,
            CsvOptions(add_players, date_order, progress),
        )  # fmt: skip
    except ServerLost as lost:
        if lost.saved_unknown:
            raise  # lost during the COMMIT: the server may have kept the games
        # The import's one transaction died with the connection.
        raise ServerLost(
            _("the connection to the server was lost during the import; nothing was imported")
        ) from None


def _import_by_kind(
    repository: Repository,
    path: Path,
    player: str | None,
    keep_duplicates: bool,
    rating_list: RatingList | None,
    trf_players: TrfPlayers | None,
    csv_options: CsvOptions,
) -> ImportSummary:
    from elotui.logbook.paths import refusal_to_read

    refuse_the_logbook(path, repository)
    refusal = refusal_to_read(path)  # a folder, a FIFO, a device: never opened
    if refusal is not None:
        raise FileRefused(refusal)
    kind = path.suffix.lower()
    if kind == ".csv":
        from elotui.logbook.csv_io import import_csv

        return import_csv(
            repository, path, player=player, keep_duplicates=keep_duplicates,
            add_players=csv_options.add_players, date_order=csv_options.date_order,
            progress=csv_options.progress,
        )  # fmt: skip
    if kind == ".pgn":
        from elotui.logbook.pgn_io import import_pgn

        return import_pgn(
            repository,
            path,
            player=player,
            keep_duplicates=keep_duplicates,
            rating_list=rating_list,
        )
    if kind == ".trf":
        from elotui.logbook.trf_io import import_trf

        return import_trf(
            repository,
            path,
            whose=trf_players,
            keep_duplicates=keep_duplicates,
            rating_list=rating_list,
        )
    if kind == ".json":
        from elotui.logbook.json_io import import_json

        return import_json(repository, path)  # new players only: nothing can be there already
    raise FileRefused(_("{path}: import reads .csv, .pgn, .trf or .json files").format(path=path))


def is_the_logbook(path: Path, repository: Repository) -> bool:
    """Whether `path` is the logbook's own file or one of its journal files, by any name (a link, a
    hard link, `./`). Looked at with `stat` only: opening and closing the file would drop this
    process's SQLite locks on it (`database_file`'s docstring)."""
    logbook = repository.file
    if logbook is None:
        return False
    target = os.path.realpath(path)
    if any(target == os.path.realpath(f"{logbook}{suffix}") for suffix in ("", *JOURNAL_SUFFIXES)):
        return True
    try:
        return os.path.samefile(path, logbook)
    except OSError:  # one of them is missing: not the same file
        return False


def refuse_the_logbook(path: Path, repository: Repository) -> None:
    """An import never reads, and an export never replaces, the logbook it works on (an export to
    the logbook's own name replaced the database with a CSV)."""
    if is_the_logbook(path, repository):
        raise FileRefused(_("{path} is the logbook itself; give another file").format(path=path))


def export_to(
    repository: Repository,
    out: TextIO,
    players: list[PlayerRecord],
    fmt: str,
    rating_list: RatingList | None = None,
) -> int:
    """Write the players' games as CSV (`fmt` "csv") or the whole elotui JSON document to `out` as
    they are read (memory stays flat with the logbook's size); returns how many games. Only one
    list's games (and published ratings) with `rating_list`."""
    if fmt == "csv":
        from elotui.logbook.csv_io import export_csv

        return export_csv(repository, out, players, rating_list)
    from elotui.logbook.json_io import write_document

    return write_document(repository, out, players, rating_list)


def export_text(
    repository: Repository,
    players: list[PlayerRecord],
    fmt: str,
    rating_list: RatingList | None = None,
) -> tuple[str, int]:
    """What `export_to` writes, as one text, and how many games."""
    buffer = io.StringIO()
    count = export_to(repository, buffer, players, fmt, rating_list)
    return buffer.getvalue(), count


def write_whole(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file renamed into place (`whole_file`)."""
    with whole_file(path) as handle:
        handle.write(text)


@contextlib.contextmanager
def whole_file(path: Path) -> Iterator[TextIO]:
    """A file to write `path` into, renamed into place once the block ends: never half a file (an
    error in the block, in the writing, or a signal, removes it and leaves `path` as it was).

    Only a regular file is replaced: a FIFO, a device, a folder or a dangling link is refused (a
    device would otherwise become a plain file); a link named is replaced, never written through.
    The temporary file (`elotui.regular_files.replaced_whole`: a new random name in the same folder,
    never a planted `NAME.partial` link) is `0600` like the logbook; a file being replaced keeps the
    mode its owner gave it.
    """
    kind = kind_of_path(path)
    if kind is not None:
        raise FileRefused(
            _("{path} is {kind}; an export writes a regular file (or - for stdout)").format(
                path=path, kind=kind
            )
        )
    folder = path.parent
    if not folder.is_dir():
        raise FileRefused(
            _("cannot write {path}: the folder {folder} does not exist").format(
                path=path, folder=folder
            )
        )
    try:
        with replaced_whole(path, new_mode=PRIVATE_FILE_MODE) as handle:
            yield handle
    except NotRegularFile as error:  # it became a FIFO, a folder... since `kind_of_path` looked
        kind = kind_of_path(path) or _("not a regular file")
        raise FileRefused(
            _("{path} is {kind}; an export writes a regular file (or - for stdout)").format(
                path=path, kind=kind
            )
        ) from error
    except OSError as error:
        raise FileRefused(
            _("cannot write {path}: {reason}").format(path=path, reason=error.strerror)
        ) from None
