"""The replay: one player's games → the FIDE month-by-month report, the live rating after every game and
the crossings (product.md §2, decisions.md §3–§12). A pure function: no I/O, nothing stored.

Mapping of months, periods and lists (the one place this is decided):
- A **period** is a calendar month, written "YYYY-MM". A game belongs to the month of its event's end date
  when it has one, else of its own date (decisions §3).
- The **list of month M** (published on the 1st of M) is the rating in force during period M: it is
  period M's `rating_start`, the Ro of every game of M that carries no own rating (decisions §4), and the
  state K is taken from (decisions §6). It publishes the result of period M − 1.
- A published rating the user entered for month M is that list. It always wins over the computed result of
  M − 1. Each period row therefore shows `published` = the entry for month M + 1 (the list that publishes
  this period's result) and `matches_published` = whether it equals `rating_end`; the entry for M itself
  appears as period M's `rating_start` with `start_source` "published".
- Periods run, with no gaps, from the earliest of the first game's month and the first entered list to the
  latest of the last game's month and the month before the last entered list. Empty months are included
  (n = 0), so the table has one row per month and the chart an even time axis.

Decisions taken where the specification leaves room (each is one name below):
- `rating_start` of the first period is the profile's start rating (a list rating, so it counts as
  published for the 2300/2400 flags), unless a published rating is entered for that month.
- "Ever published at 2300/2400" (decisions §6) is any list in force up to and including the period's own:
  the start rating, every computed period result the player stays rated with, every entered list, plus the
  profile flag `reached_2400` (which implies 2300).
- Games counted for K (decisions §7): `games_before` plus every rated game against a rated opponent of the
  earlier periods, whether the player was rated then or not.
- Games are listed in period order, then date, then input order (so a game of an event ending next month
  sits with that month's games, where its live rating belongs).
- Unrated periods have no K and no change (None); they show the initial-rating pool instead.
- Initial rating (decisions §9): the pool holds rated games against rated opponents of the current unrated
  stretch within the 26 monthly periods ending with the current one. "First event" is the first event that
  enters the pool after the player starts unrated (or is delisted: the procedure restarts, decisions §8).
  An event is the games sharing an event name; a game without one is an event on its own. The first event
  is ignored while its score so far is zero. Ru is computed whenever the pool has a game, and published (as
  the period's `rating_end`) once the pool has 5 games and Ru ≥ 1400.
- Crossings compare consecutive lists (the in-force rating of month M and of month M + 1); each is dated on
  the list day (the 1st of M + 1) and filed under period M. A first rating (initial or after delisting) is a
  tier crossing from "unrated", direction up. A fall below 1400 is a floor crossing only (from the tier held
  to "unrated"), not also a tier crossing. Titles and tiers already met by the first list are not crossings.
  The k10 crossing is reported whatever a fixed K says (it names the FIDE K that ends).
"""

from __future__ import annotations

import datetime as dt
import json
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import pairwise
from typing import Any, Literal, NamedTuple, Protocol

from elotui.bulk import gc_paused
from elotui.rating.fide import (
    CURRENT_RULES_FROM,
    JUNIOR_RATING_LIMIT,
    K10_RATING,
    LIST_FLOOR,
    MAX_COUNTED_DIFF,
    NO_CLAMP_FROM_DATE,
    NO_CLAMP_FROM_RATING,
    KProfile,
    capped_k,
    k_factor,
)
from elotui.rating.initial import (
    HYPOTHETICAL_GAMES,
    HYPOTHETICAL_OPPONENT,
    MAX_INITIAL,
    MIN_GAMES,
)
from elotui.rating.performance import performance_rating
from elotui.rating.rounding import round_half_up
from elotui.rating.tables import dp_for, pd_hundredths
from elotui.rating.tiers import TITLE_REQUIREMENTS, TITLES_NEEDING_NORMS, tier_of

# 7.1.4: results of consecutive periods of not more than 26 months are pooled.
POOL_WINDOW_MONTHS = 26
# Title Regulations 1.3: CM/FM/WCM/WFM by rating need 30 rated games by then.
TITLE_GAMES_REQUIRED = 30
TITLES_NEEDING_GAMES = frozenset({"CM", "FM", "WCM", "WFM"})

