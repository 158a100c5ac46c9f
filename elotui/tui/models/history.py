"""The history screen's model: its state and what to show, without Textual.

`HistoryModel` holds what the screen shows of the logbook (the players, the player shown, the list,
the rows loaded, the replay's view, the tally a refresh compares with) and answers the screen's
questions: which rows to show after a load, a page, a write; whether a worker's message is still
wanted (a load is tagged with a generation number, and a message of an older one is dropped);
what a refresh says changed. The replays it keeps (`KeptHistory`) let a write show what it changed
without reading every game again: `KeptHistory.change` replays from the first period it reaches.
The thread workers (`screens/history/workers.py`) compute `replay_view` and `KeptHistory.change`;
the screen's widgets draw what the model gives them.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from elotui.dates import LATEST_DATE
from elotui.logbook.player_names import PlayerNames
from elotui.logbook.records import RATING_LISTS, STANDARD, NotFound, RatingList
from elotui.tui.models.logbook_changes import (
    GamesChange,
    LogbookSnapshot,
    Tally,
    tally_after,
    what_changed,
)

if TYPE_CHECKING:
    from elotui.logbook.repository import GameRecord, PlayerRecord, Repository
    from elotui.rating.replay import Published, Replay, ReplayedGame
    from elotui.rating.replay.lists import KeptLists
    from elotui.tui.models.trajectory import GamePoints, TrajectoryData

PAGE = 100  # games fetched at a time
NEAR_END = 20  # fetch the next page when the cursor is this close to the last loaded row
NOT_RATED = "×"  # the live cell of a game the rules did not rate (rapid and blitz from 2024-12)

# game id → live rating in hundredths, or the text shown instead (NOT_RATED)
Live = dict[int, "int | str | None"]


def next_list(rating_list: RatingList) -> RatingList:
    """The list `l` switches to: standard → rapid → blitz → standard."""
    return RATING_LISTS[(RATING_LISTS.index(rating_list) + 1) % len(RATING_LISTS)]


def replay_view(
    player: PlayerRecord,
    repository: Repository,
    rating_list: RatingList = STANDARD,
    *,
    overlay: bool = False,
) -> ReplayView:
    """Replay a player's list from the database (thread side); with `overlay`, the other two lists
    too, for the chart. Rapid and blitz read the standard list, so it is always replayed."""
    shown: tuple[RatingList, ...] = RATING_LISTS if overlay else (rating_list,)
    read: tuple[RatingList, ...] = ("standard", *(name for name in shown if name != "standard"))
    games = {name: repository.games_for_replay(player.id, name) for name in read}
    for name, listed in games.items():
        if listed and listed[-1].date > LATEST_DATE:
            # A game stored by an older elotui past today's range (9999-12-31 has no next list)
            # cannot be replayed; left out here, it still shows in the list, without a live
            # rating, so it can be edited or deleted (`elotui replay` names it).
            games[name] = [game for game in listed if game.date <= LATEST_DATE]
    published = {
        name: {
            record.month: record.for_replay()
            for record in repository.list_published(player.id, name)
        }
        for name in read
    }
    # Kept for the next write, which replays from the first period it reaches (`KeptHistory.change`).
    return KeptHistory.of(player, games, published, rating_list, shown).view()


def wanted_id(ids: dict[str, int], wanted: str | None) -> int:
    """The id of the player `wanted` names (`--player`: found as the CLI finds it, case and accents
    ignored), else of the first player (the CLI has said already why `wanted` names none)."""
    if wanted:
        try:
            return ids[PlayerNames(ids).find(wanted)]
        except NotFound:
            pass
    return ids[min(ids)]


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
        published: Mapping[RatingList, Mapping[str, Published]],
        rating_list: RatingList,
        shown: Sequence[RatingList],
    ) -> KeptHistory:
        """Replay the lists `shown` (the standard list too: the others read it) of these games."""
        from elotui.rating.replay.lists import KeptLists
        from elotui.tui.models.trajectory import GamePoints

        kept = KeptLists(player, games, published, lists=shown)
        return cls(kept, rating_list, {name: GamePoints() for name in shown})

    def view(self, previous: ReplayView | None = None, removed: Iterable[int] = ()) -> ReplayView:
        """The view of the replays as they are; `previous`, the view before the last change (whose
        game ids `removed` went), gives what that change did not reach."""
        from elotui.tui.models.trajectory import trajectory_data

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
                    # A game past today's range is not replayed (as `replay_view` leaves it)
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


def games_after(
    games: dict[int, GameRecord],
    change: GamesChange,
    rating_list: RatingList,
    everything_loaded: bool,
) -> dict[int, GameRecord]:
    """The games table's games after a write, newest first: still the newest N of `rating_list`, so a
    new game is among them if it is newer than the oldest one (or every game is loaded)."""
    kept = dict(games)
    oldest = min(((game.date, game.id) for game in games.values()), default=None)
    for game in change.removed:
        kept.pop(game.id, None)
    for game in change.added:
        if game.rating_list == rating_list and (
            everything_loaded or oldest is None or (game.date, game.id) > oldest
        ):
            kept[game.id] = game
    newest_first = sorted(kept.values(), key=lambda game: (game.date, game.id), reverse=True)
    return {game.id: game for game in newest_first}


def counts_after(counts: dict[RatingList, int], change: GamesChange) -> dict[RatingList, int]:
    """The games on each list after a write."""
    changed = dict(counts)
    for game in change.removed:
        changed[game.rating_list] = changed.get(game.rating_list, 1) - 1
    for game in change.added:
        changed[game.rating_list] = changed.get(game.rating_list, 0) + 1
    return changed


class HistoryModel:
    """What the history screen shows of the logbook, and what a load, a write or a refresh changes
    of it. The screen asks it (on the UI thread); the workers' results come in through it."""

    def __init__(self, *, available: bool = True) -> None:
        self.players: list[PlayerRecord] = []
        self.player: PlayerRecord | None = None
        self.rating_list: RatingList = STANDARD  # the list shown (`l` switches)
        self.overlay = False  # the chart shows the three lists (`o`)
        self.total = 0  # the player's games on the list shown
        self.counts: dict[RatingList, int] = {}  # the player's games on each list
        self.games: dict[int, GameRecord] = {}  # the rows loaded, newest first, by id
        self.view: ReplayView | None = None
        self.generation = 0  # of the load under way: a message of an older one is dropped
        self.paging = False  # a page of rows is being read
        # Nothing is loading or being written (without a logbook, nothing ever is).
        self.at_rest = not available
        self.refresh_asked = False  # the refresh key, pressed while loading or writing
        # Every player's games summed up as the screen has seen them: read with the players, a
        # write of its own counted in (`tally_after`); None until read.
        self.tally: Tally | None = None
        self.last_form_list: RatingList | None = None  # the list of the last game saved (session)
        self.select_after_load: int | None = None  # the game the cursor goes to once loaded

    # --- loads ------------------------------------------------------------------------------------

    def open(self, *, keep_rows: bool = False) -> int:
        """A new load begins (a player, a list, the overlay): its generation. With `keep_rows`, the
        rows shown stay until the new ones come (the same player and list)."""
        self.at_rest = False
        self.generation += 1
        self.paging = False
        if not keep_rows:
            self.games = {}
            self.view = None
        return self.generation

    def current(self, generation: int) -> bool:
        return generation == self.generation

    def first_rows(self, generation: int, games: Sequence[GameRecord]) -> bool:
        """The first page, read before anything else; False if that load is not wanted now."""
        if not self.current(generation):
            return False
        self.games = {game.id: game for game in games}
        return True

    def players_read(self, players: Sequence[PlayerRecord], tally: Tally | None) -> None:
        self.players = list(players)
        self.tally = tally  # what the next refresh compares with
        if not players:
            self.player = None

    def player_to_open(self, select: int | None) -> int | None:
        """Which player to show once the players are read: `select`, else the one shown, else the
        first; None when there is no player."""
        ids = [player.id for player in self.players]
        if select is None and self.player is not None:
            select = self.player.id
        if select in ids:
            return select
        return ids[0] if ids else None

    def games_loaded(
        self,
        generation: int,
        player: PlayerRecord,
        total: int,
        games: Sequence[GameRecord],
        view: ReplayView | None,
        counts: Mapping[RatingList, int],
    ) -> bool:
        """A player's rows (and replay, for a small list); False if that load is not wanted now."""
        if not self.current(generation):
            return False
        self.player, self.total, self.counts = player, total, dict(counts)
        if view is not None:
            self.view = view
        self.games = {game.id: game for game in games}
        return True

    def replay_loaded(self, generation: int, view: ReplayView) -> bool:
        if not self.current(generation):
            return False
        self.view = view
        return True

    @property
    def live(self) -> Live | None:
        """The live ratings of the replay shown (None: none yet)."""
        return None if self.view is None else self.view.live

    def page_to_load(self, cursor_row: int, row_count: int) -> int | None:
        """The offset of the next page to read, once the cursor is near the last row loaded (None:
        every game is loaded, or a page is being read)."""
        if (
            self.player is None
            or self.paging
            or row_count >= self.total
            or cursor_row < row_count - NEAR_END
        ):
            return None
        self.paging = True
        return row_count

    def page_loaded(
        self, generation: int, offset: int, games: Sequence[GameRecord], row_count: int
    ) -> list[GameRecord]:
        """The rows a page adds (none if the load or the rows changed since it was asked for)."""
        self.paging = False
        if not self.current(generation) or offset != row_count:
            return []
        new = [game for game in games if game.id not in self.games]
        for game in new:
            self.games[game.id] = game
        return new

    def failed(self) -> None:
        """A read refused: nothing is loading any more."""
        self.paging = False

    # --- writes -----------------------------------------------------------------------------------

    def kept_for_write(self) -> KeptHistory | None:
        """The replays a write changes in place; None when it must reload (a load under way)."""
        return self.view.kept if self.view is not None and self.at_rest else None

    def written(self, generation: int, change: GamesChange, everything_loaded: bool) -> bool:
        """A write's change of games: counted in the tally (a write of its own is not someone
        else's at the next refresh) and, if its load is still the one shown, in the rows: still
        the newest N of the list shown, a new game among them if it is that new. False: the rows
        do not change."""
        self.tally = tally_after(self.tally, change)
        if not self.current(generation):
            return False
        self.games = games_after(self.games, change, self.rating_list, everything_loaded)
        self.counts = counts_after(self.counts, change)
        self.total = self.counts.get(self.rating_list, len(self.games))
        return True

    def write_replayed(self, generation: int, view: ReplayView | None) -> bool:
        """A write's replay, changed in place: True if it is shown (else the history reloads)."""
        if view is None or not self.current(generation):
            return False
        self.view = view
        return True

    def forget_player(self, player_id: int | None) -> None:
        """A write of another player (added, renamed): the next load shows them."""
        if player_id is not None and (self.player is None or player_id != self.player.id):
            self.player = None

    # --- moves ------------------------------------------------------------------------------------

    def switch_list(self) -> int | None:
        """Show the next list (standard → rapid → blitz): the player to load again, if any."""
        self.rating_list = next_list(self.rating_list)
        return None if self.player is None else self.player.id

    def switch_overlay(self) -> int | None:
        """Overlay the three lists on the chart, or stop: the player to load again, if any."""
        self.overlay = not self.overlay
        return None if self.player is None else self.player.id

    def next_player(self, step: int) -> int | None:
        """The player `step` places after the one shown (round the list); None without players."""
        ids = [player.id for player in self.players]
        if not ids:
            return None
        index = ids.index(self.player.id) if self.player and self.player.id in ids else 0
        return ids[(index + step) % len(ids)]

    # --- rest and refresh -------------------------------------------------------------------------

    def rest(self) -> bool:
        """Nothing is loading or being written now; True if a refresh was asked meanwhile (it is
        due now, with what the screen shows complete, a write of its own counted in)."""
        self.at_rest = True
        due, self.refresh_asked = self.refresh_asked, False
        return due

    def ask_refresh(self) -> bool:
        """The refresh key: True if it can compare now; else it waits for `rest` (compared with a
        load half shown or a write of its own not yet counted in, the logbook would seem to have
        changed by what the screen itself is doing)."""
        if not self.at_rest:
            self.refresh_asked = True
        return self.at_rest

    def snapshot(self) -> LogbookSnapshot:
        """What the screen shows now, to compare with the logbook read again (`read_again`)."""
        games = sorted(self.games.values(), key=lambda game: (game.date, game.id), reverse=True)
        return LogbookSnapshot(tuple(self.players), self.player, tuple(games), self.tally)

    def refreshed(self, before: LogbookSnapshot, after: LogbookSnapshot) -> str:
        """The logbook read again: the line that says what changed since `before`; the screen then
        reloads (not at rest until it has)."""
        if after.tally is not None:
            self.tally = after.tally  # what the screen is about to show
        self.at_rest = False
        return what_changed(before, after)
