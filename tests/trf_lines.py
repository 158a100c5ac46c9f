"""TRF lines built column by column from FIDE's TRF16 layout (docs/formats.md §1.3), for the tests,
the benchmark and the demo's file: synthetic players only.

`player_line` places each field at its columns (1-based, inclusive) as the layout says, so a test
states its input in the file's own terms and the reader is checked against the layout, not itself.
"""

from __future__ import annotations

from collections.abc import Sequence

# (opponent's starting rank or 0, colour, result code); ("", "", "") is a blank round.
Round = tuple[int | str, str, str]


def _put(line: list[str], first: int, last: int, text: str, *, right: bool = True) -> None:
    """`text` into columns `first`..`last` (1-based), right-aligned unless `right=False`."""
    width = last - first + 1
    assert len(text) <= width, (text, width)
    cell = text.rjust(width) if right else text.ljust(width)
    line[first - 1 : last] = list(cell)


def player_line(
    rank: int,
    name: str,
    *,
    rating: int | str = "",
    federation: str = "",
    fide_id: int | str = "",
    birth: str = "",
    title: str = "",
    sex: str = "m",
    points: str = "0.0",
    place: int | str = "",
    rounds: Sequence[Round] = (),
) -> str:
    line = [" "] * (91 + 10 * len(rounds) - 2 if rounds else 89)
    _put(line, 1, 3, "001")
    _put(line, 5, 8, str(rank))
    _put(line, 10, 10, sex)
    _put(line, 11, 13, title)
    _put(line, 15, 47, name, right=False)
    _put(line, 49, 52, str(rating))
    _put(line, 54, 56, federation, right=False)
    _put(line, 58, 68, str(fide_id))
    _put(line, 70, 79, birth, right=False)
    _put(line, 81, 84, points)
    _put(line, 86, 89, str(place or rank))
    for number, (opponent, colour, code) in enumerate(rounds, 1):
        start = 92 + 10 * (number - 1)
        _put(line, start, start + 3, str(opponent))
        _put(line, start + 5, start + 5, colour)
        _put(line, start + 7, start + 7, code)
    return "".join(line)


def header(code: str, text: str) -> str:
    return f"{code} {text}" if text else code


def round_dates_line(dates: Sequence[str], *, shift: int = 0) -> str:
    """A `132` line: each date at its round block's column (92 + 10 (r - 1)), `shift` columns off."""
    line = [" "] * (91 + 10 * len(dates) + shift)
    _put(line, 1, 3, "132")
    for number, day in enumerate(dates, 1):
        start = 92 + 10 * (number - 1) + shift
        line[start - 1 : start - 1 + len(day)] = list(day)
    return "".join(line).rstrip()
