"""The history screen (F3): one player's logbook, replayed.

Layout (fits 120×36): a player bar; then the games (newest first, live rating after each), the trajectory
chart and the crossings side by side; the FIDE check (one row per month) across the bottom.

How data flows:
- Every database call and the replay run in thread workers (`_load_*`, `_write`) that post a message
  back; handlers on the main thread update the widgets. Widgets hold plain frozen records only.
- A load is tagged with a generation number; a message from an older load (another player, a write
  since) is dropped.
- The games table keeps one invariant: its rows are exactly the newest N games of the player, keyed by
  game id. A page of more rows is fetched as the cursor nears the end (`PAGE`), so 100,000 games open
  as fast as a hundred. A refresh reconciles rows by key (update changed cells, add, remove, re-sort)
  so the cursor stays on its game. Small logbooks get games and replay in one message; big ones show
  the first page at once and the live ratings, chart, crossings and FIDE check when the replay is done.
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Container, Horizontal, Vertical
from textual.message import Message
from textual.widget import AwaitMount
from textual.widgets import DataTable, Footer, Header, Select, Static

from elotui.dates import LATEST_DATE
from elotui.logbook.records import RATING_LISTS, STANDARD, RatingList
from elotui.rating.text import (
    cents,
    crossing_change,
    cut,
    k_value,
    published_text,
    rating_cents,
    signed,
    worth_checking,
)
from elotui.rating.tiers import GM_NOTE, tier_of
from elotui.safe_text import printable
from elotui.tui.logbook_access import Logbook, LogbookUnavailable
from elotui.tui.screens.base import AppScreen

if TYPE_CHECKING:
    from elotui.logbook.repository import GameRecord, NewGame, PlayerRecord, Repository
    from elotui.rating.replay import Crossing, Replay, ReplayPeriod
    from elotui.tui.app import ElotuiApp
    from elotui.tui.widgets.trajectory import TrajectoryData

PAGE = 100  # games fetched at a time
NEAR_END = 20  # fetch the next page when the cursor is this close to the last loaded row
ONE_MESSAGE_UP_TO = (
    5000  # up to this many games, rows and replay arrive together (no blank live cells)
)
RESULT_TEXT = {2: "1", 1: "½", 0: "0"}
NOT_RATED = "×"  # the live cell of a game the rules did not rate (rapid and blitz from 2024-12)

# (label, key, width): fixed widths, so cells filled later (the live rating) never get cut
GAME_COLUMNS = (("date", "date", 10), ("opponent", "opponent", 12), ("opp.", "rating", 4),
                ("res", "result", 3), ("live", "live", 7))  # fmt: skip
CHECK_COLUMNS = (
    ("month", "month", 7), ("rules", "rules", 6), ("start", "start", 7), ("games", "games", 5), ("K", "k", 5),
    ("why", "why", 10), ("cap", "cap", 3), ("400", "clamped", 3), ("exact", "exact", 7),
    ("rounded", "rounded", 7), ("per game", "per_game", 8), ("diff", "diff", 4),
    ("end", "end", 9), ("listed", "published", 6),
)  # fmt: skip
CROSSING_COLUMNS = (("list", "date", 7), ("crossing", "change", 14), ("rating", "rating", 6))

SHORT_REASONS = (
    ("published 2400", "ever 2400"),
    ("junior", "junior"),
    ("fixed", "fixed K"),
    ("games", "< 30 games"),
    ("under 2400", "under 2400"),
)


class SortCell(str):
    """A cell's text that also carries its row's place, so `DataTable.sort` can restore an order."""

    place: int = 0

    @classmethod
    def at(cls, text: str, place: int) -> SortCell:
        cell = cls(text)
        cell.place = place
        return cell


Row = tuple[str, tuple[str, ...]]  # (row key, cells)


def sync_table(table: DataTable[Any], rows: Sequence[Row]) -> None:
    """Make `table` show exactly `rows`, in that order, touching only what changed.

    Rows are matched by key: gone ones are removed, new ones added, changed cells updated in place,
    and the table is re-sorted only if the order differs. The cursor stays on the row it was on.
    """
    columns = list(table.columns)
    wanted = {key for key, _ in rows}
    current_key = _cursor_key(table)
    for gone in [k for k in table.rows if k.value not in wanted]:
        table.remove_row(gone)
    for place, (key, cells) in enumerate(rows):
        first = SortCell.at(cells[0], place)
        if key in table.rows:
            old = table.get_row(key)
            if old[0] != first or cast(SortCell, old[0]).place != place:
                table.update_cell(key, columns[0], first)
            for column, new, was in zip(columns[1:], cells[1:], old[1:], strict=True):
                if new != was:
                    table.update_cell(key, column, new)
        else:
            table.add_row(first, *cells[1:], key=key)
    order = [row.key.value for row in table.ordered_rows]
    if order != [key for key, _ in rows]:
        table.sort(columns[0], key=lambda cell: cell.place)
    if current_key is not None and current_key in table.rows:
        table.move_cursor(row=table.get_row_index(current_key), animate=False)


def _cursor_key(table: DataTable[Any]) -> str | None:
    if not table.row_count:
        return None
    try:
        return cast(str, table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
    except Exception:  # the cursor is past the rows (the table was emptied)
        return None


# --- what the workers post back ----------------------------------------------------------------------


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
    from elotui.rating.replay import replay_lists
    from elotui.tui.widgets.trajectory import trajectory_data

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
    results = replay_lists(player, games, published, lists=shown)
    result = results[rating_list]
    live: dict[int, int | str | None] = {
        game.id: NOT_RATED if game.not_rated else game.live_hundredths
        for game in result.games
        if game.id is not None
    }
    others = tuple(
        (name, trajectory_data(other)) for name, other in results.items() if name != rating_list
    )
    view = ReplayView(result, live, trajectory_data(result), rating_list, others)
    if sum(len(found) for found in games.values()) > ONE_MESSAGE_UP_TO:
        # A big replay is a million objects that live as long as the screen shows them; the cycle
        # collector's full passes would walk them all (0.3 s with 100,000 games), at some key press.
        # Frozen, they are out of its sight; reference counting still frees them when replaced.
        import gc

        gc.freeze()
    return view


# --- cells --------------------------------------------------------------------------------------------


def game_cells(game: GameRecord, live: dict[int, int | str | None] | None) -> tuple[str, ...]:
    rating = "—" if game.opponent_rating is None else str(game.opponent_rating)
    live_text = ""
    if live is not None:  # no live rating: not rated, an unrated opponent, or the player unrated
        value = live.get(game.id)
        if isinstance(value, str):
            live_text = value
        else:
            live_text = rating_cents(value) if value is not None else "—"
    return (
        game.date.isoformat(),
        # printable: an ESC stored by an older elotui is shown escaped, never sent to the terminal
        cut(printable(game.opponent or ""), _width(GAME_COLUMNS, "opponent")),
        rating,
        RESULT_TEXT[game.score_halves],
        live_text,
    )


def _width(columns: tuple[tuple[str, str, int], ...], key: str) -> int:
    return next(width for _, column, width in columns if column == key)


def short_reason(period: ReplayPeriod) -> str:
    for marker, short in SHORT_REASONS:
        if marker in period.k_reason:
            return short
    return cut(period.k_reason, _width(CHECK_COLUMNS, "why"))


def check_cells(period: ReplayPeriod) -> tuple[str, ...]:
    difference = period.rounding_difference
    return (
        period.period,
        period.rules + ("*" if period.uncertain else ""),  # the rule set; * a decision of ours
        "unrated" if period.rating_start is None else str(period.rating_start),
        str(period.n),
        k_value(period),
        short_reason(period) if period.k is not None else "",
        "✓" if period.cap_applied else "",
        str(period.clamped) if period.clamped else "",
        cents(period.change_hundredths),
        signed(period.change_rounded),
        signed(period.per_game_rounded_total),
        signed(difference) if difference else "",
        end_cell(period),
        published_text(period),
    )


def uplift_cells(period: ReplayPeriod) -> tuple[str, ...]:
    """The one-time uplift of the list `period` feeds, as its own row (rules.md §3.4): the list
    month, "uplift", the result it raises, the raise under "rounded" and the raised list."""
    cells = dict.fromkeys((key for _, key, _ in CHECK_COLUMNS), "")
    cells.update(
        month=period.list_month,
        rules="uplift",
        start=str(period.rating_end),
        rounded=signed(period.uplift),
        end=str(period.next_list),
    )
    return tuple(cells.values())


def check_rows(periods: Sequence[ReplayPeriod]) -> list[Row]:
    """The FIDE check's rows, newest first: each period worth checking, an uplift above its period."""
    rows: list[Row] = []
    for p in reversed(periods):
        if p.uplift is not None:
            rows.append((f"{p.list_month}-uplift", uplift_cells(p)))
        if p.raised_to is not None:  # the 2022-10 raise of rapid and blitz: a row of its own
            rows.append((f"{p.list_month}-raise", raise_cells(p)))
        if worth_checking(p):
            rows.append((p.period, check_cells(p)))
    return rows


