"""What the calculator shows where: its modes and their keys, the choices, each mode's own fields
(built the first time the mode is shown) and its results pane, and the mode bar at the top."""

from __future__ import annotations

from datetime import date

from textual.containers import Vertical
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Label, Static

from elotui.tui.screens.calculator import fields
from elotui.tui.screens.calculator.fields import Points, text_field
from elotui.tui.widgets.choice import Choice
from elotui.tui.widgets.field_row import FieldRow

# (mode, title, key)
CALC_MODES: tuple[tuple[str, str, str], ...] = (
    ("single", "Single game", "f5"),
    ("several", "Several games", "f6"),
    ("series", "Series", "f7"),
    ("period", "Tournament / period", "f8"),
    ("reference", "Reference", "f9"),
)
MODE_TITLES = {mode: title for mode, title, _ in CALC_MODES}

RESULT_CHOICES = (("all", "all"), ("win", "win"), ("draw", "draw"), ("loss", "loss"))
METHOD_CHOICES = (("elo", "elo"), ("fide", "fide"))
# The period mode's rating list: its rule set comes from rules_for(list, month).
LIST_CHOICES = (("standard", "standard"), ("rapid", "rapid"), ("blitz", "blitz"))
SINGLE_GAME_HINT = (
    "w / d / l pick a result, n shows all three, m switches the method "
    "(outside a text field). ↑↓ in K steps through the presets."
)
METHOD_HINT_WIDTH = 49  # the form's inner width (#form in app.tcss: 52, padding 1, border 1)


def mode_inputs(mode: str, today: date, points: Points) -> Widget:
    """The fields only one mode uses, built the first time that mode is shown. `points` is the
    screen's reader of the points P (it follows the games G)."""
    if mode == "several":
        return Vertical(
            FieldRow("Games G", text_field("games", fields.GAMES, "5")),
            FieldRow("Points P", text_field("points", points, "", "e.g. 3.5")),
            id="several-inputs",
        )
    if mode == "series":
        return Vertical(
            FieldRow("Games N", text_field("series-games", fields.SERIES_GAMES, "10")),
            FieldRow(
                "Steps",
                Choice((("rounded", "rounded"), ("exact", "exact")), id="exact"),
            ),
            id="series-inputs",
        )
    if mode == "period":
        return Vertical(
            FieldRow(
                "K from",
                Choice((("field", "K field"), ("profile", "profile")), id="k-source"),
            ),
            FieldRow("Birth year", text_field("birth-year", fields.BIRTH_YEAR, "", "optional")),
            FieldRow("Games played", text_field("games-played", fields.GAMES_PLAYED, "", "0")),
            FieldRow(
                "Ever 2400",
                Choice((("no", "no"), ("yes", "yes")), id="reached-2400"),
            ),
            FieldRow("Period", text_field("period-month", fields.PERIOD, f"{today:%Y-%m}")),
            FieldRow("List", Choice(LIST_CHOICES, "standard", id="rating-list")),
            FieldRow("700 cap", Choice((("on", "on"), ("off", "off: not FIDE")), id="cap")),
            Label("What do I need", classes="section"),
            FieldRow("Target T", text_field("target", fields.TARGET, "", "rating")),
            FieldRow("Remaining R", text_field("remaining", fields.REMAINING, "", "games")),
            FieldRow("Average X", text_field("need-average", fields.AVERAGE, "", "rating")),
            id="period-inputs",
        )
    return Static(
        "The reference table does not need any field.", id=f"{mode}-inputs", classes="hint"
    )


def mode_pane(mode: str) -> Widget:
    """The results pane of a mode other than the single game (which is there from the start)."""
    from elotui.tui.widgets import mode_panes

    panes: dict[str, type[Widget]] = {
        "several": mode_panes.SeveralPane,
        "series": mode_panes.SeriesPane,
        "period": mode_panes.PeriodPane,
        "reference": mode_panes.ReferencePane,
    }
    return panes[mode](id=mode)


def mode_bar(current: str) -> Content:
    """The line at the top: every mode with its key, the current one in reverse."""
    parts: list[Content] = [Content.styled(" elotui ", "bold $accent")]
    for mode, title, key in CALC_MODES:
        text = f" {key.upper()} {title} "
        parts.append(Content.styled(text, "bold reverse") if mode == current else Content(text))
    return Content(" ").join(parts)
