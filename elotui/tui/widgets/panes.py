"""The result panes of the calculator, one per mode. Each pane shows numbers it is given (all computed
in `elotui.rating`) or blanks itself; none of them parses input or keeps state of its own."""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style as RichStyle
from textual.containers import Vertical
from textual.content import Content
from textual.geometry import Region
from textual.selection import Selection
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from elotui.i18n import N_, _
from elotui.rating.calculator import Method, SingleGame
from elotui.rating.tiers import GM_NOTE, TIERS, Tier, TierChange
from elotui.tui.formatting import (
    hundredths,
    percent,
    signed_cents,
    signed_int,
)
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


class SinglePane(Widget):
    """The single game's results, drawn as one widget.

    Each key typed in a field changes a dozen of these numbers. As a dozen widgets, each one was a
    message, a repaint and a place the screen is cut at; drawn here, a key costs one repaint of one
    widget (tests/benchmarks/bench_keystroke.py). It draws what the widgets did, line for line:
    each value in its own box (a line, two for the notes; the table's columns), its text wrapped to
    that box and cut to its height, in the style of its component class below.

    The values are kept by the names the widgets had (`expected`, `win-rounded`...): `value(name)`
    says what one shows.
    """

    DEFAULT_CSS = """
    SinglePane { height: 1fr; }
    SinglePane > .single--headline { text-style: bold; }
    SinglePane > .single--note { color: $text-muted; }
    SinglePane > .single--rule-400 { color: $text-warning; }
    SinglePane > .single--heading { color: $text-muted; text-style: underline; }
    SinglePane > .single--crossing { color: $text-success; text-style: bold; }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "single--headline",
        "single--note",
        "single--rule-400",
        "single--heading",
        "single--crossing",
    }

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._values: dict[str, str] = {}
        self._crossing: set[str] = set()  # the values shown as a tier crossed
        self._rows: tuple[str, ...] = tuple(RESULT_LABELS)  # the results shown in the table
        self._drawn: tuple[int, list[Strip]] | None = None  # (width, lines) until a value changes
        # The boxes drawn so far, by text, width and style: most of them (the headings, the result
        # names, the note, a number that stays) are the same from one key to the next.
        self._boxes: dict[tuple[str, int, int, tuple[str, ...]], list[Strip]] = {}
        self.set_reactive(Widget.auto_links, False)  # no links here: none to look for when drawn

    # ---- what it shows ------------------------------------------------------------------------

    def value(self, name: str) -> str:
        """What the value of that name shows ("" when blank)."""
        return self._values.get(name, "")

    def is_crossing(self, name: str) -> bool:
        return name in self._crossing

    def row_shown(self, result: str) -> bool:
        return result in self._rows

    def blank(self) -> None:
        self._set({}, set(), self._rows)

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
            values["rule-400"] = _("400-point rule applied: D {diff} counts as {used}").format(
                diff=signed_int(e.diff), used=signed_int(e.diff_used)
            )
        for name, outcome in game.outcomes.items():
            values[f"{name}-exact"] = signed_cents(outcome.change)
            values[f"{name}-rounded"] = signed_int(outcome.rounded)
            values[f"{name}-new"] = str(outcome.new_rating)
            values[f"{name}-tier"] = tier_text(game.tier, outcome.crossing)
            if outcome.crossing is not None:
                crossing.add(f"{name}-tier")
        if result == "all":
            values["new-rating"] = _(
                "All three results shown: w, d or l picks one (outside a text field)."
            )
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

    def _set(self, values: dict[str, str], crossing: set[str], rows: tuple[str, ...]) -> None:
        # Repainted only when something shown changed (a key that changes nothing costs nothing),
        # and then only the lines that changed: the screen repaints what they cover.
        if (values, crossing, rows) == (self._values, self._crossing, self._rows):
            return
        self._values, self._crossing, self._rows = values, crossing, rows
        drawn, self._drawn = self._drawn, None
        width = self.size.width
        if drawn is None or drawn[0] != width:
            self.refresh()  # not drawn yet at this width: all of it
            return
        before, after = drawn[1], self._draw(width)
        self._drawn = (width, after)
        changed = [
            Region(0, y, width, 1)
            for y in range(max(len(before), len(after)))
            if y >= len(before) or y >= len(after) or before[y] != after[y]
        ]
        if changed:
            self.refresh(*changed)

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        """The text under a mouse selection, as the lines show it (copied as the widgets' was)."""
        return selection.extract("\n".join(line.text.rstrip() for line in self._lines())), "\n"

    # ---- drawing ------------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn = None  # another theme or stylesheet: drawn again in its colours
        self._boxes.clear()

    def render_line(self, y: int) -> Strip:
        lines = self._lines()
        return lines[y] if y < len(lines) else Strip.blank(self.size.width, self._background)

    def _lines(self) -> list[Strip]:
        """The lines as drawn at the pane's width (drawn again when a value or the width changed)."""
        width = self.size.width
        if self._drawn is None or self._drawn[0] != width:
            self._drawn = (width, self._draw(width))
        return self._drawn[1]

    @property
    def _background(self) -> RichStyle:
        return self.visual_style.background_style.rich_style

    def _draw(self, width: int) -> list[Strip]:
        """Every line, top to bottom, as the widgets were laid out: a blank line above the
        headline, above the table and above the new rating (their margin in app.tcss)."""
        blank = Strip.blank(width, self._background)
        lines = [blank]
        lines += self._box("expected", width, 1, "single--headline")
        lines += self._box("expected-note", width, 2, "single--note")
        lines += self._box("diff-line", width, 1)
        lines += self._box("rule-400", width, 1, "single--rule-400")
        lines.append(blank)
        tier_width = max(0, width - RESULT_WIDTH - 3 * NUMBER_WIDTH)
        heading_widths = (RESULT_WIDTH, NUMBER_WIDTH, NUMBER_WIDTH, NUMBER_WIDTH, NUMBER_WIDTH)
        lines.append(
            Strip.join(
                self._cell(text, cell_width, "single--heading")
                for text, cell_width in zip(map(_, HEADINGS), heading_widths, strict=True)
            ).crop(0, width)
        )
        for name in self._rows:
            cells = [self._cell(_(RESULT_LABELS[name]), RESULT_WIDTH)]

            for column in ("exact", "rounded", "new"):
                cells.append(self._number(self.value(f"{name}-{column}")))
            tier = f"{name}-tier"
            cells.append(self._cell(self.value(tier), tier_width, *self._crossing_style(tier)))
            lines.append(Strip.join(cells).crop(0, width))
        lines.append(blank)
        lines += self._box(
            "new-rating", width, 2, "single--headline", *self._crossing_style("new-rating")
        )
        lines += self._box("tier-now", width, 1)
        return lines

    def _crossing_style(self, name: str) -> tuple[str, ...]:
        return ("single--crossing",) if name in self._crossing else ()

    def _box(self, name: str, width: int, height: int, *styles: str) -> list[Strip]:
        """A value in a box of the pane's width and `height` lines (as a Static of that height)."""
        strips = [
            strip.extend_cell_length(width, self._background)
            for strip in self._wrapped(self.value(name), width, height, *styles)
        ]
        return strips + [Strip.blank(width, self._background)] * (height - len(strips))

    def _cell(self, text: str, width: int, *styles: str) -> Strip:
        """A one-line box of the table, left-aligned."""
        return self._first_line(text, width, *styles).extend_cell_length(width, self._background)

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

    def _first_line(self, text: str, width: int, *styles: str) -> Strip:
        """What a box `width` cells wide shows of `text` on its first line."""
        strips = self._wrapped(text, width, 1, *styles)
        return strips[0] if strips else Strip([])

    def _wrapped(self, text: str, width: int, height: int, *styles: str) -> list[Strip]:
        """`text` wrapped to a box `width` cells wide, cut to `height` lines, in `styles`."""
        key = (text, width, height, styles)
        strips = self._boxes.get(key)
        if strips is None:
            if len(self._boxes) > 1000:  # a bound: keys typed for hours
                self._boxes.clear()
            style = self.get_visual_style(*styles)
            strips = (
                Visual.to_strips(self, Content(text), width, height, style) if width > 0 else []
            )
            self._boxes[key] = strips
        return strips
