"""`elotui published import FILE...` and `player add --from-list`: FIDE's list files into the
logbook, all files or nothing."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cli
from tests.logbook.fide_list_files import COMBINED_FOA, SINGLE_APR25, row, txt, zipped

ANA = {"ID Number": "4100018", "Name": "Costa, Ana", "Fed": "POR", "Sex": "F", "Tit": "WFM",
       "B-day": "2008"}  # fmt: skip
BO = {"ID Number": "4100019", "Name": "Moreau, Bo", "B-day": "1990"}
NOBODY = {"ID Number": "4100020", "Name": "Else, Someone"}


def _combined(path: Path, member: str, ana: tuple[str, str, str], bo_rating: str = "2001") -> Path:
    lines = [
        COMBINED_FOA,
        row(COMBINED_FOA, {**NOBODY, "SRtng": "1500", "SGm": "1", "SK": "20"}),
        row(COMBINED_FOA, {**ANA, "SRtng": ana[0], "SGm": ana[1], "SK": ana[2],
                           "RRtng": "1790", "RGm": "2", "Rk": "20"}),
        row(COMBINED_FOA, {**BO, "SRtng": bo_rating, "SGm": "0", "SK": "20"}),
    ]  # fmt: skip
    return zipped(path, member, txt(lines))


def _logbook(tmp_path: Path) -> str:
    db = str(tmp_path / "logbook.db")
    for argv in (
        ["player", "add", "Ana Costa", "--fide-id", "4100018", "--rating", "1850"],
        ["player", "add", "Bo Moreau", "--fide-id", "4100019"],
        ["player", "add", "Cy", "--rating", "1500"],  # no FIDE id: not looked for
    ):
        code, _, err = run_cli(*argv, "--db", db)
        assert code == 0, err
    return db


def _published(db: str, player: str) -> list[dict[str, object]]:
    code, out, err = run_cli("published", "list", "--player", player, "--json", "--db", db)
    assert code == 0, err
    published: list[dict[str, object]] = json.loads(out)["published"]
    return published


def test_every_file_for_every_player_with_a_fide_id(tmp_path: Path) -> None:
    db = _logbook(tmp_path)
    november = _combined(tmp_path / "nov.zip", "players_list_foa.txt", ("1861", "9", "40"))
    december = tmp_path / "rapid_dec25frl.txt"  # a single list: its month and list from the name
    december.write_bytes(
        txt([SINGLE_APR25, row(SINGLE_APR25, {**ANA, "APR25": "1801", "Gms": "4", "K": "20"})])
    )
    code, out, err = run_cli(
        "published", "import", str(november), str(december), "--month", "2025-11", "--db", db
    )
    assert code == 0, err
    assert out.splitlines() == [
        f"{november}: the list of 2025-11, 2 players found",
        f"{december}: the list of 2025-12, 1 player found",
        "stored 4 published ratings with FIDE's games and K for Ana Costa, Bo Moreau",
    ]
    assert err == ""  # no terminal: no progress bar
    assert _published(db, "Ana Costa") == [
        {"month": "2025-11", "rating": 1861, "list": "standard", "games": 9, "k": 40},
        {"month": "2025-11", "rating": 1790, "list": "rapid", "games": 2, "k": 20},
        {"month": "2025-12", "rating": 1801, "list": "rapid", "games": 4, "k": 20},
    ]
    assert _published(db, "Bo Moreau") == [
        {"month": "2025-11", "rating": 2001, "list": "standard", "games": 0, "k": 20}
    ]
    # A corrected file replaces that month's figures (and a typed rating of that month).
    code, _, err = run_cli("published", "set", "--player", "Bo Moreau", "--month", "2025-11",
                           "--rating", "1999", "--db", db)  # fmt: skip
    assert code == 0, err
    again = _combined(tmp_path / "nov2.zip", "x.txt", ("1862", "10", "40"), bo_rating="2002")
    code, _, err = run_cli("published", "import", str(again), "--month", "2025-11", "--db", db)
    assert code == 0, err
    assert _published(db, "Ana Costa")[0] == {
        "month": "2025-11",
        "rating": 1862,
        "list": "standard",
        "games": 10,
        "k": 40,
    }
    assert _published(db, "Bo Moreau")[0]["rating"] == 2002


def test_one_bad_line_stores_nothing_of_any_file(tmp_path: Path) -> None:
    db = _logbook(tmp_path)
    good = _combined(
        tmp_path / "standard_oct25frl.zip", "standard_oct25frl.txt", ("1850", "5", "40")
    )
    bad = _combined(
        tmp_path / "standard_nov25frl.zip", "standard_nov25frl.txt", ("1861", "nine", "40")
    )
    code, out, err = run_cli("published", "import", str(good), str(bad), "--db", db)
    assert (code, out) == (2, "")
    assert err == f"elotui: {bad}:3: SGm is not a number: 'nine'\n"
    assert _published(db, "Ana Costa") == []


def test_only_the_player_asked_for(tmp_path: Path) -> None:
    db = _logbook(tmp_path)
    path = _combined(
        tmp_path / "standard_nov25frl.zip", "standard_nov25frl.txt", ("1861", "9", "40")
    )
    code, _, err = run_cli("published", "import", str(path), "--player", "Bo Moreau", "--db", db)
    assert code == 0, err
    assert _published(db, "Ana Costa") == []
    assert [p["rating"] for p in _published(db, "Bo Moreau")] == [2001]
    code, out, err = run_cli("published", "import", str(path), "--player", "Cy", "--db", db)
    assert (code, out) == (2, "")
    assert "Cy has no FIDE id" in err


def test_refusals_create_no_logbook(tmp_path: Path) -> None:
    db = tmp_path / "new.db"
    path = _combined(
        tmp_path / "standard_nov25frl.zip", "standard_nov25frl.txt", ("1861", "9", "40")
    )
    code, _, err = run_cli("published", "import", str(path), "--db", str(db))
    assert code == 2 and "no player of the logbook has a FIDE id" in err
    nameless = _combined(tmp_path / "list.zip", "players_list_foa.txt", ("1861", "9", "40"))
    logbook = _logbook(tmp_path)
    code, _, err = run_cli("published", "import", str(nameless), "--db", logbook)
    assert code == 2 and err.endswith(
        "neither its name nor its header says the month: give --month YYYY-MM\n"
    )
    assert not db.exists()


def test_player_add_from_a_list(tmp_path: Path) -> None:
    db = str(tmp_path / "logbook.db")
    path = _combined(
        tmp_path / "standard_nov25frl.zip", "standard_nov25frl.txt", ("1861", "9", "40")
    )
    code, out, err = run_cli("player", "add", "--fide-id", "4100018", "--from-list", str(path),
                             "--json", "--db", db)  # fmt: skip
    assert code == 0, err
    added = json.loads(out)
    assert (added["name"], added["fide_id"], added["birth_year"], added["start_rating"]) == (
        "Ana Costa",
        4100018,
        2008,
        1861,
    )
    assert err == "Ana Costa: the title WFM is not stored (the logbook has no title)\n"
    # What is given wins over the list.
    code, out, err = run_cli("player", "add", "Bo M.", "--fide-id", "4100019", "--from-list",
                             str(path), "--rating", "1990", "--json", "--db", db)  # fmt: skip
    assert code == 0, err
    assert (json.loads(out)["name"], json.loads(out)["start_rating"]) == ("Bo M.", 1990)
    code, _, err = run_cli(
        "player", "add", "--fide-id", "999", "--from-list", str(path), "--db", db
    )
    assert code == 2 and err == f"elotui: {path}: FIDE id 999 is not in this list\n"
