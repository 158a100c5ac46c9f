"""Named scenes of the app: the keys that bring each screen and mode to a state worth showing.

The screenshot script and the snapshot tests drive the app through `create_app` with these keys, so
what the README shows is what the tests check.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from textual import events
from textual.app import App

from elotui.tui.app import AppSettings, ElotuiApp, create_app

SIZE = (120, 40)
TODAY = date(2026, 1, 15)  # a fixed date so the period year and the pictures never change


KEY_NAMES = frozenset(
    {"tab", "shift+tab", "enter", "escape", "left", "right", "up", "down", "home", "end"}
    | {"backspace", "delete", "ctrl+s", "ctrl+u"}
)
PAUSE = "|"  # in a key script: let the app settle (a dialog opening or closing) before going on


def keys(script: str) -> list[str]:
    """`"1500 tab 1600"` → the key presses: key names stay, other words are typed letter by letter;
    a function key is followed by a pause."""
    presses: list[str] = []
    for word in script.split():
        if re.fullmatch(r"f\d+", word):
            # A mode or screen key builds what it shows (the mode's fields) in turns of its own:
            # the keys after it wait for it, as a person waits to see the new fields.
            presses.extend((word, PAUSE))
        elif word in KEY_NAMES or word == PAUSE:
            presses.append(word)
        else:
            presses.extend(word)
    return presses


def add_game(opponent: str, result: str) -> str:
    """Keys that add one game of a period from its list: a, opponent, Tab, result, Enter (with a
    pause while the dialog opens and one while it closes, as a person waits to see it)."""
    return f"a | {opponent} tab {result} enter |"


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
            + " ".join(["shift+tab"] * 6)  # back over the need fields, the cap and the list
            + " 2010-06 "
            + " ".join(["shift+tab"] * 4)
            + " right tab tab 20"
        ),
        focus_games=True,
    ),
    Scene("calculator-reference", keys("1500 tab 1600 f9")),
    Scene("help", keys("f1")),
)


def scene_app(language: str | None = None) -> ElotuiApp:
    """The app as the scenes run it; `language` ("fr") speaks that language from the start."""
    return create_app(AppSettings(today=TODAY, cursor_blink=False, language=language))


async def play(app: ElotuiApp, scene: Scene) -> None:
    """Press the scene's keys in a running app (`run_test`)."""
    from elotui.tui.widgets.mode_panes import GamesTable

    await settle(app)  # the calculator builds its results and footer after the first frame
    pilot_keys = list(scene.keys)
    if scene.focus_games:
        # Everything typed before F8 goes to the fields; then the list of games takes the focus.
        index = pilot_keys.index("f8") + 1
        before, pilot_keys = pilot_keys[:index], pilot_keys[index:]
        await burst(app, before)
        app.screen.query_one(GamesTable).focus()
    await burst(app, pilot_keys)


async def burst(app: ElotuiApp, presses: Sequence[str]) -> None:
    """Send key presses as they come from a terminal that delivers several in one read (fast
    typing, a paste, ssh, a key macro): all of them posted to the app at once, without waiting for
    any to be handled, then wait for the app to settle. The app must apply them in order
    (elotui/tui/widgets/keys_in_order.py). Only `PAUSE` waits (a dialog has to open first, as a
    person waits to see it)."""
    for press in presses:
        if press == PAUSE:
            await settle(app)
            continue
        event = key_event(press)
        event.set_sender(app)
        app.post_message(event)
    await settle(app)


SETTLE_ROUNDS = 10_000  # a bound on the rounds, not a time: a loaded machine only takes longer


async def settle(app: App[Any]) -> None:
    """Wait until the app has nothing left to do: every key and message handled, every worker
    done, every widget mounted (`is_quiet`). Waits on the app's state, never on a time, so a
    loaded machine gives the same result, later.

    A round is `Pilot.pause(0)`: every widget handles what it had, then the loop yields once.
    `Pilot.pause()` would add Textual's guess that the process is idle (20 ms sleeps until its
    CPU time stands still), which this loop does not need and which left the core idle: two of
    them in every settle were a quarter of the app tests' time."""
    from textual.pilot import Pilot
    from textual.worker import WorkerCancelled, WorkerFailed

    from tests.textual_hooks import is_quiet

    pilot = Pilot(app)
    quiet_rounds = 0
    for _ in range(SETTLE_ROUNDS):
        await pilot.pause(0)
        try:
            await app.workers.wait_for_complete()
        except (WorkerCancelled, WorkerFailed):
            # Ended without a result (the palette's search replaced by the next key's, a write's
            # error): what the app does about it is for the test to see; the next round looks on.
            quiet_rounds = 0
            continue
        quiet_rounds = quiet_rounds + 1 if is_quiet(app) else 0
        if quiet_rounds == 2:  # twice in a row: nothing was being handled between the two
            return
    raise AssertionError(f"the app never settled in {SETTLE_ROUNDS} rounds")


async def pause_until(app: App[Any], happened: Callable[[], bool]) -> bool:
    """Let the app run until `happened()` (something another thread does: a write committing),
    `SETTLE_ROUNDS` rounds at most; whether it happened. Rounds, never a time, as `settle`."""
    from textual.pilot import Pilot

    pilot = Pilot(app)
    for _ in range(SETTLE_ROUNDS):
        if happened():
            return True
        await pilot.pause()
    return happened()


# Textual names a punctuation key after its Unicode name, with these five shortened.
_SHORT_KEY_NAMES = {
    "solidus": "slash",
    "reverse_solidus": "backslash",
    "commercial_at": "at",
    "hyphen_minus": "minus",
    "plus_sign": "plus",
    "low_line": "underscore",
}


def key_event(press: str) -> events.Key:
    """The key event a terminal sends for one press: a character (`"5"`, `"."`) or a key name
    (`"backspace"`, `"ctrl+u"`)."""
    from textual.keys import key_to_character

    if len(press) == 1:
        if press.isalnum():
            return events.Key(press, press)
        name = unicodedata.name(press).lower().replace("-", "_").replace(" ", "_")
        return events.Key(_SHORT_KEY_NAMES.get(name, name), press)
    return events.Key(press, key_to_character(press))


def result_value(app: App[Any], name: str) -> str:
    """What a value of the calculator's results shows, by the name its widget had ("several-new",
    "period-change"): the panes draw their values themselves (elotui/tui/widgets/drawn_lines.py),
    each under names of its own; "" when blank."""
    from elotui.tui.widgets.drawn_lines import DrawnLines

    shown = (pane.value(name) for pane in app.screen.query(DrawnLines))
    return next((text for text in shown if text), "")
