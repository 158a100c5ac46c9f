"""The shape of a rule set: what FIDE decided for one list from one date (rules.md §3).

Every rule is a value of one of these records; the functions that apply them are in the modules beside
this one (`difference`, `k`, `initial`, `uplift`) and the values are in `standard` and `rapid_blitz`.
NamedTuples, not dataclasses: `elotui period` imports this, and `dataclasses` costs a sixth of that
process (tests/benchmarks/bench_period.py). They are immutable all the same.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from typing import Literal, NamedTuple

from elotui.i18n import N_, _

RatingList = Literal["standard", "rapid", "blitz"]
RATING_LISTS: tuple[RatingList, ...] = ("standard", "rapid", "blitz")


class DifferenceRule(NamedTuple):
    """How the rating difference D of a game is counted (8.3.1 and its predecessors)."""

    limit: int | None  # |D| over this counts as this; None: no limit (table 8.1.2 runs to 735)
    # The limit helps the higher-rated player in one game per event only.
    once_per_event: bool = False
    exempt_from: int | None = None  # no limit for a player whose own rating is at least this
    # A game is not rated at all when |D| reaches the first value and either player is rated above
    # the second (rapid and blitz from 2024-12).
    not_rated_gap: tuple[int, int] | None = None


class KRule(NamedTuple):
    """The K of a player for a period, in the precedence top down (8.3.3 and its predecessors)."""

    top: int  # K once published at `top_from` or more, for good
    top_from: int
    top_needs_games: bool  # before 2014-07 the top K also needed `games_for_regular` games
    new_player: int  # K until `games_for_regular` games are completed
    games_for_regular: int
    regular: int
    junior: int | None = None  # K of a junior never published at `junior_until`; None: no junior K
    junior_age: int = 18  # junior up to the end of the year the player reaches this age
    junior_until: int = 2300
    everyone: int | None = None  # one K for every player (the first rapid and blitz lists)


class InitialRule(NamedTuple):
    """How an unrated player's first rating is computed from pooled games (8.2 and predecessors)."""

    min_games: int  # games against rated opponents needed, pooled
    window_months: int  # games pooled over at most this many months
    first_event_ignored_up_to: int  # a first event scoring at most this many half points is ignored
    # Above 50 %: Ra + this per half point above 50 % (Ra = average of the opponents);
    # None: the 2024 method (two hypothetical draws, Ru = Ra + dp).
    per_half_point: Fraction | None
    hypothetical_games: int = 0  # hypothetical draws added to the pool
    hypothetical_opponent: int = 0  # their rating
    max_rating: int | None = None  # highest initial rating


class Uplift(NamedTuple):
    """A one-time raise of the list a rule set starts with: R in [low, high) becomes
    R + round(share · (toward − R)) (rules.md §3.4)."""

    low: int
    high: int
    toward: int
    share: Fraction


class RuleSet(NamedTuple):
    """One row of rules.md §3.2 or §3.3: the rules of one list for events starting from `starts`."""

    name: str  # "S2014", "RB2024-12"
    rating_list: RatingList
    starts: date  # first event start date it governs
    difference: DifferenceRule
    k: KRule
    k_times_games_max: int | None  # the 700 cap (K·n ≤ 700); None: no cap
    floor: int  # a period ending below this leaves the player unrated
    initial: InitialRule
    rounding_once: bool = True  # the period change rounded once, 0.5 away from zero (every era)
    uplift: Uplift | None = None  # applied to the first list of this rule set
    # Rapid and blitz (rules.md §3.3): a rating more than this below the standard list in force
    # is raised to standard − this on the first list of this rule set (2022-10); None: no raise.
    raise_to_standard_minus: int | None = None
    # Rapid and blitz: a player unrated on this list but rated on standard at the event start is rated
    # with that standard rating.
    unrated_takes_standard: bool = False
    # Titles are met by the rating on this list (the standard list only: FIDE Title Regulations).
    titles: bool = True
    decisions: tuple[str, ...] = ()  # DECISIONS codes: values of this rule set that are ours (D)


class Decision(NamedTuple):
    """One of our decisions where the sources are silent or disagree (rules.md §3, confidence
    D): the id the code and `replay --json` name it by (`rules_uncertain_ids`) and the text the
    reports print after "rule uncertain: "."""

    id: str
    text: str


def decisions_named(codes: set[str] | tuple[str, ...]) -> tuple[Decision, ...]:
    """The decisions of `codes`, in `DECISIONS` order (the order every report lists them in)."""
    return tuple(Decision(code, _(text)) for code, text in DECISIONS.items() if code in codes)


# What each decision code says, as the reports print it after "rule uncertain: " (marked for the
# catalog; `decisions_named` and `uncertain_texts` say it in the language spoken).
DECISIONS: dict[str, str] = {
    "before-modelled": N_("before the modelled rules (2006-04): replayed with S2006"),
    "mixed-eras": N_("events of two rule sets in one period: the later one's K and cap"),
    "rounding": N_("rounded once per period before 2024-03 (rounding per event differs here)"),
    "no-cap": N_("no 700 cap before 2014-07 (K·n is over 700 here)"),
    "cap-2014": N_("the 700 cap of 2014–2021 (it lowered K here)"),
    "floor-1400": N_("the 1400 floor of 2006–2009"),
    "junior-year": N_(
        "junior K to the end of the year of the 18th birthday (the text said the birthday)"
    ),
    "lower-rated-400": N_(
        "once-per-event 400 rule: the lower-rated player's differences count as 400 in every game"
    ),
    "initial-pool-9": N_("initial rating: 9 games pooled over 26 months"),
    "initial-15": N_("initial rating: 15 points per half point above 50 %"),
    "list-k": N_(
        "FIDE's K on a month's list is read as the K of the period that list starts (the list"
        " this period feeds holds another)"
    ),
}
