"""The history screen (F3): games, trajectory, crossings, FIDE check, and the forms that write.

Every app is built by `create_app` on a temporary database; the numbers asserted are worked out by hand
in the comments (FIDE table 8.1.2 for PD), never copied from the screen.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import AsyncIterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static, TextArea

from elotui.cli import main
from elotui.logbook.repository import NewGame, Repository, open_repository
from elotui.logbook.schema import ready_as_is
from elotui.tui.app import AppSettings, ElotuiApp, create_app
from elotui.tui.models.history import PAGE
from elotui.tui.screens.history import HistoryScreen
from elotui.tui.widgets.forms import (
    ConfirmDialog,
    GameForm,
    PlayerForm,
    ProblemsDialog,
    ResultPicker,
)
from elotui.tui.widgets.virtual_table import VirtualTable
from tests.scenes.calculator import burst, pause_until
from tests.scenes.history import history_app, keys, settle
from tests.scenes.notices import keep_notices

pytestmark = pytest.mark.both_backends

SIZE = (120, 36)
TODAY = dt.date(2026, 3, 20)


@pytest.fixture
def repository(tmp_path: Path) -> Repository:
    """A fresh logbook with one player, Ana: rated 1800 at the start, no games before (K 40)."""
    repo = open_repository(tmp_path / "logbook.db")
    repo.add_player("Ana", start_rating=1800)
    return repo


def app_on(repository: Repository, player: str | None = None) -> ElotuiApp:
    settings = AppSettings(start_mode="history", today=TODAY, cursor_blink=False, player=player)
    return create_app(settings, repository)


@pytest.fixture
async def pilot(repository: Repository) -> AsyncIterator[Pilot[None]]:
    app = app_on(repository)
    async with app.run_test(size=SIZE) as running:
        await settle(app)
        yield running


def history(pilot: Pilot[None]) -> HistoryScreen:
    screen = next(s for s in pilot.app.screen_stack if isinstance(s, HistoryScreen))
    return screen


def table(pilot: Pilot[None], selector: str) -> VirtualTable:
    return history(pilot).query_one(selector, VirtualTable)


def row_of(pilot: Pilot[None], selector: str, key: str) -> list[str]:
    return [str(cell) for cell in table(pilot, selector).get_row(key)]


def column(pilot: Pilot[None], selector: str, name: str) -> list[str]:
    data = table(pilot, selector)
    return [str(data.get_cell(row.key, name)) for row in data.ordered_rows]


async def press(pilot: Pilot[None], script: str) -> None:
    """Type a key script as a fast typist would, then wait for the screen to settle.

    The first key (the one that opens a form) is pressed and waited for; the rest go out at once."""
    first, *rest = keys(script)
    await pilot.press(first)
    await burst(pilot.app, rest)  # type: ignore[arg-type]
    await settle(pilot.app)  # type: ignore[arg-type]


async def add_game(pilot: Pilot[None], date: str, opponent: str, rating: str, result: str) -> None:
    await press(pilot, f"a {date} tab {opponent} tab {rating} tab {result} ctrl+s")


# --- showing ------------------------------------------------------------------------------------------


async def test_an_empty_player_shows_nothing_to_check(pilot: Pilot[None]) -> None:
    screen = history(pilot)
    assert screen.model.player is not None and screen.model.player.name == "Ana"
    assert table(pilot, "#games").row_count == 0
    assert table(pilot, "#fide-check").row_count == 0
    assert "rating 1800 · tier Diamond · 0 games" in str(
        screen.query_one("#history-summary", Static).content
    )


async def test_the_demo_fide_check_shows_the_700_cap_and_a_rounding_difference(
    tmp_path: Path,
) -> None:
    app = history_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        assert history(pilot).model.player.name == "Camille Laurent"  # type: ignore[union-attr]
        check = "#fide-check"
        # 2023-07: 26 rated games. K 40 (a junior: 2023 − 2007 = 16 ≤ 18, never 2300), and the cap
        # K·n ≤ 700 gives ⌊700 / 26⌋ = 26 (26·26 = 676 ≤ 700 < 27·26 = 702).
        july = dict(zip([c.key for c in table(pilot, check).columns],
                        row_of(pilot, check, "2023-07"), strict=True))  # fmt: skip
        assert july["games"] == "26"
        assert july["k"] == "40→26"
        assert july["cap"] == "✓"
        # 2021-04: Ro 1468 (the end of 2021-03), two wins, K 40.
        #   vs 1573: D = −105, PD 0.36 (row 99–106: 0.64 for the higher) → ΔR +0.64, ×40 = +25.60
        #   vs 1165: D = +303, PD 0.86 (row from 303)                    → ΔR +0.14, ×40 = +5.60
        # Period: 40 × 0.78 = +31.20 → +31. Each game rounded alone: +26 + 6 = +32, one more.
        april = row_of(pilot, check, "2021-04")
        assert april[1] == "S2014"  # events from 2014-07 to 2021 (rules.md §3.2)
        assert april[4] == "40"
        assert april[8:12] == ["+31.20", "+31", "+32", "+1"]
        assert april[12] == str(1468 + 31)
        # The crossings list and the chart are there too.
        assert table(pilot, "#crossings").row_count > 0
        assert history(pilot).query("#trajectory")


async def test_switching_players_by_key_and_by_the_picker(tmp_path: Path) -> None:
    app = history_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        await press(pilot, "right_square_bracket")
        screen = history(pilot)
        assert screen.model.player is not None and screen.model.player.name == "Hugo Bernard"
        assert screen.query_one("#player-select", Select).value == screen.model.player.id
        hugo = screen.model.player.id
        assert all(game.player_id == hugo for game in screen.model.games.values())
        # Hugo fell to 1382 in 2023 (Silver): rated still, the floor was 1000 then (S2022; under the
        # 2024 rules applied to every period he was delisted). Camille is never Silver.
        assert any("↓ tier Silver" in cell for cell in column(pilot, "#crossings", "change"))
        await press(pilot, "left_square_bracket")
        assert history(pilot).model.player.name == "Camille Laurent"  # type: ignore[union-attr]
        # The picker itself: choosing Hugo there shows Hugo.
        history(pilot).query_one("#player-select", Select).value = hugo
        await settle(app)
        assert history(pilot).model.player.id == hugo  # type: ignore[union-attr]


async def test_history_player_setting_opens_that_player(tmp_path: Path) -> None:
    app = history_app(tmp_path, player="Hugo Bernard")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        assert history(pilot).model.player.name == "Hugo Bernard"  # type: ignore[union-attr]


async def test_history_player_setting_is_found_ignoring_case_and_accents(tmp_path: Path) -> None:
    # `elotui history --player "hugo bernard"` finds him (the CLI's lookup); the screen then showed
    # the first player instead.
    app = history_app(tmp_path, player="hugo BERNÁRD")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        assert history(pilot).model.player.name == "Hugo Bernard"  # type: ignore[union-attr]


async def test_the_player_form_marks_a_zero_width_space(
    pilot: Pilot[None], repository: Repository
) -> None:
    await pilot.press("n")
    form = pilot.app.screen
    assert isinstance(form, PlayerForm)
    form.query_one("#player-name", Input).value = "Ana\u200b"  # pasted: looks like "Ana"
    await press(pilot, "ctrl+s")
    assert pilot.app.screen is form
    reason = str(form.query_one("#player-name-reason", Static).content)
    assert reason == "the name holds an invisible character (U+200B), which elotui refuses"
    assert [p.name for p in repository.list_players()] == ["Ana"]


async def test_games_load_page_by_page(repository: Repository) -> None:
    ana = repository.find_player("Ana")
    start = dt.date(2020, 1, 1)
    repository.add_new_games(
        ana.id,
        [NewGame(start + dt.timedelta(days=i), 1800, Fraction(1, 2)) for i in range(2 * PAGE + 30)],
    )
    app = app_on(repository)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        games = table(pilot, "#games")
        assert games.row_count == PAGE
        games.move_cursor(row=PAGE - 1)
        await settle(app)
        assert games.row_count == 2 * PAGE
        games.move_cursor(row=2 * PAGE - 1)
        await settle(app)
        assert games.row_count == 2 * PAGE + 30
        # Newest first: the last row is the first day.
        assert column(pilot, "#games", "date")[-1] == "2020-01-01"


async def test_a_page_of_games_costs_what_it_adds(
    repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Paging in more games hands the table the page's rows only, not the rows shown with the page
    again (a copy of every row per page: paging through 100,000 games was quadratic)."""
    from elotui.tui.widgets.virtual_table import VirtualTable

    ana = repository.find_player("Ana")
    start = dt.date(2020, 1, 1)
    repository.add_new_games(
        ana.id,
        [NewGame(start + dt.timedelta(days=i), 1800, Fraction(1, 2)) for i in range(3 * PAGE)],
    )
    app = app_on(repository)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        games = table(pilot, "#games")
        handed: list[int] = []  # rows given to the games table, each time
        for name in ("show", "add_rows"):
            original = getattr(VirtualTable, name)

            def counted(self: VirtualTable, rows: Any, _original: Any = original) -> None:
                rows = list(rows)
                if self is games:
                    handed.append(len(rows))
                _original(self, rows)

            monkeypatch.setattr(VirtualTable, name, counted)
        for shown in (PAGE, 2 * PAGE):
            games.move_cursor(row=shown - 1)
            await settle(app)
        assert games.row_count == 3 * PAGE
        assert handed == [PAGE, PAGE]  # two pages of 100 rows each, nothing again


