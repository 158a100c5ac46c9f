"""What the screens, forms and widgets read of the app that runs them.

The app imports its screens (it installs them), never the reverse: they read the app through
`AppHost`, a protocol the app meets (tests/tui/test_app.py checks it with mypy), with the settings
it was started with (`AppSettings`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from textual.message_pump import MessagePump

    from elotui.tui.logbook_access import Logbook


@dataclass(frozen=True)
class AppSettings:
    """What the app is started with. `today` fixes the date (period year) for tests and screenshots."""

    start_mode: str = "calculator"
    demo: bool = False
    db_path: Path | None = None
    today: date | None = None
    cursor_blink: bool = True
    # The garbage collector is off (the CLI turned it off before importing Textual): turn it back on
    # once the first screen is built (elotui.collector.start_up_done).
    collector_paused: bool = False
    # "en" or "fr": speak it from the start (tests, screenshots); None: the language already chosen.
    language: str | None = None
    # The player the history shows first (`elotui history --player NAME`); None: the first one.
    player: str | None = None
    # Said once, as warnings, when the app starts (a settings file that could not be read).
    notices: tuple[str, ...] = ()
    # The settings file's `keymap` as read (binding id → keys), checked when the app starts
    # (elotui.tui.keymap); None: the keys of the bindings.
    keymap: object = None


class AppHost(Protocol):
    """The app as its screens and forms see it."""

    @property
    def settings(self) -> AppSettings: ...

    @property
    def logbook(self) -> Logbook: ...


def host_of(node: MessagePump) -> AppHost:
    """The app running `node`, typed as what its screens read (Textual types it as any `App`)."""
    return cast("AppHost", node.app)
