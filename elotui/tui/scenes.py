"""Named scenes of the app: the keys that bring each screen and mode to a state worth showing.

The screenshot script and the snapshot tests drive the app through `create_app` with these keys, so
what the README shows is what the tests check.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from elotui.tui.app import AppSettings, ElotuiApp, create_app

SIZE = (120, 40)
TODAY = date(2026, 1, 15)  # a fixed date so the period year and the pictures never change


KEY_NAMES = frozenset(
    {"tab", "shift+tab", "enter", "escape", "left", "right", "up", "down", "backspace", "delete"}
)
PAUSE = "|"  # in a key script: let the app settle (a dialog opening or closing) before going on


def keys(script: str) -> list[str]:
    """`"1500 tab 1600"` → the key presses: key names stay, other words are typed letter by letter."""
    presses: list[str] = []
    for word in script.split():
        if word in KEY_NAMES or word == PAUSE or re.fullmatch(r"f\d+", word):
            presses.append(word)
        else:
            presses.extend(word)
    return presses


def add_game(opponent: str, result: str) -> str:
    """Keys that add one game of a period from its list: a, opponent, Tab, result, Enter."""
    return f"a | {opponent} tab {result} enter"


@dataclass(frozen=True)
class Scene:
    name: str
    keys: Sequence[str]
    focus_games: bool = False  # put the focus on the period's list of games after F8


PERIOD_GAMES = " ".join(
    add_game(o, r) for o, r in (("2100", "1"), ("1900", "0.5"), ("2450", "1"), ("1950", "0"))
)

SCENES: tuple[Scene, ...] = (
    Scene("calculator-single", keys("1500 tab 1600")),
    Scene("calculator-single-fide", keys("1595 tab 2000 tab tab w tab right")),
    Scene("calculator-invalid", keys("1500 tab 1600 tab 101")),
    Scene("calculator-several", keys("f6 1500 tab 1600 tab tab tab tab 5 tab 3.5")),
    Scene("calculator-series", keys("f7 1500 tab 1600 tab 32 tab w tab tab tab tab right")),
    Scene(
        "calculator-period",
        keys(f"2000 f8 {PERIOD_GAMES} shift+tab shift+tab shift+tab 2000 tab 3 tab 1950"),
        focus_games=True,
    ),
    Scene(
        # A period of 2010 (S2009): the 400-point rule, K 25 from the profile (20 games), no cap.
        "calculator-period-2010",
        keys(
            f"2235 f8 {add_game('1700', '1')} {add_game('2250', '0.5')} "
            + " ".join(["shift+tab"] * 5)
            + " 2010-06 "
            + " ".join(["shift+tab"] * 4)
            + " right tab tab 20"
        ),
        focus_games=True,
    ),
    Scene("calculator-reference", keys("1500 tab 1600 f9")),
    Scene("help", keys("f1")),
)


def scene_app() -> ElotuiApp:
    return create_app(AppSettings(today=TODAY, cursor_blink=False))


async def play(app: ElotuiApp, scene: Scene) -> None:
    """Press the scene's keys in a running app (`run_test`)."""
    from elotui.tui.widgets.mode_panes import GamesTable

    pilot_keys = list(scene.keys)
    if scene.focus_games:
        # Everything typed before F8 goes to the fields; then the list of games takes the focus.
        index = pilot_keys.index("f8") + 1
        before, pilot_keys = pilot_keys[:index], pilot_keys[index:]
        await burst(app, before)
        app.screen.query_one(GamesTable).focus()
    await burst(app, pilot_keys)


async def burst(app: ElotuiApp, presses: Sequence[str]) -> None:
    """Send key presses as a fast typist would, then wait for the app to settle.

    Much faster than `Pilot.press`, which waits for the app to go idle after every key. Letters and
    digits go out back to back; after a named key (backspace, enter, a function key...) it waits,
    because Textual runs a widget's non-priority bindings only once the key has bubbled up, and
    letters sent meanwhile would overtake it. `PAUSE` waits too (a dialog has to open first)."""
    import unicodedata

    from textual import events
    from textual.keys import _get_unicode_name_from_key
    from textual.pilot import Pilot

    pilot = Pilot(app)
    driver = app._driver
    assert driver is not None
    for key in presses:
        if key == PAUSE:
            await pilot.pause()
            continue
        try:
            char: str | None = unicodedata.lookup(_get_unicode_name_from_key(key))
        except KeyError:
            char = key if len(key) == 1 else None
        if key == ".":
            key = "full_stop"
        event = events.Key(key, char)
        event.set_sender(app)
        driver.send_message(event)
        if len(key) > 1 and key not in ("tab", "shift+tab", "full_stop"):
            await pilot.pause()
    await pilot.pause()
