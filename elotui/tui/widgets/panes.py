"""The result panes of the calculator, one per mode. Each pane shows numbers it is given (all computed
in `elotui.rating`) or blanks itself; none of them parses input or keeps state of its own."""

from __future__ import annotations

from textual.containers import Vertical
from textual.strip import Strip

from elotui.i18n import N_, _
from elotui.rating.calculator import Method, SingleGame
from elotui.rating.result import Result
from elotui.rating.tiers import GM_NOTE, TIERS, Tier, TierChange
from elotui.tui.formatting import (
    hundredths,
    percent,
    signed_cents,
    signed_int,
)
from elotui.tui.models.calculator import SingleView
from elotui.tui.widgets.drawn_lines import DrawnLines
from elotui.tui.widgets.value import Value

RESULT_LABELS = {"win": N_("Win"), "draw": N_("Draw"), "loss": N_("Loss")}
E_NOTE = N_("E counts a draw as half a point: it is not a strict win probability.")
# The headline after one result is chosen: a whole sentence per result (the word's place and
# agreement differ in French).
NEW_RATING_AFTER = {
    "win": N_("New rating after a win: {before} → {after}{mark}"),
    "draw": N_("New rating after a draw: {before} → {after}{mark}"),
    "loss": N_("New rating after a loss: {before} → {after}{mark}"),
}


def tier_text(before: Tier, crossing: TierChange | None) -> str:
    if crossing is None:
        return before.label
    arrow = "▲" if crossing.direction == "up" else "▼"
    return f"{crossing.before.label} → {crossing.after.label} {arrow}"


def difference_rule_text(diff: int, used: int) -> str:
    """The line of a D counted at its limit (`used` is ± that limit): "400-point rule applied: D −500
    counts as −400"."""
    return _("{limit}-point rule applied: D {diff} counts as {used}").format(
        limit=abs(used), diff=signed_int(diff), used=signed_int(used)
    )


def tier_name(tier: Tier) -> str:
    top = TIERS[-1]
    return f"{tier.label} ({_(GM_NOTE)})" if tier == top else tier.label


class Pane(Vertical):
    """Base: `blank()` empties every value so a stale number can never stay on screen."""

    def blank(self) -> None:
        for widget in self.query(".value"):
            if isinstance(widget, Value):
                widget.update("")
            widget.remove_class("-crossing")


# The single game's table: the result's name, three numbers, then the tier in the rest of the line.
RESULT_WIDTH = 12
NUMBER_WIDTH = 12
NUMBER_GAP = 2  # the numbers are right-aligned this far from the next column
HEADINGS = (N_("Result"), N_("Change"), N_("Rounded"), N_("New rating"), N_("Tier"))


