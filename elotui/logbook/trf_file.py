"""A tournament report file (FIDE's TRF, TRF16 and TRF26) read into typed records: pure functions.

The layout (columns 1-based, as FIDE's document counts them; docs/formats.md §1 says it all):
- `001` player lines: starting rank 5-8, sex 10, title 11-13, name 15-47 ("Lastname, Firstname"),
  rating 49-52, federation 54-56, FIDE id 58-68, birth date 70-79, then one block of 10 columns a round from
  column 92: the opponent's starting rank (4), the colour (`w`/`b`/`-`), the result code;
- headers, the text from column 5: `012` the event's name, `042`/`052` its start and end, `122` its
  time control as free text, `132` the round dates (`YY/MM/DD`, each at its round block's column),
  TRF26's `222` the time control encoded (`5400+30`, `40/6000+30:900+30`).

What real files do is read without complaint: titles written FIDE's way or Papi's (`GM`, `g m wg`),
birth dates `YYYY/MM/DD`, `YYYY.MM.DD`, `YYYY`, `YYYY/00/00` or blank, a rating or FIDE id of `0`
or blank (none), a bye's opponent `0000`, `0` or blank, line ends CRLF, LF or CR alone, the event's
dates in the forms `DATE_FORMS` lists, and every other line: the other headers, TRF26's national
rating lines (`FRA` then the `001` layout), extension lines (`XXR`, `XXC`, `BB?`), `###` comments.
A `001` or a dates line that cannot be read is a problem said as `FILE:LINE: reason`; `read_trf`
gives every problem of the file at once (`TrfUnreadable`), or the whole file.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Final, Literal, NamedTuple

from elotui.dates import BadDate, check_date
from elotui.i18n import _
from elotui.rating.inputs import RATING_MAX, RATING_MIN
from elotui.rating.norms import title_of
from elotui.rating.result import Result
from elotui.safe_text import shown

FIRST_ROUND_COLUMN: Final = 92  # round r's block starts at 92 + 10 (r - 1)
ROUND_WIDTH: Final = 10

# A round's kind, from its result code (either case) and whether it has an opponent.
RoundKind = Literal["played", "forfeit", "short", "bye"]
PLAYED_SCORES: dict[str, Fraction] = {
    "1": Result.WIN.score,
    "=": Result.DRAW.score,
    "0": Result.LOSS.score,
}
FORFEITS = frozenset("+-")  # forfeit win and loss: not played, never rated
SHORT_GAMES = frozenset("WDL")  # a game of less than one move: not rated
BYES = frozenset(("H", "F", "U", "Z", ""))  # half, full, pairing-allocated, zero point
COLOURS = frozenset(("W", "B", "-", "", " "))
_CODES = frozenset(PLAYED_SCORES) | FORFEITS | SHORT_GAMES | BYES | {" "}

# The forms of a date seen in real headers, tried in this order (a two-digit year is 19YY from 70,
# else 20YY). Day first when the year comes last ("08/04/2018" is 8 April).
_MONTHS = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
_YEAR_FIRST = re.compile(r"([0-9]{4})\s*[/.-]\s*([0-9]{1,2})\s*[/.-]\s*([0-9]{1,2})")
_YEAR_LAST = re.compile(r"([0-9]{1,2})\s*[/.-]\s*([0-9]{1,2})\s*[/.-]\s*([0-9]{4})")
_SHORT_YEAR = re.compile(r"([0-9]{2})/([0-9]{2})/([0-9]{2})")
_MONTH_NAME_FIRST = re.compile(r"([A-Za-z]{3,})\.?\s+([0-9]{1,2}),?\s+([0-9]{4})")
_MONTH_NAME_MIDDLE = re.compile(r"([0-9]{1,2})\.?\s+([A-Za-z]{3,})\.?,?\s+([0-9]{4})")
DATE_FORMS = "YYYY/MM/DD, YYYY-MM-DD, YYYY.MM.DD, DD/MM/YYYY, DD.MM.YYYY, YY/MM/DD, May 29, 2020"
_BIRTH = re.compile(
    r"([0-9]{4})(?:[/.-][0-9]{2}[/.-][0-9]{2})?|[0-9]{2}[/.-][0-9]{2}[/.-]([0-9]{4})"
)
_SEXES = {"m": "m", "w": "w", "f": "w"}  # column 10; some programs write "f" for a woman
_LINE_END = re.compile(r"\r\n|\r|\n")


class TrfUnreadable(ValueError):
    """A TRF that cannot be read; `problems` holds every problem, one `FILE:LINE: reason` each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(problems[0])
        self.problems = problems


