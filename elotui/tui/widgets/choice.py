"""A one-line choice among a few options: left/right (or a letter key on the screen) picks one.

Keyboard first: unlike a RadioSet there is no Enter to confirm, so the results follow the arrow keys
(the calculator watches `value`: see `CalculatorScreen._follow`). The options' labels are English
message ids (`N_()`), shown in the language spoken.

"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from elotui.i18n import N_, _
from elotui.tui.widgets.keys_in_order import KeysInOrder


class Choice(KeysInOrder, Widget, can_focus=True):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Previous"), show=False, id="choice.previous"),
        Binding("right", "step(1)", N_("Next"), show=False, id="choice.next"),
    ]

    value: reactive[str] = reactive("", init=False)
    # Not "": the choice does not apply, this says why (shown in place of the options, disabled).
    reason: reactive[str] = reactive("")

    def __init__(
        self,
        options: Sequence[tuple[str, str]],
        value: str | None = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.all_options = list(options)
        self.options = list(options)
        self.set_reactive(Choice.value, value if value is not None else self.options[0][0])

    def offer(self, keys: Sequence[str]) -> None:
        """Show only the options `keys` (by key, in their order); a value not among them becomes
        the first that is."""
        options = [option for option in self.all_options if option[0] in keys]
        if options != self.options:
            self.options = options
            self.refresh()
        if options and self.value not in keys:
            self.value = options[0][0]

    def watch_reason(self, reason: str) -> None:
        self.disabled = bool(reason)

    def render(self) -> Content:
        if self.reason:
            return Content.styled(f" {self.reason}", "italic")
        labels = [(key, _(label)) for key, label in self.options]
        roomy = sum(len(label) + 4 for _key, label in labels)
        if not self.size.width or roomy <= self.size.width:
            return Content("").join(
                Content.styled(f" ● {label} ", "bold reverse")
                if key == self.value
                else Content(f" ○ {label} ")
                for key, label in labels
            )
        # Longer words (French: "● victoire ○ nulle ○ défaite") would be cut: the options lose
        # the spaces around their marks instead, and between them if need be, so every one
        # stays whole (the marks still part them).
        compact = sum(len(label) + 2 for _key, label in labels) - 1
        return Content(" " if compact <= self.size.width else "").join(
            Content.styled(f"●{label}", "bold reverse")
            if key == self.value
            else Content(f"○{label}")
            for key, label in labels
        )

    def action_step(self, step: int) -> None:
        keys = [key for key, _label in self.options]
        index = keys.index(self.value) if self.value in keys else 0
        self.value = keys[(index + step) % len(keys)]
