"""How the history screen loads: the thread workers that read the logbook and replay it, and the state
they fill (`LoadingScreen`, the base of `HistoryScreen`).

- Every database call and the replay run in thread workers (`_load_*`, `_write`) that post a message
  back (`messages.py`); handlers on the main thread update the widgets. Widgets hold plain frozen
  records only.
- A load is tagged with a generation number; a message from an older load (another player, a write
  since) is dropped.
- Small logbooks get games and replay in one message; big ones show the first page at once and the
  live ratings, chart, crossings and FIDE check when the replay is done.
"""

from __future__ import annotations

import datetime as dt
import functools
import gc
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ParamSpec

from textual import work
from textual.widget import AwaitMount
from textual.worker import get_current_worker

from elotui.dates import LATEST_DATE
from elotui.logbook.player_names import PlayerNames
from elotui.logbook.records import RATING_LISTS, STANDARD, ChangedElsewhere, NotFound, RatingList
from elotui.stopping import Stopped, check_stop, stop_when
from elotui.tui import logbook_refresh
from elotui.tui.logbook_access import Logbook, Notice, attempt, failure_words
from elotui.tui.screens.base import AppScreen, app_ready
from elotui.tui.screens.history.fide_check import KeptRows
from elotui.tui.screens.history.messages import (
    ChangedSinceShown,
    FirstRows,
    GamesLoaded,
    KeptHistory,
    LogbookFailed,
    PageLoaded,
    PlayersLoaded,
    ReplayLoaded,
    ReplayView,
    WriteDone,
    WriteFailed,
)
from elotui.tui.widgets.virtual_table import VirtualTable

if TYPE_CHECKING:
    from elotui.logbook.repository import GameRecord, PlayerRecord, Repository
    from elotui.tui.logbook_refresh import Tally

PAGE = 100  # games fetched at a time
NEAR_END = 20  # fetch the next page when the cursor is this close to the last loaded row
# Up to this many games, rows and replay arrive together (no blank live cells).
ONE_MESSAGE_UP_TO = 5000
# A load waits this long at most for the frame that shows its first rows before it goes on.
PAINT_WAIT = 2.0
PAINT_WAIT_STEP = 0.02  # and looks this often whether it is still wanted

P = ParamSpec("P")


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
        name: {record.month: record.rating for record in repository.list_published(player.id, name)}
        for name in read
    }
    # Kept for the next write, which replays from the first period it reaches (`edits.py`).
    return KeptHistory.of(player, games, published, rating_list, shown).view()


def wait_painted(shown: threading.Event) -> None:
    """Wait until `shown` says that what was posted is painted, `PAINT_WAIT` seconds at most (a
    frame may never come), giving up at once when the work is no longer wanted (the app quitting
    paints nothing more: `stopping.check_stop`, every `PAINT_WAIT_STEP`)."""
    for _ in range(round(PAINT_WAIT / PAINT_WAIT_STEP)):
        if shown.wait(PAINT_WAIT_STEP):
            return
        check_stop()


def stops_when_cancelled(work: Callable[P, None]) -> Callable[P, None]:
    """A thread worker's body that stops within milliseconds once Textual cancels its worker (the
    app quitting, or a newer load of the same `exclusive` group): it runs in `stopping.stop_when`, and
    the `Stopped` its bulk work raises ends it quietly. Python waits for a thread before the
    process ends: Ctrl+Q waited seven seconds for the replay of a million games."""

    @functools.wraps(work)
    def run(*args: P.args, **kwargs: P.kwargs) -> None:
        worker = get_current_worker()
        try:
            with stop_when(lambda: worker.is_cancelled):
                work(*args, **kwargs)
        except Stopped:
            return  # nobody will see it

    return run


def tables_for(rating_list: RatingList, day: dt.date) -> None:
    """Build the tables of the rule set in force on `day` now, in the load's worker: the first
    game the replay meets under a rule set builds them (built once per process, `diff_tables`), and
    a logbook whose games end before today's rule set would build them at the first game added
    today, in the write's time."""
    from elotui.rating.rules.difference import diff_tables
    from elotui.rating.rules.lookup import rules_for

    diff_tables(rules_for(rating_list, day))


def keep_out_of_the_collector() -> None:
    """Freeze every object alive now (a big replay, just made) out of the cycle collector's sight.

    A big replay is a million objects that live as long as the screen shows them; the cycle
    collector's full passes would walk them all (0.3 s with 100,000 games), at some key press.
    Frozen, they are out of its sight; reference counting still frees them when replaced.
    """
    gc.freeze()


