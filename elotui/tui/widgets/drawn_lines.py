"""A results pane drawn as one widget: its values in boxes, line by line, and a key repaints only the
lines it changed. The calculator's panes are built on it (`panes.SinglePane`, and the several games'
and the period's in `mode_panes`)."""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from typing import ClassVar

from rich.style import Style as RichStyle
from textual.content import Content
from textual.geometry import Region
from textual.selection import Selection
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget


class DrawnLines(Widget):
    """Values drawn as one widget.

    Each key typed in a field changes several numbers of a mode's results. As a widget each, each
    one was a message, a repaint and a place the screen is cut at; drawn here, a key costs one
    repaint of one widget (tests/benchmarks/bench_keystroke.py). A subclass draws what the widgets
    did, line for line (`_draw`): each value in its own box (`_box`: a line, or more, or as many as
    its text wraps to), its text wrapped to that box and cut to its height, in the style of one of
    its component classes.

    The values are kept by the names the widgets had (`expected`, `win-rounded`...): `value(name)`
    says what one shows.
    """

    # The styles of the classes the widgets had in app.tcss (.headline, .note...), for `_box`.
    DEFAULT_CSS = """
    DrawnLines > .results--headline { text-style: bold; }
    DrawnLines > .results--note { color: $text-muted; }
    DrawnLines > .results--difference-rule { color: $text-warning; }
    DrawnLines > .results--heading { color: $text-muted; text-style: underline; }
    DrawnLines > .results--crossing { color: $text-success; text-style: bold; }
    """
    HEADLINE = "results--headline"
    NOTE = "results--note"
    DIFFERENCE_RULE = "results--difference-rule"  # the line of a D counted at its limit
    HEADING = "results--heading"
    CROSSING = "results--crossing"
    COMPONENT_CLASSES: ClassVar[set[str]] = {HEADLINE, NOTE, DIFFERENCE_RULE, HEADING, CROSSING}
    # The lines of a box below its text are drawn in the box's style, as a Static draws them (the
    # same colours either way: only how a screenshot cuts the line into runs tells them apart).
    # SinglePane draws them in the background only, as its snapshots were taken.
    BLANK_IN_BOX_STYLE: ClassVar[bool] = True

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._values: dict[str, str] = {}
        self._crossing: AbstractSet[str] = frozenset()  # the values shown as a tier crossed
        self._shape: tuple[str, ...] = ()  # the parts drawn, where a pane has a choice of them
        # ((width, height), lines) until a value or the size changes: a pane may draw itself tighter
        # when its lines do not fit its height (`panes.SinglePane` at 80×24).
        self._drawn: tuple[tuple[int, int], list[Strip]] | None = None
        # The boxes drawn so far, by text, width and style: most of them (the headings, the result
        # names, the note, a number that stays) are the same from one key to the next.
        self._boxes: dict[tuple[str, int, int | None, tuple[str, ...]], list[Strip]] = {}
        self.set_reactive(Widget.auto_links, False)  # no links here: none to look for when drawn

    # ---- what it shows ------------------------------------------------------------------------

    def value(self, name: str) -> str:
        """What the value of that name shows ("" when blank)."""
        return self._values.get(name, "")

    def is_crossing(self, name: str) -> bool:
        return name in self._crossing

    def blank(self) -> None:
        """Every value blank, so a stale number can never stay on screen."""
        self._set({}, frozenset())

    def _set(
        self,
        values: dict[str, str],
        crossing: AbstractSet[str] = frozenset(),
        shape: tuple[str, ...] | None = None,
    ) -> None:
        """Show these values (those not named are blank), `crossing` those shown as a tier crossed,
        and the parts of `shape` (the single game's result rows; None: the same as before)."""
        shape = self._shape if shape is None else shape
        if (values, crossing, shape) == (self._values, self._crossing, self._shape):
            return
        self._values, self._crossing, self._shape = values, frozenset(crossing), shape
        self._repaint_changed()

    def _repaint_changed(self) -> None:
        # Repainted only when something shown changed (a key that changes nothing costs nothing),
        # and then only the lines that changed: the screen repaints what they cover.
        drawn, self._drawn = self._drawn, None
        width, height = self.size
        if drawn is None or drawn[0] != (width, height):
            self.refresh()  # not drawn yet at this size: all of it
            return
        before, after = drawn[1], self._draw(width)
        self._drawn = ((width, height), after)
        changed = [
            Region(0, y, width, 1)
            for y in range(max(len(before), len(after)))
            if y >= len(before) or y >= len(after) or before[y] != after[y]
        ]
        if changed:
            self.refresh(*changed)

    def shown_text(self) -> str:
        """The lines as they show, as plain text (the notes that are no values too)."""
        return "\n".join(line.text.rstrip() for line in self._lines())

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        """The text under a mouse selection, as the lines show it (copied as the widgets' was)."""
        return selection.extract(self.shown_text()), "\n"

    # ---- drawing ------------------------------------------------------------------------------

    def _draw(self, width: int) -> list[Strip]:
        """Every line, top to bottom, at `width`."""
        raise NotImplementedError

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn = None  # another theme or stylesheet: drawn again in its colours
        self._boxes.clear()

    def render_line(self, y: int) -> Strip:
        lines = self._lines()
        return lines[y] if y < len(lines) else Strip.blank(self.size.width, self._background)

    def _lines(self) -> list[Strip]:
        """The lines as drawn at the pane's size (drawn again when a value or the size changed)."""
        width, height = self.size
        if self._drawn is None or self._drawn[0] != (width, height):
            self._drawn = ((width, height), self._draw(width))
        return self._drawn[1]

    @property
    def _background(self) -> RichStyle:
        return self.visual_style.background_style.rich_style

    def _blank_line(self, width: int) -> Strip:
        """An empty line (a margin between two boxes)."""
        return Strip.blank(width, self._background)

    def _box(self, name: str, width: int, height: int | None, *styles: str) -> list[Strip]:
        """A value in a box of the pane's width and `height` lines (as a Static of that height), or
        of as many lines as its text takes when `height` is None (a Static of `height: auto`)."""
        return self._text_box(self.value(name), width, height, *styles)

    def _text_box(self, text: str, width: int, height: int | None, *styles: str) -> list[Strip]:
        """`_box` for a text that is not a value (a note that never changes)."""
        strips = [
            strip.extend_cell_length(width, self._background)
            for strip in self._wrapped(text, width, height, *styles)
        ]
        if height is None:
            return strips or [Strip.blank(width, self._background)]
        # The lines below the text: blank, in the box's style as a Static draws them (or in the
        # background only: `BLANK_IN_BOX_STYLE`).
        style = self.get_visual_style(*styles).rich_style if self.BLANK_IN_BOX_STYLE else None
        empty = Strip.blank(width, style or self._background)
        return strips + [empty] * (height - len(strips))

    def _crossing_style(self, name: str) -> tuple[str, ...]:
        """The style of a tier crossed, when the value of that name shows one."""
        return (self.CROSSING,) if name in self._crossing else ()

    def _cell(self, text: str, width: int, *styles: str) -> Strip:
        """A one-line box of a table, left-aligned."""
        return self._first_line(text, width, *styles).extend_cell_length(width, self._background)

    def _first_line(self, text: str, width: int, *styles: str) -> Strip:
        """What a box `width` cells wide shows of `text` on its first line."""
        strips = self._wrapped(text, width, 1, *styles)
        return strips[0] if strips else Strip([])

    def _wrapped(self, text: str, width: int, height: int | None, *styles: str) -> list[Strip]:
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
