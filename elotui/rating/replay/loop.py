"""The month loop: one player's games → the FIDE period-by-period report, the live rating after every
game and the crossings (product.md §2, rules.md §2.3–§2.12, rules.md §3). A pure function: no I/O,
nothing stored.

Periods, lists and rules (the one place the replay decides them):
- A game belongs to the period of its event's end date, else of its own date, by the list calendar
  (`elotui.rating.calendar`: quarterly, bi-monthly, monthly; the closing-date rule), unless it is
  pinned to a period (`rated_period`, rules.md §3.5): the pin always wins.
- The **list in force during period P** (published on P's first day) is P's `rating_start`, the Ro of
  every game of P that carries no own rating (rules.md §2.4), and the state K is taken from (rules.md
  §2.6). P feeds the list of `list_month` (the next period's first month).
- A published rating the user entered for month M is the list of M; it always wins over the computed
  result (and over the 2024-03 uplift). An entry for a month that starts no period is the list in force
  during the period containing it. Each period row shows `published` = the entry for its `list_month`
  and `matches_published` = whether it equals the computed next list.
- Each game is counted under the rule set of its event's start (its own date without an event). A period
  takes the rule set of the latest era its games started in (with no games: the one of its first day);
  that rule set gives K, the cap, the floor and the initial-rating rule (rules.md §3.1, a decision
  marked "mixed-eras" where it matters). Each period names its rule set and the "rule uncertain" marks of
  the decisions that changed its numbers (`ReplayPeriod.uncertain`).
- Periods run, with no gaps, from the earliest of the first game's period and the first entered list to
  the latest of the last game's period and the period before the last entered list. Empty periods are
  included (n = 0), so the table has one row per period and the chart an even time axis.

Decisions taken where the specification leaves room (each is one name below):
- `rating_start` of the first period is the profile's start rating (a list rating, so it counts as
  published for the 2300/2400 flags), unless a published rating is entered for that month.
- "Ever published at 2300/2400" (rules.md §2.6) is any list in force up to and including the period's own:
  the start rating, every computed period result the player stays rated with, every entered list, plus the
  profile flag `reached_2400` (which implies 2300).
- Games counted for K (rules.md §2.7): `games_before` plus every rated game against a rated opponent of the
  earlier periods, whether the player was rated then or not.
- K is taken from the state at the period's start for every event of the period (the S2009 "K fixed at the
  event start" is the same list for every event that starts within the period).
- Games are listed in period order, then date, then input order (so a game of an event ending next period
  sits with that period's games, where its live rating belongs).
- Unrated periods have no K and no change (None); they show the initial-rating pool instead
  (`pool.InitialPool`), published as the period's `rating_end` once the pool has the games the rule set
  needs and Ru reaches its floor.

Rapid and blitz (rules.md §3.3; `rating_list`, with the standard list in force from
`lists.standard_in_force`):
- The profile's start rating, games before and 2400 flag are the standard list's: a rapid or blitz
  replay starts unrated, with no games before, unless a rating is entered for that list.
- A player unrated on the list when a period with rated games starts, and rated on standard then, is
  rated with that standard rating (`start_source` "standard"; the list in force during the period
  stands for "at the event start", a decision). No first-rating crossing is lost: the first result is a
  crossing from "unrated".
- The first list of a rule set with `raise_to_standard_minus` (2022-10) raises a rating more than that
  below the standard list of the same month to standard − that (`ReplayPeriod.raised_to`).
- A game the rule set does not rate (`difference.not_rated`: RB2024-12's 600 rule, judged on Ro and the
  opponent's rating) is listed with `not_rated` and counts for nothing: not for n, K, the change or the
  games played.
- Titles are met on the standard list only (`RuleSet.titles`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING, NamedTuple

from elotui.bulk import gc_paused
from elotui.rating.calendar import (
    first_day,
    list_month,
    month_index,
    month_label,
    parse_month,
    period_months,
    period_of_end,
    period_start,
    previous_period,
)
from elotui.rating.performance import performance_rating
from elotui.rating.replay.crossings import crossings_between, titles_met_by
from elotui.rating.replay.pool import InitialPool
from elotui.rating.replay.records import (
    Crossing,
    GameLike,
    PlayerLike,
    Replay,
    ReplayedGame,
    ReplayPeriod,
    StartSource,
)
from elotui.rating.rounding import round_hundredths
from elotui.rating.rules.difference import (
    SPAN,
    DiffTables,
    counted_diff,
    diff_tables,
    not_rated,
    upgraded_games,
)
from elotui.rating.rules.initial import initial_from_totals, published_initial
from elotui.rating.rules.k import KProfile, capped_k, junior_in_birthday_year, k_factor
from elotui.rating.rules.lookup import RULE_SETS, before_modelled, rules_for
from elotui.rating.rules.records import DECISIONS, RatingList, RuleSet
from elotui.rating.rules.uplift import uplifted
from elotui.rating.tables import pd_hundredths

if TYPE_CHECKING:
    from elotui.rating.replay.lists import StandardInForce

_DAYS_KEY = 1_000_000  # above any date ordinal: sort key = period month index · this + ordinal


def replay(
    player: PlayerLike,
    games: Sequence[GameLike],
    published: Mapping[str, int] | None = None,
    *,
    apply_cap: bool = True,
    rating_list: RatingList = "standard",
    standard: StandardInForce | None = None,
) -> Replay:
    """Replay a player's games period by period under the FIDE rules of each era, as elotui reads them.

    `published` maps "YYYY-MM" to the rating on that month's list, as the user entered it.
    `standard`: for a rapid or blitz replay, the standard list in force by month (`lists.replay_lists`
    passes it); without it the rules that read the standard list do nothing.
    """
    # One small tuple per game and no reference cycles: the collector's passes over 100,000 games
    # would cost about 40 % of the time.
    with gc_paused():
        return _Replayer(player, published or {}, apply_cap, rating_list, standard).run(games)


class _Replayer:
    """The state carried from period to period: the list in force, the flags that decide K, the games
    counted, the titles met and the initial-rating pool."""

    def __init__(
        self,
        player: PlayerLike,
        published: Mapping[str, int],
        apply_cap: bool,
        rating_list: RatingList,
        standard: StandardInForce | None,
    ) -> None:
        self.player = player
        self.apply_cap = apply_cap
        self.rating_list: RatingList = rating_list
        self.standard = standard
        # The profile's list values are the standard list's (see the module's docstring).
        on_standard = rating_list == "standard"
        self.start_rating = player.start_rating if on_standard else None
        # Entered lists by the period they start; an entry for a list month wins over one for another
        # month of the same period (sorted text is chronological).
        self.lists: dict[int, int] = {}
        for label, value in sorted(published.items()):
            month = parse_month(label)
            start = period_start(month)
            if month == start or start not in self.lists:
                self.lists[start] = value
        sets = RULE_SETS[rating_list]
        self.uplifts = {month_index(r.starts): r.uplift for r in sets if r.uplift is not None}
        self.raises = {
            month_index(r.starts): r.raise_to_standard_minus
            for r in sets
            if r.raise_to_standard_minus is not None
        }
        # What a missing cap is compared with ("no-cap"): the cap the list has later.
        self.later_cap = next(r.k_times_games_max for r in sets if r.k_times_games_max is not None)
        self.tables_by_day: dict[dt.date, DiffTables] = {}
        self.reached_2400 = player.reached_2400 and on_standard
        self.reached_2300 = self.reached_2400
        self.games_played = player.games_before if on_standard else 0
        self.titles_met: set[str] = set()
        self.pool = InitialPool()
        self.out_games: list[ReplayedGame] = []

    def note_published(self, rating: int, rules: RuleSet) -> None:
        if rating >= rules.k.junior_until:
            self.reached_2300 = True
        if rating >= rules.k.top_from:
            self.reached_2400 = True

    def tables_of(self, day: dt.date) -> DiffTables:
        found = self.tables_by_day.get(day)
        if found is None:
            found = self.tables_by_day[day] = diff_tables(rules_for(self.rating_list, day))
        return found

    def run(self, games: Sequence[GameLike]) -> Replay:
        player = self.player
        # One int per game orders by (period, date); a list already in that order is kept.
        period_by_end: dict[dt.date, int] = {}
        pinned_periods: dict[str, int] = {}
        sort_keys = []
        for g in games:
            pinned = g.rated_period
            if pinned is not None:  # the pin wins over the calendar (rules.md §3.5)
                found = pinned_periods.get(pinned)
                if found is None:
                    found = pinned_periods[pinned] = period_start(parse_month(pinned))
            else:
                end = g.event_end or g.date
                found = period_by_end.get(end)
                if found is None:
                    found = period_by_end[end] = period_of_end(end)
            sort_keys.append(found * _DAYS_KEY + g.date.toordinal())
        ordered: Sequence[GameLike] = games
        if any(a > b for a, b in pairwise(sort_keys)):
            order = sorted(range(len(sort_keys)), key=sort_keys.__getitem__)
            ordered = [games[i] for i in order]
            sort_keys = [sort_keys[i] for i in order]
        months = [key // _DAYS_KEY for key in sort_keys]
        lists = self.lists
        if months:
            first, last = months[0], months[-1]
        elif lists:
            first = last = min(lists)
        else:
            return Replay(player.name, (), (), (), self.apply_cap, self.start_rating)
        if lists:
            first = min(first, min(lists))
            last = max(last, previous_period(max(lists)))

        first_rules = rules_for(self.rating_list, first_day(first))
        rating: int | None
        source: StartSource
        if first in lists:
            rating, source = lists[first], "published"
        elif self.start_rating is not None:
            rating, source = self.start_rating, "profile"
        else:
            rating, source = None, "unrated"
        if rating is not None:
            self.note_published(rating, first_rules)
            if first_rules.titles:
                self.titles_met.update(titles_met_by(rating))
        if self.reached_2400:
            self.titles_met.update(titles_met_by(first_rules.k.top_from))

        periods: list[ReplayPeriod] = []
        crossings: list[Crossing] = []
        cursor = 0
        total_games = len(months)
        month = first
        while month <= last:
            start = cursor
            while cursor < total_games and months[cursor] == month:
                cursor += 1
            period_games = ordered[start:cursor]
            listed_before = rating
            if rating is None and self.standard is not None and period_games:
                rating, source = self.rated_from_standard(month, period_games)
                if rating is not None:
                    self.pool = InitialPool()  # rated now: no initial rating to compute
            period, next_rating, source, period_rules = self.period(
                month, period_games, start, rating, source
            )
            periods.append(period)
            reached_before = self.reached_2400
            k_before = k_factor(
                period_rules,
                KProfile(
                    player.birth_year, period.games_played_before, self.reached_2400,
                    self.reached_2300,
                ),
                month // 12,
            )[0]  # fmt: skip
            if next_rating is not None:
                self.note_published(next_rating, period_rules)
            crossings.extend(
                crossings_between(
                    period.period, first_day(list_month(month)), listed_before, next_rating,
                    period.rating_end, self.titles_met, self.games_played, k_before,
                    floor=period_rules.floor, top_from=period_rules.k.top_from,
                    became_top=self.reached_2400 and not reached_before,
                    titles=period_rules.titles,
                )
            )  # fmt: skip
            if (next_rating is None) != (listed_before is None):
                # Delisted, or rated for the first time: the initial-rating procedure starts again
                # next time (rules.md §2.8).
                self.pool = InitialPool()
            rating = next_rating
            month = list_month(month)

        return Replay(
            player=player.name,
            games=tuple(self.out_games),
            periods=tuple(periods),
            crossings=tuple(crossings),
            apply_cap=self.apply_cap,
            current_rating=rating,
        )

    def rated_from_standard(
        self, month: int, period_games: Sequence[GameLike]
    ) -> tuple[int | None, StartSource]:
        """An unrated player's start on a rapid or blitz list: the standard list in force, when the
        rule set says so and the period has a rated game against a rated opponent."""
        assert self.standard is not None
        rules = rules_for(self.rating_list, first_day(month))
        plays = any(g.rated and g.opponent_rating is not None for g in period_games)
        standard = self.standard.at(month) if rules.unrated_takes_standard and plays else None
        if standard is None:
            return None, "unrated"
        return standard, "standard"

    def period(
        self,
        month: int,
        period_games: Sequence[GameLike],
        games_from: int,
        rating_start: int | None,
        start_source: StartSource,
    ) -> tuple[ReplayPeriod, int | None, StartSource, RuleSet]:
        """One period: its row, the next list, where that list comes from, and its rule set."""
        n = 0
        score_halves = 0
        tables: list[DiffTables] = []
        latest: DiffTables | None = None
        mixed = False
        tables_by_day = self.tables_by_day
        last_day = None
        found = None
        gap = None
        skipped: set[int] = set()  # games the rule set does not rate (RB2024-12's 600 rule)
        for i, g in enumerate(period_games):
            start = g.event_start or g.date
            if start != last_day:  # games come in date order: most share the previous one's day
                last_day = start
                found = tables_by_day.get(start) or self.tables_of(start)
                gap = found.rules.difference.not_rated_gap
            assert found is not None
            tables.append(found)
            if found is not latest:
                if latest is None:
                    latest = found
                else:
                    mixed = True
                    if found.rules.starts > latest.rules.starts:
                        latest = found
            if g.rated and g.opponent_rating is not None:
                if gap is not None and rating_start is not None:
                    ro = rating_start if g.own_rating is None else g.own_rating
                    if not_rated(found.rules, ro, g.opponent_rating):
                        skipped.add(i)
                        continue
                n += 1
                score_halves += g.score_halves
        day = first_day(month)
        rules = latest.rules if latest is not None else rules_for(self.rating_list, day)
        marks: set[str] = set()
        if before_modelled(self.rating_list, day):
            marks.add("before-modelled")
        if mixed:
            marks.add("mixed-eras")
        games_played_before = self.games_played
        profile = KProfile(
            self.player.birth_year, games_played_before, self.reached_2400, self.reached_2300,
            self.player.fixed_k,
        )  # fmt: skip
        label = month_label(month)
        if rating_start is not None:
            outcome = self.rated_period(
                month, label, period_games, tables, rules, rating_start, n, score_halves, profile,
                marks, skipped,
            )  # fmt: skip
        else:
            outcome = self.unrated_period(month, label, period_games, rules, score_halves, marks)
        self.games_played += n
        next_rating = None if outcome.unrated_next else outcome.rating_end
        raised_to = None
        # The raise of the list this period feeds to standard − N (rapid and blitz, 2022-10).
        below = self.raises.get(list_month(month))
        if below is not None and next_rating is not None and self.standard is not None:
            standard = self.standard.at(list_month(month))
            if standard is not None and next_rating < standard - below:
                raised_to = next_rating = standard - below
        uplift = None
        # A one-time uplift of the list this period feeds, from the rule set that starts with it.
        uplift_rule = self.uplifts.get(list_month(month))
        if uplift_rule is not None and next_rating is not None:
            raised = uplifted(uplift_rule, next_rating)
            if raised != next_rating:
                uplift, next_rating = raised - next_rating, raised
        source: StartSource
        if uplift is not None:
            source = "uplift"
        elif raised_to is not None:
            source = "raise"
        else:
            source = "previous period" if next_rating is not None else "unrated"
        entered = self.lists.get(list_month(month))
        matches = None
        if entered is not None:
            matches = next_rating == entered
            next_rating, source = entered, "published"
        period = ReplayPeriod(
            period=label,
            list_month=month_label(list_month(month)),
            months=period_months(month),
            rules=rules.name,
            uncertain=tuple(text for code, text in DECISIONS.items() if code in marks),
            rating_start=rating_start,
            start_source=start_source,
            games_played_before=games_played_before,
            n=n,
            score_halves=score_halves,
            uplift=uplift,
            published=entered,
            matches_published=matches,
            games_from=games_from,
            games_to=games_from + len(period_games),
            raised_to=raised_to,
            **outcome._asdict(),
        )
        return period, next_rating, source, rules

    def rated_period(
        self,
        month: int,
        label: str,
        period_games: Sequence[GameLike],
        tables: Sequence[DiffTables],
        rules: RuleSet,
        base: int,
        n: int,
        score_halves: int,
        profile: KProfile,
        marks: set[str],
        skipped: set[int],
    ) -> _Outcome:
        year = month // 12
        k, k_reason = k_factor(rules, profile, year)
        k_applied = capped_k(rules, k, n) if self.apply_cap else k
        decisions = rules.decisions
        if "junior-year" in decisions and junior_in_birthday_year(rules, profile, year):
            marks.add("junior-year")
        if "no-cap" in decisions and self.apply_cap and k * n > self.later_cap:
            marks.add("no-cap")
        if "cap-2014" in decisions and k_applied != k:
            marks.add("cap-2014")
        # Under a once-per-event rule, the games in which the higher-rated player gets the limit.
        upgraded: set[int] = set()
        if any(t.once_per_event for t in tables):
            counted = [
                i
                for i, g in enumerate(period_games)
                if g.rated and g.opponent_rating is not None and i not in skipped
            ]
            chosen = upgraded_games(
                [tables[i].rules for i in counted],
                [_event_key(period_games[i], i) for i in counted],
                [
                    (base if g.own_rating is None else g.own_rating) - (g.opponent_rating or 0)
                    for g in (period_games[i] for i in counted)
                ],
            )
            upgraded = {counted[j] for j in chosen}
        out_games = self.out_games
        new_game = (
            tuple.__new__
        )  # a ReplayedGame without the NamedTuple constructor's call overhead
        live = base * 100
        running = 0
        per_game_total = 0
        clamped_count = 0
        by_event: dict[Hashable, int] = {}
        opponents: list[int] = []
        current: DiffTables | None = None
        exempt_from, once = 0, False
        limited_diff: tuple[int, ...] = ()
        limited_pd: tuple[int, ...] = ()
        for i, g in enumerate(period_games):
            opponent = g.opponent_rating
            own = g.own_rating
            ro = base if own is None else own
            if opponent is None or not g.rated or i in skipped:
                out_games.append(
                    new_game(
                        ReplayedGame,
                        (g.id, g.date, label, g.opponent, opponent, g.score_halves, g.event, False,
                         False, ro, None, False, None, None, None, live, i in skipped),
                    )
                )  # fmt: skip
                continue
            t = tables[i]
            if (
                t is not current
            ):  # the tables' fields as locals, read again when the rule set changes
                current = t
                exempt_from, once = t.exempt_from, t.once_per_event
                limited_diff, limited_pd = t.limited_diff, t.limited_pd
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
                    marks.add("lower-rated-400")
            delta = g.score_halves * 50 - pd
            running += delta
            change = k_applied * delta
            live += change
            per_game_total += round_hundredths(change)
            event_key = g.event if g.event is not None else i  # as `_event_key`, inline for speed
            by_event[event_key] = by_event.get(event_key, 0) + delta
            opponents.append(opponent)
            out_games.append(
                new_game(
                    ReplayedGame,
                    (g.id, g.date, label, g.opponent, opponent, g.score_halves, g.event, True,
                     False, ro, diff_used, clamped, pd, delta, change, live, False),
                )
            )  # fmt: skip
        change_total = k_applied * running
        change_rounded = round_hundredths(change_total)
        rating_end = base + change_rounded
        per_event_total = sum(round_hundredths(k_applied * t) for t in by_event.values())
        if "rounding" in decisions and per_event_total != change_rounded:
            marks.add("rounding")
        if "floor-1400" in decisions and rating_end < rules.floor:
            marks.add("floor-1400")
        return _Outcome(
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
            performance=performance_rating(opponents, Fraction(score_halves, 2)),
            rating_end=rating_end,
            unrated_next=rating_end < rules.floor,
            pool_games=None,
            initial_rating=None,
            initial_published=False,
        )

    def unrated_period(
        self,
        month: int,
        label: str,
        period_games: Sequence[GameLike],
        rules: RuleSet,
        score_halves: int,
        marks: set[str],
    ) -> _Outcome:
        pool = self.pool
        out_games = self.out_games
        new_game = tuple.__new__
        opponents = []
        for g in period_games:
            opponent = g.opponent_rating
            pooled = g.rated and opponent is not None
            if pooled:
                assert opponent is not None
                pool.add(month, _event_key(g, len(out_games)), opponent, g.score_halves)
                opponents.append(opponent)
            out_games.append(
                new_game(
                    ReplayedGame,
                    (g.id, g.date, label, g.opponent, opponent, g.score_halves, g.event, False,
                     pooled, None, None, False, None, None, None, None, False),
                )
            )  # fmt: skip
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
        return _Outcome(
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
        )


class _Outcome(NamedTuple):
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


def _event_key(game: GameLike, index: int) -> Hashable:
    """A game's event; a game without one is an event of its own (once-per-event rule, rounding):
    its index, which no event name equals."""
    return game.event if game.event is not None else index
