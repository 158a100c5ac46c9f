"""The cells of a CSV file: formula escaping (CSV injection), the checks of date and rating cells
that remember what they saw (a file of 100,000 rows holds few distinct dates), and the player a
`player` cell names; and what a spreadsheet changes when it saves one (its separator, its date
form), found from the file itself."""

from __future__ import annotations

import csv
import re
from collections.abc import Callable, Iterable
from typing import Literal

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


# The separators a spreadsheet saves a CSV with: a comma, a semicolon where the comma is the
# decimal sign (French, German...), a tab.
SEPARATORS = ",;\t"


def separator_of(header: str) -> str:
    """The separator of a file, found on its header line (`csv.Sniffer`): the header holds only
    column names, so the one character that splits it is the separator; a comma when none does
    (a header of one column, which the header check then refuses)."""
    try:
        return csv.Sniffer().sniff(header, delimiters=SEPARATORS).delimiter
    except csv.Error:
        return ","


DateOrder = Literal["dmy", "mdy"]
DATE_ORDERS: tuple[DateOrder, ...] = ("dmy", "mdy")
# A spreadsheet's date: 05/10/2026 (day first in French, JJ/MM/AAAA; month first in the US).
_SLASH_DATE = re.compile(r"\s*(\d{1,2})/(\d{1,2})/(\d{4})\s*")


class AmbiguousDates(ValueError):
    """The slashed dates of a file read both ways (all their first two numbers up to 12), or
    neither (some day first, some month first)."""

    def __init__(self, example: str, *, mixed: bool) -> None:
        super().__init__(example)
        self.example, self.mixed = example, mixed


def date_order_of(cells: Iterable[str]) -> DateOrder | None:
    """Whether the file's slashed dates put the day or the month first, from all of them: a first
    number over 12 is a day, a second over 12 is a day; None when no date is slashed. Raises
    `AmbiguousDates` when they tell neither way, or both."""
    first = second = False
    example = ""
    for cell in cells:
        found = _SLASH_DATE.fullmatch(cell)
        if found is None:
            continue
        example = example or cell.strip()
        first = first or int(found[1]) > 12
        second = second or int(found[2]) > 12
    if not example:
        return None
    if first == second:
        raise AmbiguousDates(example, mixed=first)
    return "dmy" if first else "mdy"


def has_slashed_date(text: str) -> bool:
    """Whether a file's text holds anything like a slashed date (one search of the whole text; a
    `1/2` result is not one)."""
    return _ANY_SLASH_DATE.search(text) is not None


_ANY_SLASH_DATE = re.compile(r"\d/\d{1,2}/\d{4}")


def iso_date_text(text: str, order: DateOrder | None) -> str:
    """A slashed date as YYYY-MM-DD in the file's order (others as they are, for `parse_date`)."""
    found = _SLASH_DATE.fullmatch(text) if order is not None else None
    if found is None:
        return text
    day, month = (found[1], found[2]) if order == "dmy" else (found[2], found[1])
    return f"{found[3]}-{int(month):02d}-{int(day):02d}"


def date_checker(order: DateOrder | None = None) -> Callable[[str], str | None]:
    """`check(text)` → ISO text of a valid date (`elotui.dates`), else None; remembers what it saw.
    `order`: how the file's slashed dates read (`date_order_of`)."""
    seen: dict[str, str | None] = {}

    def check(text: str) -> str | None:
        try:
            return seen[text]
        except KeyError:
            pass
        try:
            result: str | None = parse_date(iso_date_text(text, order)).isoformat()
        except BadDate:
            result = None
        seen[text] = result
        return result

    return check


def date_reason(text: str, order: DateOrder | None = None) -> str:
    try:
        parse_date(iso_date_text(text, order))
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
