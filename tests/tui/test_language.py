"""The app in French (issue 15): it speaks the language it is started in, the palette switches it and the
settings file remembers it, and what a French player types (a decimal comma) is taken.

The French words expected here are the glossary's (docs/glossary-fr.md) and the numbers the issue's own
example: at 1500 against 1600 the expected score is 36.0 %, written "36,0 %" (U+202F before %).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets._footer import FooterKey

from elotui.i18n import current_language, set_language
from elotui.tui.app import ElotuiApp
from tests.scenes.calculator import PAUSE, burst, keys, scene_app, settle
from tests.scenes.history import history_app
from tests.scenes.history import settle as settle_history
from tests.scenes.notices import keep_notices

pytestmark = pytest.mark.both_backends

SIZE = (120, 36)
NNBSP = "\u202f"
NBSP = "\u00a0"  # before a colon in French


def footer_words(app: App[Any]) -> list[str]:
    return [key.description for key in app.screen.query(FooterKey)]


def expected_line(app: App[Any]) -> str:
    """The single game's first line (its results are one widget: `SinglePane.value`)."""
    from elotui.tui.widgets.panes import SinglePane

    return app.screen.query_one(SinglePane).value("expected")


async def choose_in_palette(app: ElotuiApp, title: str) -> None:
    """Ctrl+P, type the start of an entry's title, Enter: as a person picks a command."""
    await burst(app, ["ctrl+p", PAUSE, *title, PAUSE, "enter", PAUSE])


async def test_the_app_started_in_french_speaks_french() -> None:
    app = scene_app("fr")
    async with app.run_test(size=SIZE):
        await settle(app)
        await burst(app, keys("1500 tab 1600"))
        assert {"Aide", "Calculatrice", "Historique", "Quitter"} <= set(footer_words(app))
        assert app.screen.sub_title == "Calculatrice"
        # The example: E = 1/(1+10^(100/400)) = 0.35994 → 36.0 % with a decimal comma.
        assert expected_line(app) == f"Score attendu 36,0{NNBSP}%"


async def test_the_palette_switches_to_french_and_the_settings_remember_it(
    _isolated_home: Path,
) -> None:
    app = scene_app()
    async with app.run_test(size=SIZE):
        await settle(app)
        await burst(app, keys("1500 tab 1600"))
        assert "Help" in footer_words(app)
        await choose_in_palette(app, "Langue")
        assert current_language() == "fr"
        # The calculator is opened again in French (a new screen: the typed ratings are not kept).
        assert "Aide" in footer_words(app)
        assert app.screen.sub_title == "Calculatrice"
        await burst(app, keys("1500 tab 1600"))
        assert expected_line(app) == f"Score attendu 36,0{NNBSP}%"
        saved = json.loads((_isolated_home / "settings.json").read_text(encoding="utf-8"))
        assert saved["language"] == "fr"

        await choose_in_palette(app, "Language")
        assert current_language() == "en"
        assert "Help" in footer_words(app)
        saved = json.loads((_isolated_home / "settings.json").read_text(encoding="utf-8"))
        assert saved["language"] == "en"


async def test_a_settings_file_that_cannot_be_written_is_said_and_the_switch_still_happens(
    _isolated_home: Path,
) -> None:
    _isolated_home.parent.mkdir(parents=True, exist_ok=True)
    _isolated_home.write_text("a file where the settings folder should be", encoding="utf-8")
    app = scene_app()
    told = keep_notices(app)
    async with app.run_test(size=SIZE):
        await settle(app)
        await choose_in_palette(app, "Langue")
        assert current_language() == "fr"
        assert "Aide" in footer_words(app)
        assert any("settings.json" in notice.message for notice in told), told


async def test_the_history_is_opened_again_in_french(tmp_path: Path) -> None:
    app = history_app(tmp_path)
    async with app.run_test(size=SIZE):
        await settle_history(app)
        assert app.screen.sub_title == "History"
        await choose_in_palette(app, "Langue")
        await settle_history(app)
        assert app.screen.sub_title == "Historique"
        assert "Historique" in footer_words(app)
        # Still the demo's first player, her games listed (the logbook stays open across the switch).
        assert app.screen.query_one("#games").row_count > 0  # type: ignore[attr-defined]
    app.logbook.close()


async def test_the_period_dialog_takes_a_draw_typed_with_a_comma() -> None:
    from elotui.tui.widgets.mode_panes import GamesTable

    app = scene_app("fr")
    async with app.run_test(size=SIZE):
        await settle(app)
        await burst(app, keys("2000 f8"))
        app.screen.query_one(GamesTable).focus()
        await burst(app, keys("a | 1900 tab 0,5 enter |"))
        table = app.screen.query_one(GamesTable)
        assert table.row_count == 1
        # The draw's points, with the decimal comma: 0,5 (the English table says 0.5).
        assert [str(cell) for cell in table.get_row_at(0)][1:3] == ["1900", "0,5"]


