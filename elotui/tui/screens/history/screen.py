"""The history screen (F3): one player's logbook, replayed.

Layout (fits 120×36): a player bar; then the games (newest first, live rating after each), the trajectory
chart and the crossings side by side; the FIDE check (one row per month) across the bottom.

How data flows: the thread workers of `loading.py` post the messages of `messages.py`; the handlers
here, on the main thread, update the widgets. The games table keeps one invariant: its rows are exactly
the newest N games of the player, keyed by game id. A page of more rows is fetched as the cursor nears
the end (`PAGE`), so 100,000 games open as fast as a hundred. A refresh reconciles rows by key
(`widgets/keyed_table.py`) so the cursor stays on its game. The keys that edit are `edits.py`'s,
what a write shows `updates.py`'s, the keys that move (paging, players, lists) `navigation.py`'s.
"""

from __future__ import annotations

import threading
import time
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.content import Content
from textual.widget import AwaitMount
from textual.widgets import Footer, Header, Select, Static

from elotui.i18n import N_, _
from elotui.safe_text import printable
from elotui.tui.screens.history.cells import (
    CROSSING_COLUMNS,
    GAME_COLUMNS,
    chart_title,
    crossing_cells,
    crossing_short_labels,
    game_cells,
    summary_text,
)
from elotui.tui.screens.history.fide_check import (
    CHECK_COLUMNS,
    check_note,
    check_periods,
    check_rows,
    check_short_labels,
    decisions_line,
    period_decisions,
)
from elotui.tui.screens.history.messages import (
    FirstRows,
    GamesLoaded,
    LogbookFailed,
    PageLoaded,
    PlayersLoaded,
    ReplayLoaded,
    ReplayView,
)
from elotui.tui.screens.history.navigation import NavigatingScreen
from elotui.tui.screens.history.steady_footer import SteadyFooter
from elotui.tui.widgets.keyed_table import add_columns
from elotui.tui.widgets.virtual_table import VirtualTable


