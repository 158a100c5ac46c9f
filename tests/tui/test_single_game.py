"""The single-game calculator with the examples of product.md §1.1. Every expected number here comes
from those examples or from a hand calculation, never from the code under test."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App
from textual.geometry import Offset, Region
from textual.pilot import Pilot
from textual.selection import Selection
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Input

from elotui.tui.widgets.panes import SinglePane
from tests.scenes.calculator import settle
from tests.tui.conftest import press_slowly, shown, text, type_keys


async def test_cursor_starts_in_your_rating(pilot: Pilot[None]) -> None:
    focused = pilot.app.focused
    assert isinstance(focused, Input) and focused.id == "rating"


async def test_1500_vs_1600_k20_without_any_other_key(pilot: Pilot[None]) -> None:
    await press_slowly(pilot, "1500 tab 1600")
    app = pilot.app
    assert shown(app, "expected") == "Expected score 36.0%"
    assert "half a point" in shown(app, "expected-note")
    assert "not a strict win probability" in shown(app, "expected-note")
    assert shown(app, "win-rounded") == "+13"
    assert shown(app, "draw-rounded") == "+3"
    assert shown(app, "loss-rounded") == "−7"
    # 20 × (1 − 0.35994) = 12.80; new ratings 1513 / 1503 / 1493
    assert shown(app, "win-exact") == "+12.80"
    assert [shown(app, f"{r}-new") for r in ("win", "draw", "loss")] == ["1513", "1503", "1493"]


async def test_1500_vs_1600_k32(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600 tab 32")
    app = pilot.app
    assert [shown(app, f"{r}-rounded") for r in ("win", "draw", "loss")] == ["+20", "+4", "−12"]
    assert "generic, not a FIDE value" in text(app, "#k-meaning")


@pytest.mark.parametrize(("k", "win"), [("20", "+19"), ("32", "+30")])
async def test_1500_vs_2000_elo(pilot: Pilot[None], k: str, win: str) -> None:
    await type_keys(pilot, f"1500 tab 2000 tab {k}")
    assert shown(pilot.app, "expected") == "Expected score 5.3%"
    assert shown(pilot.app, "win-rounded") == win
    assert shown(pilot.app, "difference-rule") == ""


async def test_1500_vs_2000_fide_400_point_rule(pilot: Pilot[None]) -> None:
    # Tab to the result choice (outside a text field), then m switches the method to fide.
    await type_keys(pilot, "1500 tab 2000 tab tab m")
    app = pilot.app
    assert "PD 0.08" in shown(app, "diff-line")
    assert shown(app, "win-rounded") == "+18"  # 20 × (1 − 0.08) = 18.40
    assert shown(app, "win-exact") == "+18.40"
    assert "400-point rule applied" in shown(app, "difference-rule")
    assert "−500 counts as −400" in shown(app, "difference-rule")
    assert "table 8.1.2" in text(app, "#method-rules")


@pytest.mark.parametrize(
    ("k", "win", "draw"),
    [("10", "+6.40", "+1.40"), ("20", "+12.80", "+2.80"), ("40", "+25.60", "+5.60")],
)
async def test_1800_vs_1900_exact(pilot: Pilot[None], k: str, win: str, draw: str) -> None:
    await type_keys(pilot, f"1800 tab 1900 tab {k}")
    assert shown(pilot.app, "win-exact") == win
    assert shown(pilot.app, "draw-exact") == draw


async def test_result_key_shows_the_chosen_result_and_new_rating(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600 tab tab w")
    app = pilot.app
    assert app.screen.query_one(SinglePane).row_shown("win")
    assert not app.screen.query_one(SinglePane).row_shown("draw")
    assert not app.screen.query_one(SinglePane).row_shown("loss")
    assert "1500 → 1513" in shown(app, "new-rating")
    await type_keys(pilot, "l")
    assert "1500 → 1493" in shown(app, "new-rating")
    await type_keys(pilot, "*")
    assert all(app.screen.query_one(SinglePane).row_shown(r) for r in ("win", "draw", "loss"))


async def test_result_letters_type_into_a_focused_text_field(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "15w")
    assert pilot.app.screen.query_one("#rating", Input).value == "15w"
    assert "whole number" in text(pilot.app, "#rating-reason")


async def test_tier_crossing_is_marked(pilot: Pilot[None]) -> None:
    # 1595 vs 1600: E = 0.4928, win 20 × 0.5072 = +10.14 → 1605, Gold → Platinum.
    await type_keys(pilot, "1595 tab 1600 tab tab w")
    app = pilot.app
    assert shown(app, "win-tier") == "Gold → Platinum ▲"
    assert app.screen.query_one(SinglePane).is_crossing("win-tier")
    assert "tier crossed up" in shown(app, "new-rating")
    assert shown(app, "loss-tier") == "Gold"  # 1595 − 10 stays Gold


async def test_k_presets_with_up_and_down(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600 tab")
    k = pilot.app.screen.query_one("#k", Input)
    # ↑ goes up the presets by value and ↓ down, each staying at the end (it went 20 → 40 → 32).
    seen = []
    for key in ("down", "down", "up", "up", "up", "up"):
        await pilot.press(key)
        await pilot.pause()
        seen.append((k.value, text(pilot.app, "#k-meaning").strip()))
    assert seen == [
        ("10", "FIDE: published 2400+"),
        ("10", "FIDE: published 2400+"),
        ("20", "FIDE: under 2400"),
        ("32", "generic, not a FIDE value"),
        ("40", "FIDE: new player / junior"),
        ("40", "FIDE: new player / junior"),
    ]
    assert shown(pilot.app, "win-rounded") == "+26"  # 40 × 0.64006 = 25.60


async def test_custom_k(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600 tab 25")
    assert text(pilot.app, "#k-meaning").strip() == "custom K (1–100)"
    assert shown(pilot.app, "win-exact") == "+16.00"  # 25 × 0.64006 = 16.0016


def pane_lines(app: App[Any]) -> list[str]:
    """The single game's results as drawn, one string a line (trailing blanks dropped)."""
    pane = app.screen.query_one(SinglePane)
    return [pane.render_line(y).text.rstrip() for y in range(pane.size.height)]