async def test_the_footer_stays_when_a_form_closes(repository: Repository) -> None:
    """Closing a form gives the focus back to the games, and the screen says its keys changed: the
    footer keeps its keys' widgets (the same keys are shown), where Textual's built them all again
    (a layout of the whole screen in every write's time). It is built at first: its keys are there."""
    from textual.widgets._footer import FooterKey

    app = app_on(repository)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        screen = history(pilot)
        before = list(screen.query(FooterKey))
        assert [key.description for key in before][:2] == ["Add game", "Edit game"]
        await pilot.press("a")
        assert isinstance(app.screen, GameForm)
        await pilot.press("escape")
        await settle(app)
        assert not isinstance(app.screen, GameForm)  # closed: the history is shown again
        assert list(screen.query(FooterKey)) == before  # the same widgets, not new ones
        # The player picker focused: the screen's keys are the same, the footer stays too.
        screen.query_one("#player-select", Select).focus()
        await settle(app)
        assert list(screen.query(FooterKey)) == before


async def test_the_games_keys_and_clicks(repository: Repository) -> None:
    """Up/down, PageDown (which pages in more games near the end), Ctrl+End and Home, Enter and a
    click on the cursor's game open its Edit form; a click on another game moves the cursor."""
    ana = repository.find_player("Ana")
    start = dt.date(2020, 1, 1)
    repository.add_new_games(
        ana.id,
        [NewGame(start + dt.timedelta(days=i), 1800, Fraction(1, 2)) for i in range(PAGE + 5)],
    )
    app = app_on(repository)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        games = table(pilot, "#games")
        assert games.has_focus and games.cursor_row == 0
        await pilot.press("down", "down", "up")
        assert games.cursor_row == 1
        # The panel's 16 lines (app.tcss #history-top): its title, the table's header, 14 rows;
        # a page moves the cursor 14 rows.
        await pilot.press("pagedown")
        assert games.cursor_row == 15
        await pilot.press("ctrl+end")  # the last loaded row, near the end: the next page comes
        await settle(app)
        assert games.row_count == PAGE + 5 and games.cursor_row == PAGE - 1
        await pilot.press("ctrl+end")
        oldest = repository.list_games(ana.id, newest_first=False, limit=1)[0]
        assert games.cursor_key == str(oldest.id)
        await pilot.press("home")
        assert games.cursor_row == 0 and games.scroll_y == 0
        newest = repository.list_games(ana.id, limit=1)[0]
        await pilot.press("enter")
        form = pilot.app.screen
        assert isinstance(form, GameForm) and form.query_one("#game-date", Input).value == str(
            newest.date
        )
        await pilot.press("escape")
        await settle(app)
        await pilot.click("#games", offset=(2, 3))  # the header, rows 0 and 1, then row 2
        assert games.cursor_row == 2 and not isinstance(pilot.app.screen, GameForm)
        await pilot.click("#games", offset=(2, 3))
        await settle(app)
        assert isinstance(pilot.app.screen, GameForm)


