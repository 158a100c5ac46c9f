"""The replay's fast loop against the reference period calculation of `elotui.rating.rules`, for random
games under every rule set of every list, with event starts, own ratings and events set."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elotui.rating.calendar import month_index, month_label
from elotui.rating.replay import Replay, ReplayGame, ReplayPlayer, replay
from elotui.rating.rules import RULE_SETS, RatingList, RuleSet, rules_for
from elotui.rating.rules.difference import not_rated
from elotui.rating.rules.period_change import PeriodGame, period_change

EVERY_RULE_SET = [
    (rules, following)
    for sets in RULE_SETS.values()
    for rules, following in zip(sets, [*sets[1:], None], strict=True)
]

games_strategy = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=10_000),  # event start: a share of the rule set's span
        st.integers(min_value=0, max_value=4),  # game date − event start, days
        st.one_of(st.none(), st.integers(min_value=0, max_value=3)),  # event end − game date
        st.one_of(st.none(), st.integers(min_value=100, max_value=3500)),  # opponent
        st.sampled_from([2, 1, 0]),
        st.one_of(st.none(), st.integers(min_value=100, max_value=3500)),  # own rating
        st.sampled_from([None, "A", "B"]),
        st.booleans(),  # rated
    ),
    max_size=40,
)


Raw = list[tuple[int, int, int | None, int | None, int, int | None, str | None, bool]]


def entered_start(rules: RuleSet, games: list[ReplayGame], start: int) -> dict[str, int]:
    """The profile's start rating is the standard list's: a rapid or blitz replay starts from a rating
    entered on its own list, for the month of the earliest game (so its first period)."""
    if rules.rating_list == "standard" or not games:
        return {}
    return {month_label(month_index(min(g.date for g in games))): start}


def check_not_rated(result: Replay, games: list[ReplayGame], rating_list: RatingList) -> None:
    """Exactly the games the rule set of their event start does not rate (RB2024-12's 600 rule, on
    Ro and the opponent's rating) are flagged, and they count for nothing."""
    by_id = {g.id: g for g in games}
    for g in result.games:
        entered = by_id[g.id]
        expected = (
            entered.rated
            and g.rating_before is not None
            and g.opponent_rating is not None
            and not_rated(
                rules_for(rating_list, entered.event_start or entered.date),
                g.rating_before,
                g.opponent_rating,
            )
        )
        assert g.not_rated == expected
        if g.not_rated:
            assert not g.counted and g.change_hundredths is None


def build(rules: RuleSet, following: RuleSet | None, raw: Raw) -> list[ReplayGame]:
    """Games whose events all start while `rules` is in force (from its start to the next one's)."""
    window_end = following.starts if following else rules.starts + dt.timedelta(days=400)
    span = (window_end - rules.starts).days
    games = []
    for i, (share, played, ends, opp, halves, own, event, rated) in enumerate(raw):
        start = rules.starts + dt.timedelta(days=share * (span - 1) // 10_000)
        on = start + dt.timedelta(days=played)
        end = None if ends is None else on + dt.timedelta(days=ends)
        games.append(
            ReplayGame(on, opp, halves, own, rated, event, event_start=start, event_end=end, id=i)
        )
    return games


@pytest.mark.parametrize(
    ("rules", "following"),
    EVERY_RULE_SET,
    ids=[f"{r.rating_list}-{r.name}-{r.starts}" for r, _ in EVERY_RULE_SET],
)
@settings(max_examples=40, deadline=None)
@given(
    raw=games_strategy,
    start=st.integers(min_value=1000, max_value=3000),
    games_before=st.integers(min_value=0, max_value=40),
    apply_cap=st.booleans(),
)
def test_each_period_agrees_with_the_reference_under_every_rule_set(
    rules: RuleSet,
    following: RuleSet | None,
    raw: Raw,
    start: int,
    games_before: int,
    apply_cap: bool,
    same_period: Callable[..., None],  # tests/rating/conftest.py
) -> None:
    player = ReplayPlayer("P", birth_year=1990, start_rating=start, games_before=games_before)
    games = build(rules, following, raw)
    entered = entered_start(rules, games, start)
    result = replay(player, games, entered, apply_cap=apply_cap, rating_list=rules.rating_list)
    check_not_rated(result, games, rules.rating_list)
    by_id = {g.id: g for g in games}
    for month in result.periods:
        if month.unrated:
            continue
        assert month.rating_start is not None and month.k is not None
        counted = [g for g in result.games[month.games_from : month.games_to] if g.counted]
        played = [by_id[g.id] for g in counted]
        if month.games_to > month.games_from:
            # Every game was made under `rules`, so the period takes it (no era is mixed here).
            assert month.rules == rules.name
        reference = period_change(
            month.rating_start,
            [
                PeriodGame(g.opponent_rating or 0, g.score, g.rating_before, p.event_start, g.event)
                for g, p in zip(counted, played, strict=True)
            ],
            month.k,
            month.k_reason,
            apply_cap=apply_cap,
            rules=rules,
        )
        same_period(month, counted, reference)
        assert [rules.name] * len(counted) == [d.rules for d in reference.games]


BOUNDARIES = [(rules, following) for rules, following in EVERY_RULE_SET if following is not None]


@pytest.mark.parametrize(
    ("rules", "following"),
    BOUNDARIES,
    ids=[f"{r.rating_list}-{r.name}-{f.name}-{f.starts}" for r, f in BOUNDARIES],
)
@settings(max_examples=30, deadline=None)
@given(
    raw=games_strategy,
    start=st.integers(min_value=1000, max_value=3000),
    apply_cap=st.booleans(),
)
def test_periods_mixing_two_rule_sets_agree_with_the_reference(
    same_period: Callable[..., None],
    rules: RuleSet,
    following: RuleSet,
    raw: Raw,
    start: int,
    apply_cap: bool,
) -> None:
    """Events starting up to 60 days either side of a change of rule set: each game is counted under
    its event start's rule set, the period's K and cap are the later one's."""
    games = []
    for i, (share, played, ends, opp, halves, own, event, rated) in enumerate(raw):
        begins = following.starts + dt.timedelta(days=share * 120 // 10_000 - 60)
        on = begins + dt.timedelta(days=played)
        end = None if ends is None else on + dt.timedelta(days=ends)
        # An event's name is its start here, so that its games share one rule set.
        name = None if event is None else f"{event}{begins}"
        games.append(ReplayGame(on, opp, halves, own, rated, name, begins, end, id=i))
    player = ReplayPlayer("P", birth_year=1990, start_rating=start, games_before=100)
    entered = entered_start(rules, games, start)
    result = replay(player, games, entered, apply_cap=apply_cap, rating_list=rules.rating_list)
    check_not_rated(result, games, rules.rating_list)
    by_id = {g.id: g for g in games}
    for month in result.periods:
        if month.unrated or month.games_to == month.games_from:
            continue
        assert month.rating_start is not None and month.k is not None
        period_games = [by_id[g.id] for g in result.games[month.games_from : month.games_to]]
        starts = [g.event_start for g in period_games if g.event_start is not None]
        # The later era of the period's games (both records here are `rules` or `following`).
        period_rules = following if max(starts) >= following.starts else rules
        assert month.rules == period_rules.name
        counted = [g for g in result.games[month.games_from : month.games_to] if g.counted]
        reference = period_change(
            month.rating_start,
            [
                PeriodGame(g.opponent_rating or 0, g.score, g.rating_before,
                           by_id[g.id].event_start, g.event)
                for g in counted
            ],
            month.k,
            month.k_reason,
            apply_cap=apply_cap,
            rules=period_rules,
        )  # fmt: skip
        same_period(month, counted, reference)