def end_cell(period: ReplayPeriod) -> str:
    """The end of a month in a few characters: "2028", "1382 ↓" (unrated next), "Ru 1450" (the
    initial rating of the pool so far), "Ru 1450 ✓" (published as the first rating)."""
    if period.unrated:
        if period.initial_rating is None:
            return "unrated"
        return f"Ru {period.initial_rating}" + (" ✓" if period.initial_published else "")
    return f"{period.rating_end}" + (" ↓" if period.unrated_next else "")


def raise_cells(period: ReplayPeriod) -> tuple[str, ...]:
    """The FIDE check row of the 2022-10 raise of a rapid or blitz list: the list it raised, and the
    rating in the published column ("2022-10 raise to 1750")."""
    cells = {"month": period.list_month, "why": "raise", "published": str(period.raised_to)}
    return tuple(cells.get(key, "") for _, key, _ in CHECK_COLUMNS)


def list_notes(view: ReplayView) -> list[str]:
    """The check note's words for what only rapid and blitz have: the raise and games not rated."""
    from elotui.rating.rules import rule_set_named
    from elotui.rating.text import raise_text

    result = view.replay
    notes = [raise_text(p) + " (standard − 100)" for p in result.periods if p.raised_to is not None]
    for p in result.periods:
        if any(g.not_rated for g in result.games[p.games_from : p.games_to]):
            gap = rule_set_named(p.rules, view.rating_list).difference.not_rated_gap
            if gap is not None:
                notes.append(f"{NOT_RATED}: not rated (|D| ≥ {gap[0]}, a player above {gap[1]})")
                break
    return notes


