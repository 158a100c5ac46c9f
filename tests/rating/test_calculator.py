"""The calculator's examples (product.md §1.1), which must come out exactly."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from itertools import pairwise

import pytest

from elotui.rating.calculator import Method, series, several_games, single_game
from elotui.rating.rules import rule_set_named

# The fide method's rules: those in force since 2025-10 (the rating layer never reads the clock).
S2025 = rule_set_named("S2025")


def _rounded(rating: int, opponent: int, k: int, method: Method = Method.ELO) -> tuple[int, ...]:
    game = single_game(rating, opponent, k, method)
    return tuple(game.outcomes[r].rounded for r in ("win", "draw", "loss"))


def test_1500_vs_1600_expected_score_is_36_0_percent() -> None:
    # E = 1 / (1 + 10^0.25) = 0.35993...
    assert f"{single_game(1500, 1600, 20).expected.value * 100:.1f}" == "36.0"


def test_1500_vs_1600_k20_and_k32() -> None:
    assert _rounded(1500, 1600, 20) == (13, 3, -7)
    assert _rounded(1500, 1600, 32) == (20, 4, -12)


def test_1500_vs_2000_elo_and_fide() -> None:
    # E = 1 / (1 + 10^1.25) = 0.0532...; win 20 × 0.9468 = 18.94 → 19; 32 × 0.9468 = 30.30 → 30.
    assert f"{single_game(1500, 2000, 20).expected.value * 100:.1f}" == "5.3"
    assert _rounded(1500, 2000, 20)[0] == 19
    assert _rounded(1500, 2000, 32)[0] == 30
    fide = single_game(1500, 2000, 20, Method.FIDE, rules=S2025)
    # D = −500 counts as −400 → PD (lower) 0.08; win 20 × 0.92 = 18.40 → 18.
    assert fide.expected.diff_used == -400
    assert fide.expected.pd == 8
    assert fide.expected.clamped
    assert fide.outcomes["win"].change == Decimal("18.40")
    assert fide.outcomes["win"].rounded == 18


@pytest.mark.parametrize(
    ("k", "win", "draw"),
    [(10, "6.40", "1.40"), (20, "12.80", "2.80"), (40, "25.60", "5.60")],
)
def test_1800_vs_1900_exact_changes(k: int, win: str, draw: str) -> None:
    # A French calculator page prints +12.81 and +25.61; the formula gives 12.8013 and 25.6026.
    game = single_game(1800, 1900, k)
    assert game.outcomes["win"].change_cents == Decimal(win)
    assert game.outcomes["draw"].change_cents == Decimal(draw)


def test_series_one_win_k32_exact_gives_1520_48() -> None:
    steps = series(1500, 1600, 32, 1, Fraction(1), exact=True)
    assert f"{steps[0].rating_after:.2f}" == "1520.48"


def test_series_rounds_each_step_unless_exact_and_gains_shrink() -> None:
    steps = series(1500, 1600, 32, 5, Fraction(1))
    assert steps[0].rating_after == 1520  # 20.48 → 20
    gains = [s.change for s in steps]
    assert all(a >= b for a, b in pairwise(gains))
    assert all(s.change == int(s.change) for s in steps)
    exact = series(1500, 1600, 32, 5, Fraction(1), exact=True)
    assert any(s.change != int(s.change) for s in exact)


def test_several_games_average_opponent_shortcut() -> None:
    # 5 games vs 1600 with 2.5 points, K 20: 20 × (2.5 − 5 × 0.359935) = 14.0065 → +14.
    result = several_games(1500, 1600, 20, 5, Fraction(5, 2))
    assert f"{result.change:.2f}" == "14.01"
    assert result.rounded == 14
    assert result.new_rating == 1514


def test_several_games_fide_uses_exact_hundredths() -> None:
    # 1500 vs 1600: D = −100 → PD 0.36. 4 games, 3 points, K 20: 20 × (3 − 1.44) = 31.20.
    result = several_games(1500, 1600, 20, 4, Fraction(3), Method.FIDE, rules=S2025)
    assert result.change == Decimal("31.2")
    assert result.rounded == 31


def test_tier_crossing_is_marked() -> None:
    # 1590 beats 1600 with K 20: E = 0.4856, +10.29 → 1600, Gold → Platinum.
    win = single_game(1590, 1600, 20).outcomes["win"]
    assert win.new_rating == 1600
    assert win.crossing is not None
    assert (win.crossing.before.name, win.crossing.after.name) == ("Gold", "Platinum")
    assert win.crossing.direction == "up"
