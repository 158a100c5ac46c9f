"""The cells of a CSV file: formula escaping (CSV injection), the checks of date and rating cells
that remember what they saw (a file of 100,000 rows holds few distinct dates), and the player a
`player` cell names."""

from __future__ import annotations

import re
from collections.abc import Callable

from elotui.dates import BadDate, parse_date
from elotui.i18n import _
from elotui.logbook.player_names import PlayerNames
from elotui.logbook.records import NotFound
from elotui.rating.inputs import RATING_MAX, RATING_MIN, read_whole, whole_number_refusal
from elotui.safe_text import is_invisible

# What a spreadsheet would start a formula with (OWASP's list for CSV injection).
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
# Separators some spreadsheets split a line on besides the comma (see `export_csv`).
SPLITTERS = (";", "\t")
_SPLIT = re.compile("(;)")


def _escape_one(text: str) -> str:
    if text.lstrip("'").startswith(FORMULA_START):
        return "'" + text
    return text


def _unescape_one(text: str) -> str:
    if text.startswith("'") and text.lstrip("'").startswith(FORMULA_START):
        return text[1:]
    return text


def escape_cell(text: str) -> str:
    """Text a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, ...) gets a leading `'`.

    Spreadsheets show such a cell as the text it is instead of running it. Only the text columns
    (player, opponent, event) are escaped: the numbers elotui writes are never negative. A spreadsheet
    that splits lines on `;` starts a cell after each, so each such piece is escaped too
    (`Ana;=cmd` goes out as `Ana;'=cmd`).
    """
    if ";" not in text:
        return _escape_one(text)
    pieces = _SPLIT.split(text)  # separators at the odd places
    return "".join(piece if i % 2 else _escape_one(piece) for i, piece in enumerate(pieces))


def unescape_cell(text: str) -> str:
    """The inverse of `escape_cell`: `unescape_cell(escape_cell(t)) == t` for every text."""
    if ";" not in text:
        return _unescape_one(text)
    pieces = _SPLIT.split(text)
    return "".join(piece if i % 2 else _unescape_one(piece) for i, piece in enumerate(pieces))


def date_checker() -> Callable[[str], str | None]:
    """`check(text)` → ISO text of a valid date (`elotui.dates`), else None; remembers what it saw."""
    seen: dict[str, str | None] = {}

    def check(text: str) -> str | None:
        try:
            return seen[text]
        except KeyError:
            pass
        try:
            result: str | None = parse_date(text).isoformat()
        except BadDate:
            result = None
        seen[text] = result
        return result

    return check


def date_reason(text: str) -> str:
    try:
        parse_date(text)
    except BadDate as error:
        return str(error)
    return _("not a date")  # pragma: no cover (only asked about a date the checker refused)


def rating_checker() -> Callable[[str], int | None]:
    """`check(text)` → the rating if it is a whole number in range, else None; remembers."""
    seen: dict[str, int | None] = {}

    def check(text: str) -> int | None:
        try:
            return seen[text]
        except KeyError:
            pass
        value = read_whole(text)
        if value is not None and not RATING_MIN <= value <= RATING_MAX:
            value = None
        seen[text] = value
        return value

    return check


def rating_reason(text: str) -> str:
    value = read_whole(text)
    if value is None:
        return whole_number_refusal(text)
    return _("must be from {low} to {high}, not {value}").format(
        low=RATING_MIN, high=RATING_MAX, value=value
    )


def control_character_reason(column: str, character: str) -> str:
    """Why a text cell of an import is refused (an ESC, a direction override, a zero-width space in
    a name...: safe_text.py); `character` as `unsafe_character` gives it."""
    if is_invisible(character):
        return _(
            "{column}: holds an invisible character ({character}), which elotui refuses"
        ).format(column=column, character=character)
    return _("{column}: holds a control character ({character}), which elotui refuses").format(
        column=column, character=character
    )


def player_meant(names: PlayerNames, cell: str) -> tuple[str | None, str]:
    """The player a `player` cell names (`PlayerNames.find`), or None and why it names none."""
    if not cell:
        return None, _("player: empty")
    try:
        return names.find(cell), ""
    except NotFound as error:
        return None, f"player: {error}"