class TrfRound(NamedTuple):
    """One round of a player's line. A NamedTuple: a file of 2,000 players has 26,000 of them,
    made several times faster than a frozen dataclass."""

    number: int  # 1, 2...
    opponent: int | None  # the opponent's starting rank; None: no opponent (a bye)
    colour: str  # "W", "B", "-" or "" (upper case)
    code: str  # the result code, upper case; "" when blank

    @property
    def kind(self) -> RoundKind:
        if self.opponent is None or self.code in BYES:
            return "bye"  # a round without an opponent is never a game, whatever its code
        if self.code in FORFEITS:
            return "forfeit"
        if self.code in SHORT_GAMES:
            return "short"
        return "played"

    @property
    def score(self) -> Fraction:
        """The player's score in a played round."""
        return PLAYED_SCORES[self.code]


@dataclass(frozen=True, slots=True)
class TrfPlayer:
    line: int  # the line of its `001` record
    rank: int  # starting rank: what the other players' rounds name
    name: str  # as the file writes it ("Lastname, Firstname")
    rating: int | None  # None: unrated
    federation: str
    fide_id: int | None
    birth_year: int | None
    rounds: tuple[TrfRound, ...]
    title: str = ""  # "GM", "WIM"... as FIDE prints it (`rating.norms.title_of`); "" for none
    sex: str = ""  # column 10: "m", "w", else "" (unknown)


@dataclass(frozen=True)
class TrfFile:
    event: str | None = None  # 012
    start: dt.date | None = None  # 042
    end: dt.date | None = None  # 052
    time_control_text: str | None = None  # 122, free text
    time_control_code: str | None = None  # 222 (TRF26), encoded
    round_dates: dict[int, dt.date] = field(default_factory=dict)  # 132: round → date
    players: dict[int, TrfPlayer] = field(default_factory=dict)  # by starting rank, in file order
    rounds: int = 0  # the most rounds a player line has


def trf_lines(text: str) -> list[str]:
    """The lines of a TRF's text, whatever its line ends (CRLF, LF or CR alone)."""
    lines = _LINE_END.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def read_trf(lines: Iterable[str], label: str) -> TrfFile:
    """The file's event and players, or `TrfUnreadable` with every problem (`label:LINE: reason`)."""
    problems: list[str] = []
    headers: dict[str, tuple[int, str]] = {}
    players: dict[int, TrfPlayer] = {}
    for number, line in enumerate(lines, 1):
        code = line[:3]
        try:
            if code == "001":
                player = read_player(line, number)
                if player.rank in players:
                    raise ValueError(
                        _("starting rank {rank} again (first at line {line})").format(
                            rank=player.rank, line=players[player.rank].line
                        )
                    )
                players[player.rank] = player
            elif code in ("012", "042", "052", "122", "132", "222") and code not in headers:
                headers[code] = (number, line)
        except ValueError as error:
            problems.append(f"{label}:{number}: {error}")
    event = TrfFile()
    try:
        event = _event(headers, players, label)
    except TrfUnreadable as unreadable:
        problems.extend(unreadable.problems)
    problems.extend(_unknown_opponents(players, label))
    if problems:
        raise TrfUnreadable(problems)
    return event


def _event(
    headers: dict[str, tuple[int, str]], players: dict[int, TrfPlayer], label: str
) -> TrfFile:
    problems: list[str] = []

    def text(code: str) -> str | None:
        value = headers.get(code, (0, ""))[1][4:].strip()
        return value or None

    def date(code: str, what: str) -> dt.date | None:
        value = text(code)
        if value is None:
            return None
        try:
            return read_date(value)
        except ValueError as error:
            problems.append(f"{label}:{headers[code][0]}: {what}: {error}")
            return None

    start, end = date("042", _("start date")), date("052", _("end date"))
    if start and end and end < start:
        problems.append(
            _("{file}:{line}: the event ends ({end}) before it starts ({start})").format(
                file=label, line=headers["052"][0], end=end, start=start
            )
        )
    round_dates: dict[int, dt.date] = {}
    if "132" in headers:
        line_number, line = headers["132"]
        try:
            round_dates = read_round_dates(line)
        except ValueError as error:
            problems.append(f"{label}:{line_number}: {error}")
    if problems:
        raise TrfUnreadable(problems)
    return TrfFile(
        event=text("012"),
        start=start,
        end=end,
        time_control_text=text("122"),
        time_control_code=text("222"),
        round_dates=round_dates,
        players=players,
        rounds=max((len(player.rounds) for player in players.values()), default=0),
    )


