"""`elotui` with no command opens the app; `elotui history` opens it on the history screen.

Textual is imported inside `open_app` only, so the calc commands start without it.
"""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    return None


def open_app(args: argparse.Namespace) -> int:
    from elotui.tui.app import AppSettings, create_app

    settings = AppSettings(
        start_mode=getattr(args, "start_mode", None) or "calculator",
        demo=bool(getattr(args, "demo", False)),
    )
    create_app(settings).run()
    return 0