# --- forms that write ---------------------------------------------------------------------------------


async def test_adding_a_game_stores_it_and_updates_everything(
    pilot: Pilot[None], repository: Repository
) -> None:
    await pilot.press("a")
    form = pilot.app.screen
    assert isinstance(form, GameForm)
    date = form.query_one("#game-date", Input)
    assert date.has_focus and date.value == TODAY.isoformat()  # prefilled with today
    await burst(pilot.app, keys("2026-03-14 tab Magnus tab 1950 tab 1 ctrl+s"))  # type: ignore[arg-type]
    await settle(pilot.app)  # type: ignore[arg-type]
    assert not isinstance(pilot.app.screen, GameForm)
    [game] = repository.list_games(repository.find_player("Ana").id)
    assert (game.date, game.opponent, game.opponent_rating, game.score) == (
        dt.date(2026, 3, 14), "Magnus", 1950, Fraction(1),
    )  # fmt: skip
    # 1800 vs 1950: D = −150, PD 0.30 (row 146–153: 0.70 for the higher); a win: ΔR +0.70,
    # K 40 (no games before) → +28.00, and the live rating 1828.00.
    assert row_of(pilot, "#games", str(game.id))[4] == "1828.00"
    march = row_of(pilot, "#fide-check", "2026-03")
    assert march[1:5] == ["S2025", "1800", "1", "40"]  # a game of 2026-03: S2025 (from 2025-10)
    assert march[8:10] == ["+28.00", "+28"]
    assert march[12] == "1828"
    # Tier Diamond (1800) stays Diamond: no crossing.
    assert table(pilot, "#crossings").row_count == 0


