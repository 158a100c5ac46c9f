"""FIDE's monthly rating list files, read for a few FIDE ids: each one's rating, games and K.

FIDE publishes each month's lists as zipped TXT and XML (docs/product.md §4.7, docs/formats.md §2):
the combined list (`players_list_foa.txt`: standard, rapid and blitz columns) and one file per list
(`standard_jan25frl.zip`, `…frl_xml.zip`). `read_list_file` reads one of them, zipped or not, for a set
of wanted FIDE ids, and returns what the file says of those players: their name, birth year and
title, and per list the published rating, the games FIDE rated for that list and the K it holds.

How it reads (a combined TXT list is 1.93 million lines, 295 MB unzipped):
- straight from the zip (no extraction), a chunk of lines at a time: memory stays flat whatever the
  file's size; only the wanted players' lines are decoded;
- TXT is fixed width, but its columns moved over the years: each field is sliced at the column where
  its name starts in the file's own header line, never at a constant. Three header eras are known:
  the combined list (with `FOA` since the online-arena titles, without before), the single list
  whose rating column is named after the month (`APR25 Gms K`), and the 2011 one
  (`ID number Name TitlFed  Mar11 GamesBorn  Flag`, names glued together, no K). A line longer than
  the header (a long other-titles text pushes what follows it) has its later fields read that much
  further right;
- XML (one `<player>` per player) is parsed as a stream (`iterparse`, each player cleared once read);
  a file with a document type declaration is refused unread: entities are what a hostile XML file
  blows memory up with;
- text is UTF-8, else Latin-1 (sources disagree on FIDE's encoding): `ListFile.encoding` says which;
- the month is the file name's (`jan25`), else the single list's rating column (`APR25`, `Mar11`),
  else the one the caller gives; the list is the file name's (`standard_`, `rapid_`, `blitz_`), else
  the caller's, else standard (the combined list names its three lists itself).

A wanted player's line that cannot be read is `ListFileError` "file:line: reason"; nothing else of
the file is used then. A rating of 0 or blank is "not rated on that list"; FIDE's K of 0 is "not
given".
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Final, Literal
from xml.etree.ElementTree import Element, ParseError, iterparse

from elotui.i18n import _
from elotui.logbook.paths import refusal_to_read
from elotui.logbook.records import BLITZ, RAPID, STANDARD, InvalidData, RatingList
from elotui.regular_files import NotRegularFile, open_regular

# (bytes read, bytes in all): what a progress bar shows of one file.
Progress = Callable[[int, int], None]
MonthSource = Literal["name", "header", "given"]

# Lines read at a time: large enough that the loop's overhead per chunk is nothing, small enough
# that memory stays flat (about 1 MB of lines).
CHUNK_BYTES: Final = 1 << 20
# How far into an XML file its root element must start (a prolog longer than that is not FIDE's).
XML_PROLOG_MAX: Final = 1 << 16

_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
# `standard_jan25frl.zip`, `rapid_mar11frl_xml.zip`, `blitz_oct25frl.txt`
_NAME_MONTH = re.compile(rf"({'|'.join(_MONTHS)})(\d\d)frl", re.IGNORECASE)
_NAME_LIST = re.compile(r"(standard|rapid|blitz)", re.IGNORECASE)
# A single list's rating column: the month it was published, `APR25` or `Mar11`.
_COLUMN_MONTH = re.compile(rf"(?i:{'|'.join(_MONTHS)})\d\d")

# The header names a TXT list's fields go by, in every era; a glued `TitlFed` is two names.
_HEADER_NAMES = re.compile(
    r"ID [Nn]umber|Name|Titl|WTit|OTit|Tit|Fed|Sex|FOA|SRtng|SGm|SK|RRtng|RGm|Rk|BRtng|BGm|BK"
    r"|B-day|Born|Flag|Games|Gms|K\b|" + _COLUMN_MONTH.pattern
)
# The fields each list's rating, games and K are in (a single list: the month column, then these).
_LIST_COLUMNS: dict[RatingList, tuple[str, str, str]] = {
    STANDARD: ("SRtng", "SGm", "SK"),
    RAPID: ("RRtng", "RGm", "Rk"),
    BLITZ: ("BRtng", "BGm", "BK"),
}
_SINGLE_GAMES = ("Gms", "Games")
# XML: a combined list's element names per list (a single list's are the standard ones).
_XML_COLUMNS: dict[RatingList, tuple[str, str, str]] = {
    STANDARD: ("rating", "games", "k"),
    RAPID: ("rapid_rating", "rapid_games", "rapid_k"),
    BLITZ: ("blitz_rating", "blitz_games", "blitz_k"),
}


class ListFileError(InvalidData):
    """A list file that cannot be read; `str()` is "file: reason" or "file:line: reason"."""


@dataclass(frozen=True, slots=True)
class ListRating:
    """One player's figures on one list of the file: the rating (None: not rated on it), the games
    FIDE rated for that list and the K it holds (None: not given)."""

    rating_list: RatingList
    rating: int | None
    games: int | None
    k: int | None


@dataclass(frozen=True, slots=True)
class ListPlayer:
    """A wanted player as the file has them. `name` is the file's ("Costa, Ana")."""

    fide_id: int
    name: str
    birth_year: int | None
    title: str | None
    ratings: tuple[ListRating, ...]
    line: int  # where in the file (the line of a TXT list, the `<player>`'s line in XML)


