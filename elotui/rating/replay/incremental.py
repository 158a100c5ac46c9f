"""A replay kept for its next change: after a write, replay only from the first period it affects.

A replay is a pure function of the games, the entered lists and (rapid, blitz) the standard list in
force, and each period reads only what came before it. So `KeptReplay` keeps, beside the replay, the
state at each period's start (`PeriodStart`: the list in force, the K flags, the games counted, the
titles met, the initial-rating pool); a change of games, entered lists or the standard list goes back
to the start of the first period it can change and replays from there, keeping every period, game and
crossing before it. The state is in memory only, rebuilt from the games: never stored as truth.

Which period a change reaches first (a month index; the period containing it is replayed):
- a game: its period (by the pin or the calendar, `order.by_period`); an edit is a removal and an
  addition, the earlier of its two periods;
- an entered list for the period starting at S: S − 1, the period that feeds it (its `published`,
  and the list in force after it);
- the standard list in force from month M (rapid and blitz): M − 1, the period whose next list is
  the first that reads it (the 2022-10 raise) — a period reads the list in force at its own start too.
A change that reaches the first period, or moves it, replays everything (the same call as `replay`).

The result is the same `Replay` as `loop.replay` of the changed games in the repository's order (date,
then id): tests/rating/test_incremental_replay.py holds the two against each other for random edits.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple, Unpack

from elotui.collector import gc_paused
from elotui.rating.replay.given import (
    GameLike,
    PlayerLike,
    Published,
    ReplayOptions,
    StandardInForce,
)
from elotui.rating.replay.loop import Replayer
from elotui.rating.replay.order import DAYS_KEY, by_period, period_runs, period_span, sort_key
from elotui.rating.replay.pool import InitialPool
from elotui.rating.replay.report import Replay, StartSource
from elotui.rating.replay.sinks import ReplayCollector


class PeriodStart(NamedTuple):
    """The replay's state at a period's start, before anything of the period is computed."""

    month: int
    cursor: int  # index of its first game in the games by period (and in `Replay.games`)
    rating: int | None  # the list in force
    source: StartSource
    reached_2400: bool
    reached_2300: bool
    games_played: int
    titles_met: frozenset[str]
    pool: InitialPool  # a copy: the replay goes on changing its own
    crossings: int  # crossings before the period


class _KeepingReplayer(Replayer):
    """The replay loop over games kept in memory, keeping everything it replays (`collector`) and a
    `PeriodStart` at each period."""

    collector: ReplayCollector  # its sink
    starts: list[PeriodStart]  # one per period replayed
    ordered: list[GameLike]  # the games by period (`order.by_period`), and their sort keys
    sort_keys: list[int]

    def period_started(
        self, month: int, cursor: int, rating: int | None, source: StartSource
    ) -> None:
        self.starts.append(
            PeriodStart(
                month, cursor, rating, source, self.reached_2400, self.reached_2300,
                self.games_played, frozenset(self.titles_met), self.pool.copy(),
                len(self.collector.crossings),
            )
        )  # fmt: skip

    def go_back_to(self, index: int) -> PeriodStart:
        """Forget period `index` and what follows; the state is again the one at its start."""
        start = self.starts[index]
        del self.starts[index:]
        self.collector.forget_from(index, start.cursor, start.crossings)
        self.reached_2400, self.reached_2300 = start.reached_2400, start.reached_2300
        self.games_played = start.games_played
        self.titles_met = set(start.titles_met)
        self.pool = start.pool.copy()
        return start

    def take_over(self, other: _KeepingReplayer) -> None:
        """Go on from what `other` replayed (its games, periods and states), with this one's entered
        lists and standard list."""
        self.ordered, self.sort_keys = other.ordered, other.sort_keys
        self.sink = self.collector = other.collector
        self.starts, self.tables_by_day = other.starts, other.tables_by_day


class KeptReplay:
    """One list's replay and the state at each of its periods' starts; `change` replays from the first
    period a change reaches. Not thread-safe: one change at a time. Made as `loop.replay` is called."""

    def __init__(
        self,
        player: PlayerLike,
        games: Sequence[GameLike],
        published: Mapping[str, Published] | None = None,
        **options: Unpack[ReplayOptions],
    ) -> None:
        self.player = player
        self.published = dict(published or {})
        self.options = options.copy()
        # The first period and game replayed since `seen` (0: everything).
        self.replayed_from_period = 0
        self.replayed_from_game = 0
        self.replay = self._replay_all(games)

    def seen(self) -> None:
        """What is replayed now is shown: `replayed_from_*` start again from the end."""
        self.replayed_from_period = len(self.replay.periods)
        self.replayed_from_game = len(self.replay.games)

    @property
    def games(self) -> Sequence[GameLike]:
        """The games, by period then date (then as given: id order from the logbook)."""
        return self._replayer.ordered

    def _new_replayer(self) -> _KeepingReplayer:
        collector = ReplayCollector()
        replayer = _KeepingReplayer(self.player, self.published, collector, **self.options)
        replayer.collector = collector
        replayer.starts = []
        return replayer

    def _replay_all(self, games: Sequence[GameLike]) -> Replay:
        replayer = self._new_replayer()
        ordered, sort_keys = by_period(games)
        # Its own lists: changes insert and delete.
        replayer.ordered, replayer.sort_keys = list(ordered), sort_keys
        with gc_paused():
            replayer.run(period_runs(ordered, sort_keys))
            self._by_id: dict[int, GameLike] = {
                g.id: g for g in replayer.ordered if g.id is not None
            }
        self._replayer = replayer
        self.replayed_from_period = self.replayed_from_game = 0
        return replayer.collector.result

    def change(
        self,
        *,
        removed: Iterable[int] = (),
        added: Iterable[GameLike] = (),
        published: Mapping[str, Published] | None = None,
        standard: StandardInForce | None = None,
        standard_from: int | None = None,
    ) -> Replay:
        """The replay after removing the games of ids `removed` (ids not kept are ignored), adding
        `added` (each with an id not kept), with the entered lists `published` (all of them, "YYYY-MM"
        → rating) and the standard list in force `standard`, changed from month `standard_from`."""
        removed, added = list(removed), list(added)
        kept_after = self._by_id.keys() - set(removed)
        for game in added:  # refused before anything changes
            if game.id is None or game.id in kept_after:
                raise ValueError(f"game id {game.id} is kept already (an edit removes it first)")
            kept_after.add(game.id)
        replayer = self._replayer
        games, keys = replayer.ordered, replayer.sort_keys
        assert isinstance(games, list)
        reached: list[int] = []  # the first month each change reaches
        for game_id in removed:
            gone = self._by_id.pop(game_id, None)
            if gone is None:
                continue
            key = sort_key(gone)
            index = self._place(key, game_id)
            assert games[index].id == game_id
            del games[index], keys[index]
            reached.append(key // DAYS_KEY)
        for game in added:
            assert game.id is not None
            key = sort_key(game)
            index = self._place(key, game.id)
            games.insert(index, game)
            keys.insert(index, key)
            self._by_id[game.id] = game
            reached.append(key // DAYS_KEY)
        if published is not None or standard is not None:
            self.published = dict(published) if published is not None else self.published
            if standard is not None:
                self.options["standard"] = standard
            renewed = self._new_replayer()  # the entered lists by period, from `published`
            renewed.take_over(replayer)
            changed = replayer.lists.keys() | renewed.lists.keys()
            reached += [s - 1 for s in changed if replayer.lists.get(s) != renewed.lists.get(s)]
            if standard_from is not None:
                reached.append(standard_from - 1)
            self._replayer = replayer = renewed
        if reached:
            self.replay = self._replay_from(min(reached))
        return self.replay

    def _place(self, key: int, game_id: int) -> int:
        """Where the game of `key` and `game_id` is (or goes) among the games: among those of the same
        key (period and date), in id order, as the logbook lists them."""
        keys = self._replayer.sort_keys
        low = bisect_left(keys, key)
        high = bisect_right(keys, key, low)
        games = self._replayer.ordered
        for index in range(low, high):
            other = games[index].id
            if other is not None and other >= game_id:
                return index
        return high

    def _replay_from(self, month: int) -> Replay:
        """Replay from the period containing `month` (or from the start)."""
        replayer = self._replayer
        span = period_span(replayer.sort_keys, replayer.lists)
        starts = replayer.starts
        if span is None or not starts or span[0] != starts[0].month:
            return self._replay_all(replayer.ordered)
        last = span[1]
        index = bisect_right([s.month for s in starts], min(month, last)) - 1
        if index <= 0:
            return self._replay_all(replayer.ordered)
        start = replayer.go_back_to(index)
        self.replayed_from_period = min(self.replayed_from_period, index)
        self.replayed_from_game = min(self.replayed_from_game, start.cursor)
        games = period_runs(replayer.ordered, replayer.sort_keys, start.cursor)
        with gc_paused():
            replayer.periods_from(
                start.month, start.cursor, start.rating, start.source, games, last
            )
        return replayer.collector.result
