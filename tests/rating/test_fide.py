"""FIDE rules by hand: 400-point rule and the 2650 exemption, K, the 700 cap, period rounding."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from elotui.rating.fide import (
    KProfile,
    PeriodGame,
    capped_k,
    counted_diff,
    game_delta,
    k_factor,
    period_change,
)
from elotui.rating.initial_rating import initial_rating
from elotui.rating.performance import performance_rating
from elotui.rating.rules import rule_set_named

WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)
BEFORE = date(2025, 9, 30)
AFTER = date(2025, 10, 1)

# The standard rules these cases are worked under (in force since 2025-10): the rating layer never
# reads the clock, so a test names its rules.
S2025 = rule_set_named("S2025")

# Single games from FIDE's online calculator, C01–C24 (rules.md §1.2 says where the calculator and
# the current rule differ): (own, opp, score, K, the change K × ΔR under the current rule)
E8 = [
    ("C01", 2000, 2000, WIN, 10, "5"), ("C02", 2003, 2000, WIN, 10, "5"),
    ("C03", 2004, 2000, WIN, 10, "4.9"), ("C04", 2010, 2000, WIN, 10, "4.9"),
    ("C05", 2011, 2000, WIN, 10, "4.8"), ("C06", 2206, 2000, WIN, 10, "2.4"),
    ("C07", 2207, 2000, WIN, 10, "2.3"), ("C08", 2391, 2000, WIN, 10, "0.9"),
    ("C09", 2392, 2000, WIN, 10, "0.8"), ("C10", 2000, 2003, LOSS, 10, "-5"),
    ("C11", 2000, 2004, LOSS, 10, "-4.9"), ("C12", 1656, 2000, LOSS, 10, "-1.2"),
    ("C13", 1655, 2000, LOSS, 10, "-1.1"), ("C14", 2600, 2100, WIN, 10, "0.8"),
    ("C15", 2649, 2149, WIN, 10, "0.8"), ("C16", 2650, 2150, WIN, 10, "0.4"),
    ("C17", 2700, 2200, WIN, 10, "0.4"), ("C18", 2200, 2700, LOSS, 20, "-1.6"),
    ("C19", 2100, 2600, LOSS, 20, "-1.6"), ("C20", 2700, 1964, WIN, 10, "0"),
    ("C21", 2700, 1900, LOSS, 10, "-10"), ("C22", 1500, 2000, DRAW, 20, "8.4"),
    ("C23", 2092, 2000, WIN, 15, "5.55"), ("C24", 2000, 2092, DRAW, 30, "3.9"),
]  # fmt: skip


@pytest.mark.parametrize(("case", "own", "opp", "score", "k", "change"), E8)
def test_fide_calculator_vectors_under_the_current_rule(
    case: str, own: int, opp: int, score: Fraction, k: int, change: str
) -> None:
    result = period_change(own, [PeriodGame(opp, score, played_on=AFTER)], k, rules=S2025)
    assert result.change == Fraction(change), case


@pytest.mark.parametrize(
    ("own", "opp", "pd_before", "pd_after"), [(2700, 1900, 92, 100), (2650, 2150, 92, 96)]
)
def test_2650_exemption_starts_on_2025_10_01(
    own: int, opp: int, pd_before: int, pd_after: int
) -> None:
    assert game_delta(own, opp, WIN, BEFORE).pd == pd_before
    assert game_delta(own, opp, WIN, AFTER).pd == pd_after


def test_400_rule_tests_only_the_players_own_rating() -> None:
    # The 2400 player facing 2813 is below 2650: clamped to −400 → PD .08 (FIDE's own print).
    assert counted_diff(2400, 2813, AFTER) == -400
    assert game_delta(2400, 2813, LOSS, AFTER).pd == 8
    assert counted_diff(2813, 2400, AFTER) == 413
    assert game_delta(2813, 2400, WIN, AFTER).pd == 93


def test_single_game_examples_of_e9() -> None:
    # Kasparov–Carlsen: 2812 beats 2786 (K 10): D 26 → .54, +4.6. zibbit: 2000 beats 1900 (K 20): +7.2.
    assert period_change(2812, [PeriodGame(2786, WIN)], 10, rules=S2025).change == Fraction("4.6")
    assert period_change(2000, [PeriodGame(1900, WIN)], 20, rules=S2025).change == Fraction("7.2")


@pytest.mark.parametrize(
    ("profile", "year", "k"),
    [
        (KProfile(games_played=0), 2026, 40),
        (KProfile(games_played=29), 2026, 40),
        (KProfile(games_played=30), 2026, 20),
        (KProfile(birth_year=2008, games_played=200), 2026, 40),  # 18 this year: junior
        (KProfile(birth_year=2007, games_played=200), 2026, 20),  # 19 this year
        (KProfile(birth_year=2010, games_played=200, reached_2300=True), 2026, 20),
        (KProfile(birth_year=2010, games_played=5, reached_2400=True), 2026, 10),
        (KProfile(games_played=500, reached_2400=True), 2026, 10),
        (KProfile(games_played=500, reached_2400=True, fixed_k=15), 2026, 15),
    ],
)
def test_k_precedence(profile: KProfile, year: int, k: int) -> None:
    assert k_factor(profile, year, S2025)[0] == k


@pytest.mark.parametrize(
    ("k", "n", "capped"),
    [(40, 17, 40), (40, 18, 38), (40, 26, 26), (40, 29, 24), (20, 35, 20), (20, 36, 19),
     (20, 39, 17), (20, 47, 14), (10, 70, 10), (10, 71, 9), (10, 78, 8), (10, 87, 8)],
)  # fmt: skip
def test_700_cap_table_of_the_spec(k: int, n: int, capped: int) -> None:
    assert capped_k(k, n, S2025) == capped


def test_700_cap_applies_to_the_whole_period_and_can_be_turned_off() -> None:
    games = [PeriodGame(2000, DRAW)] * 39
    assert period_change(2000, games, 20, rules=S2025).k_applied == 17
    assert period_change(2000, games, 20, apply_cap=False, rules=S2025).k_applied == 20


def test_period_rounds_once_half_away_from_zero_on_exact_halves() -> None:
    # K 5, a win at D 0: ΔR +0.50 → +2.50 → +3; a loss: −0.50 → −2.50 → −3 (as FIDE's F-P01).
    up = period_change(2000, [PeriodGame(2000, WIN)], 5, rules=S2025)
    down = period_change(2000, [PeriodGame(2000, LOSS)], 5, rules=S2025)
    assert (up.change, up.change_rounded) == (Fraction(5, 2), 3)
    assert (down.change, down.change_rounded) == (Fraction(-5, 2), -3)


def test_period_total_where_summing_floats_would_miss_the_half() -> None:
    # 2110 beats 2000 three times: D 110 → PD .65, ΔR +0.35 each; K 10 × 1.05 = +10.50 → +11.
    # A float accumulator sees 0.35 + 0.35 + 0.35 = 1.0499999999999998 and would round to +10.
    assert (0.35 + 0.35 + 0.35) * 10 < 10.5
    up = period_change(2110, [PeriodGame(2000, WIN)] * 3, 10, rules=S2025)
    assert (up.sum_delta, up.change, up.change_rounded) == (105, Fraction("10.5"), 11)
    # Mirror: 2000 loses to 2110 three times: PD .35, ΔR −0.35 each → −10.50 → −11.
    down = period_change(2000, [PeriodGame(2110, LOSS)] * 3, 10, rules=S2025)
    assert (down.change, down.change_rounded) == (Fraction("-10.5"), -11)
    # 2065 loses five times to 2000: D 65 → PD .59, ΔR −0.59; K 10 × −2.95 = −29.50 → −30
    # (the float sum gives −29.499999999999996).
    five = period_change(2065, [PeriodGame(2000, LOSS)] * 5, 10, rules=S2025)
    assert (five.change, five.change_rounded) == (Fraction("-29.5"), -30)


def test_per_game_rounding_differs_from_period_rounding() -> None:
    # Three draws at D −4 (PD .49), K 40: each +0.40 → 0 per game; period +1.20 → +1.
    result = period_change(1996, [PeriodGame(2000, DRAW)] * 3, 40, rules=S2025)
    assert result.change_rounded == 1
    assert result.per_game_rounded_total == 0


def test_per_event_ro_differs_from_period_start() -> None:
    # Period start 2050, but this event used Ro 2000: D = 2000 − 2100 = −100 → PD .36, win +0.64.
    result = period_change(2050, [PeriodGame(2100, WIN, own=2000)], 20, rules=S2025)
    assert result.games[0].diff == -100
    assert result.change == Fraction("12.8")


def test_falling_below_1400_leaves_the_player_unrated() -> None:
    result = period_change(1405, [PeriodGame(1405, LOSS)] * 2, 20, rules=S2025)
    assert result.new_rating == 1385
    assert result.unrated_next_list


def test_initial_rating_f_n01() -> None:
    # Σopp 9507 + 3600 over 7 = 1872.43; p = 4/7 = .57 → dp 50; Ru 1922.43 → 1922.
    games = [(1902, DRAW), (1877, DRAW), (1884, WIN), (2012, LOSS), (1832, WIN)]
    result = initial_rating(games, S2025)
    assert result.p_hundredths == 57
    assert result.rating == 1922
    assert result.published


def test_initial_rating_is_capped_at_2200_and_needs_1400() -> None:
    strong = initial_rating(
        [(2400, WIN)] * 5, S2025
    )  # Ra (12000+3600)/7 = 2228.6, p 6/7 .86 → +309
    assert strong.rating == 2200
    weak = initial_rating(
        [(1400, LOSS)] * 5, S2025
    )  # Ra (7000+3600)/7 = 1514.3, p 1/7 .14 → −309 → 1205
    assert weak.rating == 1205
    assert not weak.published
    assert not initial_rating([(2000, WIN)] * 4, S2025).published  # only 4 games


def test_performance_rating_norm_style() -> None:
    # A norm-style performance (rules.md §1.10, §2.11), worked by hand, no norm floor (the 2150
    # counts as 2150): Ra 21500/9 = 2388.9 → 2389, 72.2 % → 72 → +166.
    opponents = [2450, 2420, 2380, 2500, 2390, 2410, 2360, 2440, 2150]
    assert performance_rating(opponents, Fraction(13, 2)) == 2389 + 166
    assert performance_rating([2000], WIN) == 2800
    assert performance_rating([2000], LOSS) == 1200
    assert performance_rating([], WIN) is None
