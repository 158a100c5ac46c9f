"""One line of a form: the label, drawn by the line itself, then the field."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

LABEL_WIDTH = 18  # the field starts here (`FieldRow > *` in app.tcss)


class FieldRow(Widget):
    """A label and its field on one line.

    The label is not a widget of its own: the calculator's first frame has five of these lines, and
    every widget less in it is start-up time less (tests/benchmarks/bench_startup.py). The field
    sits over the rest of the line; the label shows in the margin left of it.
    """

    label: reactive[str] = reactive("")

    def __init__(self, label: str, field: Widget, *, id: str | None = None) -> None:
        super().__init__(field, id=id)
        self.set_reactive(FieldRow.label, label)

    def render(self) -> Content:
        return Content(self.label[: LABEL_WIDTH - 1])
