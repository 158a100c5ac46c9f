"""The calculator's numbers, one place for the app and the CLI: a single game under either method,
several games against an average opponent, and a series of identical games.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction

from elotui.i18n import _
from elotui.rating.elo import expected_score
from elotui.rating.fide import counted_diff
from elotui.rating.result import Result
from elotui.rating.rounding import cents, round_half_away
from elotui.rating.rules.logistic import LOGISTIC_SCALE
from elotui.rating.rules.rule_set import RuleSet
from elotui.rating.tables import pd_hundredths
from elotui.rating.tiers import Tier, TierChange, tier_change, tier_of


class Method(StrEnum):
    ELO = "elo"  # logistic formula, no cap
    FIDE = "fide"  # table 8.1.2 after the difference rule of the rule set in force

    def text(self, rules: RuleSet) -> str:
        """What the method computes under `rules` (the difference rule is the rule set's)."""
        if self is Method.ELO:
            return _("logistic E = 1/(1+10^((Rb−Ra)/{scale})), no cap").format(scale=LOGISTIC_SCALE)
        from elotui.rating.rules.difference import difference_text

        return _("FIDE table 8.1.2, {difference}").format(difference=difference_text(rules))


@dataclass(frozen=True)
class Expectation:
    """E for one game: exact hundredths under `fide`, a float under `elo`."""

    method: Method
    value: float
    pd: int | None = None  # hundredths, fide only
    diff: int = 0
    diff_used: int = 0

    @property
    def clamped(self) -> bool:
        return self.diff != self.diff_used

    def change(self, k: int, score: Fraction) -> Decimal:
        """K·(S − E): exact to the hundredth under fide; the float's exact value under elo."""
        if self.pd is not None:
            return Decimal(k * (int(score * 100) - self.pd)) / 100
        return Decimal(k * (float(score) - self.value))


def expectation(
    rating: float,
    opponent: int,
    method: Method,
    played_on: date | None = None,
    rules: RuleSet | None = None,
) -> Expectation:
    """E of one game. Under `fide` D follows the difference rule of `rules`, else of the standard
    rule set of `played_on` (the event start); one of them is needed."""
    if method is Method.FIDE:
        own = round_half_away(Decimal(rating)) if not isinstance(rating, int) else rating
        diff_used = counted_diff(own, opponent, played_on, rules)
        pd = pd_hundredths(diff_used)
        return Expectation(method, pd / 100, pd, own - opponent, diff_used)
    diff = round_half_away(Decimal(rating)) - opponent
    return Expectation(method, expected_score(rating, opponent), None, diff, diff)


@dataclass(frozen=True)
class Outcome:
    result: str  # win / draw / loss
    score: Fraction
    change: Decimal  # exact (fide) or the float's value (elo)
    rounded: int  # half away from zero
    new_rating: int
    new_rating_exact: Decimal
    tier_after: Tier
    crossing: TierChange | None

    @property
    def change_cents(self) -> Decimal:
        return cents(self.change)


@dataclass(frozen=True)
class SingleGame:
    method: Method
    rating: int
    opponent: int
    k: int
    expected: Expectation
    outcomes: dict[str, Outcome]
    tier: Tier


def _outcome(rating: float, k: int, result: str, score: Fraction, change: Decimal) -> Outcome:
    rounded = round_half_away(change)
    new_exact = Decimal(rating) + change
    new_rating = round_half_away(Decimal(rating)) + rounded
    return Outcome(
        result, score, change, rounded, new_rating, new_exact, tier_of(new_rating),
        tier_change(rating, new_rating),
    )  # fmt: skip


def single_game(
    rating: int,
    opponent: int,
    k: int,
    method: Method = Method.ELO,
    played_on: date | None = None,
    rules: RuleSet | None = None,
) -> SingleGame:
    e = expectation(rating, opponent, method, played_on, rules)
    outcomes = {
        result.word: _outcome(rating, k, result.word, result.score, e.change(k, result.score))
        for result in (Result.WIN, Result.DRAW, Result.LOSS)
    }
    return SingleGame(method, rating, opponent, k, e, outcomes, tier_of(rating))


@dataclass(frozen=True)
class SeveralGames:
    """K·(P − G·E) against the average opponent: the average-opponent shortcut, an estimate."""

    method: Method
    rating: int
    opponent: int
    k: int
    games: int
    points: Fraction
    expected: Expectation
    change: Decimal
    rounded: int
    new_rating: int
    crossing: TierChange | None


def several_games(
    rating: int,
    opponent: int,
    k: int,
    games: int,
    points: Fraction,
    method: Method = Method.ELO,
    rules: RuleSet | None = None,
) -> SeveralGames:
    e = expectation(rating, opponent, method, rules=rules)
    if e.pd is not None:
        change = Decimal(k * (int(points * 100) - games * e.pd)) / 100
    else:
        change = Decimal(k * (float(points) - games * e.value))
    rounded = round_half_away(change)
    return SeveralGames(
        method, rating, opponent, k, games, points, e, change, rounded, rating + rounded,
        tier_change(rating, rating + rounded),
    )  # fmt: skip


@dataclass(frozen=True)
class SeriesStep:
    game: int
    rating_before: Decimal
    expected: float
    change: Decimal
    rating_after: Decimal


def series(
    rating: int,
    opponent: int,
    k: int,
    games: int,
    score: Fraction,
    method: Method = Method.ELO,
    *,
    exact: bool = False,
    rules: RuleSet | None = None,
) -> list[SeriesStep]:
    """N identical games, the rating updated after each one.

    Each step's change is rounded to a whole number (as the calculator does) unless `exact`; under
    `fide` the difference uses the current rating rounded to a whole number (D is an integer).
    """
    steps: list[SeriesStep] = []
    current = Decimal(rating)
    for game in range(1, games + 1):
        e = expectation(float(current) if exact else int(current), opponent, method, rules=rules)
        change = e.change(k, score)
        if not exact:
            change = Decimal(round_half_away(change))
        after = current + change
        steps.append(SeriesStep(game, current, e.value, change, after))
        current = after
    return steps
