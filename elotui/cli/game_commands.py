"""`elotui game add|edit|remove|list`: the games of the logbook, one at a time."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, cast

from elotui.cli.common import UsageError, add_command, add_list_option, print_json, print_table
from elotui.cli.logbook_commands import (
    Edit,
    add_pin_options,
    count_arg,
    date_arg,
    edit_changes,
    find_player,
    logbook_errors,
    open_repository,
    result_arg,
    result_text,
    row_id_arg,
    wants_json,
    whole_arg,
)
from elotui.i18n import N_, _
from elotui.logbook.records import STANDARD  # no SQLAlchemy there
from elotui.rating.text import list_label

if TYPE_CHECKING:  # the logbook modules load SQLAlchemy: imported where used
    from elotui.cli.logbook_commands import SubParsers
    from elotui.logbook.repository import GameChanges, GameRecord


def game_json(game: GameRecord) -> dict[str, Any]:
    return {
        "id": game.id,
        "player_id": game.player_id,
        "date": game.date.isoformat(),
        "opponent_name": game.opponent,
        "opponent_rating": game.opponent_rating,
        "score": float(game.score),
        "event": game.event,
        "event_start": game.event_start.isoformat() if game.event_start else None,
        "event_end": game.event_end.isoformat() if game.event_end else None,
        "own_rating": game.own_rating,
        "rated": game.rated,
        "notes": game.notes,
        "list": game.rating_list,
        "rated_period": game.rated_period,
    }


def _game_rows(games: list[GameRecord]) -> list[tuple[object, ...]]:
    return [
        (
            game.id,
            game.date.isoformat(),
            game.opponent or "",
            game.opponent_rating if game.opponent_rating is not None else _("unrated"),
            result_text(game.score),
            game.event or "",
            game.own_rating,
            _("yes") if game.rated else _("no"),
            list_label(game.rating_list),
            game.rated_period or "",
        )
        for game in games
    ]


_GAME_HEADERS = (
    N_("id"), N_("date"), N_("opponent"), N_("opp. rating"), N_("result"), N_("event"), "Ro",
    N_("rated"), N_("list"), N_("pinned"),
)  # fmt: skip


# --- game -----------------------------------------------------------------------------------------


def register(sub: SubParsers) -> None:
    game = add_command(sub, "game", _("add, edit, list or remove games"))
    actions = game.add_subparsers(dest="game_command", metavar="ACTION", required=True)

    add = add_command(actions, "add", _("add a game to a player's logbook"))
    add.add_argument("--player", required=True, metavar="NAME", help=_("whose game"))
    add.add_argument(
        "--date",
        required=True,
        type=date_arg,
        metavar="YYYY-MM-DD",
        help=_("the day it was played"),
    )
    _game_options(add, editing=False)
    add.set_defaults(handler=game_add)

    edit = add_command(actions, "edit", _("change a game (by id, see `game list`)"))
    edit.add_argument("id", type=row_id_arg, metavar="ID", help=_("the game's id"))
    edit.add_argument("--player", metavar="NAME", help=_("move the game to another player"))
    edit.add_argument(
        "--date", type=date_arg, metavar="YYYY-MM-DD", help=_("the day it was played")
    )
    _game_options(edit, editing=True)
    edit.set_defaults(handler=game_edit)

    remove = add_command(actions, "remove", _("remove a game (by id)"))
    remove.add_argument("id", type=row_id_arg, metavar="ID", help=_("the game's id"))
    remove.set_defaults(handler=game_remove)

    listing = add_command(actions, "list", _("list a player's games, newest first"))
    listing.add_argument("--player", required=True, metavar="NAME", help=_("whose games"))
    listing.add_argument("--limit", type=count_arg, metavar="N", help=_("at most N games"))
    listing.add_argument("--oldest-first", action="store_true", help=_("oldest game first"))
    add_list_option(listing, _("only the games of this list (else every list)"), None)
    listing.set_defaults(handler=game_list)


def _game_options(parser: argparse.ArgumentParser, *, editing: bool) -> None:
    opponent_rating = parser.add_mutually_exclusive_group(required=not editing)
    opponent_rating.add_argument(
        "--opponent-rating", type=whole_arg, metavar="R", help=_("the opponent's rating")
    )
    opponent_rating.add_argument(
        "--unrated-opponent", action="store_true", help=_("the opponent had no rating")
    )
    parser.add_argument(
        "--result", type=result_arg, required=not editing, metavar="1|0.5|0", help=_("your score")
    )
    parser.add_argument("--opponent", metavar="NAME", help=_("the opponent's name"))
    parser.add_argument("--event", metavar="NAME", help=_("the event (tournament) name"))
    parser.add_argument(
        "--event-start", type=date_arg, metavar="YYYY-MM-DD",
        help=_("the event's first day: its rules apply (else the game's date)"),
    )  # fmt: skip
    parser.add_argument(
        "--event-end", type=date_arg, metavar="YYYY-MM-DD",
        help=_("the event's last day: its rating period (else the game's date)"),
    )  # fmt: skip
    own = parser.add_mutually_exclusive_group()
    own.add_argument("--own-rating", type=whole_arg, metavar="R", help=_("your rating used (Ro)"))
    rated = parser.add_mutually_exclusive_group()
    rated.add_argument(
        "--not-rated", dest="rated", action="store_const", const=False, default=None,
        help=_("not rated (e.g. a forfeit)"),
    )  # fmt: skip
    parser.add_argument("--notes", metavar="TEXT", help=_("free text kept with the game"))
    add_list_option(
        parser,
        _("the rating list the game is rated on (move it)")
        if editing
        else _("the rating list the game is rated on (default standard)"),
        None if editing else STANDARD,
    )
    add_pin_options(parser, editing=editing)
    if editing:
        own.add_argument(
            "--no-own-rating", action="store_true", help=_("forget --own-rating (use the list's)")
        )
        rated.add_argument(
            "--rated", dest="rated", action="store_const", const=True,
            help=_("rated again (undo --not-rated)"),
        )  # fmt: skip


def _print_game(args: argparse.Namespace, game: GameRecord, said: str) -> None:
    """The game as JSON, or `said` (a translated sentence with {id}, {date}, {opponent}, {rating},
    {result})."""
    if wants_json(args):
        print_json(game_json(game))
    else:
        rating = game.opponent_rating if game.opponent_rating is not None else _("unrated")
        print(
            said.format(
                id=game.id,
                date=game.date.isoformat(),
                opponent=game.opponent or _("an unnamed opponent"),
                rating=rating,
                result=result_text(game.score),
            )
        )


@logbook_errors
def game_add(args: argparse.Namespace) -> int:
    from elotui.logbook.repository import NewGame

    repository = open_repository(args)
    player = find_player(repository, args.player)
    game = NewGame(
        date=args.date,
        opponent_rating=None if args.unrated_opponent else args.opponent_rating,
        score=args.result,
        opponent=args.opponent or None,
        event=args.event or None,
        event_start=args.event_start,
        event_end=args.event_end,
        own_rating=args.own_rating,
        rated=args.rated is not False,
        notes=args.notes or "",
        rating_list=args.rating_list,
        rated_period=args.rated_period,
    )
    added = _("added game {id}: {date} vs {opponent} ({rating}), result {result}")
    _print_game(args, repository.add_game(player.id, game), added)
    return 0


# `game edit`'s options: (field, option, the flag that clears it).
_GAME_EDITS: tuple[Edit, ...] = (
    ("opponent_rating", "opponent_rating", "unrated_opponent"),
    ("own_rating", "own_rating", "no_own_rating"),
    ("date", "date", None),
    ("event_start", "event_start", None),
    ("event_end", "event_end", None),
    ("score", "result", None),
    ("opponent", "opponent", None),
    ("event", "event", None),
    ("notes", "notes", None),
    ("rated", "rated", None),
    ("rating_list", "rating_list", None),
    ("rated_period", "rated_period", "no_rated_period"),
)


@logbook_errors
def game_edit(args: argparse.Namespace) -> int:
    repository = open_repository(args)
    changes = cast("GameChanges", edit_changes(args, _GAME_EDITS))
    for name in ("opponent", "event"):  # an empty value clears the field
        if name in changes:
            changes[name] = changes[name] or None
    if args.player is not None:
        changes["player_id"] = find_player(repository, args.player).id
    if not changes:
        raise UsageError(_("nothing to change; see elotui game edit --help"))
    updated = _("updated game {id}: {date} vs {opponent} ({rating}), result {result}")
    _print_game(args, repository.update_game(args.id, **changes), updated)
    return 0


@logbook_errors
def game_remove(args: argparse.Namespace) -> int:
    repository = open_repository(args)
    repository.remove_game(args.id)
    if wants_json(args):
        print_json({"id": args.id, "removed": True})
    else:
        print(_("removed game {id}").format(id=args.id))
    return 0


@logbook_errors
def game_list(args: argparse.Namespace) -> int:
    repository = open_repository(args, create=False)
    player = find_player(repository, args.player)
    games = repository.list_games(
        player.id,
        newest_first=not args.oldest_first,
        limit=args.limit,
        rating_list=args.rating_list,
    )
    if wants_json(args):
        print_json({"player": player.name, "games": [game_json(game) for game in games]})
    else:
        print_table([_(header) for header in _GAME_HEADERS], _game_rows(games))
    return 0
