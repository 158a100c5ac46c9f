"""What the app's screens share: a new screen starts styled."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App
from textual.screen import Screen

from elotui.tui.host import AppHost, host_of
from elotui.tui.language import TranslatedBindings
from elotui.tui.textual_private import take_current_styles


class AppScreen(TranslatedBindings, Screen[None]):
    """A screen of the app's own (calculator, history, help), built when first shown; its footer
    speaks the language of the app (`TranslatedBindings`).

    A new screen's widgets get their styles as they are mounted, from the app's current stylesheet.
    Textual (8.2.8, pinned) does not count on that: it takes a new screen for one that missed a
    stylesheet change, re-parses every CSS source for it and empties its parse cache (so the next
    widget type mounted parses all of them once more), and it restyles every widget again when the
    screen is first shown. Both are skipped here: they cost more than the screen's first paint
    (tests/benchmarks/bench_startup.py, bench_history.py). A theme change later still restyles
    every screen, and a screen shown again after one is restyled.
    """

    @property
    def host(self) -> AppHost:
        """The app, typed: its settings and its logbook (`elotui.tui.host`)."""
        return host_of(self)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        take_current_styles(self)
        self._shown_before = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._shown_before:
            event.refresh_styles = False
        self._shown_before = True


async def app_ready(app: App[Any]) -> None:
    """Wait for Textual's `Ready` event: the first frame is displayed and the app's start-up batch
    is over (ElotuiApp.on_ready sets `first_frame_shown`)."""
    shown = getattr(app, "first_frame_shown", None)
    if shown is not None:
        await shown.wait()
