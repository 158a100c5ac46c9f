"""`rules_for(rating_list, day)`: the one way any code gets rules."""

from __future__ import annotations

from bisect import bisect_right
from datetime import date

from elotui.rating.rules.rapid_blitz import BLITZ, RAPID
from elotui.rating.rules.rule_set import RatingList, RuleSet
from elotui.rating.rules.standard import STANDARD

RULE_SETS: dict[RatingList, tuple[RuleSet, ...]] = {
    "standard": STANDARD,
    "rapid": RAPID,
    "blitz": BLITZ,
}
_STARTS = {name: [r.starts for r in sets] for name, sets in RULE_SETS.items()}
# By name, the first of a name on its list: a replay's periods name theirs, thousands of lookups.
_NAMED = {(r.name, name): r for name, sets in RULE_SETS.items() for r in reversed(sets)}


def rules_for(rating_list: RatingList, day: date) -> RuleSet:
    """The rule set of `rating_list` for an event starting on `day` (a game's date without an event).

    Before the first modelled rule set (2006-04 standard, 2012-01 rapid and blitz) the first one is
    used; `before_modelled` says so.
    """
    sets = RULE_SETS[rating_list]
    return sets[max(0, bisect_right(_STARTS[rating_list], day) - 1)]


def rules_of(played_on: date | None, rules: RuleSet | None) -> RuleSet:
    """`rules`, else the standard rule set of `played_on`. Nothing here reads the clock: a caller
    with neither (the calculator, a command working for today) passes the rules of its own today."""
    if rules is not None:
        return rules
    if played_on is None:
        raise TypeError("give the rule set, or the day it is read from")
    return rules_for("standard", played_on)


def before_modelled(rating_list: RatingList, day: date) -> bool:
    """Whether `day` is before the first rule set of the list (replayed with it anyway, marked)."""
    return day < RULE_SETS[rating_list][0].starts


def rule_set_named(name: str, rating_list: RatingList = "standard") -> RuleSet:
    """The (first) rule set of that name on that list: `rule_set_named("S2014")`."""
    try:
        return _NAMED[name, rating_list]
    except KeyError:
        raise KeyError(f"no rule set {name!r} on the {rating_list} list") from None
