"""The calculator's fields: what each one takes (its parser, a Textual `Validator`), what each choice
sets in the values, and the K field that steps through the presets.

Every parser raises `InvalidInput` with the one-line reason shown under the field. The screen reads a
field with the same validator the field carries (`CalculatorScreen._read`), and marks it itself: its
rule (an empty field never typed in is missing, not wrong) is not Textual's, so Textual never
validates on its own (`validate_on` is empty: see `text_field`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from fractions import Fraction
from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Input

from elotui.dates import BadDate
from elotui.i18n import N_, _
from elotui.rating.calculator import Method
from elotui.rating.calendar import first_day, parse_month
from elotui.rating.inputs import (
    GAMES_MAX,
    InvalidInput,
    birth_year,
    games_played,
    parse_games,
    parse_k,
    parse_points,
    parse_rating,
)
from elotui.tui.validation import Parsed, optional
from elotui.tui.widgets.keys_in_order import TextField


def period_month(text: str) -> date:
    """The period's month, written YYYY-MM, as its first day (the one month parser and range)."""
    try:
        return first_day(parse_month(text))
    except BadDate as error:
        raise InvalidInput(_("Period: {error}").format(error=error)) from None


class Rating(Parsed[int]):
    """A rating field whose reason names it as its label does, which the mode decides ("Average
    opponent" in the several-games mode): the screen sets `what` with the label."""

    def __init__(self, what: str) -> None:
        self.what = what
        super().__init__(lambda text: parse_rating(text, self.what))


class Points(Parsed[Fraction]):
    """The points P of the several-games mode: from 0 to the games G of the field above it.

    `games` is that field's value; the screen sets it before reading P (P is only read when G is
    good, so its reason always names the games typed)."""

    def __init__(self) -> None:
        self.games = GAMES_MAX
        super().__init__(lambda text: parse_points(text, self.games))


# What each choice sets in the values (`Values`): its attribute and its value from the choice's key.
CHOICES: dict[str, tuple[str, Callable[[str], object]]] = {
    "result": ("result", str),
    "method": ("method", Method),
    "exact": ("exact", lambda key: key == "exact"),
    "k-source": ("k_from_profile", lambda key: key == "profile"),
    "reached-2400": ("reached_2400", lambda key: key == "yes"),
    "rating-list": ("rating_list", str),
    "cap": ("cap", lambda key: key == "on"),
}

# What each field takes. A field carries its parser (`text_field`), and the screen reads it with the
# same one. The names are those of the reasons ("Your rating must be from 100 to 3500, not 50").
K = Parsed(parse_k)
GAMES = Parsed(lambda text: parse_games(text, _("Games")))
SERIES_GAMES = Parsed(lambda text: parse_games(text, _("Games in the series")))
PERIOD = Parsed(period_month)
BIRTH_YEAR = Parsed(optional(lambda text: birth_year(text, _("Birth year"))))
GAMES_PLAYED = Parsed(lambda text: games_played(text or "0", _("Games played")))
TARGET = Parsed(optional(lambda text: parse_rating(text, _("Target"))))
REMAINING = Parsed(optional(lambda text: parse_games(text, _("Remaining games"))))
AVERAGE = Parsed(optional(lambda text: parse_rating(text, _("Average X"))))


class CalculatorField(TextField):
    """A text field of the calculator: a key typed in it repaints it without a layout pass.

    Textual's Input sets its virtual size (the width of its text) on every change, and a widget's
    virtual size asks for a layout of the whole screen: every keystroke re-arranged all the
    calculator's widgets and repainted the screen between the field and the results (the biggest
    cost of a keystroke, tests/benchmarks/bench_keystroke.py). The field's size is fixed
    (`FieldRow > *` in app.tcss) and it has no children: its text's width only sets how far it can
    scroll, which it keeps in range itself.
    """

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def watch_virtual_size(self) -> None:
        # What the layout pass did for it: a shorter text scrolls back into range.
        self.scroll_x = self.validate_scroll_x(self.scroll_x)


def text_field(
    field_id: str, parser: Parsed[Any], value: str = "", placeholder: str = ""
) -> CalculatorField:
    """A text field of the calculator that takes what `parser` reads."""
    return CalculatorField(
        value,
        id=field_id,
        placeholder=placeholder,
        compact=True,
        select_on_focus=True,
        validators=[parser],
        validate_on=(),  # the screen validates, after every change (see the module's docstring)
    )


def field_parser(field: Input) -> Parsed[Any]:
    """The parser a field carries (`text_field`)."""
    return next(v for v in field.validators if isinstance(v, Parsed))


class KInput(CalculatorField):
    """The K field: type any K from 1 to 100, or step through the presets with up and down."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "preset(1)", N_("Higher K preset"), id="k.previous_preset"),
        Binding("down", "preset(-1)", N_("Lower K preset"), id="k.next_preset"),
    ]

    def __init__(self, value: str) -> None:
        super().__init__(
            value,
            id="k",
            compact=True,
            select_on_focus=True,
            placeholder="1–100",
            validators=[K],
            validate_on=(),
        )

    def action_preset(self, step: int) -> None:
        # The screen's mode knows the era (the period mode's month and list) and the order.
        next_k = getattr(self.screen, "next_k", None)
        if not callable(next_k):
            return
        # Setting the value from code is a change like a key: wanted here (results follow).
        self.value = str(next_k(step))
        self.cursor_position = len(self.value)
