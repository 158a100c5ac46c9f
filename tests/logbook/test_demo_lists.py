"""The demo's year of FIDE list files (elotui/logbook/demo/lists/), read as `elotui published import`
reads them, give Hugo Bernard's FIDE check its three numbers, with one mismatch of each kind. Hugo:
born 1972, 180 games before the logbook, never 2400: K 20 throughout (rules.md §2.6)."""

from __future__ import annotations

from pathlib import Path

from elotui.logbook.demo import build_demo_database
from elotui.rating.replay import ReplayPeriod, replay
from elotui.rating.text import fide_check_notes


def _periods(tmp_path: Path) -> dict[str, ReplayPeriod]:
    repository = build_demo_database(tmp_path / "demo.db")
    try:
        hugo = repository.find_player("Hugo Bernard")
        stored = repository.list_published(hugo.id)
        games = repository.games_for_replay(hugo.id)
    finally:
        repository.close()
    # The twelve lists 2025-02 .. 2026-01, each with FIDE's games and K.
    listed = [p for p in stored if p.games is not None]
    assert [p.month for p in listed] == [f"2025-{m:02d}" for m in range(2, 13)] + ["2026-01"]
    assert all(p.k in (20, 40) for p in listed)
    published = {p.month: p.for_replay() for p in stored}
    return {p.period: p for p in replay(hugo, games, published).periods}


def test_the_three_checks_each_with_one_mismatch(tmp_path: Path) -> None:
    periods = _periods(tmp_path)
    checked = [p for p in periods.values() if p.published_games is not None]
    # The 2025-08 list (fed by 2025-07: 7 games in the logbook) says 8 games.
    assert [(p.period, p.published_games, p.n) for p in checked if not p.matches_games] == [
        ("2025-07", 8, 7)
    ]
    # The 2025-06 list (in force during 2025-06) holds K 40; the replay's K is 20.
    assert [(p.period, p.published_k, p.k) for p in periods.values() if p.matches_k is False] == [
        ("2025-06", 40, 20)
    ]
    # The 2025-03 list publishes 1557; 2025-02's result is 1594 + 21 = 1615; its 5 games agree.
    february = periods["2025-02"]
    assert (february.published, february.next_list, february.n) == (1557, 1615, 5)
    assert [p.period for p in checked if p.matches_published is False] == ["2025-02"]
    # Each mismatch said in words.
    assert fide_check_notes(periods["2025-07"]) == [
        "FIDE rated 8 games in 2025-07, the logbook has 7: 1 game missing"
    ]
    assert fide_check_notes(periods["2025-06"]) == [
        "2025-06: FIDE holds K 40, the replay used 20: check the birth year or games played"
    ]
    assert fide_check_notes(periods["2025-02"])[0].startswith("FIDE published 1557 on the 2025-03")
