"""Random text into every field parser of the app's forms and calculator: always a value in range or
a one-line reason (`InvalidInput`), never another exception. The forms save only parsed values, so
this is what stands between a keystroke and the database."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elotui.rating import inputs
from elotui.rating.inputs import InvalidInput
from elotui.tui.widgets import forms

TEXT = st.one_of(
    st.text(max_size=40),
    st.from_regex(r"-?\d{1,12}(\.\d{0,4})?", fullmatch=True),
    st.sampled_from(
        ["", " ", "½", "1/2", "0.5", "1e999999", "nan", "inf", "2026-02-30", "2026-13", "1_500"]
    ),
)

PARSERS: dict[str, Callable[[str], Any]] = {
    "date": forms.parse_date,
    "month": forms.parse_month,
    "opponent rating": forms.optional_rating("opponent rating"),
    "birth year": forms.optional_whole("birth year", 1900, 2100),
    "name": forms.required_text("name"),
    "rating": inputs.parse_rating,
    "K": inputs.parse_k,
    "games": inputs.parse_games,
    "result": inputs.parse_score,
    "points of 5 games": lambda text: inputs.parse_points(text, 5),
}


def in_domain(field: str, value: Any) -> bool:
    if field == "date":
        return isinstance(value, dt.date)
    if field == "month":
        return isinstance(value, str) and len(value) == 7
    if field == "opponent rating":
        return value is None or inputs.RATING_MIN <= value <= inputs.RATING_MAX
    if field == "birth year":
        return value is None or 1900 <= value <= 2100
    if field == "name":
        return isinstance(value, str) and value != ""
    if field == "rating":
        return bool(inputs.RATING_MIN <= value <= inputs.RATING_MAX)
    if field == "K":
        return bool(inputs.K_MIN <= value <= inputs.K_MAX)
    if field == "games":
        return bool(1 <= value <= inputs.GAMES_MAX)
    if field == "result":
        return value in (Fraction(0), Fraction(1, 2), Fraction(1))
    return isinstance(value, Fraction) and 0 <= value <= 5 and (value * 2).denominator == 1


@pytest.mark.parametrize("field", sorted(PARSERS))
def test_every_field_gives_a_value_in_range_or_one_line_reason(field: str) -> None:
    @settings(max_examples=150, deadline=None)
    @given(TEXT)
    def check(text: str) -> None:
        try:
            value = PARSERS[field](text.strip())
        except InvalidInput as error:
            reason = str(error)
            assert reason and "\n" not in reason
            return
        assert in_domain(field, value), (field, text, value)

    check()
