"""The history's `VirtualTable` draws what the `DataTable` it replaced drew (segment for segment, so
the screens look the same), and its keys and clicks move and select as the history uses them."""

from __future__ import annotations

from typing import Any

import pytest
from textual import on
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import DataTable

from elotui.tui.widgets.virtual_table import VirtualTable
from tests.scenes.calculator import settle

COLUMNS = (("date", "date", 10), ("opponent", "opponent", 12), ("opp.", "rating", 4))
# Plain text, a markup cell (DataTable reads a str cell as markup), wide characters, an empty
# cell, a name longer than its column (cut), a bracket that is not markup.
ROWS = [
    (str(i), (f"2023-{i % 12 + 1:02d}-01", name, rating))
    for i, (name, rating) in enumerate(
        [("Ana", "1800"), ("[b]Bold[/b]", "—"), ("漢字の名前", "2100"), ("", "1500"),
         ("A very long opponent name", "1999"), ("x [1] y", "1700")] * 5
    )
]  # fmt: skip


class Side(App[None]):
    """A DataTable (row cursor, zebra stripes: the history's) and a VirtualTable of the same rows."""

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield DataTable[str](id="old", cursor_type="row", zebra_stripes=True)
            yield VirtualTable(id="new", zebra_stripes=True)

    def __init__(self) -> None:
        super().__init__()
        self.highlighted: list[str] = []  # the VirtualTable's row keys, as it says them
        self.selected: list[str] = []

    @on(VirtualTable.RowHighlighted)
    def _highlighted(self, message: VirtualTable.RowHighlighted) -> None:
        self.highlighted.append(message.row_key)

    @on(VirtualTable.RowSelected)
    def _selected(self, message: VirtualTable.RowSelected) -> None:
        self.selected.append(message.row_key)

    def on_mount(self) -> None:
        old = self.query_one("#old", DataTable)
        new = self.query_one("#new", VirtualTable)
        for label, key, width in COLUMNS:
            old.add_column(label, key=key, width=width)
            new.add_column(label, key=key, width=width)
        old.add_rows(cells for _, cells in ROWS)
        new.show(ROWS)


def lines(widget: Any) -> list[list[tuple[str, Any]]]:
    strips = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
    return [[(segment.text, segment.style) for segment in strip] for strip in strips]


async def same_lines(pilot: Pilot[None], focused: bool) -> None:
    """Both tables draw the same lines, both focused in turn, or both blurred."""
    old, new = pilot.app.query_one("#old", DataTable), pilot.app.query_one("#new", VirtualTable)
    assert old.size == new.size
    drawn = []
    for table in (old, new):
        pilot.app.set_focus(table if focused else None)
        await pilot.pause()
        drawn.append(lines(table))
    assert drawn[1] == drawn[0]


@pytest.mark.parametrize("focused", [False, True], ids=["blurred", "focused"])
async def test_it_draws_what_the_data_table_drew(focused: bool) -> None:
    app = Side()
    async with app.run_test(size=(80, 12)) as pilot:
        old, new = app.query_one("#old", DataTable), app.query_one("#new", VirtualTable)
        await same_lines(pilot, focused)
        for table in (old, new):
            table.move_cursor(row=7)  # past the first screen: both scroll the same way
        await same_lines(pilot, focused)
        old.action_page_down()
        new.action_page_down()
        await same_lines(pilot, focused)
        assert new.cursor_row == old.cursor_row


async def test_showing_rows_keeps_the_cursor_on_its_row_and_says_when_it_moves() -> None:
    app = Side()
    async with app.run_test(size=(80, 12)) as pilot:
        new = app.query_one("#new", VirtualTable)
        seen = app.highlighted
        seen.clear()  # the first row, highlighted when shown
        new.move_cursor(row=2)
        await pilot.pause()
        assert seen == ["2"]
        new.show([("new", ("2026-01-01", "Bo", "1600")), *ROWS])  # a row above: the cursor follows
        await pilot.pause()
        assert (new.cursor_row, new.cursor_key) == (3, "2")
        new.show([row for row in ROWS if row[0] != "2"])  # its row gone: it stays in its place
        await pilot.pause()
        assert (new.cursor_row, new.cursor_key) == (3, "4")
        assert seen == ["2", "2", "4"]  # moved to row "2", followed it, then on another row
        new.clear()
        assert (new.row_count, new.cursor_key) == (0, None)


async def test_keys_move_the_cursor_and_enter_selects() -> None:
    app = Side()
    async with app.run_test(size=(80, 12)) as pilot:
        new = app.query_one("#new", VirtualTable)
        new.focus()
        selected = app.selected
        await pilot.press("down", "down", "up")
        assert new.cursor_row == 1
        # 12 lines: the header and 11 rows; a page moves the cursor 11 rows (as DataTable).
        await pilot.press("pagedown")
        assert new.cursor_row == 12
        await pilot.press("pageup")
        assert new.cursor_row == 1
        await pilot.press("end")
        assert new.cursor_row == len(ROWS) - 1 and new.scroll_y == len(ROWS) - 11
        await pilot.press("home")
        assert (new.cursor_row, new.scroll_y) == (0, 0)
        await pilot.press("ctrl+end")
        assert new.cursor_row == len(ROWS) - 1
        await pilot.press("ctrl+home", "down", "enter")
        await pilot.pause()
        assert selected == ["1"]


async def test_a_click_moves_the_cursor_and_a_click_on_it_selects() -> None:
    app = Side()
    async with app.run_test(size=(80, 12)) as pilot:
        new = app.query_one("#new", VirtualTable)
        selected = app.selected
        await pilot.click("#new", offset=(3, 4))  # line 4: the header, then rows 0, 1, 2, 3
        assert new.cursor_row == 3 and selected == []
        await pilot.click("#new", offset=(3, 4))
        await pilot.pause()
        assert selected == ["3"]
        await pilot.click("#new", offset=(3, 0))  # the header: nothing
        assert new.cursor_row == 3


class Fitted(App[None]):
    """A table whose columns fit their cells (the calculator's series), its rows shown after it
    is laid out, more of them than its height holds: the vertical scrollbar comes then."""

    CSS = "VirtualTable { height: 4; }"

    def compose(self) -> ComposeResult:
        yield VirtualTable()

    def on_mount(self) -> None:
        table = self.query_one(VirtualTable)
        for label, key, _width in COLUMNS:
            table.add_column(label, key=key)  # no width: as wide as its cells

    def show_rows(self) -> None:
        self.query_one(VirtualTable).show(ROWS)


async def test_a_table_of_fitted_columns_scrolls_no_sideways_when_its_rows_outgrow_it() -> None:
    # The width of the view taken before the vertical scrollbar came made the table 2 columns
    # wider than its view: a horizontal scrollbar showed where the rows were, scrolled 0 or 1 or 2
    # columns by the order in which the sizes came (the series' snapshot at 80×24, 1 run in 4).
    app = Fitted()
    async with app.run_test(size=(60, 12)):  # the columns take 45 of them
        await settle(app)
        app.show_rows()
        await settle(app)
        table = app.query_one(VirtualTable)
        assert table.show_vertical_scrollbar
        assert not table.show_horizontal_scrollbar
        assert table.virtual_size.width == table.scrollable_content_region.width
        assert table.scroll_x == 0