# PD of the player whose (rating − opponent) is d ≥ 0, in hundredths, indexed by d up to the open last row.
_PD_LAST_ROW = 736
_DAYS_KEY = 1_000_000  # above any date ordinal: sort key = month index · this + ordinal
_PD_BY_DIFF: tuple[int, ...] = tuple(pd_hundredths(d) for d in range(_PD_LAST_ROW + 1))
_SCORE_VALUE = {2: 1, 1: 0.5, 0: 0}  # score in half points → the JSON number

CrossingKind = Literal["tier", "title", "k10", "floor"]
StartSource = Literal["profile", "published", "previous period", "unrated"]


# --- inputs -------------------------------------------------------------------------------------------


class PlayerLike(Protocol):
    """What the replay reads of a player (the logbook's player record has these names)."""

    @property
    def name(self) -> str: ...
    @property
    def birth_year(self) -> int | None: ...
    @property
    def start_rating(self) -> int | None: ...
    @property
    def games_before(self) -> int: ...
    @property
    def reached_2400(self) -> bool: ...
    @property
    def fixed_k(self) -> int | None: ...


class GameLike(Protocol):
    """What the replay reads of a game (the logbook's game record has these names)."""

    @property
    def id(self) -> int | None: ...
    @property
    def date(self) -> dt.date: ...
    @property
    def opponent(self) -> str | None: ...
    @property
    def opponent_rating(self) -> int | None: ...
    @property
    def score_halves(self) -> int: ...
    @property
    def own_rating(self) -> int | None: ...
    @property
    def rated(self) -> bool: ...
    @property
    def event(self) -> str | None: ...
    @property
    def event_start(self) -> dt.date | None: ...
    @property
    def event_end(self) -> dt.date | None: ...


@dataclass(frozen=True, slots=True)
class ReplayPlayer:
    """A player profile (product.md §2). `start_rating` None: unrated when the logbook starts."""

    name: str
    birth_year: int | None = None
    start_rating: int | None = None
    games_before: int = 0
    reached_2400: bool = False
    fixed_k: int | None = None


class ReplayGame(NamedTuple):
    """One game as the user entered it. `score_halves`: 2 win, 1 draw, 0 loss.

    A NamedTuple so that a database row in this column order becomes a game with `ReplayGame._make(row)`.
    """

    date: dt.date
    opponent_rating: int | None  # None: unrated opponent
    score_halves: int
    own_rating: int | None = None  # Ro used for this game, if known
    rated: bool = True  # False: not rated (a forfeit)
    event: str | None = None
    event_start: dt.date | None = None
    event_end: dt.date | None = None
    opponent: str | None = None
    id: int | None = None


# --- outputs ------------------------------------------------------------------------------------------


class ReplayedGame(NamedTuple):
    """One game after the replay. Rating values in hundredths are exact (K·ΔR never rounds per game)."""

    id: int | None
    date: dt.date
    period: str
    opponent: str | None
    opponent_rating: int | None
    score_halves: int
    event: str | None
    counted: bool  # changed the rating: a rated game, a rated opponent, a rated player
    pooled: bool  # entered the initial-rating pool of an unrated player
    rating_before: (
        int | None
    )  # Ro used (own rating of the game, else the period start); None if unrated
    diff_used: int | None  # D after the 400-point rule
    clamped: bool  # the 400-point rule changed D
    expected: int | None  # PD, hundredths
    delta: int | None  # ΔR = score − PD, hundredths
    change_hundredths: int | None  # K_applied·ΔR, hundredths
    live_hundredths: int | None  # period start + K_applied·running ΣΔR, hundredths

    @property
    def score(self) -> Fraction:
        return Fraction(self.score_halves, 2)

    @property
    def live_rating(self) -> Fraction | None:
        return None if self.live_hundredths is None else Fraction(self.live_hundredths, 100)