async def test_textuals_own_palette_commands_are_french_in_french_and_textuals_in_english() -> None:
    app = scene_app("fr")
    async with app.run_test(size=SIZE):
        await settle(app)
        textuals = list(App.get_system_commands(app, app.screen))  # Textual's own, in English
        ours = list(app.get_system_commands(app.screen))
        # The same callbacks (the screenshot's is a lambda made at each call: same code).
        assert [c.callback.__qualname__ for c in ours] == [
            c.callback.__qualname__ for c in textuals
        ]
        titles = [c.title for c in ours]
        assert {"Thème", "Quitter", "Touches", "Capture d’écran"} <= set(titles)
        set_language("en")
        assert [(c.title, c.help) for c in app.get_system_commands(app.screen)] == [
            (c.title, c.help) for c in textuals
        ]


async def test_the_palette_says_no_match_in_french() -> None:
    from rich.align import Align
    from textual.command import CommandList, CommandPalette
    from textual.pilot import Pilot

    app = scene_app("fr")
    async with app.run_test(size=SIZE):
        await settle(app)
        await burst(app, ["ctrl+p", PAUSE, *"xyzq"])
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        # Textual shows its "no match" line half a second after the last hit: wait for the line
        # (a state), however long the machine takes.
        results = palette.query_one(CommandList)
        for _ in range(100_000):
            if results.option_count:
                break
            await Pilot(app).pause()
        prompt = results.get_option_at_index(0).prompt
        assert isinstance(prompt, Align)  # Textual's line: the text centred
        assert str(prompt.renderable) == "Aucune commande trouvée"


@pytest.mark.sqlite_only("its folder is for a screenshot; it opens no logbook")
async def test_textuals_screenshot_notice_is_french_and_said_once(tmp_path: Path) -> None:
    from textual import events

    app = scene_app("fr")
    told = keep_notices(app)
    async with app.run_test(size=SIZE):
        await settle(app)
        # What Textual sends the app once the "Capture d’écran" command has written the file.
        saved = events.DeliveryComplete(key="k", path=tmp_path / "elotui.svg", name="screenshot")
        app.post_message(saved)
        await settle(app)
        # One notice (Textual's English one is not also shown), in French.
        assert [(notice.title, notice.message) for notice in told] == [
            ("Capture d’écran", f"Capture enregistrée dans {str(tmp_path / 'elotui.svg')!r}")
        ]


async def test_the_theme_picker_asks_in_french() -> None:
    from textual.command import CommandPalette
    from textual.widgets import Input

    app = scene_app("fr")
    async with app.run_test(size=SIZE):
        await settle(app)
        app.search_themes()
        await settle(app)
        assert isinstance(app.screen, CommandPalette)
        assert app.screen.query_one(Input).placeholder == "Chercher un thème…"


async def test_the_kept_replays_words_follow_a_switch_of_language(tmp_path: Path) -> None:
    """The history keeps its replay for the next write (`ReplayView.kept`); the words it wrote when
    it replayed (a decision's text) must not stay in English after a switch to French."""
    from textual.pilot import Pilot
    from textual.widgets import Static

    from elotui.tui.screens.history import HistoryScreen

    def decision_texts(app: ElotuiApp) -> set[str]:
        history = app.screen
        assert isinstance(history, HistoryScreen) and history.model.view is not None
        return {d.text for period in history.model.view.replay.periods for d in period.decisions}

    # The demo's 2008 player: her first rating rests on our reading of the 2006 rules (pool of 9).
    app = history_app(tmp_path, player="Margaux Vidal")
    async with app.run_test(size=SIZE):
        await settle_history(app)
        assert "initial rating: 9 games pooled over 26 months" in decision_texts(app)
        await choose_in_palette(app, "Langue")
        await settle_history(app)
        texts = decision_texts(app)
        assert f"premier classement{NBSP}: lot de 9 parties sur 26 mois" in texts
        assert "initial rating: 9 games pooled over 26 months" not in texts
        # And on screen: the line under the FIDE check for the first period (2008-04, marked *).
        await Pilot(app).press("tab", "tab", "ctrl+end", "up")
        await settle_history(app)
        line = str(app.screen.query_one("#check-decisions", Static).render())
        assert "lot de 9 parties sur 26 mois" in line, line
    app.logbook.close()


async def test_the_palette_follows_the_system_language_again(
    _isolated_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The palette's "follow the system" forgets the language chosen in the app: the system's
    ($ELOTUI_LANG here, else the locale) is spoken now and at the next start."""
    monkeypatch.setenv("ELOTUI_LANG", "fr")
    app = scene_app("en")
    async with app.run_test(size=SIZE):
        await settle(app)
        await choose_in_palette(app, "Langue : fr")  # chosen in the app, remembered
        await choose_in_palette(app, "Language: English")
        assert json.loads((_isolated_home / "settings.json").read_text("utf-8"))["language"] == "en"
        await choose_in_palette(app, "Language: follow")
        assert current_language() == "fr"
        assert "Aide" in footer_words(app)
        saved = json.loads((_isolated_home / "settings.json").read_text(encoding="utf-8"))
        assert "language" not in saved
