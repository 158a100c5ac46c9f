"""The calculator's period mode on screen: the games of the period, added, edited and removed in a
dialog from their list. What they give is the period mode's (`elotui.tui.models.calculator`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Input

from elotui.i18n import _
from elotui.tui.formatting import points
from elotui.tui.screens.calculator.reading import FieldReader

if TYPE_CHECKING:
    from elotui.tui.models.calculator import PeriodGameValues
    from elotui.tui.widgets.period_pane import GamesTable


class PeriodGames(FieldReader):
    """The period's games of `CalculatorScreen`, by key ("g1", "g2"...), in the order added."""

    def __init__(self) -> None:
        super().__init__()
        self._games: dict[str, PeriodGameValues] = {}
        self._next_game = 1

    def recompute(self) -> None:
        raise NotImplementedError  # CalculatorScreen.recompute: every mode

    def action_add_game(self) -> None:
        from elotui.tui.widgets.game_dialog import GameDialog

        opponent = self.query_one("#opponent", Input).value.strip()
        self.app.push_screen(GameDialog(_("Add a game"), opponent), self._game_added)

    def _game_added(self, values: PeriodGameValues | None) -> None:
        if values is None:
            return
        key = f"g{self._next_game}"
        self._next_game += 1
        self._games[key] = values
        self.recompute()  # shows it in the list
        table = self._games_table()
        table.move_cursor(row=table.row_count - 1)

    def _current_game(self) -> str | None:
        return self._games_table().cursor_key

    def action_edit_game(self) -> None:
        from elotui.tui.widgets.game_dialog import GameDialog

        key = self._current_game()
        if key is None:
            self.action_add_game()
            return
        opponent, score = self._games[key]

        def edited(values: PeriodGameValues | None) -> None:
            if values is None:
                return
            self._games[key] = values
            self.recompute()

        self.app.push_screen(GameDialog(_("Edit the game"), str(opponent), points(score)), edited)

    def action_remove_game(self) -> None:
        """Delete the selected game, after a yes/no question (as every deletion of the app)."""
        from elotui.tui.widgets.forms import ConfirmDialog

        key = self._current_game()
        if key is None:
            return
        opponent, score = self._games[key]
        number = list(self._games).index(key) + 1

        def answered(yes: bool | None) -> None:
            if yes and key in self._games:
                del self._games[key]
                self.recompute()  # the games after it renumbered; the cursor stays in its place

        question = _("Delete game {number} ({opponent}, {result}) of the period?").format(
            number=number, opponent=opponent, result=points(score)
        )
        self.app.push_screen(ConfirmDialog(question), answered)

    def action_games(self) -> None:
        """Go to the list of games (F8 again in the period: it is many fields below)."""
        self._games_table().focus()

    def _games_table(self) -> GamesTable:
        from elotui.tui.widgets.period_pane import GamesTable

        return self.query_one(GamesTable)
