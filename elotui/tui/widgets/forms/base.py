"""What every form of the history screen shares: labelled fields each with a reason line, checked
when Ctrl+S is pressed; Ctrl+S saves, Escape cancels.

A form is a `ModalScreen[T]` that gives a value (`submit`). Every field is checked when Ctrl+S is
pressed: a bad one gets the `-invalid` class and its reason under it, the focus goes to the first bad
one, and nothing is returned until all are fixed. The forms only collect values; the screen writes
them (in a thread worker) and reports a refused write (a taken name, say). A form given a `write`
stays open while it is written ("Saving…"): the screen closes it once the write is shown, in the
same frame as what it changed (one repaint of the screen, not one for the form going and another for
the write), and a refused write leaves the form as it was typed. The look is app.tcss's
(`.form-dialog`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import ExitStack
from typing import Any, ClassVar, TypeVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input, Label, Static, TextArea

from elotui.i18n import N_, _
from elotui.rating.inputs import InvalidInput
from elotui.tui.host import AppHost, host_of
from elotui.tui.validation import Parsed
from elotui.tui.widgets.forms.parsers import checked_text
from elotui.tui.widgets.forms.pickers import NotesField

T = TypeVar("T")

SAY_SAVING_AFTER = 0.3  # seconds: a write still running then says so on its form


class Form(ModalScreen[T]):
    """A form of labelled fields, each with a reason line; Ctrl+S saves, Escape cancels."""

    # Styled by the `.form-dialog` rules of app.tcss (the class of the modal screen itself).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", N_("Save"), id="form.save"),
        Binding("escape", "cancel", N_("Cancel"), id="form.cancel"),
    ]
    TITLE_TEXT = ""

    @property
    def host(self) -> AppHost:
        """The app, typed: its settings (`elotui.tui.host`)."""
        return host_of(self)

    def __init__(self) -> None:
        super().__init__(classes="form-dialog")
        # What writes the value given (set by the screen that opens the form); None: closed with it.
        # (Any: a form's T includes the None of Escape, which is never given to `write`.)
        self.write: Callable[[Any], object] | None = None
        self.saving = False  # given to `write`, not yet written or refused
        self._held = ExitStack()  # the app's repaints held while a write is young (`submit`)
        self._saying_saving: Timer | None = None
        self._close_when_back = False  # written while another screen was on top (help)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.TITLE_TEXT, classes="form-title", id="form-title")
            yield from self.fields()
            yield Static(keys_hint(), classes="form-hint", id="form-keys")

    def submit(self, value: T) -> None:
        """Give the checked value: closed with it, or written by `write` while the form stays open
        (its keys do nothing meanwhile: the write cannot be taken back)."""
        if self.write is None:
            self.dismiss(value)
            return
        if self.saving:
            return
        self.saving = True
        # Nothing is repainted until the write is shown: a screen under a form repaints the whole
        # terminal at its smallest change (Textual redraws every screen behind a modal), which
        # would take the write's own time; the form then goes in the frame that shows the write.
        # A write still running after SAY_SAVING_AFTER (a locked logbook) says so instead.
        self._held.enter_context(self.app.batch_update())
        self._saying_saving = self.set_timer(SAY_SAVING_AFTER, self._say_saving)
        self.write(value)

    def _say_saving(self) -> None:
        self._held.close()
        if self.saving:
            self.query_one("#form-keys", Static).update(_("Saving…"))

    def _stop_saying_saving(self) -> None:
        self._held.close()  # the screen's updates are drawn (in the handler that called this)
        if self._saying_saving is not None:
            self._saying_saving.stop()
            self._saying_saving = None
        hint = self.query_one("#form-keys", Static)
        if hint.content != keys_hint():
            hint.update(keys_hint())

    def written(self) -> None:
        """The write is done: the form goes (now, or when it is on top again: a help screen)."""
        self.saving = False
        self._stop_saying_saving()
        if self.is_active:
            self.dismiss(None)
        else:
            self._close_when_back = True

    def refused(self) -> None:
        """The write was refused (the screen says why): the form is back, as it was typed."""
        self.saving = False
        self._stop_saying_saving()

    @on(events.Unmount)
    def _let_go(self) -> None:
        self._held.close()  # never an app left unpainted by a form gone (the app quitting)

    @on(events.ScreenResume)
    def _close_if_written(self) -> None:
        if self._close_when_back:
            self.dismiss(None)

    def fields(self) -> Iterable[Widget]:
        raise NotImplementedError

    @on(events.Mount)
    def _follow_cursor_setting(self) -> None:
        if not self.host.settings.cursor_blink:  # tests and screenshots
            for field in self.query(Input):
                field.cursor_blink = False
            for area in self.query(TextArea):
                area.cursor_blink = False

    @on(events.DescendantFocus)
    def _mark_the_focused_row(self, event: events.DescendantFocus) -> None:
        # A class on the label, not `.form-row:focus-within > .form-label`: Textual (8.2.8) does not
        # restyle a child when only its parent's :focus-within changes, so the mark would stay behind.
        row = event.widget.parent
        for label in self.query(".form-label"):
            label.set_class(label.parent is row, "-focused")

    @on(events.Mount)
    def _notes_cursor_at_end(self) -> None:
        # Typing into prefilled notes adds to them (an Input selects its text instead, to replace it).
        for area in self.query(TextArea):
            area.move_cursor(area.document.end)

    @staticmethod
    def row(label: str, field: Widget, *, classes: str = "") -> Iterable[Widget]:
        assert field.id is not None
        yield Horizontal(
            Label(label, classes="form-label"), field, classes=f"form-row {classes}".strip()
        )
        yield Static("", id=f"{field.id}-reason", classes="form-reason")

    @classmethod
    def notes_row(cls, notes: str, field_id: str) -> Iterable[Widget]:
        """Free text over a few lines (notes may hold line breaks): Enter breaks a line, Tab moves on."""
        area = NotesField(notes, id=field_id, soft_wrap=True, tab_behavior="focus")
        yield from cls.row(_("Notes"), area, classes="-notes")

    def notes(self, field_id: str) -> Any:
        """The text of a notes field, or `BAD` after marking it with the reason."""
        area = self.query_one(f"#{field_id}", TextArea)
        try:
            text = checked_text(_("the notes"), notes=True)(area.text.strip())
        except InvalidInput as error:
            self.mark(field_id, str(error))
            return BAD
        self.mark(field_id, None)
        return text

    @on(TextArea.Changed)
    def _recheck_notes(self, event: TextArea.Changed) -> None:
        area = event.text_area
        if area.id is not None and area.has_class("-invalid"):
            self.notes(area.id)

    def mark(self, field_id: str, reason: str | None) -> None:
        """Show (or clear) the reason a field cannot be saved."""
        self.query_one(f"#{field_id}").set_class(reason is not None, "-invalid")
        line = self.query_one(f"#{field_id}-reason", Static)
        if line.content != (reason or ""):  # unchanged (most fields, at most saves): no layout
            line.update(reason or "")
        line.set_class(reason is not None, "-shown")

    def text(self, field_id: str) -> str:
        return self.query_one(f"#{field_id}", Input).value.strip()

    def checked(self, field_id: str, parse: Callable[[str], Any]) -> Any:
        """The parsed value of a text field, or `BAD` after marking it with the reason.

        The parser also becomes the field's validator, so Textual's own checks (on leaving the field)
        agree with it, and the mark follows the text as the user fixes it.
        """
        field = self.query_one(f"#{field_id}", Input)
        if not any(isinstance(v, Parsed) for v in field.validators):
            field.validators.append(Parsed(parse))
            field.validate_on = {"blur", "submitted"}
        try:
            value = parse(field.value.strip())
        except InvalidInput as error:
            self.mark(field_id, str(error))
            return BAD
        self.mark(field_id, None)
        return value

    @on(Input.Changed)
    def _recheck(self, event: Input.Changed) -> None:
        """Once a field is marked, its mark and reason follow what is typed."""
        field = event.input
        parser = next((v for v in field.validators if isinstance(v, Parsed)), None)
        if parser is not None and field.id is not None:
            self.checked(field.id, parser.parse)

    def first_bad(self, values: dict[str, Any]) -> str | None:
        for field_id, value in values.items():
            if value is BAD:
                return field_id
        return None

    def refuse(self, bad: str) -> None:
        self.query_one(f"#{bad}").focus()
        self.notify(
            _("Fix the marked fields first; nothing was saved."), severity="error", timeout=4
        )

    def action_cancel(self) -> None:
        if not self.saving:
            self.dismiss(None)

    def action_save(self) -> None:
        raise NotImplementedError


def keys_hint() -> str:
    return _("Tab next field · Ctrl+S saves · Escape cancels")


class _Bad:
    def __repr__(self) -> str:
        return "<bad field>"


BAD: Any = _Bad()