async def test_the_result_field_takes_typed_results(pilot: Pilot[None]) -> None:
    await pilot.press("a", "tab", "tab", "tab")
    picker = pilot.app.screen.query_one(ResultPicker)
    assert picker.has_focus and picker.value is None
    for typed, expected in (("w", 1), ("0", 0), ("d", Fraction(1, 2)), ("1", 1), ("l", 0)):
        await pilot.press(typed)
        assert picker.value == expected
    await pilot.press("0", "full_stop", "5")  # 0.5
    assert picker.value == Fraction(1, 2)


async def test_the_result_field_takes_space_and_enter_and_says_so(pilot: Pilot[None]) -> None:
    await pilot.press("a", "tab", "tab", "tab")
    picker = pilot.app.screen.query_one(ResultPicker)
    assert picker.has_focus and picker.value is None
    hint = " ".join(
        str(s.content) for s in pilot.app.screen.query(".form-field-hint").results(Static)
    )
    assert "Space" in hint and "Enter" in hint and "w d l" in hint and "←/→" in hint
    await pilot.press("enter")  # nothing chosen yet: Enter picks the first result, a win
    assert picker.value == 1 and picker.has_focus
    await pilot.press("space")
    assert picker.value == Fraction(1, 2)
    await pilot.press("space", "space")  # loss, then round to a win again
    assert picker.value == 1
    await pilot.press("enter")  # a result is chosen: Enter keeps it and goes on to Event
    await pilot.pause()
    assert picker.value == 1
    assert pilot.app.screen.query_one("#game-event", Input).has_focus


async def test_editing_a_game_changes_the_database_and_the_screen(
    pilot: Pilot[None], repository: Repository
) -> None:
    await add_game(pilot, "2026-03-14", "Magnus", "1950", "1")
    [game] = repository.list_games(repository.find_player("Ana").id)
    # Result changed to a loss: ΔR = 0 − 0.30 = −0.30, ×40 = −12.00 → 1788.
    await press(pilot, "e tab tab tab 0 ctrl+s")
    assert repository.get_game(game.id).score == 0
    assert row_of(pilot, "#games", str(game.id))[3:] == ["0", "1788.00"]
    assert row_of(pilot, "#fide-check", "2026-03")[8] == "−12.00"


async def test_deleting_asks_first(pilot: Pilot[None], repository: Repository) -> None:
    await add_game(pilot, "2026-03-14", "Magnus", "1950", "1")
    ana = repository.find_player("Ana").id
    await pilot.press("delete")
    assert isinstance(pilot.app.screen, ConfirmDialog)
    await press(pilot, "n")
    assert repository.count_games(ana) == 1
    await pilot.press("delete")
    await press(pilot, "y")
    assert repository.count_games(ana) == 0
    assert table(pilot, "#games").row_count == 0
    assert table(pilot, "#fide-check").row_count == 0


async def test_an_invalid_form_saves_nothing(pilot: Pilot[None], repository: Repository) -> None:
    await pilot.press("a")
    await burst(pilot.app, keys("2026-13-01 tab tab abc ctrl+s"))  # type: ignore[arg-type]
    form = pilot.app.screen
    assert isinstance(form, GameForm)  # still open
    for field_id in ("game-date", "game-opponent-rating", "game-result"):
        assert form.query_one(f"#{field_id}").has_class("-invalid"), field_id
    reason = form.query_one("#game-date-reason", Static)
    assert str(reason.content) == "the date 2026-13-01 does not exist"
    assert form.query_one("#game-date", Input).has_focus  # the first bad field
    # Fixing one field is not enough.
    await pilot.press(*keys("shift+tab shift+tab"))
    await pilot.press("ctrl+s")
    assert isinstance(pilot.app.screen, GameForm)
    await pilot.press("escape")
    await settle(pilot.app)  # type: ignore[arg-type]
    assert repository.count_games(repository.find_player("Ana").id) == 0


async def test_a_refused_write_says_why_and_changes_nothing(
    pilot: Pilot[None], repository: Repository
) -> None:
    told = keep_notices(pilot.app)
    await pilot.press("n")
    assert isinstance(pilot.app.screen, PlayerForm)
    await press(pilot, "Ana ctrl+s")  # the name is taken
    assert [p.name for p in repository.list_players()] == ["Ana"]
    assert any("already exists" in notice.message for notice in told), told
    # Nothing typed is lost: the form is still open with the name (it closed before the write
    # once), and the name fixed, the same form saves.
    form = pilot.app.screen
    assert isinstance(form, PlayerForm)
    assert form.query_one("#player-name", Input).value == "Ana"
    await press(pilot, "B e a ctrl+s")
    assert sorted(p.name for p in repository.list_players()) == ["Ana", "AnaBea"]
    assert not isinstance(pilot.app.screen, PlayerForm)


