"""The history's player bar: the player picker and the summary (rating, tier, games per list).

The picker (a `Select`: five widgets) is mounted once the first rows are painted (`picker`), in
place of a placeholder of the same size. A choice made in it is told to the screen
(`PlayerChosen`); the screen's own settings of it are not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widget import AwaitMount
from textual.widgets import Select, Static

from elotui.i18n import _
from elotui.safe_text import printable
from elotui.tui.screens.history.messages import PlayerChosen

if TYPE_CHECKING:
    from elotui.logbook.repository import PlayerRecord


class PlayerBar(Horizontal):
    def __init__(self) -> None:
        super().__init__(id="history-bar")
        self._picker_mounted: AwaitMount | None = None

    def compose(self) -> ComposeResult:
        yield Static(" " + _("player"), id="player-slot")
        yield Static(_("opening the logbook…"), id="history-summary")

    def picker(self) -> AwaitMount:
        """Mount the player picker in place of its placeholder, once; await the result to use it."""
        if self._picker_mounted is None:
            slot = self.query_one("#player-slot")
            picker = Select[int]([], prompt=_("player"), id="player-select", compact=True,
                                 allow_blank=True)  # fmt: skip
            self._picker_mounted = self.mount(picker, before=slot)
            slot.remove()
        return self._picker_mounted

    async def show_players(self, players: Sequence[PlayerRecord]) -> None:
        await self.picker()
        with self.prevent(Select.Changed):
            self.query_one(Select).set_options((printable(p.name), p.id) for p in players)

    def choose(self, player_id: int) -> None:
        """Show `player_id` as the one chosen (a choice of the screen's: not told back)."""
        with self.prevent(Select.Changed):
            self.query_one(Select).value = player_id

    def summary(self, text: str, *, layout: bool = False) -> None:
        """The summary's text. One line in a bar one line high: a player's summary never changes
        a size, so no layout (a layout of the whole screen, after a write); the first words and
        a notice (`layout`) are laid out."""
        self.query_one("#history-summary", Static).update(text, layout=layout)

    @on(Select.Changed, "#player-select")
    def _chosen(self, event: Select.Changed) -> None:
        event.stop()
        if isinstance(event.value, int):
            self.post_message(PlayerChosen(event.value))
