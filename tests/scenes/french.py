"""The scenes of the app in French, at the two sizes every screen is checked at (issue 15): the snapshot
tests (tests/snapshots/test_french_snapshots.py) and `scripts/screenshots.py` play them.

The keys are those of the English scenes, except what a French player types differently: a draw is
`0,5` and points with decimals `3,5` (the parsers take the comma). Every screen is here: the
calculator's five modes (and a bad value), the period of 2010, the help, the command palette, the
history and each of its forms and dialogs.
"""

from __future__ import annotations

from tests.scenes.calculator import SCENES, Scene, add_game, keys
from tests.scenes.history import HISTORY_SCENES, HistoryScene

LANGUAGE = "fr"
SIZES: dict[str, tuple[int, int]] = {"120x36": (120, 36), "80x24": (80, 24)}

_FRENCH_PERIOD_GAMES = " ".join(
    add_game(o, r) for o, r in (("2100", "1"), ("1900", "0,5"), ("2450", "1"), ("1950", "0"))
)

# The English scenes by name, with the French keys where they differ.
_FRENCH_KEYS: dict[str, list[str]] = {
    "calculator-several": keys("f6 1500 tab 1600 tab tab tab tab 5 tab 3,5"),
    "calculator-period": keys(
        f"2000 f8 {_FRENCH_PERIOD_GAMES} shift+tab shift+tab shift+tab 2000 tab 3 tab 1950"
    ),
}

FRENCH_SCENES: tuple[Scene, ...] = (
    *(
        Scene(scene.name, _FRENCH_KEYS.get(scene.name, scene.keys), scene.focus_games)
        for scene in SCENES
    ),
    # The palette lists every action of the calculator, and the switch back to English.
    Scene("palette", ["ctrl+p", "|"]),
)

FRENCH_HISTORY_SCENES: tuple[HistoryScene, ...] = HISTORY_SCENES
