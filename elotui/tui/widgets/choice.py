"""A one-line choice among a few options: left/right (or a letter key on the screen) picks one.

Keyboard first: unlike a RadioSet there is no Enter to confirm, so the results follow the arrow keys
(the calculator watches `value`: see `CalculatorScreen._follow`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from elotui.tui.widgets.keys_in_order import KeysInOrder


class Choice(KeysInOrder, Widget, can_focus=True):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Previous", show=False, id="choice.previous"),
        Binding("right", "step(1)", "Next", show=False, id="choice.next"),
    ]

    value: reactive[str] = reactive("", init=False)

    def __init__(
        self,
        options: Sequence[tuple[str, str]],
        value: str | None = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.options = list(options)
        self.set_reactive(Choice.value, value if value is not None else self.options[0][0])

    def render(self) -> Content:
        parts: list[Content] = []
        for key, label in self.options:
            if key == self.value:
                parts.append(Content.styled(f" ● {label} ", "bold reverse"))
            else:
                parts.append(Content(f" ○ {label} "))
        return Content("").join(parts)

    def action_step(self, step: int) -> None:
        keys = [key for key, _ in self.options]
        index = keys.index(self.value) if self.value in keys else 0
        self.value = keys[(index + step) % len(keys)]
