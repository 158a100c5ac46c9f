"""The calculator screen: the shared inputs on the left, the active mode's results on the right.

Every keystroke in a field re-reads all the fields and recomputes the active mode (`recompute`).
Nothing here does arithmetic on ratings: the numbers come from `elotui.rating`. A field that does not
parse is marked (`-invalid`) with its one-line reason and the results are blanked, so a stale number
never stays on screen. Fields are only read here, never written from `recompute`, so the
value → `recompute` path (`_follow`) cannot loop; the few places that set a value from code say so.

The fields and their parsers are in fields.py, what each mode shows where in layout.py, reading and
marking the fields in reading.py, the period mode in period.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Input, Static

from elotui.i18n import N_, _, pgettext
from elotui.rating.inputs import read_whole
from elotui.rating.result import Result
from elotui.rating.rules import rules_for
from elotui.tui.commands import PaletteAction
from elotui.tui.formatting import phrase_lines
from elotui.tui.screens.base import app_ready
from elotui.tui.screens.calculator import fields
from elotui.tui.screens.calculator.fields import KInput, Points, k_meaning, text_field
from elotui.tui.screens.calculator.layout import (
    CALC_MODES,
    METHOD_CHOICES,
    METHOD_HINT_WIDTH,
    MODE_TITLES,
    RESULT_CHOICES,
    SINGLE_GAME_HINT,
    mode_bar,
    mode_inputs,
    mode_pane,
)
from elotui.tui.screens.calculator.period import PeriodMode
from elotui.tui.textual_private import StartUpPaintDeferred
from elotui.tui.widgets.choice import Choice
from elotui.tui.widgets.field_row import FieldRow
from elotui.tui.widgets.value import Value

if TYPE_CHECKING:
    from elotui.tui.widgets.mode_panes import SeriesPane


class CalculatorScreen(StartUpPaintDeferred, PeriodMode):
    # StartUpPaintDeferred: Textual paints the first frame inside the app's start-up batch, and
    # throws it away; the screen's first paint is the one after the batch (`_after_first_frame`).
    BINDINGS: ClassVar[list[BindingType]] = [
        *[
            Binding(key, f"mode('{mode}')", title, show=False, id=f"calculator.mode_{mode}")
            for mode, title, key in CALC_MODES
        ],
        Binding("w", "result('win')", N_("Win"), id="calculator.result_win"),
        Binding("d", "result('draw')", N_("Draw"), id="calculator.result_draw"),
        Binding("l", "result('loss')", N_("Loss"), id="calculator.result_loss"),
        Binding("n", "result('all')", N_("All results"), id="calculator.result_all"),
        Binding("m", "toggle_method", "elo/fide", id="calculator.toggle_method"),
        Binding("t", "toggle_exact", N_("Exact series"), show=False, id="calculator.toggle_exact"),
    ]

    # Actions of widgets inside the screen (the list of games, the K field), in the palette too.
    PALETTE_ACTIONS: ClassVar[tuple[PaletteAction, ...]] = (
        PaletteAction("a", "add_game", N_("Add a game to the period")),
        PaletteAction("e", "edit_game", N_("Edit the selected game of the period")),
        PaletteAction("x", "remove_game", N_("Remove the selected game")),
        PaletteAction("up", "k_preset(-1)", N_("Previous K preset")),
        PaletteAction("down", "k_preset(1)", N_("Next K preset")),
    )

    def __init__(self, *, today: date | None = None, cursor_blink: bool | None = None) -> None:
        super().__init__()
        settings = self.app.settings
        self._today = today or settings.today or date.today()
        self._blink = cursor_blink if cursor_blink is not None else settings.cursor_blink
        self._built: set[str] = set()  # the modes whose fields and pane are mounted
        self._points = Points()  # the points P of the several-games mode: they follow G

    # ---- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="mode-bar")
        with Horizontal(id="body"), VerticalScroll(id="form", can_focus=False):
            yield FieldRow(
                _("Your rating"),
                text_field("rating", fields.RATING, placeholder="100–3500"),
                id="rating-row",
            )
            yield FieldRow(
                pgettext("calculator", "Opponent rating"),
                text_field("opponent", fields.OPPONENT, placeholder="100–3500"),
                id="opponent-row",
            )
            yield FieldRow("K", KInput("20"))
            yield Value(id="k-meaning", classes="hint")
            yield FieldRow(_("Result"), Choice(RESULT_CHOICES, "all", id="result"))
            yield FieldRow(_("Method"), Choice(METHOD_CHOICES, "elo", id="method"))
            yield Value(id="method-rules", classes="hint")
            # The mode's own fields (#mode-inputs) come with the rest, just after the first paint.
            # So do the results (#results) and the footer: see `_mount_the_rest`.

    def on_mount(self) -> None:
        self.title = "elotui"
        self.sub_title = _("Calculator")
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
                Static(_(SINGLE_GAME_HINT), id="single-inputs", classes="hint"),
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
        self.refresh_bindings()  # a footer mounted after the focus was set (a screen built again)
        self._built.add("single")
        if self.mode == "single":
            self.recompute()
        else:
            await self.watch_mode(self.mode)

    # ---- events -------------------------------------------------------------------------------

    def _follow(self, widgets: Iterable[Widget]) -> None:
        """Recompute as soon as a field's value changes, in the same turn as the key that changed
        it: the next repaint then shows the key and the results together. (An `Input.Changed`
        message reaches the screen only after that repaint, and the results a frame later.)"""
        for widget in widgets:
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

    def _k_meaning(self, k_text: str) -> str:
        """The caption under K: the presets' (today's rules); in the period mode, the K rules of
        the period's rule set when they are not today's."""
        meaning = k_meaning(k_text)
        k = read_whole(k_text)
        if self.mode != "period" or not meaning or k is None:
            return meaning  # not a K from 1 to 100: nothing to say
        return self.k_caption(k) or meaning

    def _series_pane(self) -> SeriesPane:
        from elotui.tui.widgets.mode_panes import SeriesPane

        return self.query_one(SeriesPane)

    # ---- mode -----------------------------------------------------------------------------------

    async def watch_mode(self, mode: str) -> None:
        if not self.query("#panes"):
            self._show_mode_bar()  # typed ahead of the first paint: `_mount_the_rest` shows it
            return
        panes = self.query_one("#panes", ContentSwitcher)
        inputs = self.query_one("#mode-inputs", ContentSwitcher)
        if not panes.query_children(f"#{mode}"):
            # First visit: build the mode's fields and pane now (kept for later visits).
            new_inputs = mode_inputs(mode, self._today, self._points)
            new_inputs.display = False
            pane = mode_pane(mode, self._today)
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
            pgettext("calculator", "Rating at start") if mode == "period" else _("Your rating")
        )
        self.query_one("#opponent-row", FieldRow).label = (
            _("Average opponent")
            if mode == "several"
            else pgettext("calculator", "Opponent rating")
        )
        self.sub_title = _(MODE_TITLES[mode])
        self._show_mode_bar()
        self.recompute()

    def _show_mode_bar(self) -> None:
        self.query_one("#mode-bar", Static).update(mode_bar(self.mode))

    # ---- recompute ------------------------------------------------------------------------------

    def recompute(self) -> None:
        """Re-read every field the active mode uses and show its results, or blank them."""
        if self.mode not in self._built:
            return  # its fields and pane are being mounted; they recompute once they are there
        self._problems = []
        self._missing = []
        k_text = self.query_one("#k", Input).value
        self.query_one("#k-meaning", Static).update(
            f"  {self._k_meaning(k_text)}" if k_text else ""
        )
        from elotui.rating.calculator import Method

        method = Method(self.query_one("#method", Choice).value)
        method_text = method.text(rules_for("standard", self._today))
        self.query_one("#method-rules", Static).update(
            phrase_lines(f"  {method.value}: {method_text}", METHOD_HINT_WIDTH)
            if self.mode != "period"
            else _("  period: FIDE rules always (method not used)")
        )
        result = self.query_one("#result", Choice).value
        mode = self.mode
        k_source = self.query_one("#k-source", Choice).value if mode == "period" else "field"
        rating = self._read("rating", fields.RATING, relevant=mode != "reference")
        opponent = self._read(
            "opponent", fields.OPPONENT, relevant=mode not in ("reference", "period")
        )
        k = self._read(
            "k",
            fields.K,
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
            games = self._read("games", fields.GAMES)
            played = None
            if games is not None:
                self._points.games = games
                played = self._read("points", self._points)
            extra = (games, played)
        elif mode == "series":
            series_games = self._read("series-games", fields.SERIES_GAMES)
            extra = (series_games,)

        from elotui.tui.widgets.drawn_lines import DrawnLines
        from elotui.tui.widgets.panes import Pane, SinglePane

        pane = self.query_one(f"#{mode}")
        assert isinstance(pane, Pane | DrawnLines)
        if not self._show_status(status) or None in (rating, opponent, k, *extra):
            pane.blank()
            return
        assert rating is not None and opponent is not None and k is not None
        from elotui.rating.calculator import series as series_steps
        from elotui.rating.calculator import several_games, single_game

        # The calculator's today decides the rules (the period mode has its month instead).
        rules = rules_for("standard", self._today)
        if mode == "single":
            self.query_one(SinglePane).show(
                single_game(rating, opponent, k, method, rules=rules), result
            )
        elif mode == "several":
            games_n, played_points = extra
            assert isinstance(games_n, int) and isinstance(played_points, Fraction)
            from elotui.tui.widgets.mode_panes import SeveralPane

            self.query_one(SeveralPane).show(
                several_games(rating, opponent, k, games_n, played_points, method, rules=rules)
            )
        elif mode == "series":
            (count,) = extra
            assert isinstance(count, int)
            # Every game of the series has the one result chosen; "all" shows a series of wins.
            series_result = Result.parse(result) or Result.WIN
            exact = self.query_one("#exact", Choice).value == "exact"
            steps = series_steps(
                rating, opponent, k, count, series_result.score, method, exact=exact, rules=rules
            )
            self._series_pane().show(steps, series_result.word, exact)
