"""The history screen's forms, keyboard only: each is a `ModalScreen[T]` that `dismiss()`es a value.

- `GameForm` (game.py) → a `NewGame` (add, or the new values of an edited game), or None;
- `PlayerForm` (player.py) → the player's fields (a dict as `Repository.add_player` takes them), or None;
- `PublishedForm` (published.py) → (month "YYYY-MM", rating), or None;
- `ConfirmDialog` → True / False; `PathPrompt` → a path, or None; `ProblemsDialog` lists bad lines
  (dialogs.py).

What they share is in base.py (`Form`), their fields other than text in pickers.py, what their text
fields take in parsers.py, their look in app.tcss (`.form-dialog`).
"""

from elotui.tui.widgets.forms.base import Form
from elotui.tui.widgets.forms.dialogs import ConfirmDialog, PathPrompt, ProblemsDialog
from elotui.tui.widgets.forms.game import GameForm
from elotui.tui.widgets.forms.parsers import (
    checked_text,
    optional_date,
    optional_rating,
    optional_whole,
    parse_date,
    parse_month,
    required_text,
)
from elotui.tui.widgets.forms.pickers import ListPicker, NotesField, ResultPicker, TickBox
from elotui.tui.widgets.forms.player import PlayerForm
from elotui.tui.widgets.forms.published import PublishedForm

__all__ = [
    "ConfirmDialog",
    "Form",
    "GameForm",
    "ListPicker",
    "NotesField",
    "PathPrompt",
    "PlayerForm",
    "ProblemsDialog",
    "PublishedForm",
    "ResultPicker",
    "TickBox",
    "checked_text",
    "optional_date",
    "optional_rating",
    "optional_whole",
    "parse_date",
    "parse_month",
    "required_text",
]
