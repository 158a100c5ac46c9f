"""`elotui published set|list|remove`: official list ratings, to check the replay against."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from elotui.cli.common import UsageError, add_command, add_list_option, print_json, print_table
from elotui.cli.logbook_commands import (
    find_player,
    logbook_errors,
    open_repository,
    wants_json,
    whole_arg,
)
from elotui.i18n import _
from elotui.logbook.records import STANDARD  # no SQLAlchemy there
from elotui.rating.text import list_label

if TYPE_CHECKING:  # the logbook modules load SQLAlchemy: imported where used
    from elotui.cli.logbook_commands import SubParsers
    from elotui.logbook.fide_lists import Progress
    from elotui.logbook.records import PlayerRecord
    from elotui.logbook.repository import Repository


# --- published ------------------------------------------------------------------------------------


def register(sub: SubParsers) -> None:
    published = add_command(
        sub, "published", _("official list ratings, to check the replay against")
    )
    actions = published.add_subparsers(dest="published_command", metavar="ACTION", required=True)

    set_ = add_command(actions, "set", _("enter the rating of a player on a month's official list"))
    set_.add_argument("--player", required=True, metavar="NAME", help=_("whose rating"))
    set_.add_argument("--month", required=True, metavar="YYYY-MM", help=_("the month of the list"))
    set_.add_argument(
        "--rating", required=True, type=whole_arg, metavar="R", help=_("the rating published")
    )
    add_list_option(set_, _("the list it was published on (default standard)"), STANDARD)
    set_.set_defaults(handler=published_set)

    listing = add_command(actions, "list", _("list a player's published ratings"))
    listing.add_argument("--player", required=True, metavar="NAME", help=_("whose ratings"))
    add_list_option(listing, _("only this list's (else every list)"), None)
    listing.set_defaults(handler=published_list)

    remove = add_command(actions, "remove", _("remove a published rating"))
    remove.add_argument("--player", required=True, metavar="NAME", help=_("whose rating"))
    remove.add_argument(
        "--month", required=True, metavar="YYYY-MM", help=_("the month of the list")
    )
    add_list_option(remove, _("the list it was published on (default standard)"), STANDARD)
    remove.set_defaults(handler=published_remove)

    imported = add_command(
        actions, "import",
        _("read FIDE's monthly list files: the rating, games and K of each player with a FIDE id"),
    )  # fmt: skip
    imported.add_argument(
        "files", nargs="+", metavar="FILE", type=Path, help=_("FIDE list files (TXT or XML)")
    )
    imported.add_argument(
        "--player", metavar="NAME", help=_("only this player (else every player with a FIDE id)")
    )
    imported.add_argument(
        "--month", metavar="YYYY-MM",
        help=_("the list's month, where neither the file's name nor its header says it"),
    )  # fmt: skip
    add_list_option(
        imported, _("the list of a single-list file whose name does not say it (default standard)"),
        None,
    )  # fmt: skip
    imported.set_defaults(handler=published_import)


@logbook_errors
def published_set(args: argparse.Namespace) -> int:
    repository = open_repository(args)
    player = find_player(repository, args.player)
    record = repository.set_published(player.id, args.month, args.rating, args.rating_list)
    if wants_json(args):
        print_json(
            {
                "player": player.name,
                "month": record.month,
                "rating": record.rating,
                "list": record.rating_list,
            }
        )
    else:
        said = (
            _("{name}: published rating {rating} for {month}")
            if record.rating_list == STANDARD
            else _("{name}: published {list} rating {rating} for {month}")
        )
        print(
            said.format(
                name=player.name, list=list_label(record.rating_list), rating=record.rating,
                month=record.month,
            )
        )  # fmt: skip
    return 0


@logbook_errors
def published_list(args: argparse.Namespace) -> int:
    repository = open_repository(args)
    player = find_player(repository, args.player)
    records = repository.list_published(player.id, args.rating_list)
    if wants_json(args):
        print_json(
            {
                "player": player.name,
                "published": [
                    {
                        "month": r.month,
                        "rating": r.rating,
                        "list": r.rating_list,
                        "games": r.games,
                        "k": r.k,
                    }
                    for r in records
                ],
            }
        )
    else:
        # FIDE's games and K, where a list file gave them: their columns only then.
        fide = any(r.games is not None or r.k is not None for r in records)
        print_table(
            (_("month"), _("rating"), _("list"), *((_("FIDE games"), "K") if fide else ())),
            [
                (r.month, r.rating, list_label(r.rating_list), *((r.games, r.k) if fide else ()))
                for r in records
            ],
        )
    return 0


@logbook_errors
def published_remove(args: argparse.Namespace) -> int:
    repository = open_repository(args)
    player = find_player(repository, args.player)
    if not repository.remove_published(player.id, args.month, args.rating_list):
        said = (
            _("{name} has no published rating for {month}")
            if args.rating_list == STANDARD
            else _("{name} has no published {list} rating for {month}")
        )
        raise UsageError(
            said.format(name=player.name, list=list_label(args.rating_list), month=args.month)
        )
    if wants_json(args):
        print_json({"player": player.name, "month": args.month, "removed": True})
    else:
        print(
            _("{name}: removed the published rating of {month}").format(
                name=player.name, month=args.month
            )
        )
    return 0


@logbook_errors
def published_import(args: argparse.Namespace) -> int:
    """Every file read first, then every rating stored in one transaction: a file that cannot be
    read stores nothing of any file (`list_import.import_list_files`)."""
    from elotui.logbook.list_import import found_line, import_list_files
    from elotui.rating.calendar import checked_month

    month = checked_month(args.month) if args.month else None
    repository = open_repository(args)
    players = _players_with_fide_id(repository, args.player)
    with _progress_bar(args.files) as progress_of:
        done = import_list_files(
            repository, args.files, players, month=month, rating_list=args.rating_list,
            progress_of=progress_of,
        )  # fmt: skip
    by_id = {player.fide_id: player for player in players}
    if wants_json(args):
        print_json(
            {
                "files": [
                    {
                        "file": str(found.path),
                        "month": found.month,
                        "month_from": found.month_from,
                        "lists": list(found.lists),
                        "encoding": found.encoding,
                        "players": [by_id[i].name for i in found.players],
                    }
                    for found in done.files
                ],
                "stored": len(done.stored),
            }
        )
        return 0
    for found in done.files:
        print(found_line(found))
    print(done.stored_line())
    return 0


def _players_with_fide_id(repository: Repository, name: str | None) -> list[PlayerRecord]:
    """The players a list import is for: `name`'s, else every player with a FIDE id."""
    if name is not None:
        player = find_player(repository, name)
        if player.fide_id is None:
            raise UsageError(
                _("{name} has no FIDE id: add it with elotui player edit {name!r} --fide-id ID")
                .format(name=player.name)
            )  # fmt: skip
        return [player]
    players = [player for player in repository.list_players() if player.fide_id is not None]
    if not players:
        raise UsageError(
            _("no player of the logbook has a FIDE id: add one with elotui player edit NAME"
              " --fide-id ID")
        )  # fmt: skip
    return players


@contextmanager
def _progress_bar(files: list[Path]) -> Iterator[Callable[[Path], Progress | None]]:
    """A progress bar over the files on stderr, when stderr is a terminal (a script's stderr gets
    none); `progress_of(path)` is what `read_list_file` reports one file's progress to."""
    from elotui.cli.progress import terminal_progress

    with terminal_progress(len(files)) as advance:
        if advance is None:
            yield lambda path: None
            return
        shown = advance

        def progress_of(path: Path) -> Progress | None:
            index = files.index(path)

            def report(done: int, size: int) -> None:
                shown(index + (done / size if size else 1), path.name)

            return report

        yield progress_of
