"""What a newcomer saw on the screens: the history's columns, cut names, footer and axis, and the focus.

The history checks run on the demo logbook at 120×36, the size the README's screenshots are made at.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.style import Style
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Footer, Static

from elotui.rating.text import cut
from elotui.tui.screens.history import HistoryScreen
from elotui.tui.widgets.chart_axes import year_ticks
from elotui.tui.widgets.field_row import FieldRow
from elotui.tui.widgets.virtual_table import VirtualTable
from tests.scenes.calculator import scene_app
from tests.scenes.history import history_app, settle
from tests.tui.conftest import press_slowly

pytestmark = pytest.mark.sqlite_only("the screens' layout, the same whatever the backend")

SIZE = (120, 36)


def _row_focused(label: Static) -> bool:
    """Whether the form row holding `label` holds the focus."""
    return isinstance(label.parent, Widget) and label.parent.has_focus_within


def test_a_long_name_is_cut_with_an_ellipsis() -> None:
    assert cut("Camille Richard", 12) == "Camille Ric…"
    assert cut("Adam Robert", 12) == "Adam Robert"  # 11 characters: as it is
    assert cut("Jade Richard", 12) == "Jade Richard"  # exactly 12: as it is


async def test_history_columns_names_and_footer_fit_120_columns(tmp_path: Path) -> None:
    app = history_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        games: VirtualTable = screen.query_one("#games", VirtualTable)
        headers = [column.label for column in games.columns]
        assert headers == ["date", "opponent", "opp.", "res", "live"]  # every column has a header
        names = [str(games.get_cell(row.key, "opponent")) for row in games.ordered_rows]
        # The demo's "Camille Richard" (15 letters) does not fit the 12 of the column.
        assert "Camille Ric…" in names
        assert all(len(name) <= 12 for name in names)
        # Every key of the footer is whole and left of the palette key (none hidden under it).
        footer = screen.query_one(Footer)
        keys = list(footer.query("FooterKey"))  # by type name: the class is not public
        palette = next(k for k in keys if k.has_class("-command-palette"))
        others = [k for k in keys if k is not palette]
        assert len(others) == 9  # F4 Tournament is in the help, not this footer
        assert max(k.region.right for k in others) <= palette.region.x
        assert palette.region.right <= SIZE[0]
        # The chart's title and its legend fit their panel.
        title = screen.query_one("#chart-panel .panel-title", Static)
        shown = Content.from_markup(str(title.content))
        assert shown.cell_length <= title.content_region.width, shown.plain
        await pilot.pause()


def test_the_x_axis_labels_each_year_it_shows_within_the_axis() -> None:
    # Months count from year 0: June 2022 = 2022·12 + 5; the axis ends at November 2026.
    left, right = 2022 * 12 + 5, 2026 * 12 + 10
    positions, labels = year_ticks(left, right)
    assert labels == ["2022", "2023", "2024", "2025", "2026"]
    for position, label in zip(positions, labels, strict=True):
        assert left <= position <= right
        assert int(position // 12) == int(label)  # each label stands inside its own year
    # Within one year: one label, not none.
    assert year_ticks(2026 * 12 + 2, 2026 * 12 + 8)[1] == ["2026"]
    # A last month of 2021 only (one month): no "2021" crowding the "2022" next to it.
    assert year_ticks(2021 * 12 + 11, 2023 * 12 + 11)[1] == ["2022", "2023"]


def _shows_focus(style: Style) -> bool:
    """Bold and underlined: attributes a 16-colour terminal shows, unlike a tint."""
    return bool(style.bold and style.underline)


async def test_the_focused_field_is_marked_without_colours_in_the_calculator() -> None:
    app = scene_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rows = list(app.screen.query(FieldRow))
        assert len(rows) >= 5
        for _ in rows:
            focused = [row for row in rows if row.has_focus_within]
            if not focused:  # Tab reached a field outside the rows (the results)
                break
            [row] = focused
            [span] = row.render().spans
            assert _shows_focus(Style.parse(str(span.style))), row.label
            for other in rows:
                if other is not row:
                    assert not other.render().spans, other.label
            await press_slowly(pilot, "tab")


async def test_the_focused_field_is_marked_without_colours_in_a_game_form(
    tmp_path: Path,
) -> None:
    app = history_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        await press_slowly(pilot, "a")
        form = app.screen
        labels = list(form.query(".form-row > .form-label").results(Static))
        for _ in range(4):  # date, opponent, opponent rating, result
            marked = [label for label in labels if label.styles.text_style.underline]
            assert len(marked) == 1, [(str(x.content), _row_focused(x)) for x in marked]
            [label] = marked
            assert _row_focused(label), (
                str(label.content),
                form.focused,
                _,
            )
            assert label.styles.text_style.bold
            await press_slowly(pilot, "tab")
            await pilot.pause()  # the styles of the rows follow the focus a refresh later
        await press_slowly(pilot, "escape")
        # The focused panel of the history screen: its title in reverse video.
        title = app.screen.query_one("#games-panel .panel-title", Static)
        assert title.styles.text_style.reverse
        other = app.screen.query_one("#check-panel .panel-title", Static)
        assert not other.styles.text_style.reverse


async def test_the_method_hint_breaks_between_phrases() -> None:
    app = scene_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hint = app.screen.query_one("#method-rules", Static)
        width = hint.content_region.width
        lines = str(hint.content).splitlines()
        assert lines == ["  elo: logistic E = 1/(1+10^((Rb−Ra)/400)),", "    no cap"]
        await press_slowly(pilot, "tab tab tab tab m")  # to Method; m switches to fide
        lines = str(hint.content).splitlines()
        assert lines[0] == "  fide: FIDE table 8.1.2,"
        assert lines[1].strip().startswith("D over 400 counts as 400")
        assert all(len(line) <= width for line in lines), (lines, width)
