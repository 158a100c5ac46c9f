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
        label = self.label[: LABEL_WIDTH - 1]
        # Bold and underlined while its field has focus: seen without colours too (a CSS text-style
        # here would reach the field's own text as well). The colour comes from app.tcss.
        return Content.styled(label, "bold underline") if self.has_focus_within else Content(label)