def chart_title(view: ReplayView) -> str:
    """The chart panel's title: what each line is; with the overlay, the lists' colours."""
    from elotui.tui.widgets.trajectory import LIST_COLOURS

    if not view.others:
        return "Trajectory [ansi_cyan]⠒ per game[/] [ansi_yellow]• per month[/]"
    lists = " ".join(
        f"[ansi_{LIST_COLOURS[name]}]⠒ {name}[/]"
        for name in RATING_LISTS
        if name == view.rating_list or name in dict(view.others)
    )
    return f"Lists {lists}"


def crossing_cells(crossing: Crossing) -> tuple[str, ...]:
    # Lists are published on the 1st: the month says the date.
    change = cut(crossing_change(crossing), _width(CROSSING_COLUMNS, "change"))
    return (crossing.date.isoformat()[:7], change, str(crossing.rating))


# --- the screen ---------------------------------------------------------------------------------------


class HistoryScreen(AppScreen):
    AUTO_FOCUS = "#games"  # not the first focusable widget (the player picker): focus there is work

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add_game", "Add game", id="history.add_game"),
        Binding("e", "edit_game", "Edit game", id="history.edit_game"),
        Binding("delete", "remove_game", "Delete game", id="history.remove_game"),
        Binding("p", "edit_player", "Player", id="history.edit_player"),
        Binding("r", "set_published", "Published", id="history.set_published"),
        Binding("n", "add_player", "New player", show=False, id="history.add_player"),
        Binding("right_square_bracket", "next_player(1)", "Next player", show=False,
                id="history.next_player"),
        Binding("left_square_bracket", "next_player(-1)", "Previous player", show=False,
                id="history.previous_player"),
        Binding("i", "import_file", "Import games from a file", show=False,
                id="history.import"),
        Binding("x", "export_file", "Export the logbook to a file", show=False,
                id="history.export"),
        Binding("m", "maximize_panel", "Maximize the panel", show=False, id="history.maximize"),
        Binding("l", "next_list", "Next rating list", show=False, id="history.next_list"),
        Binding("o", "overlay_lists", "Overlay the three lists on the chart", show=False,
                id="history.overlay_lists"),
    ]  # fmt: skip

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

    @property
    def loaded(self) -> bool:
        """The player's games and replay are shown (or there is nothing to show) and no write is on."""
        return self._idle or not self.logbook.available

    # --- layout ---------------------------------------------------------------------------------------

    @property
    def logbook(self) -> Logbook:
        return cast("ElotuiApp", self.app).logbook

    def compose(self) -> ComposeResult:
        yield Header()
        if not self.logbook.available:
            yield Static(
                "No logbook is open. The history arrives with the logbook: start elotui without "
                "arguments (your logbook), with --db PATH, or with --demo.\n\n"
                "F2 goes back to the calculator.",
                id="history-placeholder",
            )
            yield Footer()
            return
        with Horizontal(id="history-bar"):
            # The player picker (a Select: five widgets) comes after the first rows (`_picker`).
            yield Static(" player", id="player-slot")
            yield Static("opening the logbook…", id="history-summary")
        with Horizontal(id="history-top"):
            with Vertical(id="games-panel", classes="history-panel"):
                yield Static("Games, newest first · live rating after each", classes="panel-title")
                yield DataTable[str](id="games", cursor_type="row", zebra_stripes=True)
            with Vertical(id="chart-panel", classes="history-panel"):
                yield Static(
                    "Trajectory [ansi_cyan]⠒ per game[/] [ansi_yellow]• per month[/]",
                    classes="panel-title",
                )
                yield Container(id="chart-box")
            with Vertical(id="crossings-panel", classes="history-panel"):
                yield Static("Crossings", classes="panel-title")
                yield DataTable[str](id="crossings", cursor_type="row")
        with Vertical(id="check-panel", classes="history-panel"):
            yield Static("FIDE check, one row per month", classes="panel-title")
            yield DataTable[str](id="fide-check", cursor_type="row", zebra_stripes=True)
            yield Static("", id="check-note")
        # The footer (a widget per key) comes once the first rows are painted (`_add_the_rest`).

    def on_mount(self) -> None:
        self.title = "elotui"
        self.sub_title = "History"
        if not self.logbook.available:
            return
        for selector, columns in (
            ("#games", GAME_COLUMNS),
            ("#fide-check", CHECK_COLUMNS),
            ("#crossings", CROSSING_COLUMNS),
        ):
            table = self.query_one(selector, DataTable)
            for label, key, width in columns:
                table.add_column(label, key=key, width=width)
        self.query_one("#games", DataTable).focus()
        settings = cast("ElotuiApp", self.app).settings
        wanted = settings.extra.get("player")
        self._generation += 1
        painted = self._first_page_now(wanted)
        self._load_history(
            self._generation,
            None,
            PAGE,
            self.rating_list,
            early_rows=painted is None,
            wanted=wanted,
            with_players=True,
            after=painted,
        )

    @on(events.DescendantFocus)
    def _mark_the_focused_panel(self, event: events.DescendantFocus) -> None:
        # A class on the title, not `.history-panel:focus-within > .panel-title`: Textual (8.2.8)
        # does not restyle a child when only its parent's :focus-within changes (the mark stayed on
        # a panel left, or never came back after a form closed).
        for title in self.query(".history-panel > .panel-title"):
            panel = title.parent
            title.set_class(panel is not None and event.widget in panel.walk_children(), "-focused")

    def _first_page_now(self, wanted: str | None) -> threading.Event | None:
        """Show the first page of rows before the screen's first paint, if the logbook is open.

        Two quick reads (a player lookup and one page, by an index, about a millisecond each) are
        cheaper here than in a worker: a worker thread shares the interpreter with the first paint,
        and the rows would come a paint later. Returns an event set once the rows are painted (the
        worker waits for it), or None when the logbook is not open yet (the worker reads them).
        """
        repository = self.logbook.opened()
        if repository is None:
            return None
        try:
            ids = repository.player_ids_by_name()
            if not ids:
                return None
            player_id = ids.get(wanted or "", ids[min(ids)])
            games = repository.list_games(player_id, limit=PAGE, rating_list=self.rating_list)
        except Exception:  # the worker reads again and says what is wrong
            return None
        shown = threading.Event()
        self._first_rows(FirstRows(self._generation, player_id, games, shown))
        return shown

    @property
    def today(self) -> dt.date:
        return cast("ElotuiApp", self.app).settings.today or dt.date.today()

    # --- thread workers -------------------------------------------------------------------------------

    @work(thread=True, exclusive=True, exit_on_error=False, group="players")
    def _load_players(self, select: int | None) -> None:
        try:
            players = self.logbook.get().list_players()
        except LogbookUnavailable as error:
            self.post_message(LogbookFailed(str(error)))
            return
        self.post_message(PlayersLoaded(players, select))

    @work(thread=True, exclusive=True, exit_on_error=False, group="history")
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
            after.wait(timeout=2.0)
        try:
            repository = self.logbook.get()
            if player_id is None:
                ids = repository.player_ids_by_name()
                if not ids:
                    self.post_message(PlayersLoaded([], None))
                    return
                player_id = ids.get(wanted or "", ids[min(ids)])
            if early_rows:
                shown = threading.Event()
                games = repository.list_games(player_id, limit=rows, rating_list=rating_list)
                self.post_message(FirstRows(generation, player_id, games, shown))
                shown.wait(timeout=2.0)
            if with_players:
                self.post_message(PlayersLoaded(repository.list_players(), player_id, reload=False))
            player = repository.get_player(player_id)
            counts = repository.count_games_by_list(player_id)
            total = counts[rating_list]
            games = repository.list_games(player_id, limit=rows, rating_list=rating_list)
            overlay = self.overlay
            if total <= ONE_MESSAGE_UP_TO:
                view = replay_view(player, repository, rating_list, overlay=overlay)
                self.post_message(GamesLoaded(generation, player, total, games, view, None, counts))
                return
            shown = threading.Event()
            self.post_message(GamesLoaded(generation, player, total, games, None, shown, counts))
            shown.wait(timeout=2.0)
            view = replay_view(player, repository, rating_list, overlay=overlay)
            self.post_message(ReplayLoaded(generation, view))
        except Exception as error:  # a refused read is said on the screen, never a crash
            self.post_message(LogbookFailed(str(error)))

    @work(thread=True, exclusive=True, exit_on_error=False, group="page")
    def _load_page(
        self, generation: int, player_id: int, offset: int, rating_list: RatingList
    ) -> None:
        try:
            games = self.logbook.get().list_games(
                player_id, limit=PAGE, offset=offset, rating_list=rating_list
            )
        except Exception as error:
            self.post_message(LogbookFailed(str(error)))
            return
        self.post_message(PageLoaded(generation, offset, games))

    def _write(self, job: Callable[[Repository], WriteDone]) -> None:
        self._idle = False
        self._run_write(job)

    @work(thread=True, exit_on_error=False, group="write")
    def _run_write(self, job: Callable[[Repository], WriteDone]) -> None:
        from elotui.logbook.csv_io import ImportFailed
        from elotui.logbook.repository import LogbookError

        try:
            done = job(self.logbook.get())
        except ImportFailed as failed:
            count = len(failed.errors)
            self.post_message(
                WriteFailed(f"nothing imported ({count} problem{'s' if count != 1 else ''})",
                            list(failed.errors))
            )  # fmt: skip
        except (LogbookError, LogbookUnavailable, OSError, ValueError) as error:
            self.post_message(WriteFailed(str(error)))
        else:
            self.post_message(done)

    # --- messages from the workers --------------------------------------------------------------------

    @on(PlayersLoaded)
    async def _players_loaded(self, message: PlayersLoaded) -> None:
        self.players = message.players
        await self._picker()
        select = self.query_one("#player-select", Select)
        with self.prevent(Select.Changed):
            select.set_options((printable(player.name), player.id) for player in self.players)
        if not self.players:
            self.player = None
            self._show_empty("No players yet: press n to add one (or i to import games).")
            self._idle = True
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

    def _open_player(self, player_id: int, *, keep_rows: bool = False) -> None:
        self._idle = False
        self._generation += 1
        self._paging = False
        table = self.query_one("#games", DataTable)
        if not keep_rows:
            table.clear()
            self.games = {}
            self.view = None
        rows = max(PAGE, table.row_count)
        self._load_history(
            self._generation, player_id, rows, self.rating_list, early_rows=not keep_rows
        )

    @on(FirstRows)
    def _first_rows(self, message: FirstRows) -> None:
        if message.generation != self._generation:
            message.shown.set()
            return
        self.games = {game.id: game for game in message.games}
        sync_table(
            self.query_one("#games", DataTable),
            [(str(game.id), game_cells(game, None)) for game in message.games],
        )
        self.query_one("#history-summary", Static).update("replaying…")
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
            self.mount(Footer(compact=True))
            # A footer shows keys when told the bindings changed; one mounted late has to be told.
            self.call_after_refresh(self.refresh_bindings)

    def _picker(self) -> AwaitMount:
        """Mount the player picker in place of its placeholder, once; await the result to use it."""
        if self._picker_mounted is None:
            slot = self.query_one("#player-slot")
            picker = Select[int]([], prompt="player", id="player-select", compact=True,
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
        sync_table(
            self.query_one("#games", DataTable),
            [(str(game.id), game_cells(game, live)) for game in message.games],
        )
        if message.view is not None:
            self._show_replay(message.view)
            self._idle = True
        else:
            self._show_summary()
        if message.shown is not None:
            self.call_after_refresh(message.shown.set)

    @on(ReplayLoaded)
    def _replay_loaded(self, message: ReplayLoaded) -> None:
        if message.generation != self._generation:
            return
        self.view = message.view
        table = self.query_one("#games", DataTable)
        live = message.view.live
        for key in list(table.rows):
            game = self.games.get(int(str(key.value)))
            if game is not None:
                table.update_cell(key, "live", game_cells(game, live)[4])
        self._show_replay(message.view)
        self._idle = True

    @on(PageLoaded)
    def _page_loaded(self, message: PageLoaded) -> None:
        self._paging = False
        table = self.query_one("#games", DataTable)
        if message.generation != self._generation or message.offset != table.row_count:
            return
        live = self.view.live if self.view is not None else None
        for game in message.games:
            if str(game.id) in table.rows:
                continue
            self.games[game.id] = game
            table.add_row(
                SortCell.at(game.date.isoformat(), table.row_count),
                *game_cells(game, live)[1:],
                key=str(game.id),
            )

    @on(LogbookFailed)
    def _logbook_failed(self, message: LogbookFailed) -> None:
        self._paging = False
        self._idle = True
        self._show_empty(f"The logbook cannot be read: {message.reason}")
        self.notify(message.reason, title="Logbook", severity="error")

    @on(WriteDone)
    def _write_done(self, message: WriteDone) -> None:
        self.notify(message.note, title="Logbook")
        if message.player_id is not None and (
            self.player is None or message.player_id != self.player.id
        ):
            self.player = None
        self._load_players(message.player_id)
        if message.game_id is not None:
            self._select_game_after_load = message.game_id

    @on(WriteFailed)
    def _write_failed(self, message: WriteFailed) -> None:
        self._idle = True
        self.notify(message.reason, title="Not saved", severity="error", timeout=8)
        if message.lines:
            from elotui.tui.widgets.logbook_forms import ProblemsDialog

            self.app.push_screen(ProblemsDialog(f"Import refused: {message.reason}", message.lines))

    # --- showing ---------------------------------------------------------------------------------------

    def _show_empty(self, text: str) -> None:
        self._add_the_rest()
        self.query_one("#history-summary", Static).update(text)
        for selector in ("#games", "#fide-check", "#crossings"):
            self.query_one(selector, DataTable).clear()
        self.query_one("#check-note", Static).update("")

    def _show_summary(self) -> None:
        self._add_the_rest()
        player = self.player
        if player is None:
            return
        parts = [f"{self.total} game{'s' if self.total != 1 else ''}"]
        if self.counts:  # the list shown (`l` switches) and the games on the other two
            parts.append(f"{self.rating_list} list (l)")
            parts += [
                f"{name} {self.counts[name]}" for name in RATING_LISTS if name != self.rating_list
            ]
        if self.view is None:
            parts.append("replaying…")
        else:
            current = self.view.replay.current_rating
            if current is None:
                parts.insert(0, "unrated")
            else:
                tier = tier_of(current).name
                note = f" · {GM_NOTE}" if tier == "International Master" else ""
                parts.insert(0, f"rating {current} · {tier}{note}")
        self.query_one("#history-summary", Static).update(" · ".join(parts))

    def _show_replay(self, view: ReplayView) -> None:
        self._show_summary()
        result = view.replay
        periods = [
            p
            for p in result.periods
            if worth_checking(p) or p.uplift is not None or p.raised_to is not None
        ]
        sync_table(self.query_one("#fide-check", DataTable), check_rows(periods))
        sync_table(
            self.query_one("#crossings", DataTable),
            [
                (f"{c.period}-{c.kind}-{c.to}", crossing_cells(c))
                for c in reversed(result.crossings)
            ],
        )
        notes = [
            "K a→b: 700 cap",
            "per game: each game rounded",
            "Ru: initial rating (✓ published)",
        ]
        if any(p.uncertain for p in periods):
            notes.append("*: rule uncertain")
        notes += list_notes(view)
        self.query_one("#check-note", Static).update(" · ".join(notes))
        self._draw_chart(view)
        selected = self._select_game_after_load
        if selected is not None:
            self._select_game_after_load = None
            table = self.query_one("#games", DataTable)
            if str(selected) in table.rows:
                table.move_cursor(row=table.get_row_index(str(selected)), animate=False)

    def _draw_chart(self, view: ReplayView) -> None:
        from elotui.tui.widgets.trajectory import draw, make_chart

        if self._chart is None:
            self._chart = make_chart("trajectory")
            self.query_one("#chart-box", Container).mount(self._chart)
        draw(self._chart, view.chart, view.rating_list, view.others)
        self.query_one("#chart-panel > .panel-title", Static).update(chart_title(view))

    # --- paging and player switching --------------------------------------------------------------------

    @on(DataTable.RowHighlighted, "#games")
    def _near_end(self, event: DataTable.RowHighlighted) -> None:
        table = event.data_table
        if (
            self.player is not None
            and not self._paging
            and table.row_count < self.total
            and event.cursor_row >= table.row_count - NEAR_END
        ):
            self._paging = True
            self._load_page(self._generation, self.player.id, table.row_count, self.rating_list)

    @on(Select.Changed, "#player-select")
    def _player_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, int) and (self.player is None or event.value != self.player.id):
            self._open_player(event.value)

    def action_next_list(self) -> None:
        """Show the next rating list (standard → rapid → blitz): its games, replay and check."""
        self.rating_list = next_list(self.rating_list)
        if self.player is not None:
            self._open_player(self.player.id)

    def action_overlay_lists(self) -> None:
        """Overlay the three lists' trajectories on the chart, or stop."""
        self.overlay = not self.overlay
        if self.player is not None:
            self._open_player(self.player.id, keep_rows=True)

    def action_next_player(self, step: int) -> None:
        if not self.players:
            return
        ids = [p.id for p in self.players]
        index = ids.index(self.player.id) if self.player and self.player.id in ids else 0
        chosen = ids[(index + step) % len(ids)]
        with self.prevent(Select.Changed):
            self.query_one("#player-select", Select).value = chosen
        self._open_player(chosen)

    def action_maximize_panel(self) -> None:
        focused = self.focused
        if self.maximized is not None:
            self.minimize()
        elif focused is not None:
            panel = next((a for a in focused.ancestors if isinstance(a, Vertical)), None)
            if isinstance(panel, Vertical) and panel.has_class("history-panel"):
                self.maximized = panel

    # --- actions: forms and writes ----------------------------------------------------------------------

    def selected_game(self) -> GameRecord | None:
        table = self.query_one("#games", DataTable)
        key = _cursor_key(table)
        return None if key is None else self.games.get(int(key))

    def _need_player(self) -> PlayerRecord | None:
        if self.player is None:
            self.notify("Add a player first (n).", severity="warning")
        return self.player

    def action_add_game(self) -> None:
        from elotui.tui.widgets.logbook_forms import GameForm

        player = self._need_player()
        if player is None:
            return

        def saved(game: NewGame | None) -> None:
            if game is None:
                return
            self.last_form_list = game.rating_list

            def job(repository: Repository) -> WriteDone:
                record = repository.add_game(player.id, game)
                return WriteDone(f"Game {record.id} added", player.id, record.id)

            self._write(job)

        rating_list = self.last_form_list or self.rating_list
        self.app.push_screen(GameForm(player.name, self.today, rating_list=rating_list), saved)

    def action_edit_game(self) -> None:
        from elotui.tui.widgets.logbook_forms import GameForm

        player = self._need_player()
        game = self.selected_game()
        if player is None or game is None:
            if player is not None:
                self.notify("Select a game in the list first.", severity="warning")
            return

        def saved(values: NewGame | None) -> None:
            if values is None:
                return
            self.last_form_list = values.rating_list

            def job(repository: Repository) -> WriteDone:
                from dataclasses import fields

                changes = {f.name: getattr(values, f.name) for f in fields(values)}
                record = repository.update_game(game.id, **changes)
                return WriteDone(f"Game {record.id} saved", player.id, record.id)

            self._write(job)

        self.app.push_screen(GameForm(player.name, self.today, game), saved)

    def action_remove_game(self) -> None:
        from elotui.tui.widgets.logbook_forms import ConfirmDialog

        game = self.selected_game()
        player = self.player
        if game is None or player is None:
            self.notify("Select a game in the list first.", severity="warning")
            return
        who = game.opponent or "an unnamed opponent"
        rating = "unrated" if game.opponent_rating is None else game.opponent_rating
        detail = (
            f"{game.date.isoformat()} vs {who} ({rating}), result {RESULT_TEXT[game.score_halves]}"
        )

        def answered(yes: bool | None) -> None:
            if not yes:
                return

            def job(repository: Repository) -> WriteDone:
                repository.remove_game(game.id)
                return WriteDone(f"Game {game.id} deleted", player.id)

            self._write(job)

        self.app.push_screen(ConfirmDialog(f"Delete game {game.id}?", detail), answered)

    def action_edit_player(self) -> None:
        if self.player is None:
            self.action_add_player()
            return
        from elotui.tui.widgets.logbook_forms import PlayerForm

        player = self.player

        def saved(values: dict[str, Any] | None) -> None:
            if values is None:
                return

            def job(repository: Repository) -> WriteDone:
                record = repository.update_player(player.id, **values)
                return WriteDone(f"Player {record.name} saved", record.id)

            self._write(job)

        self.app.push_screen(PlayerForm(player), saved)

    def action_add_player(self) -> None:
        from elotui.tui.widgets.logbook_forms import PlayerForm

        def saved(values: dict[str, Any] | None) -> None:
            if values is None:
                return

            def job(repository: Repository) -> WriteDone:
                name = values.pop("name")
                record = repository.add_player(name, **values)
                return WriteDone(f"Player {record.name} added", record.id)

            self._write(job)

        self.app.push_screen(PlayerForm(), saved)

    def action_set_published(self) -> None:
        from elotui.tui.widgets.logbook_forms import PublishedForm

        player = self._need_player()
        if player is None:
            return
        month = f"{self.today.year:04d}-{self.today.month:02d}"

        def saved(values: tuple[str, int] | None) -> None:
            if values is None:
                return

            def job(repository: Repository) -> WriteDone:
                record = repository.set_published(player.id, *values)
                return WriteDone(
                    f"{player.name}: published {record.rating} for {record.month}", player.id
                )

            self._write(job)

        self.app.push_screen(PublishedForm(player.name, month), saved)

    def action_import_file(self) -> None:
        from elotui.tui.widgets.logbook_forms import PathPrompt

        player = self.player

        def chosen(path: Path | None) -> None:
            if path is None:
                return

            def job(repository: Repository) -> WriteDone:
                return import_file(repository, path, player.name if player else None)

            self._write(job)

        hint = (
            "A .csv (columns as `elotui export` writes them), .pgn or elotui .json file. "
            "Every row is checked first: one bad row and nothing is imported."
        )
        if player is not None:
            hint += f" PGN games are taken for {player.name}; CSV rows without a player too."
        self.app.push_screen(PathPrompt("Import games", hint, must_exist=True), chosen)

    def action_export_file(self) -> None:
        from elotui.tui.widgets.logbook_forms import PathPrompt

        def chosen(path: Path | None) -> None:
            if path is None:
                return

            def job(repository: Repository) -> WriteDone:
                return export_file(repository, path)

            self._write(job)

        default = str(Path.cwd() / f"elotui-{self.today.isoformat()}.csv")
        hint = "Every player's games: CSV, or with a .json name the whole logbook as JSON."
        self.app.push_screen(PathPrompt("Export the logbook", hint, default), chosen)


# --- import and export (thread side; the same rules as `elotui import` / `elotui export`) --------------


def import_file(repository: Repository, path: Path, player: str | None) -> WriteDone:
    from elotui.logbook.files import import_file as import_games

    summary = import_games(repository, path, player=player)
    skipped = "".join(f"; skipped {count}: {why}" for why, count in summary.skipped.items())
    line = summary.message(path.name)
    return WriteDone(line[0].upper() + line[1:] + skipped)


def export_file(repository: Repository, path: Path) -> WriteDone:
    from elotui.logbook.files import export_text, write_whole

    players = repository.list_players()
    text, count = export_text(
        repository, players, "json" if path.suffix.lower() == ".json" else "csv"
    )
    write_whole(path, text)
    return WriteDone(f"Exported {count} game(s) of {len(players)} player(s) to {path}")