@dataclass
class ListFile:
    """What one file says of the wanted players, and what the file is."""

    path: Path
    month: str  # YYYY-MM: the list's month
    month_from: MonthSource
    lists: tuple[RatingList, ...]  # the lists the file has columns for
    encoding: str = "UTF-8"  # or "Latin-1", when a wanted line was not UTF-8
    players: dict[int, ListPlayer] = field(default_factory=dict)


def month_in_name(name: str) -> str | None:
    """The month a file name carries: `standard_jan25frl.zip` → "2025-01"; None without one."""
    found = _NAME_MONTH.search(name)
    return None if found is None else _month(found[1], found[2])


def _month(month: str, year: str) -> str:
    # FIDE's lists start in the 1970s; two digits are this century's from 00 to 69.
    two = int(year)
    return f"{2000 + two if two < 70 else 1900 + two}-{_MONTHS.index(month.lower()) + 1:02d}"


def read_list_file(
    path: Path,
    wanted: Collection[int],
    *,
    month: str | None = None,
    rating_list: RatingList | None = None,
    progress: Progress | None = None,
) -> ListFile:
    """What `path` (a list file, zipped or not, TXT or XML) says of the players whose FIDE ids are
    `wanted`. `month` is used when neither the file name nor its header says it; `rating_list`
    when a single list's file name does not say which. `ListFileError` when it cannot be read."""
    refused = refusal_to_read(path)  # a FIFO, a device, a folder, no such file
    if refused is not None:
        raise ListFileError(refused)
    try:
        descriptor = open_regular(path)  # and checked again on what is opened
    except NotRegularFile:
        raise ListFileError(refusal_to_read(path) or str(path)) from None
    except OSError as error:
        raise ListFileError(
            _("{path}: cannot read it ({reason})").format(path=path, reason=error.strerror)
        ) from None
    with io.BufferedReader(io.FileIO(descriptor, "rb", closefd=True)) as raw:
        try:
            if zipfile.is_zipfile(raw):
                raw.seek(0)
                return _read_zip(path, raw, wanted, month, rating_list, progress)
            raw.seek(0)
            size = raw.seek(0, io.SEEK_END)
            raw.seek(0)
            return _read_stream(path, path.name, raw, size, wanted, month, rating_list, progress)
        except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError) as error:
            raise ListFileError(
                _("{path}: cannot read it ({reason})").format(path=path, reason=error)
            ) from None


