"""The command line: parse arguments, call one service, print a table or JSON.

Each command group lives in its own module and registers its sub-parsers here. Errors a user can fix
are `ElotuiError`s (a `UsageError`, an invalid value, a refused logbook...); `_run` is the one place
that catches them: it prints the reason as one line on stderr (after the problem lines of a failed
import) and exits with code 2.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence

from elotui.cli import process
from elotui.cli.common import Parser, VersionAction, add_common_options, build_parser
from elotui.errors import ElotuiError
from elotui.i18n.settings import KEYMAP_KEY, SavedSettings, language_in, load_settings

# Which module registers each command, so a command loads only its own module (the whole process is
# what a script waits for: see tests/benchmarks/bench_period.py).
COMMAND_MODULES: dict[str, str] = {
    "calc": "calc_commands", "period": "period_commands", "need": "period_commands",
    "player": "player_commands", "game": "game_commands", "published": "published_commands",
    "import": "import_export_commands", "export": "import_export_commands", "db": "db_commands",
    "replay": "replay_commands", "history": "app_commands", "tournament": "tournament_commands",
    "completion": "completion_commands",
}  # fmt: skip


def _parse(argv: list[str]) -> argparse.Namespace:
    """The arguments, loading only the command module that is needed, in the language chosen.

    `elotui` alone (perhaps with --db/--demo) opens the app without any command module; a known
    command loads its own; anything else (`--help`, a typo) builds the whole parser, which lists all.
    The language is chosen before argparse reads anything (`_speak_first`: its errors, such as an
    option without its value, are said in it), then again from the first pass (`--lang` may come
    anywhere), before any help text is written; an unknown `--lang` or `$ELOTUI_LANG` is refused
    there like any bad value, in the language the rest of the choice gives. A closed stdout is
    refused once the language is chosen, before anything is written (elotui.cli.process). A
    settings file that cannot be read is said once: by the app as a notice (`args.notices`), else
    on stderr.
    """
    settings = _speak_first(argv)
    process.refuse_closed_stdout()
    top = Parser(prog="elotui", add_help=False)
    add_common_options(top, top_level=True)
    top.add_argument("-V", "--version", action=VersionAction)
    known, rest = top.parse_known_args(argv)
    saved = language_in(settings.values)
    _speak(known.lang, saved)
    notices = [settings.problem] if settings.problem else []
    keymap = settings.values.get(KEYMAP_KEY)  # the app's: checked when it starts (tui.keymap)
    if not rest:
        known.notices = notices  # the app's (elotui alone)
        known.keymap = keymap
        return known
    names = list(dict.fromkeys(COMMAND_MODULES.values()))  # in the order of the help text
    if rest[0] in COMMAND_MODULES:
        names = [COMMAND_MODULES[rest[0]]]
    modules = [importlib.import_module(f"elotui.cli.{name}") for name in names]
    args = build_parser(registrars=[module.register for module in modules]).parse_args(argv)
    if getattr(args, "opens_app", False):
        args.notices = notices
        args.keymap = keymap
    else:
        for notice in notices:
            print(f"elotui: {notice}", file=sys.stderr)
    return args


def _speak_first(argv: list[str]) -> SavedSettings:
    """Speak, before any parsing, the language `--lang` names in `argv` (found without argparse: a
    scan for `--lang X` and `--lang=X`, the last one winning as in argparse), else the rest of the
    choice; returns the settings file, read once. A language elotui does not speak is passed over
    here (the rest decides) and refused by `_speak`, in the language chosen here."""
    from elotui.cli.argparse_words import speak_argparse
    from elotui.i18n import LANGUAGE_ENV, UnknownLanguage, choose_language, set_language

    settings = load_settings()
    saved = language_in(settings.values)
    without_env = {name: value for name, value in os.environ.items() if name != LANGUAGE_ENV}
    for asked, environ in (
        (_asked_language(argv), os.environ),
        (None, os.environ),
        (None, without_env),
    ):
        try:
            set_language(choose_language(asked, environ, saved))
            break
        except UnknownLanguage:
            continue
    speak_argparse()
    return settings


def _asked_language(argv: list[str]) -> str | None:
    asked = None
    for index, arg in enumerate(argv):
        if arg == "--":  # what follows is not an option
            break
        if arg == "--lang" and index + 1 < len(argv):
            asked = argv[index + 1]
        elif arg.startswith("--lang="):
            asked = arg.removeprefix("--lang=")
    return asked


def _speak(asked: str | None, saved: str | None) -> None:
    """Speak the language of `--lang`, `$ELOTUI_LANG`, the settings file or the locale (elotui.i18n)."""
    from elotui.cli.argparse_words import speak_argparse
    from elotui.i18n import choose_language, set_language

    try:
        set_language(choose_language(asked, os.environ, saved))
    except ElotuiError as error:
        print(f"elotui: {error.headline}", file=sys.stderr)
        raise SystemExit(2) from None
    speak_argparse()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command `argv` names (else the app) and return its exit code; SIGTERM and SIGHUP stop
    it as Ctrl+C does, and what stdout could not take is said (elotui.cli.process)."""
    with process.stops_as_interrupt() as stop, process.watched_stdout():
        try:
            code = _main(list(sys.argv[1:] if argv is None else argv))
        except SystemExit as exit_:  # argparse's --help, --version and refusals; a closed stdout
            code = exit_.code if isinstance(exit_.code, int) else int(exit_.code is not None)
        except KeyboardInterrupt:
            code = process.INTERRUPTED
        except (process.OutputLost, BrokenPipeError) as error:  # a full disk, `elotui ... | head`
            code = process.lost(error)
        return stop.exit_code(process.flushed(code))


def _main(argv: list[str]) -> int:
    args = _parse(argv)
    _warn_of_a_password(getattr(args, "db", None))
    handler = getattr(args, "handler", None)
    if handler is None:
        from elotui.cli.app_commands import open_app

        handler = open_app
    return _run(handler, args)


def _warn_of_a_password(db: str | None) -> None:
    """A password in `--db` is in the list of running processes, for any user of the computer."""
    if not db or "://" not in db:
        return
    from elotui.i18n import _
    from elotui.logbook.paths import holds_password

    if holds_password(db):
        print(
            "elotui: "
            + _(
                "the password in --db can be read by every user of this computer in the list of"
                " running processes; give it in PGPASSWORD or ~/.pgpass instead"
            ),
            file=sys.stderr,
        )


SHOWN_DETAILS = (
    50  # a failed import's problems printed; 100,000 bad rows end with "and 99,950 more"
)


def _run(handler: Callable[[argparse.Namespace], int | None], args: argparse.Namespace) -> int:
    """Run a command's handler: an `ElotuiError` (of any kind) is said on stderr, exit code 2."""
    try:
        return int(handler(args) or 0)
    except ElotuiError as error:
        from elotui.safe_text import printable

        for line in _shown_details(error.details):
            print(printable(line), file=sys.stderr)
        print(f"elotui: {error.headline}", file=sys.stderr)
        return 2


def _shown_details(details: list[str]) -> list[str]:
    """The first `SHOWN_DETAILS` details, then one line saying how many more there are."""
    lines = details[:SHOWN_DETAILS]
    hidden = len(details) - len(lines)
    if hidden:
        from elotui.i18n import ngettext
        from elotui.i18n.numbers import count

        more = ngettext("... and {n} more problem", "... and {n} more problems", hidden)
        lines.append(more.format(n=count(hidden)))
    return lines


__all__ = ["argparse", "main"]
