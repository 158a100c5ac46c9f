"""A small modal to add or edit one game of a period: opponent rating and result."""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from textual import on
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from elotui.i18n import N_, _
from elotui.rating.inputs import InvalidInput, parse_rating, parse_score
from elotui.rating.result import Result, letters_text
from elotui.tui.models.calculator.values import PeriodGameValues
from elotui.tui.widgets.keys_in_order import TextField


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
        # Ctrl+S saves, as in every form (Enter too, from the result).
        Binding("ctrl+s", "save", N_("Save the game"), id="game_dialog.save"),
        Binding("escape", "cancel", N_("Cancel"), id="game_dialog.cancel"),
        # Priority: Enter in the opponent's field moves to the result before the app hands out the
        # next key of a burst (`2100 Enter 1 Enter`); elsewhere the field submits, in its turn.
        # A system binding: the help and the palette show "Enter saves" from the dialog's hint.
        Binding(
            "enter",
            "next_field",
            N_("Next field"),
            priority=True,
            system=True,
            id="game_dialog.next",
        ),
    ]

    def __init__(self, title: str, opponent: str = "", result: str = "") -> None:
        super().__init__()
        self._title = title
        self._opponent = opponent
        self._result = result

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self._title, classes="title")
            yield Label(_("Opponent rating"))
            yield TextField(self._opponent, id="game-opponent", placeholder=_("e.g. 2100"))
            yield Label(_("Result: 1, 0.5 or 0 (or {letters})").format(letters=letters_text(", ")))
            yield TextField(self._result, id="game-result", placeholder=_("1 / 0.5 / 0"))
            yield Static("", id="game-reason", classes="reason")
            yield Static(_("Enter or Ctrl+S saves · Escape cancels"), classes="hint")

    def action_next_field(self) -> None:
        result_field = self.query_one("#game-result", Input)
        if (
            self.focused is not self.query_one("#game-opponent", Input)
            or result_field.value.strip()
        ):
            raise SkipAction()  # the key goes on to the field, whose Enter submits
        self.set_focus(result_field)  # at once, not `focus()` (which waits behind the next keys)

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        result_field = self.query_one("#game-result", Input)
        if event.input.id == "game-opponent" and not result_field.value.strip():
            result_field.focus()
            return
        self.action_save()

    def action_save(self) -> None:
        reason = self.query_one("#game-reason", Static)
        try:
            opponent = parse_rating(
                self.query_one("#game-opponent", Input).value, _("opponent rating")
            )
            score = typed_score(self.query_one("#game-result", Input).value)
        except InvalidInput as error:
            reason.update(str(error))
            return
        self.dismiss((opponent, score))

    def action_cancel(self) -> None:
        self.dismiss(None)


def typed_score(text: str) -> Fraction:
    """A result typed in the dialog: one letter is the language's (`Result.for_key`: in French d
    is défaite), anything else as the command line reads it (1, 0.5, ½, 0, the words)."""
    letter = text.strip().lower()
    result = Result.for_key(letter) if letter.isalpha() else None
    return result.score if result is not None else parse_score(text)
