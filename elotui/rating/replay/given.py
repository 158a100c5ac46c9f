"""What the replay reads: a player, games (`ReplayPlayer`, `ReplayGame`, or anything shaped like
them), and how it counts (`ReplayOptions`, the standard list in force for rapid and blitz). What it
returns is `report`'s."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypedDict

if TYPE_CHECKING:
    from elotui.rating.rules.rule_set import RatingList


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


class ListFigures(NamedTuple):
    """What FIDE's list of a month says of the player (`elotui published import`): the published
    rating, the games FIDE rated for that list (those of the period that feeds it) and the K it
    holds as of that list (the K of the period the list starts, rules.md §2.13). A published
    rating typed by hand is a plain int in `published`: it has no games nor K."""

    rating: int
    games: int | None = None
    k: int | None = None


# A month's entry in `published`: the rating typed by hand, or a list file's figures.
Published = int | ListFigures


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
