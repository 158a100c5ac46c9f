"""The single-game calculator with the sources' own examples (product.md §1). Every expected number
here comes from the spec or from a hand calculation, never from the code under test."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.tui.conftest import press_slowly, text, type_keys


async def test_cursor_starts_in_your_rating(pilot: Pilot[None]) -> None:
    focused = pilot.app.focused
    assert isinstance(focused, Input) and focused.id == "rating"


async def test_1500_vs_1600_k20_without_any_other_key(pilot: Pilot[None]) -> None:
    await press_slowly(pilot, "1500 tab 1600")
    app = pilot.app
    assert text(app, "#expected") == "Expected score 36.0%"
    assert "half a point" in text(app, "#expected-note")
    assert "not a strict win probability" in text(app, "#expected-note")
    assert text(app, "#win-rounded") == "+13"
    assert text(app, "#draw-rounded") == "+3"
    assert text(app, "#loss-rounded") == "−7"
    # 20 × (1 − 0.35994) = 12.80; new ratings 1513 / 1503 / 1493
    assert text(app, "#win-exact") == "+12.80"
    assert [text(app, f"#{r}-new") for r in ("win", "draw", "loss")] == ["1513", "1503", "1493"]


async def test_1500_vs_1600_k32(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600 tab 32")
    app = pilot.app
    assert [text(app, f"#{r}-rounded") for r in ("win", "draw", "loss")] == ["+20", "+4", "−12"]
    assert "generic, not a FIDE value" in text(app, "#k-meaning")


@pytest.mark.parametrize(("k", "win"), [("20", "+19"), ("32", "+30")])
async def test_1500_vs_2000_elo(pilot: Pilot[None], k: str, win: str) -> None:
    await type_keys(pilot, f"1500 tab 2000 tab {k}")
    assert text(pilot.app, "#expected") == "Expected score 5.3%"
    assert text(pilot.app, "#win-rounded") == win
    assert text(pilot.app, "#rule-400") == ""


async def test_1500_vs_2000_fide_400_point_rule(pilot: Pilot[None]) -> None:
    # Tab to the result choice (outside a text field), then m switches the method to fide.
    await type_keys(pilot, "1500 tab 2000 tab tab m")
    app = pilot.app
    assert "PD 0.08" in text(app, "#diff-line")
    assert text(app, "#win-rounded") == "+18"  # 20 × (1 − 0.08) = 18.40
    assert text(app, "#win-exact") == "+18.40"
    assert "400-point rule applied" in text(app, "#rule-400")
    assert "−500 counts as −400" in text(app, "#rule-400")
    assert "table 8.1.2" in text(app, "#method-rules")


@pytest.mark.parametrize(
    ("k", "win", "draw"),
    [("10", "+6.40", "+1.40"), ("20", "+12.80", "+2.80"), ("40", "+25.60", "+5.60")],
)
async def test_1800_vs_1900_exact(pilot: Pilot[None], k: str, win: str, draw: str) -> None:
    await type_keys(pilot, f"1800 tab 1900 tab {k}")
    assert text(pilot.app, "#win-exact") == win
    assert text(pilot.app, "#draw-exact") == draw


async def test_result_key_shows_the_chosen_result_and_new_rating(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600 tab tab w")
    app = pilot.app
    assert app.screen.query_one("#row-win").display
    assert not app.screen.query_one("#row-draw").display
    assert not app.screen.query_one("#row-loss").display
    assert "1500 → 1513" in text(app, "#new-rating")
    await type_keys(pilot, "l")
    assert "1500 → 1493" in text(app, "#new-rating")
    await type_keys(pilot, "n")
    assert all(app.screen.query_one(f"#row-{r}").display for r in ("win", "draw", "loss"))


async def test_result_letters_type_into_a_focused_text_field(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "15w")
    assert pilot.app.screen.query_one("#rating", Input).value == "15w"
    assert "whole number" in text(pilot.app, "#rating-reason")


async def test_tier_crossing_is_marked(pilot: Pilot[None]) -> None:
    # 1595 vs 1600: E = 0.4928, win 20 × 0.5072 = +10.14 → 1605, Gold → Platinum.
    await type_keys(pilot, "1595 tab 1600 tab tab w")
    app = pilot.app
    assert text(app, "#win-tier") == "Gold → Platinum ▲"
    assert app.screen.query_one("#win-tier").has_class("-crossing")
    assert "tier crossed up" in text(app, "#new-rating")
    assert text(app, "#loss-tier") == "Gold"  # 1595 − 10 stays Gold


async def test_k_presets_with_up_and_down(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600 tab")
    k = pilot.app.screen.query_one("#k", Input)
    seen = []
    for _ in range(4):
        await pilot.press("down")
        await pilot.pause()
        seen.append((k.value, text(pilot.app, "#k-meaning").strip()))
    assert seen == [
        ("10", "FIDE: published 2400+"),
        ("32", "generic, not a FIDE value"),
        ("40", "FIDE: new player / junior"),
        ("20", "FIDE: under 2400"),
    ]
    await pilot.press("up")
    await pilot.pause()
    assert k.value == "40"
    assert text(pilot.app, "#win-rounded") == "+26"  # 40 × 0.64006 = 25.60


async def test_custom_k(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600 tab 25")
    assert text(pilot.app, "#k-meaning").strip() == "custom K (1–100)"
    assert text(pilot.app, "#win-exact") == "+16.00"  # 25 × 0.64006 = 16.0016
