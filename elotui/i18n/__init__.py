"""The language elotui speaks (English or French): the translation functions and how the language is chosen.

Translations are the standard gettext ones: domain `elotui`, catalogs in
`elotui/locale/<lang>/LC_MESSAGES/elotui.mo`, compiled from the `.po` with Babel (README, Development).
English is the source language: it has no catalog, the text in the code is what is shown.

**The rule for whoever writes a user-facing string** (one rule, so a switch of language in the app
shows everywhere):

- Call `_()` (or `ngettext()`) where the text is *used*, inside a function, never at import time:
  `_("Expected score")`, not `LABEL = _("Expected score")` at module level, in a class body or as a
  default argument (a test walks elotui/ and fails on any of them: tests/i18n/test_marking.py).
- A constant that must stay at module level (a table of labels, a list of headers) is marked with
  `N_("...")`, which returns it unchanged but lets the extractor find it; translate it where it is
  shown: `_(HEADERS[0])`.
- Values go in with named `str.format` fields, so a translator can move them:
  `_("{done} of {total} games").format(done=..., total=...)`; never an f-string inside `_()` (the
  extractor cannot see it) and never text glued from pieces (word order differs in French).
- Numbers are written by `elotui.i18n.numbers` (decimal comma, spaces before % and between
  thousands in French), never by `str()`/f-string formats of their own.
- JSON keys, CSV columns and command and option names are a contract and are never translated;
  words in JSON values (`k_reason`, notes) are, and docs/product.md §4.3 says so.

Choosing the language (`choose_language`): `--lang`, else `$ELOTUI_LANG`, else the choice saved in the
settings file (the app's palette writes it: `elotui.i18n.settings`), else the locale (`LC_ALL`, else
`LC_MESSAGES`, else `LANG`: the first one set decides, as POSIX says), else English. A language elotui
does not speak is refused with a clear message when it was asked for (`--lang`, `$ELOTUI_LANG`), and
quietly English when it comes from the locale (a German desktop still gets a working elotui).

This module imports only the standard library's gettext (cheap, and `elotui.rating` may use it); the
settings file (json, platformdirs) lives apart in `settings.py`.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Mapping
from pathlib import Path

from elotui.errors import BadValue

DOMAIN = "elotui"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
LANGUAGES = ("en", "fr")  # what --lang takes; English first: the source language and the default
DEFAULT_LANGUAGE = "en"
LANGUAGE_ENV = "ELOTUI_LANG"
LOCALE_ENVS = ("LC_ALL", "LC_MESSAGES", "LANG")  # the order POSIX reads them in for messages


class UnknownLanguage(BadValue):
    """A language asked for (`--lang`, `$ELOTUI_LANG`, `set_language`) that elotui does not speak."""


_translations: _gettext.NullTranslations = _gettext.NullTranslations()
_language = DEFAULT_LANGUAGE


def _(message: str) -> str:
    """`message` in the current language (itself in English, or when the catalog lacks it)."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for `n` things, in the current language ("1 partie", "2 parties";
    French says "0 partie", English "0 games": the catalog's plural rule decides)."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` as translated in `context`: one English text, two French ones where one place has
    less room ("Opponent rating" is "Classement adverse" in a form, a shorter label in the calculator)."""
    return _translations.pgettext(context, message)


def N_(message: str) -> str:  # the gettext name the extractor knows
    """Mark a module-level constant for the catalog without translating it (see the rule above)."""
    return message


def set_language(language: str) -> None:
    """Speak `language` ("en" or "fr") from now on; `UnknownLanguage` for any other.

    The catalog is read once per call (a few kilobytes); a missing catalog of a language elotui
    speaks is a broken install, not a user's mistake, so it is not hidden."""
    global _translations, _language
    if language not in LANGUAGES:
        raise UnknownLanguage(_spoken(language))
    if language == DEFAULT_LANGUAGE:
        _translations = _gettext.NullTranslations()
    else:
        _translations = _gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])
    _language = language


def current_language() -> str:
    """The language now spoken: "en" or "fr"."""
    return _language


def parse_language(text: str, where: str) -> str:
    """A language asked for by name ("fr", "EN", " fr "): one of LANGUAGES, else `UnknownLanguage`
    saying `where` it came from ("--lang", "ELOTUI_LANG")."""
    language = text.strip().lower()
    if language not in LANGUAGES:
        raise UnknownLanguage(f"{where}: {_spoken(text.strip())}")
    return language


def language_from_locale(environ: Mapping[str, str]) -> str | None:
    """The language of the locale ("fr_FR.UTF-8" → "fr"), or None when it is C/POSIX, unset, or a
    language elotui does not speak. The first of LC_ALL, LC_MESSAGES, LANG that is set decides."""
    for name in LOCALE_ENVS:
        value = environ.get(name, "").strip()
        if value:
            # language[_territory][.codeset][@modifier]
            language = value.split("@")[0].split(".")[0].split("_")[0].lower()
            return language if language in LANGUAGES else None
    return None


def choose_language(
    cli_language: str | None, environ: Mapping[str, str], saved: str | None = None
) -> str:
    """The language to speak: `--lang` (`cli_language`), else `$ELOTUI_LANG`, else `saved` (the
    settings file's choice, already checked), else the locale, else English (see the docstring)."""
    if cli_language is not None:
        return parse_language(cli_language, "--lang")
    if environ.get(LANGUAGE_ENV, "").strip():
        return parse_language(environ[LANGUAGE_ENV], LANGUAGE_ENV)
    if saved in LANGUAGES:
        return saved
    return language_from_locale(environ) or DEFAULT_LANGUAGE


def _spoken(language: str) -> str:
    # Said in the language now spoken; the language names are codes, the same in both.
    return _("elotui speaks en or fr, not {language!r}").format(language=language)


__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "N_",
    "UnknownLanguage",
    "_",
    "choose_language",
    "current_language",
    "language_from_locale",
    "ngettext",
    "parse_language",
    "pgettext",
    "set_language",
]
