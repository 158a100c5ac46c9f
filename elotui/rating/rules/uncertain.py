"""Which of our decisions ("rule uncertain", rules.md §3.7) changed the numbers of one period
computed on its own (`elotui period`, `need`, the calculator's period mode).

The replay marks its periods in its month loop (`rating/replay/loop.py`, with the same tests per code);
this is the same reading for a period the user typed: one date, one rule set, each game its own event.
"""

from __future__ import annotations

from datetime import date

from elotui.rating.rules.k import KProfile, junior_in_birthday_year
from elotui.rating.rules.lookup import RULE_SETS, before_modelled
from elotui.rating.rules.period import PeriodResult
from elotui.rating.rules.records import DECISIONS, RuleSet


def later_cap(rules: RuleSet) -> int | None:
    """The 700 cap the list has from some later rule set on: what a missing cap is compared with."""
    return next(
        (r.k_times_games_max for r in RULE_SETS[rules.rating_list] if r.k_times_games_max),
        None,
    )


def period_marks(
    rules: RuleSet, result: PeriodResult, on: date, profile: KProfile | None = None
) -> tuple[str, ...]:
    """The decision codes (keys of `DECISIONS`) that changed `result`, in `DECISIONS` order."""
    decisions = rules.decisions
    marks: set[str] = set()
    if before_modelled(rules.rating_list, on):
        marks.add("before-modelled")
    junior_year = profile is not None and junior_in_birthday_year(rules, profile, on.year)
    if "junior-year" in decisions and junior_year:
        marks.add("junior-year")
    cap = later_cap(rules)
    if "no-cap" in decisions and result.cap_on and cap is not None and result.k * result.n > cap:
        marks.add("no-cap")
    if "cap-2014" in decisions and result.cap_applied:
        marks.add("cap-2014")
    if "rounding" in decisions and result.per_event_rounded_total != result.change_rounded:
        marks.add("rounding")
    if "floor-1400" in decisions and result.new_rating < rules.floor:
        marks.add("floor-1400")
    if "lower-rated-400" in decisions and any(g.diff < g.diff_used for g in result.games):
        marks.add("lower-rated-400")
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
    """The texts the reports print after "rule uncertain: "."""
    return [DECISIONS[code] for code in codes]
