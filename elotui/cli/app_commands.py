"""`elotui` with no command opens the app; `elotui history [--player NAME]` opens it on the history screen.

The database is resolved (`--db`, `$ELOTUI_DB`, the user data folder) and made ready *before*
`App.run()`: pending migrations (with their backup) run here, so nothing they print scribbles on the
screen, and a file elotui must not touch stops with one line on stderr (exit code 2).

Start-up stays fast: loading SQLAlchemy costs about as much as Textual itself, and the calculator needs
no database. So when the file is already an elotui logbook at the current schema (told with `sqlite3`
alone, `schema.ready_as_is`), or with `--demo`, the app starts at once and opens the logbook in a thread after
the first paint (`elotui.tui.logbook_access`). Anything else (a new file, an older schema, a file that
may be refused) goes through `open_repository` first, so today's refusals (newer, foreign, corrupt)
still stop here with their message and migrations still print their line.

`elotui history` starts the same way: on a logbook ready as it is, a plain `sqlite3` reader checks
`--player` (a wrong one is an error before the app starts) and gives the first page, painted before
SQLAlchemy is loaded; the repository opens in a thread after the first frame. `--demo` (without
`--player` or with one of the demo's names, read without building it) builds its throwaway logbook in
that thread too, so its Alembic run comes after the first paint. Any other `--player` with `--demo` is
told before the app starts, so that one builds it first.

Textual is imported inside `open_app` only, so the calc commands start without it.
"""

from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from elotui.cli.common import UsageError, add_command
from elotui.cli.logbook_commands import db_path, find_player, open_repository
from elotui.collector import pause_for_start_up
from elotui.i18n import _
from elotui.logbook.schema import ready_as_is

if TYPE_CHECKING:
    from pathlib import Path

    from elotui.logbook.repository import Repository
    from elotui.tui.logbook_access import Logbook


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    history = add_command(sub, "history", _("open the app on a player's history (the logbook)"))
    history.add_argument(
        "--player", metavar="NAME", help=_("whose history (else the first player)")
    )
    history.set_defaults(handler=open_history, opens_app=True)


def open_history(args: argparse.Namespace) -> int:
    args.start_mode = "history"
    return open_app(args)


def _report_upgrade(repository: Repository) -> None:
    upgrade = repository.upgrade
    if upgrade is None or not upgrade.changed or upgrade.created:
        return
    # Before the app starts, so it stays readable in the terminal once the app has quit.
    print(
        _(
            "elotui: migrated {path} from schema {from_revision} to {to_revision} ({backup_note})"
        ).format(
            path=upgrade.path,
            from_revision=upgrade.from_revision,
            to_revision=upgrade.to_revision,
            backup_note=upgrade.backup_note,
        ),
        file=sys.stderr,
    )


def _history_logbook(path: Path | None, *, demo: bool, player: str | None) -> Logbook:
    """The history's logbook, opened after the first frame (see the module's docstring): the demo,
    or the file at `path`, with a reader for its first page."""
    from elotui.logbook.reader import open_reader
    from elotui.tui.logbook_access import Logbook, open_file

    if path is None:
        logbook = Logbook.for_app(None, demo=demo)
    else:
        # None if the file changed since `ready_as_is` a moment ago: the repository then says why.
        reader = open_reader(path)
        logbook = Logbook(opener=open_file(path), description=str(path), reader=reader)
        if player and reader is not None:
            try:
                reader.find_player(player)
            except BaseException:
                logbook.close()
                raise
    logbook.hold_until_first_frame()
    return logbook


def _demo_has(player: str | None) -> bool:
    """No `--player`, or one of the demo's players (found as the screen finds it: case and
    accents ignored); for any other, the demo is built first and its lookup says why."""
    from elotui.logbook.demo import demo_player_names
    from elotui.logbook.player_names import PlayerNames
    from elotui.logbook.records import NotFound

    if not player:
        return True
    try:
        PlayerNames(demo_player_names()).find(player)
    except NotFound:
        return False
    return True


def open_app(args: argparse.Namespace) -> int:
    """Open the app (refused first, with nothing opened, without a terminal to draw on)."""
    from elotui.cli.process import has_terminal

    if not has_terminal():
        raise UsageError(
            _(
                "the app needs a terminal (stdin, stdout and stderr); in a script or a pipe use "
                "the commands: elotui --help lists them"
            )
        )
    start_mode = getattr(args, "start_mode", None) or "calculator"
    demo = bool(getattr(args, "demo", False))
    player = getattr(args, "player", None)
    path = None if demo else db_path(args)

    repository: Repository | Logbook | None = None
    # A logbook on a server is always opened here (the quick look of `ready_as_is` is for files).
    file_ready = path if isinstance(path, Path) and ready_as_is(path) else None
    if start_mode == "history" and (file_ready is not None or (demo and _demo_has(player))):
        repository = _history_logbook(file_ready, demo=demo, player=player)
    elif start_mode == "history" or (path is not None and file_ready is None):
        # Migrates with a backup; a refusal is a DatabaseRefused (an ElotuiError). The history only reads: it creates no
        # logbook (the calculator's app does, for the players it may add).
        opened = open_repository(args, create=start_mode != "history")
        repository = opened
        _report_upgrade(opened)
        if player:
            try:
                find_player(opened, player)
            except BaseException:
                opened.close()
                raise

    pause_for_start_up()  # the app calls `start_up_done` once its first screen is built
    try:
        from elotui.tui.app import AppSettings, create_app

        settings = AppSettings(
            start_mode=start_mode,
            demo=demo,
            db_path=path if isinstance(path, Path) else None,
            player=player or None,
            collector_paused=True,
            notices=tuple(getattr(args, "notices", ())),
            keymap=getattr(args, "keymap", None),
        )
        app = create_app(settings, repository)
        try:
            app.run()
        finally:
            app.logbook.close()
    finally:
        gc.enable()  # on again whatever happened (it is already, once the app has started)
    if app.crash is not None:  # Textual printed nothing (CrashKeeper): one line, the log
        from elotui.cli.crash_log import crash_line

        print(crash_line(app.crash), file=sys.stderr)
        return app.return_code or 1
    return app.return_code or 0
