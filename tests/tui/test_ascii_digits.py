"""The app's fields take numbers written with the digits 0-9 only, as the CLI and the imports do
(tests/faults/test_ascii_digits.py): `１５００` typed in a field was read as 1500."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from elotui.logbook.repository import Repository, open_repository
from elotui.tui.widgets.forms import PlayerForm
from tests.scenes.history import settle
from tests.tui.conftest import text, type_keys
from tests.tui.test_history import SIZE, app_on, press
from tests.tui.test_invalid_input import assert_blank


@pytest.mark.parametrize("typed", ["１５００", "١٥٠٠", "1_500"])
async def test_the_calculators_rating_field_refuses_other_digits(
    pilot: Pilot[None], typed: str
) -> None:
    await type_keys(pilot, f"tab 1600 shift+tab {typed}")
    reason = f"Your rating must be a whole number (digits 0-9), not '{typed}'"
    assert text(pilot.app, "#rating-reason") == reason
    assert pilot.app.screen.query_one("#rating", Input).has_class("-invalid")
    assert_blank(pilot)


@pytest.fixture
def repository(tmp_path: Path) -> Repository:
    repo = open_repository(tmp_path / "logbook.db")
    repo.add_player("Ana", start_rating=1800)
    return repo


@pytest.fixture
async def history(repository: Repository) -> AsyncIterator[Pilot[None]]:
    app = app_on(repository)
    async with app.run_test(size=SIZE) as running:
        await settle(app)
        yield running


@pytest.mark.sqlite_only("the field refuses what is typed before any write: no backend is asked")
@pytest.mark.parametrize("typed", ["１５００", "1_500"])
async def test_the_player_form_refuses_other_digits(
    history: Pilot[None], repository: Repository, typed: str
) -> None:
    # Today Bea is added with a start rating of 1500.
    await press(history, f"n Bea tab {typed} ctrl+s")
    form = history.app.screen
    assert isinstance(form, PlayerForm)  # still open: nothing saved
    reason = form.query_one("#player-rating-reason", Static)
    assert "must be a whole number (digits 0-9)" in str(reason.content), reason.content
    assert [p.name for p in repository.list_players()] == ["Ana"]


@pytest.mark.parametrize("typed", ["²", "１２", "1_2"])
def test_games_played_refuses_other_digits_without_crashing(typed: str) -> None:
    # Today "²" passed its str.isdigit() check and int() then raised a ValueError, which the
    # field's validator does not catch (it catches InvalidInput); "１２" was read as 12.
    from elotui.rating.inputs import InvalidInput
    from elotui.tui.screens.calculator.fields import GAMES_PLAYED

    with pytest.raises(InvalidInput, match=r"whole number \(digits 0-9\)"):
        GAMES_PLAYED.read(typed)
