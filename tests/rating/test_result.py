"""The one table of results (issue 14 item 2): every form of a win, a draw and a loss."""

from fractions import Fraction

import pytest

from elotui.rating.result import Result


@pytest.mark.parametrize(
    ("result", "halves", "score", "points", "symbol", "word"),
    [
        (Result.WIN, 2, Fraction(1), "1", "1", "win"),
        (Result.DRAW, 1, Fraction(1, 2), "0.5", "½", "draw"),
        (Result.LOSS, 0, Fraction(0), "0", "0", "loss"),
    ],
)
def test_every_form_of_a_result(
    result: Result, halves: int, score: Fraction, points: str, symbol: str, word: str
) -> None:
    assert (result.halves, result.score, result.points, result.symbol, result.word) == (
        halves,
        score,
        points,
        symbol,
        word,
    )
    assert Result.from_halves(halves) is result
    assert Result.from_score(score) is result
    assert Result.parse(points) is result and Result.parse(word.upper()) is result


def test_what_a_user_types() -> None:
    # The aliases the CLI (`--result`, `1900:0.5`), CSV and JSON imports and the forms took before.
    for text in ("1", "1.0", "w", " win "):
        assert Result.parse(text) is Result.WIN
    for text in ("0.5", ".5", "½", "1/2", "d", "Draw"):
        assert Result.parse(text) is Result.DRAW
    for text in ("0", "0.0", "l", "LOSS"):
        assert Result.parse(text) is Result.LOSS
    for text in ("", "2", "0.25", "=", "remis"):
        assert Result.parse(text) is None
    with pytest.raises(KeyError):
        Result.from_score(Fraction(1, 4))


def test_the_keys_of_the_result_picker() -> None:
    # "0.5" typed on the picker: 0 picks a loss, then "." makes it a draw.
    assert [Result.for_key(key) for key in "0."] == [Result.LOSS, Result.DRAW]
    assert [Result.for_key(key) for key in "1w=d5½l"] == [
        Result.WIN,
        Result.WIN,
        Result.DRAW,
        Result.DRAW,
        Result.DRAW,
        Result.DRAW,
        Result.LOSS,
    ]
    assert Result.for_key("x") is None
