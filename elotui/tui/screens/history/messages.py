"""What the history screen's thread workers post back to it, and what they compute: a replay's view,
and after a write the view changed in place (`KeptHistory`)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from textual.message import Message

from elotui.dates import LATEST_DATE
from elotui.logbook.records import STANDARD, RatingList
from elotui.tui.screens.history.cells import NOT_RATED

if TYPE_CHECKING:
    from elotui.logbook.repository import GameRecord, PlayerRecord
    from elotui.rating.replay import Replay, ReplayedGame
    from elotui.rating.replay.lists import KeptLists
    from elotui.tui.logbook_refresh import Tally
    from elotui.tui.widgets.trajectory import GamePoints, TrajectoryData


@dataclass(frozen=True)
class ReplayView:
    """What the screen shows of a replay, computed in the worker."""

    replay: Replay
    # game id → live rating in hundredths, or the text shown instead (NOT_RATED)
    live: dict[int, int | str | None]
    chart: TrajectoryData
    rating_list: RatingList = STANDARD
    # The other lists' trajectories when the chart overlays them, in RATING_LISTS order.
    others: tuple[tuple[RatingList, TrajectoryData], ...] = ()
    # The replays kept for the next write (None: a write reloads the history).
    kept: KeptHistory | None = field(default=None, compare=False)


def live_ratings(games: Iterable[ReplayedGame]) -> dict[int, int | str | None]:
    """game id → live rating in hundredths, or the text shown instead (NOT_RATED)."""
    return {
        game.id: NOT_RATED if game.not_rated else game.live_hundredths
        for game in games
        if game.id is not None
    }


class GamesChange(NamedTuple):
    """What a write changed of a player's games: the games as they were (an edit is both) and as
    they are, and an entered list (list, month, rating)."""

    removed: tuple[GameRecord, ...] = ()
    added: tuple[GameRecord, ...] = ()
    published: tuple[RatingList, str, int] | None = None


@dataclass
class KeptHistory:
    """What the history screen keeps of a player's replays so that a write shows what it changed
    without reading every game again: the lists replayed (`KeptLists`) and each shown list's chart
    points. One write at a time: `lock`."""

    lists: KeptLists
    rating_list: RatingList  # the list shown (the others are for the chart or read by it)
    points: dict[RatingList, GamePoints]
    lock: threading.Lock = field(default_factory=threading.Lock)

    @classmethod
    def of(
        cls,
        player: PlayerRecord,
        games: Mapping[RatingList, Sequence[GameRecord]],
        published: Mapping[RatingList, Mapping[str, int]],
        rating_list: RatingList,
        shown: Sequence[RatingList],
    ) -> KeptHistory:
        """Replay the lists `shown` (the standard list too: the others read it) of these games."""
        from elotui.rating.replay.lists import KeptLists
        from elotui.tui.widgets.trajectory import GamePoints

        kept = KeptLists(player, games, published, lists=shown)
        return cls(kept, rating_list, {name: GamePoints() for name in shown})

    def view(self, previous: ReplayView | None = None, removed: Iterable[int] = ()) -> ReplayView:
        """The view of the replays as they are; `previous`, the view before the last change (whose
        game ids `removed` went), gives what that change did not reach."""
        from elotui.tui.widgets.trajectory import trajectory_data

        results = self.lists.results
        charts = {}
        for name, points in self.points.items():
            points.follow(results[name], self.lists.kept[name].replayed_from_period)
            charts[name] = trajectory_data(results[name], points=points)
        result = results[self.rating_list]
        replayed_from = self.lists.kept[self.rating_list].replayed_from_game
        if previous is None or replayed_from == 0:
            live = live_ratings(result.games)
        else:
            live = dict(previous.live)
            for game_id in removed:
                live.pop(game_id, None)
            live.update(live_ratings(result.games[replayed_from:]))
        for kept in self.lists.kept.values():
            kept.seen()
        others = tuple((name, chart) for name, chart in charts.items() if name != self.rating_list)
        return ReplayView(result, live, charts[self.rating_list], self.rating_list, others, self)

    def change(self, previous: ReplayView, change: GamesChange) -> ReplayView:
        """The view after `change` (thread side): each list replayed from the first period it
        changed (`KeptLists.change`), the chart and live ratings from there."""
        with self.lock:
            lists = {game.rating_list for game in (*change.removed, *change.added)}
            for name in sorted(lists, key=lambda name: name != STANDARD):  # standard first
                self.lists.change(
                    name,
                    removed=[game.id for game in change.removed if game.rating_list == name],
                    # A game past today's range is not replayed (as `loading.replay_view` leaves it)
                    added=[
                        game
                        for game in change.added
                        if game.rating_list == name and game.date <= LATEST_DATE
                    ],
                )
            if change.published is not None:
                name, month, rating = change.published
                kept = self.lists.kept.get(name)
                if kept is not None:
                    self.lists.change(name, published={**kept.published, month: rating})
            return self.view(previous, [game.id for game in change.removed])


class PlayersLoaded(Message):
    def __init__(
        self,
        players: list[PlayerRecord],
        select: int | None,
        *,
        reload: bool = True,
        tally: Tally | None = None,
    ) -> None:
        super().__init__()
        self.players = players
        self.select = select
        self.reload = reload  # False: that player's history is being loaded already
        # Every player's games summed up, read with the players (what the next refresh compares).
        self.tally = tally


class FirstRows(Message):
    def __init__(
        self, generation: int, player_id: int, games: list[GameRecord], shown: threading.Event
    ) -> None:
        super().__init__()
        self.generation = generation
        self.player_id = player_id
        self.games = games
        self.shown = shown  # set once the rows are painted


class GamesLoaded(Message):
    def __init__(
        self,
        generation: int,
        player: PlayerRecord,
        total: int,
        games: list[GameRecord],
        view: ReplayView | None,
        shown: threading.Event | None = None,
        counts: dict[RatingList, int] | None = None,
    ) -> None:
        super().__init__()
        self.generation = generation
        self.player = player
        self.total = total
        self.games = games
        self.view = view
        self.shown = shown  # set once the rows are painted
        self.counts = counts or {}  # games on each list (the summary says them)


class ReplayLoaded(Message):
    def __init__(self, generation: int, view: ReplayView) -> None:
        super().__init__()
        self.generation = generation
        self.view = view


class PageLoaded(Message):
    def __init__(self, generation: int, offset: int, games: list[GameRecord]) -> None:
        super().__init__()
        self.generation = generation
        self.offset = offset
        self.games = games


class LogbookFailed(Message):
    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason


class GamesWritten(Message):
    """A write's changed rows, posted before its replay so they show at once."""

    def __init__(self, generation: int, change: GamesChange) -> None:
        super().__init__()
        self.generation = generation
        self.change = change


