"""One player of the tournament, as Enter shows them: their games and every title norm's clauses."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from elotui.i18n import N_, _
from elotui.tui.models.tournament import GAME_COLUMNS, PlayerView
from elotui.tui.widgets.keyed_table import add_columns
from elotui.tui.widgets.virtual_table import VirtualTable


class PlayerDialog(ModalScreen[None]):
    """A player's games (round, opponent, result, W − We, why a game is not counted) and norms."""

    # Styled by the `.form-dialog` and `PlayerDialog` rules of app.tcss.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", N_("Close"), id="tournament_player.close"),
    ]

    def __init__(self, view: PlayerView) -> None:
        super().__init__(classes="form-dialog")
        self._view = view

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self._view.heading, classes="form-title", id="player-heading", markup=False)
            yield VirtualTable(id="player-games")
            with VerticalScroll(id="player-norms"):
                yield Static("\n".join(self._view.norms), id="player-norm-lines", markup=False)
            yield Static(_("Tab: games / norms · ↑/↓ scroll · Escape closes"), classes="form-hint")

    def on_mount(self) -> None:
        table = self.query_one(VirtualTable)
        add_columns(table, GAME_COLUMNS)
        table.show(self._view.games)
        table.focus()

    def action_close(self) -> None:
        self.dismiss(None)
