"""The calculator screen: the shared inputs on the left, the active mode's results on the right.

Every keystroke in a field re-reads all the fields and recomputes the active mode (`recompute`).
Nothing here does arithmetic on ratings: the numbers come from `elotui.rating`. A field that does not
parse is marked (`-invalid`) with its one-line reason and the results are blanked, so a stale number
never stays on screen. Fields are only read here, never written from `recompute`, so the
value → `recompute` path (`_follow`) cannot loop; the few places that set a value from code say so.

What each mode computes from the fields, and the texts it shows, is its model's (`MODES` in
elotui.tui.models.calculator): the screen reads the fields into `Values`, asks the active mode for
its view and gives it to the mode's pane. The fields and their parsers are in fields.py, what each
mode shows where in layout.py, reading and marking the fields in reading.py, the period's list of
games in period_games.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from functools import partial
from typing import Any, ClassVar, Protocol, runtime_checkable

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import ContentSwitcher, Input, Static

from elotui.i18n import N_, _, pgettext
from elotui.tui.commands import PaletteAction, in_language_spoken
from elotui.tui.models.calculator import MODES, Mode, PeriodMode, Values, View
from elotui.tui.screens.base import app_ready
from elotui.tui.screens.calculator import fields
from elotui.tui.screens.calculator.fields import KInput, text_field
from elotui.tui.screens.calculator.layout import (
    METHOD_CHOICES,
    MODE_INPUTS,
    RESULT_CHOICES,
    ModeBar,
    mode_pane,
    result_bindings,
    single_game_hint,
)
from elotui.tui.screens.calculator.period_games import PeriodGames
from elotui.tui.textual_private import StartUpPaintDeferred
from elotui.tui.widgets.choice import Choice
from elotui.tui.widgets.field_row import FieldRow
from elotui.tui.widgets.value import Value


@runtime_checkable
class ModePane(Protocol):
    """A mode's results pane: it shows the view its mode computed (`Mode.compute`)."""

    def show_view(self, view: Any) -> None: ...


