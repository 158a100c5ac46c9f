"""What the app's screens share: a new screen starts styled."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.screen import Screen


class AppScreen(Screen[None]):
    """A screen of the app's own (calculator, history, help), built when first shown.

    A new screen's widgets get their styles as they are mounted, from the app's current stylesheet.
    Textual (8.2.8, pinned) does not count on that: it takes a new screen for one that missed a
    stylesheet change, re-parses every CSS source for it and empties its parse cache (so the next
    widget type mounted parses all of them once more), and it restyles every widget again when the
    screen is first shown. Both are skipped here: they cost more than the screen's first paint
    (tests/benchmarks/bench_startup.py, bench_history.py). A theme change later still restyles
    every screen, and a screen shown again after one is restyled.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._css_update_count = self.app._css_update_count  # private: Textual is pinned
        self._shown_before = False

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        if not self._shown_before:
            event.refresh_styles = False
        self._shown_before = True
