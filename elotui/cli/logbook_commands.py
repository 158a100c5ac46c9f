"""What the logbook commands share (`player`, `game`, `published`, `import`, `export`, `db`, `replay`).

Every handler resolves the database (`--db`, `$ELOTUI_DB`, the user data folder), migrates it if needed
(`open_repository`), does one repository call and prints a table or, with `--json`, one JSON document.
Mistakes a user can fix are `ElotuiError`s (one line on stderr, exit code 2, nothing changed).

Each command lives in its own module (`player_commands`, `game_commands`, `published_commands`,
`import_export_commands`, `db_commands`, `replay_commands`) with a `register(sub)`, named in
`elotui.cli.COMMAND_MODULES`; a handler takes `args` and uses `open_repository(args)`,
`find_player(...)`, `wants_json(args)` and the argument types from here.
"""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import sys
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from elotui.cli.common import add_list_option as add_list_option  # its home was here: re-exported
from elotui.i18n import _
from elotui.logbook.paths import LogbookAddress, resolve_db_path
from elotui.rating.inputs import read_whole, whole_number_refusal

if TYPE_CHECKING:  # the logbook modules load SQLAlchemy: imported where used, not for `calc`
    from elotui.logbook.repository import PlayerRecord, Repository

Handler = Callable[[argparse.Namespace], int]
if TYPE_CHECKING:
    SubParsers = argparse._SubParsersAction[argparse.ArgumentParser]


# --- shared helpers (the replay command uses these too) -------------------------------------------


def wants_json(args: argparse.Namespace) -> bool:
    return bool(getattr(args, "json", False))


def db_path(args: argparse.Namespace) -> LogbookAddress:
    """The logbook the arguments name (a file, or a `postgresql://` database); another URL,
    `:memory:` or `~nosuchuser` is `BadDatabasePath`."""
    return resolve_db_path(getattr(args, "db", None))


def open_repository(
    args: argparse.Namespace,
    *,
    create: bool | Literal["when written"] = "when written",  # repository.WHEN_WRITTEN, unimported
) -> Repository:
    """The repository of the database the arguments name, migrated first (or `DatabaseRefused`).

    With `--demo`, a fresh throwaway copy of the demo logbook instead. `create=False` for the
    commands that only read: where there is no logbook yet they say so (`NoLogbookYet`) and create
    nothing. The commands that write make a new logbook with their first write only (the default,
    `WHEN_WRITTEN`), so one refused (an unknown player, a bad import) leaves no file behind. The app,
    which stays open while others may make the file, makes it at once (`create=True`).
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
        _("elotui: waiting for another elotui to finish writing {path} ...").format(path=path),
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


# --- edit commands ---------------------------------------------------------------------------------

# An `edit` option: the field it changes, the option's `dest`, and the `dest` of the flag that clears
# the field (`--unrated`, `--no-fixed-k`...), if it has one.
Edit = tuple[str, str, str | None]


def edit_changes(args: argparse.Namespace, edits: Iterable[Edit]) -> dict[str, Any]:
    """The fields an `edit` command's options change: a clearing flag sets None, a value given sets
    it, an option not given leaves the field as it is."""
    changes: dict[str, Any] = {}
    for field, option, clear in edits:
        if clear is not None and getattr(args, clear):
            changes[field] = None
        elif getattr(args, option) is not None:
            changes[field] = getattr(args, option)
    return changes


# --- argument types -------------------------------------------------------------------------------


def date_arg(text: str) -> dt.date:
    from elotui.dates import BadDate, parse_date

    try:
        return parse_date(text)
    except BadDate as error:
        raise argparse.ArgumentTypeError(str(error)) from None


ROW_ID_MAX = 2**63 - 1  # SQLite's largest integer


def whole_arg(text: str) -> int:
    """A whole number written with the digits 0-9 (`inputs.read_whole`); its range is the logbook's
    to check, as for the same value typed in the app."""
    value = read_whole(text)
    if value is None:
        raise argparse.ArgumentTypeError(whole_number_refusal(text))
    return value


def row_id_arg(text: str) -> int:
    """A game id as `game list` shows it: a whole number from 1."""
    value = read_whole(text)
    if value is None:
        raise argparse.ArgumentTypeError(whole_number_refusal(text, _("a game id")))
    if not 1 <= value <= ROW_ID_MAX:
        raise argparse.ArgumentTypeError(
            _("expected a game id from 1, not {text!r}").format(text=text)
        )
    return value


def count_arg(text: str) -> int:
    value = whole_arg(text)
    if not 0 <= value <= ROW_ID_MAX:
        raise argparse.ArgumentTypeError(
            _("expected a whole number from 0, not {text!r}").format(text=text)
        )
    return value


def result_arg(text: str) -> Fraction:
    from elotui.rating.result import Result

    result = Result.parse(text)
    if result is None:
        raise argparse.ArgumentTypeError(
            _("expected 1, 0.5 or 0 (or win, draw, loss), not {text!r}").format(text=text)
        )
    return result.score


def result_text(score: Fraction) -> str:
    """A score as the CLI prints it: "1", "0.5", "0" ("0,5" in French)."""
    from elotui.i18n.numbers import points

    return points(score)


# --- rating lists (standard, rapid, blitz) and the pinned period: every command's `--list` ---------


def month_arg(text: str) -> str:
    from elotui.dates import BadDate
    from elotui.rating.calendar import checked_month

    try:
        return checked_month(text)
    except BadDate as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_pin_options(parser: argparse.ArgumentParser, *, editing: bool) -> None:
    pin = parser.add_mutually_exclusive_group()
    pin.add_argument(
        "--rated-period",
        type=month_arg,
        metavar="YYYY-MM",
        help=_(
            "pin the game's event to the rating period named by its first month, when its "
            "dates would give another (since 2012-07 period 2026-10 is rated on the 2026-11 list)"
        ),
    )
    if editing:
        pin.add_argument(
            "--no-rated-period", action="store_true", help=_("let the event's dates decide again")
        )
