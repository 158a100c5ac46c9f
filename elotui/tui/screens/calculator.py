"""The calculator screen: the shared inputs on the left, the active mode's results on the right.

Every keystroke in a field re-reads all the fields and recomputes the active mode (`recompute`).
Nothing here does arithmetic on ratings: the numbers come from `elotui.rating`. A field that does not
parse is marked (`-invalid`) with its one-line reason and the results are blanked, so a stale number
never stays on screen. Fields are only read here, never written from `recompute`, so the
value → `recompute` path (`_follow`) cannot loop; the few places that set a value from code say so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, ClassVar, TypeVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Input, Label, Static

from elotui.rating.inputs import (
    InvalidInput,
    parse_games,
    parse_k,
    parse_points,
    parse_rating,
)
from elotui.tui.formatting import (
    hundredths,
    phrase_lines,
    points,
    signed_hundredths,
    signed_int,
)
from elotui.tui.screens.base import AppScreen, app_ready
from elotui.tui.textual_private import FirstPaintAfterStartUp
from elotui.tui.widgets.choice import Choice
from elotui.tui.widgets.field_row import FieldRow
from elotui.tui.widgets.keys_in_order import TextField
from elotui.tui.widgets.value import Value

if TYPE_CHECKING:
    from elotui.tui.widgets.game_dialog import PeriodGameValues
    from elotui.tui.widgets.mode_panes import GamesTable, PeriodPane, SeriesPane

T = TypeVar("T")

# (mode, title, key)
CALC_MODES: tuple[tuple[str, str, str], ...] = (
    ("single", "Single game", "f5"),
    ("several", "Several games", "f6"),
    ("series", "Series", "f7"),
    ("period", "Tournament / period", "f8"),
    ("reference", "Reference", "f9"),
)

K_PRESETS: tuple[tuple[int, str], ...] = (
    (40, "FIDE: new player / junior"),
    (20, "FIDE: under 2400"),
    (10, "FIDE: published 2400+"),
    (32, "generic, not a FIDE value"),
)
K_MEANING = dict(K_PRESETS)

RESULT_CHOICES = (("all", "all"), ("win", "win"), ("draw", "draw"), ("loss", "loss"))
METHOD_CHOICES = (("elo", "elo"), ("fide", "fide"))
# The period mode's rating list: its rule set comes from rules_for(list, month).
LIST_CHOICES = (("standard", "standard"), ("rapid", "rapid"), ("blitz", "blitz"))
SERIES_LABEL = {"all": "win", "win": "win", "draw": "draw", "loss": "loss"}
SINGLE_GAME_HINT = (
    "w / d / l pick a result, n shows all three, m switches the method "
    "(outside a text field). ↑↓ in K steps through the presets."
)
RESULT_SCORE = {"win": Fraction(1), "draw": Fraction(1, 2), "loss": Fraction(0)}


def k_meaning(text: str) -> str:
    try:
        k = int(text.strip())
    except ValueError:
        return ""
    if not 1 <= k <= 100:
        return ""
    return K_MEANING.get(k, "custom K (1–100)")


def parse_year(text: str, what: str) -> int:
    cleaned = text.strip()
    if not cleaned.isdigit() or not 1900 <= int(cleaned) <= 2100:
        raise InvalidInput(f"{what} must be a year like 2010, not {cleaned!r}")
    return int(cleaned)


def parse_month(text: str, what: str) -> date:
    """A month written YYYY-MM, as its first day (the one range of elotui/dates.py)."""
    from elotui.dates import BadDate
    from elotui.rating.calendar import checked_month

    try:
        month = checked_month(text)
    except BadDate as error:
        raise InvalidInput(f"{what}: {error}") from None
    return date(int(month[:4]), int(month[5:]), 1)


def parse_count(text: str, what: str) -> int:
    cleaned = text.strip() or "0"
    if not cleaned.isdigit():
        raise InvalidInput(f"{what} must be a whole number, not {cleaned!r}")
    return int(cleaned)


METHOD_HINT_WIDTH = 49  # the form's inner width (#form in app.tcss: 52, padding 1, border 1)

# How the status line names an empty field; other labels are written as they are, lower-cased.
_MISSING_WORDS = {"Your rating": "your rating", "Opponent rating": "the opponent's rating"}


def missing_text(labels: list[str], mode: str) -> str:
    """The status line while fields are empty: it names each one ("Type the points P: …")."""
    if mode == "period" and labels == ["Your rating"]:
        return "Type your rating at the start of the period."
    words = [_MISSING_WORDS.get(label, f"the {label[0].lower()}{label[1:]}") for label in labels]
    listed = words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
    return f"Type {listed}: results follow every key."


class KInput(TextField):
    """The K field: type any K from 1 to 100, or step through the presets with up and down."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "preset(-1)", "Previous K preset", id="k.previous_preset"),
        Binding("down", "preset(1)", "Next K preset", id="k.next_preset"),
    ]

    def action_preset(self, step: int) -> None:
        values = [k for k, _ in K_PRESETS]
        try:
            index = values.index(int(self.value.strip()))
        except ValueError:
            index = -1 if step > 0 else 0
        # Setting the value from code is a change like a key: wanted here (results follow).
        self.value = str(values[(index + step) % len(values)])
        self.cursor_position = len(self.value)


