"""A small modal to add or edit one game of a period: opponent rating and result."""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from elotui.rating.inputs import InvalidInput, parse_rating, parse_score
from elotui.tui.formatting import points

PeriodGameValues = tuple[int, Fraction]


class GameDialog(ModalScreen[PeriodGameValues | None]):
    DEFAULT_CSS = """
    GameDialog { align: center middle; }
    GameDialog > Vertical {
        width: 56; height: auto; padding: 1 2;
        border: thick $accent; background: $panel;
    }
    GameDialog Input { width: 100%; }
    GameDialog .reason { color: $error; height: auto; }
    GameDialog .hint { color: $text-muted; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel", id="game_dialog.cancel"),
    ]

    def __init__(self, title: str, opponent: str = "", result: str = "") -> None:
        super().__init__()
        self._title = title
        self._opponent = opponent
        self._result = result

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self._title, classes="title")
            yield Label("Opponent rating")
            yield Input(self._opponent, id="game-opponent", placeholder="e.g. 2100")
            yield Label("Result: 1, 0.5 or 0 (or w, d, l)")
            yield Input(self._result, id="game-result", placeholder="1 / 0.5 / 0")
            yield Static("", id="game-reason", classes="reason")
            yield Static("Enter saves · Escape cancels", classes="hint")

    @on(Input.Submitted)
    def save(self, event: Input.Submitted) -> None:
        result_field = self.query_one("#game-result", Input)
        if event.input.id == "game-opponent" and not result_field.value.strip():
            result_field.focus()
            return
        reason = self.query_one("#game-reason", Static)
        try:
            opponent = parse_rating(
                self.query_one("#game-opponent", Input).value, "opponent rating"
            )
            score = parse_score(self.query_one("#game-result", Input).value)
        except InvalidInput as error:
            reason.update(str(error))
            return
        self.dismiss((opponent, score))

    def action_cancel(self) -> None:
        self.dismiss(None)


def score_text(score: Fraction) -> str:
    return points(score)
