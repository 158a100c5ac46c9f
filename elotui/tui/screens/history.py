"""The history screen (F3): a placeholder until the logbook arrives."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Header, Static


class HistoryScreen(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Header()
        with Middle(), Center():
            yield Static(
                "The history arrives with the logbook.\n\nF2 goes back to the calculator.",
                id="history-placeholder",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.title = "elotui"
        self.sub_title = "History"
