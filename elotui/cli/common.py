"""What every command shares: the parser, `--db`/`--json`, the error type and output helpers."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from typing import Any, NoReturn

from elotui.errors import ElotuiError
from elotui.i18n import _

_RAW = "@@elotui-number@@"  # stands for a Decimal until the JSON text is written

Registrar = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]


class UsageError(ElotuiError):
    """A mistake the user can fix; printed as one line, exit code 2, nothing changed."""


class Parser(argparse.ArgumentParser):
    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        # Bytes that are not UTF-8 reach Python as lone surrogates; they can be neither stored nor
        # printed, so refuse them here, once, rather than fail halfway through a command.
        for arg in sys.argv[1:] if args is None else args:
            if isinstance(arg, str) and not _is_text(arg):
                self.error(_("argument {text!r} is not valid UTF-8 text").format(text=arg))
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        # argparse's own errors also exit 2, but with a usage block; keep it to one clear line,
        # in the form of every error: "elotui: calc: reason" (`error_line`).
        command = self.prog.removeprefix("elotui").split()
        actions = self._missing_actions(message)
        if actions:
            # `elotui db` alone: argparse says only "required: ACTION"; name the ones there are.
            message = _("give an action: {actions}").format(actions=", ".join(actions))
        # One line: argparse's line breaks and runs of spaces go, French no-break spaces stay.
        line = _ASCII_SPACES.sub(" ", message).strip()
        self.exit(2, error_line(line, " ".join(command)) + "\n")

    def _missing_actions(self, message: str) -> list[str]:
        """The actions of a required sub-command that argparse reports missing, else nothing."""
        for action in self._actions:
            if (
                isinstance(action, argparse._SubParsersAction)
                and action.metavar == ACTION
                and ACTION in message.split()
                and _("the following arguments are required: %s") % "" in message
            ):
                return list(action.choices)
        return []


def error_line(reason: str, command: str = "") -> str:
    """An error as every command says it: "elotui: reason", or "elotui: calc: reason" when it is
    about how a command was called."""
    return f"elotui: {command}: {reason}" if command else f"elotui: {reason}"


_ASCII_SPACES = re.compile(r"[ \t\r\n]+")  # not str.split(): it would also break U+00A0

ACTION = "ACTION"  # the metavar of a command's required actions (`elotui db ACTION`)


class VersionAction(argparse.Action):
    """`-V/--version`: the installed package's version, read only when asked (start-up stays fast)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        kwargs.setdefault("help", _("print the version and exit"))
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from importlib.metadata import version

        sys.stdout.write(f"elotui {version('elotui')}\n")  # on stdout, like `--help`
        parser.exit(0)


def add_common_options(parser: argparse.ArgumentParser, *, top_level: bool = False) -> None:
    """`--db`, `--json`, `--lang` and `--demo`, taken the same way by every command, before or
    after its name."""
    # On sub-commands the defaults are suppressed so `elotui --json calc` and `elotui calc --json`
    # both work and neither overwrites the other.
    default: dict[str, object] = {} if top_level else {"default": argparse.SUPPRESS}
    parser.add_argument(
        "--db",
        metavar="PATH",
        help=_("database file (else $ELOTUI_DB, else the user data folder)"),
        **default,  # type: ignore[arg-type]
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=_("print one JSON document on stdout"),
        **default,  # type: ignore[arg-type]
    )
    parser.add_argument(
        "--lang",
        metavar="en|fr",
        help=_("language of the text (else $ELOTUI_LANG, the app's choice, the locale, English)"),
        **default,  # type: ignore[arg-type]
    )
    parser.add_argument(
        "--demo",
        action="store_true",
        help=_("use a throwaway copy of the demo logbook (its players: elotui --demo player list)"),
        **default,  # type: ignore[arg-type]
    )


