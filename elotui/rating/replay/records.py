"""What the replay reads (a player, games, its options) and what it returns (games, periods,
crossings), whole (`Replay`) or a period at a time (to a `PeriodSink`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Literal, NamedTuple, Protocol, TypedDict

from elotui.rating.rules.k import KReason
from elotui.rating.rules.records import Decision

if TYPE_CHECKING:
    from elotui.rating.rules.records import RatingList

CrossingKind = Literal["tier", "title", "k10", "floor"]
# "standard": unrated on a rapid or blitz list, rated with the standard list in force (rules.md §3.3);
# "raise": the 2022-10 raise of a rapid or blitz list to the standard list minus the rule set's
# `raise_to_standard_minus`.
StartSource = Literal[
    "profile", "published", "previous period", "uplift", "raise", "standard", "unrated"
]


# --- inputs -------------------------------------------------------------------------------------------


class PlayerLike(Protocol):
    """What the replay reads of a player (the logbook's player record has these names)."""

    @property
    def name(self) -> str: ...
    @property
    def birth_year(self) -> int | None: ...
    @property
    def start_rating(self) -> int | None: ...
    @property
    def games_before(self) -> int: ...
    @property
    def reached_2400(self) -> bool: ...
    @property
    def fixed_k(self) -> int | None: ...


class GameLike(Protocol):
    """What the replay reads of a game (the logbook's game record has these names)."""

    @property
    def id(self) -> int | None: ...
    @property
    def date(self) -> dt.date: ...
    @property
    def opponent(self) -> str | None: ...
    @property
    def opponent_rating(self) -> int | None: ...
    @property
    def score_halves(self) -> int: ...
    @property
    def own_rating(self) -> int | None: ...
    @property
    def rated(self) -> bool: ...
    @property
    def event(self) -> str | None: ...
    @property
    def event_start(self) -> dt.date | None: ...
    @property
    def event_end(self) -> dt.date | None: ...
    @property
    def rated_period(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class ReplayPlayer:
    """A player profile (product.md §2). `start_rating` None: unrated when the logbook starts."""

    name: str
    birth_year: int | None = None
    start_rating: int | None = None
    games_before: int = 0
    reached_2400: bool = False
    fixed_k: int | None = None


class ReplayGame(NamedTuple):
    """One game as the user entered it. `score_halves`: 2 win, 1 draw, 0 loss.

    A NamedTuple so that a database row in this column order becomes a game with `ReplayGame._make(row)`.
    """

    date: dt.date
    opponent_rating: int | None  # None: unrated opponent
    score_halves: int
    own_rating: int | None = None  # Ro used for this game, if known
    rated: bool = True  # False: not rated (a forfeit)
    event: str | None = None
    event_start: dt.date | None = None
    event_end: dt.date | None = None
    opponent: str | None = None
    id: int | None = None
    # The period it is pinned to ("2026-10"): wins over the calendar.
    rated_period: str | None = None


class StandardInForce:
    """The standard rating in force in each month (None: unrated on standard then).

    From the first standard period on: each period's list in force for each of its months, and after
    the last period the list it feeds (`Replay.current_rating`). Before the first standard period the
    standard rating is not known, so None (a decision: the logbook starts there).
    """

    def __init__(self, by_month: Mapping[int, int | None], last: int, after: int | None) -> None:
        self._by_month = dict(by_month)
        self._last = last  # the last month covered by a period
        self._after = after

    def at(self, month: int) -> int | None:
        """The standard list in force during `month` (a month index, `calendar.parse_month`)."""
        if month > self._last:
            return self._after
        return self._by_month.get(month)

    def first_difference(self, other: StandardInForce) -> int | None:
        """The first month whose list in force may differ between the two; None: they are the same."""
        differing = next(
            (m for m in sorted(self._by_month.keys() | other._by_month.keys())
             if self.at(m) != other.at(m)),
            None,
        )  # fmt: skip
        if self._last != other._last or self._after != other._after:
            # Past the shorter one's periods, its list after them stands for every month (even
            # before the other's first period).
            past = min(self._last, other._last) + 1
            differing = past if differing is None else min(differing, past)
        return differing


class ReplayOptions(TypedDict, total=False):
    """How a replay counts, besides the player, the games and the entered lists (`loop.replay`,
    `loop.replay_into`, `incremental.KeptReplay` all take them as keywords)."""

    apply_cap: bool  # the rule set's K×n cap (default True; False: not FIDE)
    rating_list: RatingList  # default "standard"
    # Rapid and blitz: the standard list in force by month (`lists.replay_lists` passes it); without
    # it the rules that read the standard list do nothing.
    standard: StandardInForce | None


# --- outputs ------------------------------------------------------------------------------------------


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
