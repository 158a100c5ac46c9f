"""The logbook's messages in French, through the command line (`--lang fr`): an import's problems
keep their `FILE:LINE: column: reason` shape (column names are CSV's, never translated) with the
reason in French, and a bad date or month is refused in French, changing nothing.

The expected French is written by hand from docs/glossary-fr.md (carnet, partie, joueur) and its
typography: a no-break space (U+00A0) before « : » in a sentence, a narrow one (U+202F) before « ; »,
the apostrophe ’ (U+2019).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import run_cli

NBSP, NNBSP = "\u00a0", "\u202f"
HEADER = (
    "player,date,opponent,opponent_rating,result,event,event_start,event_end,own_rating,rated\n"
)


@pytest.fixture
def db(tmp_path: Path) -> str:
    """Alice's logbook, an SQLite file (the messages are the same on a server)."""
    path = str(tmp_path / "fr.db")
    assert run_cli("player", "add", "Alice", "--db", path)[0] == 0
    return path


def games(db: str) -> int:
    code, out, err = run_cli("game", "list", "--player", "Alice", "--json", "--db", db)
    assert code == 0, err
    return len(json.loads(out)["games"])


def test_a_bad_csv_row_in_french(tmp_path: Path, db: str) -> None:
    path = tmp_path / "bad.csv"
    # Line 2: a rating below 100, a result of 2, rated "maybe"; line 3: February 30th.
    path.write_text(
        HEADER + "Alice,2024-03-01,Bob,99,2,Open,,,,maybe\nAlice,2024-02-30,Bob,1600,1,,,,,\n",
        encoding="utf-8",
    )
    code, out, err = run_cli("--lang", "fr", "import", str(path), "--db", db)
    assert (code, out) == (2, "")
    assert err.splitlines()[:4] == [
        f"{path}:2: opponent_rating: doit être de 100 à 3500, pas 99",
        f"{path}:2: result: attendu 1, 0.5 ou 0, pas '2'",
        f"{path}:2: rated: attendu yes ou no, pas 'maybe'",
        f"{path}:3: date: la date 2024-02-30 n’existe pas",
    ]
    assert games(db) == 0  # the whole file refused


def test_a_bad_header_in_french(tmp_path: Path, db: str) -> None:
    path = tmp_path / "header.csv"
    path.write_text("player,date,colour\n", encoding="utf-8")
    _, _, err = run_cli("--lang", "fr", "import", str(path), "--db", db)
    assert f"{path}:1: en-tête: colonne(s) inconnue(s) colour" in err.splitlines()
    assert f"{path}:1: en-tête: colonne(s) manquante(s) opponent_rating, result" in err


def test_a_json_import_of_a_player_already_there_in_french(tmp_path: Path, db: str) -> None:
    path = tmp_path / "alice.json"
    assert run_cli("export", "--format", "json", "-o", str(path), "--db", db)[0] == 0
    code, _, err = run_cli("--lang", "fr", "import", str(path), "--db", db)
    assert code != 0
    assert f"{path}: players[0].name: 'Alice' est déjà dans le carnet" in err.splitlines()


def test_a_pgn_without_the_player_in_french(tmp_path: Path, db: str) -> None:
    path = tmp_path / "other.pgn"
    path.write_text(
        '[Event "Club"]\n[Date "2024.03.01"]\n[White "Dora"]\n[Black "Eve"]\n[Result "1-0"]\n\n'
        "1. e4 1-0\n",
        encoding="utf-8",
    )
    _, _, err = run_cli("--lang", "fr", "import", str(path), "--db", db, "--player", "Alice")
    assert f"{path}: aucune partie de 'Alice' (noms comparés" in err
    assert f"{NNBSP}; les joueurs du fichier{NBSP}: Dora, Eve" in err


def test_a_month_that_does_not_exist_in_french(db: str) -> None:
    code, out, err = run_cli(
        "--lang", "fr", "published", "set", "--player", "Alice", "--month", "2024-13",
        "--rating", "1500", "--db", db,
    )  # fmt: skip
    assert (code, out, err) == (2, "", "elotui: le mois 2024-13 n’existe pas\n")
    code, out, err = run_cli("--lang", "fr", "published", "list", "--player", "Alice", "--db", db)
    assert code == 0 and "2024" not in out  # nothing was stored


def test_a_date_out_of_range_in_french(db: str) -> None:
    _, _, err = run_cli(
        "--lang", "fr", "game", "add", "--player", "Alice", "--date", "1849-12-31",
        "--unrated-opponent", "--result", "1", "--db", db,
    )  # fmt: skip
    # elotui's range, dates.py: 1850-01-01 to 2200-12-31.
    assert "les dates vont du 1850-01-01 au 2200-12-31, pas 1849-12-31" in err
    assert games(db) == 0


def test_the_same_messages_stay_english_in_english(tmp_path: Path, db: str) -> None:
    path = tmp_path / "bad.csv"
    path.write_text(HEADER + "Alice,2024-03-01,Bob,1600,1,,,,,maybe\n", encoding="utf-8")
    _, _, err = run_cli("import", str(path), "--db", db)
    assert f"{path}:2: rated: expected yes or no, not 'maybe'" in err.splitlines()
