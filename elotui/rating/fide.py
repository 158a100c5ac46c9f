"""FIDE standard-rating rules (B.02 2024, amended 1 Oct 2025): 400-point rule, ΔR, K, the 700 cap,
and the rating change of one player for one rating period, in exact hundredths.

Where the text is silent this module follows `decisions.md`; each decision is one name below.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from fractions import Fraction
from typing import NamedTuple

from elotui.rating.performance import performance_rating
from elotui.rating.rounding import round_half_away
from elotui.rating.tables import pd_hundredths

MAX_COUNTED_DIFF = 400  # 8.3.1: a difference of more than 400 points counts as 400 ...
NO_CLAMP_FROM_RATING = 2650  # ... except, from 1 Oct 2025, for a player rated 2650 or more.
NO_CLAMP_FROM_DATE = date(2025, 10, 1)
CURRENT_RULES_FROM = date(
    2024, 3, 1
)  # decisions §10: earlier periods are computed with these rules
K_TIMES_GAMES_MAX = 700  # 8.3.3: K × n may not exceed 700
LIST_FLOOR = 1400  # 7.2.1: below this a player is listed as unrated
GAMES_FOR_K20 = 30  # 8.3.3: K 40 until 30 games are completed
JUNIOR_MAX_AGE = 18  # K 40 until the end of the year of the 18th birthday ...
JUNIOR_RATING_LIMIT = 2300  # ... while never published at 2300 or more
K10_RATING = 2400  # 8.3.3: K 10 for good once published at 2400


def clamp_applies(own: int, played_on: date | None) -> bool:
    """Whether the 400-point rule clamps this player's difference (decisions §5).

    Tested on the player's own rating only; `played_on` is the event start, else the game date.
    Without a date the current rules apply.
    """
    exempt_by_date = played_on is None or played_on >= NO_CLAMP_FROM_DATE
    return not (own >= NO_CLAMP_FROM_RATING and exempt_by_date)


def counted_diff(own: int, opponent: int, played_on: date | None = None) -> int:
    """D after the 400-point rule, for the player rated `own`."""
    diff = own - opponent
    if clamp_applies(own, played_on):
        return max(-MAX_COUNTED_DIFF, min(MAX_COUNTED_DIFF, diff))
    return diff


# The records here are NamedTuples, not dataclasses: `elotui period` is a whole process that scripts
# wait for, and importing `dataclasses` (which imports `inspect`) is a sixth of it
# (tests/benchmarks/bench_period.py); a replay makes one GameDelta per game, and a tuple is quicker.
class GameDelta(NamedTuple):
    """One rated game seen from the player: D, D after the 400 rule, PD and ΔR (hundredths)."""

    own: int
    opponent: int
    score: Fraction
    diff: int
    diff_used: int
    pd: int  # expected score, hundredths
    delta: int  # score − PD, hundredths
    event: str | None = None

    @property
    def clamped(self) -> bool:
        return self.diff != self.diff_used


def game_delta(
    own: int,
    opponent: int,
    score: Fraction,
    played_on: date | None = None,
    event: str | None = None,
) -> GameDelta:
    diff_used = counted_diff(own, opponent, played_on)
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
    )


class KProfile(NamedTuple):
    """What decides a player's K at the start of a period (decisions §6 and §7)."""

    birth_year: int | None = None
    games_played: int = 0  # rated games completed before the period
    reached_2400: bool = False  # ever published at 2400 or more
    reached_2300: bool = False  # ever published at 2300 or more
    fixed_k: int | None = None  # a K the user chose; replaces the FIDE rules, not the 700 cap


def k_factor(profile: KProfile, period_year: int) -> tuple[int, str]:
    """K for a period and why, in the precedence of decisions §6 (before the 700 cap)."""
    if profile.fixed_k is not None:
        return profile.fixed_k, "fixed by the user"
    if profile.reached_2400:
        return 10, "published 2400 reached"
    if (
        profile.birth_year is not None
        and period_year - profile.birth_year <= JUNIOR_MAX_AGE
        and not profile.reached_2300
    ):
        return 40, f"junior (born {profile.birth_year}), never 2300"
    if profile.games_played < GAMES_FOR_K20:
        return 40, f"new player, {profile.games_played} of {GAMES_FOR_K20} games"
    return 20, "under 2400"


def capped_k(k: int, games: int) -> int:
    """K after the last paragraph of 8.3.3: the largest whole K with K × n ≤ 700."""
    if games <= 0:
        return k
    return min(k, K_TIMES_GAMES_MAX // games)


class PeriodGame(NamedTuple):
    """A rated game of the period against a rated opponent."""

    opponent: int
    score: Fraction
    own: int | None = None  # Ro used for this game's event; else the period-start rating
    played_on: date | None = None  # event start, else game date; decides the 2650 exemption
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
    cap_on: bool = True
    notes: tuple[str, ...] = ()

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
        return self.new_rating < LIST_FLOOR


def period_change(
    rating: int,
    games: Sequence[PeriodGame],
    k: int,
    k_reason: str = "",
    *,
    apply_cap: bool = True,
) -> PeriodResult:
    """The rating change of one player over one rating period (reference algorithm, rules §4.6).

    `rating` is the rating at the start of the period (the previous list). Every game counts: pass
    only rated games against rated opponents.
    """
    k_applied = capped_k(k, len(games)) if apply_cap else k
    deltas = tuple(
        game_delta(
            g.own if g.own is not None else rating, g.opponent, g.score, g.played_on, g.event
        )
        for g in games
    )
    sum_delta = sum(d.delta for d in deltas)
    by_event: dict[object, int] = {}
    for index, d in enumerate(deltas):
        key: object = d.event if d.event is not None else ("game", index)
        by_event[key] = by_event.get(key, 0) + d.delta
    notes = []
    if not apply_cap:
        notes.append("700 cap turned off (not FIDE)")
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
        notes=tuple(notes),
    )
