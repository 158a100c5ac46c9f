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
    whole_arg,
)
from elotui.i18n import _
from elotui.logbook.records import STANDARD  # no SQLAlchemy there
from elotui.rating.text import list_label

if TYPE_CHECKING:  # the logbook modules load SQLAlchemy: imported where used
    from elotui.cli.logbook_commands import SubParsers


# --- published ------------------------------------------------------------------------------------


def register(sub: SubParsers) -> None:
    published = add_command(
        sub, "published", _("official list ratings, to check the replay against")
    )
    actions = published.add_subparsers(dest="published_command", metavar="ACTION", required=True)

    set_ = add_command(actions, "set", _("enter the rating of a player on a month's official list"))
    set_.add_argument("--player", required=True, metavar="NAME")
    set_.add_argument("--month", required=True, metavar="YYYY-MM")
    set_.add_argument("--rating", required=True, type=whole_arg, metavar="R")
    add_list_option(set_, _("the list it was published on (default standard)"), STANDARD)
    set_.set_defaults(handler=published_set)

    listing = add_command(actions, "list", _("list a player's published ratings"))
    listing.add_argument("--player", required=True, metavar="NAME")
    add_list_option(listing, "only this list's (else every list)", None)
    listing.set_defaults(handler=published_list)

    remove = add_command(actions, "remove", _("remove a published rating"))
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
