"""Pilot helpers: every test starts the app through the same factory as `elotui`."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from elotui.tui.app import ElotuiApp
from tests.scenes.calculator import PAUSE, burst, keys, scene_app, settle

SIZE = (120, 40)


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("ELOTUI_DB", str(tmp_path / "elotui.db"))
    monkeypatch.setenv("ELOTUI_HOME", str(tmp_path))


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
    await settle(pilot.app)  # type: ignore[arg-type]


def text(app: ElotuiApp, selector: str) -> str:
    """What a Static or Label shows, as plain text."""
    return str(app.screen.query_one(selector, Static).content)
