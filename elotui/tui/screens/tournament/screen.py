"""The tournament screen (F4): a TRF's rating report before FIDE publishes it, as `elotui
tournament` prints it, and each player's title norms.

Layout: the event's heading and what the file check found; the players (a `VirtualTable`, sortable:
`s` the next column, `r` the other way); Enter on a player shows their games and every norm's
clauses (`PlayerDialog`). `o` opens a file (the history's `PathPrompt`), read in a thread; a file
that cannot be read says every problem (`ProblemsDialog`). The state and the cells are the model's
(`models/tournament.py`, no Textual); K comes from the file (or the list the time control gives),
as `elotui tournament` without `--db` does.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Footer, Header, Static

from elotui.errors import ElotuiError
from elotui.i18n import N_, _, ngettext
from elotui.rating.rules.titles import EVENT_TYPES
from elotui.tui.models.tournament import PLAYER_COLUMNS, SORT_KEYS, TournamentModel
from elotui.tui.screens.base import AppScreen
from elotui.tui.widgets.keyed_table import add_columns
from elotui.tui.widgets.virtual_table import VirtualTable


class TournamentScreen(AppScreen):
    AUTO_FOCUS = "#tournament-players"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("o", "open_file", N_("Open a TRF"), id="tournament.open"),
        Binding("s", "sort_next", N_("Sort"), id="tournament.sort"),
        Binding("r", "sort_reverse", N_("Reverse"), id="tournament.reverse"),
        Binding("t", "event_type", N_("Event type"), id="tournament.event_type"),
        Binding("f", "findings", N_("Findings"), id="tournament.findings"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.model: TournamentModel | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(
            _("o opens a tournament report file (TRF): its rating report and title norms."),
            id="tournament-head",
            markup=False,
        )
        yield Static("", id="tournament-status", markup=False)
        table = VirtualTable(id="tournament-players", zebra_stripes=True)
        add_columns(table, PLAYER_COLUMNS)
        yield table
        yield Footer()

    def on_mount(self) -> None:
        self.title = "elotui"
        self.sub_title = _("Tournament")

    # --- reading a file ---------------------------------------------------------------------------

    def action_open_file(self) -> None:
        from elotui.tui.widgets.forms import PathPrompt

        def chosen(path: Path | None) -> None:
            if path is not None:
                self.open_file(path)

        hint = _(
            "A tournament report file (FIDE's TRF): the report as `elotui tournament` gives it."
        )
        self.app.push_screen(PathPrompt(_("Open a tournament"), hint, must_exist=True), chosen)

    def open_file(self, path: Path) -> None:
        """Read `path` in a thread; the report is shown when read."""
        self.query_one("#tournament-status", Static).update(
            _("Reading {path}…").format(path=path.name)
        )
        self._read(path, self.model.read.event_type if self.model else "ordinary")

    @work(thread=True, exclusive=True, group="tournament-read")
    def _read(self, path: Path, event_type: str) -> None:
        from elotui.logbook.paths import refusal_to_read
        from elotui.logbook.tournament_file import TournamentUnreadable, read_tournament

        try:
            refusal = refusal_to_read(path)
            if refusal is not None:
                self.app.call_from_thread(self._failed, [refusal])
                return
            # The model judges the norms when made: here, in the thread, not on the table's paint.
            model = TournamentModel(read_tournament(path, event_type=event_type))
        except TournamentUnreadable as unreadable:
            self.app.call_from_thread(self._failed, unreadable.problems)
        except (ElotuiError, OSError) as error:
            self.app.call_from_thread(self._failed, [str(error)])
        else:
            self.app.call_from_thread(self.show_report, model)

    def _failed(self, problems: list[str]) -> None:
        from elotui.tui.widgets.forms import ProblemsDialog

        self.query_one("#tournament-status", Static).update("")
        if len(problems) == 1:
            self.notify(problems[0], severity="error", markup=False)
        else:
            n = len(problems)
            title = ngettext("No report ({n} problem)", "No report ({n} problems)", n).format(n=n)
            self.app.push_screen(ProblemsDialog(title, problems))

    def show_report(self, model: TournamentModel) -> None:
        """Show `model`'s report (a file read, or the same with another order or event type)."""
        if self.model is not None:
            model.sort_key, model.descending = self.model.sort_key, self.model.descending
        self.model = model
        self.query_one("#tournament-head", Static).update(model.heading)
        self._show_rows()

    def _show_rows(self, *, to_top: bool = False) -> None:
        model = self.model
        if model is None:
            return
        table = self.query_one(VirtualTable)
        table.show(model.rows())
        if to_top:  # a new order starts at its first row (the cursor's row may now be far down)
            table.move_cursor(row=0)
        n = len(model.findings)
        found = (
            ngettext(
                "the file checked: {n} finding (f)", "the file checked: {n} findings (f)", n
            ).format(n=n)
            if n
            else _("the file checked: nothing found")
        )
        label = next(_(name) for name, key, _w in PLAYER_COLUMNS if key == model.sort_key)
        order = "↓" if model.descending else "↑"
        kind = _(EVENT_TYPES[model.read.event_type].label)
        self.query_one("#tournament-status", Static).update(
            _("{found} · sorted by {column} {order} · norms for {kind}").format(
                found=found, column=label, order=order, kind=kind
            )
        )

    # --- the table ----------------------------------------------------------------------------------

    def action_sort_next(self) -> None:
        if self.model is not None:
            place = SORT_KEYS.index(self.model.sort_key)
            self.model.sort_by(SORT_KEYS[(place + 1) % len(SORT_KEYS)])
            self._show_rows(to_top=True)

    def action_sort_reverse(self) -> None:
        if self.model is not None:
            self.model.sort_by(self.model.sort_key)
            self._show_rows(to_top=True)

    def action_event_type(self) -> None:
        """The next event type (rules.md §5.6): the norms judged again."""
        if self.model is not None:
            types = list(EVENT_TYPES)
            kind = types[(types.index(self.model.read.event_type) + 1) % len(types)]
            self.show_report(TournamentModel(replace(self.model.read, event_type=kind)))

    def action_findings(self) -> None:
        from elotui.tui.widgets.forms import ProblemsDialog

        if self.model is None or not self.model.findings:
            self.notify(_("The file checked: nothing found"), markup=False)
            return
        n = len(self.model.findings)
        title = ngettext("The file checked: {n} finding", "The file checked: {n} findings", n)
        self.app.push_screen(ProblemsDialog(title.format(n=n), list(self.model.findings)))

    @on(VirtualTable.RowSelected, "#tournament-players")
    def _player_chosen(self, event: VirtualTable.RowSelected) -> None:
        from elotui.tui.screens.tournament.player_dialog import PlayerDialog

        if self.model is not None:
            self.app.push_screen(PlayerDialog(self.model.player_view(int(event.row_key))))
