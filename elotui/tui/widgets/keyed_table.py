"""The history screen's tables (games, FIDE check, crossings) are `VirtualTable`s whose rows are
keyed: `VirtualTable.show` makes one show exactly a list of `Row`s, (key, cells), and the cursor
stays on its row.

Columns are declared as (label, key, width) with fixed widths: cells filled later (the history's live
rating) never get cut.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.cells import cell_len

from elotui.i18n import _
from elotui.tui.widgets.virtual_table import VirtualTable

Column = tuple[str, str, int]  # (label, key, width)
Row = tuple[str, tuple[str, ...]]  # (row key, cells)


def add_columns(
    table: VirtualTable, columns: Sequence[Column], short: Mapping[str, str] | None = None
) -> None:
    """The columns, their labels (English message ids) in the language spoken, or by key the
    shorter word a column needs (`short`: "part." where a text says "parties"); a label still
    longer than its column widens it."""
    for label, key, width in columns:
        shown = (short or {}).get(key) or _(label)
        table.add_column(shown, key=key, width=max(width, cell_len(shown)))


def column_width(columns: Sequence[Column], key: str) -> int:
    return next(width for _, column, width in columns if column == key)
