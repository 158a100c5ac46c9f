"""What the history screen's thread workers post back to it, and what they compute: a replay's view."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

from elotui.logbook.records import STANDARD, RatingList

if TYPE_CHECKING:
    from elotui.logbook.repository import GameRecord, PlayerRecord
    from elotui.rating.replay import Replay
    from elotui.tui.widgets.trajectory import TrajectoryData


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


class PlayersLoaded(Message):
    def __init__(
        self, players: list[PlayerRecord], select: int | None, *, reload: bool = True
    ) -> None:
        super().__init__()
        self.players = players
        self.select = select
        self.reload = reload  # False: that player's history is being loaded already


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


class WriteDone(Message):
    def __init__(self, note: str, player_id: int | None = None, game_id: int | None = None) -> None:
        super().__init__()
        self.note = note
        self.player_id = player_id
        self.game_id = game_id


class WriteFailed(Message):
    def __init__(self, reason: str, lines: list[str] | None = None) -> None:
        super().__init__()
        self.reason = reason
        self.lines = lines or []