class CalculatorScreen(StartUpPaintDeferred, PeriodGames):
    # StartUpPaintDeferred: Textual paints the first frame inside the app's start-up batch, and
    # throws it away; the screen's first paint is the one after the batch (`_after_first_frame`).
    BINDINGS: ClassVar[list[BindingType]] = [
        *[
            Binding(key, f"mode('{name}')", mode.title, show=False, id=f"calculator.mode_{name}")
            for name, mode in MODES.items()
            for key in (mode.key,)
        ],
        *result_bindings(),
        Binding("m", "toggle_method", "elo/fide", id="calculator.toggle_method"),
        # The period's list of games is below many fields: `a` adds a game from any field that
        # is not a text field, and F8 again goes to the list.
        Binding("a", "add_game", N_("Add a game to the period"), id="calculator.add_game"),
        Binding("t", "toggle_exact", N_("Exact series"), show=False, id="calculator.toggle_exact"),
    ]

    # Actions of widgets inside the screen (the list of games, the K field), in the palette too.
    PALETTE_ACTIONS: ClassVar[tuple[PaletteAction, ...]] = (
        PaletteAction("a", "add_game", N_("Add a game to the period")),
        PaletteAction("e", "edit_game", N_("Edit the selected game of the period")),
        PaletteAction("delete", "remove_game", N_("Delete the selected game")),
        PaletteAction("up", "k_preset(1)", N_("Higher K preset")),
        PaletteAction("down", "k_preset(-1)", N_("Lower K preset")),
    )

    def __init__(self, *, today: date | None = None, cursor_blink: bool | None = None) -> None:
        super().__init__()
        settings = self.host.settings
        self._today = today or settings.today or date.today()
        self._blink = cursor_blink if cursor_blink is not None else settings.cursor_blink
        self._built: set[str] = set()  # the modes whose fields and pane are mounted
        # The two ratings' reasons name them as their labels do, which the mode decides.
        self._rating_parser = fields.Rating(_("Your rating"))
        self._opponent_parser = fields.Rating(pgettext("calculator", "Opponent rating"))

    # ---- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield ModeBar(self.mode)
        with Horizontal(id="body"), VerticalScroll(id="form", can_focus=False):
            yield FieldRow(
                _("Your rating"),
                text_field("rating", self._rating_parser, placeholder="100–3500"),
                id="rating-row",
            )
            yield FieldRow(
                pgettext("calculator", "Opponent rating"),
                text_field("opponent", self._opponent_parser, placeholder="100–3500"),
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
                Static(single_game_hint(), id="single-inputs", classes="hint"),
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
        if self.mode in self._built:
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
        if action == "result" and not in_language_spoken(parameters):
            return False  # another language's letter (in French d is défaite, not draw)
        if action == "add_game" and self.mode != "period":
            return False
        # Keys of controls the mode does not show (Mode.controls): off, and not in the footer.
        mode = self._mode
        if action == "result" and not mode.results:
            return False
        if action == "toggle_method" and not mode.uses_method:
            return False
        if action == "toggle_exact" and self.mode != "series":
            return False
        # Letter keys belong to the text field that has focus; hide them from the footer there.
        return not (
            action in ("result", "toggle_method", "toggle_exact", "add_game")
            and isinstance(self.focused, Input)
        )

    def on_descendant_focus(self) -> None:
        self.refresh_bindings()

    # ---- actions ------------------------------------------------------------------------------

    def action_mode(self, mode: str) -> None:
        if mode == self.mode == "period" and self.query("#period"):
            self.action_games()  # F8 in the period: to its list of games
        self.mode = mode

    def action_result(self, result: str, language: str = "") -> None:
        choice = self.query_one("#result", Choice)
        if result in dict(choice.options):  # "all" is not a series' option
            choice.value = result

    def action_toggle_method(self) -> None:
        choice = self.query_one("#method", Choice)
        choice.value = "fide" if choice.value == "elo" else "elo"

    def action_k_preset(self, step: int) -> None:
        self.query_one(KInput).action_preset(step)

    def action_toggle_exact(self) -> None:
        for choice in self.query(f"#{self.mode}-inputs #exact").results(Choice):
            choice.value = "exact" if choice.value == "rounded" else "rounded"

    def next_k(self, step: int) -> int:
        """The K that ↑ (1) or ↓ (−1) in K gives: the active mode's next preset up or down (the
        period's era may have its own)."""
        return self._mode.next_k(self._values(self._games), self._today, step)

    # ---- mode -----------------------------------------------------------------------------------

    @property
    def _mode(self) -> Mode:
        return MODES[self.mode]

    async def watch_mode(self, name: str) -> None:
        if not self.query("#panes"):
            self._show_mode_bar()  # typed ahead of the first paint: `_mount_the_rest` shows it
            return
        mode = MODES[name]
        panes = self.query_one("#panes", ContentSwitcher)
        inputs = self.query_one("#mode-inputs", ContentSwitcher)
        if not panes.query_children(f"#{name}"):
            # First visit: build the mode's fields and pane now (kept for later visits).
            new_inputs = MODE_INPUTS[name](self._today, self._points)
            new_inputs.display = False
            pane = mode_pane(mode, self._today)
            pane.display = False
            await inputs.mount(new_inputs)
            self._follow(new_inputs.query("Input, Choice"))
            await panes.mount(pane)
            self._built.add(name)
            if not self._blink:
                for widget in new_inputs.query(Input):
                    widget.cursor_blink = False
        panes.current = name
        inputs.current = f"{name}-inputs"
        self.query_one("#rating-row", FieldRow).label = mode.rating_label()
        self.query_one("#opponent-row", FieldRow).label = mode.opponent_label()
        self._rating_parser.what = mode.rating_label()
        self._opponent_parser.what = mode.opponent_label()
        self.sub_title = _(mode.title)
        self._show_mode_bar()
        self.recompute()
        self._focus_what_is_asked()
        self.refresh_bindings()  # the keys of the controls this mode shows (`check_action`)

    def _focus_what_is_asked(self) -> None:
        """After a mode switch, the cursor goes to the field the status line asks for (F6: the
        points P), so what is typed next goes where the status says."""
        field_id = self._mode.first_to_type(self._values(self._games))
        if field_id is None:
            return
        field = self.query(f"#{field_id}")
        if field and field.first().focusable:
            self.set_focus(field.first())

    def _show_mode_bar(self) -> None:
        self.query_one(ModeBar).show(self.mode)

    # ---- recompute ------------------------------------------------------------------------------

    def recompute(self) -> None:
        """Re-read every field and show what the active mode computes from them."""
        if self.mode not in self._built:
            return  # its fields and pane are being mounted; they recompute once they are there
        view: View = self._mode.compute(self._values(self._games), self._today)
        notes = view.notes
        k_typed = bool(self.query_one("#k", Input).value)
        self.query_one("#k-meaning", Static).update(f"  {notes.k_caption}" if k_typed else "")
        self.query_one("#method-rules", Static).update(notes.method_caption)
        status = self.query_one("#status", Static)
        status.update(notes.status)
        status.set_class(notes.error, "-error")
        pane = self.query_one(f"#{self.mode}")
        assert isinstance(pane, ModePane)
        pane.show_view(view)
        self._show_controls(self._values(self._games))

    def _show_controls(self, values: Values) -> None:
        """Show only the controls the mode uses, disabled saying why where the values decide
        (`Mode.controls`)."""
        mode = self._mode
        result = self.query_one("#result", Choice)
        if mode.results:
            result.offer(mode.results)
        controls = mode.controls(values, self._today)
        self.query_one("#k-meaning").display = controls["k"].shown
        self.query_one("#method-rules").display = controls["method"].shown
        for field_id, control in controls.items():
            found = self.query(f"#{field_id}")
            if not found:
                continue  # a field of a mode not built yet
            field = found.first()
            row = field.parent
            if isinstance(row, FieldRow):
                row.display = control.shown
            if isinstance(field, Choice):
                field.reason = control.reason
            else:
                field.disabled = bool(control.reason)
        if isinstance(mode, PeriodMode) and self.query("#cap"):
            cap_row = self.query_one("#cap").parent
            assert isinstance(cap_row, FieldRow)
            cap_row.label = mode.cap_label(values, self._today)
        focused = self.focused
        if focused is not None and not (
            focused.focusable
            and all(
                node.display for node in focused.ancestors_with_self if isinstance(node, Widget)
            )
        ):
            self.set_focus(self.query_one("#rating", Input))  # on a control now hidden