async def test_a_write_that_crashes_gives_its_form_back(
    pilot: Pilot[None], repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An error none of the write's checks expect (not an ElotuiError, OSError or ValueError)
    # ends its worker: the form must come back as typed, never stay "Saving…", and say why.
    def broken(self: Repository, name: str, **values: Any) -> None:
        raise RuntimeError("the disk went away")

    monkeypatch.setattr(Repository, "add_player", broken)
    told = keep_notices(pilot.app)
    await pilot.press("n")
    await press(pilot, "Bea ctrl+s")
    form = pilot.app.screen
    assert isinstance(form, PlayerForm)
    assert not form.saving
    assert form.query_one("#player-name", Input).value == "Bea"
    assert any("the disk went away" in notice.message for notice in told), told
    assert [p.name for p in repository.list_players()] == ["Ana"]


async def test_adding_and_editing_a_player(pilot: Pilot[None], repository: Repository) -> None:
    await press(pilot, "n Bea tab 1500 tab 2010 ctrl+s")
    bea = repository.find_player("Bea")
    assert (bea.start_rating, bea.birth_year) == (1500, 2010)
    assert history(pilot).model.player.name == "Bea"  # type: ignore[union-attr]
    await press(pilot, "p tab tab tab tab 30 ctrl+s")  # a fixed K
    assert repository.find_player("Bea").fixed_k == 30


def typed(text: str) -> list[str]:
    """Key presses that type `text` as it is, spaces and line breaks too (`keys` splits on spaces)."""
    return ["space" if c == " " else "enter" if c == "\n" else c for c in text]


# Tab stops of the game form after the result: event, event from, event to, own rating, rated, list,
# notes.
EVENT, EVENT_FROM, EVENT_TO, NOTES = 1, 2, 3, 7


async def test_a_game_is_added_with_its_event_dates_and_notes(
    pilot: Pilot[None], repository: Repository
) -> None:
    await pilot.press("a")
    await burst(pilot.app, [  # type: ignore[arg-type]
        *keys("2026-03-14 tab Magnus tab 1950 tab 1 tab Open tab 2026-03-13 tab 2026-03-15"),
        *["tab"] * (NOTES - EVENT_TO), *typed("Round 3\nsharp Najdorf"), "ctrl+s",
    ])  # fmt: skip
    await settle(pilot.app)  # type: ignore[arg-type]
    assert not isinstance(pilot.app.screen, GameForm)
    [game] = repository.list_games(repository.find_player("Ana").id)
    stored = repository.get_game(game.id)
    assert (stored.event, stored.event_start, stored.event_end) == (
        "Open", dt.date(2026, 3, 13), dt.date(2026, 3, 15),
    )  # fmt: skip
    assert stored.notes == "Round 3\nsharp Najdorf"


async def test_editing_a_game_changes_its_event_dates_and_notes(repository: Repository) -> None:
    ana = repository.find_player("Ana").id
    repository.add_game(
        ana,
        NewGame(dt.date(2026, 3, 14), 1950, Fraction(1), "Magnus", "Open",
                dt.date(2026, 3, 13), dt.date(2026, 3, 15), notes="Round 3"),
    )  # fmt: skip
    app = app_on(repository)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app)
        await edit_event_dates_and_notes(pilot, repository, ana)


async def edit_event_dates_and_notes(pilot: Pilot[None], repository: Repository, ana: int) -> None:
    await pilot.press("e")
    form = pilot.app.screen
    assert isinstance(form, GameForm)
    # The form shows what is stored.
    assert form.query_one("#game-event-start", Input).value == "2026-03-13"
    assert form.query_one("#game-event-end", Input).value == "2026-03-15"
    assert form.query_one("#game-notes", TextArea).text == "Round 3"
    # Same event name, new dates (a field's text is selected on Tab: typing replaces it); typed notes
    # go after the stored ones.
    await burst(pilot.app, [  # type: ignore[arg-type]
        *["tab"] * (3 + EVENT_FROM), *keys("2026-03-12 tab 2026-03-16"),
        *["tab"] * (NOTES - EVENT_TO), *typed(", won on time"), "ctrl+s",
    ])  # fmt: skip
    await settle(pilot.app)  # type: ignore[arg-type]
    assert not isinstance(pilot.app.screen, GameForm)
    [game] = repository.list_games(ana)
    assert (game.event, game.event_start, game.event_end, game.notes) == (
        "Open", dt.date(2026, 3, 12), dt.date(2026, 3, 16), "Round 3, won on time",
    )  # fmt: skip
    # Emptied dates store none.
    await press(pilot, "e" + " tab" * (3 + EVENT_FROM) + " backspace tab backspace ctrl+s")
    game = repository.get_game(game.id)
    assert (game.event_start, game.event_end, game.notes) == (None, None, "Round 3, won on time")


