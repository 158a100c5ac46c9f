"""Bad input marks the field with a one-line reason and blanks the results; fixing it brings them back."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from tests.tui.conftest import press_slowly, shown, text, type_keys

RESULT_CELLS = [f"{r}-{c}" for r in ("win", "draw", "loss") for c in ("exact", "rounded", "new")]


def assert_blank(pilot: Pilot[None]) -> None:
    for cell in RESULT_CELLS:
        assert shown(pilot.app, cell) == "", cell
    assert shown(pilot.app, "expected") == ""


async def test_nothing_marked_before_typing(pilot: Pilot[None]) -> None:
    assert not pilot.app.screen.query(".-invalid")
    assert "Type your rating" in text(pilot.app, "#status")
    assert_blank(pilot)


async def test_deleting_the_opponent_blanks_the_results(pilot: Pilot[None]) -> None:
    await press_slowly(pilot, "1500 tab 1600")
    assert shown(pilot.app, "win-rounded") == "+13"
    await press_slowly(pilot, "backspace backspace backspace backspace")
    assert_blank(pilot)
    assert pilot.app.screen.query_one("#opponent", Input).has_class("-invalid")
    assert text(pilot.app, "#opponent-reason") == "Opponent rating is empty"
    await type_keys(pilot, "1600")
    assert shown(pilot.app, "win-rounded") == "+13"
    assert not pilot.app.screen.query_one("#opponent", Input).has_class("-invalid")
    assert text(pilot.app, "#opponent-reason") == ""


@pytest.mark.parametrize(
    ("k", "reason"),
    [("0", "K must be from 1 to 100, not 0"), ("101", "K must be from 1 to 100, not 101")],
)
async def test_custom_k_out_of_range(pilot: Pilot[None], k: str, reason: str) -> None:
    await type_keys(pilot, f"1500 tab 1600 tab {k}")
    assert pilot.app.screen.query_one("#k", Input).has_class("-invalid")
    assert text(pilot.app, "#k-reason") == reason
    assert reason in text(pilot.app, "#status")
    assert_blank(pilot)
    await type_keys(pilot, "backspace backspace backspace 100")
    assert shown(pilot.app, "win-exact") == "+64.01"  # 100 × 0.64006


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("15a0", "Your rating must be a whole number (digits 0-9), not '15a0'"),
        ("50", "Your rating must be from 100 to 3500, not 50"),
        ("3501", "Your rating must be from 100 to 3500, not 3501"),
    ],
)
async def test_bad_rating(pilot: Pilot[None], typed: str, reason: str) -> None:
    await type_keys(pilot, f"tab 1600 shift+tab {typed}")
    assert text(pilot.app, "#rating-reason") == reason
    assert pilot.app.screen.query_one("#rating", Input).has_class("-invalid")
    assert_blank(pilot)


async def test_a_stale_number_never_stays(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600 tab tab w")
    assert "1513" in shown(pilot.app, "new-rating")
    await type_keys(pilot, "shift+tab shift+tab shift+tab backspace")  # rating 1500 → 150
    assert "1513" not in shown(pilot.app, "new-rating")
    assert shown(pilot.app, "win-rounded") != "+13"


async def test_several_games_names_the_empty_field(pilot: Pilot[None]) -> None:
    await press_slowly(pilot, "f6")  # nothing typed: Games G has its default 5
    assert text(pilot.app, "#status") == (
        "Type your rating, the average opponent and the points P: results follow every key."
    )
    await press_slowly(pilot, "f5 1500 tab 1600 f6")  # both ratings: only Points P is left
    assert text(pilot.app, "#status") == "Type the points P: results follow every key."


async def test_each_field_carries_its_parser_as_a_textual_validator(pilot: Pilot[None]) -> None:
    # product.md §1: your rating is a whole number 100–3500. Textual's own `Input.validate` gives the
    # reason the screen shows under the field; the screen, not Textual, decides when to mark it.
    field = pilot.app.screen.query_one("#rating", Input)
    assert field.validate_on == set()
    bad = field.validate("50")
    assert bad is not None and bad.failure_descriptions == [
        "Your rating must be from 100 to 3500, not 50"
    ]
    good = field.validate(" 3500 ")
    assert good is not None and good.is_valid
