"""A `DataTable` whose rows are keyed: `sync_table` makes it show exactly a list of (key, cells),
touching only what changed, so the cursor stays on its row (the history screen's games, FIDE check
and crossings tables).

Columns are declared as (label, key, width) with fixed widths: cells filled later (the history's live
rating) never get cut.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from rich.cells import cell_len
from textual.widgets import DataTable

from elotui.i18n import _

Column = tuple[str, str, int]  # (label, key, width)


class SortCell(str):
    """A cell's text that also carries its row's place, so `DataTable.sort` can restore an order."""

    place: int = 0

    @classmethod
    def at(cls, text: str, place: int) -> SortCell:
        cell = cls(text)
        cell.place = place
        return cell


Row = tuple[str, tuple[str, ...]]  # (row key, cells)


def sync_table(table: DataTable[Any], rows: Sequence[Row]) -> None:
    """Make `table` show exactly `rows`, in that order, touching only what changed.

    Rows are matched by key: gone ones are removed, new ones added, changed cells updated in place,
    and the table is re-sorted only if the order differs. The cursor stays on the row it was on.
    """
    columns = list(table.columns)
    wanted = {key for key, _ in rows}
    current_key = cursor_key(table)
    for gone in [k for k in table.rows if k.value not in wanted]:
        table.remove_row(gone)
    for place, (key, cells) in enumerate(rows):
        first = SortCell.at(cells[0], place)
        if key in table.rows:
            old = table.get_row(key)
            if old[0] != first or cast(SortCell, old[0]).place != place:
                table.update_cell(key, columns[0], first)
            for column, new, was in zip(columns[1:], cells[1:], old[1:], strict=True):
                if new != was:
                    table.update_cell(key, column, new)
        else:
            table.add_row(first, *cells[1:], key=key)
    order = [row.key.value for row in table.ordered_rows]
    if order != [key for key, _ in rows]:
        table.sort(columns[0], key=lambda cell: cell.place)
    if current_key is not None and current_key in table.rows:
        table.move_cursor(row=table.get_row_index(current_key), animate=False)


def cursor_key(table: DataTable[Any]) -> str | None:
    if not table.row_count:
        return None
    try:
        return cast(str, table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
    except Exception:  # the cursor is past the rows (the table was emptied)
        return None


def add_columns(
    table: DataTable[Any], columns: Sequence[Column], short: Mapping[str, str] | None = None
) -> None:
    """The columns, their labels (English message ids) in the language spoken, or by key the
    shorter word a column needs (`short`: "part." where a text says "parties"); a label still
    longer than its column widens it."""
    for label, key, width in columns:
        shown = (short or {}).get(key) or _(label)
        table.add_column(shown, key=key, width=max(width, cell_len(shown)))


def column_width(columns: Sequence[Column], key: str) -> int:
    return next(width for _, column, width in columns if column == key)
