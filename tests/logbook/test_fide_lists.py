"""Reading FIDE's rating list files: each TXT header era, XML, zipped or not, the month and the
list, the encodings, and the refusals. Every expected value is written out by hand from the lines
the test writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from elotui.logbook.fide_lists import (
    ListFileError,
    ListPlayer,
    ListRating,
    month_in_name,
    read_list_file,
)
from tests.logbook.fide_list_files import (
    COMBINED,
    COMBINED_FOA,
    OLD_MAR11,
    SINGLE_APR25,
    row,
    txt,
    zipped,
)

ANA = {"ID Number": "4100018", "Name": "Costa, Ana", "Fed": "POR", "Sex": "F", "Tit": "WFM"}


def _combined_line(header: str, **extra: str) -> str:
    return row(
        header,
        {
            **ANA,
            "SRtng": "1861", "SGm": "9", "SK": "40",
            "RRtng": "1790", "RGm": "0", "Rk": "20",
            "BRtng": "0", "BGm": "0", "BK": "0",
            "B-day": "2008", "Flag": "w",
            **extra,
        },
    )  # fmt: skip


def _other(header: str) -> str:
    return row(header, {"ID Number": "4100019", "Name": "Moreau, Bo", "SRtng": "2001", "SGm": "3",
                        "SK": "20", "B-day": "1990"})  # fmt: skip


def test_the_current_combined_list_with_foa_from_a_zip(tmp_path: Path) -> None:
    lines = [COMBINED_FOA, _other(COMBINED_FOA), _combined_line(COMBINED_FOA, FOA="AIM")]
    assert len(lines[2]) == 162  # the file's line width
    path = zipped(tmp_path / "players_list.zip", "players_list_foa.txt", txt(lines))
    found = read_list_file(path, {4100018}, month="2025-11")
    assert (found.month, found.month_from, found.encoding) == ("2025-11", "given", "UTF-8")
    assert found.lists == ("standard", "rapid", "blitz")
    assert found.players == {
        4100018: ListPlayer(
            4100018, "Costa, Ana", 2008, "WFM",
            (
                ListRating("standard", 1861, 9, 40),
                ListRating("rapid", 1790, 0, 20),
                ListRating("blitz", None, 0, None),  # 0: not rated on blitz; K 0: not given
            ),
            line=3,
        )
    }  # fmt: skip


def test_the_combined_list_before_foa(tmp_path: Path) -> None:
    path = tmp_path / "players_list.txt"
    path.write_bytes(txt([COMBINED, _combined_line(COMBINED), _other(COMBINED)]))
    found = read_list_file(path, {4100018, 4100019, 999}, month="2019-03")
    assert set(found.players) == {4100018, 4100019}  # 999 is not in the file
    assert found.players[4100018].ratings[0] == ListRating("standard", 1861, 9, 40)
    bo = found.players[4100019]
    assert (bo.name, bo.birth_year, bo.title, bo.line) == ("Moreau, Bo", 1990, None, 3)
    assert bo.ratings == (
        ListRating("standard", 2001, 3, 20),
        ListRating("rapid", None, None, None),
        ListRating("blitz", None, None, None),
    )


def test_a_single_list_names_its_month_in_the_rating_column(tmp_path: Path) -> None:
    line = row(SINGLE_APR25, {**ANA, "APR25": "1873", "Gms": "7", "K": "40", "B-day": "2008"})
    path = tmp_path / "rapid_list.txt"  # no month in the name: the header's
    path.write_bytes(txt([SINGLE_APR25, line]))
    found = read_list_file(path, {4100018})
    assert (found.month, found.month_from, found.lists) == ("2025-04", "header", ("rapid",))
    assert found.players[4100018].ratings == (ListRating("rapid", 1873, 7, 40),)


def test_the_2011_layout_with_glued_names_and_no_k(tmp_path: Path) -> None:
    header = OLD_MAR11
    # Written out by hand: id (10), name (34), title (4), fed (5), rating (6), games (5), born (6).
    line = "4100018   Costa, Ana                        WFM POR  1702  12   1990   w"
    assert line[header.index("Mar11") :].startswith("1702")
    path = zipped(tmp_path / "standard_mar11frl.zip", "standard_mar11frl.txt", txt([header, line]))
    found = read_list_file(path, [4100018])
    assert (found.month, found.month_from, found.lists) == ("2011-03", "name", ("standard",))
    assert found.players[4100018] == ListPlayer(
        4100018, "Costa, Ana", 1990, "WFM", (ListRating("standard", 1702, 12, None),), line=2
    )


def test_a_line_one_longer_than_the_header_reads_its_later_fields_further_right(
    tmp_path: Path,
) -> None:
    # A long other-titles text (16 characters in a 15-wide column) pushes the rest right by one.
    normal = _combined_line(COMBINED_FOA)
    start = COMBINED_FOA.index("OTit")
    long = normal[:start] + "IA,FA,FST,DI,IO " + normal[start + 15 :]
    assert len(long) == 163
    path = tmp_path / "standard_oct25frl.txt"
    path.write_bytes(txt([COMBINED_FOA, long]))
    found = read_list_file(path, {4100018})
    assert found.month == "2025-10"
    assert found.players[4100018].ratings[0] == ListRating("standard", 1861, 9, 40)
    assert found.players[4100018].birth_year == 2008


def test_latin_1_is_read_and_said(tmp_path: Path) -> None:
    line = row(COMBINED, {**ANA, "Name": "Lévy, Zoé", "SRtng": "1500", "SGm": "4", "SK": "20"})
    path = tmp_path / "players_list_jan26.txt"
    path.write_bytes(txt([COMBINED, line], encoding="latin-1"))
    found = read_list_file(path, {4100018}, month="2026-01")
    assert found.encoding == "Latin-1"
    assert found.players[4100018].name == "Lévy, Zoé"


XML_COMBINED = """<?xml version="1.0" encoding="ISO-8859-1"?>
<playerslist>
<player><fideid>4100019</fideid><name>Moreau, Bo</name><country>FRA</country><sex>M</sex><title></title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>2001</rating><games>3</games><k>20</k><rapid_rating>0</rapid_rating><rapid_games>0</rapid_games><rapid_k>0</rapid_k><blitz_rating>0</blitz_rating><blitz_games>0</blitz_games><blitz_k>0</blitz_k><birthday>1990</birthday><flag></flag></player>
<player><fideid>4100018</fideid><name>Costa, Ana</name><country>POR</country><sex>F</sex><title>WFM</title><w_title>WFM</w_title><o_title></o_title><foa_title></foa_title><rating>1861</rating><games>9</games><k>40</k><rapid_rating>1790</rapid_rating><rapid_games>2</rapid_games><rapid_k>20</rapid_k><blitz_rating></blitz_rating><blitz_games></blitz_games><blitz_k></blitz_k><birthday>2008</birthday><flag>w</flag></player>
</playerslist>
"""

XML_SINGLE = """<?xml version="1.0" encoding="UTF-8"?>
<playerslist>
<player><fideid>4100018</fideid><name>Costa, Ana</name><country>POR</country><sex>F</sex><title>WFM</title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>1855</rating><games>6</games><k>40</k><birthday>2008</birthday><flag>w</flag></player>
</playerslist>
"""


def test_a_combined_xml_list(tmp_path: Path) -> None:
    path = zipped(
        tmp_path / "players_list_xml.zip",
        "players_list_xml_foa.xml",
        XML_COMBINED.encode("latin-1"),
    )
    found = read_list_file(path, {4100018}, month="2025-12")
    assert found.lists == ("standard", "rapid", "blitz")
    assert found.players == {
        4100018: ListPlayer(
            4100018, "Costa, Ana", 2008, "WFM",
            (
                ListRating("standard", 1861, 9, 40),
                ListRating("rapid", 1790, 2, 20),
                ListRating("blitz", None, None, None),
            ),
            line=2,  # the second <player>
        )
    }  # fmt: skip


def test_a_single_xml_list_takes_its_month_and_list_from_the_name(tmp_path: Path) -> None:
    path = zipped(
        tmp_path / "blitz_feb24frl_xml.zip", "blitz_feb24frl_xml.xml", XML_SINGLE.encode()
    )
    found = read_list_file(path, {4100018})
    assert (found.month, found.month_from, found.lists) == ("2024-02", "name", ("blitz",))
    assert found.players[4100018].ratings == (ListRating("blitz", 1855, 6, 40),)


def test_an_xml_document_type_is_refused_unread(tmp_path: Path) -> None:
    laughs = (
        '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]>\n'
        "<playerslist><player><fideid>1</fideid><name>&lol2;</name></player></playerslist>\n"
    )
    path = tmp_path / "standard_jan25frl.xml"
    path.write_text(laughs)
    with pytest.raises(ListFileError, match="document type declaration"):
        read_list_file(path, {1})


def test_an_unreadable_line_of_a_wanted_player_is_file_and_line(tmp_path: Path) -> None:
    bad = _combined_line(COMBINED, SGm="9x")
    path = tmp_path / "standard_jan25frl.txt"
    path.write_bytes(txt([COMBINED, _other(COMBINED), bad]))
    with pytest.raises(ListFileError) as refused:
        read_list_file(path, {4100018})
    assert str(refused.value) == f"{path}:3: SGm is not a number: '9x'"


def test_what_is_not_a_list_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "standard_jan25frl.txt"
    path.write_text("hello\r\nworld\r\n")
    with pytest.raises(ListFileError, match=r":1: not the header of a FIDE rating list"):
        read_list_file(path, {1})
    nameless = tmp_path / "players_list_foa.txt"
    nameless.write_bytes(txt([COMBINED_FOA]))
    with pytest.raises(ListFileError, match="give --month YYYY-MM"):
        read_list_file(nameless, {1})
    with pytest.raises(ListFileError, match="no such file"):
        read_list_file(tmp_path / "missing.zip", {1})
    empty_zip = zipped(tmp_path / "other.zip", "about.html", b"hi")
    with pytest.raises(ListFileError, match=r"no \.txt or \.xml"):
        read_list_file(empty_zip, {1})


def test_months_in_file_names() -> None:
    assert month_in_name("standard_oct25frl.zip") == "2025-10"
    assert month_in_name("RAPID_JAN15FRL_XML.ZIP") == "2015-01"
    assert month_in_name("players_list_foa.txt") is None


def test_progress_reaches_the_whole_file(tmp_path: Path) -> None:
    path = zipped(tmp_path / "standard_jan25frl.zip", "standard_jan25frl.txt",
                  txt([COMBINED, *[_other(COMBINED)] * 5000, _combined_line(COMBINED)]))  # fmt: skip
    seen: list[tuple[int, int]] = []
    found = read_list_file(path, {4100018}, progress=lambda done, size: seen.append((done, size)))
    assert found.players[4100018].line == 5002
    assert seen[-1][0] == seen[-1][1] > 0
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
