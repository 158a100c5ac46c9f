"""K of a player for a period under a rule set, and the 700 cap (8.3.3 and its predecessors)."""

from __future__ import annotations

from enum import Enum
from typing import NamedTuple

from elotui.i18n import _
from elotui.rating.rules.rule_set import RuleSet


class KProfile(NamedTuple):
    """What decides a player's K at the start of a period (rules.md §2.6 and §2.7)."""

    birth_year: int | None = None
    games_played: int = 0  # rated games completed before the period
    reached_2400: bool = False  # ever published at 2400 or more
    reached_2300: bool = False  # ever published at 2300 or more
    fixed_k: int | None = None  # a K the user chose; replaces the K rules of every era, not the cap


def profile_with_rating(profile: KProfile, rules: RuleSet, rating: int | None) -> KProfile:
    """`profile` with what the rating at the period start says: it is the list just published, so
    at `top_from` (2400) or more the player has been published there (K 10 for good), and at
    `junior_until` (2300) or more the junior K is over."""
    if rating is None:
        return profile
    reached_2400 = profile.reached_2400 or rating >= rules.k.top_from
    reached_2300 = reached_2400 or profile.reached_2300 or rating >= rules.k.junior_until
    return profile._replace(reached_2400=reached_2400, reached_2300=reached_2300)


class KReason(Enum):
    """Which K rule gave a period's K: what a screen reads instead of searching the prose."""

    FIXED = "fixed"  # a K the user chose
    EVERYONE = "everyone"  # one K for every player (rapid and blitz until 2022-10)
    REACHED_2400 = "reached_2400"  # published at 2400 (with 30 games before 2014-07), for good
    JUNIOR = "junior"
    NEW_PLAYER = "new_player"  # fewer games than the rule set's 30
    UNDER_2400 = "under_2400"  # the regular K
    UNRATED = "unrated"  # no K: the player is unrated (the initial-rating pool)


class KDecision(NamedTuple):
    """K for a period, which rule gave it, and why in words (the reports' text)."""

    k: int
    reason: KReason
    text: str


def k_decision(rules: RuleSet, profile: KProfile, period_year: int) -> KDecision:
    """K for a period, before the 700 cap (K is fixed for the period from its start)."""
    rule = rules.k
    if profile.fixed_k is not None:
        return KDecision(profile.fixed_k, KReason.FIXED, _("fixed by the user"))
    if rule.everyone is not None:
        text = _("{k} for every player").format(k=rule.everyone)
        return KDecision(rule.everyone, KReason.EVERYONE, text)
    games = profile.games_played
    if profile.reached_2400 and (not rule.top_needs_games or games >= rule.games_for_regular):
        text = _("published {rating} reached").format(rating=rule.top_from)
        if rule.top_needs_games:
            text += _(", {games}+ games").format(games=rule.games_for_regular)
        return KDecision(rule.top, KReason.REACHED_2400, text)
    if (
        rule.junior is not None
        and profile.birth_year is not None
        and period_year - profile.birth_year <= rule.junior_age
        and not profile.reached_2300
    ):
        text = _("junior (born {year}), never {rating}").format(
            year=profile.birth_year, rating=rule.junior_until
        )
        return KDecision(rule.junior, KReason.JUNIOR, text)
    if games < rule.games_for_regular:
        text = _("new player, {games} of {needed} games").format(
            games=games, needed=rule.games_for_regular
        )
        return KDecision(rule.new_player, KReason.NEW_PLAYER, text)
    return KDecision(
        rule.regular, KReason.UNDER_2400, _("under {rating}").format(rating=rule.top_from)
    )


def k_factor(rules: RuleSet, profile: KProfile, period_year: int) -> tuple[int, str]:
    """K for a period and why in words, before the 700 cap (`k_decision` without the rule)."""
    decision = k_decision(rules, profile, period_year)
    return decision.k, decision.text


def k_choices(rules: RuleSet) -> dict[int, str]:
    """The K values of a rule set and who gets each: {25: "new player (< 30 games)", 15: ...}."""
    rule = rules.k
    if rule.everyone is not None:
        return {rule.everyone: _("every player")}
    choices: dict[int, list[str]] = {}
    choices.setdefault(rule.new_player, []).append(
        _("new player (< {games} games)").format(games=rule.games_for_regular)
    )
    if rule.junior is not None:
        choices.setdefault(rule.junior, []).append(
            _("junior under {rating}").format(rating=rule.junior_until)
        )
    choices.setdefault(rule.regular, []).append(_("under {rating}").format(rating=rule.top_from))
    choices.setdefault(rule.top, []).append(_("published {rating}").format(rating=rule.top_from))
    return {k: _(" or ").join(who) for k, who in choices.items()}


def junior_in_birthday_year(rules: RuleSet, profile: KProfile, period_year: int) -> bool:
    """The junior K came from reading "to the end of the year of the 18th birthday" in a year the
    player turns 18 (the decision "junior-year", where the text said "until the 18th birthday")."""
    return (
        profile.fixed_k is None
        and profile.birth_year is not None
        and period_year - profile.birth_year == rules.k.junior_age
        and k_decision(rules, profile, period_year).reason is KReason.JUNIOR
    )


def capped_k(rules: RuleSet, k: int, games: int) -> int:
    """K after the rule set's K×n cap (`k_times_games_max`: 700 from 2014-07, none before): the
    largest whole K with K × n within it."""
    limit = rules.k_times_games_max
    if games <= 0 or limit is None:
        return k
    return min(k, limit // games)
