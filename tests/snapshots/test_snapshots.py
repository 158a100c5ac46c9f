"""One snapshot per screen and calculator mode, driven by the same scenes as `scripts/screenshots.py`.

Plain `def` tests (pytest-textual-snapshot runs the app itself), fixed size, cursor blink off, a
fixed date. Update with `uv run pytest tests/snapshots --snapshot-update` only after looking at them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.scenes.calculator import SCENES, SIZE, Scene, play, scene_app


@pytest.mark.parametrize("scene", SCENES, ids=[scene.name for scene in SCENES])
def test_scene(snap_compare: Callable[..., bool], scene: Scene) -> None:
    app = scene_app()

    async def run_before(pilot: Any) -> None:
        await play(app, scene)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
