"""The command line: parse arguments, call one service, print a table or JSON.

Each command group lives in its own module and registers its sub-parsers here. Errors a user can fix
raise `UsageError`; `main` prints them as one line on stderr and exits with code 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from elotui.cli.common import Parser, UsageError, add_common_options, build_parser


def _parse(argv: list[str]) -> argparse.Namespace:
    """The arguments, loading the command modules only when a command is given.

    `elotui` alone (perhaps with --db/--demo) opens the app: the calc, logbook and replay command
    modules are not needed for that, and every millisecond before the first paint counts.
    """
    top = Parser(prog="elotui", add_help=False)
    add_common_options(top, top_level=True)
    top.add_argument("--demo", action="store_true")
    known, rest = top.parse_known_args(argv)
    if not rest:
        return known
    from elotui.cli import app_commands, calc_commands, logbook_commands, replay_commands

    parser = build_parser(
        registrars=(
            calc_commands.register,
            logbook_commands.register,
            replay_commands.register,
            app_commands.register,
        )
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(list(sys.argv[1:] if argv is None else argv))
    handler = getattr(args, "handler", None)
    if handler is None:
        from elotui.cli.app_commands import open_app

        handler = open_app
    try:
        return int(handler(args) or 0)
    except UsageError as error:
        print(f"elotui: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # `elotui ... | head`: the reader left; say nothing more and don't let Python complain at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


__all__ = ["argparse", "main"]