def _read_zip(
    path: Path,
    raw: IO[bytes],
    wanted: Collection[int],
    month: str | None,
    rating_list: RatingList | None,
    progress: Progress | None,
) -> ListFile:
    with zipfile.ZipFile(raw) as archive:
        members = [
            info
            for info in archive.infolist()
            if not info.is_dir() and info.filename.lower().endswith((".txt", ".xml"))
        ]
        if not members:
            raise ListFileError(_("{path}: the zip holds no .txt or .xml list").format(path=path))
        member = members[0]
        # The member's name says the month and list as well as the zip's (`standard_jan25frl.txt`).
        named = f"{path.name} {member.filename}"
        with archive.open(member) as stream:
            return _read_stream(
                path, named, stream, member.file_size, wanted, month, rating_list, progress
            )


def _read_stream(
    path: Path,
    named: str,
    stream: IO[bytes],
    size: int,
    wanted: Collection[int],
    month: str | None,
    rating_list: RatingList | None,
    progress: Progress | None,
) -> ListFile:
    start = stream.read(XML_PROLOG_MAX)
    if start.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return _read_xml(path, named, start, stream, size, wanted, month, rating_list, progress)
    return _read_txt(path, named, start, stream, size, wanted, month, rating_list, progress)


def _file_month(
    path: Path, named: str, in_header: str | None, given: str | None
) -> tuple[str, MonthSource]:
    from_name = month_in_name(named)
    if from_name is not None:
        return from_name, "name"
    if in_header is not None:
        return in_header, "header"
    if given is not None:
        return given, "given"
    raise ListFileError(
        _("{path}: neither its name nor its header says the month: give --month YYYY-MM").format(
            path=path
        )
    )


def _single_list(named: str, given: RatingList | None) -> RatingList:
    found = _NAME_LIST.search(named)
    if found is not None:
        name = found[1].lower()
        return RAPID if name == RAPID else BLITZ if name == BLITZ else STANDARD
    return given or STANDARD


def _decoded(raw: bytes) -> tuple[str, bool]:
    """The text of a line, and whether it needed Latin-1 (not UTF-8)."""
    try:
        return raw.decode("utf-8"), False
    except UnicodeDecodeError:
        return raw.decode("latin-1"), True


# --- TXT ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Columns:
    """A TXT header's fields: name → (start, end) in characters; `overflows_after` the column from
    which a longer line's fields are read further right."""

    spans: dict[str, tuple[int, int]]
    width: int
    overflows_after: int
    month_column: str | None

    def field(self, line: str, name: str) -> str:
        span = self.spans.get(name)
        if span is None:
            return ""
        start, end = span
        extra = len(line) - self.width
        if extra > 0 and start > self.overflows_after:
            start, end = start + extra, end + extra
        return line[start:end].strip()


def _columns(path: Path, header: str) -> _Columns:
    found = list(_HEADER_NAMES.finditer(header))
    names = [match[0] for match in found]
    if not names or not names[0].lower().startswith("id number") or "Name" not in names:
        raise ListFileError(
            _("{path}:1: not the header of a FIDE rating list (ID Number, Name, …)").format(
                path=path
            )
        )
    spans: dict[str, tuple[int, int]] = {}
    month_column = None
    for index, match in enumerate(found):
        end = found[index + 1].start() if index + 1 < len(found) else len(header) + 1_000
        label = match[0]
        if _COLUMN_MONTH.fullmatch(label) and month_column is None:
            month_column = label
        key = "ID" if index == 0 else label
        spans[key] = (match.start(), end)
    other = spans.get("OTit", spans.get("Name", (0, 0)))
    return _Columns(spans, len(header), other[0], month_column)


def _whole(text: str, where: str, what: str) -> int | None:
    """A number field: None when blank; `ListFileError` when it is not a whole number."""
    if not text:
        return None
    if not text.isdigit():
        raise ListFileError(
            _("{where}: {what} is not a number: {text!r}").format(where=where, what=what, text=text)
        )
    return int(text)


