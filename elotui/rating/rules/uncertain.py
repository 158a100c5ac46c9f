"""Which of our decisions ("rule uncertain", rules.md §3.7) changed the numbers of one period
computed on its own (`elotui period`, `need`, the calculator's period mode).

`rated_period_marks` is the one reading of the marks of a rated period: the replay's periods
(`rating/replay/period_games.py`) and a period the user typed (`period_marks`: one date, one rule set,
each game its own event) both call it.
"""

from __future__ import annotations

from datetime import date

from elotui.i18n import _
from elotui.rating.rules.k import KProfile, junior_in_birthday_year
from elotui.rating.rules.lookup import RULE_SETS, before_modelled
from elotui.rating.rules.period_change import PeriodResult
from elotui.rating.rules.rule_set import DECISIONS, RuleSet


def later_cap(rules: RuleSet) -> int | None:
    """The 700 cap the list has from some later rule set on: what a missing cap is compared with."""
    return next(
        (r.k_times_games_max for r in RULE_SETS[rules.rating_list] if r.k_times_games_max),
        None,
    )


def rated_period_marks(
    rules: RuleSet,
    period_year: int,
    profile: KProfile | None,
    *,
    k: int,
    k_applied: int,
    n: int,
    cap_on: bool,
    per_event_rounded_total: int,
    change_rounded: int,
    new_rating: int,
    lower_rated_limited: bool,
) -> set[str]:
    """The decision codes that changed a rated period's numbers: the one reading of them, for the
    replay's periods (`rating/replay/period_games.py`) and for a period on its own (`period_marks`).

    `lower_rated_limited`: a lower-rated player's D was limited under a once-per-event rule."""
    decisions = rules.decisions
    marks: set[str] = set()
    if (
        "junior-year" in decisions
        and profile is not None
        and junior_in_birthday_year(rules, profile, period_year)
    ):
        marks.add("junior-year")
    cap = later_cap(rules)
    if "no-cap" in decisions and cap_on and cap is not None and k * n > cap:
        marks.add("no-cap")
    if "cap-2014" in decisions and k_applied != k:
        marks.add("cap-2014")
    if "rounding" in decisions and per_event_rounded_total != change_rounded:
        marks.add("rounding")
    if "floor-1400" in decisions and new_rating < rules.floor:
        marks.add("floor-1400")
    if lower_rated_limited:
        marks.add("lower-rated-400")
    return marks


def period_marks(
    rules: RuleSet, result: PeriodResult, on: date, profile: KProfile | None = None
) -> tuple[str, ...]:
    """The decision codes (keys of `DECISIONS`) that changed `result`, in `DECISIONS` order."""
    marks = rated_period_marks(
        rules, on.year, profile, k=result.k, k_applied=result.k_applied, n=result.n,
        cap_on=result.cap_on, per_event_rounded_total=result.per_event_rounded_total,
        change_rounded=result.change_rounded, new_rating=result.new_rating,
        lower_rated_limited="lower-rated-400" in rules.decisions
        and any(g.diff < g.diff_used for g in result.games),
    )  # fmt: skip
    if before_modelled(rules.rating_list, on):
        marks.add("before-modelled")
    return tuple(code for code in DECISIONS if code in marks)


def game_marks(rules: RuleSet, on: date, diff: int, diff_used: int) -> tuple[str, ...]:
    """The decision codes that changed one game's expected score (`elotui calc --method fide`)."""
    marks: set[str] = set()
    if before_modelled(rules.rating_list, on):
        marks.add("before-modelled")
    if "lower-rated-400" in rules.decisions and diff < diff_used:
        marks.add("lower-rated-400")
    return tuple(code for code in DECISIONS if code in marks)


def uncertain_texts(codes: tuple[str, ...]) -> list[str]:
    """The texts the reports print after "rule uncertain: ", in the language spoken."""
    return [_(DECISIONS[code]) for code in codes]
