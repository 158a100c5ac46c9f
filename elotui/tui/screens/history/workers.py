"""The history screen's thread workers: every database call and replay runs here, in a thread, and
posts a message back (`messages.py`); the screen's handlers, on the main thread, give it to the
model and the widgets. Each worker is a plain function of what it needs (the logbook, `post`);
the screen starts them (`HistoryScreen._start`).

- A load carries its generation (`HistoryModel.open`): a message of an older one is dropped.
- Small logbooks get games and replay in one message; big ones show the first page at once and the
  live ratings, chart, crossings and FIDE check when the replay is done.
- A write of games replays from the first period it reaches, with the replays the model keeps
  (`KeptHistory.change`); a replay that takes longer than `ROWS_FIRST_AFTER` (a write far back in
  a big history) has the changed rows shown first (`RowsTimer`).
"""

from __future__ import annotations

import datetime as dt
import functools
import gc
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ParamSpec

from textual.worker import get_current_worker

from elotui.logbook.records import ChangedElsewhere, RatingList
from elotui.stopping import Stopped, check_stop, stop_when
from elotui.tui.logbook_access import Logbook, Notice, attempt, failure_words
from elotui.tui.models.history import PAGE, KeptHistory, ReplayView, replay_view, wanted_id
from elotui.tui.models.logbook_changes import GamesChange, LogbookSnapshot, Tally, read_again
from elotui.tui.screens.history.messages import (
    ChangedSinceShown,
    FirstRows,
    GamesLoaded,
    GamesWritten,
    LogbookFailed,
    LogbookReadAgain,
    PageLoaded,
    PlayersLoaded,
    ReplayLoaded,
    WriteDone,
    WriteFailed,
)

if TYPE_CHECKING:
    from textual.message import Message

    from elotui.logbook.repository import Repository

Post = Callable[["Message"], object]  # the screen's `post_message`, safe from any thread
# A write of games: its note, its change and the game to select, from the repository.
GamesWrite = Callable[["Repository"], tuple[str, GamesChange, "int | None"]]

# Up to this many games, rows and replay arrive together (no blank live cells).
ONE_MESSAGE_UP_TO = 5000
# A load waits this long at most for the frame that shows its first rows before it goes on.
PAINT_WAIT = 2.0
PAINT_WAIT_STEP = 0.02  # and looks this often whether it is still wanted
# A write's replay that takes longer than this has its changed rows shown first, in a frame of
# their own; a quicker one (a write in the last periods) shows rows and replay in one frame.
ROWS_FIRST_AFTER = 0.1  # seconds

P = ParamSpec("P")


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


def first_page_now(
    logbook: Logbook, generation: int, wanted: str | None, rating_list: RatingList
) -> FirstRows | None:
    """Read the first page of rows before the screen's first paint (on the UI thread), if the
    logbook is open or has a reader (plain `sqlite3`: `elotui history` on a file, before
    SQLAlchemy is loaded).

    Two quick reads (a player lookup and one page, by an index, about a millisecond each) are
    cheaper here than in a worker: a worker thread shares the interpreter with the first paint,
    and the rows would come a paint later. Returns the rows, with an event to set once they are
    painted (the worker waits for it), or None when there is nothing to read them from yet (the
    demo, built in the background: the worker reads them).
    """
    source = logbook.first_page_source()
    if source is None:
        return None
    try:
        ids = source.player_ids_by_name()
        if not ids:
            return None
        player_id = wanted_id(ids, wanted)
        games = source.list_games(player_id, limit=PAGE, rating_list=rating_list)
    except Exception:  # the worker reads again and says what is wrong
        return None
    return FirstRows(generation, player_id, games, threading.Event())


def load_players(logbook: Logbook, post: Post, select: int | None) -> None:
    try:
        repository = logbook.get()
        players = repository.list_players()
        tally = Tally.read(repository)
    except Exception as error:  # a refused read is said on the screen, never a dead worker
        post(LogbookFailed(failure_words(error)))
        return
    post(PlayersLoaded(players, select, tally=tally))


