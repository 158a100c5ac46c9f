"""How elotui chooses its language (issue 15 item 2): --lang, else ELOTUI_LANG, else the settings
file, else LC_ALL, LC_MESSAGES, LANG (the first set decides), else English."""

from __future__ import annotations

from pathlib import Path

import pytest

from elotui.errors import FileUnusable
from elotui.i18n import (
    UnknownLanguage,
    _,
    choose_language,
    current_language,
    language_from_locale,
    ngettext,
    set_language,
)
from elotui.i18n.settings import read_settings, save_language, saved_language, settings_path

FR = "fr_FR.UTF-8"
DE = "de_DE.UTF-8"


@pytest.mark.parametrize(
    ("cli", "environ", "saved", "chosen"),
    [
        # Each source beats every one after it.
        ("en", {"ELOTUI_LANG": "fr", "LC_ALL": FR}, "fr", "en"),
        ("fr", {}, None, "fr"),
        (None, {"ELOTUI_LANG": "fr", "LC_ALL": "C"}, "en", "fr"),
        (None, {"ELOTUI_LANG": "en", "LANG": FR}, "fr", "en"),
        (None, {"LC_ALL": FR}, "en", "en"),  # the choice saved in the app beats the locale
        (None, {"LANG": "C.UTF-8"}, "fr", "fr"),
        (None, {"LC_ALL": FR, "LC_MESSAGES": "C", "LANG": "C"}, None, "fr"),
        (None, {"LC_ALL": "C", "LANG": FR}, None, "en"),  # LC_ALL set: LANG is not read
        (None, {"LC_MESSAGES": "fr_CA", "LANG": "en_GB.UTF-8"}, None, "fr"),
        (None, {"LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr"}, None, "fr"),  # empty = unset
        (None, {"LANG": "fr_BE.ISO-8859-1@euro"}, None, "fr"),
        (None, {}, None, "en"),
        # From the locale, a language elotui does not speak is quietly English, not a refusal.
        (None, {"LC_ALL": DE, "LANG": FR}, None, "en"),
        (None, {"LANG": "POSIX"}, None, "en"),
        # A blank ELOTUI_LANG is unset.
        (None, {"ELOTUI_LANG": "  ", "LANG": FR}, None, "fr"),
        # Spaces and case are forgiven where a language is asked for by name.
        (" FR ", {}, None, "fr"),
    ],
)
def test_the_first_source_set_decides(
    cli: str | None, environ: dict[str, str], saved: str | None, chosen: str
) -> None:
    assert choose_language(cli, environ, saved) == chosen


@pytest.mark.parametrize(
    ("cli", "environ", "where"),
    [
        ("de", {}, "--lang"),
        ("fr_FR", {}, "--lang"),
        (None, {"ELOTUI_LANG": "german"}, "ELOTUI_LANG"),
    ],
)
def test_a_language_asked_for_and_not_spoken_is_refused_by_name(
    cli: str | None, environ: dict[str, str], where: str
) -> None:
    with pytest.raises(UnknownLanguage) as refused:
        choose_language(cli, environ, None)
    assert str(refused.value).startswith(f"{where}: elotui speaks en or fr, not '")


def test_language_from_locale_reads_only_the_language_part() -> None:
    assert language_from_locale({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert language_from_locale({"LANG": "en_US"}) == "en"
    assert language_from_locale({"LANG": "C.UTF-8"}) is None


def test_set_language_switches_the_catalog_and_refuses_others() -> None:
    message = "elotui speaks en or fr, not {language!r}"
    set_language("fr")
    assert current_language() == "fr"
    assert _(message) == "elotui parle en ou fr, pas {language!r}"
    set_language("en")
    assert current_language() == "en"
    assert _(message) == message
    with pytest.raises(UnknownLanguage):
        set_language("de")
    assert current_language() == "en"  # a refused switch changes nothing


def test_french_plural_counts_one_for_zero_and_one() -> None:
    # French says "0 problème", "1 problème", "2 problèmes" (Plural-Forms: n > 1); English 0 is plural.
    singular, plural = "... and {n} more problem", "... and {n} more problems"
    assert [ngettext(singular, plural, n) for n in (0, 1, 2)] == [plural, singular, plural]
    set_language("fr")
    said = [ngettext(singular, plural, n).format(n=n) for n in (0, 1, 2)]
    assert said == [
        "... et 0 autre problème",
        "... et 1 autre problème",
        "... et 2 autres problèmes",
    ]


def test_the_settings_file_is_in_the_isolated_home(_isolated_home: Path) -> None:
    assert settings_path() == _isolated_home / "settings.json"
    assert saved_language() is None  # no file yet: no choice
    assert save_language("fr") == _isolated_home / "settings.json"
    assert saved_language() == "fr"
    save_language("en")
    assert saved_language() == "en"


def test_saving_keeps_the_keys_it_does_not_know(_isolated_home: Path) -> None:
    _isolated_home.mkdir()
    (_isolated_home / "settings.json").write_text('{"theme": "dark", "language": "en"}')
    save_language("fr")
    assert read_settings() == {"theme": "dark", "language": "fr"}


@pytest.mark.parametrize(
    "text", ["{not json", '["fr"]', '{"language": "de"}', '{"language": 3}', "\xff\xfe"]
)
def test_a_broken_settings_file_is_no_choice(_isolated_home: Path, text: str) -> None:
    _isolated_home.mkdir()
    (_isolated_home / "settings.json").write_text(text, encoding="latin-1")
    assert saved_language() is None
    assert choose_language(None, {"LANG": FR}, saved_language()) == "fr"  # the locale decides


def test_saving_where_it_cannot_write_says_so_and_changes_nothing(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    with pytest.raises(FileUnusable, match=r"cannot save the settings in .*a-file/settings\.json"):
        save_language("fr", blocker / "settings.json")
    assert blocker.read_text() == ""
    with pytest.raises(ValueError, match="not a language elotui speaks: 'de'"):
        save_language("de", tmp_path / "settings.json")
    assert not (tmp_path / "settings.json").exists()


def test_a_home_of_an_unknown_user_is_no_choice_and_no_place_to_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("ELOTUI_HOME", "~no-such-user-here/elotui")
    assert saved_language() is None
    with pytest.raises(FileUnusable, match="ELOTUI_HOME: no home folder for '~no-such-user-here"):
        save_language("fr")
