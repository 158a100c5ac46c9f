"""Pilot helpers: every test starts the app through the same factory as `elotui`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from tests.scenes.calculator import PAUSE, burst, keys, scene_app, settle

SIZE = (120, 40)


@pytest.fixture
async def pilot() -> AsyncIterator[Pilot[None]]:
    app = scene_app()
    async with app.run_test(size=SIZE) as running:
        await settle(app)  # the calculator builds its results and footer after the first frame
        yield running


async def type_keys(pilot: Pilot[None], script: str) -> None:
    """Type a key script ("1500 tab 1600") as a fast typist would: all keys at once."""
    await burst(pilot.app, keys(script))  # type: ignore[arg-type]


async def press_slowly(pilot: Pilot[None], script: str) -> None:
    """Type a key script one key at a time, waiting for the app after each (Pilot.press); a pause
    is what Pilot.press does after every key anyway, so it is not typed."""
    await pilot.press(*(press for press in keys(script) if press != PAUSE))
    await settle(pilot.app)


def text(app: App[Any], selector: str) -> str:
    """What a Static or Label shows, as plain text."""
    return str(app.screen.query_one(selector, Static).content)


def shown(app: App[Any], name: str) -> str:
    """What a value of the single game's results shows, by the name its widget had ("win-rounded"):
    the pane draws its values itself (elotui/tui/widgets/panes.py: SinglePane)."""
    from elotui.tui.widgets.panes import SinglePane

    return app.screen.query_one(SinglePane).value(name)
