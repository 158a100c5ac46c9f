"""The history screen's edits: the keys that open a form or a dialog, and the write each one runs in
a thread worker (`LoadingScreen._write`).

A write of games or of an entered list costs what it changes: the worker replays
from the first period the write reaches, with the replays the screen keeps (`messages.KeptHistory`),
and the screen updates rows, chart and FIDE check in place, in one frame. A replay that takes longer
than `ROWS_FIRST_AFTER` (a write far back in a big history) has the changed rows shown first
(`RowsFirst`). Other writes (players, imports) reload the history.

An edit or delete acts only on the row the screen shows: it carries that row (`expected=`), and is
refused when another writer changed or deleted it since; the history is then read again and the
form shown again with the row as it is now (`UpdatingScreen._changed_since_shown`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from elotui.i18n import _
from elotui.rating.calendar import month_text
from elotui.rating.result import Result
from elotui.tui.screens.history.files import export_file, import_file
from elotui.tui.screens.history.loading import LoadingScreen, keep_out_of_the_collector
from elotui.tui.screens.history.messages import GamesChange, GamesWritten, WriteDone
from elotui.tui.widgets.virtual_table import VirtualTable

if TYPE_CHECKING:
    from textual.message import Message

    from elotui.logbook.repository import GameRecord, NewGame, PlayerRecord, Repository
    from elotui.tui.widgets.forms import Form

T = TypeVar("T")

# A write's replay that takes longer than this has its changed rows shown first, in a frame of
# their own; a quicker one (a write in the last periods) shows rows and replay in one frame.
ROWS_FIRST_AFTER = 0.1  # seconds


class RowsFirst:
    """Post a write's changed rows (`GamesWritten`) if its replay is still running after `after`
    seconds (a timer thread), once; `stop` says whether they were posted."""

    def __init__(self, post: Callable[[Message], object], rows: Message, after: float) -> None:
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


class EditingScreen(LoadingScreen):
    """The history screen's form and write actions (bound to keys in `HistoryScreen.BINDINGS`)."""

    # The form whose value is being written: it stays open until the write is shown or refused.
    _form: Form[Any] | None = None

    def _open_form(self, form: Form[T | None], write: Callable[[T], None]) -> None:
        """Show `form`, and write what it gives while it stays open (`Form.submit`): the screen's
        answers to the write close it (`UpdatingScreen`) or give it back to the player."""
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
        table = self.query_one("#games", VirtualTable)
        key = table.cursor_key
        return None if key is None else self.games.get(int(key))

    def _need_player(self) -> PlayerRecord | None:
        if self.player is None:
            self.notify(_("Add a player first (n)."), severity="warning")
        return self.player

    def _write_games(
        self,
        write: Callable[[Repository], tuple[str, GamesChange, int | None]],
        again: Callable[[GameRecord], object] | None = None,
    ) -> None:
        """Run `write` (it returns its note, its change and the game to select) and show its change
        in place; the history reloads instead when nothing is kept or a load is under way.
        `again`: as `_write`'s."""
        player = self.player
        view = self.view
        generation = self._generation
        kept = view.kept if view is not None and self._idle else None

        def job(repository: Repository) -> WriteDone:
            note, change, game_id = write(repository)
            player_id = None if player is None else player.id
            if view is None or kept is None or generation != self._generation:
                return WriteDone(note, player_id, game_id)
            rows = RowsFirst(self.post_message, GamesWritten(generation, change), ROWS_FIRST_AFTER)
            try:
                changed = kept.change(view, change)
            except Exception:  # saved, but the kept replays could not follow: reload them whole
                rows.stop()
                return WriteDone(note, player_id, game_id)
            keep_out_of_the_collector()  # the new replay's objects too (`loading`: why)
            return WriteDone(note, player_id, game_id, view=changed, generation=generation,
                             change=change, rows_shown=rows.stop())  # fmt: skip

        self._write(job, again)

    def action_add_game(self) -> None:
        from elotui.tui.widgets.forms import GameForm

        player = self._need_player()
        if player is None:
            return

        def saved(game: NewGame) -> None:
            self.last_form_list = game.rating_list

            def job(repository: Repository) -> tuple[str, GamesChange, int | None]:
                record = repository.add_game(player.id, game)
                return (
                    _("Game {id} added").format(id=record.id),
                    GamesChange(added=(record,)),
                    record.id,
                )

            self._write_games(job)

        rating_list = self.last_form_list or self.rating_list
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
            self.last_form_list = values.rating_list

            def job(repository: Repository) -> tuple[str, GamesChange, int | None]:
                from dataclasses import fields

                changes = {f.name: getattr(values, f.name) for f in fields(values)}
                record = repository.update_game(game.id, expected=game, **changes)
                change = GamesChange(removed=(game,), added=(record,))
                return _("Game {id} saved").format(id=record.id), change, record.id

            self._write_games(job, again)

        self._open_form(GameForm(player.name, self.today, game), saved)

    def action_remove_game(self) -> None:
        from elotui.tui.widgets.forms import ConfirmDialog

        game = self.selected_game()
        player = self.player
        if game is None or player is None:
            self.notify(_("Select a game in the list first."), severity="warning")
            return
        who = game.opponent or _("an unnamed opponent")
        rating = _("unrated") if game.opponent_rating is None else game.opponent_rating
        detail = _("{date} vs {who} ({rating}), result {result}").format(
            date=game.date.isoformat(),
            who=who,
            rating=rating,
            result=Result.from_halves(game.score_halves).symbol,
        )

        def answered(yes: bool | None) -> None:
            if not yes:
                return

            def job(repository: Repository) -> tuple[str, GamesChange, int | None]:
                repository.remove_game(game.id, expected=game)  # only the game shown
                return _("Game {id} deleted").format(id=game.id), GamesChange(removed=(game,)), None

            self._write_games(job)

        self.app.push_screen(
            ConfirmDialog(_("Delete game {id}?").format(id=game.id), detail), answered
        )

    def action_edit_player(self) -> None:
        if self.player is None:
            self.action_add_player()
            return
        self._edit_player(self.player)

    def _edit_player(self, player: PlayerRecord) -> None:
        """The form of `player` as the screen shows them: saved only if the player is still that
        (else refused, and the form shown again with the player as they are now)."""
        from elotui.tui.widgets.forms import PlayerForm

        def saved(values: dict[str, Any]) -> None:
            def job(repository: Repository) -> WriteDone:
                record = repository.update_player(player.id, expected=player, **values)
                return WriteDone(_("Player {name} saved").format(name=record.name), record.id)

            self._write(job, self._edit_player)

        self._open_form(PlayerForm(player), saved)

    def action_add_player(self) -> None:
        from elotui.tui.widgets.forms import PlayerForm

        def saved(values: dict[str, Any]) -> None:
            def job(repository: Repository) -> WriteDone:
                name = values.pop("name")
                record = repository.add_player(name, **values)
                return WriteDone(_("Player {name} added").format(name=record.name), record.id)

            self._write(job)

        self._open_form(PlayerForm(), saved)

    def action_set_published(self) -> None:
        from elotui.tui.widgets.forms import PublishedForm

        player = self._need_player()
        if player is None:
            return

        def saved(values: tuple[str, int]) -> None:
            def job(repository: Repository) -> tuple[str, GamesChange, int | None]:
                record = repository.set_published(player.id, *values)
                entered = (record.rating_list, record.month, record.rating)
                note = _("{name}: published {rating} for {month}").format(
                    name=player.name, rating=record.rating, month=record.month
                )
                return note, GamesChange(published=entered), None

            self._write_games(job)

        self._open_form(PublishedForm(player.name, month_text(self.today)), saved)

    def action_import_file(self) -> None:
        from elotui.tui.widgets.forms import PathPrompt

        player = self.player

        def chosen(path: Path | None) -> None:
            if path is None:
                return

            def job(repository: Repository) -> WriteDone:
                return import_file(repository, path, player.name if player else None)

            self._write(job)

        hint = _(
            "A .csv (columns as `elotui export` writes them), .pgn, .trf (a tournament report: the "
            "games of every logbook player found in it) or elotui .json file. "
            "Every row is checked first: one bad row and nothing is imported."
        )
        if player is not None:
            hint += _(" PGN games are taken for {name}; CSV rows without a player too.").format(
                name=player.name
            )
        self.app.push_screen(PathPrompt(_("Import games"), hint, must_exist=True), chosen)

    def action_export_file(self) -> None:
        from elotui.tui.widgets.forms import PathPrompt

        def chosen(path: Path | None) -> None:
            if path is None:
                return

            def job(repository: Repository) -> WriteDone:
                return export_file(repository, path)

            self._write(job)

        default = str(Path.cwd() / f"elotui-{self.today.isoformat()}.csv")
        hint = _("Every player's games: CSV, or with a .json name the whole logbook as JSON.")
        self.app.push_screen(PathPrompt(_("Export the logbook"), hint, default), chosen)
