"""`elotui player|game|published|import|export|db`: the logbook from the command line.

Every handler resolves the database (`--db`, `$ELOTUI_DB`, the user data folder), migrates it if needed
(`open_repository`), does one repository call and prints a table or, with `--json`, one JSON document.
Mistakes a user can fix are `ElotuiError`s (one line on stderr, exit code 2, nothing changed).

Adding a command (e.g. `replay`): write `_register_x(sub)` with `add_command`, a handler taking
`args`, and call the registrar from `register`; use `open_repository(args)`, `find_player(...)` and
`wants_json(args)` from here.
"""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from elotui.cli.common import UsageError, add_command, print_json, print_table
from elotui.cli.common import add_list_option as add_list_option  # its home was here: re-exported
from elotui.logbook import files
from elotui.logbook.paths import kind_of_path, resolve_db_path
from elotui.logbook.records import STANDARD  # no SQLAlchemy there

if TYPE_CHECKING:  # the logbook modules load SQLAlchemy: imported where used, not for `calc`
    from elotui.logbook.repository import GameRecord, PlayerRecord, Repository

Handler = Callable[[argparse.Namespace], int]
if TYPE_CHECKING:
    SubParsers = argparse._SubParsersAction[argparse.ArgumentParser]


# --- shared helpers (the replay command uses these too) -------------------------------------------


def wants_json(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "json", False))


def db_path(args: argparse.Namespace) -> Path:
    """The database file the arguments name; a URL, `:memory:` or `~nosuchuser` is `BadDatabasePath`."""
    return resolve_db_path(getattr(args, "db", None))


def open_repository(args: argparse.Namespace, *, create: bool = True) -> Repository:
    """The repository of the database the arguments name, migrated first (or `DatabaseRefused`).

    With `--demo`, a fresh throwaway copy of the demo logbook instead. `create=False` for the
    commands that only read: where there is no logbook yet they say so (`NoLogbookYet`) and create
    nothing.
    """
    from elotui.logbook.repository import open_repository as open_at

    if getattr(args, "demo", False):
        from elotui.logbook.demo import open_demo_repository

        return open_demo_repository()
    from elotui.logbook.engine import set_wait_notice

    set_wait_notice(_say_waiting)
    return open_at(db_path(args), create=create)


def _say_waiting(path: Path) -> None:
    print(
        f"elotui: waiting for another elotui to finish writing {path} ...",
        file=sys.stderr,
        flush=True,
    )


def find_player(repository: Repository, name: str) -> PlayerRecord:
    return repository.find_player(name)


def logbook_errors(handler: Handler) -> Handler:
    """Turn a failure of the database itself into a `LogbookError` (`elotui.cli._run` reports it)."""

    @functools.wraps(handler)
    def wrapper(args: argparse.Namespace) -> int:
        import sqlite3

        from sqlalchemy.exc import DBAPIError

        from elotui.logbook.engine import describe_sqlite_error
        from elotui.logbook.records import LogbookError

        try:
            return handler(args)
        except DBAPIError as error:
            # A failure of the database itself (busy, disk full, read-only) on a path the repository
            # does not translate: SQLite rolled the transaction back; say why in one line.
            raise LogbookError(describe_sqlite_error(str(error.orig))) from None
        except sqlite3.Error as error:
            raise LogbookError(describe_sqlite_error(str(error))) from None

    return wrapper


# --- argument types -------------------------------------------------------------------------------


def _date(text: str) -> dt.date:
    from elotui.dates import BadDate, parse_date

    try:
        return parse_date(text)
    except BadDate as error:
        raise argparse.ArgumentTypeError(str(error)) from None


ROW_ID_MAX = 2**63 - 1  # SQLite's largest integer


