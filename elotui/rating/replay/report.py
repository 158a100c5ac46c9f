"""What the replay returns: its games, periods and crossings, whole (`Replay`) or a period at a
time (to a `PeriodSink`). What it reads is `given`'s."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, NamedTuple, Protocol

from elotui.rating.rules.k import KReason
from elotui.rating.rules.rule_set import Decision

CrossingKind = Literal["tier", "title", "k10", "floor"]
# "standard": unrated on a rapid or blitz list, rated with the standard list in force (rules.md §3.3);
# "raise": the 2022-10 raise of a rapid or blitz list to the standard list minus the rule set's
# `raise_to_standard_minus`.
StartSource = Literal[
    "profile", "published", "previous period", "uplift", "raise", "standard", "unrated"
]


class ReplayedGame(NamedTuple):
    """One game after the replay. Rating values in hundredths are exact (K·ΔR never rounds per game)."""

    id: int | None
    date: dt.date
    period: str  # the period's name (its first month)
    opponent: str | None
    opponent_rating: int | None
    score_halves: int
    event: str | None
    counted: bool  # changed the rating: a rated game, a rated opponent, a rated player
    pooled: bool  # entered the initial-rating pool of an unrated player
    rating_before: int | None  # Ro used (own rating of the game, else the period start)
    diff_used: int | None  # D after the difference rule of the game's rule set
    clamped: bool  # the difference rule changed D
    expected: int | None  # PD, hundredths
    delta: int | None  # ΔR = score − PD, hundredths
    change_hundredths: int | None  # K_applied·ΔR, hundredths
    live_hundredths: int | None  # period start + K_applied·running ΣΔR, hundredths
    # Not rated by the rules (rapid and blitz from 2024-12: the rule set's `not_rated_gap`), though
    # entered as rated; `text.not_rated_text` says why.
    not_rated: bool = False

    @property
    def score(self) -> Fraction:
        return Fraction(self.score_halves, 2)

    @property
    def live_rating(self) -> Fraction | None:
        return None if self.live_hundredths is None else Fraction(self.live_hundredths, 100)


@dataclass(frozen=True, slots=True)
class ReplayPeriod:
    """One rating period of the FIDE check (one, two or three months, rules.md §3.5)."""

    period: str  # its first month, "YYYY-MM" (also the month of the list in force during it)
    list_month: str  # the list it feeds, "YYYY-MM"
    months: int  # months it covers
    rules: str  # the rule set it was computed with ("S2014"; the later one when eras mix)
    uncertain: tuple[str, ...]  # "rule uncertain" texts: our decisions that changed its numbers
    rating_start: int | None  # the list in force; None when unrated
    start_source: StartSource
    unrated: bool  # unrated during this period (initial-rating pool instead of a change)
    k: int | None  # before the rule set's K×n cap; None when unrated
    k_applied: int | None
    k_reason: str
    cap_applied: bool
    games_played_before: int  # rated games counted for the 30-game rule at the start
    n: int  # rated games against rated opponents (the n of the rule set's K×n cap)
    score_halves: int  # points of those games, in half points
    sum_delta: int | None  # Σ ΔR, hundredths
    change_hundredths: int | None  # K·Σ ΔR, exact
    change_rounded: int | None  # rounded once for the period, 0.5 away from zero
    per_event_rounded_total: int | None
    per_game_rounded_total: int | None
    clamped: int  # difference-rule applications
    performance: int | None
    rating_end: int | None  # start + rounded change, or a first initial rating; None if unrated
    unrated_next: bool  # rating_end below the floor (or no rating yet): unrated on the next list
    uplift: int | None  # a one-time uplift of the next list (2024-03: "uplift +160"); None: none
    published: int | None  # the entered list this period feeds (it publishes this result)
    matches_published: bool | None  # None when nothing is entered
    pool_games: int | None  # unrated: games in the initial-rating pool after this period
    initial_rating: int | None  # unrated: Ru from that pool (if it has a game)
    initial_published: bool  # the pool gave a first rating at the end of this period
    games_from: int  # this period's games are Replay.games[games_from:games_to]
    games_to: int
    # Rapid and blitz, 2022-10: the next list raised to the standard list minus the rule set's
    # `raise_to_standard_minus` ("2022-10 raise to 1750"), an adjustment shown like a published
    # rating; None: no raise.
    raised_to: int | None = None
    # The decisions behind `uncertain`, one per text in the same order: which decision a "*" is.
    decisions: tuple[Decision, ...] = ()
    # Which K rule gave `k` (`k_reason` says it in words); UNRATED for an unrated period.
    k_rule: KReason = KReason.UNRATED
    # FIDE's own figures, where a list file gave them (`ListFigures`; None: not given):
    # the games FIDE rated for the list this period feeds, against `n`;
    published_games: int | None = None
    matches_games: bool | None = None
    # the K FIDE holds as of the list in force during this period (its first month's), against `k`.
    published_k: int | None = None
    matches_k: bool | None = None

    @property
    def change(self) -> Fraction | None:
        return None if self.change_hundredths is None else Fraction(self.change_hundredths, 100)

    @property
    def score(self) -> Fraction:
        return Fraction(self.score_halves, 2)

    @property
    def rule_uncertain(self) -> bool:
        return bool(self.uncertain)

    @property
    def next_list(self) -> int | None:
        """The computed next list: the result, with the uplift where one applies."""
        if self.rating_end is None or self.unrated_next:
            return None
        if self.raised_to is not None:
            return self.raised_to + (self.uplift or 0)
        return self.rating_end + (self.uplift or 0)

    @property
    def rounding_difference(self) -> int | None:
        """Per-game-rounded total minus the period rounding (what simple calculators get wrong)."""
        if self.per_game_rounded_total is None or self.change_rounded is None:
            return None
        return self.per_game_rounded_total - self.change_rounded


@dataclass(frozen=True, slots=True)
class Crossing:
    period: str  # the period whose result is published
    date: dt.date  # the list day: the 1st of the month the period feeds
    kind: CrossingKind
    from_: str | None  # tier name, "unrated", or the K that ends; None for a title
    to: str  # tier name, "unrated", title, or "10"
    direction: Literal["up", "down"]
    rating: int  # the published rating (for a floor: the result below the floor)
    note: str = ""


@dataclass(frozen=True, slots=True)
class Replay:
    player: str
    games: tuple[ReplayedGame, ...]
    periods: tuple[ReplayPeriod, ...]
    crossings: tuple[Crossing, ...]
    apply_cap: bool
    current_rating: int | None  # the list after the last period (None: unrated)


class PeriodSink(Protocol):
    """Where a replay hands each period as soon as it is done (`loop.replay_into`): keeping them all
    (`sinks.ReplayCollector`, the `Replay`), or writing them out (`elotui replay --json`)."""

    def period(
        self, period: ReplayPeriod, games: list[ReplayedGame], crossings: list[Crossing]
    ) -> None:
        """One period: its row, its games (`Replay.games[period.games_from:period.games_to]`), the
        crossings of the list it feeds."""

    def finished(self, player: str, apply_cap: bool, current_rating: int | None) -> None:
        """After the last period: the `Replay` fields that are not periods, games or crossings."""
