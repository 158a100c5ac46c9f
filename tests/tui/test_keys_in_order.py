"""Keys in the order they arrived, however many arrive together (issue 12 item 1).

Each burst is posted to the app whole, without waiting for any key to be handled (`burst`), as a
terminal delivers a fast typist's keys, a paste or a key macro in one read. Textual 8.2.8 runs a
field's own bindings (Backspace, Ctrl+U, arrows...) only once the key has bubbled up to the app, and
inserts the characters after them at once: before `KeysInOrder` every case below came out wrong
(`ba`, `1600`, empty, `17005`, a game saved without its opponent's rating).
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Input

from elotui.logbook.repository import Repository, open_repository
from elotui.tui.app import AppSettings, create_app
from elotui.tui.widgets.forms import GameForm
from elotui.tui.widgets.keys_in_order import TextField
from tests.scenes.calculator import burst, key_event, keys, result_value
from tests.scenes.history import settle
from tests.tui.conftest import shown

pytestmark = pytest.mark.both_backends


def value(pilot: Pilot[None], selector: str) -> str:
    return pilot.app.screen.query_one(selector, Input).value


class OneField(App[None]):
    def compose(self) -> ComposeResult:
        yield TextField(id="field")


async def test_a_backspace_between_letters_deletes_the_letter_before_it() -> None:
    app = OneField()
    async with app.run_test() as pilot:
        await burst(app, ["b", "a", "backspace", "c"])  # type: ignore[arg-type]
        assert value(pilot, "#field") == "bc"


async def test_the_same_burst_in_a_bare_textual_input_shows_the_upstream_bug() -> None:
    """The reason for `KeysInOrder`: if this starts giving `bc`, Textual has fixed #6605 and the
    mechanism can go (see elotui/tui/widgets/keys_in_order.py)."""

    class Bare(App[None]):
        def compose(self) -> ComposeResult:
            yield Input(id="field")

    app = Bare()
    async with app.run_test() as pilot:
        await burst(app, ["b", "a", "backspace", "c"])  # type: ignore[arg-type]
        assert value(pilot, "#field") == "ba", "Textual#6605 looks fixed: drop KeysInOrder"


async def test_four_backspaces_then_2000_replace_the_opponent(pilot: Pilot[None]) -> None:
    await burst(pilot.app, keys("1500 tab 1600"))  # type: ignore[arg-type]
    await burst(pilot.app, ["backspace"] * 4 + list("2000"))  # type: ignore[arg-type]
    assert value(pilot, "#opponent") == "2000"
    # 1500 vs 2000, K 20: D = 500, E = 1/(1 + 10^(500/400)) = 0.0532; a win 20 × 0.9468 = +18.94.
    assert shown(pilot.app, "win-exact") == "+18.94"


async def test_ctrl_u_then_digits_replace_the_field(pilot: Pilot[None]) -> None:
    await burst(pilot.app, keys("1500"))  # type: ignore[arg-type]
    await burst(pilot.app, ["ctrl+u", *"1700"])  # type: ignore[arg-type]
    assert value(pilot, "#rating") == "1700"


async def test_left_left_then_a_digit_inserts_it_before_the_last_two(pilot: Pilot[None]) -> None:
    await burst(pilot.app, keys("1700"))  # type: ignore[arg-type]
    await burst(pilot.app, ["left", "left", "5"])  # type: ignore[arg-type]
    assert value(pilot, "#rating") == "17500"


async def test_home_and_delete_edit_where_the_cursor_is(pilot: Pilot[None]) -> None:
    await burst(pilot.app, ["1", "7", "0", "0", "home", "delete", "2", "end", "1"])  # type: ignore[arg-type]
    assert value(pilot, "#rating") == "27001"


async def test_backspaces_then_tab_edit_the_field_they_were_typed_in(pilot: Pilot[None]) -> None:
    # The backspaces belong to "Your rating": the Tab after them must not carry them to the opponent.
    await burst(pilot.app, keys("1500 backspace backspace tab 1600"))  # type: ignore[arg-type]
    assert (value(pilot, "#rating"), value(pilot, "#opponent")) == ("15", "1600")


async def test_k_presets_follow_the_keys_around_them(pilot: Pilot[None]) -> None:
    # K starts at 20 (selected on focus); down steps to the next preset, 10, then "0" is typed after
    # it: 100. With the preset applied after the digit, the field would end at 10.
    await burst(pilot.app, keys("1500 tab 1600 tab"))  # type: ignore[arg-type]
    await burst(pilot.app, ["down", "0"])  # type: ignore[arg-type]
    assert value(pilot, "#k") == "100"


def test_key_events_name_keys_as_a_terminal_sends_them() -> None:
    # Textual's key names (textual.keys): letters and digits are themselves, punctuation its
    # Unicode name in lower case, five of them shortened; a named key carries its character if any.
    named = {
        "a": "a", "7": "7", ".": "full_stop", "-": "minus", "+": "plus", "/": "slash",
        "@": "at", "_": "underscore", "[": "left_square_bracket", "½": "½",
    }  # fmt: skip
    for character, key in named.items():
        assert (key_event(character).key, key_event(character).character) == (key, character)
    assert (key_event("ctrl+u").key, key_event("ctrl+u").character) == ("ctrl+u", None)
    assert key_event("space").character == " "


# --- the game form ----------------------------------------------------------------------------------


@pytest.fixture
def repository(tmp_path: Path) -> Repository:
    repo = open_repository(tmp_path / "logbook.db")
    repo.add_player("Ana", start_rating=1800)
    return repo


async def test_the_game_form_saves_the_game_typed(repository: Repository) -> None:
    settings = AppSettings(start_mode="history", today=dt.date(2026, 3, 20), cursor_blink=False)
    app = create_app(settings, repository)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(app)
        await pilot.press("a")
        assert isinstance(app.screen, GameForm)
        # The burst; before the fix its Ctrl+U reached the app last and emptied the field
        # that had the focus by then, the opponent's rating.
        await burst(app, ["ctrl+u", *"2026-11-20", "tab", *"Name", "tab", *"1950"])
        await burst(app, ["tab", "1", "ctrl+s"])
        await settle(app)
        assert not isinstance(app.screen, GameForm)
    [game] = repository.list_games(repository.find_player("Ana").id)
    assert (game.date, game.opponent, game.opponent_rating, game.score) == (
        dt.date(2026, 11, 20), "Name", 1950, Fraction(1),
    )  # fmt: skip


async def test_enter_in_the_game_dialog_moves_to_the_result_before_the_next_key(
    pilot: Pilot[None],
) -> None:
    # `2100 Enter 1 Enter` in one burst: the first Enter moves to the (empty) result, the "1" is
    # typed there, the second Enter saves. 2000 vs 2100: D = −100, PD 0.36 (table 8.1.2), a win
    # +0.64, K 20 → +12.80 → rounded +13.
    from elotui.tui.widgets.game_dialog import GameDialog
    from elotui.tui.widgets.mode_panes import GamesTable

    await burst(pilot.app, keys("2000 f8"))  # type: ignore[arg-type]
    pilot.app.screen.query_one(GamesTable).focus()
    await burst(pilot.app, ["a", "|", *"2100", "enter", "1", "enter"])  # type: ignore[arg-type]
    assert not isinstance(pilot.app.screen, GameDialog)
    table = pilot.app.screen.query_one(GamesTable)
    assert table.get_row_at(0)[1:3] == ["2100", "1"]
    assert "→ rounded +13" in result_value(pilot.app, "period-change")