@stops_when_cancelled
def load_history(
    logbook: Logbook,
    post: Post,
    today: dt.date,
    generation: int,
    player_id: int | None,
    rows: int,
    rating_list: RatingList,
    overlay: bool,
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
        repository = logbook.get()
        repository.keep_connected()  # the writes' connections never the last (its doc: why)
        if player_id is None:
            ids = repository.player_ids_by_name()
            if not ids:
                post(PlayersLoaded([], None))
                return
            player_id = wanted_id(ids, wanted)
        if early_rows:
            shown = threading.Event()
            games = repository.list_games(player_id, limit=rows, rating_list=rating_list)
            post(FirstRows(generation, player_id, games, shown))
            wait_painted(shown)
        if with_players:
            players = repository.list_players()
            tally = Tally.read(repository)
            post(PlayersLoaded(players, player_id, reload=False, tally=tally))
        player = repository.get_player(player_id)
        counts = repository.count_games_by_list(player_id)
        total = counts[rating_list]
        games = repository.list_games(player_id, limit=rows, rating_list=rating_list)
        if total <= ONE_MESSAGE_UP_TO:
            view = replay_view(player, repository, rating_list, overlay=overlay)
            post(GamesLoaded(generation, player, total, games, view, None, counts))
        else:
            shown = threading.Event()
            post(GamesLoaded(generation, player, total, games, None, shown, counts))
            wait_painted(shown)
            view = replay_view(player, repository, rating_list, overlay=overlay)
            keep_out_of_the_collector()  # the replay kept is big (the list has many games)
            post(ReplayLoaded(generation, view))
        tables_for(rating_list, today)  # ready for a game added today
    except Exception as error:  # a refused read is said on the screen, never a crash
        post(LogbookFailed(failure_words(error)))


def load_page(
    logbook: Logbook,
    post: Post,
    generation: int,
    player_id: int,
    offset: int,
    rating_list: RatingList,
) -> None:
    try:
        games = logbook.get().list_games(
            player_id, limit=PAGE, offset=offset, rating_list=rating_list
        )
    except Exception as error:
        post(LogbookFailed(failure_words(error)))
        return
    post(PageLoaded(generation, offset, games))


def run_write(
    logbook: Logbook,
    post: Post,
    job: Callable[[Repository], WriteDone],
    again: Callable[[Any], object] | None,
) -> None:
    """Run `job`; `again(now)` shows its form again with its row as it is now, if the write is
    refused for a row changed elsewhere since it was shown (`ChangedSinceShown`)."""

    def run() -> WriteDone | ChangedSinceShown:
        repository = logbook.get()
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
        post(WriteFailed(outcome.message, list(outcome.details)))
    else:
        post(outcome)


class RowsTimer:
    """Posts a write's changed rows (`GamesWritten`) if its replay is still running after `after`
    seconds (a timer thread), once; `stop` says whether they were posted."""

    def __init__(self, post: Post, rows: Message, after: float) -> None:
        self._post, self._rows = post, rows
        self._lock = threading.Lock()
        self._posted = self._stopped = False
        self._timer = threading.Timer(after, self.post_now)
        self._timer.daemon = True
        self._timer.start()

    def post_now(self) -> None:
        with self._lock:
            if not (self._posted or self._stopped):
                self._posted = True
                self._post(self._rows)

    def stop(self) -> bool:
        """No rows posted from now on; True if they were."""
        self._timer.cancel()
        with self._lock:
            self._stopped = True
            return self._posted


def games_job(
    write: GamesWrite,
    post: Post,
    player_id: int | None,
    shown: tuple[int, ReplayView, KeptHistory] | None,
    generation_now: Callable[[], int],
) -> Callable[[Repository], WriteDone]:
    """The job of a write of games (for `run_write`): `write` runs, then its change is shown in
    place, the kept replays replayed from the first period it reaches; `shown` (the load's
    generation, its view and kept replays) None, or another load begun since, and the history
    reloads instead."""

    def job(repository: Repository) -> WriteDone:
        note, change, game_id = write(repository)
        if shown is None or shown[0] != generation_now():
            return WriteDone(note, player_id, game_id)
        generation, view, kept = shown
        rows = RowsTimer(post, GamesWritten(generation, change), ROWS_FIRST_AFTER)
        try:
            changed = kept.change(view, change)
        except Exception:  # saved, but the kept replays could not follow: reload them whole
            rows.stop()
            return WriteDone(note, player_id, game_id)
        keep_out_of_the_collector()  # the new replay's objects too (`keep_out_of_the_collector`)
        return WriteDone(note, player_id, game_id, view=changed, generation=generation,
                         change=change, rows_shown=rows.stop())  # fmt: skip

    return job


def refresh_read(
    repository: Repository, post: Post, before: LogbookSnapshot, rating_list: RatingList
) -> None:
    """The refresh key's read: the logbook as it is now, to compare with `before`."""
    try:
        after: LogbookSnapshot | Notice = attempt(
            lambda: read_again(repository, before, rating_list)
        )
    except Exception as error:  # the driver's own refusal (the server gone), as the load
        after = Notice(failure_words(error))
    post(LogbookReadAgain(before, after))
