"""The command line: parse arguments, call one service, print a table or JSON.

Each command group lives in its own module and registers its sub-parsers here. Errors a user can fix
raise `UsageError`; `main` prints them as one line on stderr and exits with code 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from elotui.cli import app_commands, calc_commands, logbook_commands, replay_commands
from elotui.cli.common import UsageError, build_parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser(
        registrars=(
            calc_commands.register,
            logbook_commands.register,
            replay_commands.register,
            app_commands.register,
        )
    )
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None) or app_commands.open_app
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
