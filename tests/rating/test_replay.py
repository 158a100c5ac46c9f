"""The replay (elotui/rating/replay/), checked against numbers worked out by hand.

Every expected number comes from the rules of rules.md §1 and §2, with the arithmetic in a comment:
PD from table 8.1.2, ΔR = score − PD, change = K·ΣΔR rounded once per period, 0.5 away from zero.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from elotui.cli.replay_json import replay_document, replay_json
from elotui.rating.fide import PeriodGame, period_change
from elotui.rating.initial_rating import initial_rating
from elotui.rating.replay import (
    Replay,
    ReplayGame,
    ReplayPeriod,
    ReplayPlayer,
    replay,
)
from elotui.rating.rules import rule_set_named
from elotui.rating.rules.initial import initial_from_totals

WIN, DRAW, LOSS = 2, 1, 0


def day(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


def game(on: str, opponent_rating: int | None, halves: int, **fields: object) -> ReplayGame:
    return ReplayGame(day(on), opponent_rating, halves, **fields)  # type: ignore[arg-type]


def adult(start: int | None, **fields: object) -> ReplayPlayer:
    """A player born 1980 with plenty of games: K 20 under 2400 unless the test says otherwise."""
    values: dict[str, object] = {"birth_year": 1980, "games_before": 100, **fields}
    return ReplayPlayer("Tester", start_rating=start, **values)  # type: ignore[arg-type]


def period(result: Replay, label: str) -> ReplayPeriod:
    (found,) = [p for p in result.periods if p.period == label]
    return found


# FIDE's worked example F-N01 (rules.md §1.9): FIDE published 1922 from these five games.
F_N01 = [(1902, DRAW), (1877, DRAW), (1884, WIN), (2012, LOSS), (1832, WIN)]


def f_n01_games(month: str, event: str | None = None) -> list[ReplayGame]:
    return [
        game(f"{month}-{10 + i:02d}", opp, halves, event=event)
        for i, (opp, halves) in enumerate(F_N01)
    ]


# --- K ------------------------------------------------------------------------------------------------


def test_k_40_until_30_games_then_20() -> None:
    player = adult(1800, games_before=25)
    games = [
        # Five draws against 1800: D 0, PD .50, ΔR 0 each. 25 + 5 = 30 games after January.
        *[game(f"2025-01-{d:02d}", 1800, DRAW) for d in range(1, 6)],
        # Neither counts for the 30 games: an unrated opponent, and a forfeit.
        game("2025-01-20", None, WIN),
        game("2025-01-21", 1800, WIN, rated=False),
        # February: 30 games before the period → K 20. Win vs 1800: ΔR .50 → +10.
        game("2025-02-03", 1800, WIN),
    ]
    result = replay(player, games, {})
    january, february = result.periods
    assert (january.k, january.k_applied, january.n) == (40, 40, 5)
    assert "new player" in january.k_reason
    assert january.change_rounded == 0 and january.rating_end == 1800
    assert february.games_played_before == 30
    assert (february.k, february.rating_start, february.rating_end) == (20, 1800, 1810)
    ignored = [g for g in result.games if not g.counted]
    assert [g.date.day for g in ignored] == [20, 21]
    assert all(g.delta is None for g in ignored)


def test_a_junior_keeps_40_until_the_year_they_turn_19() -> None:
    player = adult(1900, birth_year=2007, games_before=100)
    games = [
        # 2025 − 2007 = 18 → junior K 40. Win vs 1900: D 0, ΔR .50 → +20 → 1920.
        game("2025-12-06", 1900, WIN),
        # 2026 − 2007 = 19 → K 20. Ro 1920 vs 1900: D 20 → PD .53, ΔR .47 → 9.40 → +9 → 1929.
        game("2026-01-10", 1900, WIN),
    ]
    december, january = replay(player, games, {}).periods
    assert (december.k, december.rating_end) == (40, 1920)
    assert "junior" in december.k_reason
    assert (january.k, january.change_hundredths, january.rating_end) == (20, 940, 1929)


def test_a_junior_once_listed_at_2300_is_no_longer_40() -> None:
    # The start rating is a list rating, so it counts as published ≥ 2300 (rules.md §2.6).
    player = adult(2310, birth_year=2012)
    (only,) = replay(player, [game("2025-05-05", 2310, DRAW)], {}).periods
    assert only.k == 20


def test_first_published_2400_switches_to_k10_for_good() -> None:
    player = adult(2390)
    games = [
        # K 20. Win vs 2390: D 0, ΔR .50 → +10 → 2400, published on the February list.
        game("2025-01-15", 2390, WIN),
        # K 10 now. Loss vs 2400: D 0, ΔR −.50 → −5 → 2395.
        game("2025-02-15", 2400, LOSS),
        # Still K 10 below 2400. Loss vs 2395: −5 → 2390.
        game("2025-03-15", 2395, LOSS),
    ]
    result = replay(player, games, {})
    jan, feb, mar = result.periods
    assert (jan.k, jan.rating_end) == (20, 2400)
    assert (feb.k, feb.rating_end) == (10, 2395)
    assert (mar.k, mar.rating_end) == (10, 2390)
    assert "2400" in feb.k_reason
    kinds = [(c.period, c.kind, c.from_, c.to, c.direction) for c in result.crossings]
    assert kinds == [
        ("2025-01", "tier", "FIDE Master", "International Master", "up"),
        ("2025-01", "title", None, "IM", "up"),
        ("2025-01", "k10", "20", "10", "up"),
        ("2025-02", "tier", "International Master", "FIDE Master", "down"),
    ]
    k10 = result.crossings[2]
    assert k10.date == dt.date(2025, 2, 1) and k10.rating == 2400
    assert "rating requirement met" in result.crossings[1].note
    assert "norms" in result.crossings[1].note


def test_the_700_cap_39_games_k20_becomes_17() -> None:
    # 39 wins vs 2000 from 2000: ΔR .50 each, Σ 19.50. ⌊700/39⌋ = 17 → 17 × 19.50 = 331.50 → +332.
    games = [game(f"2025-05-{1 + i % 28:02d}", 2000, WIN, event="Marathon") for i in range(39)]
    games.sort(key=lambda g: g.date)
    (capped,) = replay(adult(2000), games, {}).periods
    assert (capped.k, capped.k_applied, capped.cap_applied, capped.n) == (20, 17, True, 39)
    assert capped.change_hundredths == 33150
    assert capped.change_rounded == 332 and capped.rating_end == 2332
    # Per game: 17 × .50 = 8.50 → 9, × 39 = 351. One event: 331.50 → 332.
    assert capped.per_game_rounded_total == 351
    assert capped.per_event_rounded_total == 332
    # Without the cap (not FIDE): 20 × 19.50 = 390 → 2390.
    (uncapped,) = replay(adult(2000), games, {}, apply_cap=False).periods
    assert (uncapped.k_applied, uncapped.cap_applied, uncapped.rating_end) == (20, False, 2390)


# --- the 400-point rule --------------------------------------------------------------------------------


def test_2650_exemption_before_the_amendment_clamps() -> None:
    # Event started 2025-09-28: Ro 2700 vs 1900, D 800 → 400, PD .92. Loss: ΔR −.92, K 10 → −9.20 → −9.
    player = adult(2700, reached_2400=True)
    played = game("2025-10-02", 1900, LOSS, event="Open", event_start=day("2025-09-28"))
    result = replay(player, [played], {})
    (only,) = result.periods
    (replayed,) = result.games
    assert (replayed.diff_used, replayed.clamped, replayed.expected) == (400, True, 92)
    assert (only.clamped, only.change_hundredths, only.rating_end) == (1, -920, 2691)


def test_2650_exemption_from_2025_10_01_uses_the_true_difference() -> None:
    # Ro 2700 vs 1900 on 2025-10-05: D 800 unclamped → PD 1.00. Loss −1.00 → K 10 → −10 → 2690.
    player = adult(2700, reached_2400=True)
    result = replay(player, [game("2025-10-05", 1900, LOSS)], {})
    (replayed,) = result.games
    assert (replayed.diff_used, replayed.clamped, replayed.expected) == (800, False, 100)
    assert result.periods[0].rating_end == 2690 and result.periods[0].clamped == 0
    # A win gains nothing: ΔR = 1 − 1.00 = 0.
    (won,) = replay(player, [game("2025-10-05", 1900, WIN)], {}).periods
    assert won.change_hundredths == 0


def test_a_player_below_2650_is_still_clamped_after_the_amendment() -> None:
    # Ro 2600 vs 1900: D 700 → 400 → PD .92. Loss with K 10: −9.20 → −9 → 2591.
    (only,) = replay(adult(2600, reached_2400=True), [game("2025-11-01", 1900, LOSS)], {}).periods
    assert (only.clamped, only.rating_end) == (1, 2591)


# --- Ro, periods, rounding -----------------------------------------------------------------------------


def test_a_per_event_own_rating_is_used_as_ro() -> None:
    games = [
        # Ro 1990 (the list at the event's start) vs 2090: D −100 → PD .36; win ΔR .64 → K 20 → 12.80.
        game("2025-11-08", 2090, WIN, event="Autumn", own_rating=1990),
        # No own rating: Ro = period start 2000 vs 2000, draw → ΔR 0.
        game("2025-11-20", 2000, DRAW),
    ]
    result = replay(adult(2000), games, {})
    first, second = result.games
    assert (first.rating_before, first.diff_used, first.expected, first.delta) == (
        1990,
        -100,
        36,
        64,
    )
    assert second.rating_before == 2000
    # The live rating runs from the period start (2000), not from Ro: 2000 + 12.80.
    assert first.live_hundredths == 201280 and first.live_rating == Fraction(201280, 100)
    assert second.live_hundredths == 201280
    # 12.80 → +13 → 2013.
    assert result.periods[0].rating_end == 2013


def test_a_game_of_an_event_ending_next_month_belongs_to_that_month() -> None:
    games = [
        game("2025-03-30", 2000, WIN, event="Easter", event_end=day("2025-04-02")),
        game("2025-03-10", 2000, WIN),
    ]
    result = replay(adult(2000), games, {})
    march, april = result.periods
    # March: the 10 March win only (+10). April: the 30 March game, Ro = 2010 vs 2000: D 10 → PD .51,
    # ΔR .49 → 9.80 → +10 → 2020.
    assert (march.n, march.rating_end) == (1, 2010)
    assert (april.n, april.rating_start, april.rating_end) == (1, 2010, 2020)
    assert [g.date.day for g in result.games] == [10, 30]
    assert [g.period for g in result.games] == ["2025-03", "2025-04"]


def test_per_game_rounding_can_differ_from_the_period_rounding() -> None:
    # Three wins vs 1990 from 2000: D 10 → PD .51, ΔR .49; K 20 → 9.80 each.
    # Period: 20 × 1.47 = 29.40 → +29. Per game: 10 + 10 + 10 = 30. One event: 29.
    games = [game(f"2025-06-0{d}", 1990, WIN, event="Club") for d in (1, 2, 3)]
    (june,) = replay(adult(2000), games, {}).periods
    assert june.change_hundredths == 2940
    assert (june.change_rounded, june.per_game_rounded_total, june.per_event_rounded_total) == (
        29,
        30,
        29,
    )
    assert june.rounding_difference == 1
    assert june.rating_end == 2029


def test_period_rounding_is_exact_on_halves_both_ways() -> None:
    player = adult(2600, reached_2400=True)  # K 10
    # Ro 2600 vs 2405: D 195 → PD .75. Draw: ΔR −.25 → −2.50 → −3 (away from zero) → 2597.
    (down,) = replay(player, [game("2025-07-07", 2405, DRAW)], {}).periods
    assert (down.change_hundredths, down.change_rounded, down.rating_end) == (-250, -3, 2597)
    # Ro 2405 vs 2600: D −195 → PD .25. Draw: ΔR +.25 → +2.50 → +3 → 2408.
    (up,) = replay(adult(2405, reached_2400=True), [game("2025-07-07", 2600, DRAW)], {}).periods
    assert (up.change_hundredths, up.change_rounded, up.rating_end) == (250, 3, 2408)


def test_periods_name_the_rule_set_of_their_era() -> None:
    # Was "periods before March 2024 are marked" (computed with the 2024 rules anyway): each period is
    # now computed with its own era's rules (rules.md §3.2: S2022 from 2022-01, S2024 from
    # 2024-03). Two draws at D 0 change nothing, and 2000 is not uplifted (rules.md §3.4: only
    # R < 2000).
    games = [game("2024-02-10", 2000, DRAW), game("2024-03-10", 2000, DRAW)]
    feb, mar = replay(adult(2000), games, {}).periods
    assert (feb.rules, mar.rules) == ("S2022", "S2024")
    assert feb.uplift is None and mar.rating_start == 2000


def test_games_are_replayed_in_period_and_date_order_whatever_the_input_order() -> None:
    games = [game("2025-02-01", 2000, WIN), game("2025-01-01", 2000, WIN)]
    result = replay(adult(2000), games, {})
    assert [g.date for g in result.games] == [day("2025-01-01"), day("2025-02-01")]
    assert result == replay(adult(2000), list(reversed(games)), {})


# --- published ratings ---------------------------------------------------------------------------------


def test_published_ratings_that_match_and_that_do_not() -> None:
    games = [
        # Win vs 2000: +10 → 2010, and the February list says 2010.
        game("2025-01-10", 2000, WIN),
        # Ro 2010 vs 2010 (the February list), win: ΔR .50 → +10 → 2020; the March list says 2025.
        game("2025-02-10", 2010, WIN),
        # March starts from the entered 2025 (it always wins). Draw vs 2025: 0 → 2025.
        game("2025-03-10", 2025, DRAW),
    ]
    lists = {"2025-02": 2010, "2025-03": 2025, "2025-06": 2030}
    result = replay(adult(2000), games, lists)
    labels = [p.period for p in result.periods]
    # Periods run to May: the June list publishes May's result. April and May have no games.
    assert labels == ["2025-01", "2025-02", "2025-03", "2025-04", "2025-05"]
    jan, feb, mar, apr, may = result.periods
    assert (jan.rating_end, jan.published, jan.matches_published) == (2010, 2010, True)
    assert (feb.rating_end, feb.published, feb.matches_published) == (2020, 2025, False)
    assert (mar.rating_start, mar.start_source, mar.rating_end) == (2025, "published", 2025)
    assert mar.published is None and mar.matches_published is None
    assert (apr.n, apr.rating_start, apr.rating_end) == (0, 2025, 2025)
    assert (may.published, may.matches_published) == (2030, False)
    assert result.current_rating == 2030


# --- unrated players -----------------------------------------------------------------------------------


def test_the_initial_rating_from_the_pool_f_n01() -> None:
    player = ReplayPlayer("Newcomer", birth_year=1990, start_rating=None)
    games = [
        # October: the first three games. Σopp = 1902 + 1877 + 1884 = 5663, W = 2.
        # Ra = (5663 + 3600)/5 = 1852.6; p = 3/5 = .60 → dp 72; Ru = 1924.6 → 1925. Only 3 games: unpublished.
        *f_n01_games("2025-10")[:3],
        # November: the other two. Σopp = 9507, W = 3; Ra = 13107/7 = 1872.43; p = 4/7 = .5714 → .57 → dp 50;
        # Ru = 1922.43 → 1922, published.
        *[game(f"2025-11-{10 + i}", opp, halves) for i, (opp, halves) in enumerate(F_N01[3:])],
        # December: rated, 5 games counted → K 40. Win vs 1922: D 0, ΔR .50 → +20 → 1942.
        game("2025-12-05", 1922, WIN),
    ]
    result = replay(player, games, {})
    october, november, december = result.periods
    assert (october.unrated, october.rating_start, october.k) == (True, None, None)
    assert (october.pool_games, october.initial_rating, october.initial_published) == (
        3,
        1925,
        False,
    )
    assert october.rating_end is None and october.unrated_next
    assert (november.pool_games, november.initial_rating, november.initial_published) == (
        5,
        1922,
        True,
    )
    assert november.rating_end == 1922
    assert (december.rating_start, december.k, december.rating_end) == (1922, 40, 1942)
    assert all(g.pooled and not g.counted and g.live_hundredths is None for g in result.games[:5])
    (first_rating,) = result.crossings
    assert (first_rating.kind, first_rating.from_, first_rating.to, first_rating.direction) == (
        "tier",
        "unrated",
        "Diamond",
        "up",
    )
    assert (first_rating.period, first_rating.date, first_rating.rating) == (
        "2025-11",
        dt.date(2025, 12, 1),
        1922,
    )


def test_a_first_event_scored_zero_is_ignored() -> None:
    player = ReplayPlayer("Newcomer", start_rating=None)
    games = [
        # First event: two losses (vs 1800 and 1900) → scored 0 → ignored.
        game("2025-09-06", 1800, LOSS, event="First open"),
        game("2025-09-07", 1900, LOSS, event="First open"),
        # Then the F-N01 games: Ru 1922. Had the zero event counted: Σopp = 9507 + 3700 = 13207,
        # Ra = 16807/9 = 1867.44, p = 4/9 = .44 → dp −43, Ru = 1824.44 → 1824.
        *f_n01_games("2025-11", event="Second open"),
    ]
    result = replay(player, games, {})
    september = period(result, "2025-09")
    assert (september.pool_games, september.initial_rating) == (0, None)
    november = period(result, "2025-11")
    assert (november.pool_games, november.rating_end) == (5, 1922)
    assert november.games_played_before == 2  # the ignored games still count for K (rules.md §2.7)


def test_the_pool_keeps_26_months() -> None:
    player = ReplayPlayer("Slow", start_rating=None)
    # One game in 2023-01, the other four 26 months later: the first has left the window by then
    # (2023-03 … 2025-04 are the 26 months ending 2025-04).
    games = [
        game("2023-01-10", 1900, DRAW, event="A"),
        *[game(f"2025-03-1{i}", 1900, DRAW, event="B") for i in range(2)],
        *[game(f"2025-04-1{i}", 1900, DRAW, event="C") for i in range(2)],
    ]
    result = replay(player, games, {})
    # 2025-02 (25 months after 2023-01 … window 2023-01 … 2025-02) still holds the January 2023 game.
    assert period(result, "2025-02").pool_games == 1
    assert period(result, "2025-03").pool_games == 2
    assert period(result, "2025-04").pool_games == 4
    assert period(result, "2025-04").rating_end is None


def test_falling_below_1400_then_requalifying() -> None:
    player = adult(1410)
    games = [
        # K 20. Loss vs 1410: D 0, −.50 → −10 → 1400: still listed.
        game("2025-03-10", 1410, LOSS),
        # Loss vs 1400: −10 → 1390 < 1400: unrated on the May list (not clamped to 1400).
        game("2025-04-10", 1400, LOSS),
        # May: unrated, a new pool: the F-N01 games → 1922, published on the June list.
        *f_n01_games("2025-05"),
        # June: 100 + 1 + 1 + 5 = 107 games → K 20. Draw vs 1922: 0 → 1922.
        game("2025-06-10", 1922, DRAW),
    ]
    result = replay(player, games, {})
    mar, apr, may, jun = result.periods
    assert (mar.rating_end, mar.unrated_next) == (1400, False)
    assert (apr.rating_end, apr.unrated_next) == (1390, True)
    assert (may.unrated, may.rating_start, may.start_source, may.rating_end) == (
        True,
        None,
        "unrated",
        1922,
    )
    assert (jun.games_played_before, jun.k, jun.rating_start, jun.rating_end) == (
        107,
        20,
        1922,
        1922,
    )
    kinds = [(c.period, c.kind, c.from_, c.to, c.direction, c.rating) for c in result.crossings]
    assert kinds == [
        ("2025-04", "floor", "Gold", "unrated", "down", 1390),
        ("2025-05", "tier", "unrated", "Diamond", "up", 1922),
    ]


def test_the_pool_starts_again_after_delisting() -> None:
    player = ReplayPlayer("Newcomer", birth_year=1990, start_rating=None)
    games = [
        # January: five draws vs 1400. Ra = (7000 + 3600)/7 = 1514.29; p = 3.5/7 = .50 → dp 0;
        # Ru = 1514.29 → 1514, published.
        *[game(f"2025-01-1{i}", 1400, DRAW, event="One") for i in range(5)],
        # February: K 40 (5 games). Six losses vs 1514: D 0, ΔR −.50 each, Σ −3.00 → −120 → 1394.
        *[game(f"2025-02-1{i}", 1514, LOSS, event="Two") for i in range(6)],
        # March: unrated again; four draws vs 1500. A new pool: 4 games, not the January 5 + 4.
        # Ra = (6000 + 3600)/6 = 1600; p = 3/6 = .50 → dp 0; Ru 1600, unpublished with 4 games.
        *[game(f"2025-03-1{i}", 1500, DRAW, event="Three") for i in range(4)],
    ]
    result = replay(player, games, {})
    january, february, march = result.periods
    assert (january.rating_end, february.k, february.rating_end) == (1514, 40, 1394)
    assert (march.pool_games, march.initial_rating, march.rating_end) == (4, 1600, None)
    assert march.games_played_before == 11
    assert result.current_rating is None


def test_an_unrated_opponent_and_a_forfeit_change_nothing() -> None:
    games = [game("2025-08-01", None, WIN), game("2025-08-02", 2000, WIN, rated=False)]
    result = replay(adult(2000), games, {})
    (august,) = result.periods
    assert (august.n, august.change_hundredths, august.rating_end) == (0, 0, 2000)
    assert [g.counted for g in result.games] == [False, False]
    assert [g.live_hundredths for g in result.games] == [200000, 200000]


def test_titles_report_the_requirement_and_the_30_games() -> None:
    # Start 2190 (WCM and WFM already met); K 20. Win vs 2190 → +10 → 2200: CM and WIM.
    player = adult(2190, games_before=10)
    result = replay(player, [game("2025-09-09", 2190, WIN)], {})
    titles = {c.to: c.note for c in result.crossings if c.kind == "title"}
    assert set(titles) == {"CM", "WIM"}
    assert "rating requirement met" in titles["CM"]
    assert "11 rated games so far" in titles["CM"] and "needs 30" in titles["CM"]
    assert "norms" in titles["WIM"]


def test_the_json_document_has_the_product_keys() -> None:
    result = replay(adult(2000), [game("2025-11-08", 2090, WIN, own_rating=1990)], {})
    document = replay_document(result)
    (played,) = document["games"]
    for key in (
        "date",
        "opponent_rating",
        "score",
        "rating_before",
        "expected",
        "delta",
        "live_rating",
    ):
        assert key in played
    # 1990 vs 2090: D −100 → PD .36; win +0.64 × 20 = +12.80 from the period start 2000.
    assert played["live_rating"] == 2012.8 and played["expected"] == 0.36
    (month,) = document["periods"]
    for key in (
        "period", "rating_start", "k", "k_applied", "k_reason", "n", "change", "change_rounded",
        "per_game_rounded_total", "rating_end", "published", "matches_published", "unrated",
    ):  # fmt: skip
        assert key in month
    assert month["change"] == 12.8
    assert document["crossings"] == []


def test_the_fast_json_text_is_the_document() -> None:
    player = ReplayPlayer('Zoë "Z"', birth_year=1990, start_rating=None)
    games = [
        *f_n01_games("2025-10", event='Ünicode "open"'),
        game("2025-11-02", None, DRAW, opponent="Anon"),
        game("2025-11-03", 1700, LOSS, own_rating=1930, id=7),
        game("2025-11-04", 2500, WIN, rated=False),
    ]
    result = replay(player, games, {"2025-12": 1911})
    text = replay_json(result)
    parsed = json.loads(text)
    expected = replay_document(result)
    assert parsed == expected
    # Exact values are written as their exact decimals (no 1890.3999999).
    # November, K 40 from 1922: Ro 1930 vs 1700, D 230 → PD .79; loss ΔR −.79 → −31.60 → 1890.40.
    assert '"live_rating": 1890.4,' in text
    assert '"rating_end": 1890' in text and '"matches_published": false' in text
    assert json.loads(replay_json(replay(adult(2000), [], {}))) == replay_document(
        replay(adult(2000), [], {})
    )


def test_nothing_to_replay() -> None:
    empty = replay(adult(2000), [], {})
    assert (empty.periods, empty.games, empty.crossings, empty.current_rating) == ((), (), (), 2000)


# --- properties ----------------------------------------------------------------------------------------

game_lists = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=400),  # day offset from 2025-01-01
        st.one_of(st.none(), st.integers(min_value=1400, max_value=2800)),  # opponent
        st.sampled_from([WIN, DRAW, LOSS]),
        st.one_of(st.none(), st.integers(min_value=1400, max_value=2800)),  # own rating
        st.sampled_from([None, "A", "B"]),  # event
        st.booleans(),  # rated
    ),
    max_size=60,
)


def build(raw: list[tuple[int, int | None, int, int | None, str | None, bool]]) -> list[ReplayGame]:
    start = dt.date(2025, 1, 1)
    return [
        ReplayGame(start + dt.timedelta(days=d), opp, s, own_rating=own, event=e, rated=r, id=i)
        for i, (d, opp, s, own, e, r) in enumerate(raw)
    ]


@settings(max_examples=150, deadline=None)
@given(
    game_lists,
    st.integers(min_value=1500, max_value=2700),
    st.one_of(st.none(), st.integers(min_value=1990, max_value=2012)),
    st.integers(min_value=0, max_value=60),
)
def test_replay_is_deterministic_and_changes_add_up(
    raw: list[tuple[int, int | None, int, int | None, str | None, bool]],
    start: int,
    birth_year: int | None,
    games_before: int,
) -> None:
    player = ReplayPlayer("P", birth_year, start, games_before)
    games = build(raw)
    result = replay(player, games, {})
    assert result == replay(player, games, {})
    if any(p.unrated or p.unrated_next for p in result.periods) or not result.periods:
        return
    total = sum(p.change_rounded or 0 for p in result.periods)
    assert result.periods[-1].rating_end == start + total
    for before, after in zip(result.periods, result.periods[1:], strict=False):
        assert after.rating_start == before.rating_end


@settings(max_examples=150, deadline=None)
@given(game_lists, st.integers(min_value=1400, max_value=2800), st.booleans())
def test_each_period_agrees_with_the_single_period_calculation(
    same_period: Callable[..., None],  # tests/rating/conftest.py (hypothesis fills the rightmost)
    raw: list[tuple[int, int | None, int, int | None, str | None, bool]],
    start: int,
    apply_cap: bool,
) -> None:
    """The fast replay loop and fide.period_change compute the same month."""
    result = replay(adult(start), build(raw), {}, apply_cap=apply_cap)
    for month in result.periods:
        if month.unrated:
            continue
        assert month.rating_start is not None and month.k is not None
        counted = [g for g in result.games[month.games_from : month.games_to] if g.counted]
        reference = period_change(
            month.rating_start,
            [
                PeriodGame(g.opponent_rating or 0, g.score, g.rating_before, g.date, g.event)
                for g in counted
            ],
            month.k,
            month.k_reason,
            apply_cap=apply_cap,
            rules=rule_set_named(month.rules),
        )
        same_period(month, counted, reference)


@given(
    st.lists(
        st.tuples(st.integers(min_value=1000, max_value=2800), st.sampled_from([WIN, DRAW, LOSS])),
        min_size=1,
        max_size=40,
    )
)
def test_the_pool_totals_give_the_initial_rating(pool: list[tuple[int, int]]) -> None:
    rules = rule_set_named("S2025")
    expected = initial_rating([(opp, Fraction(halves, 2)) for opp, halves in pool], rules).rating
    total = sum(opp for opp, _ in pool)
    halves = sum(h for _, h in pool)
    assert initial_from_totals(rules.initial, len(pool), total, halves) == expected
