"""The app in the language spoken (elotui.i18n): the keys' descriptions translated where they are shown,
and the palette's switch of language.

A binding's description is written in a class body, at import time, so it is marked with `N_()` and
stays the English message id (the rule of elotui/i18n/__init__.py); the footer, the help and the palette
translate it when they show it. Textual's footer reads `Screen.active_bindings`: the app's screens
(`TranslatedBindings`) give it the descriptions in the language spoken, so a switch of language shows in
the footer at its next refresh without rebuilding a single binding.

A switch from the palette (`switch_language`) speaks the new language, remembers it in the settings file
(`elotui.i18n.settings`), and builds every screen again: each screen wrote its words when it was built,
so the one on view is opened again (its typed values are not kept: it is a new screen) and the others
are built again when they are next shown. What a screen keeps goes with it: the history's kept replay
(`ReplayView.kept`, whose decisions and notes were written in the old language when it replayed) is
dropped, and the new history screen replays once, in the new language (tests/tui/test_language.py).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from textual.binding import ActiveBinding, Binding
from textual.screen import Screen

from elotui.i18n import LANGUAGES, N_, _, current_language, set_language

if TYPE_CHECKING:
    from textual.app import App

# The rating lists as a player names them, shown as `_(LIST_NAMES[name])` (the name stored and typed on
# the command line is the English one, never translated).
LIST_NAMES = {"standard": N_("standard"), "rapid": N_("rapid"), "blitz": N_("blitz")}

# Each language named in itself, so a reader of the other one finds it in the palette.
LANGUAGE_NAMES = {"en": "English", "fr": "français"}


def translated(binding: Binding) -> Binding:
    """`binding` with its description in the language spoken."""
    if not binding.description:
        return binding
    return dataclasses.replace(binding, description=_(binding.description))


class TranslatedBindings(Screen[Any]):
    """A screen whose footer shows the keys' descriptions in the language spoken."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return {
            key: active._replace(binding=translated(active.binding))
            for key, active in super().active_bindings.items()
        }


def other_languages() -> list[str]:
    return [language for language in LANGUAGES if language != current_language()]


def language_title(language: str) -> str:
    """The palette's entry for a language, in that language: "Langue : français", "Language: English"."""
    if language == "fr":
        return "Langue : français"
    return f"Language: {LANGUAGE_NAMES[language]}"


def system_language() -> str:
    """The language elotui speaks when none is chosen in the app: `$ELOTUI_LANG`, else the locale,
    else English (`choose_language` without `--lang` and without a saved choice)."""
    import os

    from elotui.i18n import LANGUAGE_ENV, UnknownLanguage, choose_language

    try:
        return choose_language(None, os.environ)
    except UnknownLanguage:  # a bad $ELOTUI_LANG (said at start): the locale's
        return choose_language(None, {k: v for k, v in os.environ.items() if k != LANGUAGE_ENV})


async def switch_language(app: App[Any], language: str | None) -> None:
    """Speak `language`, remember it, and show the screens again in it (see the module's docstring);
    None: forget the choice and speak the system's language (`system_language`).

    Remembering may fail (a settings folder that cannot be written): the app still speaks the new
    language, and says that it could not remember it."""
    from elotui.errors import FileUnusable
    from elotui.i18n.settings import forget_language, save_language

    set_language(language or system_language())
    try:
        if language is None:
            forget_language()
        else:
            save_language(language)
    except FileUnusable as error:
        app.notify(str(error), severity="warning", timeout=6)
    rebuild = getattr(app, "rebuild_screens", None)
    if rebuild is not None:
        await rebuild()
    app.refresh_bindings()
