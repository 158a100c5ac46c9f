"""`elotui player add|edit|list|remove`: the players of the logbook."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from elotui.cli.common import UsageError, add_command, print_json, print_table
from elotui.cli.logbook_commands import (
    Edit,
    db_path,
    edit_changes,
    find_player,
    logbook_errors,
    open_repository,
    wants_json,
    whole_arg,
)
from elotui.i18n import _, ngettext
from elotui.i18n.numbers import count
from elotui.logbook.records import HasGames

if TYPE_CHECKING:  # the logbook modules load SQLAlchemy: imported where used
    from elotui.cli.logbook_commands import SubParsers
    from elotui.logbook.repository import PlayerChanges, PlayerRecord


def player_json(player: PlayerRecord, games: int | None = None) -> dict[str, Any]:
    document: dict[str, Any] = {
        "id": player.id,
        "name": player.name,
        "fide_id": player.fide_id,
        "birth_year": player.birth_year,
        "start_rating": player.start_rating,
        "games_before": player.games_before,
        "reached_2400": player.reached_2400,
        "fixed_k": player.fixed_k,
        "notes": player.notes,
    }
    if games is not None:
        document["games"] = games
    return document


# --- player ---------------------------------------------------------------------------------------


def register(sub: SubParsers) -> None:
    player = add_command(sub, "player", _("add, edit, list or remove players"))
    actions = player.add_subparsers(dest="player_command", metavar="ACTION", required=True)

    add = add_command(actions, "add", _("add a player to the logbook"))
    add.add_argument(
        "name", metavar="NAME", nargs="?", help=_("the player's name (else from --from-list)")
    )
    _player_options(add, editing=False)
    add.add_argument(
        "--from-list", metavar="FILE", type=Path,
        help=_("take the name, birth year and start rating from a FIDE list file (with --fide-id)"),
    )  # fmt: skip
    add.set_defaults(handler=player_add)

    edit = add_command(actions, "edit", _("change a player's profile"))
    edit.add_argument("name", metavar="NAME", help=_("the player to change"))
    edit.add_argument("--name", dest="new_name", metavar="NEW", help=_("rename the player"))
    _player_options(edit, editing=True)
    edit.set_defaults(handler=player_edit)

    listing = add_command(actions, "list", _("list the players"))
    listing.set_defaults(handler=player_list)

    remove = add_command(actions, "remove", _("remove a player with all their games"))
    remove.add_argument("name", metavar="NAME", help=_("the player to remove"))
    remove.add_argument("--yes", action="store_true", help=_("confirm removing the player's games"))
    remove.set_defaults(handler=player_remove)


def _player_options(parser: argparse.ArgumentParser, *, editing: bool) -> None:
    rating = parser.add_mutually_exclusive_group()
    rating.add_argument(
        "--rating", type=whole_arg, metavar="R", help=_("rating when the logbook starts")
    )
    rating.add_argument(
        "--unrated", action="store_true", help=_("unrated when the logbook starts (the default)")
    )
    parser.add_argument(
        "--birth-year", type=whole_arg, metavar="Y", help=_("birth year (the junior K 40)")
    )
    parser.add_argument(
        "--games-before",
        type=whole_arg,
        metavar="N",
        help=_("rated games played before the logbook"),
    )
    parser.add_argument("--fide-id", type=whole_arg, metavar="ID", help=_("FIDE id number"))
    k = parser.add_mutually_exclusive_group()
    k.add_argument(
        "--k", type=whole_arg, metavar="K", help=_("a fixed K instead of the FIDE steps")
    )
    reached = parser.add_mutually_exclusive_group()
    reached.add_argument(
        "--reached-2400",
        action="store_const",
        const=True,
        default=None,
        help=_("ever published at 2400 or more before the logbook"),
    )
    parser.add_argument("--notes", metavar="TEXT", help=_("free text kept with the player"))
    if editing:
        k.add_argument("--no-fixed-k", action="store_true", help=_("use the FIDE K steps again"))
        reached.add_argument(
            "--not-reached-2400", dest="reached_2400", action="store_const", const=False,
            help=_("never published at 2400 or more (undo --reached-2400)"),
        )  # fmt: skip
        parser.add_argument("--no-birth-year", action="store_true", help=_("forget the birth year"))
        parser.add_argument("--no-fide-id", action="store_true", help=_("forget the FIDE id"))


def _print_player(args: argparse.Namespace, player: PlayerRecord, said: str) -> None:
    """The player as JSON, or `said` (a translated sentence with {name} and {id})."""
    if wants_json(args):
        print_json(player_json(player))
    else:
        print(said.format(name=player.name, id=player.id))


@logbook_errors
def player_add(args: argparse.Namespace) -> int:
    if args.from_list is not None:
        _from_list(args)
    elif args.name is None:
        raise UsageError(_("give the player's NAME (or --fide-id ID --from-list FILE)"))
    repository = open_repository(args)
    player = repository.add_player(
        args.name,
        fide_id=args.fide_id,
        birth_year=args.birth_year,
        start_rating=None if args.unrated else args.rating,
        games_before=args.games_before or 0,
        reached_2400=bool(args.reached_2400),
        fixed_k=args.k,
        notes=args.notes or "",
    )
    _print_player(args, player, _("added player {name} (id {id})"))
    return 0


def _from_list(args: argparse.Namespace) -> None:
    """Fill in what `player add` was not told from the player's line in a FIDE list file: the name
    ("Costa, Ana" is "Ana Costa"), the birth year and the standard rating as the start rating. The
    logbook has no title: a title in the list is said, not stored."""
    from elotui.logbook.fide_lists import read_list_file
    from elotui.logbook.player_names import given_first

    if args.fide_id is None:
        raise UsageError(_("--from-list needs the player's --fide-id ID"))
    found = read_list_file(args.from_list, {args.fide_id})
    listed = found.players.get(args.fide_id)
    if listed is None:
        raise UsageError(
            _("{file}: FIDE id {id} is not in this list").format(
                file=args.from_list, id=args.fide_id
            )
        )
    if args.name is None:
        args.name = given_first(listed.name)
    if args.birth_year is None:
        args.birth_year = listed.birth_year
    standard = next((r.rating for r in listed.ratings if r.rating_list == "standard"), None)
    if args.rating is None and not args.unrated and standard is not None:
        args.rating = standard
    if listed.title:
        print(
            _("{name}: the title {title} is not stored (the logbook has no title)").format(
                name=args.name, title=listed.title
            ),
            file=sys.stderr,
        )


# `player edit`'s options: (field, option, the flag that clears it).
_PLAYER_EDITS: tuple[Edit, ...] = (
    ("name", "new_name", None),
    ("start_rating", "rating", "unrated"),
    ("birth_year", "birth_year", "no_birth_year"),
    ("fide_id", "fide_id", "no_fide_id"),
    ("fixed_k", "k", "no_fixed_k"),
    ("games_before", "games_before", None),
    ("reached_2400", "reached_2400", None),
    ("notes", "notes", None),
)


@logbook_errors
def player_edit(args: argparse.Namespace) -> int:
    repository = open_repository(args)
    player = find_player(repository, args.name)
    changes = cast("PlayerChanges", edit_changes(args, _PLAYER_EDITS))
    if not changes:
        raise UsageError(_("nothing to change; see elotui player edit --help"))
    _print_player(
        args, repository.update_player(player.id, **changes), _("updated player {name} (id {id})")
    )
    return 0


@logbook_errors
def player_list(args: argparse.Namespace) -> int:
    from elotui.logbook.migrate import NoLogbookYet

    try:
        repository = open_repository(args, create=False)
    except NoLogbookYet:
        # No logbook is no player: say so without creating one.
        if wants_json(args):
            print_json({"players": []})
        else:
            print(_("no players yet (no logbook at {db_path})").format(db_path=db_path(args)))
        return 0
    players = [(p, repository.count_games(p.id)) for p in repository.list_players()]
    if wants_json(args):
        print_json({"players": [player_json(p, games) for p, games in players]})
        return 0
    print_table(
        (_("name"), _("start rating"), _("games"), _("born"), _("games before"), "2400", "K"),
        [
            (
                p.name,
                p.start_rating if p.start_rating is not None else _("unrated"),
                games,
                p.birth_year,
                p.games_before,
                _("yes") if p.reached_2400 else "",
                p.fixed_k,
            )
            for p, games in players
        ],
    )
    return 0


@logbook_errors
def player_remove(args: argparse.Namespace) -> int:
    repository = open_repository(args)
    player = find_player(repository, args.name)
    try:
        # Counted and removed in one transaction: games added meanwhile are not removed unasked.
        removed = repository.remove_player(player.id, with_games=args.yes)
    except HasGames as refused:
        raise UsageError(
            ngettext(
                # English keeps its "(s)" (its output is unchanged); French gets the right form.
                "{name} has {games} game(s); add --yes to remove the player and their games",
                "{name} has {games} game(s); add --yes to remove the player and their games",
                refused.games,
            ).format(name=player.name, games=count(refused.games))
        ) from None
    if wants_json(args):
        print_json({"player": player.name, "removed": True, "games": removed})
    else:
        print(
            ngettext(
                "removed player {name} and {removed} game(s)",
                "removed player {name} and {removed} game(s)",
                removed,
            ).format(name=player.name, removed=count(removed))
        )
    return 0
