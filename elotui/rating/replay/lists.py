"""The three lists replayed together: standard first, because rapid and blitz read it (rules.md §3.3).

A rapid or blitz replay needs the standard list in force month by month: a player unrated on rapid or
blitz but rated on standard is rated with the standard rating, and on 2022-10-01 a rapid or blitz
rating more than the rule set's `raise_to_standard_minus` below standard was raised to standard minus
that. `standard_in_force` reads that list (`records.StandardInForce`) from a standard replay's
periods; `replay_lists` runs the three replays in that order
(`replay_lists_into` hands them a period at a time to a sink each), and `KeptLists` keeps them for
the next change (`incremental`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from elotui.rating.calendar import parse_month
from elotui.rating.replay.given import GameLike, PlayerLike, Published, StandardInForce
from elotui.rating.replay.incremental import KeptReplay
from elotui.rating.replay.loop import replay_into
from elotui.rating.replay.order import GamesOfPeriod, by_period, period_runs
from elotui.rating.replay.report import Crossing, PeriodSink, Replay, ReplayedGame, ReplayPeriod
from elotui.rating.replay.sinks import ReplayCollector
from elotui.rating.rules.rule_set import RATING_LISTS, RatingList


class _InForceNoted:
    """A sink noting the standard list in force month by month as the standard periods pass (and
    handing them on to `then`, when the standard list is shown too)."""

    def __init__(self, then: PeriodSink | None = None) -> None:
        self._then = then
        self._by_month: dict[int, int | None] = {}
        self._last = -1
        self.in_force: StandardInForce | None = None

    def note(self, period: ReplayPeriod) -> None:
        first = parse_month(period.period)
        for month in range(first, first + period.months):
            self._by_month[month] = period.rating_start
        self._last = first + period.months - 1

    def period(
        self, period: ReplayPeriod, games: list[ReplayedGame], crossings: list[Crossing]
    ) -> None:
        self.note(period)
        if self._then is not None:
            self._then.period(period, games, crossings)

    def finished(self, player: str, apply_cap: bool, current_rating: int | None) -> None:
        self.in_force = StandardInForce(self._by_month, self._last, current_rating)
        if self._then is not None:
            self._then.finished(player, apply_cap, current_rating)


def standard_in_force(standard: Replay) -> StandardInForce:
    """The standard list in force month by month, read from the replay of the standard list."""
    noted = _InForceNoted()
    for period in standard.periods:
        noted.note(period)
    noted.finished(standard.player, standard.apply_cap, standard.current_rating)
    assert noted.in_force is not None
    return noted.in_force


def replay_lists_into(
    player: PlayerLike,
    games_of: Callable[[RatingList], Iterable[GamesOfPeriod]],
    published: Mapping[RatingList, Mapping[str, Published]],
    sinks: Mapping[RatingList, PeriodSink],
    *,
    apply_cap: bool = True,
) -> None:
    """The replays of the lists of `sinks`, each handed to its sink a period at a time
    (`loop.replay_into`), the standard list first, then the others in `sinks`' order. The standard
    list is always replayed (the others read it), but handed on only when it has a sink.
    `games_of`: a list's games a period at a time (`order.period_runs`, `order.periods_in`)."""
    noted = _InForceNoted(sinks.get("standard"))
    replay_into(player, games_of("standard"), published.get("standard"), noted, apply_cap=apply_cap)
    for name, sink in sinks.items():
        if name != "standard":
            replay_into(
                player, games_of(name), published.get(name), sink, apply_cap=apply_cap,
                rating_list=name, standard=noted.in_force,
            )  # fmt: skip


def replay_lists(
    player: PlayerLike,
    games: Mapping[RatingList, Sequence[GameLike]],
    published: Mapping[RatingList, Mapping[str, Published]],
    *,
    apply_cap: bool = True,
    lists: Sequence[RatingList] = RATING_LISTS,
) -> dict[RatingList, Replay]:
    """The replays of `lists`, in that order. The standard list is always replayed (the others read
    it) but returned only when asked for."""
    collectors = {name: ReplayCollector() for name in lists}
    replay_lists_into(
        player, lambda name: period_runs(*by_period(games.get(name, ()))), published, collectors,
        apply_cap=apply_cap,
    )  # fmt: skip
    return {name: collector.result for name, collector in collectors.items()}


class KeptLists:
    """The replays of `lists` (and of the standard list, which the others read) kept for their next
    change (`incremental.KeptReplay`): `results` are what `replay_lists` gives for the same games.
    One change at a time."""

    def __init__(
        self,
        player: PlayerLike,
        games: Mapping[RatingList, Sequence[GameLike]],
        published: Mapping[RatingList, Mapping[str, Published]],
        *,
        apply_cap: bool = True,
        lists: Sequence[RatingList] = RATING_LISTS,
    ) -> None:
        self.lists = tuple(lists)
        standard = KeptReplay(
            player, games.get("standard", ()), published.get("standard"), apply_cap=apply_cap
        )
        self._in_force = standard_in_force(standard.replay)
        self.kept: dict[RatingList, KeptReplay] = {"standard": standard}
        for name in self.lists:
            if name != "standard":
                self.kept[name] = KeptReplay(
                    player, games.get(name, ()), published.get(name), apply_cap=apply_cap,
                    rating_list=name, standard=self._in_force,
                )  # fmt: skip

    @property
    def results(self) -> dict[RatingList, Replay]:
        return {name: self.kept[name].replay for name in self.lists}

    def change(
        self,
        rating_list: RatingList,
        *,
        removed: Iterable[int] = (),
        added: Iterable[GameLike] = (),
        published: Mapping[str, Published] | None = None,
    ) -> dict[RatingList, Replay]:
        """The replays after a change of one list's games or entered lists (`KeptReplay.change`); a
        change of the standard list replays the others from the first month its list in force
        changed. A list not kept (not shown) changes nothing."""
        kept = self.kept.get(rating_list)
        if kept is None:
            return self.results
        kept.change(removed=removed, added=added, published=published)
        if rating_list == "standard":
            in_force = standard_in_force(kept.replay)
            changed_from = self._in_force.first_difference(in_force)
            self._in_force = in_force
            if changed_from is not None:
                for name, other in self.kept.items():
                    if name != "standard":
                        other.change(standard=in_force, standard_from=changed_from)
        return self.results