class HistoryScreen(NavigatingScreen):
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
    ]  # fmt: skip

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
        with Horizontal(id="history-bar"):
            # The player picker (a Select: five widgets) comes after the first rows (`_picker`).
            yield Static(" " + _("player"), id="player-slot")
            yield Static(_("opening the logbook…"), id="history-summary")
        with Horizontal(id="history-top"):
            with Vertical(id="games-panel", classes="history-panel"):
                yield Static(
                    _("Games, newest first · live rating after each"), classes="panel-title"
                )
                yield VirtualTable(id="games", zebra_stripes=True)
            with Vertical(id="chart-panel", classes="history-panel"):
                yield Static(
                    _("Trajectory [ansi_cyan]⠒ per game[/] [ansi_yellow]• per month[/]"),
                    classes="panel-title",
                )
                yield Container(id="chart-box")
            with Vertical(id="crossings-panel", classes="history-panel"):
                yield Static(_("Crossings"), classes="panel-title")
                yield VirtualTable(id="crossings")
        with Vertical(id="check-panel", classes="history-panel"):
            yield Static(_("FIDE check, one row per month"), classes="panel-title")
            yield VirtualTable(id="fide-check", zebra_stripes=True)
            # Which decisions of ours a period marked * rests on, while the cursor is on it.
            yield Static("", id="check-decisions")
            yield Static("", id="check-note")
        # The footer (a widget per key) comes once the first rows are painted (`_add_the_rest`).

    def on_mount(self) -> None:
        self.title = "elotui"
        self.sub_title = _("History")
        if not self.logbook.available:
            return
        for selector, columns, short in (
            ("#games", GAME_COLUMNS, None),
            ("#fide-check", CHECK_COLUMNS, check_short_labels()),
            ("#crossings", CROSSING_COLUMNS, crossing_short_labels()),
        ):
            add_columns(self.query_one(selector, VirtualTable), columns, short)

        self.query_one("#games", VirtualTable).focus()
        wanted = self.app.settings.player
        self._generation += 1
        first = self.first_page_now(wanted)
        painted = None
        if first is not None:
            self._first_rows(first)  # shown before the first paint
            painted = first.shown
        self._load_after_first_frame(self._generation, wanted, painted)

    @on(events.DescendantFocus)
    def _mark_the_focused_panel(self, event: events.DescendantFocus) -> None:
        # A class on the title, not `.history-panel:focus-within > .panel-title`: Textual (8.2.8)
        # does not restyle a child when only its parent's :focus-within changes (the mark stayed on
        # a panel left, or never came back after a form closed).
        for title in self.query(".history-panel > .panel-title"):
            panel = title.parent
            title.set_class(panel is not None and event.widget in panel.walk_children(), "-focused")

    # --- messages from the workers --------------------------------------------------------------------

    @on(PlayersLoaded)
    async def _players_loaded(self, message: PlayersLoaded) -> None:
        self.players = message.players
        self.tally = message.tally  # what the next refresh compares with
        await self._picker()
        select = self.query_one("#player-select", Select)
        with self.prevent(Select.Changed):
            select.set_options((printable(player.name), player.id) for player in self.players)
        if not self.players:
            self.player = None
            self._show_empty(_("No players yet: press n to add one (or i to import games)."))
            self.at_rest()
            return
        wanted = message.select
        if not message.reload and wanted is not None:
            with self.prevent(Select.Changed):
                select.value = wanted
            return
        if wanted is None and self.player is not None:
            wanted = self.player.id
        if wanted is None or wanted not in {p.id for p in self.players}:
            wanted = self.players[0].id
        with self.prevent(Select.Changed):
            select.value = wanted
        self._open_player(wanted, keep_rows=self.player is not None and self.player.id == wanted)

    @on(FirstRows)
    def _first_rows(self, message: FirstRows) -> None:
        if message.generation != self._generation:
            message.shown.set()
            return
        self.games = {game.id: game for game in message.games}
        self.query_one("#games", VirtualTable).show(
            [(str(game.id), game_cells(game, None)) for game in message.games]
        )
        self.query_one("#history-summary", Static).update(_("replaying…"))
        self.call_after_refresh(self._rows_painted, message.shown)

    def _rows_painted(self, shown: threading.Event) -> None:
        if self.first_rows_painted is None:
            self.first_rows_painted = time.perf_counter()
        shown.set()
        self._add_the_rest()

    def _add_the_rest(self) -> None:
        """What the first rows are shown without: the player picker and the footer."""
        self._picker()
        if not self.query(Footer):
            # Compact: the screen's ten keys fit 120 columns (with Textual's spacing they did not).
            self.mount(SteadyFooter(compact=True))
            # A footer shows keys when told the bindings changed; one mounted late has to be told.
            self.call_after_refresh(self.refresh_bindings)

    def _picker(self) -> AwaitMount:
        """Mount the player picker in place of its placeholder, once; await the result to use it."""
        if self._picker_mounted is None:
            slot = self.query_one("#player-slot")
            picker = Select[int]([], prompt=_("player"), id="player-select", compact=True,
                                 allow_blank=True)  # fmt: skip
            self._picker_mounted = self.query_one("#history-bar").mount(picker, before=slot)
            slot.remove()
        return self._picker_mounted

    @on(GamesLoaded)
    def _games_loaded(self, message: GamesLoaded) -> None:
        if message.generation != self._generation:
            if message.shown is not None:
                message.shown.set()
            return
        self.player = message.player
        self.total = message.total
        self.counts = message.counts
        if message.view is not None:
            self.view = message.view
        live = self.view.live if self.view is not None else None
        self.games = {game.id: game for game in message.games}
        self.query_one("#games", VirtualTable).show(
            [(str(game.id), game_cells(game, live)) for game in message.games]
        )
        if message.view is not None:
            self._show_replay(message.view)
            self.at_rest()
        else:
            self._show_summary()
        if message.shown is not None:
            self.call_after_refresh(message.shown.set)

    @on(ReplayLoaded)
    def _replay_loaded(self, message: ReplayLoaded) -> None:
        if message.generation != self._generation:
            return
        self.view = message.view
        self._show_live(message.view.live)
        self._show_replay(message.view)
        self.at_rest()

    @on(PageLoaded)
    def _page_loaded(self, message: PageLoaded) -> None:
        self._paging = False
        table = self.query_one("#games", VirtualTable)
        if message.generation != self._generation or message.offset != table.row_count:
            return
        live = self.view.live if self.view is not None else None
        new = [game for game in message.games if str(game.id) not in table.rows]
        for game in new:
            self.games[game.id] = game
        # Added to the rows shown, not a copy of them with the page: paging through 100,000 games
        # costs each page what it adds.
        table.add_rows((str(game.id), game_cells(game, live)) for game in new)

    @on(LogbookFailed)
    def _logbook_failed(self, message: LogbookFailed) -> None:
        self._paging = False
        self.at_rest()
        self._show_empty(_("The logbook cannot be read: {reason}").format(reason=message.reason))
        self.notify(message.reason, title=_("Logbook"), severity="error")

    # --- showing ---------------------------------------------------------------------------------------

    def _show_empty(self, text: str) -> None:
        self._add_the_rest()
        self.query_one("#history-summary", Static).update(text)
        for selector in ("#games", "#fide-check", "#crossings"):
            self.query_one(selector, VirtualTable).clear()
        self.query_one("#check-note", Static).update("")
        self._show_decisions()

    def _show_summary(self) -> None:
        self._add_the_rest()
        if self.player is None:
            return
        current = None if self.view is None else self.view.replay.current_rating
        summary = summary_text(
            self.total, self.counts, self.rating_list, self.view is None, current
        )
        # One line in a bar one line high: its text never changes a size, so no layout (a layout
        # of the whole screen, after a write).
        self.query_one("#history-summary", Static).update(summary, layout=False)

    def _show_replay(self, view: ReplayView) -> None:
        self._show_summary()
        result = view.replay
        periods = check_periods(result.periods)
        self.query_one("#fide-check", VirtualTable).show(check_rows(periods, self.kept_rows))
        self.query_one("#crossings", VirtualTable).show(
            [(f"{c.period}-{c.kind}-{c.to}", crossing_cells(c)) for c in reversed(result.crossings)]
        )
        note = self.query_one("#check-note", Static)
        text = check_note(view, periods)
        if text != note.content:  # unchanged (most writes): no layout
            note.update(text)
        self._show_decisions()
        self._draw_chart(view)
        selected = self._select_game_after_load
        if selected is not None:
            self._select_game_after_load = None
            table = self.query_one("#games", VirtualTable)
            if str(selected) in table.rows:
                table.move_cursor(row=table.get_row_index(str(selected)), animate=False)

    def _draw_chart(self, view: ReplayView) -> None:
        from elotui.tui.widgets.trajectory import draw, make_chart

        if self._chart is None:
            self._chart = make_chart("trajectory")
            self.query_one("#chart-box", Container).mount(self._chart)
        draw(self._chart, view.chart, view.rating_list, view.others)
        title = self.query_one("#chart-panel > .panel-title", Static)
        title.update(chart_title(view), layout=False)  # a title line of its own: no size changes

    @on(VirtualTable.RowHighlighted, "#fide-check")
    def _check_row_highlighted(self, _: VirtualTable.RowHighlighted) -> None:
        self._show_decisions()

    def _show_decisions(self) -> None:
        """Under the FIDE check, the decisions the highlighted period's `*` rests on (else nothing)."""
        key = self.query_one("#fide-check", VirtualTable).cursor_key
        periods = self.view.replay.periods if self.view is not None else ()
        period = next((p for p in periods if p.period == key), None)
        line = decisions_line(period_decisions(period)) if period is not None else ""
        shown = self.query_one("#check-decisions", Static)
        now = shown.content
        # Unchanged (most writes, most cursor moves): no update, which would lay the screen out.
        if (now.plain if isinstance(now, Content) else str(now)) != line:
            shown.update(Content(line))  # Content: a decision's text is never read as markup
        shown.set_class(bool(line), "-shown")
