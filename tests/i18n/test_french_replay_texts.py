"""The JSON values that are words follow the language (product.md §4.3): `rules_uncertain` and the
crossings' `note` in `replay --json --lang fr`, while the keys and the values that name something
(`rules_uncertain_ids`, `kind`, `to`) stay as they are in English.

The French is docs/glossary-fr.md's (règles, plafond, recalcul, premier classement, palier), with a
no-break space (U+00A0) before « : » and a narrow one (U+202F) before « ; ».
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import run_cli

NBSP, NNBSP = "\u00a0", "\u202f"


@pytest.fixture
def db(tmp_path: Path) -> str:
    """Ana, 2390 with 50 games behind her, wins three games against 2500 in January 2005.

    2005 is before the modelled rules (2006-04, rules.md): the replay uses S2006 and says so. Three
    wins against a higher rating add more than 10 points (each win is worth more than K/2 with any
    K of S2006, 10 to 25), so the list after it is over 2400: the IM rating requirement (2400) and
    the first published 2400 (K 10 for good) are crossed."""
    path = str(tmp_path / "ana.db")
    assert (
        run_cli("player", "add", "Ana", "--rating", "2390", "--games-before", "50", "--db", path)[0]
        == 0
    )
    for day in ("2005-01-10", "2005-01-11", "2005-01-12"):
        code, _, err = run_cli(
            "game", "add", "--player", "Ana", "--date", day, "--opponent-rating", "2500",
            "--result", "1", "--db", path,
        )  # fmt: skip
        assert code == 0, err
    return path


def replay(db: str, *language: str) -> dict[str, Any]:
    code, out, err = run_cli(*language, "replay", "--player", "Ana", "--json", "--db", db)
    assert code == 0, err
    document: dict[str, Any] = json.loads(out)
    return document


def test_rule_uncertain_texts_in_french(db: str) -> None:
    (period,) = replay(db, "--lang", "fr")["periods"]
    assert period["rules_uncertain_ids"] == ["before-modelled", "rounding"]  # a contract: English
    assert period["rules_uncertain"] == [
        f"avant les règles modélisées (2006-04){NBSP}: recalculé avec S2006",
        "arrondi une fois par période avant 2024-03 (un arrondi par tournoi diffère ici)",
    ]


def test_crossing_notes_in_french(db: str) -> None:
    notes = {c["to"]: c["note"] for c in replay(db, "--lang", "fr")["crossings"]}
    assert notes["IM"] == (
        f"classement requis pour IM atteint (2400){NNBSP}; le titre IM demande aussi des normes de IM"
    )
    assert notes["10"] == f"2400 publié pour la première fois{NBSP}: K 10 définitivement"


def test_the_same_texts_in_english(db: str) -> None:
    document = replay(db)
    assert document["periods"][0]["rules_uncertain"][0] == (
        "before the modelled rules (2006-04): replayed with S2006"
    )
    notes = {c["to"]: c["note"] for c in document["crossings"]}
    assert notes["IM"] == "IM rating requirement met (2400); the IM title also needs IM norms"
    assert notes["10"] == "first published 2400: K 10 for good"