@dataclass(frozen=True, slots=True)
class ReplayPeriod:
    """One month of the FIDE check."""

    period: str  # "YYYY-MM"
    rating_start: int | None  # the list in force; None when unrated
    start_source: StartSource
    unrated: bool  # unrated during this period (initial-rating pool instead of a change)
    k: int | None  # before the 700 cap; None when unrated
    k_applied: int | None
    k_reason: str
    cap_applied: bool
    games_played_before: int  # rated games counted for the 30-game rule at the start
    n: int  # rated games against rated opponents (the 700 cap's n)
    score_halves: int  # points of those games, in half points
    sum_delta: int | None  # Σ ΔR, hundredths
    change_hundredths: int | None  # K·Σ ΔR, exact
    change_rounded: int | None  # rounded once for the period, 0.5 away from zero
    per_event_rounded_total: int | None
    per_game_rounded_total: int | None
    clamped: int  # 400-point rule applications
    performance: int | None
    rating_end: (
        int | None
    )  # start + rounded change, or a first initial rating; None if still unrated
    unrated_next: bool  # rating_end below 1400 (or no rating yet): unrated on the next list
    published: (
        int | None
    )  # the entered list of the next month, which publishes this period's result
    matches_published: bool | None  # None when nothing is entered
    pre_2024_rules: bool  # before 2024-03: computed with the current rules anyway (decisions §10)
    pool_games: int | None  # unrated: games in the initial-rating pool after this period
    initial_rating: int | None  # unrated: Ru from that pool (if it has a game)
    initial_published: bool  # the pool gave a first rating at the end of this period
    games_from: int  # this period's games are Replay.games[games_from:games_to]
    games_to: int

    @property
    def change(self) -> Fraction | None:
        return None if self.change_hundredths is None else Fraction(self.change_hundredths, 100)

    @property
    def score(self) -> Fraction:
        return Fraction(self.score_halves, 2)

    @property
    def rounding_difference(self) -> int | None:
        """Per-game-rounded total minus the period rounding (what simple calculators get wrong)."""
        if self.per_game_rounded_total is None or self.change_rounded is None:
            return None
        return self.per_game_rounded_total - self.change_rounded


@dataclass(frozen=True, slots=True)
class Crossing:
    period: str  # the period whose result is published
    date: dt.date  # the list day: the 1st of the following month
    kind: CrossingKind
    from_: str | None  # tier name, "unrated", or the K that ends; None for a title
    to: str  # tier name, "unrated", title, or "10"
    direction: Literal["up", "down"]
    rating: int  # the published rating (for a floor: the result below 1400)
    note: str = ""


@dataclass(frozen=True, slots=True)
class Replay:
    player: str
    games: tuple[ReplayedGame, ...]
    periods: tuple[ReplayPeriod, ...]
    crossings: tuple[Crossing, ...]
    apply_cap: bool
    current_rating: int | None  # the list after the last period (None: unrated)


# --- month arithmetic ---------------------------------------------------------------------------------


def _month_index(day: dt.date) -> int:
    return day.year * 12 + day.month - 1


def _month_label(index: int) -> str:
    return f"{index // 12:04d}-{index % 12 + 1:02d}"


def _parse_month(label: str) -> int:
    try:
        year_text, month_text = label.split("-")
        year, month = int(year_text), int(month_text)
    except ValueError:
        raise ValueError(f"a month is written YYYY-MM, not {label!r}") from None
    if not 1 <= month <= 12 or len(year_text) != 4 or len(month_text) != 2:
        raise ValueError(f"a month is written YYYY-MM, not {label!r}")
    return year * 12 + month - 1


def period_of(game: GameLike) -> str:
    """The rating period of a game (decisions §3)."""
    return _month_label(_month_index(game.event_end or game.date))


def _round_hundredths(value: int) -> int:
    """A value in hundredths to a whole number, 0.5 away from zero (8.3.4)."""
    return (value + 50) // 100 if value >= 0 else -((50 - value) // 100)


def _initial_from_totals(games: int, opponents_total: int, halves: int) -> int:
    """Ru of a pool from its totals: exactly `initial.initial_rating(...).rating` (decisions §9)."""
    average = Fraction(opponents_total + HYPOTHETICAL_GAMES * HYPOTHETICAL_OPPONENT, games + 2)
    p = Fraction(halves + HYPOTHETICAL_GAMES, 2 * (games + HYPOTHETICAL_GAMES))
    return min(round_half_up(average + dp_for(round_half_up(p * 100))), MAX_INITIAL)


