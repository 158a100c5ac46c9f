"""`elotui` with no command opens the app; `elotui history [--player NAME]` opens it on the history screen.

The database is resolved (`--db`, `$ELOTUI_DB`, the user data folder) and made ready *before*
`App.run()`: pending migrations (with their backup) run here, so nothing they print scribbles on the
screen, and a file elotui must not touch stops with one line on stderr (exit code 2).

Start-up stays fast: loading SQLAlchemy costs about as much as Textual itself, and the calculator needs
no database. So when the file is already an elotui logbook at the current schema (told with `sqlite3`
alone, `schema.ready_as_is`), or with `--demo`, the app starts at once and opens the logbook in a thread after
the first paint (`elotui.tui.logbook_access`). Anything else (a new file, an older schema, a file that
may be refused) goes through `open_repository` first. `elotui history` opens it first too: the history
screen is then the first thing painted and needs the logbook anyway, and a wrong `--player` is an error.

Textual is imported inside `open_app` only, so the calc commands start without it.
"""

from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from elotui.bulk import pause_for_start_up
from elotui.cli.common import add_command
from elotui.cli.logbook_commands import db_path, find_player, open_repository
from elotui.logbook.schema import ready_as_is

if TYPE_CHECKING:
    from elotui.logbook.repository import Repository


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    history = add_command(sub, "history", "open the app on a player's history (the logbook)")
    history.add_argument("--player", metavar="NAME", help="whose history (else the first player)")
    history.add_argument(
        "--demo", action="store_true", default=argparse.SUPPRESS,
        help="open a throwaway copy of the demo logbook",
    )  # fmt: skip
    history.set_defaults(handler=open_history)


def open_history(args: argparse.Namespace) -> int:
    args.start_mode = "history"
    return open_app(args)


def _report_upgrade(repository: Repository) -> None:
    upgrade = repository.upgrade
    if upgrade is None or not upgrade.changed or upgrade.created:
        return
    # Before the app starts, so it stays readable in the terminal once the app has quit.
    print(
        f"elotui: migrated {upgrade.path} from schema {upgrade.from_revision} to "
        f"{upgrade.to_revision} ({upgrade.backup_note})",
        file=sys.stderr,
    )


def open_app(args: argparse.Namespace) -> int:
    start_mode = getattr(args, "start_mode", None) or "calculator"
    demo = bool(getattr(args, "demo", False))
    player = getattr(args, "player", None)
    path = None if demo else db_path(args)

    repository: Repository | None = None
    # A logbook on a server is always opened here (the quick look of `ready_as_is` is for files).
    if start_mode == "history" or (
        path is not None and (not isinstance(path, Path) or not ready_as_is(path))
    ):
        # Migrates with a backup; a refusal is a DatabaseRefused (an ElotuiError). The history only reads: it creates no
        # logbook (the calculator's app does, for the players it may add).
        repository = open_repository(args, create=start_mode != "history")
        _report_upgrade(repository)
        if player:
            try:
                find_player(repository, player)
            except BaseException:
                repository.close()
                raise

    pause_for_start_up()  # the app calls `start_up_done` once its first screen is built
    try:
        from elotui.tui.app import AppSettings, create_app

        settings = AppSettings(
            start_mode=start_mode,
            demo=demo,
            db_path=path if isinstance(path, Path) else None,
            extra={"player": player} if player else {},
            collector_paused=True,
        )
        app = create_app(settings, repository)
        try:
            app.run()
        finally:
            app.logbook.close()
    finally:
        gc.enable()  # on again whatever happened (it is already, once the app has started)
    if app.crash is not None:  # Textual printed nothing (KeepsItsCrash): one line, the log
        from elotui.cli.crash_log import crash_line

        print(crash_line(app.crash), file=sys.stderr)
        return app.return_code or 1
    return app.return_code or 0
