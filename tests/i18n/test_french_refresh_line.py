"""The refresh key's line (elotui/tui/logbook_refresh.py) in French: counts through ngettext (« 1
partie de plus », « 2 parties de plus »), the changes joined by « ; » after a narrow no-break space
(U+202F), « : » after a no-break space (U+00A0), as docs/glossary-fr.md writes them."""

from __future__ import annotations

from elotui.i18n import set_language
from elotui.logbook.records import PlayerRecord
from elotui.tui.logbook_refresh import Shown, what_changed

NBSP, NNBSP = "\u00a0", "\u202f"
ANA, BO, CY = PlayerRecord(1, "Ana"), PlayerRecord(2, "Bo"), PlayerRecord(3, "Cy")


def shown(players: tuple[PlayerRecord, ...], standard_games: int) -> Shown:
    return Shown(players, ANA, (("standard", standard_games),), ())


def test_one_more_game_in_french() -> None:
    set_language("fr")  # tests/conftest.py speaks English again after each test
    assert what_changed(shown((ANA,), 1), shown((ANA,), 2)) == (
        f"le carnet a changé{NBSP}: 1 partie de plus pour Ana"
    )


def test_several_changes_in_french() -> None:
    set_language("fr")
    # Bo and Cy added elsewhere, and Ana has 3 games fewer (5 → 2).
    assert what_changed(shown((ANA,), 5), shown((ANA, BO, CY), 2)) == (
        f"le carnet a changé{NBSP}: 2 nouveaux joueurs (Bo, Cy){NNBSP}; 3 parties de moins pour Ana"
    )
    assert what_changed(shown((ANA,), 5), shown((ANA,), 5)) == "le carnet n’a pas changé"


def test_the_same_line_in_english() -> None:
    assert what_changed(shown((ANA,), 5), shown((ANA, BO, CY), 2)) == (
        "the logbook changed: 2 new players (Bo, Cy); 3 games fewer for Ana"
    )
    assert what_changed(shown((ANA, BO), 1), shown((ANA,), 2)) == (
        "the logbook changed: 1 player gone (Bo); 1 more game for Ana"
    )
