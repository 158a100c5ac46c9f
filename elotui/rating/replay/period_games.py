"""The games of one period of the replay: which rule set counts each, and the fast loop that replays
them (each game's D, PD, ΔR and live rating, read from the tables of its rule set), for a rated
player and for an unrated one (the initial-rating pool).

The reference calculation of a period is `elotui.rating.rules.period_change.period_change`; this loop must
agree with it (tests/rating/test_replay_by_era.py holds the two against each other under every rule
set). They are not one function: the reference builds a `GameDelta` of Fractions per game and applies
the difference rule per game, which would make the replay of 100,000 games several times slower; the
loop reads the same rules from tables precomputed per rule set (`rules.difference.diff_tables`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Hashable, Sequence
from fractions import Fraction
from typing import NamedTuple

from elotui.rating.calendar import list_month
from elotui.rating.performance import performance_rating
from elotui.rating.replay.given import GameLike
from elotui.rating.replay.pool import InitialPool
from elotui.rating.replay.report import ReplayedGame
from elotui.rating.rounding import round_hundredths
from elotui.rating.rules.difference import (
    SPAN,
    DiffTables,
    counted_diff,
    not_rated,
    upgraded_games,
)
from elotui.rating.rules.initial import initial_from_totals, published_initial
from elotui.rating.rules.k import KProfile, KReason, capped_k, k_decision
from elotui.rating.rules.rule_set import RuleSet
from elotui.rating.rules.uncertain import rated_period_marks
from elotui.rating.tables import pd_hundredths

_new_game = tuple.__new__  # a ReplayedGame without the NamedTuple constructor's call overhead


class PeriodGames(NamedTuple):
    """What the first pass over a period's games finds: the rule set of each game and the counts."""

    # (index of the first game, its tables) where the rule set changes; games come in date order,
    # so a period has one run (one rule set) but for an era boundary or an event started earlier.
    runs: tuple[tuple[int, DiffTables], ...]
    latest: DiffTables | None  # the tables of the latest rule set its games started in
    n: int  # rated games against rated opponents, rated by the rules (the n of the K×n cap)
    score_halves: int  # their points
    skipped: frozenset[int]  # games the rule set does not rate (its `not_rated_gap`)

    @property
    def mixed(self) -> bool:
        return len({id(tables) for _, tables in self.runs}) > 1


def period_games(
    games: Sequence[GameLike],
    tables_of: Callable[[dt.date], DiffTables],
    rating_start: int | None,
) -> PeriodGames:
    """The first pass: each game is counted under the rule set of its event's start (its own date
    without an event); `tables_of` gives the tables of a day's rule set."""
    n = 0
    score_halves = 0
    runs: list[tuple[int, DiffTables]] = []
    latest: DiffTables | None = None
    current: DiffTables | None = None
    last_day = None
    gap = None
    skipped: set[int] = set()
    for i, g in enumerate(games):
        start = g.event_start or g.date
        if start != last_day:  # games come in date order: most share the previous one's day
            last_day = start
            found = tables_of(start)
            if found is not current:
                current = found
                runs.append((i, found))
                if latest is None or found.rules.starts > latest.rules.starts:
                    latest = found
                gap = found.rules.difference.not_rated_gap
        if g.rated and g.opponent_rating is not None:
            if gap is not None and rating_start is not None:
                assert current is not None
                ro = rating_start if g.own_rating is None else g.own_rating
                if not_rated(current.rules, ro, g.opponent_rating):
                    skipped.add(i)
                    continue
            n += 1
            score_halves += g.score_halves
    return PeriodGames(tuple(runs), latest, n, score_halves, frozenset(skipped))


class Outcome(NamedTuple):
    """The fields of a period row that differ between a rated and an unrated period."""

    unrated: bool
    k: int | None
    k_applied: int | None
    k_reason: str
    cap_applied: bool
    sum_delta: int | None
    change_hundredths: int | None
    change_rounded: int | None
    per_event_rounded_total: int | None
    per_game_rounded_total: int | None
    clamped: int
    performance: int | None
    rating_end: int | None
    unrated_next: bool
    pool_games: int | None
    initial_rating: int | None
    initial_published: bool
    k_rule: KReason


