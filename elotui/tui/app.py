"""The elotui app: one factory (`create_app`) for the CLI, the tests and the screenshot script.

Screens are Textual modes keyed by name ("calculator", "history", "tournament", "help"), each built the first time
it is shown, so a screen's imports (the logbook and its SQLAlchemy for history, the chart for the
series) stay off the start-up path. To add or replace a screen, point its entry in `ElotuiApp.MODES` at a callable that
returns the screen, and add a binding with an `id` if it needs a key.

The app speaks the language chosen before it starts (`--lang`, `$ELOTUI_LANG`, the settings file, the
locale: `elotui.i18n.choose_language`, done by the command line), or the one `AppSettings.language`
names; the palette switches it (elotui/tui/language.py), and `rebuild_screens` shows the change.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, getters
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import CommandPalette, Provider
from textual.screen import Screen

from elotui.collector import start_up_done
from elotui.i18n import N_, _, set_language
from elotui.tui.commands import AppCommands
from elotui.tui.host import AppSettings as AppSettings  # where callers make the app find it
from elotui.tui.logbook_access import Logbook
from elotui.tui.textual_private import (
    CrashKeeper,
    NoMatchesTextPalette,
    guard_option_list_paging,
)
from elotui.tui.widgets.keys_in_order import KeysOneAtATime

if TYPE_CHECKING:
    from elotui.logbook.repository import Repository


def _calculator() -> Screen[Any]:
    from elotui.tui.screens.calculator import CalculatorScreen

    return CalculatorScreen()


def _history() -> Screen[Any]:
    from elotui.tui.screens.history import HistoryScreen

    return HistoryScreen()


def _tournament() -> Screen[Any]:
    from elotui.tui.screens.tournament import TournamentScreen

    return TournamentScreen()


def _help() -> Screen[Any]:
    from elotui.tui.screens.help import HelpScreen

    return HelpScreen()


class ElotuiApp(CrashKeeper, KeysOneAtATime, App[None]):
    # CrashKeeper: an unexpected error is logged and told in one line by `elotui` (cli/app_commands).
    # KeysOneAtATime: a field applies a key before the next is handed out (a burst's Enter moves
    # the focus before the letters after it are given to a field).
    CSS_PATH = "app.tcss"
    TITLE = "elotui"
    # The command palette: Textual's own commands and every action of the app and the screen.
    COMMANDS: ClassVar[set[type[Provider] | Callable[[], type[Provider]]]] = {AppCommands}

    MODES: ClassVar[dict[str, Any]] = {
        "calculator": _calculator,
        "history": _history,
        "tournament": _tournament,
        "help": _help,
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "toggle_help", N_("Help"), id="app.help"),
        Binding("f2", "switch_mode('calculator')", N_("Calculator"), id="app.calculator"),
        Binding("f3", "switch_mode('history')", N_("History"), id="app.history"),
        Binding("f4", "switch_mode('tournament')", N_("Tournament"), id="app.tournament"),
        Binding("ctrl+q", "quit", N_("Quit"), priority=True, id="app.quit"),
        # Priority so focus moves before the next keys of a fast burst (typed-ahead or pasted
        # "1500<Tab>1600") are handed to the field that had focus.
        Binding(
            "tab", "focus_next", N_("Next field"), show=False, priority=True, id="app.focus_next"
        ),
        Binding(
            "shift+tab",
            "focus_previous",
            N_("Previous field"),
            show=False,
            priority=True,
            id="app.focus_previous",
        ),
        Binding("ctrl+c", "help_quit", N_("Quit hint"), show=False, system=True, id="app.ctrl_c"),
    ]

    DEFAULT_MODE = "calculator"

    # Below 100 columns (80×24, the default terminal) every screen has the class "-narrow": app.tcss
    # stacks or shrinks its panes there, so each screen still shows its key result.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012 (Textual's own ClassVar)

    def __init__(
        self, settings: AppSettings, repository: Repository | Logbook | None = None
    ) -> None:
        if settings.language is not None:
            set_language(settings.language)
        # The first screen is the start mode itself (no default screen to build and then replace).
        self.DEFAULT_MODE = settings.start_mode  # type: ignore[misc]
        super().__init__()
        guard_option_list_paging()  # Ctrl+P then PageDown in one burst: Textual's KeyError (upstream)
        self.settings = settings
        self.logbook = Logbook.for_app(repository, demo=settings.demo, db_path=settings.db_path)
        self._mode_before_help = settings.start_mode
        self.first_frame_shown = asyncio.Event()  # set on Textual's Ready (screens/base.py)

    def on_ready(self) -> None:
        self.first_frame_shown.set()

    def on_mount(self) -> None:
        # A logbook file (or the demo) opens in a thread once the first screen is painted: loading
        # SQLAlchemy takes longer than painting the calculator. The history screen waits for it.
        self.call_after_refresh(self.logbook.open_in_background)
        if self.settings.collector_paused:
            self.call_after_refresh(start_up_done)
        self._warn(self.settings.notices)
        if self.settings.keymap is not None:
            self._apply_keymap()

    def _warn(self, lines: Iterable[str]) -> None:
        """Each line once, as a warning (a settings file that could not be read, a keymap entry)."""
        for line in lines:
            self.notify(line, severity="warning", timeout=10, markup=False)

    def _apply_keymap(self) -> None:
        """Rebind the keys the settings file's keymap names; say each entry ignored once."""
        from elotui.tui.keymap import unknown_ids, usable_entries

        keymap, problems = usable_entries(self.settings.keymap)
        self.set_keymap(keymap)
        self._warn(problems)
        if keymap:  # the ids after the first paint: checking them imports every screen
            self.call_after_refresh(lambda: self._warn(unknown_ids(keymap)))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own palette commands (theme, quit, keys, screenshot...), titled in the language
        spoken: Textual writes them in English, and its English texts are the message ids
        (elotui/tui/textual_words.py), so English shows exactly Textual's."""
        for command in super().get_system_commands(screen):
            yield command._replace(title=_(command.title), help=_(command.help))

    def action_command_palette(self) -> None:
        """Textual's palette, with its search prompt and its "No matches found" in the language
        spoken (Textual writes them in English)."""
        if self.use_command_palette and not CommandPalette.is_open(self):
            placeholder = _("Search for commands…")
            self.push_screen(_Palette(placeholder=placeholder, id="--command-palette"))

    def search_themes(self) -> None:
        """Textual's theme picker (palette: Theme), its prompt in the language spoken."""
        from textual.theme import ThemeProvider

        self.push_screen(_Palette(providers=[ThemeProvider], placeholder=_("Search for themes…")))

    def on_delivery_complete(self, event: events.DeliveryComplete) -> None:
        """Textual's notice of a saved screenshot, in the language spoken: this handler, the app's,
        runs before Textual's own on `App`, which `prevent_default` then skips."""
        if event.name == "screenshot":
            event.prevent_default()
            if event.path is None:
                message = _("Saved screenshot")
            else:
                message = _("Saved screenshot to {path}").format(path=repr(str(event.path)))
            self.notify(message, title=_("Screenshot"), markup=False)

    def on_delivery_failed(self, event: events.DeliveryFailed) -> None:
        if event.name == "screenshot":
            event.prevent_default()
            self.notify(_("Failed to save screenshot"), title=_("Screenshot"), severity="error")

    def action_toggle_help(self) -> None:
        """F1 opens the help; F1, Escape or q closes it, back to the screen it was opened from."""
        if self.current_mode == "help":
            self.switch_mode(self._mode_before_help)
        else:
            self._mode_before_help = self.current_mode
            self.switch_mode("help")

    def action_help_quit(self) -> None:
        """Ctrl+C does not quit (it copies in a text field): say which key does, in the language spoken."""
        self.notify(
            _("Press {key} to quit the app").format(key="Ctrl+Q"), title=_("Do you want to quit?")
        )

    async def rebuild_screens(self) -> None:
        """Build every screen again, after a switch of language: the one on view at once, the others
        when they are next shown (a screen writes its words when it is built)."""
        current = self.current_mode
        # Another screen is shown while the current one is rebuilt (a mode on view cannot be
        # removed); the help is the cheapest to build, or the calculator when the help is on view.
        between = "calculator" if current == "help" else "help"
        for mode in (between, *(m for m in self.MODES if m not in (current, between))):
            await self._forget_screen(mode)
        await self.switch_mode(between)
        await self._forget_screen(current)
        await self.switch_mode(current)

    async def _forget_screen(self, mode: str) -> None:
        await self.remove_mode(mode)
        self.add_mode(mode, self.MODES[mode])


class _Palette(NoMatchesTextPalette):
    app = getters.app(ElotuiApp)

    def no_matches_text(self) -> str:
        return _("No matches found")

    def on_mount(self) -> None:
        # The search field's cursor blinks as the app's fields do: not in tests and screenshots,
        # where a blink would make the picture depend on the moment it is taken.
        from textual.widgets import Input

        if not self.app.settings.cursor_blink:
            self.query_one(Input).cursor_blink = False


def create_app(settings: AppSettings, repository: Repository | Logbook | None = None) -> ElotuiApp:
    """The app, ready to `run()` or `run_test()`. Opens nothing and creates nothing until run.

    `repository`: an open logbook (the CLI opens it first, to migrate it or refuse it), or a
    `Logbook` that opens it after the first frame (the history's quick start), else the app opens
    what `settings` name (the demo, a database file), in a thread after the first paint.
    """
    return ElotuiApp(settings, repository)
