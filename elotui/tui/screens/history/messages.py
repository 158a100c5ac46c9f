"""The history screen's Textual messages: what its thread workers (`workers.py`) post back to it,
and what its widgets tell it."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.message import Message

if TYPE_CHECKING:
    from elotui.logbook.records import RatingList
    from elotui.logbook.repository import GameRecord, PlayerRecord
    from elotui.tui.logbook_access import Notice
    from elotui.tui.models.history import ReplayView
    from elotui.tui.models.logbook_changes import GamesChange, LogbookSnapshot, Tally


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
        self.rows_shown = (
            rows_shown  # its `GamesWritten` was posted before it (`workers.RowsTimer`)
        )


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


class LogbookReadAgain(Message):
    """The refresh key's read of the logbook: what it holds now (or why it could not be read),
    and what the screen showed when the key was pressed."""

    def __init__(self, before: LogbookSnapshot, after: LogbookSnapshot | Notice) -> None:
        super().__init__()
        self.before = before
        self.after = after


class PlayerChosen(Message):
    """The player picker's choice (a click or its keys), not the screen's own setting of it."""

    def __init__(self, player_id: int) -> None:
        super().__init__()
        self.player_id = player_id
