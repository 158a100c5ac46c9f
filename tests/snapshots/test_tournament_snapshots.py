"""The tournament screen (F4) with the FIDE sample TRF: its players, and one player's games and norms,
in English at 120×36 and in French at 80×24 (the scenes: tests/scenes/tournament.py). Update with
`uv run pytest tests/snapshots --snapshot-update` only after looking at them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.scenes.calculator import SIZE, scene_app
from tests.scenes.tournament import TOURNAMENT_SCENES, play_tournament


@pytest.mark.parametrize(
    ("language", "size"), [(None, SIZE), ("fr", (80, 24))], ids=["en-120x36", "fr-80x24"]
)
@pytest.mark.parametrize(
    ("name", "keys"), TOURNAMENT_SCENES, ids=[n for n, _k in TOURNAMENT_SCENES]
)
def test_tournament_scene(
    snap_compare: Callable[..., bool],
    name: str,
    keys: tuple[str, ...],
    language: str | None,
    size: tuple[int, int],
) -> None:
    app = scene_app(language)

    async def run_before(pilot: Any) -> None:
        await play_tournament(app, keys)

    assert snap_compare(app, terminal_size=size, run_before=run_before)