async def test_an_event_ending_before_it_starts_saves_nothing(
    pilot: Pilot[None], repository: Repository
) -> None:
    await pilot.press("a")
    await burst(pilot.app, [  # type: ignore[arg-type]
        *keys("2026-03-14 tab Magnus tab 1950 tab 1 tab Open tab 2026-03-15 tab 2026-03-13"),
        "ctrl+s",
    ])  # fmt: skip
    await settle(pilot.app)  # type: ignore[arg-type]
    form = pilot.app.screen
    assert isinstance(form, GameForm)  # still open
    end = form.query_one("#game-event-end", Input)
    assert end.has_class("-invalid") and end.has_focus
    reason = str(form.query_one("#game-event-end-reason", Static).content)
    assert reason == "the event cannot end before it starts (2026-03-15)"
    assert not form.query_one("#game-event-start", Input).has_class("-invalid")
    assert repository.count_games(repository.find_player("Ana").id) == 0
    # Moving the start back to the 12th clears the mark on the end, and the game saves.
    await burst(pilot.app, ["shift+tab", *keys("2026-03-12")])  # type: ignore[arg-type]
    await settle(pilot.app)  # type: ignore[arg-type]
    assert not end.has_class("-invalid")
    await press(pilot, "ctrl+s")
    [game] = repository.list_games(repository.find_player("Ana").id)
    assert (game.event_start, game.event_end) == (dt.date(2026, 3, 12), dt.date(2026, 3, 13))


async def test_an_event_date_that_is_no_date_is_marked(
    pilot: Pilot[None], repository: Repository
) -> None:
    await press(pilot, "a 2026-03-14 tab tab 1950 tab 1 tab tab 2026-02-30 ctrl+s")
    form = pilot.app.screen
    assert isinstance(form, GameForm)
    assert form.query_one("#game-event-start", Input).has_class("-invalid")
    reason = str(form.query_one("#game-event-start-reason", Static).content)
    assert reason == "the date 2026-02-30 does not exist"  # issue 12: not "expected YYYY-MM-DD"
    assert repository.count_games() == 0


async def test_notes_the_logbook_cannot_store_are_marked_not_written(
    pilot: Pilot[None], repository: Repository
) -> None:
    # A lone surrogate (undecodable bytes) cannot be stored as UTF-8: the repository refuses it.
    await press(pilot, "a 2026-03-14 tab tab 1950 tab 1")
    form = pilot.app.screen
    assert isinstance(form, GameForm)
    form.query_one("#game-notes", TextArea).text = "bad \udcff byte"
    await press(pilot, "ctrl+s")
    assert pilot.app.screen is form
    notes = form.query_one("#game-notes", TextArea)
    assert notes.has_class("-invalid") and notes.has_focus
    assert str(form.query_one("#game-notes-reason", Static).content) == (
        "the notes holds characters that are not valid text"
    )
    assert repository.count_games() == 0
    # Fixing the text clears the mark as it changes; then the game saves.
    notes.text = "bad byte"
    await settle(pilot.app)  # type: ignore[arg-type]
    assert not notes.has_class("-invalid")
    await press(pilot, "ctrl+s")
    [game] = repository.list_games(repository.find_player("Ana").id)
    assert game.notes == "bad byte"


async def test_the_player_form_takes_the_numbers_the_logbook_stores(
    pilot: Pilot[None], repository: Repository
) -> None:
    # 250,000 games before and FIDE id 3,000,000,000: the repository stores both (up to 1,000,000
    # and 999,999,999,999); the form used to refuse more than 100,000 and 2,000,000,000.
    await press(pilot, "n Cy tab 1500 tab tab 250000 tab tab 3000000000 ctrl+s")
    cy = repository.find_player("Cy")
    assert (cy.games_before, cy.fide_id) == (250_000, 3_000_000_000)
    # Past the repository's bound the field is marked and nothing changes.
    await press(pilot, "p tab tab tab 1000001 ctrl+s")
    form = pilot.app.screen
    assert isinstance(form, PlayerForm)
    assert form.query_one("#player-games-before", Input).has_class("-invalid")
    assert repository.find_player("Cy").games_before == 250_000


