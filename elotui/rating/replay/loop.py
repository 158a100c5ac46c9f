"""The month loop: one player's games → the FIDE period-by-period report, the live rating after every
game and the crossings (product.md §2, rules.md §2.3–§2.12, rules.md §3). A pure function: no I/O,
nothing stored.

Periods, lists and rules (the one place the replay decides them):
- A game belongs to the period of its event's end date, else of its own date, by the list calendar
  (`elotui.rating.calendar`: quarterly, bi-monthly, monthly; the closing-date rule), unless it is
  pinned to a period (`rated_period`, rules.md §3.5): the pin always wins (`order.by_period`).
- The **list in force during period P** (published on P's first day) is P's `rating_start`, the Ro of
  every game of P that carries no own rating (rules.md §2.4), and the state K is taken from (rules.md
  §2.6). P feeds the list of `list_month` (the next period's first month).
- A published rating the user entered for month M is the list of M; it always wins over the computed
  result (and over the 2024-03 uplift). An entry for a month that starts no period is the list in force
  during the period containing it. Each period row shows `published` = the entry for its `list_month`
  and `matches_published` = whether it equals the computed next list.
- FIDE's figures of a list file (`ListFigures`) add two checks: the games FIDE rated for the list of
  `list_month` against the period's `n` (`published_games`, `matches_games`), and the K FIDE holds as
  of the list in force during the period (its first month's list) against the period's K before the
  cap (`published_k`, `matches_k`): rules.md §2.13. Where the two lists around the period give two
  different K, that reading decides the check: the period is marked `list-k`.
- Each game is counted under the rule set of its event's start (its own date without an event). A period
  takes the rule set of the latest era its games started in (with no games: the one of its first day);
  that rule set gives K, the cap, the floor and the initial-rating rule (rules.md §3.1, a decision
  marked "mixed-eras" where it matters). Each period names its rule set and the "rule uncertain" marks of
  the decisions that changed its numbers (`ReplayPeriod.uncertain`, the texts, and
  `ReplayPeriod.decisions`, each with its id).
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
- A game the rule set does not rate (`difference.not_rated`: RB2024-12's `not_rated_gap`, judged on Ro
  and the opponent's rating) is listed with `not_rated` and counts for nothing: not for n, K, the change or the
  games played.
- Titles are met on the standard list only (`RuleSet.titles`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import chain
from typing import Unpack

from elotui.collector import gc_paused
from elotui.rating.calendar import (
    first_day,
    list_month,
    month_index,
    month_label,
    parse_month,
    period_months,
    period_start,
    previous_period,
)
from elotui.rating.replay.crossings import crossings_between, titles_met_by
from elotui.rating.replay.given import GameLike, ListFigures, PlayerLike, Published, ReplayOptions
from elotui.rating.replay.order import GamesOfPeriod, by_period, period_runs
from elotui.rating.replay.period_games import (
    RatedPeriod,
    period_games,
    rated_period,
    unrated_period,
)
from elotui.rating.replay.pool import InitialPool
from elotui.rating.replay.report import PeriodSink, Replay, ReplayedGame, ReplayPeriod, StartSource
from elotui.rating.replay.sinks import ReplayCollector
from elotui.rating.rules.difference import DiffTables, diff_tables
from elotui.rating.rules.k import KProfile, k_factor
from elotui.rating.rules.lookup import RULE_SETS, before_modelled, rules_for
from elotui.rating.rules.rule_set import RatingList, RuleSet, decisions_named
from elotui.rating.rules.uplift import uplifted
from elotui.stopping import check_stop


def replay(
    player: PlayerLike,
    games: Sequence[GameLike],
    published: Mapping[str, Published] | None = None,
    **options: Unpack[ReplayOptions],
) -> Replay:
    """Replay a player's games period by period under the FIDE rules of each era, as elotui reads them.

    `published` maps "YYYY-MM" to the rating on that month's list, as the user entered it (or a
    list file's `ListFigures`: the rating, FIDE's games and K); `options`
    are `records.ReplayOptions`. The games come in any order (`order.by_period` sorts them).
    """
    collector = ReplayCollector()
    replay_into(player, period_runs(*by_period(games)), published, collector, **options)
    return collector.result


def replay_into(
    player: PlayerLike,
    games_by_period: Iterable[GamesOfPeriod],
    published: Mapping[str, Published] | None,
    sink: PeriodSink,
    **options: Unpack[ReplayOptions],
) -> None:
    """The same replay as `replay`, handed to `sink` a period at a time: it reads the games a period
    at a time (`order.period_runs` of games in memory, `order.periods_in` of a stream from the
    logbook) and holds, from one period to the next, only what the rules read of the earlier ones
    (the list in force, the K flags, the games counted, the titles met, the initial-rating pool)."""
    # One small tuple per game and no reference cycles: the collector's passes over 100,000 games
    # would cost about 40 % of the time.
    with gc_paused():
        Replayer(player, published or {}, sink, **options).run(games_by_period)


class Replayer:
    """The state carried from period to period: the list in force, the flags that decide K, the games
    counted, the titles met and the initial-rating pool."""

    def __init__(
        self,
        player: PlayerLike,
        published: Mapping[str, Published],
        sink: PeriodSink,
        **options: Unpack[ReplayOptions],
    ) -> None:
        self.player = player
        self.sink = sink
        self.apply_cap = options.get("apply_cap", True)
        rating_list: RatingList = options.get("rating_list", "standard")
        self.rating_list = rating_list
        self.standard = options.get("standard")
        # The profile's list values are the standard list's (see the module's docstring).
        on_standard = rating_list == "standard"
        self.start_rating = player.start_rating if on_standard else None
        # Entered lists by the period they start; an entry for a list month wins over one for another
        # month of the same period (sorted text is chronological).
        self.lists: dict[int, int] = {}
        # FIDE's figures of the lists that start a period, by that month (a list file's).
        self.figures: dict[int, ListFigures] = {}
        for label, value in sorted(published.items()):
            month = parse_month(label)
            start = period_start(month)
            rating = value.rating if isinstance(value, ListFigures) else value
            if month == start or start not in self.lists:
                self.lists[start] = rating
            if isinstance(value, ListFigures) and month == start:
                self.figures[start] = value
        sets = RULE_SETS[rating_list]
        self.uplifts = {month_index(r.starts): r.uplift for r in sets if r.uplift is not None}
        self.raises = {
            month_index(r.starts): r.raise_to_standard_minus
            for r in sets
            if r.raise_to_standard_minus is not None
        }
        self.tables_by_day: dict[dt.date, DiffTables] = {}
        self.reached_2400 = player.reached_2400 and on_standard
        self.reached_2300 = self.reached_2400
        self.games_played = player.games_before if on_standard else 0
        self.titles_met: set[str] = set()
        self.pool = InitialPool()

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

    def run(self, games_by_period: Iterable[GamesOfPeriod]) -> None:
        """Every period, from the earliest of the first game's period and the first entered list on."""
        periods = iter(games_by_period)
        upcoming = next(periods, None)
        first_game = None if upcoming is None else upcoming[0]
        known = [
            month for month in (first_game, min(self.lists, default=None)) if month is not None
        ]
        if not known:  # neither games nor entered lists: no period
            self.sink.finished(self.player.name, self.apply_cap, self.start_rating)
            return
        first = min(known)
        # The period before the last entered list feeds it; without games, the first list's own
        # period is replayed too.
        last = previous_period(max(self.lists)) if self.lists else None
        if upcoming is None:
            last = first if last is None else max(first, last)
        rating, source = self.first_list(first)
        rest = periods if upcoming is None else chain((upcoming,), periods)
        self.periods_from(first, 0, rating, source, rest, last)

    def first_list(self, first: int) -> tuple[int | None, StartSource]:
        """The list in force during the first period, and the flags and titles it sets."""
        lists = self.lists
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
        return rating, source

    def period_started(
        self, month: int, cursor: int, rating: int | None, source: StartSource
    ) -> None:
        """Called at each period's start, before anything of it is computed (`incremental` keeps
        the state there)."""

    def periods_from(
        self,
        month: int,
        cursor: int,
        rating: int | None,
        source: StartSource,
        games_by_period: Iterator[GamesOfPeriod],
        last: int | None,
    ) -> None:
        """The periods from `month` on, to the sink: `cursor` is the index of `month`'s first game in
        the replay, `rating` and `source` the list in force during it, `games_by_period` the games
        of the periods that have any, from `month`'s on. The last period is the latest of the last
        game's and `last`."""
        player = self.player
        upcoming = next(games_by_period, None)
        while upcoming is not None or (last is not None and month <= last):
            check_stop()  # the app quitting stops its replay here (`stopping.stop_when`)
            self.period_started(month, cursor, rating, source)
            games: Sequence[GameLike] = ()
            if upcoming is not None and upcoming[0] == month:
                # The next period's games are read once this one is handed on: one period's
                # games at a time.
                games, upcoming = upcoming[1], None
            if upcoming is not None and upcoming[0] <= month:
                # Not an assert: under `python -O` the loop would step past the period forever.
                raise ValueError(f"games out of period order: period {upcoming[0]} after {month}")
            start = cursor
            cursor += len(games)
            listed_before = rating
            if rating is None and self.standard is not None and games:
                rating, source = self.rated_from_standard(month, games)
                if rating is not None:
                    self.pool = InitialPool()  # rated now: no initial rating to compute
            period, out_games, next_rating, source, period_rules = self.period(
                month, games, start, rating, source
            )
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
            crossings = crossings_between(
                period.period, first_day(list_month(month)), listed_before, next_rating,
                period.rating_end, self.titles_met, self.games_played, k_before,
                floor=period_rules.floor, top_from=period_rules.k.top_from,
                became_top=self.reached_2400 and not reached_before, titles=period_rules.titles,
            )  # fmt: skip
            if (next_rating is None) != (listed_before is None):
                # Delisted, or rated for the first time: the initial-rating procedure starts again
                # next time (rules.md §2.8).
                self.pool = InitialPool()
            self.sink.period(period, out_games, crossings)
            if upcoming is None:
                upcoming = next(games_by_period, None)
            rating = next_rating
            month = list_month(month)
        self.sink.finished(player.name, self.apply_cap, rating)

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
        games: Sequence[GameLike],
        games_from: int,
        rating_start: int | None,
        start_source: StartSource,
    ) -> tuple[ReplayPeriod, list[ReplayedGame], int | None, StartSource, RuleSet]:
        """One period: its row, its games, the next list, where that list comes from, and its rule
        set."""
        counted = period_games(games, self.tables_of, rating_start)
        day = first_day(month)
        latest = counted.latest
        rules = latest.rules if latest is not None else rules_for(self.rating_list, day)
        marks: set[str] = set()
        if before_modelled(self.rating_list, day):
            marks.add("before-modelled")
        if counted.mixed:
            marks.add("mixed-eras")
        games_played_before = self.games_played
        profile = KProfile(
            self.player.birth_year, games_played_before, self.reached_2400, self.reached_2300,
            self.player.fixed_k,
        )  # fmt: skip
        label = month_label(month)
        out_games: list[ReplayedGame] = []
        if rating_start is not None:
            rated = RatedPeriod(month, label, rules, rating_start, profile, self.apply_cap)
            outcome = rated_period(rated, games, counted, out_games, marks)
        else:
            outcome = unrated_period(
                month, label, games, games_from, rules, counted.score_halves, self.pool,
                out_games, marks,
            )  # fmt: skip
        self.games_played += counted.n
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
        fed, in_force = self.figures.get(list_month(month)), self.figures.get(month)
        published_games = None if fed is None else fed.games
        published_k = None if in_force is None else in_force.k
        matches_k = None if published_k is None or outcome.k is None else outcome.k == published_k
        if matches_k is not None and fed is not None and fed.k is not None and fed.k != published_k:
            marks.add("list-k")  # the list this period feeds holds another K: the reading decides
        # The same row fields as `rules.period_change.PeriodResult` (the reference): see `period_games`
        # for why the two are not one function.
        decisions = decisions_named(marks)
        period = ReplayPeriod(
            period=label,
            list_month=month_label(list_month(month)),
            months=period_months(month),
            rules=rules.name,
            uncertain=tuple(decision.text for decision in decisions),
            decisions=decisions,
            rating_start=rating_start,
            start_source=start_source,
            games_played_before=games_played_before,
            n=counted.n,
            score_halves=counted.score_halves,
            uplift=uplift,
            published=entered,
            matches_published=matches,
            games_from=games_from,
            games_to=games_from + len(games),
            raised_to=raised_to,
            published_games=published_games,
            matches_games=None if published_games is None else counted.n == published_games,
            published_k=published_k,
            matches_k=matches_k,
            **outcome._asdict(),
        )
        return period, out_games, next_rating, source, rules