def _unknown_opponents(players: dict[int, TrfPlayer], label: str) -> Iterator[str]:
    for player in players.values():
        for game in player.rounds:
            if game.kind != "bye" and game.opponent not in players:
                yield _(
                    "{file}:{line}: round {round}: opponent {rank} is no player of the file"
                ).format(file=label, line=player.line, round=game.number, rank=game.opponent)


def _number(text: str, what: str) -> int | None:
    """A whole number of a column (blank or 0: None)."""
    value = text.strip()
    if not value:
        return None
    if not (value.isascii() and value.isdigit()):
        raise ValueError(_("{what}: {value} is not a number").format(what=what, value=shown(value)))
    return int(value) or None


def read_player(line: str, number: int = 0) -> TrfPlayer:
    """A `001` line as a player, else `ValueError` saying what cannot be read."""
    rank = _number(line[4:8], _("starting rank"))
    if rank is None:
        raise ValueError(_("starting rank: none in columns 5-8"))
    name = " ".join(line[14:47].split())
    if not name:
        raise ValueError(_("no name in columns 15-47"))
    rating = _number(line[48:52], _("rating"))
    if rating is not None and not RATING_MIN <= rating <= RATING_MAX:
        raise ValueError(
            _("rating {rating} is outside {low}-{high}").format(
                rating=rating, low=RATING_MIN, high=RATING_MAX
            )
        )
    return TrfPlayer(
        line=number,
        rank=rank,
        name=name,
        rating=rating,
        federation=line[53:56].strip(),
        fide_id=_number(line[57:68], _("FIDE id")),
        birth_year=read_birth_year(line[69:79]),
        rounds=tuple(_rounds(line)),
        title=title_of(line[10:13]),
        sex=_SEXES.get(line[9:10].lower(), ""),
    )


def read_birth_year(text: str) -> int | None:
    """The year of a birth date (`YYYY/MM/DD`, `YYYY.MM.DD`, `YYYY`, `DD.MM.YYYY`; blank, `0000`
    and a year outside elotui's range: None)."""
    value = text.strip()
    if not value or value.strip("0/.-") == "":
        return None
    birth = _BIRTH.fullmatch(value)
    if birth is None:
        raise ValueError(_("birth date: {value} is not a date").format(value=shown(value)))
    year = int(birth[1] or birth[2])
    try:
        return check_date(dt.date(year, 1, 1)).year if year else None
    except BadDate:
        return None  # a typing slip in a birth date keeps no game out


def _rounds(line: str) -> Iterator[TrfRound]:
    end = len(line.rstrip())
    for number, start in enumerate(range(FIRST_ROUND_COLUMN - 1, end, ROUND_WIDTH), 1):
        block = line[start : start + ROUND_WIDTH - 2].ljust(ROUND_WIDTH - 2)
        text, colour, code = block[0:4].strip(), block[5].upper(), block[7].upper()
        if text and not (text.isascii() and text.isdigit()):
            _number(text, _("round {round}").format(round=number))  # says why
        if colour not in COLOURS or code not in _CODES:
            _round_refused(number, colour.strip(), code.strip())
        yield TrfRound(number, int(text or 0) or None, colour.strip(), code.strip())


def _round_refused(number: int, colour: str, code: str) -> None:
    what = _("round {round}").format(round=number)
    if colour not in COLOURS:
        raise ValueError(
            _("{what}: colour {colour} is not w, b or -").format(what=what, colour=shown(colour))
        )
    if code not in _CODES:
        raise ValueError(
            _("{what}: {code} is not a result code (1 = 0 + - W D L H F U Z)").format(
                what=what, code=shown(code)
            )
        )