def _read_txt(
    path: Path,
    named: str,
    start: bytes,
    stream: IO[bytes],
    size: int,
    wanted: Collection[int],
    month: str | None,
    rating_list: RatingList | None,
    progress: Progress | None,
) -> ListFile:
    head, newline, rest = start.partition(b"\n")
    if not newline and len(start) == XML_PROLOG_MAX:
        raise ListFileError(_("{path}:1: the header line is too long").format(path=path))
    header, latin = _decoded(head.lstrip(b"\xef\xbb\xbf").rstrip(b"\r\n"))
    columns = _columns(path, header)
    lists: tuple[RatingList, ...]
    if "SRtng" in columns.spans:
        lists = tuple(name for name, cells in _LIST_COLUMNS.items() if cells[0] in columns.spans)
    elif columns.month_column is not None:
        lists = (_single_list(named, rating_list),)
    else:
        raise ListFileError(
            _("{path}:1: the header names no rating column (SRtng, or the month's)").format(
                path=path
            )
        )
    in_header = (
        _month(columns.month_column[:3], columns.month_column[3:]) if columns.month_column else None
    )
    the_month, source = _file_month(path, named, in_header, month)
    result = ListFile(path, the_month, source, lists, "Latin-1" if latin else "UTF-8")
    id_start, id_end = columns.spans["ID"]
    width = id_end - id_start
    # The id as the line has it, padded to the field's width either way: one slice and one set
    # lookup per line, no decoding (the loop the benchmark holds to a bare loop's time).
    keys: dict[bytes, int] = {}
    for fide_id in wanted:
        digits = str(fide_id).encode()
        keys[digits.ljust(width)] = keys[digits.rjust(width)] = fide_id
    lines = _lines_of(rest, stream)
    number = 1  # the header's
    for chunk in lines:
        found = [line for line in chunk if line[id_start:id_end] in keys]
        for line in found:
            index = chunk.index(line)
            _read_player(result, columns, keys[line[id_start:id_end]], line, number + 1 + index)
        number += len(chunk)
        if progress is not None:
            progress(min(stream.tell(), size), size)
    if progress is not None:
        progress(size, size)
    return result


def _lines_of(rest: bytes, stream: IO[bytes]) -> Iterator[list[bytes]]:
    """The lines after the header, a list of about `CHUNK_BYTES` at a time."""
    more = stream.readlines(CHUNK_BYTES)
    if rest:
        # The first chunk's start was read with the header: join its unfinished last line.
        first = rest.splitlines(keepends=True)
        if more and not first[-1].endswith(b"\n"):
            first[-1] += more.pop(0)
        yield first
    while more:
        yield more
        more = stream.readlines(CHUNK_BYTES)


def _read_player(
    result: ListFile, columns: _Columns, fide_id: int, raw: bytes, number: int
) -> None:
    line, latin = _decoded(raw.rstrip(b"\r\n"))
    if latin:
        result.encoding = "Latin-1"
    where = f"{result.path}:{number}"
    ratings = []
    for rating_list in result.lists:
        if "SRtng" in columns.spans:
            rating_column, games_column, k_column = _LIST_COLUMNS[rating_list]
        else:
            assert columns.month_column is not None
            rating_column, k_column = columns.month_column, "K"
            games_column = next((c for c in _SINGLE_GAMES if c in columns.spans), "Gms")
        rating = _whole(columns.field(line, rating_column), where, rating_column)
        games = _whole(columns.field(line, games_column), where, games_column)
        k = _whole(columns.field(line, k_column), where, k_column)
        ratings.append(ListRating(rating_list, rating or None, games, k or None))
    born = columns.field(line, "B-day") or columns.field(line, "Born")
    title = columns.field(line, "Tit") or columns.field(line, "Titl")
    result.players[fide_id] = ListPlayer(
        fide_id=fide_id,
        name=columns.field(line, "Name"),
        birth_year=_whole(born, where, "B-day") or None,
        title=title or None,
        ratings=tuple(ratings),
        line=number,
    )