def _row_id(text: str) -> int:
    """A game id as `game list` shows it: a whole number from 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a game id (a whole number), not {text!r}"
        ) from None
    if not 1 <= value <= ROW_ID_MAX:
        raise argparse.ArgumentTypeError(f"expected a game id from 1, not {text!r}")
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if not 0 <= value <= ROW_ID_MAX:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0, not {text!r}")
    return value


def _score(text: str) -> Fraction:
    from elotui.rating.inputs import SCORES

    score = SCORES.get(text.strip().lower())
    if score is None:
        raise argparse.ArgumentTypeError(f"expected 1, 0.5 or 0 (or win, draw, loss), not {text!r}")
    return score


def _score_text(score: Fraction) -> str:
    return {Fraction(1): "1", Fraction(1, 2): "0.5", Fraction(0): "0"}[score]


# --- rating lists (standard, rapid, blitz) and the pinned period: every command's `--list` ---------


def _month(text: str) -> str:
    from elotui.dates import BadDate
    from elotui.rating.calendar import checked_month

    try:
        return checked_month(text)
    except BadDate as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _add_pin_options(parser: argparse.ArgumentParser, *, editing: bool) -> None:
    pin = parser.add_mutually_exclusive_group()
    pin.add_argument(
        "--rated-period",
        type=_month,
        metavar="YYYY-MM",
        help="pin the game's event to the rating period named by its first month, when its "
        "dates would give another (since 2012-07 period 2026-10 is rated on the 2026-11 list)",
    )
    if editing:
        pin.add_argument(
            "--no-rated-period", action="store_true", help="let the event's dates decide again"
        )


def _list_and_pin_changes(args: argparse.Namespace, changes: dict[str, Any]) -> None:
    """`game edit`: the list and pin options given, as repository changes."""
    if args.rating_list is not None:
        changes["rating_list"] = args.rating_list
    if args.no_rated_period:
        changes["rated_period"] = None
    elif args.rated_period is not None:
        changes["rated_period"] = args.rated_period


# --- JSON shapes ----------------------------------------------------------------------------------


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
            game.opponent_rating if game.opponent_rating is not None else "unrated",
            _score_text(game.score),
            game.event or "",
            game.own_rating,
            "yes" if game.rated else "no",
            game.rating_list,
            game.rated_period or "",
        )
        for game in games
    ]


_GAME_HEADERS = (
    "id", "date", "opponent", "opp. rating", "result", "event", "Ro", "rated", "list", "pinned",
)  # fmt: skip


# --- player ---------------------------------------------------------------------------------------


def _register_player(sub: SubParsers) -> None:
    player = add_command(sub, "player", "add, edit, list or remove players")
    actions = player.add_subparsers(dest="player_command", metavar="ACTION", required=True)

    add = add_command(actions, "add", "add a player to the logbook")
    add.add_argument("name", metavar="NAME")
    _player_options(add, editing=False)
    add.set_defaults(handler=player_add)

    edit = add_command(actions, "edit", "change a player's profile")
    edit.add_argument("name", metavar="NAME")
    edit.add_argument("--name", dest="new_name", metavar="NEW", help="rename the player")
    _player_options(edit, editing=True)
    edit.set_defaults(handler=player_edit)

    listing = add_command(actions, "list", "list the players")
    listing.set_defaults(handler=player_list)

    remove = add_command(actions, "remove", "remove a player with all their games")
    remove.add_argument("name", metavar="NAME")
    remove.add_argument("--yes", action="store_true", help="confirm removing the player's games")
    remove.set_defaults(handler=player_remove)


def _player_options(parser: argparse.ArgumentParser, *, editing: bool) -> None:
    rating = parser.add_mutually_exclusive_group()
    rating.add_argument("--rating", type=int, metavar="R", help="rating when the logbook starts")
    rating.add_argument(
        "--unrated", action="store_true", help="unrated when the logbook starts (the default)"
    )
    parser.add_argument("--birth-year", type=int, metavar="Y")
    parser.add_argument(
        "--games-before", type=int, metavar="N", help="rated games played before the logbook"
    )
    parser.add_argument("--fide-id", type=int, metavar="ID")
    k = parser.add_mutually_exclusive_group()
    k.add_argument("--k", type=int, metavar="K", help="a fixed K instead of the FIDE steps")
    reached = parser.add_mutually_exclusive_group()
    reached.add_argument(
        "--reached-2400",
        action="store_const",
        const=True,
        default=None,
        help="ever published at 2400 or more before the logbook",
    )
    parser.add_argument("--notes", metavar="TEXT")
    if editing:
        k.add_argument("--no-fixed-k", action="store_true", help="use the FIDE K steps again")
        reached.add_argument(
            "--not-reached-2400", dest="reached_2400", action="store_const", const=False
        )
        parser.add_argument("--no-birth-year", action="store_true")
        parser.add_argument("--no-fide-id", action="store_true")


def _print_player(args: argparse.Namespace, player: PlayerRecord, verb: str) -> None:
    if wants_json(args):
        print_json(player_json(player))
    else:
        print(f"{verb} player {player.name} (id {player.id})")


@logbook_errors
def player_add(args: argparse.Namespace) -> int:
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
    _print_player(args, player, "added")
    return 0


@logbook_errors
def player_edit(args: argparse.Namespace) -> int:
    repository = open_repository(args)
    player = find_player(repository, args.name)
    changes: dict[str, Any] = {}
    if args.new_name is not None:
        changes["name"] = args.new_name
    if args.unrated:
        changes["start_rating"] = None
    elif args.rating is not None:
        changes["start_rating"] = args.rating
    if args.no_birth_year:
        changes["birth_year"] = None
    elif args.birth_year is not None:
        changes["birth_year"] = args.birth_year
    if args.no_fide_id:
        changes["fide_id"] = None
    elif args.fide_id is not None:
        changes["fide_id"] = args.fide_id
    if args.no_fixed_k:
        changes["fixed_k"] = None
    elif args.k is not None:
        changes["fixed_k"] = args.k
    if args.games_before is not None:
        changes["games_before"] = args.games_before
    if args.reached_2400 is not None:
        changes["reached_2400"] = args.reached_2400
    if args.notes is not None:
        changes["notes"] = args.notes
    if not changes:
        raise UsageError("nothing to change; see elotui player edit --help")
    _print_player(args, repository.update_player(player.id, **changes), "updated")
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
            print(f"no players yet (no logbook at {db_path(args)})")
        return 0
    players = [(p, repository.count_games(p.id)) for p in repository.list_players()]
    if wants_json(args):
        print_json({"players": [player_json(p, games) for p, games in players]})
        return 0
    print_table(
        ("name", "start rating", "games", "born", "games before", "2400", "K"),
        [
            (
                p.name,
                p.start_rating if p.start_rating is not None else "unrated",
                games,
                p.birth_year,
                p.games_before,
                "yes" if p.reached_2400 else "",
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
    games = repository.count_games(player.id)
    if games and not args.yes:
        raise UsageError(
            f"{player.name} has {games} game(s); add --yes to remove the player and their games"
        )
    removed = repository.remove_player(player.id)
    if wants_json(args):
        print_json({"player": player.name, "removed": True, "games": removed})
    else:
        print(f"removed player {player.name} and {removed} game(s)")
    return 0


# --- game -----------------------------------------------------------------------------------------


def _register_game(sub: SubParsers) -> None:
    game = add_command(sub, "game", "add, edit, list or remove games")
    actions = game.add_subparsers(dest="game_command", metavar="ACTION", required=True)

    add = add_command(actions, "add", "add a game to a player's logbook")
    add.add_argument("--player", required=True, metavar="NAME")
    add.add_argument("--date", required=True, type=_date, metavar="YYYY-MM-DD")
    _game_options(add, editing=False)
    add.set_defaults(handler=game_add)

    edit = add_command(actions, "edit", "change a game (by id, see `game list`)")
    edit.add_argument("id", type=_row_id, metavar="ID")
    edit.add_argument("--player", metavar="NAME", help="move the game to another player")
    edit.add_argument("--date", type=_date, metavar="YYYY-MM-DD")
    _game_options(edit, editing=True)
    edit.set_defaults(handler=game_edit)

    remove = add_command(actions, "remove", "remove a game (by id)")
    remove.add_argument("id", type=_row_id, metavar="ID")
    remove.set_defaults(handler=game_remove)

    listing = add_command(actions, "list", "list a player's games, newest first")
    listing.add_argument("--player", required=True, metavar="NAME")
    listing.add_argument("--limit", type=_count, metavar="N")
    listing.add_argument("--oldest-first", action="store_true")
    add_list_option(listing, "only the games of this list (else every list)", None)
    listing.set_defaults(handler=game_list)


def _game_options(parser: argparse.ArgumentParser, *, editing: bool) -> None:
    opponent_rating = parser.add_mutually_exclusive_group(required=not editing)
    opponent_rating.add_argument("--opponent-rating", type=int, metavar="R")
    opponent_rating.add_argument(
        "--unrated-opponent", action="store_true", help="the opponent had no rating"
    )
    parser.add_argument(
        "--result", type=_score, required=not editing, metavar="1|0.5|0", help="your score"
    )
    parser.add_argument("--opponent", metavar="NAME")
    parser.add_argument("--event", metavar="NAME")
    parser.add_argument("--event-start", type=_date, metavar="YYYY-MM-DD")
    parser.add_argument("--event-end", type=_date, metavar="YYYY-MM-DD")
    own = parser.add_mutually_exclusive_group()
    own.add_argument("--own-rating", type=int, metavar="R", help="your rating used (Ro)")
    rated = parser.add_mutually_exclusive_group()
    rated.add_argument(
        "--not-rated", dest="rated", action="store_const", const=False, default=None,
        help="not rated (e.g. a forfeit)",
    )  # fmt: skip
    parser.add_argument("--notes", metavar="TEXT")
    add_list_option(
        parser,
        "the rating list the game is rated on"
        + (" (move it)" if editing else " (default standard)"),
        None if editing else STANDARD,
    )
    _add_pin_options(parser, editing=editing)
    if editing:
        own.add_argument("--no-own-rating", action="store_true")
        rated.add_argument("--rated", dest="rated", action="store_const", const=True)


def _print_game(args: argparse.Namespace, game: GameRecord, verb: str) -> None:
    if wants_json(args):
        print_json(game_json(game))
    else:
        rating = game.opponent_rating if game.opponent_rating is not None else "unrated"
        print(
            f"{verb} game {game.id}: {game.date.isoformat()} vs "
            f"{game.opponent or 'an unnamed opponent'} ({rating}), "
            f"result {_score_text(game.score)}"
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
    _print_game(args, repository.add_game(player.id, game), "added")
    return 0


@logbook_errors
def game_edit(args: argparse.Namespace) -> int:
    repository = open_repository(args)
    changes: dict[str, Any] = {}
    if args.player is not None:
        changes["player_id"] = find_player(repository, args.player).id
    if args.unrated_opponent:
        changes["opponent_rating"] = None
    elif args.opponent_rating is not None:
        changes["opponent_rating"] = args.opponent_rating
    if args.no_own_rating:
        changes["own_rating"] = None
    elif args.own_rating is not None:
        changes["own_rating"] = args.own_rating
    for name in ("date", "event_start", "event_end"):
        if getattr(args, name) is not None:
            changes[name] = getattr(args, name)
    if args.result is not None:
        changes["score"] = args.result
    for name in ("opponent", "event"):  # an empty value clears the field
        if getattr(args, name) is not None:
            changes[name] = getattr(args, name) or None
    if args.notes is not None:
        changes["notes"] = args.notes
    if args.rated is not None:
        changes["rated"] = args.rated
    _list_and_pin_changes(args, changes)
    if not changes:
        raise UsageError("nothing to change; see elotui game edit --help")
    _print_game(args, repository.update_game(args.id, **changes), "updated")
    return 0


@logbook_errors
def game_remove(args: argparse.Namespace) -> int:
    repository = open_repository(args)
    repository.remove_game(args.id)
    if wants_json(args):
        print_json({"id": args.id, "removed": True})
    else:
        print(f"removed game {args.id}")
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
        print_table(_GAME_HEADERS, _game_rows(games))
    return 0


# --- published ------------------------------------------------------------------------------------


def _register_published(sub: SubParsers) -> None:
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


# --- import / export ------------------------------------------------------------------------------


def _register_transfer(sub: SubParsers) -> None:
    importing = add_command(sub, "import", "import games from a CSV, PGN or elotui JSON file")
    importing.add_argument("file", metavar="FILE", type=Path)
    importing.add_argument(
        "--player",
        metavar="NAME",
        help="whose games (required for PGN; for CSV fills an empty player column)",
    )
    importing.add_argument(
        "--keep-duplicates",
        action="store_true",
        help="import every game, even one already in the logbook (same player, date, opponent, "
        "ratings, result, event, rated and list); by default those are skipped",
    )
    add_list_option(
        importing,
        "PGN: put every game on this list (else each game's TimeControl decides: blitz up to 10 "
        "minutes for base + 60 x increment, rapid under 60, else standard)",
        None,
    )
    importing.set_defaults(handler=import_file)

    exporting = add_command(sub, "export", "export games as CSV or whole players as JSON")
    exporting.add_argument("--player", metavar="NAME", help="only this player (else everyone)")
    exporting.add_argument("--format", choices=("csv", "json"), help="csv (default) or json")
    exporting.add_argument("-o", "--output", metavar="FILE", help="else (or with -) stdout")
    add_list_option(exporting, "only the games (and published ratings) of this list", None)
    exporting.set_defaults(handler=export_file)


@logbook_errors
def import_file(args: argparse.Namespace) -> int:
    path: Path = args.file
    kind = path.suffix.lower()
    if kind not in (".csv", ".pgn", ".json"):
        raise UsageError(f"{path}: import reads .csv, .pgn or .json files")
    from elotui.logbook.paths import refusal_to_read

    refusal = refusal_to_read(path)  # a folder, a FIFO, a device: refused before anything is opened
    if refusal is not None:
        raise UsageError(refusal)
    if kind == ".pgn" and not args.player:
        raise UsageError("a PGN import needs --player NAME (whose games to take)")
    if kind != ".pgn" and args.rating_list is not None:
        raise UsageError(f"--list is for PGN imports; a {kind} file gives each game's list itself")
    repository = open_repository(args)
    summary = files.import_file(
        repository,
        path,
        player=args.player,
        keep_duplicates=args.keep_duplicates,
        rating_list=args.rating_list,
    )
    if wants_json(args):
        print_json(summary.as_json())
        return 0
    print(summary.message(str(path)))
    for reason, count in summary.skipped.items():
        print(f"skipped {count}: {reason}")
    return 0


@logbook_errors
def export_file(args: argparse.Namespace) -> int:
    to_stdout = args.output is None or args.output == "-"
    if args.output == "":
        raise UsageError("export -o is empty; give a file name, or - for stdout")
    output = Path(args.output or "-")
    if not to_stdout:
        refusal = kind_of_path(output)  # before the logbook is opened: nothing to undo
        if refusal is not None:
            raise UsageError(
                f"{output} is {refusal}; an export writes a regular file (or - for stdout)"
            )
    repository = open_repository(args, create=False)
    players = [find_player(repository, args.player)] if args.player else repository.list_players()
    fmt = args.format or ("json" if wants_json(args) and to_stdout else "csv")
    text, count = files.export_text(repository, players, fmt, args.rating_list)
    if to_stdout:
        sys.stdout.write(text)
        return 0
    files.write_whole(output, text)
    if wants_json(args):
        print_json({"file": str(output), "format": fmt, "games": count, "players": len(players)})
    else:
        print(f"exported {count} game(s) of {len(players)} player(s) to {output}")
    return 0


# --- db -------------------------------------------------------------------------------------------


def _register_db(sub: SubParsers) -> None:
    db = add_command(sub, "db", "where the database is; migrate it")
    actions = db.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    path = add_command(actions, "path", "print the database file in use (creates nothing)")
    path.set_defaults(handler=db_path_command)
    upgrade = add_command(actions, "upgrade", "create the database or apply pending migrations")
    upgrade.set_defaults(handler=db_upgrade_command)


def db_path_command(args: argparse.Namespace) -> int:
    path = db_path(args)
    if wants_json(args):
        print_json({"path": str(path), "exists": path.exists()})
    else:
        print(path)
    return 0


def db_upgrade_command(args: argparse.Namespace) -> int:
    from elotui.logbook.migrate import upgrade_database

    path = db_path(args)
    result = upgrade_database(path)
    if wants_json(args):
        print_json(
            {
                "path": str(path),
                "created": result.created,
                "from_revision": result.from_revision,
                "to_revision": result.to_revision,
                "backup": str(result.backup) if result.backup else None,
            }
        )
    elif result.created:
        print(f"created {path} (schema {result.to_revision})")
    elif not result.changed:
        print(f"{path} is up to date (schema {result.to_revision})")
    else:
        print(
            f"migrated {path} from schema {result.from_revision} to {result.to_revision} "
            f"(backup: {result.backup})"
        )
    return 0


def register(sub: SubParsers) -> None:
    _register_player(sub)
    _register_game(sub)
    _register_published(sub)
    _register_transfer(sub)
    _register_db(sub)
