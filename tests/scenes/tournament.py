"""The tournament screen's scenes (F4): the FIDE sample TRF opened, its players; one player's games
and norms. The snapshot tests (tests/snapshots/test_tournament_snapshots.py) play them."""

from __future__ import annotations

from pathlib import Path

from elotui.tui.app import ElotuiApp
from tests.scenes.calculator import burst, pause_until, settle

SAMPLE = Path(__file__).parents[1] / "logbook" / "trf_samples" / "fide-example-2005.trf"
# (name, keys after the file is shown): the table; Enter on player 25 (an IM norm one clause short).
TOURNAMENT_SCENES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("tournament", ()),
    ("tournament-player", ("s",) * 11 + ("enter",)),  # sorted by norms: 25 first
)


async def play_tournament(app: ElotuiApp, keys: tuple[str, ...]) -> None:
    """F4, the sample opened (as `o` and its path would), then `keys`."""
    from elotui.tui.screens.tournament import TournamentScreen

    await settle(app)
    await burst(app, ["f4"])
    await settle(app)
    screen = app.screen
    assert isinstance(screen, TournamentScreen)
    screen.open_file(SAMPLE)
    assert await pause_until(app, lambda: screen.model is not None)
    await settle(app)
    await burst(app, list(keys))
    await settle(app)