# --- XML ----------------------------------------------------------------------------------------------


class _Counted(io.RawIOBase):
    """The XML stream, the bytes already read first, counting what the parser reads (progress)."""

    def __init__(self, start: bytes, stream: IO[bytes], size: int, progress: Progress | None):
        self.pending = start
        self.stream = stream
        self.size = size
        self.progress = progress
        self.done = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        if self.pending:
            data, self.pending = self.pending[: len(buffer)], self.pending[len(buffer) :]
        else:
            data = self.stream.read(len(buffer))
        buffer[: len(data)] = data
        self.done += len(data)
        if self.progress is not None:
            self.progress(min(self.done, self.size), self.size)
        return len(data)


def _prolog_refused(path: Path, start: bytes) -> None:
    """Refuse a document type declaration before the root element (entities live there)."""
    text = start.lstrip(b"\xef\xbb\xbf \t\r\n")
    while text.startswith((b"<?", b"<!--")):
        end = text.find(b"?>" if text.startswith(b"<?") else b"-->")
        if end < 0:
            break
        text = text[end + 2 :].lstrip(b" \t\r\n>")
    if text.startswith(b"<!"):
        raise ListFileError(
            _("{path}: an XML document type declaration (entities) is refused, unread").format(
                path=path
            )
        )


def _read_xml(
    path: Path,
    named: str,
    start: bytes,
    stream: IO[bytes],
    size: int,
    wanted: Collection[int],
    month: str | None,
    rating_list: RatingList | None,
    progress: Progress | None,
) -> ListFile:
    _prolog_refused(path, start)
    the_month, source = _file_month(path, named, None, month)
    single = _single_list(named, rating_list)
    result = ListFile(path, the_month, source, (single,))
    combined: bool | None = None  # the first player says: rapid and blitz elements, or not
    wanted_ids = {str(fide_id) for fide_id in wanted}
    counted = _Counted(start, stream, size, progress)
    root: Element | None = None
    number = 0
    try:
        for event, element in iterparse(io.BufferedReader(counted), events=("start", "end")):
            if event == "start":
                if root is None:
                    root = element
                continue
            if element.tag != "player":
                continue
            number += 1
            if combined is None:
                combined = element.find("rapid_rating") is not None
                if combined:
                    result.lists = (STANDARD, RAPID, BLITZ)
            fide_id = (element.findtext("fideid") or "").strip()
            if fide_id in wanted_ids:
                _read_xml_player(result, element, int(fide_id), number, single, combined)
            element.clear()  # flat: nothing of a player is kept once read
            if root is not None:
                root.clear()
    except ParseError as error:
        line = error.position[0]
        raise ListFileError(
            _("{path}:{line}: not a FIDE list's XML ({reason})").format(
                path=path, line=line, reason=error
            )
        ) from None
    return result


def _read_xml_player(
    result: ListFile,
    element: Element,
    fide_id: int,
    number: int,
    single: RatingList,
    combined: bool,
) -> None:
    where = _("{path}: player {number} (FIDE id {id})").format(
        path=result.path, number=number, id=fide_id
    )

    def text(name: str) -> str:
        return (element.findtext(name) or "").strip()

    ratings = []
    for rating_list, (rating_tag, games_tag, k_tag) in _XML_COLUMNS.items():
        if not combined and rating_list != STANDARD:
            continue
        rating = _whole(text(rating_tag), where, rating_tag)
        games = _whole(text(games_tag), where, games_tag)
        k = _whole(text(k_tag), where, k_tag)
        ratings.append(
            ListRating(rating_list if combined else single, rating or None, games, k or None)
        )
    result.players[fide_id] = ListPlayer(
        fide_id=fide_id,
        name=text("name"),
        birth_year=_whole(text("birthday"), where, "birthday") or None,
        title=text("title") or None,
        ratings=tuple(ratings),
        line=number,
    )
