"""Named scenes of the history screen, on the demo logbook: the screenshot script and the snapshot tests
drive the app with these (the calculator's scenes are in `tests.scenes.calculator`).

Each scene builds the demo logbook fresh in a folder it is given, opens the app on the history screen,
waits for the replay, then presses its keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from elotui.tui.app import AppSettings, ElotuiApp, create_app
from tests.scenes.calculator import TODAY

SIZE = (120, 36)
KEY_NAMES = frozenset({"tab", "shift+tab", "enter", "escape", "delete", "backspace", "up", "down",
                       "left", "right", "end", "home", "ctrl+s", "ctrl+end", "f2", "f3",
                       "right_square_bracket", "left_square_bracket"})  # fmt: skip


def keys(script: str) -> list[str]:
    """`"a 2026-01-10 tab Ana"` → key presses: key names stay, other words are typed letter by letter."""
    presses: list[str] = []
    for word in script.split():
        presses.extend([word] if word in KEY_NAMES else list(word))
    return presses


@dataclass(frozen=True)
class HistoryScene:
    name: str
    keys: Sequence[str] = ()
    player: str | None = None  # else the first player (Camille Laurent)


HISTORY_SCENES: tuple[HistoryScene, ...] = (
    HistoryScene("history-logbook"),
    HistoryScene("history-second-player", keys("right_square_bracket")),
    # The demo player since 2008: quarterly and bi-monthly periods, the floor, the 2024-03 uplift.
    HistoryScene("history-eras", player="Margaux Vidal"),
    # Her FIDE check (two tabs from the games), the oldest period and the one above: 2008-04, marked *,
    # and under the table the decision of ours it rests on.
    HistoryScene("history-rule-uncertain", keys("tab tab ctrl+end up"), player="Margaux Vidal"),
    HistoryScene("history-rapid-list", keys("l")),
    HistoryScene("history-add-game", keys("a 2026-01-10 tab Ana tab 2150 tab d")),
    HistoryScene("history-edit-game", keys("e")),
    HistoryScene("history-delete-game", keys("delete")),
    HistoryScene("history-invalid-game", keys("a 2026-13-01 tab tab abc ctrl+s")),
    HistoryScene("history-player", keys("p")),
    HistoryScene("history-published", keys("r")),
    HistoryScene("history-import", keys("i")),
)


def history_app(folder: Path, player: str | None = None, language: str | None = None) -> ElotuiApp:
    """The app on a fresh copy of the demo logbook in `folder`, opened on the history screen;
    `language` ("fr") speaks that language from the start."""
    from elotui.logbook.demo import build_demo_database

    repository = build_demo_database(folder / "demo.db")
    settings = AppSettings(
        start_mode="history",
        demo=True,
        today=TODAY,
        cursor_blink=False,
        player=player,
        language=language,
    )

    return create_app(settings, repository)


async def settle(app: ElotuiApp) -> None:
    """Wait until the history screen's workers are done and their messages are shown, on the
    app's state only (`calculator.settle`), never on a time."""
    from textual.pilot import Pilot

    from elotui.tui.screens.history import HistoryScreen
    from tests.scenes.calculator import SETTLE_ROUNDS
    from tests.scenes.calculator import settle as settle_app

    for _ in range(SETTLE_ROUNDS):
        await settle_app(app)
        history = next((s for s in app.screen_stack if isinstance(s, HistoryScreen)), None)
        # The footer is mounted after the first rows are painted: wait for its keys too.
        footer_ready = history is not None and (
            not history.logbook.available or bool(history.query("Footer FooterKey"))
        )
        if history is not None and history.model.at_rest and footer_ready:
            return
        await Pilot(app).pause()  # quiet but not there yet: let the app's threads run a while
    raise AssertionError("the history screen did not settle")


async def play_history(app: ElotuiApp, scene: HistoryScene) -> None:
    from textual.pilot import Pilot

    await settle(app)
    if scene.keys:
        await Pilot(app).press(*scene.keys)
        await settle(app)