def add_command(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, help_text: str
) -> argparse.ArgumentParser:
    """A sub-command parser that takes `--db` and `--json` like every command."""
    parser = sub.add_parser(name, help=help_text, description=help_text)
    add_common_options(parser)
    return parser


def add_list_option(
    parser: argparse.ArgumentParser,
    help_text: str,
    default: str | None,
    *,
    also: tuple[str, ...] = (),
) -> None:
    """`--list standard|rapid|blitz` into `args.rating_list` (`default` when not given); `also`:
    choices after the lists (`replay --list all`).

    One definition for every command's `--list` (the logbook commands, calc, period, need, replay).
    Here rather than in logbook_commands: `calc` and `period` must not load the logbook to parse."""
    from elotui.rating.rules.rule_set import RATING_LISTS  # NamedTuples only: cheap to import

    choices = (*RATING_LISTS, *also)
    parser.add_argument(
        "--list",
        dest="rating_list",
        choices=choices,
        default=default,
        metavar="|".join(choices),
        help=help_text,
    )


def build_parser(registrars: Iterable[Registrar]) -> argparse.ArgumentParser:
    parser = Parser(
        prog="elotui",
        description=_(
            "Elo calculator and FIDE rating logbook. `elotui` alone (or with --db or --demo) opens"
            " the app; a command below prints its answer and exits."
        ),
        epilog=_("Shell completion: elotui completion bash|zsh|fish prints a script to source."),
    )
    add_common_options(parser, top_level=True)
    parser.add_argument("-V", "--version", action=VersionAction)
    sub: argparse._SubParsersAction[argparse.ArgumentParser] = parser.add_subparsers(
        dest="command", parser_class=Parser, metavar="COMMAND"
    )
    for register in registrars:
        register(sub)
    return parser


def _is_text(value: str) -> bool:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _number_marker(value: object) -> str:
    if isinstance(value, Decimal):
        return f"{_RAW}{value}{_RAW}"
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def print_json(document: Any) -> None:
    """One JSON document on stdout. Decimals print as written (12.80 stays 12.80, never 12.8000001)."""
    import json  # here: `elotui` alone (the app) never needs it

    from elotui.safe_text import json_escaped

    text = json.dumps(document, indent=2, ensure_ascii=False, default=_number_marker)
    # A name holding a C1 control or a direction override stays escaped (\u009b) on a terminal.
    text = json_escaped(text)
    from elotui.cli.process import data_output

    with data_output() as out:  # UTF-8, as JSON is, whatever the terminal's encoding
        out.write(re.sub(f'"{_RAW}(-?[0-9.]+){_RAW}"', r"\1", text) + "\n")


def print_table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
    """A plain aligned text table: numbers right-aligned, text left-aligned.

    A cell holding a terminal control (an ESC sequence in a name stored by an older elotui) is
    printed escaped (`\\x1b`), never raw: see elotui/safe_text.py.
    """
    from elotui.safe_text import printable

    cells = [[str(h) for h in headers]] + [
        ["" if c is None else printable(str(c)) for c in row] for row in rows
    ]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    numeric = [
        all(_looks_numeric(row[i]) for row in cells[1:] if row[i]) and len(cells) > 1
        for i in range(len(headers))
    ]
    for index, row in enumerate(cells):
        line = "  ".join(
            cell.rjust(widths[i]) if numeric[i] else cell.ljust(widths[i])
            for i, cell in enumerate(row)
        )
        print(line.rstrip())
        if index == 0:
            print("  ".join("-" * w for w in widths))


def _looks_numeric(text: str) -> bool:
    """A number as elotui.i18n.numbers writes it in either language: "+12.80", "36.0%", "−7,20",
    "36,0 %", "100 000" (a decimal point or comma, narrow spaces)."""
    stripped = text.replace("−", "-").lstrip("+-").rstrip("%").replace("\u202f", "")
    return stripped.replace(".", "", 1).isdigit() or stripped.replace(",", "", 1).isdigit()
