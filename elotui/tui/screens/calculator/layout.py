"""What the calculator shows where: the choices, each mode's own fields (built the first time the
mode is shown) and its results pane, and the mode bar at the top."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Label, Static

from elotui.i18n import LANGUAGES, N_, _, pgettext
from elotui.rating.result import Result, letters_text, result_letters
from elotui.tui.models.calculator import MODES, Mode, ReferenceMode
from elotui.tui.screens.calculator import fields
from elotui.tui.screens.calculator.fields import Points, text_field
from elotui.tui.widgets.choice import Choice
from elotui.tui.widgets.field_row import FieldRow

RESULT_CHOICES = (
    ("all", N_("all")),
    ("win", N_("win")),
    ("draw", N_("draw")),
    ("loss", N_("loss")),
)
METHOD_CHOICES = (("elo", "elo"), ("fide", "fide"))  # the methods' names, the same in French
# The period mode's rating list: its rule set comes from rules_for(list, month).
LIST_CHOICES = (("standard", N_("standard")), ("rapid", N_("rapid")), ("blitz", N_("blitz")))
# The key that shows all three results, the same in every language (the letters pick one result:
# `result_letters`, each language's own).
ALL_RESULTS_KEY = "asterisk"


def single_game_hint() -> str:
    """The single game's hint, with the result keys of the language spoken."""
    return _(
        "{letters} pick a result, * shows all three, m switches the method "
        "(outside a text field). ↑↓ in K steps through the presets."
    ).format(letters=letters_text(" / "))


def result_bindings() -> list[Binding]:
    """The calculator's result keys: each language's letters (`result_letters`; a binding of a
    language not spoken is off: `CalculatorScreen.check_action`) and * for all three."""
    words = {Result.WIN: N_("Win"), Result.DRAW: N_("Draw"), Result.LOSS: N_("Loss")}
    bindings = [
        Binding(
            letter,
            f"result('{result.word}', '{language}')",
            words[result],
            id=f"calculator.result_{result.word}" + ("" if language == "en" else f"_{language}"),
        )
        for language in LANGUAGES
        for letter, result in result_letters(language).items()
    ]
    all_results = Binding(
        ALL_RESULTS_KEY, "result('all')", N_("All results"), key_display="*",
        id="calculator.result_all",
    )  # fmt: skip
    return [*bindings, all_results]


def _several_inputs(today: date, points: Points) -> Widget:
    return Vertical(
        FieldRow(_("Games G"), text_field("games", fields.GAMES, "5")),
        FieldRow(_("Points P"), text_field("points", points, "", _("e.g. 3.5"))),
        id="several-inputs",
    )


def _series_inputs(today: date, points: Points) -> Widget:
    return Vertical(
        FieldRow(_("Games N"), text_field("series-games", fields.SERIES_GAMES, "10")),
        FieldRow(
            _("Steps"),
            Choice((("rounded", N_("rounded")), ("exact", N_("exact"))), id="exact"),
        ),
        id="series-inputs",
    )


def _period_inputs(today: date, points: Points) -> Widget:
    from elotui.rating.rules import rules_for

    return Vertical(
        FieldRow(
            _("K from"),
            Choice((("field", N_("K field")), ("profile", N_("profile"))), id="k-source"),
        ),
        FieldRow(
            pgettext("calculator", "Birth year"),
            text_field("birth-year", fields.BIRTH_YEAR, "", _("optional")),
        ),
        FieldRow(_("Games played"), text_field("games-played", fields.GAMES_PLAYED, "", "0")),
        FieldRow(
            _("Ever 2400"),
            Choice((("no", N_("no")), ("yes", N_("yes"))), id="reached-2400"),
        ),
        FieldRow(_("Period"), text_field("period-month", fields.PERIOD, f"{today:%Y-%m}")),
        FieldRow(_("List"), Choice(LIST_CHOICES, "standard", id="rating-list")),
        FieldRow(
            # Today's cap; the month's own rule set says in the pane whether it has one.
            _("{cap} cap").format(cap=rules_for("standard", today).k_times_games_max),
            Choice((("on", N_("on")), ("off", N_("off: not FIDE"))), id="cap"),
        ),
        Label(_("What do I need"), classes="section"),
        FieldRow(
            _("Target T"),
            text_field("target", fields.TARGET, "", pgettext("placeholder", "rating")),
        ),
        FieldRow(
            _("Remaining R"),
            text_field("remaining", fields.REMAINING, "", pgettext("placeholder", "games")),
        ),
        FieldRow(
            _("Average X"),
            text_field("need-average", fields.AVERAGE, "", pgettext("placeholder", "rating")),
        ),
        id="period-inputs",
    )


def _reference_inputs(today: date, points: Points) -> Widget:
    return Static(
        _("The reference table does not need any field."), id="reference-inputs", classes="hint"
    )


# The fields only one mode uses, built the first time that mode is shown (the single game has none:
# its hint is there from the start). `points` is the screen's reader of the points P (it follows G).
MODE_INPUTS: dict[str, Callable[[date, Points], Widget]] = {
    "several": _several_inputs,
    "series": _series_inputs,
    "period": _period_inputs,
    "reference": _reference_inputs,
}


def mode_pane(mode: Mode, today: date) -> Widget:
    """The results pane of a mode other than the single game (which is there from the start); the
    reference table shows the difference rule of `today`'s standard rules."""
    from elotui.tui.widgets import mode_panes

    if isinstance(mode, ReferenceMode):
        return mode_panes.ReferencePane(mode.table(today), id=mode.name)
    panes: dict[str, type[Widget]] = {
        "several": mode_panes.SeveralPane,
        "series": mode_panes.SeriesPane,
        "period": mode_panes.PeriodPane,
    }
    return panes[mode.name](id=mode.name)


def mode_bar(current: str, width: int | None = None) -> Content:
    """The line at the top: every mode with its key, the current one in reverse. On as many lines as
    `width` cells need (80×24 has no room for the five modes on one), a mode never cut in two."""
    parts: list[Content] = [Content.styled(" elotui ", "bold $accent")]
    for mode in MODES.values():
        text = f" {mode.key.upper()} {_(mode.title)} "
        parts.append(
            Content.styled(text, "bold reverse") if mode.name == current else Content(text)
        )
    if width is None:
        return Content(" ").join(parts)
    lines: list[list[Content]] = [[]]
    used = 0
    for part in parts:
        if lines[-1] and used + 1 + part.cell_length > width:
            lines.append([])
            used = 0
        used += part.cell_length + (1 if lines[-1] else 0)
        lines[-1].append(part)
    return Content("\n").join(Content(" ").join(line) for line in lines)


class ModeBar(Static):
    """The mode bar, laid out again for the width it is given."""

    def __init__(self, current: str) -> None:
        super().__init__(id="mode-bar")
        self._current = current

    def show(self, current: str) -> None:
        self._current = current
        self.update(mode_bar(current, self.size.width or None))

    def on_resize(self) -> None:
        self.show(self._current)
