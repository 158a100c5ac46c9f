"""One snapshot of the history screen per scene (the screen itself, a second player, each form), on the
demo logbook, driven by the same scenes as `scripts/screenshots.py`.

Plain `def` tests, 120×36, cursor blink off, a fixed date. Update with
`uv run pytest tests/snapshots --snapshot-update` only after looking at them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.scenes.history import HISTORY_SCENES, SIZE, HistoryScene, history_app, play_history


@pytest.mark.parametrize("scene", HISTORY_SCENES, ids=[scene.name for scene in HISTORY_SCENES])
def test_history_scene(
    snap_compare: Callable[..., bool], scene: HistoryScene, tmp_path: Path
) -> None:
    app = history_app(tmp_path, scene.player)

    async def run_before(pilot: Any) -> None:
        await play_history(app, scene)

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