class WriteDone(Message):
    def __init__(
        self,
        note: str,
        player_id: int | None = None,
        game_id: int | None = None,
        *,
        view: ReplayView | None = None,
        generation: int = 0,
        change: GamesChange | None = None,
        rows_shown: bool = False,
    ) -> None:
        super().__init__()
        self.note = note
        self.player_id = player_id
        self.game_id = game_id
        # With a view (of `generation`): the write's replay, changed in place; None: reload.
        self.view = view
        self.generation = generation
        self.change = change
        self.rows_shown = rows_shown  # its `GamesWritten` was posted before it (`edits.RowsFirst`)


class ChangedSinceShown(Message):
    """A write refused because its row was changed or deleted elsewhere since the screen read it
    (`ChangedElsewhere`): the reason, the row as it is now (None: deleted), and, for a write from
    a form, how to show that form again with the row as it is now (`again(now)`)."""

    def __init__(
        self,
        reason: str,
        now: GameRecord | PlayerRecord | None,
        again: Callable[[Any], object] | None = None,
    ) -> None:
        super().__init__()
        self.reason = reason
        self.now = now
        self.again = again


class WriteFailed(Message):
    def __init__(self, reason: str, lines: list[str] | None = None) -> None:
        super().__init__()
        self.reason = reason
        self.lines = lines or []
