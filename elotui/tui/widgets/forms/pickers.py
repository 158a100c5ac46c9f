"""The forms' fields that are not one line of text: the notes, a check box, and the pickers of a
game's result and rating list, each keyboard only, its keys applied in the order they were typed."""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Checkbox, TextArea

from elotui.i18n import N_, _
from elotui.logbook.records import RATING_LISTS, STANDARD, RatingList
from elotui.rating.result import Result, letters_text
from elotui.tui.language import LIST_NAMES
from elotui.tui.widgets.keys_in_order import KeysInOrder


class NotesField(KeysInOrder, TextArea):
    """Free text over several lines (the notes); its editing keys keep their place in a burst."""


class TickBox(KeysInOrder, Checkbox):
    """A check box; Space or Enter toggles it, in its place in a burst."""


class ResultPicker(KeysInOrder, Widget, can_focus=True):
    """A game result: typing 1, 0.5 (or ½), 0, or the letters of the language spoken (w, d, l;
    v, n, d in French) sets it; left/right or Space step through; Enter picks the first result if
    none is set yet, else goes on to the next field."""

    DEFAULT_CSS = """
    ResultPicker { width: 1fr; height: 1; background: $boost; }
    ResultPicker:focus { background: $foreground 15%; }
    ResultPicker.-invalid { background: $error 30%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Previous result"), show=False, id="result_picker.previous"),
        Binding("right", "step(1)", N_("Next result"), show=False, id="result_picker.next"),
    ]
    # The results in the order shown and stepped through; the keys that pick one are
    # `Result.for_key`'s (1, 0, ½ = and the . or 5 of a typed 0.5, and the language's letters).
    ORDER: ClassVar[tuple[Result, ...]] = (Result.WIN, Result.DRAW, Result.LOSS)

    value: reactive[Fraction | None] = reactive(None)  # the score, as the game stores it

    def __init__(self, value: Fraction | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(ResultPicker.value, value)

    @staticmethod
    def hint() -> str:
        """One line under the field (41 columns at 120): the keys that set, change and keep a
        result, in the language spoken."""
        return _("1 ½ 0, {letters} · Space, ←/→ · Enter next").format(letters=letters_text())

    @property
    def result(self) -> Result | None:
        return None if self.value is None else Result.from_score(self.value)

    def render(self) -> str:
        chosen = self.result
        return " " + "   ".join(
            f"{'●' if result is chosen else '○'} {result.symbol} {result.label}"
            for result in self.ORDER
        )

    async def on_key(self, event: events.Key) -> None:
        # Space and Enter are handled here, with the typed results, so they apply in the order
        # they were typed (bindings run only after the key has bubbled up).
        typed = Result.for_key(event.character or "")
        if typed is not None:
            self.value = typed.score
        elif event.key == "space":
            self.action_step(1)
        elif event.key == "enter":
            if self.value is None:
                self.value = self.ORDER[0].score
            else:
                self.screen.focus_next()
        else:
            return  # not ours: KeysInOrder.on_key runs next (arrows)
        event.stop()
        event.prevent_default()

    def action_step(self, step: int) -> None:
        chosen = self.result
        index = self.ORDER.index(chosen) if chosen is not None else -1 if step > 0 else 0
        self.value = self.ORDER[(index + step) % len(self.ORDER)].score


class ListPicker(KeysInOrder, Widget, can_focus=True):
    """A game's rating list: typing s, r or b sets it; left/right or Space step through; Enter goes
    on to the next field. Always set (a new game takes the last list used, else the one shown)."""

    DEFAULT_CSS = """
    ListPicker { width: 1fr; height: 1; background: $boost; }
    ListPicker:focus { background: $foreground 15%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", N_("Previous list"), show=False, id="list_picker.previous"),
        Binding("right", "step(1)", N_("Next list"), show=False, id="list_picker.next"),
    ]
    KEYS: ClassVar[dict[str, RatingList]] = {name[0]: name for name in RATING_LISTS}

    value: reactive[RatingList] = reactive[RatingList](STANDARD)

    def __init__(self, value: RatingList = STANDARD, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(ListPicker.value, value)

    def render(self) -> str:
        return " " + "   ".join(
            f"{'●' if name == self.value else '○'} {_(LIST_NAMES[name])}" for name in RATING_LISTS
        )

    async def on_key(self, event: events.Key) -> None:
        # As ResultPicker: typed keys, Space and Enter here, in the order they were typed.
        chosen = self.KEYS.get(event.character or "")
        if chosen is not None:
            self.value = chosen
        elif event.key == "space":
            self.action_step(1)
        elif event.key == "enter":
            self.screen.focus_next()
        else:
            return  # not ours: KeysInOrder.on_key runs next (arrows)
        event.stop()
        event.prevent_default()

    def action_step(self, step: int) -> None:
        self.value = RATING_LISTS[(RATING_LISTS.index(self.value) + step) % len(RATING_LISTS)]