class CalculatorScreen(FirstPaintAfterStartUp, AppScreen):
    # FirstPaintAfterStartUp: Textual paints the first frame inside the app's start-up batch, and
    # throws it away; the screen's first paint is the one after the batch (`_after_first_frame`).
    BINDINGS: ClassVar[list[BindingType]] = [
        *[
            Binding(key, f"mode('{mode}')", title, show=False, id=f"calculator.mode_{mode}")
            for mode, title, key in CALC_MODES
        ],
        Binding("w", "result('win')", "Win", id="calculator.result_win"),
        Binding("d", "result('draw')", "Draw", id="calculator.result_draw"),
        Binding("l", "result('loss')", "Loss", id="calculator.result_loss"),
        Binding("n", "result('all')", "All results", id="calculator.result_all"),
        Binding("m", "toggle_method", "elo/fide", id="calculator.toggle_method"),
        Binding("t", "toggle_exact", "Exact series", show=False, id="calculator.toggle_exact"),
    ]

    mode: reactive[str] = reactive("single", init=False)

    # Actions of widgets inside the screen, offered in the command palette too.
    PALETTE_BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add_game", "Add a game to the period", id="calculator.add_game"),
        Binding(
            "e", "edit_game", "Edit the selected game of the period", id="calculator.edit_game"
        ),
        Binding("x", "remove_game", "Remove the selected game", id="calculator.remove_game"),
        Binding("up", "k_preset(-1)", "Previous K preset", id="calculator.k_previous"),
        Binding("down", "k_preset(1)", "Next K preset", id="calculator.k_next"),
    ]

    def __init__(self, *, today: date | None = None, cursor_blink: bool | None = None) -> None:
        super().__init__()
        settings = getattr(self.app, "settings", None)
        self._today = today or getattr(settings, "today", None) or date.today()
        self._blink = (
            cursor_blink if cursor_blink is not None else getattr(settings, "cursor_blink", True)
        )
        self._touched: set[str] = set()
        self._games: dict[str, PeriodGameValues] = {}
        self._next_game = 1
        self._problems: list[str] = []
        self._missing: list[str] = []  # the labels of the empty fields the mode needs
        self._built: set[str] = set()  # the modes whose fields and pane are mounted
        self._reasons: dict[Input, Value] = {}

    # ---- layout -------------------------------------------------------------------------------

    def _input(self, field_id: str, value: str = "", placeholder: str = "") -> Input:
        return TextField(
            value,
            id=field_id,
            placeholder=placeholder,
            compact=True,
            select_on_focus=True,
        )

    def _mode_inputs(self, mode: str) -> Widget:
        """The fields only one mode uses, built the first time that mode is shown."""
        if mode == "several":
            return Vertical(
                FieldRow("Games G", self._input("games", "5")),
                FieldRow("Points P", self._input("points", "", "e.g. 3.5")),
                id="several-inputs",
            )
        if mode == "series":
            return Vertical(
                FieldRow("Games N", self._input("series-games", "10")),
                FieldRow(
                    "Steps",
                    Choice((("rounded", "rounded"), ("exact", "exact")), id="exact"),
                ),
                id="series-inputs",
            )
        if mode == "period":
            return Vertical(
                FieldRow(
                    "K from",
                    Choice((("field", "K field"), ("profile", "profile")), id="k-source"),
                ),
                FieldRow("Birth year", self._input("birth-year", "", "optional")),
                FieldRow("Games played", self._input("games-played", "", "0")),
                FieldRow(
                    "Ever 2400",
                    Choice((("no", "no"), ("yes", "yes")), id="reached-2400"),
                ),
                FieldRow("Period", self._input("period-month", f"{self._today:%Y-%m}")),
                FieldRow("List", Choice(LIST_CHOICES, "standard", id="rating-list")),
                FieldRow("700 cap", Choice((("on", "on"), ("off", "off: not FIDE")), id="cap")),
                Label("What do I need", classes="section"),
                FieldRow("Target T", self._input("target", "", "rating")),
                FieldRow("Remaining R", self._input("remaining", "", "games")),
                FieldRow("Average X", self._input("need-average", "", "rating")),
                id="period-inputs",
            )
        return Static(
            "The reference table does not need any field.", id=f"{mode}-inputs", classes="hint"
        )

    @staticmethod
    def _pane(mode: str) -> Widget:
        from elotui.tui.widgets import mode_panes

        panes: dict[str, type[Widget]] = {
            "several": mode_panes.SeveralPane,
            "series": mode_panes.SeriesPane,
            "period": mode_panes.PeriodPane,
            "reference": mode_panes.ReferencePane,
        }
        return panes[mode](id=mode)

    def compose(self) -> ComposeResult:
        yield Static(id="mode-bar")
        with Horizontal(id="body"), VerticalScroll(id="form", can_focus=False):
            yield FieldRow(
                "Your rating",
                self._input("rating", placeholder="100–3500"),
                id="rating-row",
            )
            yield FieldRow(
                "Opponent rating",
                self._input("opponent", placeholder="100–3500"),
                id="opponent-row",
            )
            k = KInput("20", id="k", compact=True, select_on_focus=True, placeholder="1–100")
            yield FieldRow("K", k)
            yield Value(id="k-meaning", classes="hint")
            yield FieldRow("Result", Choice(RESULT_CHOICES, "all", id="result"))
            yield FieldRow("Method", Choice(METHOD_CHOICES, "elo", id="method"))
            yield Value(id="method-rules", classes="hint")
            # The mode's own fields (#mode-inputs) come with the rest, just after the first paint.
            # So do the results (#results) and the footer: see `_mount_the_rest`.

    def on_mount(self) -> None:
        self.title = "elotui"
        self.sub_title = "Calculator"
        if not self._blink:
            for widget in self.query(Input):
                widget.cursor_blink = False
        self._follow(self.query("Input, Choice"))
        self._show_mode_bar()
        # At once, not `focus()` (which waits its turn behind keys typed ahead of the first paint,
        # and would then take the cursor back from the opponent's field).
        self.set_focus(self.query_one("#rating", Input))
        self.call_after_refresh(self._after_first_frame)

    async def _after_first_frame(self) -> None:
        # Mount the rest only once the first frame is out: otherwise the terminal stays empty until
        # the results pane and the footer are mounted too. Headless (tests, screenshots) nothing is
        # written, so nothing to wait for.
        if not self.app.is_headless:
            await app_ready(self.app)  # the start-up batch is over: the first frame is written
            self.refresh()
        self.call_after_refresh(self._mount_the_rest)

    async def _mount_the_rest(self) -> None:
        """What the first frame can do without: the fields of the mode, the results (blank until
        both ratings are typed) and the footer. Keys typed meanwhile are kept: the rating fields are
        there from the start, and a mode key typed ahead (F6...) is shown here."""
        from textual.widgets import Footer

        from elotui.tui.widgets.panes import SinglePane

        form = self.query_one("#form")
        if not form.is_attached:
            return  # the app quit before its first frame
        await form.mount(
            ContentSwitcher(
                Static(SINGLE_GAME_HINT, id="single-inputs", classes="hint"),
                id="mode-inputs",
                initial="single-inputs",
            )
        )
        await self.query_one("#body").mount(
            Vertical(
                Value(id="status"),
                ContentSwitcher(SinglePane(id="single"), id="panes", initial="single"),
                id="results",
            )
        )
        await self.mount(Footer())
        self._built.add("single")
        if self.mode == "single":
            self.recompute()
        else:
            await self.watch_mode(self.mode)

    # ---- events -------------------------------------------------------------------------------

    def _follow(self, fields: Iterable[Widget]) -> None:
        """Recompute as soon as a field's value changes, in the same turn as the key that changed
        it: the next repaint then shows the key and the results together. (An `Input.Changed`
        message reaches the screen only after that repaint, and the results a frame later.)"""
        for widget in fields:
            if isinstance(widget, Input | Choice):
                self.watch(widget, "value", partial(self._field_changed, widget), init=False)

    def _field_changed(self, widget: Input | Choice, value: str) -> None:
        if isinstance(widget, Input) and widget.id is not None and value.strip():
            self._touched.add(widget.id)
        self.recompute()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Letter keys belong to the text field that has focus; hide them from the footer there.
        return not (
            action in ("result", "toggle_method", "toggle_exact")
            and isinstance(self.focused, Input)
        )

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()

    # ---- actions ------------------------------------------------------------------------------

    def action_mode(self, mode: str) -> None:
        self.mode = mode

    def action_result(self, result: str) -> None:
        self.query_one("#result", Choice).value = result

    def action_toggle_method(self) -> None:
        choice = self.query_one("#method", Choice)
        choice.value = "fide" if choice.value == "elo" else "elo"

    def action_k_preset(self, step: int) -> None:
        self.query_one(KInput).action_preset(step)

    def action_toggle_exact(self) -> None:
        if self.mode != "series":
            return
        choice = self.query_one("#exact", Choice)
        choice.value = "exact" if choice.value == "rounded" else "rounded"

    def action_add_game(self) -> None:
        from elotui.tui.widgets.game_dialog import GameDialog

        opponent = self.query_one("#opponent", Input).value.strip()
        self.app.push_screen(GameDialog("Add a game", opponent), self._game_added)

    def _game_added(self, values: PeriodGameValues | None) -> None:
        if values is None:
            return
        key = f"g{self._next_game}"
        self._next_game += 1
        self._games[key] = values
        table = self._games_table()
        table.add_row(
            str(len(self._games)), str(values[0]), points(values[1]), "", "", "", "", key=key
        )
        table.move_cursor(row=table.row_count - 1)
        self.recompute()

    def _current_game(self) -> str | None:
        table = self._games_table()
        if table.row_count == 0:
            return None
        row_key, _ = table.coordinate_to_cell_key(table.cursor_coordinate)
        return row_key.value

    def action_edit_game(self) -> None:
        from elotui.tui.widgets.game_dialog import GameDialog

        key = self._current_game()
        if key is None:
            self.action_add_game()
            return
        opponent, score = self._games[key]

        def edited(values: PeriodGameValues | None) -> None:
            if values is None:
                return
            self._games[key] = values
            table = self._games_table()
            table.update_cell(key, "opponent", str(values[0]))
            table.update_cell(key, "result", points(values[1]))
            self.recompute()

        self.app.push_screen(GameDialog("Edit the game", str(opponent), points(score)), edited)

    def action_remove_game(self) -> None:
        key = self._current_game()
        if key is None:
            return
        del self._games[key]
        table = self._games_table()
        table.remove_row(key)
        for number, row_key in enumerate(self._games, start=1):
            table.update_cell(row_key, "number", str(number))
        self.recompute()

    def _series_pane(self) -> SeriesPane:
        from elotui.tui.widgets.mode_panes import SeriesPane

        return self.query_one(SeriesPane)

    def _period_pane(self) -> PeriodPane:
        from elotui.tui.widgets.mode_panes import PeriodPane

        return self.query_one(PeriodPane)

    def _games_table(self) -> GamesTable:
        from elotui.tui.widgets.mode_panes import GamesTable

        return self.query_one(GamesTable)

    # ---- mode -----------------------------------------------------------------------------------

    async def watch_mode(self, mode: str) -> None:
        if not self.query("#panes"):
            self._show_mode_bar()  # typed ahead of the first paint: `_mount_the_rest` shows it
            return
        panes = self.query_one("#panes", ContentSwitcher)
        inputs = self.query_one("#mode-inputs", ContentSwitcher)
        if not panes.query_children(f"#{mode}"):
            # First visit: build the mode's fields and pane now (kept for later visits).
            new_inputs = self._mode_inputs(mode)
            new_inputs.display = False
            pane = self._pane(mode)
            pane.display = False
            await inputs.mount(new_inputs)
            self._follow(new_inputs.query("Input, Choice"))
            await panes.mount(pane)
            self._built.add(mode)
            if not self._blink:
                for widget in new_inputs.query(Input):
                    widget.cursor_blink = False
        panes.current = mode
        inputs.current = f"{mode}-inputs"
        if mode == "series":
            self._series_pane().ensure_chart()
        self.query_one("#rating-row", FieldRow).label = (
            "Rating at start" if mode == "period" else "Your rating"
        )
        self.query_one("#opponent-row", FieldRow).label = (
            "Average opponent" if mode == "several" else "Opponent rating"
        )
        self.sub_title = dict((m, t) for m, t, _ in CALC_MODES)[mode]
        self._show_mode_bar()
        self.recompute()

    def _show_mode_bar(self) -> None:
        parts: list[Content] = [Content.styled(" elotui ", "bold $accent")]
        for mode, title, key in CALC_MODES:
            text = f" {key.upper()} {title} "
            parts.append(
                Content.styled(text, "bold reverse") if mode == self.mode else Content(text)
            )
        self.query_one("#mode-bar", Static).update(Content(" ").join(parts))

    # ---- reading the fields ---------------------------------------------------------------------

    def _read(
        self,
        field_id: str,
        parse: Callable[[str], T],
        *,
        optional: bool = False,
        relevant: bool = True,
    ) -> T | None:
        """The parsed field, or None. A bad value marks the field; it blanks the results only when
        the active mode uses the field (`relevant`)."""
        field_widget = self.query_one(f"#{field_id}", Input)
        text = field_widget.value
        try:
            value = None if optional and not text.strip() else parse(text)
        except InvalidInput as error:
            if not text.strip() and field_id not in self._touched:
                # Never typed in: not an error yet, just missing.
                self._mark(field_widget, None)
                row = field_widget.parent
                if relevant and isinstance(row, FieldRow) and row.label not in self._missing:
                    self._missing.append(row.label)
                return None
            self._mark(field_widget, str(error))
            if relevant:
                self._problems.append(str(error))
            return None
        self._mark(field_widget, None)
        return value

    def _mark(self, widget: Input, text: str | None) -> None:
        """Mark the field as bad with its reason below it, or clear the mark."""
        # Classes and text change only when the verdict does: a layout pass happens only then.
        widget.set_class(text is not None, "-invalid")
        reason = self._reasons.get(widget)
        if reason is None:
            if text is None:
                return
            # The first time this field is wrong: its reason line goes below its row.
            reason = self._reasons[widget] = Value(id=f"{widget.id}-reason", classes="reason")
            row = widget.parent
            assert isinstance(row, Widget) and isinstance(row.parent, Widget)
            row.parent.mount(reason, after=row)
        reason.set_class(text is not None, "-shown")
        reason.update(text or "")

    # ---- recompute ------------------------------------------------------------------------------

    def recompute(self) -> None:
        """Re-read every field the active mode uses and show its results, or blank them."""
        if self.mode not in self._built:
            return  # its fields and pane are being mounted; they recompute once they are there
        self._problems = []
        self._missing = []
        k_text = self.query_one("#k", Input).value
        self.query_one("#k-meaning", Static).update(f"  {k_meaning(k_text)}" if k_text else "")
        from elotui.rating.calculator import Method

        method = Method(self.query_one("#method", Choice).value)
        self.query_one("#method-rules", Static).update(
            phrase_lines(f"  {method.value}: {method.description}", METHOD_HINT_WIDTH)
            if self.mode != "period"
            else "  period: FIDE rules always (method not used)"
        )
        result = self.query_one("#result", Choice).value
        mode = self.mode
        k_source = self.query_one("#k-source", Choice).value if mode == "period" else "field"
        rating = self._read(
            "rating", lambda t: parse_rating(t, "Your rating"), relevant=mode != "reference"
        )
        opponent = self._read(
            "opponent",
            lambda t: parse_rating(t, "Opponent rating"),
            relevant=mode not in ("reference", "period"),
        )
        k = self._read(
            "k",
            parse_k,
            relevant=mode != "reference" and (mode != "period" or k_source == "field"),
        )
        status = self.query_one("#status", Static)

        if mode == "reference":
            from elotui.tui.widgets.mode_panes import ReferencePane

            self.query_one(ReferencePane).show_current(rating, opponent)
            status.update("")
            return
        if mode == "period":
            self._recompute_period(rating, k)
            return

        extra: tuple[object, ...] = ()
        if mode == "several":
            games = self._read("games", lambda t: parse_games(t, "Games"))
            played = (
                self._read("points", lambda t: parse_points(t, games))
                if games is not None
                else None
            )
            extra = (games, played)
        elif mode == "series":
            extra = (self._read("series-games", lambda t: parse_games(t, "Games in the series")),)

        from elotui.tui.widgets.panes import Pane, SinglePane

        pane = self.query_one(f"#{mode}", Pane)
        if not self._show_status(status) or None in (rating, opponent, k, *extra):
            pane.blank()
            return
        assert rating is not None and opponent is not None and k is not None
        from elotui.rating.calculator import series as series_steps
        from elotui.rating.calculator import several_games, single_game

        if mode == "single":
            self.query_one(SinglePane).show(single_game(rating, opponent, k, method), result)
        elif mode == "several":
            games_n, played_points = extra
            assert isinstance(games_n, int) and isinstance(played_points, Fraction)
            from elotui.tui.widgets.mode_panes import SeveralPane

            self.query_one(SeveralPane).show(
                several_games(rating, opponent, k, games_n, played_points, method)
            )
        elif mode == "series":
            (count,) = extra
            assert isinstance(count, int)
            name = SERIES_LABEL[result]
            exact = self.query_one("#exact", Choice).value == "exact"
            steps = series_steps(
                rating, opponent, k, count, RESULT_SCORE[name], method, exact=exact
            )
            self._series_pane().show(steps, name, exact)

    def _show_status(self, status: Static) -> bool:
        """The line above the results: what is missing or wrong. True when the results can show."""
        if self._problems:
            status.update(f"Fix the marked field: {self._problems[0]}")
            status.add_class("-error")
            return False
        status.remove_class("-error")
        if self._missing:
            status.update(missing_text(self._missing, self.mode))
            return False
        status.update("")
        return True

    def _recompute_period(self, rating: int | None, k_field: int | None) -> None:
        from elotui.rating.fide import KProfile, PeriodGame, k_factor, period_change
        from elotui.rating.need import points_needed
        from elotui.rating.rules import RATING_LISTS, rules_for
        from elotui.rating.rules.k import k_choices, profile_with_rating
        from elotui.rating.rules.uncertain import period_marks, uncertain_texts

        pane = self._period_pane()
        status = self.query_one("#status", Static)
        source = self.query_one("#k-source", Choice).value
        # The list and the month decide the rule set (difference rule, K choices, 700 cap, floor:
        # an event starting on its first day); the month also gives the age for K.
        month = self._read("period-month", lambda t: parse_month(t, "Period"))
        chosen = self.query_one("#rating-list", Choice).value
        rating_list = next(name for name in RATING_LISTS if name == chosen)  # LIST_CHOICES' keys
        rules = rules_for(rating_list, month) if month is not None else None
        capped = self.query_one("#cap", Choice).value == "on"
        k: int | None
        if source == "field":
            # What the K typed means in the era of the month (its K choices), not today's.
            who = k_choices(rules).get(k_field) if rules is not None and k_field else None
            era = rules.name if rules is not None else ""
            reason = f"K field: {era} {who}" if who else f"K field: not a {era} K"
            k = k_field
        else:
            birth = self._read("birth-year", lambda t: parse_year(t, "Birth year"), optional=True)
            played_before = self._read("games-played", lambda t: parse_count(t, "Games played"))
            reached = self.query_one("#reached-2400", Choice).value == "yes"
            k = None
            reason = ""
            if (
                played_before is not None
                and month is not None
                and rules is not None
                and not self._problems
            ):
                # The rating at the start is the list just published: 2400+ there is "ever 2400".
                profile = profile_with_rating(
                    KProfile(birth, played_before, reached, reached), rules, rating
                )
                k, why = k_factor(profile, month.year, rules)
                reason = f"profile: {why}"
        # The need fields only feed the need line: a bad one blanks that line, not the period.
        target = self._read(
            "target", lambda t: parse_rating(t, "Target"), optional=True, relevant=False
        )
        remaining = self._read(
            "remaining",
            lambda t: parse_games(t, "Remaining games"),
            optional=True,
            relevant=False,
        )
        average = self._read(
            "need-average", lambda t: parse_rating(t, "Average X"), optional=True, relevant=False
        )
        need_fields = ("#target", "#remaining", "#need-average")
        need_bad = any(self.query_one(f, Input).has_class("-invalid") for f in need_fields)

        table = self._games_table()
        if (
            not self._show_status(status)
            or rating is None
            or k is None
            or month is None
            or rules is None
        ):
            pane.blank()
            for key in self._games:
                for column in ("diff", "diff_used", "pd", "delta"):
                    table.update_cell(key, column, "")
            return
        games = [
            PeriodGame(opponent, score, played_on=month) for opponent, score in self._games.values()
        ]
        result = (
            period_change(rating, games, k, reason, apply_cap=capped, rules=rules)
            if games
            else None
        )
        n = len(games)
        cap = rules.k_times_games_max
        k_line = f"Rules {rules.name} · K {k} ({reason})"
        if cap is None:
            k_line += f" · no 700 cap in {rules.name} (before 2014-07)"
        elif not capped:
            k_line += f" · {cap} cap OFF: not the FIDE rules"
        elif result is None:
            k_line += f" · {cap} cap: K × games may not exceed {cap}"
        elif result.cap_applied:
            k_line += f" · {cap} cap: {k} × {n} = {k * n} > {cap} → K {result.k_applied}"
        else:
            k_line += f" · {cap} cap not reached ({k} × {n} = {k * n})"
        pane.show_k(k_line)
        pane.show_rules(rules)
        uncertain = uncertain_texts(period_marks(rules, result, month)) if result else []
        pane.show(result, rules, uncertain)
        if result is not None:
            for key, delta in zip(self._games, result.games, strict=True):
                table.update_cell(key, "diff", signed_int(delta.diff))
                table.update_cell(key, "diff_used", signed_int(delta.diff_used))
                table.update_cell(key, "pd", hundredths(delta.pd))
                table.update_cell(key, "delta", signed_hundredths(delta.delta))
        if need_bad:
            pane.show_need(None, "What do I need: fix the marked field.")
        elif target is None or remaining is None or average is None:
            pane.show_need(
                None, "What do I need: type a target T, remaining games R and their average X."
            )
        else:
            pane.show_need(
                points_needed(
                    rating, k, target, remaining, average,
                    played=games, played_on=month, apply_cap=capped, rules=rules,
                )
            )  # fmt: skip
