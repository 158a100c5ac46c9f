"""The keys that pick a result follow the language spoken: w, d, l in English, v, n, d in French
(victoire, nulle, défaite), where English's d (draw) would read as défaite and n (all) as nulle.
1, ½ (or =) and 0 pick the same result in both; * shows all three results in the calculator."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest
from textual.widgets import Static

from elotui.i18n import set_language
from elotui.logbook.repository import Repository, open_repository
from elotui.rating.result import Result
from elotui.tui.app import AppSettings, create_app
from elotui.tui.widgets.choice import Choice
from elotui.tui.widgets.forms import GameForm
from tests.scenes.calculator import burst, scene_app, settle

pytestmark = pytest.mark.sqlite_only("the keys of a form, not the logbook")

WIN, DRAW, LOSS = Result.WIN, Result.DRAW, Result.LOSS
# Each language's letters, and the keys the same in both.
LETTERS = {"en": {"w": WIN, "d": DRAW, "l": LOSS}, "fr": {"v": WIN, "n": DRAW, "d": LOSS}}
BOTH = {"1": WIN, "½": DRAW, "=": DRAW, "0": LOSS}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_language_picks_by_its_own_words_initials(language: str) -> None:
    set_language(language)
    assert {key: Result.for_key(key) for key in "wdlvn"} == {
        key: LETTERS[language].get(key) for key in "wdlvn"
    }
    assert {key: Result.for_key(key) for key in BOTH} == BOTH


@pytest.fixture
def repository(tmp_path: Path) -> Repository:
    repo = open_repository(tmp_path / "logbook.db")
    repo.add_player("Ana", start_rating=1800)
    return repo


@pytest.mark.parametrize(
    ("language", "key", "score"),
    [("en", "d", Fraction(1, 2)), ("fr", "d", Fraction(0)), ("fr", "n", Fraction(1, 2)),
     ("fr", "v", Fraction(1)), ("fr", "=", Fraction(1, 2)), ("en", "=", Fraction(1, 2))],
)  # fmt: skip
async def test_the_game_form_takes_the_result_keys_of_the_language(
    repository: Repository, language: str, key: str, score: Fraction
) -> None:
    settings = AppSettings(
        start_mode="history", today=dt.date(2026, 3, 20), cursor_blink=False, language=language
    )
    app = create_app(settings, repository)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app)
        await pilot.press("a")
        form = app.screen
        assert isinstance(form, GameForm)
        hint = str(form.query_one(".form-field-hint", Static).content)
        shown, other = {"en": ("w d l", "v n d"), "fr": ("v n d", "w d l")}[language]
        assert hint.startswith("1 ½ 0") and shown in hint and other not in hint, hint
        await burst(app, ["tab", "tab", *"1900", "tab", key, "ctrl+s"])
        await settle(app)
    [game] = repository.list_games(repository.find_player("Ana").id)
    assert game.score == score


@pytest.mark.parametrize(
    ("language", "key", "result"),
    [("en", "d", "draw"), ("en", "l", "loss"), ("fr", "d", "loss"), ("fr", "n", "draw"),
     ("fr", "v", "win"), ("en", "w", "win")],
)  # fmt: skip
async def test_the_calculator_takes_the_result_keys_of_the_language(
    language: str, key: str, result: str
) -> None:
    app = scene_app(language)
    async with app.run_test(size=(120, 40)):
        await settle(app)
        await burst(app, [*"1500", "tab", *"1600", "tab", "tab", key])
        assert app.screen.query_one("#result", Choice).value == result
        await burst(app, ["asterisk"])  # all three, in both languages
        assert app.screen.query_one("#result", Choice).value == "all"


@pytest.mark.parametrize("language", ["en", "fr"])
async def test_the_footer_and_the_help_show_the_keys_in_force(language: str) -> None:
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    app = scene_app(language)
    async with app.run_test(size=(160, 40)) as pilot:
        await settle(app)
        # On the result: the letters are keys there (in a text field they are typed).
        await burst(app, [*"1500", "tab", *"1600", "tab", "tab"])
        footer_keys = {
            key.key_display or key.key for key in app.screen.query_one(Footer).query(FooterKey)
        }
        letters = set(LETTERS[language])
        others = {"en": {"v", "n"}, "fr": {"w", "l"}}[language]
        assert letters <= footer_keys and not others & footer_keys, footer_keys
        await pilot.press("f1")
        await settle(app)
        helped = "\n".join(
            str(group.content) for group in app.screen.query(".help-group").results(Static)
        )
        assert {"en": "Calculator (w, d, l, *, m, a, t", "fr": "(v, n, d, *, m, a, t"}[
            language
        ] in helped
        assert {"en": "  l ", "fr": "  v "}[language] in helped
        assert {"en": "  v ", "fr": "  w "}[language] not in helped


@pytest.mark.parametrize(
    ("language", "typed", "score"),
    [("en", "d", Fraction(1, 2)), ("fr", "d", Fraction(0)), ("fr", "N", Fraction(1, 2)),
     ("fr", "0.5", Fraction(1, 2)), ("fr", "nulle", Fraction(1, 2)), ("en", "½", Fraction(1, 2))],
)  # fmt: skip
def test_the_period_dialog_reads_one_letter_in_the_language(
    language: str, typed: str, score: Fraction
) -> None:
    from elotui.tui.widgets.game_dialog import typed_score

    set_language(language)
    assert typed_score(typed) == score
