"""`elotui` with no command opens the app; `elotui history` opens it on the history screen."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    return None


def open_app(args: argparse.Namespace) -> int:
    print("elotui: the app arrives with the calculator issue; try `elotui calc --help`.")
    return 0