async def test_the_results_pane_draws_its_values_in_their_columns(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600")
    lines = pane_lines(pilot.app)
    # The widgets' boxes (app.tcss): a blank line above the headline, the note on two lines, a
    # blank line above the table, whose result column is 12 wide and whose numbers end 2 cells
    # before each 12-cell column does. 20 × (1 − 0.35994) = +12.80 → +13, 1513 (product.md §1.1).
    assert lines[:2] == ["", "Expected score 36.0%"]
    assert lines[2].startswith("E counts a draw as half a point")
    assert lines[6] == ""
    assert lines[7].split() == ["Result", "Change", "Rounded", "New", "rating", "Tier"]
    tier = shown(pilot.app, "win-tier")
    assert lines[8] == f"{'Win':<12}{'+12.80':>10}  {'+13':>10}  {'1513':>10}  {tier}"
    assert lines[9].startswith(f"{'Draw':<12}{'+2.80':>10}  {'+3':>10}  {'1503':>10}  ")
    assert lines[11] == ""
    assert lines[12].startswith("All three results shown")


async def test_a_key_draws_the_results_once_and_lays_out_nothing(
    pilot: Pilot[None], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each key typed used to repaint a dozen widgets, and the field's new text width asked for a
    # layout of the whole screen (issue 13 item 4).
    await type_keys(pilot, "1500 tab 160")
    draws: list[int] = []
    layouts: list[str] = []
    draw, refresh = SinglePane._draw, Widget.refresh

    def counted_draw(pane: SinglePane, width: int) -> list[Strip]:
        draws.append(width)
        return draw(pane, width)

    def counted_refresh(widget: Widget, *regions: Region, **options: bool) -> Widget:
        if options.get("layout"):
            layouts.append(str(widget))
        return refresh(widget, *regions, **options)

    monkeypatch.setattr(SinglePane, "_draw", counted_draw)
    monkeypatch.setattr(Widget, "refresh", counted_refresh)
    await type_keys(pilot, "0")
    assert shown(pilot.app, "win-rounded") == "+13"  # 1500 vs 1600 again
    assert len(draws) == 1
    assert layouts == []


async def test_a_theme_redraws_the_results_in_its_colours(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600")
    pane = pilot.app.screen.query_one(SinglePane)
    before = pane.render_line(1)  # the headline: Expected score 36.0%
    pilot.app.theme = "textual-light"
    await settle(pilot.app)
    after = pane.render_line(1)
    assert after.text == before.text
    assert [segment.style for segment in after] != [segment.style for segment in before]


async def test_a_mouse_selection_copies_the_results_as_shown(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600")
    pane = pilot.app.screen.query_one(SinglePane)
    # Line 1 is the headline, line 8 the win's row (the first test above): 20 × 0.64006 = +12.80.
    headline = pane.get_selection(Selection(Offset(0, 1), Offset(14, 1)))
    assert headline == ("Expected score", "\n")
    row = pane.get_selection(Selection(Offset(0, 8), Offset(22, 8)))
    assert row == (f"{'Win':<12}{'+12.80':>10}", "\n")
