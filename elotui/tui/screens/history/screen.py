"""The history screen (F3): one player's logbook, replayed.

Layout (fits 120×36): the player bar (`PlayerBar`); then the games (`GamesTable`, newest first,
live rating after each), the trajectory chart and the crossings side by side (`replay_panels`);
the FIDE check (`FideCheck`, one row per month) across the bottom; the footer (`SteadyFooter`).

How data flows: the screen's state is its model (`models/history.py`, no Textual). The thread
workers (`workers.py`) read and write the logbook and post the messages of `messages.py`; the
handlers here, on the main thread, give them to the model and show what it then holds in the
widgets, which own how they show it. A page of more rows is fetched as the cursor nears the end
(`PAGE`), so 100,000 games open as fast as a hundred. The writes are `edits.py`'s jobs.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Static
from textual.worker import Worker, WorkerState

from elotui.i18n import N_, _
from elotui.logbook.records import GameRecord
from elotui.rating.calendar import month_text
from elotui.tui.logbook_access import Notice
from elotui.tui.models.history import PAGE, HistoryModel, Live
from elotui.tui.screens.base import AppScreen, app_ready
from elotui.tui.screens.history import edits, workers
from elotui.tui.screens.history.cells import summary_text
from elotui.tui.screens.history.fide_check import FideCheck
from elotui.tui.screens.history.games_table import GamesTable
from elotui.tui.screens.history.messages import (
    ChangedSinceShown,
    FirstRows,
    GamesLoaded,
    GamesWritten,
    LogbookFailed,
    LogbookReadAgain,
    PageLoaded,
    PlayerChosen,
    PlayersLoaded,
    ReplayLoaded,
    WriteDone,
    WriteFailed,
)
from elotui.tui.screens.history.player_bar import PlayerBar
from elotui.tui.screens.history.replay_panels import CrossingsPanel, TrajectoryPanel
from elotui.tui.screens.history.steady_footer import SteadyFooter
from elotui.tui.widgets.virtual_table import VirtualTable

if TYPE_CHECKING:
    from elotui.logbook.records import RatingList
    from elotui.logbook.repository import NewGame, PlayerRecord, Repository
    from elotui.tui.logbook_access import Logbook
    from elotui.tui.models.logbook_changes import GamesChange
    from elotui.tui.screens.history.workers import GamesWrite
    from elotui.tui.widgets.forms import Form

T = TypeVar("T")


class HistoryScreen(AppScreen):
    AUTO_FOCUS = "#games"  # not the first focusable widget (the player picker): focus there is work

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add_game", N_("Add game"), id="history.add_game"),
        Binding("e", "edit_game", N_("Edit game"), id="history.edit_game"),
        Binding("delete", "remove_game", N_("Delete game"), id="history.remove_game"),
        Binding("p", "edit_player", N_("Player"), id="history.edit_player"),
        Binding("r", "set_published", N_("Published"), id="history.set_published"),
        Binding("n", "add_player", N_("New player"), show=False, id="history.add_player"),
        Binding("right_square_bracket", "next_player(1)", N_("Next player"), show=False,
                id="history.next_player"),
        Binding("left_square_bracket", "next_player(-1)", N_("Previous player"), show=False,
                id="history.previous_player"),
        Binding("i", "import_file", N_("Import games from a file"), show=False,
                id="history.import"),
        Binding("x", "export_file", N_("Export the logbook to a file"), show=False,
                id="history.export"),
        Binding("m", "maximize_panel", N_("Maximize the panel"), show=False, id="history.maximize"),
        Binding("l", "next_list", N_("Next rating list"), show=False, id="history.next_list"),
        Binding("o", "overlay_lists", N_("Overlay the three lists on the chart"), show=False,
                id="history.overlay_lists"),
        Binding("ctrl+r", "refresh_logbook", N_("Refresh from the logbook"), show=False,
                id="history.refresh"),
        # The history's own keys fill its footer at 120 columns: F4 stays in the help and palette.
        Binding("f4", "app.switch_mode('tournament')", N_("Tournament"), show=False,
                id="history.tournament"),
    ]  # fmt: skip

    def __init__(self) -> None:
        super().__init__()
        self.model = HistoryModel(available=self.logbook.available)
        # The form whose value is being written: it stays open until the write is shown or refused.
        self._form: Form[Any] | None = None

    @property
    def logbook(self) -> Logbook:
        return self.host.logbook

    @property
    def today(self) -> dt.date:
        return self.host.settings.today or dt.date.today()

    # --- layout ---------------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        if not self.logbook.available:
            yield Static(
                _(
                    "No logbook is open. The history arrives with the logbook: start elotui without "
                    "arguments (your logbook), with --db PATH, or with --demo.\n\n"
                    "F2 goes back to the calculator."
                ),
                id="history-placeholder",
            )
            yield Footer()
            return
        yield PlayerBar()
        with Horizontal(id="history-top"):
            with Vertical(id="games-panel", classes="history-panel"):
                yield Static(
                    _("Games, newest first · live rating after each"), classes="panel-title"
                )
                yield GamesTable()
            # Side by side; one above the other below 100 columns (app.tcss, `-narrow`).
            with Horizontal(id="replay-panels"):
                yield TrajectoryPanel()
                yield CrossingsPanel()
        yield FideCheck()
        # The footer (a widget per key) comes once the first rows are painted (`_add_the_rest`).

    def on_mount(self) -> None:
        self.title = "elotui"
        self.sub_title = _("History")
        if not self.logbook.available:
            return
        self.query_one(GamesTable).focus()
        wanted = self.host.settings.player
        generation = self.model.open()
        first = workers.first_page_now(self.logbook, generation, wanted, self.model.rating_list)
        painted = None
        if first is not None:
            self._first_rows(first)  # shown before the first paint
            painted = first.shown
        self._load_after_first_frame(generation, wanted, painted)

    @on(events.DescendantFocus)
    def _mark_the_focused_panel(self, event: events.DescendantFocus) -> None:
        # A class on the title, not `.history-panel:focus-within > .panel-title`: Textual (8.2.8)
        # does not restyle a child when only its parent's :focus-within changes (the mark stayed on
        # a panel left, or never came back after a form closed).
        for title in self.query(".history-panel > .panel-title"):
            panel = title.parent
            title.set_class(panel is not None and event.widget in panel.walk_children(), "-focused")

    # --- the workers ----------------------------------------------------------------------------------

    @work(group="history-start")
    async def _load_after_first_frame(
        self, generation: int, wanted: str | None, painted: threading.Event | None
    ) -> None:
        """Start loading once the app's first frame is shown: the worker opens the logbook, and
        loading SQLAlchemy (and building the demo) would share the interpreter with that paint."""
        await app_ready(self.app)
        self.logbook.first_frame_shown()
        if not self.model.current(generation):  # another player or list was asked for meanwhile
            return
        self._load_history(None, PAGE, early_rows=painted is None, wanted=wanted,
                           with_players=True, after=painted)  # fmt: skip

    def _load_history(self, player_id: int | None, rows: int, **how: Any) -> None:
        """The player's rows and replay (`workers.load_history`), for the load under way."""
        model = self.model
        load = partial(workers.load_history, self.logbook, self.post_message, self.today,
                       model.generation, player_id, rows, model.rating_list, model.overlay, **how)  # fmt: skip
        self.run_worker(load, thread=True, exclusive=True, exit_on_error=False, group="history")

    def _load_players(self, select: int | None) -> None:
        load = partial(workers.load_players, self.logbook, self.post_message, select)
        self.run_worker(load, thread=True, exclusive=True, exit_on_error=False, group="players")

    def _open_player(self, player_id: int, *, keep_rows: bool = False) -> None:
        """Load a player's history (another player, list or overlay); with `keep_rows`, the rows
        shown stay until the new ones come (the same player and list)."""
        self.model.open(keep_rows=keep_rows)
        table = self.query_one(GamesTable)
        if not keep_rows:
            table.clear()
        self._load_history(player_id, max(PAGE, table.row_count), early_rows=not keep_rows)

    def _write(
        self, job: Callable[[Repository], WriteDone], again: Callable[[Any], object] | None = None
    ) -> None:
        """Run `job` in a worker; `again(now)` shows its form again with its row as it is now, if
        the write is refused for a row changed elsewhere since it was shown."""
        self.model.at_rest = False
        write = partial(workers.run_write, self.logbook, self.post_message, job, again)
        self.run_worker(write, thread=True, exit_on_error=False, group="write")

    def write_games(self, write: GamesWrite, again: Callable[[Any], object] | None = None) -> None:
        """Run a write of games and show its change in place; the history reloads instead when
        nothing is kept or a load is under way."""
        model = self.model
        kept = model.kept_for_write()
        shown = None if kept is None or model.view is None else (model.generation, model.view, kept)
        player_id = None if model.player is None else model.player.id
        self._write(
            workers.games_job(write, self.post_message, player_id, shown, lambda: model.generation),
            again,
        )

    def _at_rest(self) -> None:
        """Nothing is loading or being written now: a refresh asked meanwhile is done once this is
        painted, with what the screen shows complete (a write of its own counted in)."""
        if self.model.rest():
            self.call_after_refresh(self.action_refresh_logbook)

    # --- what the workers say -------------------------------------------------------------------------

    @on(PlayersLoaded)
    async def _players_loaded(self, message: PlayersLoaded) -> None:
        model = self.model
        model.players_read(message.players, message.tally)
        bar = self.query_one(PlayerBar)
        await bar.show_players(model.players)
        chosen = model.player_to_open(message.select)
        if chosen is None:
            self._show_empty(_("No players yet: press n to add one (or i to import games)."))
            self._at_rest()
            return
        if not message.reload and message.select is not None:
            bar.choose(message.select)  # that player's history is being loaded already
            return
        bar.choose(chosen)
        same = model.player is not None and model.player.id == chosen
        self._open_player(chosen, keep_rows=same)

    @on(FirstRows)
    def _first_rows(self, message: FirstRows) -> None:
        if not self.model.first_rows(message.generation, message.games):
            message.shown.set()
            return
        self.query_one(GamesTable).show_games(message.games, None)
        self.query_one(PlayerBar).summary(_("replaying…"), layout=True)
        self.call_after_refresh(self._rows_painted, message.shown)

    def _rows_painted(self, shown: threading.Event) -> None:
        shown.set()
        self._add_the_rest()

    def _add_the_rest(self) -> None:
        """What the first rows are shown without: the player picker and the footer."""
        self.query_one(PlayerBar).picker()
        if not self.query(Footer):
            # Compact: the screen's ten keys fit 120 columns (with Textual's spacing they did not).
            self.mount(SteadyFooter(compact=True))
            # A footer shows keys when told the bindings changed; one mounted late has to be told.
            self.call_after_refresh(self.refresh_bindings)

    @on(GamesLoaded)
    def _games_loaded(self, message: GamesLoaded) -> None:
        loaded = self.model.games_loaded(message.generation, message.player, message.total,
                                         message.games, message.view, message.counts)  # fmt: skip
        if not loaded:
            if message.shown is not None:
                message.shown.set()
            return
        self.query_one(GamesTable).show_games(message.games, self.model.live)
        if message.view is not None:
            self._show_replay()
            self._at_rest()
        else:
            self._show_summary()
        if message.shown is not None:
            self.call_after_refresh(message.shown.set)

    @on(ReplayLoaded)
    def _replay_loaded(self, message: ReplayLoaded) -> None:
        if self.model.replay_loaded(message.generation, message.view):
            self.query_one(GamesTable).show_live(self.model.games, message.view.live)
            self._show_replay()
            self._at_rest()

    @on(PageLoaded)
    def _page_loaded(self, message: PageLoaded) -> None:
        table = self.query_one(GamesTable)
        new = self.model.page_loaded(
            message.generation, message.offset, message.games, table.row_count
        )
        table.add_games(new, self.model.live)

    @on(LogbookFailed)
    def _logbook_failed(self, message: LogbookFailed) -> None:
        self.model.failed()
        self._at_rest()
        self._show_empty(_("The logbook cannot be read: {reason}").format(reason=message.reason))
        self.notify(message.reason, title=_("Logbook"), severity="error")

    # --- what a write says ----------------------------------------------------------------------------

    @on(GamesWritten)
    def _games_written(self, message: GamesWritten) -> None:
        self._form_written()  # gone in the frame that shows the rows
        self._rows_written(message.generation, message.change)

    def _rows_written(
        self, generation: int, change: GamesChange, replayed: Live | None = None
    ) -> None:
        """A write's games in the table. Before its replay (`replayed` None), a new game shows no
        live rating yet and the others the ones they had; with the replay's live ratings, every
        row shows its own (the write's rows and replay in one frame)."""
        table = self.query_one(GamesTable)
        if self.model.written(generation, change, table.row_count >= self.model.total):
            new = frozenset(game.id for game in change.added) if replayed is None else frozenset()
            live = self.model.live if replayed is None else replayed
            table.show_games(self.model.games.values(), live, new)
            table.select_game(game.id for game in change.added)

    @on(WriteDone)
    def _write_done(self, message: WriteDone) -> None:
        self._form_written()  # gone in the frame that shows the write
        view = message.view if self.model.current(message.generation) else None
        if message.change is not None and not message.rows_shown:
            # In the replay's frame, with its live ratings: every row's cells made once.
            self._rows_written(message.generation, message.change, view.live if view else None)
        if self.model.write_replayed(message.generation, view):
            assert view is not None
            if message.change is None or message.rows_shown:
                self.query_one(GamesTable).show_live(self.model.games, view.live)
            self._show_replay()
            self._at_rest()
            # Said once the write is painted: a toast is a widget mounted, so a layout of the
            # whole screen, which would come before the rows, chart and check it shows.
            self.call_after_refresh(self.notify, message.note, title=_("Logbook"))
            return
        self.notify(message.note, title=_("Logbook"))
        self.model.forget_player(message.player_id)
        self._load_players(message.player_id)
        if message.game_id is not None:
            self.model.select_after_load = message.game_id

    @on(ChangedSinceShown)
    def _changed_since_shown(self, message: ChangedSinceShown) -> None:
        """A write refused, nothing written: its row was changed or deleted elsewhere. The history
        is read again, so the row shows as it is now (selected), and the form it came from is
        shown again with it (what was typed there was for the row as it was)."""
        form, self._form = self._form, None
        if form is not None and form.saving:
            form.written()  # closed: `again` opens it anew on the row as it is now
        now = message.now
        note = (
            message.reason
            if now is None
            else _("{reason}: shown again as it is now").format(reason=message.reason)
        )
        self.notify(note, title=_("Not saved"), severity="error", timeout=8)
        if isinstance(now, GameRecord):
            self.model.select_after_load = now.id
        self._load_players(None if self.model.player is None else self.model.player.id)
        if now is not None and message.again is not None:
            message.again(now)

    @on(WriteFailed)
    def _write_failed(self, message: WriteFailed) -> None:
        self._at_rest()
        self._form_refused()  # what was typed is still there, to fix or to leave with Escape
        self.notify(message.reason, title=_("Not saved"), severity="error", timeout=8)
        if message.lines:
            from elotui.tui.widgets.forms import ProblemsDialog

            self.app.push_screen(
                ProblemsDialog(
                    _("Import refused: {reason}").format(reason=message.reason), message.lines
                )
            )

    @on(Worker.StateChanged)
    def _write_crashed(self, event: Worker.StateChanged) -> None:
        # A write that raised what `workers.run_write` does not catch: refused like any other, so
        # its form is given back, never left "Saving…".
        if event.worker.group == "write" and event.state == WorkerState.ERROR:
            self._write_failed(WriteFailed(str(event.worker.error)))

    # --- showing --------------------------------------------------------------------------------------

    def _show_empty(self, text: str) -> None:
        self._add_the_rest()
        self.query_one(PlayerBar).summary(text, layout=True)
        self.query_one(GamesTable).clear()
        self.query_one(FideCheck).clear()
        self.query_one(CrossingsPanel).clear()

    def _show_summary(self) -> None:
        self._add_the_rest()
        model = self.model
        if model.player is None:
            return
        current = None if model.view is None else model.view.replay.current_rating
        self.query_one(PlayerBar).summary(
            summary_text(model.total, model.counts, model.rating_list, model.view is None, current)
        )

    def _show_replay(self) -> None:
        """The replay's summary, FIDE check, crossings and chart; the cursor to the game a load
        was to select."""
        view = self.model.view
        assert view is not None
        self._show_summary()
        self.query_one(FideCheck).show(view.replay, view.rating_list)
        self.query_one(CrossingsPanel).show(view.replay)
        self.query_one(TrajectoryPanel).draw(view)
        selected, self.model.select_after_load = self.model.select_after_load, None
        if selected is not None:
            self.query_one(GamesTable).select_game([selected])

    # --- the keys that move ---------------------------------------------------------------------------

    @on(VirtualTable.RowSelected, "#games")
    def _edit_the_selected_game(self, _: VirtualTable.RowSelected) -> None:
        """Enter on a game, or a click on the cursor's game: its Edit form (as `e`)."""
        self.action_edit_game()

    @on(VirtualTable.RowHighlighted, "#games")
    def _near_end(self, event: VirtualTable.RowHighlighted) -> None:
        model = self.model
        offset = model.page_to_load(event.cursor_row, event.table.row_count)
        if offset is not None and model.player is not None:
            load = partial(workers.load_page, self.logbook, self.post_message, model.generation,
                           model.player.id, offset, model.rating_list)  # fmt: skip
            self.run_worker(load, thread=True, exclusive=True, exit_on_error=False, group="page")

    @on(PlayerChosen)
    def _player_chosen(self, message: PlayerChosen) -> None:
        if self.model.player is None or message.player_id != self.model.player.id:
            self._open_player(message.player_id)

    def action_next_list(self) -> None:
        """Show the next rating list (standard → rapid → blitz): its games, replay and check."""
        player_id = self.model.switch_list()
        if player_id is not None:
            self._open_player(player_id)

    def action_overlay_lists(self) -> None:
        """Overlay the three lists' trajectories on the chart, or stop."""
        player_id = self.model.switch_overlay()
        if player_id is not None:
            self._open_player(player_id, keep_rows=True)

    def action_next_player(self, step: int) -> None:
        chosen = self.model.next_player(step)
        if chosen is not None:
            self.query_one(PlayerBar).choose(chosen)
            self._open_player(chosen)

    def action_refresh_logbook(self) -> None:
        """Read the logbook again (others may have written to it) and say what changed; asked
        while the screen loads or writes, once it is at rest (`HistoryModel.ask_refresh`)."""
        if not self.model.ask_refresh():
            return
        repository = self.logbook.opened()
        if repository is None:
            return  # still opening: what it shows is being read now
        read = partial(workers.refresh_read, repository, self.post_message, self.model.snapshot(),
                       self.model.rating_list)  # fmt: skip
        self.run_worker(read, thread=True, group="refresh", exit_on_error=False)

    @on(LogbookReadAgain)
    def _read_again(self, message: LogbookReadAgain) -> None:
        after = message.after
        if isinstance(after, Notice):  # the logbook could not be read; the screen keeps its rows
            self.notify(
                _("The logbook cannot be read: {reason}").format(reason=after.message),
                title=_("Logbook"),
                severity="error",
            )
            return
        self.notify(self.model.refreshed(message.before, after), title=_("Logbook"))
        before = message.before.player
        self._load_players(before.id if before else None)

    def action_maximize_panel(self) -> None:
        focused = self.focused
        if self.maximized is not None:
            self.minimize()
        elif focused is not None:
            panel = next((a for a in focused.ancestors if isinstance(a, Vertical)), None)
            if isinstance(panel, Vertical) and panel.has_class("history-panel"):
                self.maximized = panel

    # --- the keys that write --------------------------------------------------------------------------

    def _open_form(self, form: Form[T | None], write: Callable[[T], None]) -> None:
        """Show `form`, and write what it gives while it stays open (`Form.submit`): the screen's
        answers to the write close it or give it back to the player."""
        form.write = write
        self._form = form
        self.app.push_screen(form)

    def _form_written(self) -> None:
        form, self._form = self._form, None
        if form is not None and form.saving:
            form.written()

    def _form_refused(self) -> None:
        if self._form is not None and self._form.saving:
            self._form.refused()  # still open, and kept: its next save is written the same way

    def selected_game(self) -> GameRecord | None:
        game_id = self.query_one(GamesTable).selected_id
        return None if game_id is None else self.model.games.get(game_id)

    def _need_player(self) -> PlayerRecord | None:
        if self.model.player is None:
            self.notify(_("Add a player first (n)."), severity="warning")
        return self.model.player

    def _form_list(self, rating_list: RatingList) -> None:
        self.model.last_form_list = rating_list

    def action_add_game(self) -> None:
        from elotui.tui.widgets.forms import GameForm

        player = self._need_player()
        if player is None:
            return

        def saved(game: NewGame) -> None:
            self._form_list(game.rating_list)
            self.write_games(edits.add_game(player, game))

        rating_list = self.model.last_form_list or self.model.rating_list
        self._open_form(GameForm(player.name, self.today, rating_list=rating_list), saved)

    def action_edit_game(self) -> None:
        player = self._need_player()
        game = self.selected_game()
        if player is None or game is None:
            if player is not None:
                self.notify(_("Select a game in the list first."), severity="warning")
            return
        self._edit_game(player, game)

    def _edit_game(self, player: PlayerRecord, game: GameRecord) -> None:
        """The form of `game` as the screen shows it: saved only if the game is still that (else
        refused, and the form shown again with the game as it is now)."""
        from elotui.tui.widgets.forms import GameForm

        def again(now: GameRecord) -> None:
            if now.player_id == player.id:  # else it is another player's game now: not theirs
                self._edit_game(player, now)

        def saved(values: NewGame) -> None:
            self._form_list(values.rating_list)
            self.write_games(edits.edit_game(game, values), again)

        self._open_form(GameForm(player.name, self.today, game), saved)

    def action_remove_game(self) -> None:
        from elotui.tui.widgets.forms import ConfirmDialog

        game = self.selected_game()
        if game is None or self.model.player is None:
            self.notify(_("Select a game in the list first."), severity="warning")
            return

        def answered(yes: bool | None) -> None:
            if yes:
                self.write_games(edits.remove_game(game))

        self.app.push_screen(ConfirmDialog(*edits.removal_question(game)), answered)

    def action_edit_player(self) -> None:
        if self.model.player is None:
            self.action_add_player()
            return
        self._edit_player(self.model.player)

    def _edit_player(self, player: PlayerRecord) -> None:
        """The form of `player` as the screen shows them: saved only if the player is still that
        (else refused, and the form shown again with the player as they are now)."""
        from elotui.tui.widgets.forms import PlayerForm

        def saved(values: dict[str, Any]) -> None:
            self._write(edits.edit_player(player, values), self._edit_player)

        self._open_form(PlayerForm(player), saved)

    def action_add_player(self) -> None:
        from elotui.tui.widgets.forms import PlayerForm

        def saved(values: dict[str, Any]) -> None:
            self._write(edits.add_player(values))

        self._open_form(PlayerForm(), saved)

    def action_set_published(self) -> None:
        from elotui.tui.widgets.forms import PublishedForm

        player = self._need_player()
        if player is None:
            return

        def saved(values: tuple[str, int]) -> None:
            self.write_games(edits.set_published(player, *values))

        self._open_form(PublishedForm(player.name, month_text(self.today)), saved)

    def action_import_file(self) -> None:
        from elotui.tui.widgets.forms import PathPrompt

        player = self.model.player

        def chosen(path: Path | None) -> None:
            if path is not None:
                self._write(edits.import_games(path, player))

        prompt = PathPrompt(_("Import games"), edits.import_hint(player), must_exist=True)
        self.app.push_screen(prompt, chosen)

    def action_export_file(self) -> None:
        from elotui.tui.widgets.forms import PathPrompt

        def chosen(path: Path | None) -> None:
            if path is not None:
                self._write(edits.export_logbook(path))

        default = str(Path.cwd() / f"elotui-{self.today.isoformat()}.csv")
        hint = _("Every player's games: CSV, or with a .json name the whole logbook as JSON.")
        self.app.push_screen(PathPrompt(_("Export the logbook"), hint, default), chosen)
