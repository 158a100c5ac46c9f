"""Properties of the rating core (hypothesis)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from elotui.rating.calculator import Method, single_game
from elotui.rating.elo import expected_score
from elotui.rating.fide import capped_k, game_delta
from elotui.rating.rounding import round_half_away
from elotui.rating.rules import rule_set_named

S2025 = rule_set_named("S2025")  # the rules in force since 2025-10: a test names its rules

ratings = st.integers(min_value=100, max_value=3500)
ks = st.integers(min_value=1, max_value=100)


@given(ratings, ratings)
def test_expected_scores_of_both_players_add_up_to_one(a: int, b: int) -> None:
    assert abs(expected_score(a, b) + expected_score(b, a) - 1) < 1e-12


@given(ratings, ratings, ratings, ks, st.sampled_from(list(Method)))
def test_a_higher_opponent_never_lowers_a_wins_gain(
    own: int, a: int, b: int, k: int, method: Method
) -> None:
    low, high = sorted((a, b))
    gain_low = single_game(own, low, k, method, rules=S2025).outcomes["win"].change
    gain_high = single_game(own, high, k, method, rules=S2025).outcomes["win"].change
    assert gain_high >= gain_low


@given(ks, st.integers(min_value=0, max_value=500))
def test_the_700_cap_never_raises_k(k: int, n: int) -> None:
    capped = capped_k(k, n, S2025)
    assert 0 <= capped <= k
    if n and k * n > 700:
        # the largest whole K with K × n ≤ 700
        assert capped * n <= 700 < (capped + 1) * n
    else:
        assert capped == k


@given(
    st.fractions(max_denominator=1000), st.floats(allow_nan=False, allow_infinity=False, width=32)
)
def test_rounding_is_symmetric(x: Fraction, f: float) -> None:
    assert round_half_away(-x) == -round_half_away(x)
    assert round_half_away(-f) == -round_half_away(f)


@given(st.integers(min_value=-10_000, max_value=10_000))
def test_halves_round_away_from_zero(n: int) -> None:
    half = Fraction(2 * n + 1, 2)
    assert round_half_away(half) == (n + 1 if n >= 0 else n)


@given(ratings, ratings)
def test_fide_pd_of_the_pair_adds_to_one_when_both_are_capped(a: int, b: int) -> None:
    # Below 2650 both players see the same clamped difference, so the two PDs add to 1.00.
    if a < 2650 and b < 2650:
        pair = (
            game_delta(a, b, Fraction(1), rules=S2025),
            game_delta(b, a, Fraction(1), rules=S2025),
        )
        assert pair[0].pd + pair[1].pd == 100


@given(st.integers(min_value=-(10**9), max_value=10**9))
def test_rounding_whole_hundredths_is_rounding_half_away(hundredths: int) -> None:
    # The replay's int-only rounding and the exact one agree (±x.50 away from zero included).
    from elotui.rating.rounding import round_hundredths

    assert round_hundredths(hundredths) == round_half_away(Fraction(hundredths, 100))