async def test_a_players_notes_are_saved_from_the_player_form(
    pilot: Pilot[None], repository: Repository
) -> None:
    # Tab stops: name, rating, birth year, games before, fixed K, FIDE id, ever 2400, notes.
    await pilot.press("n")
    await burst(pilot.app, [  # type: ignore[arg-type]
        *keys("Bea tab 1500"), *["tab"] * 6, *typed("Club champion 2025"), "ctrl+s",
    ])  # fmt: skip
    await settle(pilot.app)  # type: ignore[arg-type]
    assert repository.find_player("Bea").notes == "Club champion 2025"
    await pilot.press("p")
    form = pilot.app.screen
    assert isinstance(form, PlayerForm)
    assert form.query_one("#player-notes", TextArea).text == "Club champion 2025"
    await burst(pilot.app, [*["tab"] * 7, *typed("\ncoach: Ana"), "ctrl+s"])  # type: ignore[arg-type]
    await settle(pilot.app)  # type: ignore[arg-type]
    bea = repository.find_player("Bea")
    assert (bea.notes, bea.start_rating) == ("Club champion 2025\ncoach: Ana", 1500)
    # Bad text in the player's notes is marked and nothing changes.
    await pilot.press("p")
    form = pilot.app.screen
    form.query_one("#player-notes", TextArea).text = "\ud800"
    await press(pilot, "ctrl+s")
    assert isinstance(pilot.app.screen, PlayerForm)
    assert form.query_one("#player-notes", TextArea).has_class("-invalid")
    assert repository.find_player("Bea").notes == "Club champion 2025\ncoach: Ana"


async def test_a_published_rating_is_checked_against_the_replay(
    pilot: Pilot[None], repository: Repository
) -> None:
    await add_game(pilot, "2026-03-14", "Magnus", "1950", "1")
    # The April list publishes March's result: 1828 (see the add test).
    await press(pilot, "r 2026-04 tab 1828 ctrl+s")
    assert [
        (p.month, p.rating) for p in repository.list_published(repository.find_player("Ana").id)
    ] == [("2026-04", 1828)]
    assert row_of(pilot, "#fide-check", "2026-03")[13] == "1828 ✓"


async def enter_path(pilot: Pilot[None], key: str, path: Path) -> None:
    """Open the import (i) or export (x) prompt, put `path` in it, and go."""
    await pilot.press(key)
    pilot.app.screen.query_one("#path-file", Input).value = str(path)
    await press(pilot, "ctrl+s")


# --- import and export --------------------------------------------------------------------------------


async def test_import_lists_the_bad_lines_and_imports_nothing(
    pilot: Pilot[None], repository: Repository, tmp_path: Path
) -> None:
    source = tmp_path / "games.csv"
    source.write_text(
        "player,date,opponent,opponent_rating,result,event,event_start,event_end,own_rating,rated\n"
        "Ana,2026-03-01,Bob,1700,1,,,,,yes\n"
        "Ana,2026-03-02,Cid,99999,1,,,,,yes\n"
        "Ana,not a date,Dan,1700,2,,,,,yes\n",
        encoding="utf-8",
    )
    await enter_path(pilot, "i", source)
    assert isinstance(pilot.app.screen, ProblemsDialog)
    lines = str(pilot.app.screen.query_one("#problems-lines", Static).content)
    assert f"{source}:3:" in lines and f"{source}:4:" in lines
    assert repository.count_games() == 0
    await press(pilot, "escape")
    source.write_text(source.read_text().splitlines()[0] + "\nAna,2026-03-01,Bob,1700,1,,,,,yes\n")
    await enter_path(pilot, "i", source)
    assert repository.count_games() == 1
    assert table(pilot, "#games").row_count == 1


async def test_a_fide_list_file_from_the_dialog_checks_games_and_k(
    pilot: Pilot[None], repository: Repository, tmp_path: Path
) -> None:
    """Ana (1800, K 40: fewer than 30 games) with a FIDE id wins against 1950 in 2026-03: 1828. The
    2026-04 list (fed by 2026-03) says 1828 with 2 games and K 20: the rating agrees, the games
    do not (the logbook has 1); its K is the next period's (rules.md §2.13), not March's."""
    from tests.logbook.fide_list_files import SINGLE_APR25, row, txt, zipped

    ana = repository.find_player("Ana")
    repository.update_player(ana.id, expected=ana, fide_id=1503014)
    await add_game(pilot, "2026-03-14", "Magnus", "1950", "1")
    header = SINGLE_APR25.replace("APR25", "APR26")
    cells = {"ID Number": "1503014", "Name": "Ana, Ana", "APR26": "1828", "Gms": "2", "K": "20"}
    source = zipped(tmp_path / "standard_apr26frl.zip", "standard_apr26frl.txt",
                    txt([header, row(header, cells)]))  # fmt: skip
    told = keep_notices(pilot.app)
    await enter_path(pilot, "i", source)
    assert isinstance(pilot.app, ElotuiApp)
    await settle(pilot.app)
    assert [(p.month, p.rating, p.games, p.k) for p in repository.list_published(ana.id)] == [
        ("2026-04", 1828, 2, 20)
    ]
    assert any("1 player found" in n.message and "stored 1 published" in n.message for n in told)
    march = row_of(pilot, "#fide-check", "2026-03")
    assert march[13:] == ["1828 ✓", "2 ✗", ""]
    words = str(pilot.app.screen.query_one("#check-fide", Static).content)
    assert words == "FIDE rated 2 games in 2026-03, the logbook has 1: 1 game missing"


