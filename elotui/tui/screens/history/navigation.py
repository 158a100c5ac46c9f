"""The history screen's keys and events that move: paging in more games as the cursor nears the
end, another player, list or overlay, the refresh key, a panel maximized (bound to keys in
`HistoryScreen.BINDINGS`)."""

from __future__ import annotations

from textual import on
from textual.containers import Vertical
from textual.widgets import Select

from elotui.tui import logbook_refresh
from elotui.tui.screens.history.loading import NEAR_END, next_list
from elotui.tui.screens.history.updates import UpdatingScreen
from elotui.tui.widgets.virtual_table import VirtualTable


class NavigatingScreen(UpdatingScreen):
    """The history screen's paging and switching (the widgets are `HistoryScreen`'s)."""

    @on(VirtualTable.RowSelected, "#games")
    def _edit_the_selected_game(self, _: VirtualTable.RowSelected) -> None:
        """Enter on a game, or a click on the cursor's game: its Edit form (as `e`)."""
        self.action_edit_game()

    @on(VirtualTable.RowHighlighted, "#games")
    def _near_end(self, event: VirtualTable.RowHighlighted) -> None:
        table = event.table
        if (
            self.player is not None
            and not self._paging
            and table.row_count < self.total
            and event.cursor_row >= table.row_count - NEAR_END
        ):
            self._paging = True
            self._load_page(self._generation, self.player.id, table.row_count, self.rating_list)

    @on(Select.Changed, "#player-select")
    def _player_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, int) and (self.player is None or event.value != self.player.id):
            self._open_player(event.value)

    def action_next_list(self) -> None:
        """Show the next rating list (standard → rapid → blitz): its games, replay and check."""
        self.rating_list = next_list(self.rating_list)
        if self.player is not None:
            self._open_player(self.player.id)

    def action_overlay_lists(self) -> None:
        """Overlay the three lists' trajectories on the chart, or stop."""
        self.overlay = not self.overlay
        if self.player is not None:
            self._open_player(self.player.id, keep_rows=True)

    def action_next_player(self, step: int) -> None:
        if not self.players:
            return
        ids = [p.id for p in self.players]
        index = ids.index(self.player.id) if self.player and self.player.id in ids else 0
        chosen = ids[(index + step) % len(ids)]
        with self.prevent(Select.Changed):
            self.query_one("#player-select", Select).value = chosen
        self._open_player(chosen)

    def action_refresh_logbook(self) -> None:
        """Read the logbook again (others may have written to it) and say what changed."""
        logbook_refresh.refresh(self)

    def action_maximize_panel(self) -> None:
        focused = self.focused
        if self.maximized is not None:
            self.minimize()
        elif focused is not None:
            panel = next((a for a in focused.ancestors if isinstance(a, Vertical)), None)
            if isinstance(panel, Vertical) and panel.has_class("history-panel"):
                self.maximized = panel
