"""A game's result, in every form elotui reads or writes it: the one table of results.

Stored as half points (0, 1, 2: the logbook's `score_halves`), computed as a `Fraction` score, written "1",
"0.5", "0" in files and JSON, "1", "½", "0" in tables, "win", "draw", "loss" in words. Every way a user may
type one (`Result.parse`) and every key that picks one in the app (`Result.for_key`: 1, ½, 0 and the
letters of the language spoken) is here, so a new alias is added once and the CLI, the app, CSV,
JSON and PGN all take it.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction

from elotui.i18n import N_, _, current_language


class Result(Enum):
    """Value = half points, as stored."""

    LOSS = 0
    DRAW = 1
    WIN = 2

    @property
    def halves(self) -> int:
        return self.value

    @property
    def score(self) -> Fraction:
        return _SCORES[self.value]

    @property
    def points(self) -> str:
        """As files and JSON write it: "1", "0.5", "0"."""
        return ("0", "0.5", "1")[self.value]

    @property
    def symbol(self) -> str:
        """As tables show it: "1", "½", "0"."""
        return ("0", "½", "1")[self.value]

    @property
    def word(self) -> str:
        """ "win", "draw", "loss": the word JSON and the options use, in every language."""
        return _WORDS[self.value]

    @property
    def label(self) -> str:
        """The word in the language spoken: "win" / "victoire"."""
        return _(_WORDS[self.value])

    @property
    def json_number(self) -> int | float:
        """The JSON number of the score (0.5 is exact in binary, so a float says it exactly)."""
        return (0, 0.5, 1)[self.value]

    @classmethod
    def from_halves(cls, halves: int) -> Result:
        return _BY_HALVES[halves]

    @classmethod
    def from_score(cls, score: Fraction) -> Result:
        """`KeyError` for a score that is not 0, ½ or 1."""
        return _BY_SCORE[score]

    @classmethod
    def parse(cls, text: str) -> Result | None:
        """What a user typed or a file holds (spaces and case ignored), or None."""
        return _ALIASES.get(text.strip().lower())

    @property
    def letter(self) -> str:
        """The key that picks it in the app, in the language spoken: w, d, l / v, n, d."""
        return next(k for k, result in result_letters().items() if result is self)

    @classmethod
    def for_key(cls, character: str) -> Result | None:
        """The result a key picks in the app (the result picker, the calculator), or None: 1, ½
        (or =), 0 in every language, and the letters of the language spoken."""
        return _KEYS.get(character) or result_letters().get(character)


def result_letters(language: str | None = None) -> dict[str, Result]:
    """The letters that pick a result in the app, in `language` (default: the language spoken):
    the initials of its words, so that in French d is défaite, never draw."""
    return RESULT_LETTERS.get(language or current_language(), RESULT_LETTERS["en"])


def letters_text(separator: str = " ") -> str:
    """The result letters of the language spoken, for the hints: "w d l" / "v n d"."""
    return separator.join(result.letter for result in (Result.WIN, Result.DRAW, Result.LOSS))


_SCORES = (Fraction(0), Fraction(1, 2), Fraction(1))
_WORDS = (N_("loss"), N_("draw"), N_("win"))
_BY_HALVES = (Result.LOSS, Result.DRAW, Result.WIN)
_BY_SCORE = {result.score: result for result in Result}
_ALIASES: dict[str, Result] = {
    "1": Result.WIN,
    "1.0": Result.WIN,
    "1,0": Result.WIN,
    "win": Result.WIN,
    "w": Result.WIN,
    "victoire": Result.WIN,
    "0.5": Result.DRAW,
    "0,5": Result.DRAW,
    ".5": Result.DRAW,
    ",5": Result.DRAW,
    "½": Result.DRAW,
    "1/2": Result.DRAW,
    "draw": Result.DRAW,
    "d": Result.DRAW,  # English's d; the French words have no one-letter form (d would be défaite)
    "nulle": Result.DRAW,
    "0": Result.LOSS,
    "0.0": Result.LOSS,
    "0,0": Result.LOSS,
    "loss": Result.LOSS,
    "l": Result.LOSS,
    "défaite": Result.LOSS,
    "defaite": Result.LOSS,  # typed without the accent
}
# The keys that pick a result in every language (the letters are each language's: RESULT_LETTERS).
_KEYS: dict[str, Result] = {
    "1": Result.WIN,
    "0": Result.LOSS,
    # "0.5" typed on the picker: the 0 picks a loss, then "." or "5" makes it a draw.
    ".": Result.DRAW,
    "5": Result.DRAW,
    "½": Result.DRAW,
    "=": Result.DRAW,
}
# By language (elotui.i18n.LANGUAGES): win, draw, loss / victoire, nulle, défaite.
RESULT_LETTERS: dict[str, dict[str, Result]] = {
    "en": {"w": Result.WIN, "d": Result.DRAW, "l": Result.LOSS},
    "fr": {"v": Result.WIN, "n": Result.DRAW, "d": Result.LOSS},
}
