"""The command palette (Ctrl+P): Textual's own commands (theme, keys, screenshot, quit), then every
action of the app and of the active screen, each once, in one list sorted by title.

One provider for all of them (`ElotuiApp.COMMANDS`, in place of Textual's `SystemCommandsProvider`):
the palette orders the hits of several providers as they arrive, so two would interleave at random.
An action is listed from the bindings of the app and of the screen, and from the screen's
`PALETTE_ACTIONS`: the actions of widgets inside it (a key of the list of games, of the K field),
which the screen runs itself, so they work from the palette whatever has the focus. Last, one entry per
other language the app speaks, titled in that language (elotui/tui/language.py).

Every title is an English message id (`N_()` in a class body) translated here, where it is listed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from typing import Any, NamedTuple

from textual.actions import parse as parse_action
from textual.app import App
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from elotui.i18n import _, current_language
from elotui.tui.language import (
    LANGUAGE_NAMES,
    language_title,
    other_languages,
    switch_language,
    system_language,
)


class PaletteAction(NamedTuple):
    """An action of the screen offered in the palette, done by `key` where it is bound."""

    key: str
    action: str  # run in the screen's namespace
    title: str


class PaletteEntry(NamedTuple):
    title: str
    help: str
    run: Callable[[], Any]


def palette_entries(app: App[Any], screen: Screen[Any]) -> list[PaletteEntry]:
    """What the palette lists on `screen`, by title."""
    # Textual's own commands, already in the language spoken (ElotuiApp.get_system_commands).
    entries = [
        PaletteEntry(command.title, command.help, command.callback)
        for command in app.get_system_commands(screen)
        if command.discover
    ]
    # Textual's own Quit is there already: the app's Ctrl+Q runs the same action.
    seen: set[str] = {"app.quit"}
    for target, action, title, key in _actions(app, screen):
        qualified = _qualified(action, target)
        if qualified in seen:
            # One action, one entry: Textual's Screen binds Tab to `app.focus_next` ("Focus
            # Next"), the app binds it to `focus_next` ("Next field"): the same action.
            continue
        seen.add(qualified)
        shown = _(title)
        help_text = _("{title} (key: {key})").format(title=shown, key=key)
        entries.append(PaletteEntry(shown, help_text, _runner(app, action, target)))
    for language in other_languages():
        entries.append(
            PaletteEntry(
                language_title(language),
                _("Speak this language from now on (remembered in the settings file)"),
                _switcher(app, language),
            )
        )
    entries.append(
        PaletteEntry(
            _("Language: follow the system ({language})").format(
                language=LANGUAGE_NAMES[system_language()]
            ),
            _(
                "Forget the language chosen here: speak the system's ($ELOTUI_LANG, else the locale)"
            ),
            _switcher(app, None),
        )
    )
    return sorted(entries, key=lambda entry: entry.title)


def _actions(
    app: App[Any], screen: Screen[Any]
) -> Iterator[tuple[App[Any] | Screen[Any], str, str, str]]:
    """(where it runs, action, title, key) of every binding of the app and the screen that is not
    a system one, then of the screen's `PALETTE_ACTIONS`; the app's first."""
    for target, bindings in ((app, app.BINDINGS), (screen, screen.BINDINGS)):
        for binding in bindings:
            if isinstance(binding, Binding) and not binding.system and spoken(binding):
                yield (
                    target,
                    binding.action,
                    binding.description,
                    binding.key_display or binding.key,
                )
    for extra in getattr(screen, "PALETTE_ACTIONS", ()):
        yield screen, extra.action, extra.title, extra.key


def spoken(binding: Binding) -> bool:
    """False for a key of a language not spoken (the calculator's result letters are bound for
    every language: `result('draw', 'en')`); True for every other binding."""
    _namespace, _name, parameters = parse_action(binding.action)
    return in_language_spoken(parameters)


def in_language_spoken(parameters: tuple[object, ...]) -> bool:
    """An action's parameters: a second one, if any, is the language its key belongs to."""
    return parameters[1:] in ((), (current_language(),))


def _qualified(action: str, target: App[Any] | Screen[Any]) -> str:
    """An action with the namespace it runs in: `focus_next` bound on the app is `app.focus_next`."""
    if action.startswith(("app.", "screen.")):
        return action
    return f"{'app' if isinstance(target, App) else 'screen'}.{action}"


def _runner(
    app: App[Any], action: str, target: App[Any] | Screen[Any]
) -> Callable[[], Awaitable[None]]:
    async def run() -> None:
        await app.run_action(action, target)

    return run


def _switcher(app: App[Any], language: str | None) -> Callable[[], Awaitable[None]]:
    async def run() -> None:
        await switch_language(app, language)

    return run


class AppCommands(Provider):
    """The palette's one provider (see the module's docstring)."""

    async def discover(self) -> Hits:
        for entry in palette_entries(self.app, self.screen):
            yield DiscoveryHit(entry.title, entry.run, help=entry.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for entry in palette_entries(self.app, self.screen):
            score = matcher.match(entry.title)
            if score > 0:
                yield Hit(score, matcher.highlight(entry.title), entry.run, help=entry.help)
