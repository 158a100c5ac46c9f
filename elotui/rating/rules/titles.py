"""The FIDE Title Regulations' norm rules as data, by the date they came into force (rules.md §5).

One record per edition, chosen by the event's start date as the rating rule sets are
(`title_rules_for`, the shape of `lookup.rules_for`); the functions that apply them are in
`elotui.rating.norms`. The rating requirement of each title ("at some time") is `tiers.TITLE_REQUIREMENTS`.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from datetime import date
from fractions import Fraction
from typing import Literal, NamedTuple

from elotui.i18n import N_

NormTitle = Literal["GM", "IM", "WGM", "WIM"]
NORM_TITLES: tuple[NormTitle, ...] = ("GM", "IM", "WGM", "WIM")

# The titles that count as "title-holders" for the 50 % rule: every FIDE title but CM and WCM
# (rules.md §5.5).
TITLE_HOLDERS = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})


class NormRule(NamedTuple):
    """What one norm needs (rules.md §5.4 and §5.5)."""

    performance: int  # Rp at least this (after rounding)
    average: int  # Ra at least this
    floor: int  # the adjusted rating floor one opponent may be raised to
    # The titles that count toward "a third of the opponents" of this norm.
    norm_titles: frozenset[str]


class EventType(NamedTuple):
    """An event type the user names (`--event-type`): the exceptions of rules.md §5.2 and §5.6."""

    code: str
    label: str  # N_: shown with _()
    min_games: int  # the fewest games a norm needs in such an event
    federations_exempt: bool  # the federation requirements do not apply


EVENT_TYPES: dict[str, EventType] = {
    event.code: event
    for event in (
        EventType("ordinary", N_("an ordinary event"), 9, False),
        EventType("national-championship", N_("a national championship final"), 9, True),
        EventType("swiss-exempt", N_("a Swiss event with the exempting field"), 9, True),
        EventType("zonal", N_("a zonal or sub-zonal tournament"), 9, True),
        EventType("team", N_("an Olympiad or a team championship"), 9, True),
        EventType("team-7-rounds", N_("a 7-round world or continental team championship"), 7, True),
        EventType("world-cup", N_("the World Cup or the Women's World Championship"), 7, True),
    )
}


class TitleRules(NamedTuple):
    """One edition of the Title Regulations, for events starting from `starts`."""

    name: str  # "T2017", "T2024"
    starts: date
    norms: Mapping[str, NormRule]  # by NormTitle
    unrated_opponent: int  # an unrated opponent (not raised to the floor) counts as this
    min_score: Fraction  # share of the games counted
    min_games: int  # without an event type's exception
    games_counted_max: int  # a norm of a longer event counts as this many games toward the total
    total_games: int  # the norms of a title application cover at least this many games
    titled_share: Fraction  # at least this share of the opponents are title-holders
    norm_title_share: Fraction  # at least this share hold the norm's title (or one it names)
    norm_title_min: int  # and at least this many
    foreign_federations: int  # at least this many federations other than the player's
    own_federation_max: Fraction  # at most this share from the player's federation
    one_federation_max: Fraction  # at most this share from any one federation
    articles: Mapping[str, str]  # clause → the article of this edition that states it
    decisions: tuple[str, ...] = ()  # codes of NORM_DECISIONS this edition's values rely on


_NORMS: dict[str, NormRule] = {
    "GM": NormRule(2600, 2380, 2200, frozenset({"GM"})),
    "IM": NormRule(2450, 2230, 2050, frozenset({"GM", "IM"})),
    "WGM": NormRule(2400, 2180, 2000, frozenset({"GM", "IM", "WGM"})),
    "WIM": NormRule(2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"})),
}

# The clauses, as verdicts and reports name them, and the article of each edition (rules.md §5.1).
ARTICLES_2024 = {
    "games": "1.4.1", "forfeits": "1.4.2", "foreign": "1.4.3", "own-federation": "1.4.4",
    "one-federation": "1.4.4", "titled": "1.4.5", "norm-titled": "1.4.5", "floor": "1.4.6",
    "average": "1.4.8 a", "score": "1.4.8 b", "performance": "1.4.8", "total": "1.7",
}  # fmt: skip
ARTICLES_2017 = {
    "games": "1.41", "forfeits": "1.42", "foreign": "1.43", "own-federation": "1.44",
    "one-federation": "1.44", "titled": "1.45", "norm-titled": "1.45", "floor": "1.46",
    "average": "1.48a", "score": "1.48", "performance": "1.48", "total": "1.49",
}  # fmt: skip

# Our decisions where the text is silent or was not seen (rules.md §5.8), as "rule uncertain" says.
NORM_DECISIONS: dict[str, str] = {
    "norm-before-modelled": N_("before the modelled title rules (2017-07): read with T2017"),
    "norm-score-exact": N_(
        "the minimum score (35 %) is compared exactly, not rounded to a whole percent"
    ),
    "norm-event-types": N_("the event types' exceptions are written from the regulations as known"),
    "norm-unrated-1000": N_("unrated opponents count as 1000 before 2024"),
}

T2017 = TitleRules(
    name="T2017", starts=date(2017, 7, 1), norms=_NORMS, unrated_opponent=1000,
    min_score=Fraction(35, 100), min_games=9, games_counted_max=13, total_games=27,
    titled_share=Fraction(1, 2), norm_title_share=Fraction(1, 3), norm_title_min=3,
    foreign_federations=2, own_federation_max=Fraction(3, 5), one_federation_max=Fraction(2, 3),
    articles=ARTICLES_2017, decisions=("norm-score-exact", "norm-unrated-1000"),
)  # fmt: skip
T2024 = T2017._replace(
    name="T2024", starts=date(2024, 1, 1), unrated_opponent=1400, articles=ARTICLES_2024,
    decisions=("norm-score-exact",),
)  # fmt: skip

TITLE_RULES: tuple[TitleRules, ...] = (T2017, T2024)
_STARTS = [rules.starts for rules in TITLE_RULES]


def title_rules_for(day: date) -> TitleRules:
    """The Title Regulations for an event starting on `day` (before the first edition modelled,
    the first one: `norm_before_modelled` says so)."""
    return TITLE_RULES[max(0, bisect_right(_STARTS, day) - 1)]


def norm_before_modelled(day: date) -> bool:
    return day < TITLE_RULES[0].starts
