"""The FIDE check says which decisions of ours a period marked `*` rests on (issue 10): a line under the
table while the cursor is on that period, and nothing on a period without one.

On the demo logbook (elotui/logbook/demo.py): Margaux Vidal's first games are of 2008 (S2006), Camille
Laurent has rapid games in 2022 (RB2022).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from elotui.tui.screens.history import HistoryScreen
from elotui.tui.screens.history.fide_check import decisions_line
from elotui.tui.widgets.virtual_table import VirtualTable
from tests.scenes.history import history_app, settle

pytestmark = pytest.mark.both_backends

SIZE = (120, 36)


def history(pilot: Pilot[None]) -> HistoryScreen:
    return next(s for s in pilot.app.screen_stack if isinstance(s, HistoryScreen))


def check_table(pilot: Pilot[None]) -> VirtualTable:
    return history(pilot).query_one("#fide-check", VirtualTable)


def decisions(pilot: Pilot[None]) -> Static:
    return history(pilot).query_one("#check-decisions", Static)


def highlighted(pilot: Pilot[None]) -> list[str]:
    data = check_table(pilot)
    return [str(cell) for cell in data.get_row_at(data.cursor_row)]


def test_the_line_names_each_decision_by_code_and_text() -> None:
    # The shape the line is written in, by hand: a code, a dash, the text; decisions apart by "; ";
    # a decision without a code (a text the replay has and the table of codes not) is its text alone.
    assert decisions_line([("D3", "the 400 rule once per event"), ("", "rounded once")]) == (
        "* our reading (rule uncertain): D3 — the 400 rule once per event; rounded once"
    )
    assert decisions_line([]) == ""


async def test_a_period_marked_star_says_its_decision_under_the_table(tmp_path: Path) -> None:
    app = history_app(tmp_path, "Margaux Vidal")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        # The newest period is of 2026 (S2025): no decision of ours, no line.
        assert "*" not in highlighted(pilot)[1]
        assert not decisions(pilot).display
        check_table(pilot).focus()
        await pilot.press("ctrl+end")  # the oldest period, 2008-01: her first games, unrated
        await settle(app)
        assert highlighted(pilot)[:2] == ["2008-01", "S2006"]
        assert not decisions(pilot).display
        await pilot.press("up")  # 2008-04, the next quarter: the initial-rating pool goes on
        await settle(app)
        assert highlighted(pilot)[:2] == ["2008-04", "S2006*"]
        # rules.md §3.6: from 2006-04 the initial rating needs 9 games pooled "over the same and the
        # following periods within 26 months (D)": our decision, named under the table.
        line = str(decisions(pilot).content)
        assert decisions(pilot).display
        assert line.startswith("* our reading (rule uncertain): ")
        assert "9 games" in line and "26 months" in line


async def test_the_star_of_a_rapid_rule_set_is_shown_and_explained(tmp_path: Path) -> None:
    app = history_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        await pilot.press("l")  # Camille Laurent's rapid list
        await settle(app)
        data = check_table(pilot)
        data.focus()
        data.move_cursor(row=data.get_row_index("2022-05"), animate=False)
        await settle(app)
        assert highlighted(pilot)[1] == "RB2022*"
        # The longest rule set name with its star, "RB2022-10*" (rules.md §3.3), fits the column
        # whole: cut, it said RB2022, another rule set, and lost its star.
        assert data.columns[1].width >= len("RB2022-10*")
        # rules.md §3.2 (S2022, and its rapid twin in §3.3): a lower-rated player's differences over 400
        # count as 400 in every game (D). The period's one clamp (the 400 column) rests on it.
        assert highlighted(pilot)[7] == "1"
        line = str(decisions(pilot).content)
        assert "once-per-event 400 rule" in line and "lower-rated player" in line
