"""The games table: the player's games on the list shown, newest first, the live rating after each.

Its rows are exactly the games the model has loaded (`HistoryModel.games`, the newest N), keyed by
game id, so the cursor stays on its game when rows come or change (`VirtualTable.show`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from elotui.tui.screens.history.cells import GAME_COLUMNS, LIVE_CELL, game_cells
from elotui.tui.widgets.keyed_table import add_columns
from elotui.tui.widgets.virtual_table import VirtualTable

if TYPE_CHECKING:
    from elotui.logbook.repository import GameRecord
    from elotui.tui.models.history import Live


class GamesTable(VirtualTable):
    def __init__(self) -> None:
        super().__init__(id="games", zebra_stripes=True)

    def on_mount(self) -> None:
        add_columns(self, GAME_COLUMNS)

    @property
    def selected_id(self) -> int | None:
        """The id of the game under the cursor."""
        key = self.cursor_key
        return None if key is None else int(key)

    def show_games(
        self, games: Iterable[GameRecord], live: Live | None, new: frozenset[int] = frozenset()
    ) -> None:
        """Exactly these rows; `new` games show no live rating yet (their replay is under way)."""
        self.show([(str(g.id), game_cells(g, None if g.id in new else live)) for g in games])

    def add_games(self, games: Iterable[GameRecord], live: Live | None) -> None:
        # Added to the rows shown, not a copy of them with the page: paging through 100,000 games
        # costs each page what it adds.
        self.add_rows((str(game.id), game_cells(game, live)) for game in games)

    def show_live(self, games: Mapping[int, GameRecord], live: Live) -> None:
        """The live ratings of the rows shown (only the cells that change)."""
        rows = self.row_list()
        for place, (key, cells) in enumerate(rows):
            game = games.get(int(key))
            if game is not None:
                text = game_cells(game, live)[LIVE_CELL]
                if cells[LIVE_CELL] != text:
                    rows[place] = (key, (*cells[:LIVE_CELL], text, *cells[LIVE_CELL + 1 :]))
        self.show(rows)

    def select_game(self, game_ids: Iterable[int]) -> None:
        """The cursor to the first of these games that is shown, if one is."""
        key = next((str(game_id) for game_id in game_ids if str(game_id) in self.rows), None)
        if key is not None:
            self.move_cursor(row=self.get_row_index(key), animate=False)
