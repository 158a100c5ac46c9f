"""The three lists replayed together: standard first, because rapid and blitz read it (rules.md §3.3).

A rapid or blitz replay needs the standard list in force month by month: a player unrated on rapid or
blitz but rated on standard is rated with the standard rating, and on 2022-10-01 a rapid or blitz
rating more than 100 below standard was raised to standard − 100. `StandardInForce` is that list,
taken from a standard `Replay`; `replay_lists` runs the three replays in that order, and `KeptLists`
keeps them for the next change (`incremental`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from elotui.rating.calendar import parse_month
from elotui.rating.replay.incremental import KeptReplay
from elotui.rating.replay.loop import replay
from elotui.rating.replay.records import GameLike, PlayerLike, Replay
from elotui.rating.rules.records import RATING_LISTS, RatingList


class StandardInForce:
    """The standard rating in force in each month (None: unrated on standard then).

    From the first standard period on: each period's list in force for each of its months, and after
    the last period the list it feeds (`Replay.current_rating`). Before the first standard period the
    standard rating is not known, so None (a decision: the logbook starts there).
    """

    def __init__(self, by_month: Mapping[int, int | None], last: int, after: int | None) -> None:
        self._by_month = dict(by_month)
        self._last = last  # the last month covered by a period
        self._after = after

    def at(self, month: int) -> int | None:
        """The standard list in force during `month` (a month index, `calendar.parse_month`)."""
        if month > self._last:
            return self._after
        return self._by_month.get(month)

    def first_difference(self, other: StandardInForce) -> int | None:
        """The first month whose list in force may differ between the two; None: they are the same."""
        differing = next(
            (m for m in sorted(self._by_month.keys() | other._by_month.keys())
             if self.at(m) != other.at(m)),
            None,
        )  # fmt: skip
        if self._last != other._last or self._after != other._after:
            # Past the shorter one's periods, its list after them stands for every month (even
            # before the other's first period).
            past = min(self._last, other._last) + 1
            differing = past if differing is None else min(differing, past)
        return differing


def standard_in_force(standard: Replay) -> StandardInForce:
    """The standard list in force month by month, read from the replay of the standard list."""
    by_month: dict[int, int | None] = {}
    last = -1
    for period in standard.periods:
        first = parse_month(period.period)
        for month in range(first, first + period.months):
            by_month[month] = period.rating_start
        last = first + period.months - 1
    return StandardInForce(by_month, last, standard.current_rating)


def replay_lists(
    player: PlayerLike,
    games: Mapping[RatingList, Sequence[GameLike]],
    published: Mapping[RatingList, Mapping[str, int]],
    *,
    apply_cap: bool = True,
    lists: Sequence[RatingList] = RATING_LISTS,
) -> dict[RatingList, Replay]:
    """The replays of `lists`, in that order. The standard list is always replayed (the others read
    it) but returned only when asked for."""
    standard = replay(
        player, games.get("standard", ()), published.get("standard"), apply_cap=apply_cap
    )
    in_force = standard_in_force(standard)
    results: dict[RatingList, Replay] = {}
    for name in lists:
        if name == "standard":
            results[name] = standard
        else:
            results[name] = replay(
                player, games.get(name, ()), published.get(name), apply_cap=apply_cap,
                rating_list=name, standard=in_force,
            )  # fmt: skip
    return results


class KeptLists:
    """The replays of `lists` (and of the standard list, which the others read) kept for their next
    change (`incremental.KeptReplay`): `results` are what `replay_lists` gives for the same games.
    One change at a time."""

    def __init__(
        self,
        player: PlayerLike,
        games: Mapping[RatingList, Sequence[GameLike]],
        published: Mapping[RatingList, Mapping[str, int]],
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
        published: Mapping[str, int] | None = None,
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
