"""The history screen's small dialogs: a yes/no question, a file path to import from or export to,
and the lines an import refused."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from elotui.i18n import N_, _
from elotui.rating.inputs import InvalidInput
from elotui.tui.widgets.forms.base import BAD, Form
from elotui.tui.widgets.keys_in_order import TextField


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question: y or Enter says yes, n or Escape no."""

    # Styled by the `.form-dialog` rules of app.tcss.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", N_("Yes"), id="confirm.yes"),
        Binding("n,escape", "answer(False)", N_("No"), id="confirm.no"),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__(classes="form-dialog")
        self._question = question
        self._detail = detail

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self._question, classes="form-title", id="confirm-question")
            if self._detail:
                yield Static(self._detail, id="confirm-detail")
            yield Static(_("y / Enter: yes · n / Escape: no"), classes="form-hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class PathPrompt(Form[Path | None]):
    """A file path to import from or export to."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", N_("Go"), id="path_prompt.go"),
        Binding("escape", "cancel", N_("Cancel"), id="path_prompt.cancel"),
    ]

    def __init__(self, title: str, hint: str, value: str = "", *, must_exist: bool = False) -> None:
        super().__init__()
        self.TITLE_TEXT = title
        self._hint = hint
        self._value = value
        self._must_exist = must_exist

    def fields(self) -> Iterable[Widget]:
        yield Static(self._hint, classes="form-hint", id="path-hint")
        yield Static("", classes="form-gap")
        yield from self.row(_("File"), TextField(self._value, id="path-file"))

    def on_mount(self) -> None:
        self.query_one("#path-file", Input).focus()

    @on(Input.Submitted, "#path-file")
    def submitted(self) -> None:
        self.action_save()

    def action_save(self) -> None:
        def parse(text: str) -> Path:
            if not text:
                raise InvalidInput(_("the file name is empty"))
            path = Path(text).expanduser()
            if self._must_exist and not path.is_file():
                raise InvalidInput(_("{path}: no such file").format(path=path))

            return path

        path = self.checked("path-file", parse)
        if path is BAD:
            self.refuse("path-file")
            return
        self.dismiss(path)


class ProblemsDialog(ModalScreen[None]):
    """The lines an import refused (`FILE:LINE: column: reason`), in a list that scrolls."""

    # Styled by the `.form-dialog` and `ProblemsDialog` rules of app.tcss.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "close", N_("Close"), id="problems.close"),
    ]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__(classes="form-dialog")
        self._title = title
        self._lines = lines

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self._title, classes="form-title", id="problems-title")
            with VerticalScroll(id="problems-list"):
                yield Static("\n".join(self._lines), id="problems-lines", markup=False)
            yield Static(_("↑/↓ scroll · Enter or Escape closes"), classes="form-hint")

    def on_mount(self) -> None:
        self.query_one("#problems-list").focus()

    def action_close(self) -> None:
        self.dismiss(None)
