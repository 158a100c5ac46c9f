"""Reading the calculator's fields into the values its modes compute with (`Values`): each one parsed
by its own validator, a bad one marked with its reason below it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input

from elotui.rating.inputs import InvalidInput
from elotui.tui.models.calculator import PeriodGameValues, Values
from elotui.tui.screens.base import AppScreen
from elotui.tui.screens.calculator.fields import CHOICES, Points, field_parser
from elotui.tui.validation import Parsed
from elotui.tui.widgets.choice import Choice
from elotui.tui.widgets.value import Value

T = TypeVar("T")


class FieldReader(AppScreen):
    """The calculator's reading of its fields into the values its modes compute with."""

    mode: reactive[str] = reactive("single", init=False)

    def __init__(self) -> None:
        super().__init__()
        self._touched: set[str] = set()  # the fields typed in at least once
        self._reasons: dict[Input, Value] = {}
        self._points = Points()  # the points P of the several-games mode: they follow G

    def _values(self, period_games: Mapping[str, PeriodGameValues]) -> Values:
        """Every field of the form and of the active mode, typed: a bad one is marked (the mode
        says whether it blanks the results) and named in `Values.bad`."""
        typed: dict[str, Any] = {}
        bad: dict[str, str] = {}
        fields = list(self.query("#form > FieldRow > *").results())  # the shared ones
        own = self.query(f"#{self.mode}-inputs")  # not there while the mode is being built
        if own:
            fields += own.first().query("Input, Choice").results()
        for widget in fields:
            if isinstance(widget, Choice):
                attribute, convert = CHOICES[widget.id or ""]
                typed[attribute] = convert(widget.value)
            elif isinstance(widget, Input) and widget.id is not None:
                if widget.id == "points":
                    # P is read against G, and only once G is good (its reason names G).
                    if typed.get("games") is None:
                        continue
                    self._points.games = typed["games"]
                typed[widget.id.replace("-", "_")] = self._read(widget, field_parser(widget), bad)
        return Values(**typed, period_games=period_games, bad=bad)

    def _read(self, widget: Input, parser: Parsed[T], bad: dict[str, str]) -> T | None:
        """The parsed field, or None; a bad value marks the field and is kept in `bad`, by the
        field's id. `parser` is the one the field carries."""
        text = widget.value
        try:
            value = parser.read(text)
        except InvalidInput as error:
            if not text.strip() and widget.id not in self._touched:
                # Never typed in: not an error yet, just missing.
                self._mark(widget, None)
                return None
            self._mark(widget, str(error))
            bad[widget.id or ""] = str(error)
            return None
        self._mark(widget, None)
        return value

    def _mark(self, widget: Input, text: str | None) -> None:
        """Mark the field as bad with its reason below it, or clear the mark."""
        # Classes and text change only when the verdict does: a layout pass happens only then.
        widget.set_class(text is not None, "-invalid")
        reason = self._reasons.get(widget)
        if reason is None:
            if text is None:
                return
            # The first time this field is wrong: its reason line goes below its row.
            reason = self._reasons[widget] = Value(id=f"{widget.id}-reason", classes="reason")
            row = widget.parent
            assert isinstance(row, Widget) and isinstance(row.parent, Widget)
            row.parent.mount(reason, after=row)
        reason.set_class(text is not None, "-shown")
        reason.update(text or "")