async def test_export_writes_the_logbook(
    pilot: Pilot[None], repository: Repository, tmp_path: Path
) -> None:
    await add_game(pilot, "2026-03-14", "Magnus", "1950", "1")
    target = tmp_path / "out.csv"
    await enter_path(pilot, "x", target)
    assert target.read_text().splitlines()[1] == "Ana,2026-03-14,Magnus,1950,1,,,,,yes,standard,"


# --- starting ----------------------------------------------------------------------------------------


async def test_no_logbook_says_how_to_open_one() -> None:
    app = create_app(AppSettings(start_mode="history", cursor_blink=False))
    async with app.run_test(size=SIZE):
        text = str(app.screen.query_one("#history-placeholder", Static).content)
        assert "--demo" in text


@pytest.mark.sqlite_only("the app's start looks at the file first (`ready_as_is`), file only")
async def test_a_logbook_file_opens_in_the_background(tmp_path: Path) -> None:
    path = tmp_path / "lazy.db"
    open_repository(path).add_player("Zoe", start_rating=1500)
    app = create_app(AppSettings(db_path=path, cursor_blink=False))
    async with app.run_test(size=SIZE) as pilot:
        assert app.current_mode == "calculator"
        await pilot.press("f3")
        await settle(app)
        assert history(pilot).model.player.name == "Zoe"  # type: ignore[union-attr]


@pytest.mark.sqlite_only("`ready_as_is` reads the file without SQLAlchemy")
def test_ready_as_is_tells_a_current_logbook_without_sqlalchemy(tmp_path: Path) -> None:
    path = tmp_path / "ready.db"
    assert not ready_as_is(path)  # no file yet: it must be created first
    open_repository(path).close()
    assert ready_as_is(path)
    other = tmp_path / "other.db"
    other.write_bytes(b"not a database at all")
    assert not ready_as_is(other)


@pytest.mark.usefixtures("a_terminal")
def test_history_command_refuses_an_unknown_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cli.db"
    assert main(["player", "add", "Ana", "--db", str(path)]) == 0
    assert main(["history", "--player", "Nobody", "--db", str(path)]) == 2
    assert "no player named 'Nobody'" in capsys.readouterr().err


async def test_the_check_note_names_the_cap_of_the_rule_sets_shown(repository: Repository) -> None:
    # "K a→b" marks a K the cap on K × games lowered: 700 from 2014-07, no cap before
    # (rules.md §3.2). A history of 2010 alone can never show the mark, so the note leaves
    # it out; one game in 2015 brings S2014 and its 700 cap.
    async def check_note() -> str:
        app = app_on(repository)
        async with app.run_test(size=SIZE) as pilot:
            await settle(app)
            return str(history(pilot).query_one("#check-note", Static).content)

    ana = repository.find_player("Ana")
    repository.add_new_games(ana.id, [NewGame(dt.date(2010, 3, 1), 1800, Fraction(1, 2))])
    note = await check_note()
    assert note.startswith("per game: each game rounded")
    assert "cap" not in note
    repository.add_new_games(ana.id, [NewGame(dt.date(2015, 3, 1), 1800, Fraction(1, 2))])
    note = await check_note()
    assert note.startswith("K a→b: 700 cap · per game: each game rounded")


async def test_quitting_stops_the_replay_being_loaded(
    repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Python waits for a thread before the process ends: a replay still running when the app
    # quits must stop at its next step (stopping.stop_when), not run to the end (seven seconds at
    # 1,000,000 games). Here the replay never ends by itself: only being stopped ends it.
    import threading

    import elotui.tui.screens.history.workers as workers
    from elotui.stopping import Stopped, check_stop

    started, ended = threading.Event(), threading.Event()
    outcome: list[str] = []

    def endless_replay(*args: Any, **kwargs: Any) -> None:
        started.set()
        try:
            for _ in range(6000):  # the test's bound if nothing stops it, not a wait it needs
                check_stop()
                ended.wait(0.01)
            outcome.append("never stopped")
        except Stopped:
            outcome.append("stopped")
            raise
        finally:
            ended.set()

    monkeypatch.setattr(workers, "replay_view", endless_replay)
    app = app_on(repository)
    told = keep_notices(app)
    async with app.run_test(size=SIZE):
        assert await pause_until(app, started.is_set)
        app.exit()
    assert await asyncio.to_thread(ended.wait, 60)
    assert outcome == ["stopped"]
    assert not any("cannot be read" in notice.message for notice in told)
