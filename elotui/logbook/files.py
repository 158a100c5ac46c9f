"""Import from and export to a file: the one path `elotui import`/`export` and the app's palette share.

Both callers check what they must first (the CLI refuses a folder or a device before opening the
logbook); here the file's kind picks the reader or writer, and an export is written whole or not at all.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from elotui.logbook.csv_io import ImportSummary
    from elotui.logbook.records import PlayerRecord, RatingList
    from elotui.logbook.repository import Repository

IMPORT_KINDS = (".csv", ".pgn", ".json")


class FileRefused(ValueError):
    """A file that cannot be imported or written; `str()` says why in one line."""


def import_file(
    repository: Repository,
    path: Path,
    *,
    player: str | None,
    keep_duplicates: bool = False,
    rating_list: RatingList | None = None,
) -> ImportSummary:
    """Import a .csv, .pgn or elotui .json file, all or nothing (a bad row raises `ImportFailed`).

    `rating_list` puts every game of a PGN file on that list instead of its `TimeControl`'s."""
    from elotui.logbook.paths import refusal_to_read

    refusal = refusal_to_read(path)  # a folder, a FIFO, a device: never opened
    if refusal is not None:
        raise FileRefused(refusal)
    kind = path.suffix.lower()
    if kind == ".csv":
        from elotui.logbook.csv_io import import_csv

        return import_csv(repository, path, player=player, keep_duplicates=keep_duplicates)
    if kind == ".pgn":
        from elotui.logbook.pgn_io import import_pgn

        if not player:
            raise FileRefused("a PGN import needs a player (whose games to take)")
        return import_pgn(
            repository,
            path,
            player=player,
            keep_duplicates=keep_duplicates,
            rating_list=rating_list,
        )
    if kind == ".json":
        from elotui.logbook.json_io import import_json

        return import_json(repository, path)  # new players only: nothing can be there already
    raise FileRefused(f"{path}: import reads .csv, .pgn or .json files")


def export_text(
    repository: Repository,
    players: list[PlayerRecord],
    fmt: str,
    rating_list: RatingList | None = None,
) -> tuple[str, int]:
    """The players' games as CSV (`fmt` "csv") or the whole elotui JSON document, and how many;
    only one list's games (and published ratings) with `rating_list`."""
    buffer = io.StringIO()
    if fmt == "csv":
        from elotui.logbook.csv_io import export_csv

        count = export_csv(repository, buffer, players, rating_list)
    else:
        from elotui.logbook.json_io import export_document

        document = export_document(repository, players, rating_list)
        count = sum(len(player["games"]) for player in document["players"])
        json.dump(document, buffer, indent=2, ensure_ascii=False)
        buffer.write("\n")
    return buffer.getvalue(), count


def write_whole(path: Path, text: str) -> None:
    """Write `text` to `path` through a `.partial` file renamed into place: never half a file."""
    partial = path.with_name(path.name + ".partial")
    try:
        partial.write_text(text, encoding="utf-8", newline="")
        os.replace(partial, path)
    except OSError as error:
        partial.unlink(missing_ok=True)
        raise FileRefused(f"cannot write {path}: {error.strerror}") from None
