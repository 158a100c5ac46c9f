"""The rating change of one player over one rating period under a rule set, in exact hundredths:
the reference calculation (rules.md §1.6), which the replay's fast loop must agree with.

Each game is counted under the rule set of its event's start (`PeriodGame.played_on`, else the
period's rule set); the period's rule set gives the 700 cap (rules.md §3.1: a period mixing eras
takes the later era's K and cap). A game its rule set does not rate (`difference.not_rated`, the
rule the replay applies too) counts for nothing: not for n, the cap, the change or the performance.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from fractions import Fraction
from typing import NamedTuple

from elotui.rating.performance import performance_rating
from elotui.rating.rounding import round_half_away
from elotui.rating.rules.difference import counted_diff, not_rated, upgraded_games
from elotui.rating.rules.k import capped_k
from elotui.rating.rules.lookup import rules_for, rules_of
from elotui.rating.rules.rule_set import RuleSet
from elotui.rating.tables import pd_hundredths


# The records here are NamedTuples, not dataclasses: `elotui period` is a whole process that scripts
# wait for, and importing `dataclasses` (which imports `inspect`) is a sixth of it
# (tests/benchmarks/bench_period.py).
class GameDelta(NamedTuple):
    """One rated game seen from the player: D, D after the difference rule, PD and ΔR (hundredths)."""

    own: int
    opponent: int
    score: Fraction
    diff: int
    diff_used: int
    pd: int  # expected score, hundredths
    delta: int  # score − PD, hundredths
    event: str | None = None
    rules: str = ""  # the rule set the game was counted under

    @property
    def clamped(self) -> bool:
        return self.diff != self.diff_used


def game_delta(
    own: int,
    opponent: int,
    score: Fraction,
    played_on: date | None = None,
    event: str | None = None,
    *,
    rules: RuleSet | None = None,
    upgrade_spent: bool = False,
) -> GameDelta:
    """One game under `rules`, else the standard rule set of `played_on`."""
    rules = rules_of(played_on, rules)
    diff_used = counted_diff(rules, own, opponent, upgrade_spent=upgrade_spent)
    pd = pd_hundredths(diff_used)
    return GameDelta(
        own=own,
        opponent=opponent,
        score=score,
        diff=own - opponent,
        diff_used=diff_used,
        pd=pd,
        delta=int(score * 100) - pd,
        event=event,
        rules=rules.name,
    )


class PeriodGame(NamedTuple):
    """A rated game of the period against a rated opponent."""

    opponent: int
    score: Fraction
    own: int | None = None  # Ro used for this game's event; else the period-start rating
    played_on: date | None = None  # event start, else game date: decides the game's rule set
    event: str | None = None


class PeriodResult(NamedTuple):
    rating: int
    k: int  # before the 700 cap
    k_applied: int
    k_reason: str
    games: tuple[GameDelta, ...]
    sum_delta: int  # Σ ΔR, hundredths
    change_hundredths: int  # K × Σ ΔR, exact, in hundredths
    change_rounded: int  # rounded once for the period, 0.5 away from zero (8.3.4)
    per_event_rounded_total: int
    per_game_rounded_total: int
    performance: int | None
    rules: str  # the period's rule set (its cap; the games name their own)
    floor: int  # the period's rule set's floor (a copy of it, for `unrated_next_list`)
    cap_on: bool = True
    # The games (indices in the games given) their rule set does not rate: not in `games`.
    not_rated: tuple[int, ...] = ()

    @property
    def n(self) -> int:
        return len(self.games)

    @property
    def score(self) -> Fraction:
        return sum((g.score for g in self.games), Fraction(0))

    @property
    def change(self) -> Fraction:
        return Fraction(self.change_hundredths, 100)

    @property
    def cap_applied(self) -> bool:
        return self.k_applied != self.k

    @property
    def clamped_games(self) -> int:
        return sum(1 for g in self.games if g.clamped)

    @property
    def new_rating(self) -> int:
        return self.rating + self.change_rounded

    @property
    def unrated_next_list(self) -> bool:
        return self.new_rating < self.floor


def period_change(
    rating: int,
    games: Sequence[PeriodGame],
    k: int,
    k_reason: str = "",
    *,
    apply_cap: bool = True,
    rules: RuleSet,
) -> PeriodResult:
    """The rating change of one player over one rating period (reference algorithm, rules.md §1.6).

    `rating` is the rating at the start of the period (the previous list); `rules` the period's rule
    set. Pass only rated games against rated opponents; those their rule set does not rate
    (`PeriodResult.not_rated`) count for nothing.
    """
    period_rules = rules
    every_rules = [
        rules_for(period_rules.rating_list, g.played_on)
        if g.played_on is not None
        else period_rules
        for g in games
    ]
    every_own = [g.own if g.own is not None else rating for g in games]
    unrated = tuple(
        index
        for index, (game_rules, own, g) in enumerate(
            zip(every_rules, every_own, games, strict=True)
        )
        if not_rated(game_rules, own, g.opponent)
    )
    if unrated:
        games = [g for index, g in enumerate(games) if index not in unrated]
    game_rules = [r for index, r in enumerate(every_rules) if index not in unrated]
    owns = [own for index, own in enumerate(every_own) if index not in unrated]
    k_applied = capped_k(period_rules, k, len(games)) if apply_cap else k
    # A game without an event is an event of its own (for the once-per-event rule and the rounding).
    events: list[object] = [
        g.event if g.event is not None else ("game", index) for index, g in enumerate(games)
    ]
    upgraded = upgraded_games(
        game_rules, events, [own - g.opponent for own, g in zip(owns, games, strict=True)]
    )
    deltas = tuple(
        game_delta(
            own, g.opponent, g.score, g.played_on, g.event,
            rules=game_rules[index], upgrade_spent=index not in upgraded,
        )
        for index, (own, g) in enumerate(zip(owns, games, strict=True))
    )  # fmt: skip
    sum_delta = sum(d.delta for d in deltas)
    by_event: dict[object, int] = {}
    for key, d in zip(events, deltas, strict=True):
        by_event[key] = by_event.get(key, 0) + d.delta
    return PeriodResult(
        rating=rating,
        k=k,
        k_applied=k_applied,
        k_reason=k_reason,
        games=deltas,
        sum_delta=sum_delta,
        change_hundredths=k_applied * sum_delta,
        change_rounded=round_half_away(Fraction(k_applied * sum_delta, 100)),
        per_event_rounded_total=sum(
            round_half_away(Fraction(k_applied * total, 100)) for total in by_event.values()
        ),
        per_game_rounded_total=sum(
            round_half_away(Fraction(k_applied * d.delta, 100)) for d in deltas
        ),
        performance=performance_rating(
            [d.opponent for d in deltas], sum((d.score for d in deltas), Fraction(0))
        ),
        cap_on=apply_cap,
        rules=period_rules.name,
        floor=period_rules.floor,
        not_rated=unrated,
    )


# The event of a typed period's games that name none: the one starting on the period's date.
THE_EVENT = ""


def typed_games(games: Sequence[PeriodGame], start: date) -> list[PeriodGame]:
    """Games typed for a period (`elotui period`, the calculator's period mode) as one event that
    starts on `start`, whose rule set counts them all: a game that names an event (`event`) belongs
    to that one instead. One event matters where the difference limit helps the higher-rated
    player once per event (S2022)."""
    return [
        g._replace(played_on=start, event=THE_EVENT if g.event is None else g.event) for g in games
    ]


def event_count(games: Sequence[PeriodGame]) -> int:
    """How many events the typed games make (after `typed_games`)."""
    return len({g.event for g in games})
