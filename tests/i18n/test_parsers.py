"""What a French user types is read in either language (issue 15 item 3): a decimal comma ("0,5",
"3,5"), the French words of a result; and a bad value is refused in the language spoken."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest

from elotui.i18n import set_language
from elotui.rating import inputs
from elotui.rating.result import Result

NBSP = "\u00a0"


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    set_language(request.param)
    yield request.param
    set_language("en")


@pytest.mark.parametrize(
    ("typed", "result"),
    [
        ("0,5", Result.DRAW), (",5", Result.DRAW), ("0.5", Result.DRAW), ("½", Result.DRAW),
        ("1,0", Result.WIN), ("0,0", Result.LOSS),
        ("victoire", Result.WIN), ("Nulle", Result.DRAW), (" défaite ", Result.LOSS),
        ("defaite", Result.LOSS), ("win", Result.WIN), ("d", Result.DRAW),
    ],
)  # fmt: skip
def test_a_result_is_read_in_both_languages(language: str, typed: str, result: Result) -> None:
    assert Result.parse(typed) is result
    assert inputs.parse_score(typed) == result.score


@pytest.mark.parametrize(("typed", "value"), [("3,5", Fraction(7, 2)), ("3.5", Fraction(7, 2)),
                                              ("3½", Fraction(7, 2)), ("0,5", Fraction(1, 2)),
                                              (",5", Fraction(1, 2)), ("4", Fraction(4))])  # fmt: skip
def test_points_take_a_comma_in_both_languages(language: str, typed: str, value: Fraction) -> None:
    assert inputs.parse_points(typed, 5) == value


def test_the_result_words_are_said_in_the_language_spoken(language: str) -> None:
    words = [result.label for result in (Result.WIN, Result.DRAW, Result.LOSS)]
    assert words == (
        ["victoire", "nulle", "défaite"] if language == "fr" else ["win", "draw", "loss"]
    )
    assert [r.word for r in Result] == ["loss", "draw", "win"]  # the contract word never changes


@pytest.mark.parametrize(
    ("parse", "english", "french"),
    [
        (lambda: inputs.parse_points("3,25", 5), "points go in halves (3 or 3.5), not 3,25",
         "les points vont par demis (3 ou 3,5), pas 3,25"),
        (lambda: inputs.parse_points("6", 5), "points must be from 0 to the 5 games played, not 6",
         "les points doivent aller de 0 aux 5 parties jouées, pas 6"),
        (lambda: inputs.parse_score("0,6"), "a result is 1, 0.5 or 0 (or win, draw, loss), not '0,6'",
         "un résultat est 1, 0,5 ou 0 (ou victoire, nulle, défaite), pas '0,6'"),
        (lambda: inputs.parse_rating("99"), "rating must be from 100 to 3500, not 99",
         f"classement{NBSP}: de 100 à 3500, pas 99"),
        (lambda: inputs.parse_rating("abc"), "rating must be a whole number (digits 0-9), not 'abc'",
         f"classement{NBSP}: un nombre entier (chiffres 0-9) est attendu, pas 'abc'"),
        (lambda: inputs.birth_year(""), "birth year is empty", f"année de naissance{NBSP}: vide"),
    ],
)  # fmt: skip
def test_a_bad_value_is_refused_in_the_language_spoken(
    language: str, parse: object, english: str, french: str
) -> None:
    assert callable(parse)
    with pytest.raises(inputs.InvalidInput) as refused:
        parse()
    assert str(refused.value) == (french if language == "fr" else english)
