"""At 80×24, the default terminal, every screen shows its key result: the calculator its new rating
and tier, every mode's key in the mode bar, the history its chart and several months of the FIDE
check, and the footer nothing stray beside the palette's key."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from elotui.tui.app import ElotuiApp
from tests.scenes.calculator import add_game, burst, keys, scene_app, settle
from tests.scenes.history import history_app
from tests.scenes.history import settle as settle_history

pytestmark = pytest.mark.sqlite_only("the screens' layout, the same whatever the backend")

SMALL = (80, 24)


def shown_lines(app: ElotuiApp) -> list[str]:
    """The screen as the terminal shows it, line by line (what the compositor paints)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_single_game_shows_its_new_rating_and_tier_at_80x24(language: str) -> None:
    app = scene_app(language)
    async with app.run_test(size=SMALL):
        await settle(app)
        await burst(app, keys("1500 tab 1600"))
        lines = shown_lines(app)
    # 1500 against 1600, K 20: a win +12.80, rounded +13, so 1513, in the Gold tier.
    win = next(line for line in lines if "+12" in line)
    assert "1513" in win, lines
    assert ("Gold" if language == "en" else "Or") in win, lines


async def test_the_mode_bar_names_every_mode_at_80x24() -> None:
    app = scene_app("fr")
    async with app.run_test(size=SMALL):
        await settle(app)
        text = "\n".join(shown_lines(app)[:3])
    for key in ("F5", "F6", "F7", "F8", "F9"):
        assert key in text, text


async def test_the_period_shows_its_new_rating_at_80x24() -> None:
    app = scene_app()
    async with app.run_test(size=SMALL):
        await settle(app)
        await burst(app, keys("2000 tab 2100 f8"))
        app.screen.query_one("#period-games").focus()
        await burst(app, keys(add_game("2100", "1")))
        lines = shown_lines(app)
    assert any("New rating 2000 →" in line for line in lines), lines


async def test_the_history_shows_its_chart_and_the_check_at_80x24(tmp_path: Path) -> None:
    app = history_app(tmp_path, language="en")
    async with app.run_test(size=SMALL):
        await settle_history(app)
        await Pilot(app).pause()
        lines = shown_lines(app)
    text = "\n".join(lines)
    assert "Trajectory" in text, text
    assert "├" in text, text  # the chart's rating axis
    check = next(n for n, line in enumerate(lines) if "FIDE check" in line)
    months = [line for line in lines[check + 2 :] if line.lstrip()[:2] == "20"]
    assert len(months) >= 3, text
    # Nothing stray right of the palette's key, in the last column.
    assert lines[-1].rstrip().endswith("palette"), lines[-1]
