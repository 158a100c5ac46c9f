"""FIDE rating list files built for the tests, in the exact layouts FIDE publishes (synthetic
players): each value is written at the column where its name starts in the header, left-aligned,
as FIDE's files have them."""

from __future__ import annotations

import zipfile
from pathlib import Path

# The headers of the three TXT eras, character for character.
COMBINED_FOA = (
    "ID Number      Name                                                         Fed Sex Tit  WTit"
    " OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
COMBINED = COMBINED_FOA.replace("FOA ", "")  # before the online-arena column
SINGLE_APR25 = (
    "ID Number      Name                                                         Fed Sex Tit  WTit"
    " OTit           FOA APR25 Gms  K  B-day Flag"
)
OLD_MAR11 = "ID number Name                              TitlFed  Mar11 GamesBorn  Flag"


def row(header: str, cells: dict[str, str], *, at: dict[str, int] | None = None) -> str:
    """A line of `header`'s layout: each cell at the column its header name starts at (`at` gives
    the column of a name the header glues to another, as `TitlFed`)."""
    columns = dict(at or {})
    for name in cells:
        columns.setdefault(name, header.index(name))
    line = ""
    for name, start in sorted(columns.items(), key=lambda item: item[1]):
        line = line.ljust(start) + cells[name]
    return line.ljust(len(header))


def txt(lines: list[str], *, encoding: str = "ascii") -> bytes:
    return "".join(f"{line}\r\n" for line in lines).encode(encoding)


def zipped(path: Path, member: str, data: bytes) -> Path:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(member, data)
    return path
