"""The forms moved to elotui/tui/widgets/forms/; these names stay importable from here for the modules
that still do (the history screen, tests/faults). Import from `elotui.tui.widgets.forms` instead."""

from elotui.tui.widgets.forms import (
    ConfirmDialog,
    GameForm,
    ListPicker,
    NotesField,
    PathPrompt,
    PlayerForm,
    ProblemsDialog,
    PublishedForm,
    ResultPicker,
    TickBox,
    checked_text,
    optional_date,
    optional_rating,
    optional_whole,
    parse_date,
    parse_month,
    required_text,
)

__all__ = [
    "ConfirmDialog",
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
