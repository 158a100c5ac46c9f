"""The app shell: function keys, help, history placeholder, command palette, bindings, imports."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys

import pytest
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Input

from elotui.tui.app import AppSettings, ElotuiApp, create_app
from elotui.tui.commands import palette_entries
from elotui.tui.screens.calculator import CalculatorScreen, KInput
from elotui.tui.screens.help import binding_groups
from elotui.tui.widgets.choice import Choice
from elotui.tui.widgets.game_dialog import GameDialog
from elotui.tui.widgets.mode_panes import GamesTable
from tests.scenes.calculator import settle
from tests.tui.conftest import press_slowly, type_keys

ALL_BINDINGS = [
    b
    for cls in (ElotuiApp, CalculatorScreen, KInput, Choice, GamesTable, GameDialog)
    for b in cls.BINDINGS
    if isinstance(b, Binding)
]


def screen_text(app: ElotuiApp) -> str:
    from textual.widgets import Static

    return "\n".join(str(w.content) for w in app.screen.query(Static) if w.display)


def test_every_binding_has_a_description_and_a_unique_id() -> None:
    for binding in ALL_BINDINGS:
        assert binding.description, binding
        assert binding.id, binding
    ids = [b.id for b in ALL_BINDINGS]
    assert len(ids) == len(set(ids))


async def test_function_keys_switch_screens_and_keep_the_calculator(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600")
    await type_keys(pilot, "f3")
    assert pilot.app.current_mode == "history"
    assert "history" in screen_text(pilot.app).lower()  # type: ignore[arg-type]
    await type_keys(pilot, "f1")
    assert pilot.app.current_mode == "help"
    await type_keys(pilot, "f2")
    assert pilot.app.current_mode == "calculator"
    assert pilot.app.screen.query_one("#opponent", Input).value == "1600"


@pytest.mark.parametrize("key", ["escape", "q", "f1"])
@pytest.mark.parametrize("start", ["f2", "f3"])
async def test_help_closes_back_to_the_screen_it_was_opened_from(
    pilot: Pilot[None], start: str, key: str
) -> None:
    await press_slowly(pilot, start)
    before = pilot.app.current_mode
    await press_slowly(pilot, "f1")
    assert pilot.app.current_mode == "help"
    await press_slowly(pilot, key)
    assert pilot.app.current_mode == before


async def test_help_lists_every_binding_and_the_sources(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "f1")
    shown = screen_text(pilot.app)  # type: ignore[arg-type]
    for _title, bindings in binding_groups(ElotuiApp.BINDINGS):
        for binding in bindings:
            if isinstance(binding, Binding) and not binding.system:
                assert binding.description in shown, binding
    assert "FIDE Rating Regulations" in shown
    assert "1 March 2024" in shown and "1 October 2025" in shown
    assert "Title Regulations" in shown


async def test_command_palette_lists_every_action(pilot: Pilot[None]) -> None:
    app = pilot.app
    titles = {entry.title for entry in palette_entries(app, app.screen)}
    screen = app.screen
    assert isinstance(screen, CalculatorScreen)
    for binding in [*ElotuiApp.BINDINGS, *screen.BINDINGS]:
        if isinstance(binding, Binding) and not binding.system and binding.action != "quit":
            assert binding.description in titles, binding
    for action in screen.PALETTE_ACTIONS:
        assert action.title in titles, action
    assert "Quit" in titles and "Theme" in titles


@pytest.mark.parametrize("screen_key", ["f2", "f1", "f3"])
async def test_the_palette_lists_each_action_once(pilot: Pilot[None], screen_key: str) -> None:
    await press_slowly(pilot, screen_key)
    titles = [entry.title for entry in palette_entries(pilot.app, pilot.app.screen)]
    assert len(titles) == len(set(titles)), titles
    # Tab is bound by Textual's Screen ("Focus Next") and by the app ("Next field"): one entry.
    assert "Next field" in titles and "Focus Next" not in titles
    assert "Previous field" in titles and "Focus Previous" not in titles


async def test_a_palette_command_runs_its_action(pilot: Pilot[None]) -> None:
    app = pilot.app
    entry = next(e for e in palette_entries(app, app.screen) if e.title == "Series")
    await entry.run()
    await pilot.pause()
    assert app.screen.query_one("#panes").current == "series"  # type: ignore[attr-defined]


async def test_the_palette_finds_and_runs_an_action_as_typed(pilot: Pilot[None]) -> None:
    """Through the palette itself (its one provider, AppCommands): Ctrl+P, a few letters, Enter."""
    from textual.command import CommandPalette

    await pilot.press("ctrl+p")
    await settle(pilot.app)
    assert isinstance(pilot.app.screen, CommandPalette)
    await pilot.press(*"refer")  # "Reference" is the best match of "refer"
    await settle(pilot.app)  # the search is a worker: it is done
    await pilot.press("enter")
    await settle(pilot.app)
    assert pilot.app.screen.query_one("#panes").current == "reference"  # type: ignore[attr-defined]


async def test_ctrl_q_quits(pilot: Pilot[None]) -> None:
    await pilot.press("ctrl+q")
    await pilot.pause()
    assert not pilot.app.is_running


def run_python(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    return done.stdout.strip()


def test_start_up_leaves_the_heavy_imports_off_until_needed() -> None:
    out = run_python(
        "import asyncio, sys\n"
        "from tests.scenes.calculator import scene_app\n"
        "async def main():\n"
        "    app = scene_app()\n"
        "    async with app.run_test(size=(120, 40)) as pilot:\n"
        "        heavy = [m for m in ('sqlalchemy', 'alembic', 'textual_plotext', 'plotext', 'sqlmodel') if m in sys.modules]\n"
        "        await pilot.press('f7')\n"
        "        await pilot.pause()\n"
        "        print(heavy, 'textual_plotext' in sys.modules)\n"
        "asyncio.run(main())\n"
    )
    assert out == "[] True"


def test_calc_commands_do_not_import_textual() -> None:
    out = run_python(
        "import sys, io, contextlib\n"
        "from elotui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['calc', '-r', '1500', '-o', '1600'])\n"
        "print('textual' in sys.modules)\n"
    )
    assert out == "False"


async def test_a_theme_restyles_every_screen(pilot: Pilot[None]) -> None:
    """Screens start styled without Textual's own restyle (elotui/tui/screens/base.py): a theme
    chosen later must still reach the screen on show, one built after it, and one shown again."""
    from textual.color import Color

    app = pilot.app

    def theme_background() -> Color:
        return Color.parse(app.get_css_variables()["background"])

    def field_colour() -> Color:
        return app.screen.query_one("#rating", Input).styles.color

    first_background, first_field = app.screen.styles.background, field_colour()
    app.theme = "textual-light"
    await pilot.pause()
    assert theme_background() != first_background
    assert app.screen.styles.background == theme_background()
    assert field_colour() != first_field
    await pilot.press("f1")  # built after the change
    assert app.screen.styles.background == theme_background()
    app.theme = "nord"
    await pilot.pause()
    await pilot.press("f2")  # shown again after a change made elsewhere
    assert app.screen.styles.background == theme_background()


def test_the_app_gives_its_screens_what_they_read() -> None:
    """Screens and forms read the app through `AppHost` (no screen imports the app): the app is
    one, for mypy here and in its values."""
    from elotui.tui.host import AppHost

    host: AppHost = create_app(AppSettings(today=dt.date(2026, 3, 14), player="Ana"))
    assert host.settings.today == dt.date(2026, 3, 14) and host.settings.player == "Ana"
    assert not host.logbook.available
