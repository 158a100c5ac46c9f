"""Reading the calculator's fields: each one parsed by its own validator, a bad one marked with its
reason below it, and the status line above the results saying what is missing or wrong."""

from __future__ import annotations

from typing import TypeVar

from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input, Static

from elotui.i18n import _
from elotui.rating.inputs import InvalidInput
from elotui.tui.screens.base import AppScreen
from elotui.tui.screens.calculator.fields import missing_text
from elotui.tui.validation import Parsed
from elotui.tui.widgets.field_row import FieldRow
from elotui.tui.widgets.value import Value

T = TypeVar("T")


class FieldReader(AppScreen):
    """The calculator's reading of its fields, for `recompute` (screen.py, period.py)."""

    mode: reactive[str] = reactive("single", init=False)

    def __init__(self) -> None:
        super().__init__()
        self._touched: set[str] = set()  # the fields typed in at least once
        self._problems: list[str] = []
        self._missing: list[str] = []  # the labels of the empty fields the mode needs
        self._reasons: dict[Input, Value] = {}

    def _read(self, field_id: str, parser: Parsed[T], *, relevant: bool = True) -> T | None:
        """The parsed field, or None. A bad value marks the field; it blanks the results only when
        the active mode uses the field (`relevant`). `parser` is the one the field carries."""
        field_widget = self.query_one(f"#{field_id}", Input)
        text = field_widget.value
        try:
            value = parser.read(text)
        except InvalidInput as error:
            if not text.strip() and field_id not in self._touched:
                # Never typed in: not an error yet, just missing.
                self._mark(field_widget, None)
                row = field_widget.parent
                if relevant and isinstance(row, FieldRow) and row.label not in self._missing:
                    self._missing.append(row.label)
                return None
            self._mark(field_widget, str(error))
            if relevant:
                self._problems.append(str(error))
            return None
        self._mark(field_widget, None)
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

    def _show_status(self, status: Static) -> bool:
        """The line above the results: what is missing or wrong. True when the results can show."""
        if self._problems:
            status.update(_("Fix the marked field: {reason}").format(reason=self._problems[0]))

            status.add_class("-error")
            return False
        status.remove_class("-error")
        if self._missing:
            status.update(missing_text(self._missing, self.mode))
            return False
        status.update("")
        return True
