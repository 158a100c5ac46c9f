"""What every form of the history screen shares: labelled fields each with a reason line, checked
when Ctrl+S is pressed; Ctrl+S saves, Escape cancels.

A form is a `ModalScreen[T]` that `dismiss()`es a value. Every field is checked when Ctrl+S is
pressed: a bad one gets the `-invalid` class and its reason under it, the focus goes to the first bad
one, and nothing is returned until all are fixed. The forms only collect values; the screen writes
them (in a thread worker) and reports a refused write (a taken name, say). The look is app.tcss's
(`.form-dialog`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, TypeVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Label, Static, TextArea

from elotui.i18n import N_, _
from elotui.rating.inputs import InvalidInput
from elotui.tui.validation import Parsed
from elotui.tui.widgets.forms.parsers import checked_text
from elotui.tui.widgets.forms.pickers import NotesField

T = TypeVar("T")


class Form(ModalScreen[T]):
    """A form of labelled fields, each with a reason line; Ctrl+S saves, Escape cancels."""

    # Styled by the `.form-dialog` rules of app.tcss (the class of the modal screen itself).
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", N_("Save"), id="form.save"),
        Binding("escape", "cancel", N_("Cancel"), id="form.cancel"),
    ]
    TITLE_TEXT = ""

    def __init__(self) -> None:
        super().__init__(classes="form-dialog")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.TITLE_TEXT, classes="form-title", id="form-title")
            yield from self.fields()
            yield Static(_("Tab next field · Ctrl+S saves · Escape cancels"), classes="form-hint")

    def fields(self) -> Iterable[Widget]:
        raise NotImplementedError

    @on(events.Mount)
    def _follow_cursor_setting(self) -> None:
        settings = getattr(self.app, "settings", None)
        if settings is not None and not settings.cursor_blink:  # tests and screenshots
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
        self.dismiss(None)

    def action_save(self) -> None:
        raise NotImplementedError


class _Bad:
    def __repr__(self) -> str:
        return "<bad field>"


BAD: Any = _Bad()