class SinglePane(DrawnLines):
    """The single game's results, drawn as one widget (`DrawnLines`): the lines of the dozen widgets
    they were, a key repainting only the lines it changed.

    The values are kept by the names the widgets had (`expected`, `win-rounded`...): `value(name)`
    says what one shows.
    """

    DEFAULT_CSS = """
    SinglePane { height: 1fr; }
    """
    BLANK_IN_BOX_STYLE = False

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._shape = tuple(RESULT_LABELS)  # the results shown in the table

    # ---- what it shows ------------------------------------------------------------------------

    def show_view(self, view: SingleView) -> None:
        if view.game is None:
            self.blank()
        else:
            self.show(view.game, view.result)

    def row_shown(self, result: str) -> bool:
        return result in self._shape

    def show(self, game: SingleGame, result: str) -> None:
        values: dict[str, str] = {}
        crossing: set[str] = set()
        e = game.expected
        values["expected"] = _("Expected score {percent}").format(percent=percent(e.value))
        values["expected-note"] = _(E_NOTE)
        if e.pd is not None:
            values["diff-line"] = _("D = {diff} → PD {pd} (table 8.1.2)").format(
                diff=signed_int(e.diff), pd=hundredths(e.pd)
            )
        else:
            values["diff-line"] = _("D = {diff} (you − opponent), logistic formula").format(
                diff=signed_int(e.diff)
            )
        if game.method is Method.FIDE and e.clamped:
            values["difference-rule"] = difference_rule_text(e.diff, e.diff_used)
        for name, outcome in game.outcomes.items():
            values[f"{name}-exact"] = signed_cents(outcome.change)
            values[f"{name}-rounded"] = signed_int(outcome.rounded)
            values[f"{name}-new"] = str(outcome.new_rating)
            values[f"{name}-tier"] = tier_text(game.tier, outcome.crossing)
            if outcome.crossing is not None:
                crossing.add(f"{name}-tier")
        if result == "all":
            values["new-rating"] = _(
                "All three results shown: {win}, {draw} or {loss} picks one (outside a text field)."
            ).format(win=Result.WIN.letter, draw=Result.DRAW.letter, loss=Result.LOSS.letter)
        else:
            chosen = game.outcomes[result]
            mark = ""
            if chosen.crossing is not None:
                mark = (
                    _("  ◆ tier crossed up: {tiers}")
                    if chosen.crossing.direction == "up"
                    else _("  ◆ tier crossed down: {tiers}")
                ).format(tiers=tier_text(game.tier, chosen.crossing))
                crossing.add("new-rating")
            values["new-rating"] = _(NEW_RATING_AFTER[result]).format(
                before=game.rating, after=chosen.new_rating, mark=mark
            )
        values["tier-now"] = _("Tier now: {tier}").format(tier=tier_name(game.tier))
        rows = tuple(name for name in game.outcomes if result in ("all", name))
        self._set(values, crossing, rows)

    # ---- drawing ------------------------------------------------------------------------------

    def _draw(self, width: int) -> list[Strip]:
        """Every line, top to bottom, as the widgets were laid out: a blank line above the
        headline, above the table and above the new rating (their margin in app.tcss). When that
        does not fit the pane's height (80×24, the results below the form), the same lines tighter:
        no margin but the one above the table, each note only as tall as its text, and then, if
        still too tall, without the note on E (the help says it too)."""
        lines = self._lines_at(width, tight=False)
        for note in (True, False):
            if len(lines) <= self.size.height:
                break
            lines = self._lines_at(width, tight=True, note=note)
        return lines

    def _lines_at(self, width: int, *, tight: bool, note: bool = True) -> list[Strip]:
        blank = self._blank_line(width)
        lines = [] if tight else [blank]
        lines += self._box("expected", width, 1, self.HEADLINE)
        if note:
            lines += self._box("expected-note", width, None if tight else 2, self.NOTE)
        lines += self._box("diff-line", width, 1)
        if not tight or self.value("difference-rule"):
            lines += self._box("difference-rule", width, 1, self.DIFFERENCE_RULE)
        lines.append(blank)
        tier_width = max(0, width - RESULT_WIDTH - 3 * NUMBER_WIDTH)
        heading_widths = (RESULT_WIDTH, NUMBER_WIDTH, NUMBER_WIDTH, NUMBER_WIDTH, NUMBER_WIDTH)
        lines.append(
            Strip.join(
                self._cell(text, cell_width, self.HEADING)
                for text, cell_width in zip(map(_, HEADINGS), heading_widths, strict=True)
            ).crop(0, width)
        )
        for name in self._shape:
            cells = [self._cell(_(RESULT_LABELS[name]), RESULT_WIDTH)]

            for column in ("exact", "rounded", "new"):
                cells.append(self._number(self.value(f"{name}-{column}")))
            tier = f"{name}-tier"
            cells.append(self._cell(self.value(tier), tier_width, *self._crossing_style(tier)))
            lines.append(Strip.join(cells).crop(0, width))
        if not tight:
            lines.append(blank)
        lines += self._box(
            "new-rating", width, None if tight else 2, self.HEADLINE,
            *self._crossing_style("new-rating"),
        )  # fmt: skip
        lines += self._box("tier-now", width, 1)
        return lines

    def _number(self, text: str) -> Strip:
        """A number of the table: right-aligned, `NUMBER_GAP` cells before the next column."""
        inner = NUMBER_WIDTH - NUMBER_GAP
        strip = self._first_line(text, inner)
        return Strip.join(
            [
                Strip.blank(inner - strip.cell_length, self._background),
                strip,
                Strip.blank(NUMBER_GAP, self._background),
            ]
        )
