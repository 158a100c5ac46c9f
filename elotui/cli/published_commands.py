"""`elotui published set|list|remove`: official list ratings, to check the replay against."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from elotui.cli.common import UsageError, add_command, add_list_option, print_json, print_table
from elotui.cli.logbook_commands import (
    find_player,
    logbook_errors,
    open_repository,
    wants_json,
)
from elotui.logbook.records import STANDARD  # no SQLAlchemy there

if TYPE_CHECKING:  # the logbook modules load SQLAlchemy: imported where used
    from elotui.cli.logbook_commands import SubParsers


# --- published ------------------------------------------------------------------------------------


def register(sub: SubParsers) -> None:
    published = add_command(sub, "published", "official list ratings, to check the replay against")
    actions = published.add_subparsers(dest="published_command", metavar="ACTION", required=True)

    set_ = add_command(actions, "set", "enter the rating of a player on a month's official list")
    set_.add_argument("--player", required=True, metavar="NAME")
    set_.add_argument("--month", required=True, metavar="YYYY-MM")
    set_.add_argument("--rating", required=True, type=int, metavar="R")
    add_list_option(set_, "the list it was published on (default standard)", STANDARD)
    set_.set_defaults(handler=published_set)

    listing = add_command(actions, "list", "list a player's published ratings")
    listing.add_argument("--player", required=True, metavar="NAME")
    add_list_option(listing, "only this list's (else every list)", None)
    listing.set_defaults(handler=published_list)

    remove = add_command(actions, "remove", "remove a published rating")
    remove.add_argument("--player", required=True, metavar="NAME")
    remove.add_argument("--month", required=True, metavar="YYYY-MM")
    add_list_option(remove, "the list it was published on (default standard)", STANDARD)
    remove.set_defaults(handler=published_remove)


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
        on_list = "" if record.rating_list == STANDARD else f" {record.rating_list}"
        print(f"{player.name}: published{on_list} rating {record.rating} for {record.month}")
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
                    {"month": r.month, "rating": r.rating, "list": r.rating_list} for r in records
                ],
            }
        )
    else:
        print_table(
            ("month", "rating", "list"), [(r.month, r.rating, r.rating_list) for r in records]
        )
    return 0


@logbook_errors
def published_remove(args: argparse.Namespace) -> int:
    repository = open_repository(args)
    player = find_player(repository, args.player)
    if not repository.remove_published(player.id, args.month, args.rating_list):
        on_list = "" if args.rating_list == STANDARD else f" {args.rating_list}"
        raise UsageError(f"{player.name} has no published{on_list} rating for {args.month}")
    if wants_json(args):
        print_json({"player": player.name, "month": args.month, "removed": True})
    else:
        print(f"{player.name}: removed the published rating of {args.month}")
    return 0