def read_round_dates(line: str) -> dict[int, dt.date]:
    """The dates of a `132` line by round: each date belongs to the round block it starts in (a
    date written a few columns off still finds its round)."""
    dates: dict[int, dt.date] = {}
    for found in re.finditer(r"\S+", line[FIRST_ROUND_COLUMN - 4 :]):
        at = found.start() + FIRST_ROUND_COLUMN - 4  # 0-based column
        number = max(1, round((at - (FIRST_ROUND_COLUMN - 1)) / ROUND_WIDTH) + 1)
        what = _("round {round}").format(round=number)
        try:
            dates[number] = read_date(found[0])
        except ValueError as error:
            raise ValueError(f"{what}: {error}") from None
    return dates


def read_date(text: str) -> dt.date:
    """A date in one of `DATE_FORMS`, in elotui's range, else `ValueError` saying why."""
    value = text.strip()
    parts: tuple[int, int, int] | None = None
    if match := _YEAR_FIRST.fullmatch(value):
        parts = int(match[1]), int(match[2]), int(match[3])
    elif match := _YEAR_LAST.fullmatch(value):
        parts = int(match[3]), int(match[2]), int(match[1])
    elif match := _SHORT_YEAR.fullmatch(value):
        year = int(match[1])
        parts = year + (1900 if year >= 70 else 2000), int(match[2]), int(match[3])
    elif (match := _MONTH_NAME_FIRST.fullmatch(value)) and _month(match[1]):
        parts = int(match[3]), _month(match[1]), int(match[2])
    elif (match := _MONTH_NAME_MIDDLE.fullmatch(value)) and _month(match[2]):
        parts = int(match[3]), _month(match[2]), int(match[1])
    if parts is None:
        raise ValueError(
            _("{value} is not a date ({forms})").format(value=shown(value), forms=DATE_FORMS)
        )
    try:
        return check_date(dt.date(*parts))
    except BadDate as error:
        raise ValueError(str(error)) from None
    except ValueError:
        raise ValueError(_("the date {date} does not exist").format(date=shown(value))) from None


def _month(name: str) -> int:
    """1-12 for an English month name or its start of 3 letters or more ("Sept"), else 0."""
    lower = name.lower()
    return next((number for number, full in enumerate(_MONTHS, 1) if full.startswith(lower)), 0)


# --- the time control of `122`, free text --------------------------------------------------------

_SECONDS_UNITS = {"s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, '"': 1, "''": 1}
_MINUTES_UNITS = {"m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60, "'": 60}
_HOURS_UNITS = {"h": 3600, "hr": 3600, "hour": 3600, "hours": 3600}
_UNIT = r"(''|\"|'|[a-z]+)?"
_PERIOD = re.compile(
    rf"(?:([0-9]+)\s*(?:moves?)?\s*(?:/|in)\s*)?([0-9]+)\s*{_UNIT}"
    rf"(?:\s*\+\s*([0-9]+)\s*{_UNIT}\s*(?:(?:per|a|each|/)\s*move)?)?"
)


def time_control_tag(text: str | None) -> str | None:
    """A `122` line's free text ("90 minutes + 30 seconds per move", "90'+30''", "40/120, 60",
    "5+3") in the tag form `time_control` reads (`5400+30`, `40/7200:3600`), else None.

    A number without a unit is minutes for a period and seconds for an increment, as arbiters write
    them; periods are separated by `,` or `;`."""
    if not text:
        return None
    periods = []
    for part in re.split(r"[,;]", text.lower().replace("’", "'").replace("″", '"')):
        match = _PERIOD.fullmatch(part.strip())
        if match is None:
            return None
        moves, base, base_unit, increment, increment_unit = match.groups()
        base_factor = _unit(base_unit, 60)
        increment_factor = _unit(increment_unit, 1)
        if base_factor is None or increment_factor is None:
            return None
        period = f"{moves}/" if moves else ""
        period += str(int(base) * base_factor)
        if increment:
            period += f"+{int(increment) * increment_factor}"
        periods.append(period)
    return ":".join(periods) if periods else None


def _unit(word: str | None, default: int) -> int | None:
    if word is None:
        return default
    for units in (_SECONDS_UNITS, _MINUTES_UNITS, _HOURS_UNITS):
        if word in units:
            return units[word]
    return None
