"""A table that draws only the rows on screen, from a row list it keeps as given.

Textual's `DataTable` copies every row into its own structures, re-sorts them to change their order,
and draws every visible cell again (through Rich's layout) whenever any cell changes: after a write on
the history screen, that was most of the time from key to screen. `VirtualTable` is a line-API widget
(`ScrollView.render_line`) that holds the caller's list of (key, cells) rows and an index of keys;
showing a new list costs building that index, and a frame costs only the lines whose row, place or
cursor changed (the others come from a cache keyed by what the line shows).

It looks and behaves like the `DataTable` with a row cursor it replaces: the same styles (its CSS,
with the component classes renamed), fixed-width columns, zebra stripes, the header, the hover row,
the same keys (Enter selects the row; Home and End go to the first and last row, as Ctrl+Home and
Ctrl+End do: the history's tables are never wider than their panel), a click moves the cursor and a
click on the cursor's row selects it. tests/tui/test_virtual_table.py compares its lines with a
`DataTable`'s, segment by segment.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar, NamedTuple

from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from elotui.i18n import N_
from elotui.tui.widgets.table_lines import (
    COMPONENT_CLASSES,
    DATATABLE_CSS,
    PADDING,
    Frame,
    LineDrawer,
    text_width,
)

CACHED_LINES = 2000  # drawn lines kept (a few screens of every table); then the cache starts over


class TableRow(NamedTuple):
    key: str
    cells: tuple[str, ...]


class TableColumn(NamedTuple):
    key: str
    label: str  # shown in the header (Rich markup, as DataTable reads a label)
    width: int  # cells of text, without the padding
    fits: bool = False  # widens to the widest cell shown (DataTable's auto width), never narrows


class RowMessage(Message):
    """A row of a table, by its place and key."""

    def __init__(self, table: VirtualTable, cursor_row: int, row_key: str) -> None:
        super().__init__()
        self.table = table
        self.cursor_row = cursor_row
        self.row_key = row_key

    @property
    def control(self) -> VirtualTable:
        return self.table


class VirtualTable(ScrollView, can_focus=True):
    """Rows of text cells under a header, a row cursor, drawn a visible line at a time."""

    ALLOW_SELECT = False

    # DataTable's keys and words (marked here for the catalog; the keys panel translates them).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select_cursor", N_("Select"), show=False, id="table.select"),
        Binding("up", "cursor_up", N_("Cursor up"), show=False, id="table.cursor_up"),
        Binding("down", "cursor_down", N_("Cursor down"), show=False, id="table.cursor_down"),
        Binding("pageup", "page_up", N_("Page up"), show=False, id="table.page_up"),
        Binding("pagedown", "page_down", N_("Page down"), show=False, id="table.page_down"),
        Binding("ctrl+home", "scroll_top", N_("Top"), show=False, id="table.top"),
        Binding("ctrl+end", "scroll_bottom", N_("Bottom"), show=False, id="table.bottom"),
        Binding("home", "scroll_top", N_("Home"), show=False, id="table.home"),
        Binding("end", "scroll_bottom", N_("End"), show=False, id="table.end"),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = set(COMPONENT_CLASSES)
    DEFAULT_CSS = DATATABLE_CSS

    class RowHighlighted(RowMessage):
        """The cursor went to another row (or to the first one shown)."""

    class RowSelected(RowMessage):
        """Enter on a row, or a click on the cursor's row."""

    def __init__(
        self, *, zebra_stripes: bool = False, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.zebra_stripes = zebra_stripes
        self.columns: list[TableColumn] = []
        self._rows: Sequence[tuple[str, tuple[str, ...]]] = ()
        self._places: dict[str, int] = {}  # row key → its index in `_rows`
        self._owned: list[tuple[str, tuple[str, ...]]] | None = None  # `_rows` copied (`add_rows`)
        self.cursor_row = 0
        self._hover_row = 0
        self._show_hover = False  # the mouse is over the table (the keyboard hides the hover)
        self._lines: dict[tuple[object, ...], Strip] = {}
        self._drawer = LineDrawer()
        self._frame: Frame | None = None  # while a frame is drawn (`render_lines`)
        self._frame_styles: dict[object, tuple[Style, ...]] = {}  # by pseudo-class state

    # --- the rows -------------------------------------------------------------------------------------

    def add_column(self, label: str, *, key: str, width: int | None = None) -> None:
        """A column `width` cells wide, or (None) as wide as its label and the widest of its cells
        shown: a table built again from its rows (a DataTable's column of auto width, filled at once)."""
        if width is None:
            self.columns.append(TableColumn(key, label, text_width(label), fits=True))
        else:
            self.columns.append(TableColumn(key, label, width))
        self._size_changed()

    def _fit_columns(self, rows: Sequence[tuple[str, tuple[str, ...]]]) -> None:
        """The columns of auto width as wide as their label and the widest of their cells in
        `rows`. (Not DataTable's "never narrower": that one measures at idle time, so which rows
        count depends on how fast keys come; here a table looks the same however it was typed.)"""
        if not any(column.fits for column in self.columns):
            return
        widths = [
            max((text_width(label), *(text_width(cells[index]) for _key, cells in rows)))
            if fits
            else width
            for index, (_column, label, width, fits) in enumerate(self.columns)
        ]
        if widths != [column.width for column in self.columns]:
            # (The lines drawn are kept by the widths too: a column that widens and narrows again
            # as keys are typed and taken back finds its lines drawn.)
            self.columns = [c._replace(width=w) for c, w in zip(self.columns, widths, strict=True)]

    def show(self, rows: Sequence[tuple[str, tuple[str, ...]]]) -> None:
        """Show `rows` (kept as given, not copied: the caller must not change the list after), in
        that order. The cursor stays on the row it was on (by key), else at its place; the row
        under it is said (`RowHighlighted`) when it is another one."""
        was = self.row_key_at(self.cursor_row)
        self._fit_columns(rows)
        self._rows = rows
        self._places = {key: place for place, (key, _) in enumerate(rows)}
        self._size_changed()
        self.refresh()
        place = self._places.get(was, self.cursor_row) if was is not None else self.cursor_row
        # Said also when the cursor stays in its place but on another row (its row went).
        place = max(0, min(place, len(rows) - 1))
        self._set_cursor(place, highlight=self.row_key_at(place) != was)

    def add_rows(self, rows: Iterable[tuple[str, tuple[str, ...]]]) -> None:
        """`rows` after those shown, but for the keys shown already (a page more): costs what it
        adds, not what is shown (the list `show` was given is copied once, then kept)."""
        if self._owned is not self._rows:
            self._owned = list(self._rows)
            self._rows = self._owned
        shown = len(self._owned)
        for key, cells in rows:
            if key not in self._places:
                self._places[key] = len(self._owned)
                self._owned.append((key, cells))
        if len(self._owned) != shown:
            self._size_changed()
            self.refresh()

    def clear(self) -> None:
        self._fit_columns(())
        self._rows = ()
        self._places = {}
        self.cursor_row = 0
        self._size_changed()
        self.refresh()
        self.scroll_to(0, 0, animate=False, force=True, immediate=True)

    @property
    def row_count(self) -> int:
        return len(self._rows)

    @property
    def rows(self) -> Mapping[str, int]:
        """Row key → place."""
        return self._places

    def row_list(self) -> list[tuple[str, tuple[str, ...]]]:
        """A new list of the rows shown (to change and `show` again)."""
        return list(self._rows)

    @property
    def ordered_rows(self) -> list[TableRow]:
        return [TableRow(key, cells) for key, cells in self._rows]

    def get_row(self, key: str) -> list[str]:
        return list(self._rows[self._places[key]][1])

    def get_row_at(self, place: int) -> list[str]:
        return list(self._rows[place][1])

    def get_row_index(self, key: str) -> int:
        return self._places[key]

    def get_cell(self, key: str, column: str) -> str:
        index = next(i for i, c in enumerate(self.columns) if c.key == column)
        return self._rows[self._places[key]][1][index]

    def row_key_at(self, place: int) -> str | None:
        return self._rows[place][0] if 0 <= place < len(self._rows) else None

    @property
    def cursor_key(self) -> str | None:
        """The key of the cursor's row (None: no rows)."""
        return self.row_key_at(self.cursor_row)

    def _size_changed(self) -> None:
        width = sum(column.width + 2 * PADDING for column in self.columns)
        if any(column.fits for column in self.columns):
            # Columns that fit their cells (the calculator's, whose cells change at each key):
            # never narrower than the view. One that fits scrolls no more for being narrower, and a
            # column widening or narrowing inside the view then changes no size, so it costs no
            # layout pass of the whole screen (a new virtual size would). The view's width as it
            # is beside a vertical scrollbar, whether one shows yet or not: its width taken before
            # the rows outgrew the height (the series' table at 80×24) was 2 columns too wide, a
            # horizontal scrollbar then showed, and where it scrolled to depended on the order
            # in which the sizes came.
            view = self.content_region.width - self.styles.scrollbar_size_vertical
            width = max(width, view)
        self.virtual_size = Size(width, len(self._rows) + 1)  # + the header

    def on_resize(self) -> None:
        if any(column.fits for column in self.columns):
            self._size_changed()  # the view's width is in the virtual size

    # --- the cursor -----------------------------------------------------------------------------------

    def move_cursor(self, *, row: int, animate: bool = False, scroll: bool = True) -> None:
        self._set_cursor(row, scroll=scroll, animate=animate)

    def _set_cursor(
        self, place: int, *, highlight: bool = False, scroll: bool = True, animate: bool = False
    ) -> None:
        place = max(0, min(place, len(self._rows) - 1))
        old = self.cursor_row
        self.cursor_row = place
        if place != old:
            self._refresh_row(old)
            self._refresh_row(place)
        if (place != old or highlight) and self._rows:
            self.post_message(self.RowHighlighted(self, place, self._rows[place][0]))
        if scroll:
            self._scroll_to_cursor(animate)

    def _scroll_to_cursor(self, animate: bool = False) -> None:
        region = Region(int(self.scroll_x), self.cursor_row + 1, self.size.width, 1)
        self.scroll_to_region(region, animate=animate, spacing=Spacing(1, 0, 0, 0), force=True)

    def _refresh_row(self, place: int) -> None:
        self.refresh_line(place + 1)

    def _page(self) -> int:
        return max(1, self.scrollable_content_region.height - 1)

    def action_cursor_up(self) -> None:
        self._hide_hover()
        self._set_cursor(self.cursor_row - 1)

    def action_cursor_down(self) -> None:
        self._hide_hover()
        self._set_cursor(self.cursor_row + 1)

    def action_page_down(self) -> None:
        # As DataTable: the view moves a page and the cursor the same rows, staying in its place.
        self._hide_hover()
        self.scroll_relative(y=self._page(), animate=False, force=True)
        self._set_cursor(self.cursor_row + self._page(), scroll=False)

    def action_page_up(self) -> None:
        self._hide_hover()
        self.scroll_relative(y=-self._page(), animate=False, force=True)
        self._set_cursor(self.cursor_row - self._page(), scroll=False)

    def action_scroll_top(self) -> None:
        self._hide_hover()
        self._set_cursor(0)

    def action_scroll_bottom(self) -> None:
        self._hide_hover()
        self._set_cursor(len(self._rows) - 1)

    def action_select_cursor(self) -> None:
        self._hide_hover()
        key = self.cursor_key
        if key is not None:
            self.post_message(self.RowSelected(self, self.cursor_row, key))

    # --- the mouse ------------------------------------------------------------------------------------

    def _hide_hover(self) -> None:
        if self._show_hover:
            self._show_hover = False
            self._refresh_row(self._hover_row)

    def _on_mouse_move(self, event: events.MouseMove) -> None:
        row = event.style.meta.get("row")
        if not isinstance(row, int):
            self._hide_hover()
            return
        if row != self._hover_row or not self._show_hover:
            self._refresh_row(self._hover_row)
            self._hover_row, self._show_hover = row, True
            self._refresh_row(row)

    def _on_leave(self, _: events.Leave) -> None:
        self._hide_hover()

    async def _on_click(self, event: events.Click) -> None:
        row = event.style.meta.get("row")
        if not isinstance(row, int) or not 0 <= row < len(self._rows):
            return  # the header, or below the rows
        event.stop()
        if row == self.cursor_row:
            self.action_select_cursor()
        else:
            self._set_cursor(row, animate=True)

    # --- drawing --------------------------------------------------------------------------------------

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._lines.clear()
        self._drawer.clear()
        self._frame_styles.clear()
        self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        # What every line of this frame shares, read once (a widget's `rich_style` walks its
        # ancestors: per line, it was most of a frame's time).
        self._frame = self._frame_now()
        try:
            return super().render_lines(crop)
        finally:
            self._frame = None

    def _frame_now(self) -> Frame:
        state = self.get_pseudo_class_state()
        styles = self._frame_styles.get(state)
        if styles is None:  # read again after a style change (`notify_style_update`)
            component = self.get_component_styles
            styles = self._frame_styles[state] = (
                self.rich_style,
                component("virtual-table--header").rich_style,
                component("virtual-table--odd-row").rich_style,
                component("virtual-table--even-row").rich_style,
                self.get_component_rich_style("virtual-table--hover"),
                self.get_component_rich_style("virtual-table--cursor"),
            )
        base, header, odd, even, hover, cursor = styles
        x, y = self.scroll_offset
        widths = tuple(column.width for column in self.columns)
        return Frame(base, self.size.width, x, y, state, header, odd, even, hover, cursor,
                     self.zebra_stripes, widths, self.app.console, self.app.console_options)  # fmt: skip

    def render_line(self, y: int) -> Strip:
        frame = self._frame or self._frame_now()
        width, scroll_x = frame.width, frame.scroll_x
        place = y + frame.scroll_y - 1 if y else -1  # line 0 is the header, which does not scroll
        if place >= len(self._rows):
            return Strip.blank(width, frame.base)
        cells = tuple(c.label for c in self.columns) if place < 0 else self._rows[place][1]
        cursor = place == self.cursor_row
        hover = self._show_hover and place == self._hover_row >= 0  # the header is not hovered
        key = (place, cells, cursor, hover, width, scroll_x, frame.base, frame.state, frame.widths)
        line = self._lines.get(key)
        if line is None:
            if len(self._lines) >= CACHED_LINES:
                self._lines.clear()
            drawn = self._drawer.draw(frame, place, cells, cursor, hover).crop(
                scroll_x, scroll_x + width
            )
            line = self._lines[key] = drawn.adjust_cell_length(width, frame.base).simplify()
        return line
