"""The replay of the rapid and blitz lists: every row of rules.md §3.3, the standard rating of an
unrated player, the 2022-10 raise, the 2024-03 uplift, crossings per list and the pinned period.

PD values are from table 8.1.2 (rules.md §1.1); each number is worked out in the comment above it.
"""

from __future__ import annotations

import datetime as dt

from elotui.rating.replay import (
    Replay,
    ReplayGame,
    ReplayPeriod,
    ReplayPlayer,
    replay,
    replay_lists,
    standard_in_force,
)
from elotui.rating.rules import RatingList, rule_set_named
from elotui.rating.text import not_rated_text, raise_text

WIN, DRAW, LOSS = 2, 1, 0


def day(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


def game(on: str, opponent_rating: int | None, halves: int, **fields: object) -> ReplayGame:
    return ReplayGame(day(on), opponent_rating, halves, **fields)  # type: ignore[arg-type]


# Born 1970, 100 standard games, standard start 2500 and the 2400 flag: none of it is the rapid or
# blitz list's, so every test below would fail if the profile leaked into those lists.
PLAYER = ReplayPlayer("Tester", birth_year=1970, start_rating=2500, games_before=100,
                      reached_2400=True)  # fmt: skip


def on(rating_list: RatingList, games: list[ReplayGame], entered: dict[str, int]) -> Replay:
    return replay(PLAYER, games, entered, rating_list=rating_list)


def only(result: Replay, label: str) -> ReplayPeriod:
    (found,) = [p for p in result.periods if p.period == label]
    return found


# --- RB2012 -----------------------------------------------------------------------------------------------


def test_rb2012_no_difference_limit_and_k_20_for_everyone() -> None:
    # 2015-05 rapid, list 2000 entered, a win vs 1450: D 550 counts in full → PD .97 (518–559);
    # ΔR .03 × K 20 (everyone, though this player has no rapid game yet) = 0.60 → +1 → 2001.
    # (Standard S2014 would count 400 → .92 and K 40: 3.20.)
    may = only(on("rapid", [game("2015-05-10", 1450, WIN)], {"2015-05": 2000}), "2015-05")
    assert (may.rules, may.k, may.clamped, may.change_hundredths, may.rating_end) == (
        "RB2012", 20, 0, 60, 2001,
    )  # fmt: skip


def test_rb2012_k_falls_only_past_35_games() -> None:
    # K·n ≤ 700: 35 games keep K 20 (20 × 35 = 700); 36 give 700 // 36 = 19. Draws vs equal: ΔR 0.
    def k_applied(n: int) -> int | None:
        games = [game("2016-03-05", 1800, DRAW) for _ in range(n)]
        return only(on("blitz", games, {"2016-03": 1800}), "2016-03").k_applied

    assert (k_applied(35), k_applied(36)) == (20, 19)


def test_rb2012_floor_1200_before_2012_07_then_1000() -> None:
    # 2012-03 (Mar–Apr period, RB2012 before its first list): 1210, two losses vs 1210:
    # ΔR −.50 × 2 × 20 = −20 → 1190 < 1200: unrated next. One loss: −10 → 1200, still rated.
    two = only(on("rapid", [game("2012-03-10", 1210, LOSS)] * 2, {"2012-03": 1210}), "2012-03")
    one = only(on("rapid", [game("2012-03-10", 1210, LOSS)], {"2012-03": 1210}), "2012-03")
    assert (two.rating_end, two.unrated_next, one.rating_end, one.unrated_next) == (
        1190, True, 1200, False,
    )  # fmt: skip
    # 2013-03: floor 1000. 1010, one loss vs 1010: −10 → 1000, rated; two: 990, unrated next.
    two = only(on("rapid", [game("2013-03-10", 1010, LOSS)] * 2, {"2013-03": 1010}), "2013-03")
    one = only(on("rapid", [game("2013-03-10", 1010, LOSS)], {"2013-03": 1010}), "2013-03")
    assert (two.rating_end, two.unrated_next, one.rating_end, one.unrated_next) == (
        990, True, 1000, False,
    )  # fmt: skip


# --- RB2022 and RB2022-10 ---------------------------------------------------------------------------------


def test_rb2022_400_once_per_event_and_k_20() -> None:
    # 2022-05 blitz, 2200, event A: two wins vs 1700 (D 500 each). The first (equal D: the first one)
    # counts 400 → PD .92, ΔR .08; the second counts 500 → PD .96 (485–517), ΔR .04.
    # Σ .12 × K 20 = 2.40 → +2 → 2202.
    games = [game("2022-05-10", 1700, WIN, event="A"), game("2022-05-11", 1700, WIN, event="A")]
    result = on("blitz", games, {"2022-05": 2200})
    may = only(result, "2022-05")
    assert (may.rules, may.k, may.change_hundredths, may.rating_end) == ("RB2022", 20, 240, 2202)
    assert [g.diff_used for g in result.games] == [400, 500]


def test_rb2022_10_takes_the_standard_k_rules() -> None:
    # An event starting 2022-10-05: the S2014 K rules, a player with no rapid games: K 40 (new
    # player). A win vs 1800 at 1800: ΔR .50 × 40 = 20 → 1820. The same game in an event that
    # started 2022-09-28 (RB2022): K 20 → +10 → 1810.
    new = on("rapid", [game("2022-10-06", 1800, WIN, event_start=day("2022-10-05"))],
             {"2022-10": 1800})  # fmt: skip
    old = on("rapid", [game("2022-10-06", 1800, WIN, event_start=day("2022-09-28"))],
             {"2022-10": 1800})  # fmt: skip
    assert (new.periods[0].rules, new.periods[0].k, new.periods[0].rating_end) == (
        "RB2022-10", 40, 1820,
    )  # fmt: skip
    assert (old.periods[0].rules, old.periods[0].k, old.periods[0].rating_end) == (
        "RB2022", 20, 1810,
    )  # fmt: skip


def test_rb2022_10_cap_700_at_k_40() -> None:
    # K 40 with 18 games: 40 × 18 = 720 > 700 → 700 // 18 = 38.
    games = [game("2023-01-10", 1800, DRAW)] * 18
    assert only(on("rapid", games, {"2023-01": 1800}), "2023-01").k_applied == 38


# --- RB2024 and RB2024-12 ---------------------------------------------------------------------------------


def test_rb2024_400_every_game_never_the_2650_exemption() -> None:
    # 2025-11 blitz (RB2024-12, whose difference rule is RB2024's), 2700 entered (published 2400:
    # K 10), event A: two wins vs 2200, D 500 < 600 so rated. Both count as 400 (every game, no
    # exemption at 2650 as S2025 has) → PD .92 twice, Σ ΔR .16 × 10 = 1.60 → +2 → 2702.
    games = [game("2025-11-10", 2200, WIN, event="A"), game("2025-11-11", 2200, WIN, event="A")]
    result = on("blitz", games, {"2025-11": 2700})
    nov = only(result, "2025-11")
    assert (nov.k, nov.clamped, nov.change_hundredths, nov.rating_end) == (10, 2, 160, 2702)
    assert [g.diff_used for g in result.games] == [400, 400]


def test_rb2024_floor_1400() -> None:
    # 2024-06 rapid, 1405, one loss vs 1405 at K 40 (no rapid games): −20 → 1385 < 1400.
    june = only(on("rapid", [game("2024-06-10", 1405, LOSS)], {"2024-06": 1405}), "2024-06")
    assert (june.rules, june.rating_end, june.unrated_next) == ("RB2024", 1385, True)


def test_rb2024_12_a_600_point_game_with_a_player_above_2600_is_not_rated() -> None:
    # 2024-12 blitz, 2650 entered (K 10). A loss to 2050: |D| 600 ≥ 600 and 2650 > 2600 → not rated:
    # no n, no change. A win vs 2051 (D 599): rated, counts 400 → PD .92 → .08 × 10 = 0.80 → +1.
    games = [game("2024-12-10", 2050, LOSS), game("2024-12-11", 2051, WIN)]
    result = on("blitz", games, {"2024-12": 2650})
    dec = only(result, "2024-12")
    assert (dec.rules, dec.n, dec.change_hundredths, dec.rating_end) == ("RB2024-12", 1, 80, 2651)
    lost, won = result.games
    assert (lost.not_rated, lost.counted, won.not_rated, won.counted) == (True, False, False, True)
    assert not_rated_text(lost, rule_set_named("RB2024-12", "blitz")) == (
        "not rated: |D| 600 ≥ 600, a player above 2600 (RB2024-12)"
    )
    assert not_rated_text(won, rule_set_named("RB2024-12", "blitz")) == ""


def test_rb2024_12_the_other_player_above_2600_and_the_day_before() -> None:
    # 2000 vs 2605: |D| 605, the opponent above 2600 → not rated. The same game in an event that
    # started 2024-11-30 (RB2024): rated, D −605 counts −400 → PD .08; a loss: ΔR −.08 × K 40
    # (no blitz games) = −3.20 → −3 → 1997.
    after = on("blitz", [game("2024-12-02", 2605, LOSS)], {"2024-12": 2000})
    before = on("blitz", [game("2024-12-02", 2605, LOSS, event_start=day("2024-11-30"))],
                {"2024-12": 2000})  # fmt: skip
    assert (after.games[0].not_rated, after.periods[0].rating_end) == (True, 2000)
    assert (before.games[0].not_rated, before.periods[0].rating_end) == (False, 1997)


def test_the_standard_list_has_no_600_rule() -> None:
    # Standard 2025-01, 2650 loses to 2050: S2024 counts D 400 → PD .92; ΔR −.92 × K 10 = −9.20 → −9.
    result = replay(ReplayPlayer("T", 1970, 2650, 100, True), [game("2025-01-10", 2050, LOSS)], {})
    assert (result.games[0].not_rated, result.periods[0].rating_end) == (False, 2641)


# --- an unrated player with a standard rating --------------------------------------------------------------


def test_unrated_on_rapid_but_rated_on_standard_is_rated_with_the_standard_rating() -> None:
    # Standard 1800 (the profile's start, January 2025 standard games); no rapid rating. A rapid win
    # in 2025-03 vs 1800 is rated from 1800 (the standard list in force) at K 40 (no rapid games):
    # +.50 × 40 = +20 → 1820, the first rapid rating (a tier crossing from "unrated").
    player = ReplayPlayer("T", birth_year=1970, start_rating=1800, games_before=100)
    games: dict[RatingList, list[ReplayGame]] = {
        "standard": [game("2025-01-10", 1800, DRAW)],
        "rapid": [game("2025-03-10", 1800, WIN)],
    }
    rapid = replay_lists(player, games, {})["rapid"]
    (march,) = rapid.periods
    assert (march.rating_start, march.start_source, march.unrated, march.k, march.rating_end) == (
        1800, "standard", False, 40, 1820,
    )  # fmt: skip
    assert [(c.kind, c.from_, c.rating) for c in rapid.crossings] == [("tier", "unrated", 1820)]
    # Without the standard list (or unrated on it) the same game enters the initial-rating pool.
    alone = replay(player, games["rapid"], {}, rating_list="rapid")
    assert (alone.periods[0].unrated, alone.periods[0].pool_games) == (True, 1)


def test_the_standard_list_in_force_by_month() -> None:
    # Standard list 1800 on 2025-01; a January game (draw vs 1800, ΔR 0) → February 1800; entered
    # 1850 for 2025-03 wins. Months before the first period are unknown; after the last, the current.
    player = ReplayPlayer("T", birth_year=1970, start_rating=1800, games_before=100)
    standard = replay(player, [game("2025-01-10", 1800, DRAW)], {"2025-03": 1850})
    in_force = standard_in_force(standard)
    months = [12 * 2024 + 11, 12 * 2025 + 0, 12 * 2025 + 1, 12 * 2025 + 2, 12 * 2026]
    assert [in_force.at(m) for m in months] == [None, 1800, 1800, 1850, 1850]


# --- the 2022-10 raise and the 2024-03 uplift on rapid and blitz --------------------------------------------


def test_the_2022_10_raise_to_standard_minus_100() -> None:
    # Standard 1850 on the 2022-10 list. Rapid 1700 (entered 2022-09), a draw vs 1700 in 2022-09
    # (ΔR 0) → 1700, more than 100 below 1850 → raised to 1750 on the 2022-10 rapid list.
    # Blitz 1760: 90 below, not raised (1760 stays).
    player = ReplayPlayer("T", birth_year=1970, start_rating=1850, games_before=100)
    games: dict[RatingList, list[ReplayGame]] = {
        "standard": [game("2022-09-10", 1850, DRAW)],
        "rapid": [game("2022-09-10", 1700, DRAW), game("2022-10-10", 1750, DRAW)],
        "blitz": [game("2022-09-10", 1760, DRAW), game("2022-10-10", 1760, DRAW)],
    }
    entered: dict[RatingList, dict[str, int]] = {
        "standard": {"2022-10": 1850},
        "rapid": {"2022-09": 1700},
        "blitz": {"2022-09": 1760},
    }
    results = replay_lists(player, games, entered)
    september, october = results["rapid"].periods
    assert (september.rating_end, september.raised_to, september.next_list) == (1700, 1750, 1750)
    assert raise_text(september) == "2022-10 raise to 1750"
    assert (october.rating_start, october.start_source) == (1750, "raise")
    blitz_september, blitz_october = results["blitz"].periods
    assert (blitz_september.raised_to, blitz_october.rating_start) == (None, 1760)
    assert raise_text(blitz_september) == ""


def test_an_entered_2022_10_list_wins_over_the_raise() -> None:
    player = ReplayPlayer("T", birth_year=1970, start_rating=1850, games_before=100)
    games: dict[RatingList, list[ReplayGame]] = {
        "standard": [game("2022-09-10", 1850, DRAW)],
        "rapid": [game("2022-09-10", 1700, DRAW), game("2022-10-10", 1700, DRAW)],
    }
    entered: dict[RatingList, dict[str, int]] = {
        "standard": {"2022-10": 1850},
        "rapid": {"2022-09": 1700, "2022-10": 1720},
    }
    september, october = replay_lists(player, games, entered, lists=("rapid",))["rapid"].periods
    # The computed next list is the raise (1750); the entered 1720 wins and does not match it.
    assert (september.next_list, september.published, september.matches_published) == (
        1750, 1720, False,
    )  # fmt: skip
    assert (october.rating_start, october.start_source) == (1720, "published")


def test_the_2024_03_uplift_on_rapid_and_blitz() -> None:
    # 1600 on the 2024-02 list, a draw vs 1600 (ΔR 0) → 1600; uplift 0.4 × (2000 − 1600) = 160 →
    # the 2024-03 list is 1760 on both lists.
    for rating_list in ("rapid", "blitz"):
        games = [game("2024-02-10", 1600, DRAW), game("2024-03-10", 1760, DRAW)]
        february, march = on(rating_list, games, {"2024-02": 1600}).periods
        assert (february.uplift, february.next_list) == (160, 1760)
        assert (march.rating_start, march.start_source, march.rules) == (1760, "uplift", "RB2024")


# --- crossings per list ---------------------------------------------------------------------------------


def test_titles_are_met_on_the_standard_list_only() -> None:
    # 2290, a win vs 2290 at K 40 (no games on that list; standard: 0 games_before here too):
    # +20 → 2310 ≥ 2300 (FM, WGM). Standard: tier and title crossings; rapid: no title crossing.
    player = ReplayPlayer("T", birth_year=1970, start_rating=2290)
    win = [game("2023-05-10", 2290, WIN)]
    standard = replay(player, win, {})
    rapid = replay(player, win, {"2023-05": 2290}, rating_list="rapid")
    assert standard.periods[0].rating_end == rapid.periods[0].rating_end == 2310
    assert {c.to for c in standard.crossings if c.kind == "title"} == {"FM", "WGM"}
    assert [c.kind for c in rapid.crossings if c.kind == "title"] == []


def test_k_10_and_the_floor_per_list() -> None:
    # Rapid 2390 (2023-05, K 40 with no rapid games), a win vs 2390: +20 → 2410, first published
    # 2400 on this list: a k10 crossing from 40. Blitz 1410 (2024-06, floor 1400), a loss vs 1410:
    # −20 → 1390: a floor crossing.
    up = on("rapid", [game("2023-05-10", 2390, WIN)], {"2023-05": 2390})
    down = on("blitz", [game("2024-06-10", 1410, LOSS)], {"2024-06": 1410})
    assert [(c.kind, c.from_, c.to) for c in up.crossings if c.kind == "k10"] == [
        ("k10", "40", "10")
    ]
    assert [(c.kind, c.rating) for c in down.crossings] == [("floor", 1390)]
    # The standard profile's 2400 flag and 100 games do not give K 10 on rapid: K 40 above.
    assert up.periods[0].k == 40


# --- the pinned period ---------------------------------------------------------------------------------


def test_the_pinned_period_wins_over_the_calendar() -> None:
    # An event ending 2026-08-30 is rated in the 2026-09 period (rules.md §3.5); pinned to the
    # list of 2026-11 (`rated_period` "2026-10") it is in the 2026-10 period, on every list.
    calendar = game("2026-08-29", 1800, WIN, event="A", event_end=day("2026-08-30"))
    pinned = calendar._replace(rated_period="2026-10")
    assert [p.period for p in replay(PLAYER, [calendar], {}).periods] == ["2026-09"]
    assert [p.period for p in replay(PLAYER, [pinned], {}).periods] == ["2026-10"]
    result = on("blitz", [pinned], {"2026-08": 1800})
    assert [(p.period, p.n) for p in result.periods] == [("2026-08", 0), ("2026-09", 0),
                                                         ("2026-10", 1)]  # fmt: skip