class _Pool:
    """The initial-rating pool of one unrated stretch (8.2, decisions §8–§9), kept as totals per period."""

    def __init__(self) -> None:
        self.first_event: object = None  # key of the first event, once a game entered
        self.first_event_halves = 0
        # per period: [month, n, Σopp, halves] for other events and for the first event
        self.rest: deque[list[int]] = deque()
        self.first: deque[list[int]] = deque()

    def add(self, month: int, event_key: object, opponent: int, halves: int) -> None:
        if self.first_event is None:
            self.first_event = event_key
        if event_key == self.first_event:
            self.first_event_halves += halves
            target = self.first
        else:
            target = self.rest
        if not target or target[-1][0] != month:
            target.append([month, 0, 0, 0])
        row = target[-1]
        row[1] += 1
        row[2] += opponent
        row[3] += halves

    def totals(self, month: int) -> tuple[int, int, int]:
        """(n, Σopp, halves) of the pool in the window ending with `month`."""
        oldest = month - POOL_WINDOW_MONTHS + 1
        for rows in (self.rest, self.first):
            while rows and rows[0][0] < oldest:
                rows.popleft()
        n = total = halves = 0
        sources = (self.rest, self.first) if self.first_event_halves > 0 else (self.rest,)
        for rows in sources:
            for _, games, opponents, points in rows:
                n += games
                total += opponents
                halves += points
        return n, total, halves


# --- the replay ---------------------------------------------------------------------------------------


def replay(
    player: PlayerLike,
    games: Sequence[GameLike],
    published: Mapping[str, int] | None = None,
    *,
    apply_cap: bool = True,
) -> Replay:
    """Replay a player's games month by month under the FIDE rules as elotui reads them.

    `published` maps "YYYY-MM" to the rating on that month's list, as the user entered it.
    """
    # One small tuple per game and no reference cycles: the collector's passes over 100,000 games
    # would cost about 40 % of the time.
    with gc_paused():
        return _replay(player, games, published or {}, apply_cap)


