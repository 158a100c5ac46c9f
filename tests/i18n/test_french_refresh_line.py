"""The refresh key's line (elotui/tui/models/logbook_changes.py) in French: counts through ngettext (« 1
nouvelle partie », « 2 nouvelles parties »), the changes joined by « ; » after a narrow no-break space
(U+202F), « : » after a no-break space (U+00A0), as docs/glossary-fr.md writes them."""

from __future__ import annotations

from elotui.i18n import set_language
from elotui.logbook.records import PlayerRecord
from elotui.logbook.repository.games import TalliedGame
from elotui.tui.models.logbook_changes import LogbookSnapshot, Tally, what_changed

NBSP, NNBSP = "\u00a0", "\u202f"
ANA, BO, CY = PlayerRecord(1, "Ana"), PlayerRecord(2, "Bo"), PlayerRecord(3, "Cy")


def shown(players: tuple[PlayerRecord, ...], **games: int) -> LogbookSnapshot:
    """The screen on Ana, each player named having that many standard draws against 2000."""
    by_name = {player.name: player.id for player in players}
    sums = {by_name[name]: (("standard", n, n, 2000 * n, n),) for name, n in games.items() if n}
    return LogbookSnapshot(players, ANA, (), Tally(sums, newest=0))


def test_one_new_game_in_french() -> None:
    set_language("fr")  # tests/conftest.py speaks English again after each test
    assert what_changed(shown((ANA,), Ana=1), shown((ANA,), Ana=2)) == (
        f"le carnet a changé{NBSP}: 1 nouvelle partie pour Ana"
    )


def test_several_changes_in_french() -> None:
    set_language("fr")
    # Bo and Cy added elsewhere, and Ana has 3 games fewer (5 → 2).
    assert what_changed(shown((ANA,), Ana=5), shown((ANA, BO, CY), Ana=2)) == (
        f"le carnet a changé{NBSP}: 2 nouveaux joueurs (Bo, Cy){NNBSP}; 3 parties supprimées pour Ana"
    )
    # Two new games for Ana, one for Bo.
    assert what_changed(shown((ANA, BO), Ana=1), shown((ANA, BO), Ana=3, Bo=1)) == (
        f"le carnet a changé{NBSP}: 3 nouvelles parties (2 pour Ana, 1 pour Bo)"
    )
    assert what_changed(shown((ANA,), Ana=5), shown((ANA,), Ana=5)) == "le carnet n’a pas changé"


def test_the_same_lines_in_english() -> None:
    assert what_changed(shown((ANA,), Ana=5), shown((ANA, BO, CY), Ana=2)) == (
        "the logbook changed: 2 new players (Bo, Cy); 3 games removed for Ana"
    )
    assert what_changed(shown((ANA, BO), Ana=1, Bo=2), shown((ANA,), Ana=2)) == (
        "the logbook changed: 1 player gone (Bo); 1 new game for Ana"
    )
    assert what_changed(shown((ANA, BO), Ana=3, Bo=1), shown((ANA, BO), Ana=1)) == (
        "the logbook changed: 3 games removed (2 for Ana, 1 for Bo)"
    )


def test_games_added_and_removed_for_one_player_in_french() -> None:
    """Both counts of the one clause through ngettext: « 1 supprimée », « 2 supprimées »."""
    set_language("fr")
    # Ana had the games 1 and 2 (standard wins against 2000); 1 was removed, 3 and 4 added.
    seen = LogbookSnapshot((ANA,), ANA, (), Tally({1: (("standard", 2, 4, 4000, 3),)}, newest=2))
    arrivals = tuple(TalliedGame(1, game, "standard", 2, 2000) for game in (3, 4))
    now = LogbookSnapshot(
        (ANA,), ANA, (), Tally({1: (("standard", 3, 6, 6000, 9),)}, newest=4), arrivals
    )
    assert what_changed(seen, now) == (
        f"le carnet a changé{NBSP}: 2 nouvelles parties, 1 supprimée pour Ana"
    )
    # Then 2 and 3 removed, 5 added.
    later = LogbookSnapshot(
        (ANA,), ANA, (), Tally({1: (("standard", 2, 4, 4000, 9),)}, newest=5),
        (TalliedGame(1, 5, "standard", 2, 2000),),
    )  # fmt: skip
    assert what_changed(now, later) == (
        f"le carnet a changé{NBSP}: 1 nouvelle partie, 2 supprimées pour Ana"
    )
