"""How `VirtualTable` draws a row's line, as Textual's DataTable draws it (its styles, its cells laid
out by Rich), with what it makes kept: a cell's segments by text, a cell's style by row and place.
Its CSS is DataTable's too (`DATATABLE_CSS`)."""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.padding import Padding
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

PADDING = 1  # blank cells on each side of a cell (DataTable's cell_padding)
KEPT = 2000  # cells and styles kept (a few screens of every table); then the cache starts over


# The parts of a `VirtualTable` its CSS styles (DataTable's component classes, renamed).
COMPONENT_CLASSES = frozenset(
    {
        "virtual-table--cursor",
        "virtual-table--hover",
        "virtual-table--header",
        "virtual-table--odd-row",
        "virtual-table--even-row",
    }
)

# `VirtualTable`'s CSS: DataTable's (Textual 8.2.8), for the classes used here, so the history
# looks as it did.
DATATABLE_CSS = """
VirtualTable {
    background: $surface;
    color: $foreground;
    height: auto;
    max-height: 100%;

    &:focus {
        background-tint: $foreground 5%;
        & > .virtual-table--cursor {
            background: $block-cursor-background;
            color: $block-cursor-foreground;
            text-style: $block-cursor-text-style;
        }
        & > .virtual-table--header {
            background-tint: $foreground 5%;
        }
    }
    &:dark {
        & > .virtual-table--even-row {
            background: $surface-darken-1 40%;
        }
    }
    & > .virtual-table--header {
        text-style: bold;
        background: $panel;
        color: $foreground;
    }
    &:ansi > .virtual-table--header {
        background: ansi_bright_blue;
        color: ansi_default;
    }
    & > .virtual-table--even-row {
        background: $surface-lighten-1 50%;
    }
    & > .virtual-table--cursor {
        background: $block-cursor-blurred-background;
        color: $block-cursor-blurred-foreground;
        text-style: $block-cursor-blurred-text-style;
    }
    & > .virtual-table--hover {
        background: $block-hover-background;
    }
}
"""


class Frame(NamedTuple):
    """What every line of a frame shares."""

    base: Style  # the widget's style
    width: int
    scroll_x: int
    scroll_y: int
    state: object  # the pseudo-classes (focus, hover, …)
    header: Style
    odd: Style
    even: Style
    hover: Style
    cursor: Style
    zebra_stripes: bool
    widths: tuple[int, ...]  # the columns', without their padding
    console: Console
    options: ConsoleOptions


class LineDrawer:
    """Draws a table's lines, keeping the cells' segments and styles it made."""

    def __init__(self) -> None:
        self._cells: dict[tuple[str, int], list[Segment]] = {}
        self._styles: dict[tuple[Style, Style, int, int | None], Style] = {}

    def clear(self) -> None:
        """Forget the styles made (the widget's styles changed); cells have none of their own."""
        self._styles.clear()

    def draw(
        self, frame: Frame, place: int, cells: tuple[str, ...], cursor: bool, hover: bool
    ) -> Strip:
        """One row's line (`place` -1: the header), styled as DataTable styles a row-cursor table's:
        each cell's pre-style is the row's style, the cell's place (meta, for the mouse) and the
        cursor's or hover's; the cursor's colour goes over the text's own (DataTable's default
        cursor_foreground_priority "css")."""
        header = place < 0
        if header:
            row_style = frame.header
        elif frame.zebra_stripes:
            row_style = frame.odd if place % 2 else frame.even
        else:
            row_style = frame.base
        over = Style()
        if hover:
            over += frame.hover
        if cursor and not header:
            over += frame.cursor
        post = Style.from_color(color=over.color)
        segments: list[Segment] = []
        for index, (text, column) in enumerate(zip(cells, frame.widths, strict=True)):
            pre = self._style(row_style, over, place, index)
            segments += Segment.apply_style(self._cell(frame, text, column), pre, post)
        table_width = sum(width + 2 * PADDING for width in frame.widths)
        rest = max(0, frame.width - table_width)
        segments.append(Segment(" " * rest, self._style(row_style, over, place, None)))
        return Strip(segments)

    def _style(self, row_style: Style, over: Style, place: int, column: int | None) -> Style:
        """A cell's pre-style (`column` None: the blank after the last column), made once: a
        style with meta is slow to combine (Rich serialises the meta)."""
        key = (row_style, over, place, column)
        style = self._styles.get(key)
        if style is None:
            if len(self._styles) >= KEPT:
                self._styles.clear()
            if column is None:
                meta = {"row": place, "column": 0, "out_of_bounds": True}
                style = row_style + over + Style.from_meta(meta)
            else:
                style = row_style + Style.from_meta({"row": place, "column": column}) + over
            self._styles[key] = style
        return style

    def _cell(self, frame: Frame, text: str, width: int) -> list[Segment]:
        """A cell's segments before the row's styles, as Rich lays out DataTable's cell: the text
        read as markup, one line, cut to the width, padded a cell on each side."""
        key = (text, width)
        segments = self._cells.get(key)
        if segments is None:
            if len(self._cells) >= KEPT:
                self._cells.clear()
            if "[" not in text and cell_len(text) == len(text) and text.isprintable():
                # Plain text of one-cell characters: Rich would give the same, faster here.
                shown = text[:width].ljust(width)
                segments = [Segment(" " * PADDING + shown + " " * PADDING)]
            else:
                segments = rich_cell(frame, text, width)
            self._cells[key] = segments
        return segments


def text_width(text: str) -> int:
    """The cells a cell's text takes, read as markup as DataTable reads it."""
    if "[" not in text:
        return cell_len(text)
    return Text.from_markup(text, end="").cell_len


def rich_cell(frame: Frame, text: str, width: int) -> list[Segment]:
    options = frame.options.update_dimensions(width + 2 * PADDING, 1).update(no_wrap=True)
    content = Text.from_markup(text, end="")
    content.no_wrap = True
    return list(frame.console.render_lines(Padding(content, (0, PADDING)), options)[0])