def wanted_id(ids: dict[str, int], wanted: str | None) -> int:
    """The id of the player `wanted` names (`--player`: found as the CLI finds it, case and accents
    ignored), else of the first player (the CLI has said already why `wanted` names none)."""
    if wanted:
        try:
            return ids[PlayerNames(ids).find(wanted)]
        except NotFound:
            pass
    return ids[min(ids)]


class LoadingScreen(AppScreen):
    """The history screen's state and its thread workers (the widgets are `HistoryScreen`'s)."""

    def __init__(self) -> None:
        super().__init__()
        self.players: list[PlayerRecord] = []
        self.player: PlayerRecord | None = None
        self.total = 0
        self.view: ReplayView | None = None
        self.games: dict[int, GameRecord] = {}  # the loaded rows' games, by id
        self._generation = 0
        self._paging = False
        self._chart: Any = None
        self._select_game_after_load: int | None = None
        self._idle = False  # nothing is loading or being written (tests and scenes wait for it)
        self.first_rows_painted: float | None = None  # perf_counter() then (the benchmark reads it)
        self._picker_mounted: AwaitMount | None = None
        self.rating_list: RatingList = STANDARD  # the list shown (`l` switches)
        self.overlay = False  # the chart shows the three lists (`o`)
        self.counts: dict[RatingList, int] = {}  # the player's games on each list
        self.last_form_list: RatingList | None = None  # the list of the last game saved (session)
        self.kept_rows = (
            KeptRows()
        )  # the FIDE check's rows of the periods shown, for the next write
        # Every player's games summed up as the screen has seen them (`logbook_refresh`): read with
        # the players, a write of its own added in; None until read.
        self.tally: Tally | None = None
        self.refresh_asked = False  # the refresh key, pressed while loading or writing (`at_rest`)

    def at_rest(self) -> None:
        """Nothing is loading or being written now: a refresh asked meanwhile is done once this is
        painted, with what the screen shows complete (a write of its own counted in)."""
        self._idle = True
        if self.refresh_asked:
            self.refresh_asked = False
            self.call_after_refresh(logbook_refresh.refresh, self)

    @property
    def loaded(self) -> bool:
        """The player's games and replay are shown (or there is nothing to show) and no write is on."""
        return self._idle or not self.logbook.available

    @property
    def logbook(self) -> Logbook:
        return self.app.logbook

    @property
    def today(self) -> dt.date:
        return self.app.settings.today or dt.date.today()

    def first_page_now(self, wanted: str | None) -> FirstRows | None:
        """Read the first page of rows before the screen's first paint, if the logbook is open or
        has a reader (plain `sqlite3`: `elotui history` on a file, before SQLAlchemy is loaded).

        Two quick reads (a player lookup and one page, by an index, about a millisecond each) are
        cheaper here than in a worker: a worker thread shares the interpreter with the first paint,
        and the rows would come a paint later. Returns the rows, with an event to set once they are
        painted (the worker waits for it), or None when there is nothing to read them from yet (the
        demo, built in the background: the worker reads them).
        """
        source = self.logbook.first_page_source()
        if source is None:
            return None
        try:
            ids = source.player_ids_by_name()
            if not ids:
                return None
            player_id = wanted_id(ids, wanted)
            games = source.list_games(player_id, limit=PAGE, rating_list=self.rating_list)
        except Exception:  # the worker reads again and says what is wrong
            return None
        return FirstRows(self._generation, player_id, games, threading.Event())

    def _open_player(self, player_id: int, *, keep_rows: bool = False) -> None:
        """Load a player's history (another player, list or overlay); with `keep_rows`, the rows
        shown stay until the new ones come (the same player and list)."""
        self._idle = False
        self._generation += 1
        self._paging = False
        table = self.query_one("#games", VirtualTable)
        if not keep_rows:
            table.clear()
            self.games = {}
            self.view = None
        rows = max(PAGE, table.row_count)
        self._load_history(
            self._generation, player_id, rows, self.rating_list, early_rows=not keep_rows
        )

    # --- thread workers -------------------------------------------------------------------------------

    @work(group="history-start")
    async def _load_after_first_frame(
        self, generation: int, wanted: str | None, painted: threading.Event | None
    ) -> None:
        """Start loading once the app's first frame is shown: the worker opens the logbook, and
        loading SQLAlchemy (and building the demo) would share the interpreter with that paint."""
        await app_ready(self.app)
        self.logbook.first_frame_shown()
        if generation != self._generation:  # another player or list was asked for meanwhile
            return
        self._load_history(
            generation,
            None,
            PAGE,
            self.rating_list,
            early_rows=painted is None,
            wanted=wanted,
            with_players=True,
            after=painted,
        )

    @work(thread=True, exclusive=True, exit_on_error=False, group="players")
    def _load_players(self, select: int | None) -> None:
        try:
            repository = self.logbook.get()
            players = repository.list_players()
            tally = logbook_refresh.Tally.read(repository)
        except Exception as error:  # a refused read is said on the screen, never a dead worker
            self.post_message(LogbookFailed(failure_words(error)))
            return
        self.post_message(PlayersLoaded(players, select, tally=tally))

    @work(thread=True, exclusive=True, exit_on_error=False, group="history")
    @stops_when_cancelled
    def _load_history(
        self,
        generation: int,
        player_id: int | None,
        rows: int,
        rating_list: RatingList,
        *,
        early_rows: bool,
        wanted: str | None = None,
        with_players: bool = False,
        after: threading.Event | None = None,
    ) -> None:
        """Load a player's rows and replay; with `player_id` None, the first (or `wanted`) player.

        With `early_rows`, the first rows go out before anything else (one quick query), and the rest
        waits until they are painted: the replay keeps the interpreter busy, and sharing it with the
        first paint would slow that paint down many times. With `after` (the first rows were shown
        already), nothing starts until that event says they are painted, for the same reason.
        """
        if after is not None:
            wait_painted(after)
        try:
            repository = self.logbook.get()
            repository.keep_connected()  # the writes' connections never the last (its doc: why)
            if player_id is None:
                ids = repository.player_ids_by_name()
                if not ids:
                    self.post_message(PlayersLoaded([], None))
                    return
                player_id = wanted_id(ids, wanted)
            if early_rows:
                shown = threading.Event()
                games = repository.list_games(player_id, limit=rows, rating_list=rating_list)
                self.post_message(FirstRows(generation, player_id, games, shown))
                wait_painted(shown)
            if with_players:
                players = repository.list_players()
                tally = logbook_refresh.Tally.read(repository)
                self.post_message(PlayersLoaded(players, player_id, reload=False, tally=tally))
            player = repository.get_player(player_id)
            counts = repository.count_games_by_list(player_id)
            total = counts[rating_list]
            games = repository.list_games(player_id, limit=rows, rating_list=rating_list)
            overlay = self.overlay
            if total <= ONE_MESSAGE_UP_TO:
                view = replay_view(player, repository, rating_list, overlay=overlay)
                self.post_message(GamesLoaded(generation, player, total, games, view, None, counts))
            else:
                shown = threading.Event()
                self.post_message(
                    GamesLoaded(generation, player, total, games, None, shown, counts)
                )
                wait_painted(shown)
                view = replay_view(player, repository, rating_list, overlay=overlay)
                keep_out_of_the_collector()  # the replay kept is big (the list has many games)
                self.post_message(ReplayLoaded(generation, view))
            tables_for(rating_list, self.today)  # ready for a game added today
        except Exception as error:  # a refused read is said on the screen, never a crash
            self.post_message(LogbookFailed(failure_words(error)))

    @work(thread=True, exclusive=True, exit_on_error=False, group="page")
    def _load_page(
        self, generation: int, player_id: int, offset: int, rating_list: RatingList
    ) -> None:
        try:
            games = self.logbook.get().list_games(
                player_id, limit=PAGE, offset=offset, rating_list=rating_list
            )
        except Exception as error:
            self.post_message(LogbookFailed(failure_words(error)))
            return
        self.post_message(PageLoaded(generation, offset, games))

    def _write(
        self,
        job: Callable[[Repository], WriteDone],
        again: Callable[[Any], object] | None = None,
    ) -> None:
        """Run `job` in a worker; `again(now)` shows its form again with its row as it is now, if
        the write is refused for a row changed elsewhere since it was shown (`ChangedSinceShown`)."""
        self._idle = False
        self._run_write(job, again)

    @work(thread=True, exit_on_error=False, group="write")
    def _run_write(
        self, job: Callable[[Repository], WriteDone], again: Callable[[Any], object] | None
    ) -> None:
        def run() -> WriteDone | ChangedSinceShown:
            repository = self.logbook.get()
            try:
                return job(repository)
            except ChangedElsewhere as changed:  # not only refused: shown again as it is now
                return ChangedSinceShown(str(changed), changed.now, again)

        # Every ElotuiError is told through `attempt` (the app's one place for them: a failed import
        # says "nothing imported (N problems)" with its lines); a bare OS error or bad value from
        # below elotui's checks (a full disk mid-write) is told too, never a silent dead worker.
        try:
            outcome = attempt(run)
        except (OSError, ValueError) as error:
            outcome = Notice(str(error))
        if isinstance(outcome, Notice):
            self.post_message(WriteFailed(outcome.message, list(outcome.details)))
        else:
            self.post_message(outcome)
