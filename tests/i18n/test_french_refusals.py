"""The logbook's refusals in French, through the command line (`--lang fr`): a logbook written by a
newer elotui, a path that is no file, a player that is not there, and a member's write refused on a
club's server (docs/postgresql.md's roles, tests/postgres/club.py; skipped, as the other server tests are,
when no PostgreSQL server can start). Each is one line and changes nothing.

The French is docs/glossary-fr.md's (carnet, joueur, partie), with a no-break space (U+00A0) before
« : », a narrow one (U+202F) before « ; », the apostrophe ’ (U+2019).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from elotui.logbook.schema import HEAD_REVISION
from tests.conftest import run_cli
from tests.postgres.club import Club
from tests.postgres.club import club as club  # the fixture of docs/postgresql.md's roles

NBSP, NNBSP = "\u00a0", "\u202f"


def test_a_logbook_from_a_newer_elotui_is_refused_in_french(tmp_path: Path) -> None:
    path = tmp_path / "newer.db"
    assert run_cli("player", "add", "Ana", "--db", str(path))[0] == 0
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE alembic_version SET version_num = '0099'")
    connection.close()
    before = path.read_bytes()
    code, out, err = run_cli("--lang", "fr", "player", "list", "--db", str(path))
    assert (code, out) == (2, "")
    assert err == (
        f"elotui: {path} a été écrit par un elotui plus récent (schéma 0099{NNBSP}; cet elotui"
        f" connaît jusqu’au {HEAD_REVISION}){NBSP}: mettez elotui à jour pour l’ouvrir\n"
    )
    assert path.read_bytes() == before


def test_a_folder_given_as_the_logbook_is_refused_in_french(tmp_path: Path) -> None:
    code, out, err = run_cli("--lang", "fr", "player", "list", "--db", str(tmp_path))
    assert (code, out) == (2, "")
    assert err == f"elotui: {tmp_path} est un dossier, pas un fichier du carnet\n"


def test_an_import_of_a_missing_file_in_french(tmp_path: Path) -> None:
    db = str(tmp_path / "fr.db")
    assert run_cli("player", "add", "Ana", "--db", db)[0] == 0
    missing = tmp_path / "none.csv"
    code, _, err = run_cli("--lang", "fr", "import", str(missing), "--db", db)
    assert code == 2 and err == f"elotui: {missing}{NBSP}: fichier introuvable\n"


def test_a_player_that_is_not_there_in_french(tmp_path: Path) -> None:
    db = str(tmp_path / "fr.db")
    assert run_cli("player", "add", "Ana", "--db", db)[0] == 0
    code, _, err = run_cli(
        "--lang", "fr", "game", "add", "--player", "Bo", "--date", "2024-03-01",
        "--unrated-opponent", "--result", "1", "--db", db,
    )  # fmt: skip
    assert code == 2
    assert err == (
        f"elotui: aucun joueur nommé 'Bo'{NNBSP}; ajoutez-le avec{NBSP}: elotui player add 'Bo'\n"
    )


def test_a_member_s_write_is_refused_in_french(club: Club) -> None:
    assert run_cli("player", "add", "Ana", "--db", club.officer)[0] == 0
    code, out, err = run_cli("--lang", "fr", "player", "add", "Bo", "--db", club.member)
    assert (code, out) == (2, "")
    assert err == "elotui: ce carnet est en lecture seule pour vous\n"
    code, out, _ = run_cli("player", "list", "--json", "--db", club.owner)
    assert [p["name"] for p in json.loads(out)["players"]] == ["Ana"]  # nothing added
