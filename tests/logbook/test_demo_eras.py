"""The demo's 2008 player (Margaux Vidal) goes through FIDE's eras: the facts her planned calendar in
scripts/make_demo_fixture.py is there to show, checked against rules.md §3 by hand."""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

from elotui.logbook.demo import DEMO_DIR, build_demo_database
from elotui.rating.replay import ReplayPeriod, replay
from elotui.rating.text import uplift_text

VIDAL = "Margaux Vidal"


def _periods(tmp_path: Path) -> dict[str, ReplayPeriod]:
    repository = build_demo_database(tmp_path / "demo.db")
    try:
        player = repository.find_player(VIDAL)
        games = repository.games_for_replay(player.id)
        published = {p.month: p.rating for p in repository.list_published(player.id)}
    finally:
        repository.close()
    return {p.period: p for p in replay(player, games, published).periods}


def test_standard_games_only() -> None:
    with (DEMO_DIR / "games.csv").open(encoding="utf-8") as handle:
        lists = {row["list"] for row in csv.DictReader(handle) if row["player"] == VIDAL}
    assert lists == {"standard"}


def test_the_eras_of_her_history(tmp_path: Path) -> None:
    periods = _periods(tmp_path)
    # rules.md §3.5: quarterly to 2009-06 (an event of 2008-10 is in the Oct–Dec period, list
    # 2009-01), bi-monthly to 2012-06 (2009-09 is Sep–Oct, list 2009-11), monthly from 2012-07.
    assert (periods["2008-10"].months, periods["2008-10"].list_month) == (3, "2009-01")
    assert (periods["2009-09"].months, periods["2009-09"].list_month) == (2, "2009-11")
    assert (periods["2010-03"].months, periods["2010-03"].list_month) == (2, "2010-05")
    assert (periods["2012-09"].months, periods["2012-09"].list_month) == (1, "2012-10")
    # rules.md §3.1: the rule set of each event's start.
    assert {m: periods[m].rules for m in ("2008-10", "2009-09", "2011-09", "2012-09", "2014-10",
                                          "2024-02", "2024-06")} == {
        "2008-10": "S2006", "2009-09": "S2009", "2011-09": "S2011", "2012-09": "S2012",
        "2014-10": "S2014", "2024-02": "S2022", "2024-06": "S2024",
    }  # fmt: skip


def test_k_changes_of_2011_and_2014(tmp_path: Path) -> None:
    periods = _periods(tmp_path)
    # Games counted for K: 10 pooled + 4 + 4 + 4 + 4 = 26 before 2011-05, 29 before 2011-09.
    # S2009: 25 until 30 games; S2011 (from 2011-07): 30 until 30 games.
    assert (periods["2011-05"].games_played_before, periods["2011-05"].k) == (26, 25)
    assert (periods["2011-09"].games_played_before, periods["2011-09"].k) == (29, 30)
    # 29 + 5 = 34 ≥ 30: 15 (S2011/S2012) until 2014-07, then 20 (S2014).
    assert periods["2014-03"].k == 15
    assert periods["2014-10"].k == 20


def test_below_the_1200_floor_and_a_new_initial_rating(tmp_path: Path) -> None:
    periods = _periods(tmp_path)
    # 2012-01 (S2011, floor 1200): 0/8 ends below 1200, unrated from the 2012-03 list.
    fall = periods["2012-01"]
    assert fall.rating_end is not None and fall.rating_end < 1200 and fall.unrated_next
    assert periods["2012-09"].unrated
    # The new pool: the 2012-09 and 2012-11 events, 10 games, 3 + 3 = 6 points = 12 half points,
    # 2 above the 10 of 50 %. S2012 (initial as 2011): Ru = Ra + 15 × 2, Ra the opponents' average
    # (from the fixture's rows), rounded half up; ≥ the 1000 floor, published on the 2012-12 list.
    with (DEMO_DIR / "games.csv").open(encoding="utf-8") as handle:
        pool = [int(row["opponent_rating"]) for row in csv.DictReader(handle)
                if row["player"] == VIDAL and row["event_start"] in ("2012-09-08", "2012-11-10")]  # fmt: skip
    assert len(pool) == 10
    ra = Fraction(sum(pool), len(pool))
    ru = int(ra + Fraction(1, 2)) + 30
    rated = periods["2012-11"]
    assert (rated.pool_games, rated.initial_rating, rated.initial_published) == (10, ru, True)
    assert periods["2013-04"].rating_start == ru


def test_the_2024_03_uplift(tmp_path: Path) -> None:
    periods = _periods(tmp_path)
    february = periods["2024-02"]
    # rules.md §3.4: R in [1000, 2000) becomes R + round(0.4 × (2000 − R)).
    r = february.rating_end
    assert r is not None and 1000 <= r < 2000
    raise_by = int(Fraction(2, 5) * (2000 - r) + Fraction(1, 2))
    assert february.uplift == raise_by
    assert uplift_text(february) == f"2024-03 uplift +{raise_by}"
    assert periods["2024-06"].rating_start == r + raise_by


def test_replay_table_names_the_rule_sets() -> None:
    from tests.conftest import run_cli

    code, out, _ = run_cli("replay", "--demo", "--player", VIDAL)
    assert code == 0
    lines = out.splitlines()
    assert lines[1].split()[:2] == ["period", "rules"]
    rows = {line.split()[0]: line.split() for line in lines[3:] if line[:1].isdigit()}
    # Each period's rule set by its events' start (rules.md §3.1); the 2012-11 pool is marked: Ru
    # used our "15 points per half point" decision (S2012's initial rule, D in rules.md §3.6).
    assert (rows["2008-10"][1], rows["2011-09"][1], rows["2024-06"][1]) == (
        "S2006",
        "S2011",
        "S2024",
    )
    assert rows["2012-11"][1:3] == ["S2012", "*"]
    # The uplift row sits under the 2024-02 period: its end R, raised by round(0.4 × (2000 − R)).
    end = int(rows["2024-02"][-1])
    uplift_line = lines[lines.index(next(line for line in lines if line.startswith("2024-02"))) + 1]
    assert uplift_line.split() == [
        "2024-03",
        "uplift",
        f"+{int(Fraction(2, 5) * (2000 - end) + Fraction(1, 2))}",
    ]