def _replay(
    player: PlayerLike,
    games: Sequence[GameLike],
    published: Mapping[str, int],
    apply_cap: bool,
) -> Replay:
    lists = {_parse_month(month): rating for month, rating in published.items()}

    # One int per game orders by (period, date); a list already in that order (the usual case) is kept.
    sort_keys = [
        ((day := g.event_end or g.date).year * 12 + day.month - 1) * _DAYS_KEY + g.date.toordinal()
        for g in games
    ]
    ordered: Sequence[GameLike] = games
    if any(a > b for a, b in pairwise(sort_keys)):
        order = sorted(range(len(sort_keys)), key=sort_keys.__getitem__)
        ordered = [games[i] for i in order]
        sort_keys = [sort_keys[i] for i in order]
    months = [key // _DAYS_KEY for key in sort_keys]
    if months:
        first, last = months[0], months[-1]
    elif lists:
        first, last = min(lists), min(lists)
    else:
        return Replay(player.name, (), (), (), apply_cap, player.start_rating)
    if lists:
        first = min(first, min(lists))
        last = max(last, max(lists) - 1)

    reached_2400 = player.reached_2400
    reached_2300 = reached_2400
    games_played = player.games_before
    fixed_k = player.fixed_k
    birth_year = player.birth_year

    titles_met: set[str] = set()

    def note_published(rating: int) -> None:
        nonlocal reached_2300, reached_2400
        if rating >= JUNIOR_RATING_LIMIT:
            reached_2300 = True
        if rating >= K10_RATING:
            reached_2400 = True

    rating: int | None
    source: StartSource
    if first in lists:
        rating, source = lists[first], "published"
    elif player.start_rating is not None:
        rating, source = player.start_rating, "profile"
    else:
        rating, source = None, "unrated"
    if rating is not None:
        note_published(rating)
        titles_met.update(t for t, need in TITLE_REQUIREMENTS.items() if rating >= need)
    if reached_2400:
        titles_met.update(t for t, need in TITLE_REQUIREMENTS.items() if need <= K10_RATING)

    pool = _Pool()
    out_games: list[ReplayedGame] = []
    periods: list[ReplayPeriod] = []
    crossings: list[Crossing] = []
    pd_by_diff = _PD_BY_DIFF
    clamp_limit = MAX_COUNTED_DIFF
    no_clamp_rating = NO_CLAMP_FROM_RATING
    no_clamp_date = NO_CLAMP_FROM_DATE
    current_rules = _month_index(CURRENT_RULES_FROM)
    cursor = 0
    total_games = len(months)
    new_game = tuple.__new__  # a ReplayedGame without the NamedTuple constructor's call overhead

    for month in range(first, last + 1):
        label = _month_label(month)
        start = cursor
        while cursor < total_games and months[cursor] == month:
            cursor += 1
        period_games = ordered[start:cursor]
        n = 0
        score_halves = 0
        for g in period_games:
            if g.rated and g.opponent_rating is not None:
                n += 1
                score_halves += g.score_halves
        profile = KProfile(birth_year, games_played, reached_2400, reached_2300, fixed_k)
        games_played_before = games_played
        rating_start = rating
        start_source = source

        if rating_start is not None:
            k, k_reason = k_factor(profile, month // 12)
            k_applied = capped_k(k, n) if apply_cap else k
            base = rating_start
            live = base * 100
            running = 0
            per_game_total = 0
            clamped_count = 0
            by_event: dict[object, int] = {}
            opponents: list[int] = []
            for g in period_games:
                opponent = g.opponent_rating
                own = g.own_rating
                ro = base if own is None else own
                if opponent is None or not g.rated:
                    out_games.append(
                        new_game(
                            ReplayedGame,
                            (
                                g.id,
                                g.date,
                                label,
                                g.opponent,
                                opponent,
                                g.score_halves,
                                g.event,
                                False,
                                False,
                                ro,
                                None,
                                False,
                                None,
                                None,
                                None,
                                live,
                            ),
                        )
                    )
                    continue
                d = ro - opponent
                clamped = False
                if (d > clamp_limit or d < -clamp_limit) and (
                    ro < no_clamp_rating or (g.event_start or g.date) < no_clamp_date
                ):
                    d = clamp_limit if d > 0 else -clamp_limit
                    clamped = True
                    clamped_count += 1
                if d >= 0:
                    pd = pd_by_diff[d if d < _PD_LAST_ROW else _PD_LAST_ROW]
                else:
                    pd = 100 - pd_by_diff[-d if -d < _PD_LAST_ROW else _PD_LAST_ROW]
                delta = g.score_halves * 50 - pd
                running += delta
                change = k_applied * delta
                live += change
                per_game_total += (change + 50) // 100 if change >= 0 else -((50 - change) // 100)
                # A game without an event is an event of its own for the per-event rounding.
                event_key: object = g.event if g.event is not None else len(out_games)
                by_event[event_key] = by_event.get(event_key, 0) + delta
                opponents.append(opponent)
                out_games.append(
                    new_game(
                        ReplayedGame,
                        (
                            g.id,
                            g.date,
                            label,
                            g.opponent,
                            opponent,
                            g.score_halves,
                            g.event,
                            True,
                            False,
                            ro,
                            d,
                            clamped,
                            pd,
                            delta,
                            change,
                            live,
                        ),
                    )
                )
            games_played += n
            change_total = k_applied * running
            change_rounded = _round_hundredths(change_total)
            rating_end: int | None = base + change_rounded
            per_event_total = sum(_round_hundredths(k_applied * t) for t in by_event.values())
            unrated_next = rating_end is not None and rating_end < LIST_FLOOR
            period = ReplayPeriod(
                period=label,
                rating_start=rating_start,
                start_source=start_source,
                unrated=False,
                k=k,
                k_applied=k_applied,
                k_reason=k_reason,
                cap_applied=k_applied != k,
                games_played_before=games_played_before,
                n=n,
                score_halves=score_halves,
                sum_delta=running,
                change_hundredths=change_total,
                change_rounded=change_rounded,
                per_event_rounded_total=per_event_total,
                per_game_rounded_total=per_game_total,
                clamped=clamped_count,
                performance=performance_rating(opponents, Fraction(score_halves, 2)),
                rating_end=rating_end,
                unrated_next=unrated_next,
                published=None,
                matches_published=None,
                pre_2024_rules=month < current_rules,
                pool_games=None,
                initial_rating=None,
                initial_published=False,
                games_from=start,
                games_to=cursor,
            )
            next_rating = None if unrated_next else rating_end
        else:
            opponents = []
            for g in period_games:
                opponent = g.opponent_rating
                pooled = g.rated and opponent is not None
                if pooled:
                    assert opponent is not None
                    key: object = g.event if g.event is not None else ("game", len(out_games))
                    pool.add(month, key, opponent, g.score_halves)
                    opponents.append(opponent)
                out_games.append(
                    new_game(
                        ReplayedGame,
                        (
                            g.id,
                            g.date,
                            label,
                            g.opponent,
                            opponent,
                            g.score_halves,
                            g.event,
                            False,
                            pooled,
                            None,
                            None,
                            False,
                            None,
                            None,
                            None,
                            None,
                        ),
                    )
                )
            games_played += n
            pool_n, pool_total, pool_halves = pool.totals(month)
            initial = _initial_from_totals(pool_n, pool_total, pool_halves) if pool_n > 0 else None
            first_rating = initial is not None and pool_n >= MIN_GAMES and initial >= LIST_FLOOR
            rating_end = initial if first_rating else None
            period = ReplayPeriod(
                period=label,
                rating_start=None,
                start_source="unrated",
                unrated=True,
                k=None,
                k_applied=None,
                k_reason="unrated: initial-rating pool",
                cap_applied=False,
                games_played_before=games_played_before,
                n=n,
                score_halves=score_halves,
                sum_delta=None,
                change_hundredths=None,
                change_rounded=None,
                per_event_rounded_total=None,
                per_game_rounded_total=None,
                clamped=0,
                performance=performance_rating(opponents, Fraction(score_halves, 2)),
                rating_end=rating_end,
                unrated_next=rating_end is None,
                published=None,
                matches_published=None,
                pre_2024_rules=month < current_rules,
                pool_games=pool_n,
                initial_rating=initial,
                initial_published=first_rating,
                games_from=start,
                games_to=cursor,
            )
            next_rating = rating_end

        # The next list: an entered one wins; else this period's result (None below the floor).
        entered = lists.get(month + 1)
        if entered is not None:
            period = _with_published(period, entered)
            next_rating, source = entered, "published"
        else:
            source = "previous period" if next_rating is not None else "unrated"
        periods.append(period)

        list_day = dt.date((month + 1) // 12, (month + 1) % 12 + 1, 1)
        k_before = k_factor(
            KProfile(birth_year, games_played_before, reached_2400, reached_2300), month // 12
        )[0]
        was_2400 = reached_2400
        if next_rating is not None:
            note_published(next_rating)
        crossings.extend(
            _crossings(
                label,
                list_day,
                rating_start,
                next_rating,
                period.rating_end,
                titles_met,
                games_played,
                k_before,
                became_2400=reached_2400 and not was_2400,
            )
        )
        if next_rating is None and rating_start is not None:
            pool = _Pool()  # delisted: the initial-rating procedure starts again (decisions §8)
        elif next_rating is not None and rating_start is None:
            pool = _Pool()
        rating = next_rating

    return Replay(
        player=player.name,
        games=tuple(out_games),
        periods=tuple(periods),
        crossings=tuple(crossings),
        apply_cap=apply_cap,
        current_rating=rating,
    )


def _with_published(period: ReplayPeriod, entered: int) -> ReplayPeriod:
    return replace(period, published=entered, matches_published=period.rating_end == entered)


def _crossings(
    label: str,
    list_day: dt.date,
    before: int | None,
    after: int | None,
    result: int | None,
    titles_met: set[str],
    games_played: int,
    k_before: int,
    *,
    became_2400: bool,
) -> list[Crossing]:
    """The crossings from the list in force during a period to the next one (updates `titles_met`)."""
    found: list[Crossing] = []
    if before is not None and after is None:
        assert result is not None
        found.append(
            Crossing(
                label,
                list_day,
                "floor",
                tier_of(before).name,
                "unrated",
                "down",
                result,
                f"below {LIST_FLOOR}: unrated from the next list",
            )
        )
        return found
    if after is None:
        return found
    if before is None:
        found.append(
            Crossing(
                label,
                list_day,
                "tier",
                "unrated",
                tier_of(after).name,
                "up",
                after,
                "first published rating",
            )
        )
    else:
        old, new = tier_of(before), tier_of(after)
        if old != new:
            direction: Literal["up", "down"] = "up" if new.floor > old.floor else "down"
            found.append(Crossing(label, list_day, "tier", old.name, new.name, direction, after))
    for title, need in sorted(TITLE_REQUIREMENTS.items(), key=lambda item: (item[1], item[0])):
        if title in titles_met or after < need:
            continue
        titles_met.add(title)
        note = f"{title} rating requirement met ({need})"
        if title in TITLES_NEEDING_NORMS:
            note += f"; the {title} title also needs {title} norms"
        if title in TITLES_NEEDING_GAMES:
            note += (
                f"; {games_played} rated games so far"
                if games_played < TITLE_GAMES_REQUIRED
                else f"; {TITLE_GAMES_REQUIRED} rated games reached ({games_played})"
            )
            if games_played < TITLE_GAMES_REQUIRED:
                note += f", the title needs {TITLE_GAMES_REQUIRED}"
        found.append(Crossing(label, list_day, "title", None, title, "up", after, note))
    if became_2400:
        found.append(
            Crossing(
                label,
                list_day,
                "k10",
                str(k_before),
                "10",
                "up",
                after,
                f"first published {K10_RATING}: K 10 for good",
            )
        )
    return found


# --- JSON (product.md §4, `replay`) -------------------------------------------------------------------


def _cents(hundredths: int | None) -> float | None:
    """Exact hundredths as a JSON number: `h / 100` prints as the exact two-decimal value (1280 →
    12.8, −5 → −0.05), since the shortest repr of the nearest double is that decimal (checked for
    every |h| ≤ 2,000,000 when this was written; ratings and changes stay far below)."""
    return None if hundredths is None else hundredths / 100


def _game_document(g: ReplayedGame) -> dict[str, Any]:
    return {
        "id": g.id,
        "date": g.date.isoformat(),
        "period": g.period,
        "opponent_name": g.opponent,  # `opponent` is the rating in calc/period (product.md §4)
        "opponent_rating": g.opponent_rating,
        "score": _SCORE_VALUE[g.score_halves],
        "event": g.event,
        "rating_before": g.rating_before,
        "diff_used": g.diff_used,
        "expected": _cents(g.expected),
        "delta": _cents(g.delta),
        "change": _cents(g.change_hundredths),
        "live_rating": _cents(g.live_hundredths),
        "counted": g.counted,
        "pooled": g.pooled,
    }


def _period_document(p: ReplayPeriod) -> dict[str, Any]:
    return {
        "period": p.period,
        "rating_start": p.rating_start,
        "start_source": p.start_source,
        "unrated": p.unrated,
        "k": p.k,
        "k_applied": p.k_applied,
        "k_reason": p.k_reason,
        "cap_applied": p.cap_applied,
        "games_played_before": p.games_played_before,
        "n": p.n,
        "score": p.score_halves / 2,
        "sum_delta": _cents(p.sum_delta),
        "change": _cents(p.change_hundredths),
        "change_rounded": p.change_rounded,
        "per_event_rounded_total": p.per_event_rounded_total,
        "per_game_rounded_total": p.per_game_rounded_total,
        "clamped": p.clamped,
        "performance": p.performance,
        "rating_end": p.rating_end,
        "unrated_next_list": p.unrated_next,  # the name `period` gives it (product.md §4)
        "published": p.published,
        "matches_published": p.matches_published,
        "pre_2024_rules": p.pre_2024_rules,
        "pool_games": p.pool_games,
        "initial_rating": p.initial_rating,
        "initial_published": p.initial_published,
    }


def _crossing_document(c: Crossing) -> dict[str, Any]:
    return {
        "period": c.period,
        "date": c.date.isoformat(),
        "kind": c.kind,
        "from": c.from_,
        "to": c.to,
        "direction": c.direction,
        "rating": c.rating,
        "note": c.note,
    }


def replay_document(result: Replay) -> dict[str, Any]:
    """The `replay` JSON document: exact hundredths as two-decimal numbers, scores as 1 / 0.5 / 0."""
    return {
        "player": result.player,
        "current_rating": result.current_rating,
        "apply_cap": result.apply_cap,
        "games": [_game_document(g) for g in result.games],
        "periods": [_period_document(p) for p in result.periods],
        "crossings": [_crossing_document(c) for c in result.crossings],
    }


def replay_json(result: Replay) -> str:
    """`replay_document(result)` as JSON text: plain ints, floats and strings, so the C encoder does
    the work (100,000 games in a fraction of a second)."""
    return json.dumps(replay_document(result), ensure_ascii=False) + "\n"
