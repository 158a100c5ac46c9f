"""The history screen's answers to a write: the write's rows and replay in place
(`WriteDone`), the rows first when the replay takes long (`GamesWritten`), or a reload when nothing
was kept; a refused write is said (`WriteFailed`). The writes themselves are `edits.py`'s.
"""

from __future__ import annotations

from textual import on
from textual.worker import Worker, WorkerState

from elotui.i18n import _
from elotui.logbook.records import GameRecord
from elotui.tui import logbook_refresh
from elotui.tui.screens.history.cells import LIVE_CELL, counts_after, game_cells, games_after
from elotui.tui.screens.history.edits import EditingScreen
from elotui.tui.screens.history.messages import (
    ChangedSinceShown,
    GamesChange,
    GamesWritten,
    ReplayView,
    WriteDone,
    WriteFailed,
)
from elotui.tui.widgets.virtual_table import VirtualTable


class UpdatingScreen(EditingScreen):
    """The history screen's handlers of its writes' messages (the widgets are `HistoryScreen`'s)."""

    def _show_replay(self, view: ReplayView) -> None:
        """Show a replay's rows, chart, crossings and FIDE check (`HistoryScreen._show_replay`)."""
        raise NotImplementedError

    def _show_live(self, live: dict[int, int | str | None]) -> None:
        """The live ratings of the loaded rows (only the cells that change)."""
        table = self.query_one("#games", VirtualTable)
        rows = table.row_list()
        for place, (key, cells) in enumerate(rows):
            game = self.games.get(int(key))
            if game is not None:
                text = game_cells(game, live)[LIVE_CELL]
                if cells[LIVE_CELL] != text:
                    rows[place] = (key, (*cells[:LIVE_CELL], text, *cells[LIVE_CELL + 1 :]))
        table.show(rows)

    @on(GamesWritten)
    def _games_written(self, message: GamesWritten) -> None:
        self._form_written()  # gone in the frame that shows the rows
        self._rows_written(message.generation, message.change)

    def _rows_written(
        self, generation: int, change: GamesChange, live: dict[int, int | str | None] | None = None
    ) -> None:
        # A write of its own is not someone else's at the next refresh.
        self.tally = logbook_refresh.tally_after(self.tally, change)
        if generation == self._generation:
            self._show_rows_changed(change, live)

    def _show_rows_changed(
        self, change: GamesChange, replayed: dict[int, int | str | None] | None = None
    ) -> None:
        """A write's games in the table: the rows stay the newest N of the list shown, a new one
        among them if it is that new. Before its replay (`replayed` None), a new game shows no live
        rating yet and the others the ones they had; with the replay's live ratings, every row
        shows its own (the write's rows and replay in one frame)."""
        table = self.query_one("#games", VirtualTable)
        everything_loaded = table.row_count >= self.total
        self.games = games_after(self.games, change, self.rating_list, everything_loaded)
        self.counts = counts_after(self.counts, change)
        self.total = self.counts.get(self.rating_list, len(self.games))
        live = (
            replayed if replayed is not None else self.view.live if self.view is not None else None
        )
        new = {game.id for game in change.added} if replayed is None else set()
        rows = [
            (str(g.id), game_cells(g, None if g.id in new else live)) for g in self.games.values()
        ]
        table.show(rows)
        shown = next((str(game.id) for game in change.added if str(game.id) in table.rows), None)
        if shown is not None:
            table.move_cursor(row=table.get_row_index(shown), animate=False)

    @on(WriteDone)
    def _write_done(self, message: WriteDone) -> None:
        self._form_written()  # gone in the frame that shows the write
        replayed = message.view is not None and message.generation == self._generation
        live = message.view.live if message.view is not None and replayed else None
        rows_with_live = False
        if message.change is not None and not message.rows_shown:
            # In the replay's frame, with its live ratings: every row's cells made once.
            self._rows_written(message.generation, message.change, live)
            rows_with_live = live is not None
        if message.view is not None and replayed:
            self.view = message.view
            if not rows_with_live:
                self._show_live(message.view.live)
            self._show_replay(message.view)
            self.at_rest()
            # Said once the write is painted: a toast is a widget mounted, so a layout of the
            # whole screen, which would come before the rows, chart and check it shows.
            self.call_after_refresh(self.notify, message.note, title=_("Logbook"))
            return
        self.notify(message.note, title=_("Logbook"))
        if message.player_id is not None and (
            self.player is None or message.player_id != self.player.id
        ):
            self.player = None
        self._load_players(message.player_id)
        if message.game_id is not None:
            self._select_game_after_load = message.game_id

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
            self._select_game_after_load = now.id
        self._load_players(None if self.player is None else self.player.id)
        if now is not None and message.again is not None:
            message.again(now)

    @on(WriteFailed)
    def _write_failed(self, message: WriteFailed) -> None:
        self.at_rest()
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
        # A write that raised what `_run_write` does not catch: refused like any other, so its
        # form is given back, never left "Saving…".
        if event.worker.group == "write" and event.state == WorkerState.ERROR:
            self._write_failed(WriteFailed(str(event.worker.error)))