def uncounted_game(
    g: GameLike, label: str, ro: int | None, live: int | None, *, pooled: bool, skipped: bool
) -> ReplayedGame:
    """A game that does not change the rating: unrated opponent, not rated, not rated by the
    rules, or a game of an unrated player (`pooled` when it enters the initial-rating pool)."""
    return _new_game(
        ReplayedGame,
        (g.id, g.date, label, g.opponent, g.opponent_rating, g.score_halves, g.event, False,
         pooled, ro, None, False, None, None, None, live, skipped),
    )  # fmt: skip


# K·ΔR, exact and rounded per game, by K: ΔR is a whole number of hundredths in [−100, 100] (a score
# of 0, ½ or 1 minus a PD of 0 to 100 hundredths), so both are tables per K. The exact one also
# makes every game's change one shared int instead of a new one each (memory of 100,000 games).
_CHANGES: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}
_DELTA_SPAN = 100


def _changes(k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(K·ΔR, K·ΔR rounded) by ΔR + `_DELTA_SPAN`."""
    found = _CHANGES.get(k)
    if found is None:
        exact = tuple(k * delta for delta in range(-_DELTA_SPAN, _DELTA_SPAN + 1))
        found = _CHANGES[k] = (exact, tuple(round_hundredths(change) for change in exact))
    return found


class RatedPeriod(NamedTuple):
    """What a rated period's loop reads besides its games."""

    month: int
    label: str
    rules: RuleSet  # the period's rule set (K, cap, floor)
    base: int  # the list in force: Ro of every game without its own rating
    profile: KProfile
    apply_cap: bool


def rated_period(
    period: RatedPeriod,
    games: Sequence[GameLike],
    counted: PeriodGames,
    out_games: list[ReplayedGame],
    marks: set[str],
) -> Outcome:
    """Replay a rated player's period: appends its games to `out_games`, its decisions to `marks`."""
    rules = period.rules
    base = period.base
    label = period.label
    n = counted.n
    skipped = counted.skipped
    year = period.month // 12
    k, k_rule, k_reason = k_decision(rules, period.profile, year)
    k_applied = capped_k(rules, k, n) if period.apply_cap else k
    upgraded = _upgraded(games, counted, base)
    changes, rounded = _changes(k_applied)
    live = base * 100
    running = 0
    per_game_total = 0
    clamped_count = 0
    by_event: dict[Hashable, int] = {}
    opponents: list[int] = []
    lower_rated_limited = False
    runs = counted.runs
    for run, (run_from, t) in enumerate(runs):
        run_to = runs[run + 1][0] if run + 1 < len(runs) else len(games)
        # The tables' fields as locals: read once per run of games under one rule set.
        exempt_from, once = t.exempt_from, t.once_per_event
        limited_diff, limited_pd = t.limited_diff, t.limited_pd
        for i, g in enumerate(games[run_from:run_to], run_from):
            opponent = g.opponent_rating
            own = g.own_rating
            ro = base if own is None else own
            if opponent is None or not g.rated or (skipped and i in skipped):
                out_games.append(
                    uncounted_game(g, label, ro, live, pooled=False, skipped=i in skipped)
                )
                continue
            d = ro - opponent
            if -SPAN <= d <= SPAN:
                j = d + SPAN
                if ro >= exempt_from:
                    diff_used, pd = t.exempt_diff[j], t.exempt_pd[j]
                elif once and i not in upgraded:
                    diff_used, pd = t.spent_diff[j], t.spent_pd[j]
                else:
                    diff_used, pd = limited_diff[j], limited_pd[j]
            else:  # beyond the tables: a gap of more than SPAN points
                spent = once and i not in upgraded
                diff_used = counted_diff(t.rules, ro, opponent, upgrade_spent=spent)
                pd = pd_hundredths(diff_used)
            clamped = diff_used != d
            if clamped:
                clamped_count += 1
                if d < diff_used and once:
                    lower_rated_limited = True
            delta = g.score_halves * 50 - pd
            running += delta
            change = changes[delta + _DELTA_SPAN]
            live += change
            per_game_total += rounded[delta + _DELTA_SPAN]
            event_key = g.event if g.event is not None else i  # as `event_key`, inline for speed
            by_event[event_key] = by_event.get(event_key, 0) + delta
            opponents.append(opponent)
            out_games.append(
                _new_game(
                    ReplayedGame,
                    (g.id, g.date, label, g.opponent, opponent, g.score_halves, g.event, True,
                     False, ro, diff_used, clamped, pd, delta, change, live, False),
                )
            )  # fmt: skip
    change_total = k_applied * running
    change_rounded = round_hundredths(change_total)
    rating_end = base + change_rounded
    per_event_total = sum(round_hundredths(k_applied * t) for t in by_event.values())
    marks.update(
        rated_period_marks(
            rules, year, period.profile, k=k, k_applied=k_applied, n=n, cap_on=period.apply_cap,
            per_event_rounded_total=per_event_total, change_rounded=change_rounded,
            new_rating=rating_end, lower_rated_limited=lower_rated_limited,
        )
    )  # fmt: skip
    return Outcome(
        unrated=False,
        k=k,
        k_applied=k_applied,
        k_reason=k_reason,
        cap_applied=k_applied != k,
        sum_delta=running,
        change_hundredths=change_total,
        change_rounded=change_rounded,
        per_event_rounded_total=per_event_total,
        per_game_rounded_total=per_game_total,
        clamped=clamped_count,
        performance=performance_rating(opponents, Fraction(counted.score_halves, 2)),
        rating_end=rating_end,
        unrated_next=rating_end < rules.floor,
        pool_games=None,
        initial_rating=None,
        initial_published=False,
        k_rule=k_rule,
    )


def _upgraded(games: Sequence[GameLike], counted: PeriodGames, base: int) -> set[int]:
    """Under a once-per-event rule, the games in which the higher-rated player gets the limit."""
    if not any(t.once_per_event for _, t in counted.runs):
        return set()
    runs = counted.runs
    tables_by_game: list[DiffTables] = []
    for run, (run_from, t) in enumerate(runs):
        run_to = runs[run + 1][0] if run + 1 < len(runs) else len(games)
        tables_by_game.extend([t] * (run_to - run_from))
    indices = [
        i
        for i, g in enumerate(games)
        if g.rated and g.opponent_rating is not None and i not in counted.skipped
    ]
    chosen = upgraded_games(
        [tables_by_game[i].rules for i in indices],
        [event_key(games[i], i) for i in indices],
        [
            (base if g.own_rating is None else g.own_rating) - (g.opponent_rating or 0)
            for g in (games[i] for i in indices)
        ],
    )
    return {indices[j] for j in chosen}


def unrated_period(
    month: int,
    label: str,
    games: Sequence[GameLike],
    games_from: int,
    rules: RuleSet,
    score_halves: int,
    pool: InitialPool,
    out_games: list[ReplayedGame],
    marks: set[str],
) -> Outcome:
    """An unrated player's period: its games enter the initial-rating pool, which may publish a
    first rating at its end. `games_from`: the index of its first game in the replay (a game without
    an event is an event of its own across periods: its index in the replay names it)."""
    opponents = []
    for i, g in enumerate(games, games_from):
        opponent = g.opponent_rating
        pooled = g.rated and opponent is not None
        if pooled:
            assert opponent is not None
            pool.add(month, event_key(g, i), opponent, g.score_halves)
            opponents.append(opponent)
        out_games.append(uncounted_game(g, label, None, None, pooled=pooled, skipped=False))
    rule = rules.initial
    last_month = list_month(month) - 1
    pool_n, pool_total, pool_halves = pool.totals(
        last_month, rule.window_months, rule.first_event_ignored_up_to
    )
    initial = initial_from_totals(rule, pool_n, pool_total, pool_halves) if pool_n > 0 else None
    first_rating = initial is not None and published_initial(rule, rules.floor, pool_n, initial)
    if first_rating:
        if "initial-pool-9" in rules.decisions:
            marks.add("initial-pool-9")
        if "initial-15" in rules.decisions and pool_halves > pool_n:
            marks.add("initial-15")
    elif initial is not None and pool_n >= rule.min_games and "floor-1400" in rules.decisions:
        marks.add("floor-1400")
    rating_end = initial if first_rating else None
    return Outcome(
        unrated=True,
        k=None,
        k_applied=None,
        k_reason="unrated: initial-rating pool",
        cap_applied=False,
        sum_delta=None,
        change_hundredths=None,
        change_rounded=None,
        per_event_rounded_total=None,
        per_game_rounded_total=None,
        clamped=0,
        performance=performance_rating(opponents, Fraction(score_halves, 2)),
        rating_end=rating_end,
        unrated_next=rating_end is None,
        pool_games=pool_n,
        initial_rating=initial,
        initial_published=first_rating,
        k_rule=KReason.UNRATED,
    )


def event_key(game: GameLike, index: int) -> Hashable:
    """A game's event; a game without one is an event of its own (once-per-event rule, rounding):
    its index, which no event name equals."""
    return game.event if game.event is not None else index
