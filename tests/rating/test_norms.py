"""Title norms (rules.md §5): every clause with a case met and one missed by one, worked by hand.

The base is a GM norm exactly on the edge of its performance: 9 games, 6½ points, Ra 2434, Rp 2600.
Each test changes one thing of it and says by hand what the clause then finds.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from fractions import Fraction

import pytest

from elotui.i18n import set_language
from elotui.rating.norms import (
    NormGame,
    NormInput,
    NormOpponent,
    Reason,
    least_points,
    norm_need,
    norm_ratings,
    norm_verdict,
    norm_verdicts,
    rating_need,
    title_of,
)
from elotui.rating.performance import Performance

WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)
START = date(2024, 6, 1)

# Sum 21902 → 21902 / 9 = 2433.56 → Ra 2434. Lowest 2372 is above every floor: nothing raised.
RATINGS = [2500, 2480, 2460, 2450, 2440, 2420, 2400, 2380, 2372]
# 6 wins and a draw: 6½ / 9 = 72.2 % → 72 % → dp 166 → Rp 2434 + 166 = 2600.
SCORES = [WIN, WIN, WIN, WIN, WIN, WIN, DRAW, LOSS, LOSS]
# Title-holders: 3 GM, 3 IM, FM, WGM = 8 of 9 (5 needed); GMs 3 (3 needed).
TITLES = ["GM", "GM", "GM", "IM", "IM", "IM", "FM", "WGM", ""]
# Player FRA. Foreign: GER, NED, ESP, ENG, USA = 5 (2 needed); FRA 3 (at most 5); GER 2, FRA 3
# the most from one federation (at most 6).
FEDERATIONS = ["GER", "NED", "ESP", "FRA", "FRA", "ENG", "USA", "GER", "FRA"]


def games(
    ratings: Sequence[int | None] = RATINGS,
    scores: Sequence[Fraction] = SCORES,
    titles: Sequence[str] = TITLES,
    federations: Sequence[str] = FEDERATIONS,
) -> tuple[NormGame, ...]:
    return tuple(
        NormGame(NormOpponent(rating, title, federation), score)
        for rating, score, title, federation in zip(
            ratings, scores, titles, federations, strict=True
        )
    )


def event(
    played: tuple[NormGame, ...] | None = None,
    *,
    start: date = START,
    event_type: str = "ordinary",
    title: str = "",
) -> NormInput:
    played = games() if played is None else played
    return NormInput(title, "FRA", played, start, len(played), event_type)


def reason(verdict_reasons: Sequence[Reason], clause: str) -> Reason:
    (found,) = [r for r in verdict_reasons if r.clause == clause]
    return found


def parts(found: Reason) -> tuple[bool, object, object]:
    """Met, what the player has, what the clause allows."""
    return found.met, found.actual, found.required


def test_the_base_is_a_gm_norm_on_the_edge() -> None:
    verdict = norm_verdict(event(), "GM")
    assert verdict.performance == Performance(2434, 72, 166, 2600)
    assert verdict.raised is None
    assert verdict.rules == "T2024"
    assert verdict.met, [r.text for r in verdict.missed]
    # Every clause is said, each with its article of the 2024 text.
    assert [(r.clause, r.article) for r in verdict.reasons] == [
        ("games", "1.4.1"), ("score", "1.4.8 b"), ("average", "1.4.8 a"),
        ("performance", "1.4.8"), ("titled", "1.4.5"), ("norm-titled", "1.4.5"),
        ("foreign", "1.4.3"), ("own-federation", "1.4.4"), ("one-federation", "1.4.4"),
    ]  # fmt: skip


# --- games counted (1.4.1, 1.4.2) ----------------------------------------------------------------


def test_eight_games_miss_a_norm_nine_make_it() -> None:
    # The last game (a loss to the 2372) forfeited: 8 games counted, 9 needed.
    played = games()
    forfeited = (*played[:-1], played[-1]._replace(forfeit=True))
    counted = reason(norm_verdict(event(forfeited), "GM").reasons, "games")
    assert parts(counted) == (False, 8, 9)
    assert counted.text == "missed: 8 games counted, 9 needed (1.4.1)"
    assert reason(norm_verdict(event(), "GM").reasons, "games").met


def test_a_seven_round_team_championship_needs_seven_games() -> None:
    # The user's flag lowers the minimum to 7: 7 games met, 6 missed.
    seven = event(games()[:7], event_type="team-7-rounds")
    six = event(games()[:6], event_type="team-7-rounds")
    assert reason(norm_verdict(seven, "GM").reasons, "games").met
    missed = reason(norm_verdict(six, "GM").reasons, "games")
    assert parts(missed) == (False, 6, 7)
    assert "norm-event-types" in norm_verdict(seven, "GM").decisions


# --- the score (1.4.8 b) ---------------------------------------------------------------------------


def test_the_35_percent_score_met_and_missed_by_half_a_point() -> None:
    # 35 % of 9 = 3.15: the least score in halves is 3½ (38.9 %); 3 (33.3 %) misses.
    assert least_points(9, Fraction(35, 100)) == Fraction(7, 2)
    low = [WIN, WIN, WIN, DRAW, LOSS, LOSS, LOSS, LOSS, LOSS]  # 3½
    met = reason(norm_verdict(event(games(scores=low)), "WIM").reasons, "score")
    assert parts(met) == (True, Fraction(7, 2), Fraction(7, 2))
    lower = [WIN, WIN, WIN, LOSS, LOSS, LOSS, LOSS, LOSS, LOSS]  # 3
    assert not reason(norm_verdict(event(games(scores=lower)), "WIM").reasons, "score").met


def test_the_35_percent_is_compared_exactly_not_rounded() -> None:
    # 13 games: 35 % is 4.55, so 5 points are needed; 4½ is 34.6 %, which rounds to 35 % but misses
    # (our decision, named in every verdict). 20 games: 7 points are exactly 35 %, met.
    assert least_points(13, Fraction(35, 100)) == 5
    assert least_points(20, Fraction(35, 100)) == 7
    thirteen = games(
        ratings=[2400] * 13, scores=[WIN] * 4 + [DRAW] + [LOSS] * 8, titles=["GM"] * 13,
        federations=["GER", "NED", "ESP", "ENG", "USA"] * 2 + ["GER", "NED", "ESP"],
    )  # fmt: skip
    verdict = norm_verdict(event(thirteen), "IM")
    assert not reason(verdict.reasons, "score").met
    assert "norm-score-exact" in verdict.decisions


# --- the opponents' ratings (1.4.6, 1.4.7) ----------------------------------------------------------


def test_only_the_lowest_opponent_is_raised_to_the_floor() -> None:
    # GM floor 2200: 2100 (the lowest) becomes 2200, 2150 stays below it.
    opponents = [NormOpponent(2400), NormOpponent(2150), NormOpponent(2100)]
    assert norm_ratings(opponents, 2200, 1400) == ([2400, 2150, 2200], (2100, 2200))
    # At the floor, no raise; one point below it, a raise of one.
    assert norm_ratings([NormOpponent(2200)], 2200, 1400) == ([2200], None)
    assert norm_ratings([NormOpponent(2199)], 2200, 1400) == ([2200], (2199, 2200))


def test_two_unrated_opponents_one_raised_the_other_at_1400() -> None:
    # IM norm: unrated count 1400, one of them raised to 2050, the other stays 1400.
    opponents = [NormOpponent(None), NormOpponent(None), NormOpponent(2400)]
    assert norm_ratings(opponents, 2050, 1400) == ([2050, 1400, 2400], (1400, 2050))


def test_the_worked_example_of_a_gm_performance() -> None:
    # 9 games, 6½ points against 2450, 2420, 2380, 2500, 2390, 2410, 2360, 2440, 2150: for a GM
    # norm the 2150 is raised to 2200, Ra = 21550 / 9 = 2394.4 → 2394, 72 % → 166, Rp 2560 < 2600.
    # For an IM norm (floor 2050) nothing is raised: 21500 / 9 = 2388.9 → 2389, Rp 2555 ≥ 2450.
    ratings = [2450, 2420, 2380, 2500, 2390, 2410, 2360, 2440, 2150]
    played = games(ratings=ratings)
    gm = norm_verdict(event(played), "GM")
    assert gm.raised == (2150, 2200)
    assert gm.performance == Performance(2394, 72, 166, 2560)
    assert not reason(gm.reasons, "performance").met
    im = norm_verdict(event(played), "IM")
    assert im.raised is None
    assert im.performance == Performance(2389, 72, 166, 2555)
    assert reason(im.reasons, "performance").met


def test_the_average_rounds_half_up() -> None:
    # 10 games, sum 24345: 2434.5 → 2435 (half up, never to even).
    ratings = [2500, 2480, 2460, 2450, 2440, 2420, 2400, 2380, 2372, 2443]
    played = games(
        ratings=ratings, scores=[*SCORES, DRAW], titles=[*TITLES, "GM"],
        federations=[*FEDERATIONS, "NED"],
    )  # fmt: skip
    assert sum(ratings) == 24345
    verdict = norm_verdict(event(played), "GM")
    assert verdict.performance is not None
    assert verdict.performance.average == 2435


@pytest.mark.parametrize(
    ("start", "rules", "average"),
    [
        # Two unrated opponents in an IM norm with seven 2400s: one raised to 2050, the other at the
        # edition's value. 2024: (2050 + 1400 + 16800) / 9 = 2250. 2017: (2050 + 1000 + 16800) / 9
        # = 2205.6 → 2206.
        (date(2024, 1, 1), "T2024", 2250),
        (date(2023, 12, 31), "T2017", 2206),
    ],
)
def test_unrated_opponents_by_edition(start: date, rules: str, average: int) -> None:
    played = games(ratings=[None, None, *[2400] * 7])
    verdict = norm_verdict(event(played, start=start), "IM")
    assert verdict.rules == rules
    assert verdict.unrated == 2
    assert verdict.performance is not None
    assert verdict.performance.average == average


def test_an_event_before_2017_07_is_read_with_t2017_and_marked() -> None:
    verdict = norm_verdict(event(start=date(2017, 6, 30)), "GM")
    assert verdict.rules == "T2017"
    assert verdict.decisions[0] == "norm-before-modelled"
    assert "norm-before-modelled" not in norm_verdict(event(start=date(2017, 7, 1)), "GM").decisions


# --- the performance and the average (1.4.8) --------------------------------------------------------


def test_rp_2600_meets_a_gm_norm_2599_misses_it() -> None:
    # The 2372 one point lower: sum 21901 / 9 = 2433.44 → 2433, Rp 2433 + 166 = 2599.
    lower = norm_verdict(event(games(ratings=[*RATINGS[:-1], 2371])), "GM")
    performance = reason(lower.reasons, "performance")
    assert parts(performance) == (False, 2599, 2600)
    assert lower.missed == (performance,)
    assert reason(norm_verdict(event(), "GM").reasons, "performance").met


def test_the_minimum_average_2380_met_and_2379_missed() -> None:
    # 8 of 9 (88.9 % → 89 % → +351): Rp is far above 2600, only Ra decides.
    # 21420 / 9 = 2380; with the last 9 points lower, 21411 / 9 = 2379.
    ratings = [2500, 2480, 2460, 2400, 2380, 2340, 2300, 2290, 2270]
    scores = [WIN] * 8 + [LOSS]
    assert sum(ratings) == 21420
    met = norm_verdict(event(games(ratings=ratings, scores=scores)), "GM")
    assert met.met, [r.text for r in met.missed]
    missed = norm_verdict(event(games(ratings=[*ratings[:-1], 2261], scores=scores)), "GM")
    average = reason(missed.reasons, "average")
    assert parts(average) == (False, 2379, 2380)
    assert missed.missed == (average,)


# --- titled opponents (1.4.5) -----------------------------------------------------------------------


def test_half_the_opponents_title_holders() -> None:
    # 9 games: 4.5 → 5 needed. 3 GM, FM, WIM = 5 met; with the FM a CM (not a title-holder), 4.
    five = ["GM", "GM", "GM", "FM", "WIM", "CM", "WCM", "", ""]
    four = ["GM", "GM", "GM", "CM", "WIM", "CM", "WCM", "", ""]
    assert reason(norm_verdict(event(games(titles=five)), "GM").reasons, "titled").met
    missed = reason(norm_verdict(event(games(titles=four)), "GM").reasons, "titled")
    assert parts(missed) == (False, 4, 5)


def test_a_third_of_the_norms_title_at_least_three() -> None:
    # GM norm of 9 games: 3 GMs needed (9 / 3 = 3, and at least 3); 2 GMs and an IM miss by one.
    two = ["GM", "GM", "IM", "IM", "IM", "IM", "FM", "WGM", ""]
    missed = reason(norm_verdict(event(games(titles=two)), "GM").reasons, "norm-titled")
    assert parts(missed) == (False, 2, 3)
    # The same opponents make 6 of an IM norm's titles (GM or IM), 3 needed.
    assert reason(norm_verdict(event(games(titles=two)), "IM").reasons, "norm-titled").met


def test_a_third_of_twelve_games_is_four() -> None:
    # 12 games: 12 / 3 = 4 GMs needed: 4 met, 3 missed.
    base = games()
    extra = games(
        ratings=[2500, 2500, 2500], scores=[DRAW] * 3, titles=["IM", "IM", "IM"],
        federations=["GER", "NED", "ESP"],
    )  # fmt: skip
    three_gms = (*base, *extra)
    missed = reason(norm_verdict(event(three_gms), "GM").reasons, "norm-titled")
    assert parts(missed) == (False, 3, 4)
    four_gms = (
        *base,
        extra[0]._replace(opponent=extra[0].opponent._replace(title="GM")),
        *extra[1:],
    )
    assert reason(norm_verdict(event(four_gms), "GM").reasons, "norm-titled").met


@pytest.mark.parametrize(
    ("title", "counted"),
    [
        # Of 3 GM, 3 IM, FM, WGM, "": GM counts 3; IM 6; WGM (WGM, IM, GM) 7; WIM (also WIM) 7.
        ("GM", 3),
        ("IM", 6),
        ("WGM", 7),
        ("WIM", 7),
    ],
)
def test_which_titles_each_norm_counts(title: str, counted: int) -> None:
    verdicts = {v.title: v for v in norm_verdicts(event())}
    assert reason(verdicts[title].reasons, "norm-titled").actual == counted  # type: ignore[index]


# --- federations (1.4.3, 1.4.4) ---------------------------------------------------------------------


def test_two_foreign_federations_met_one_missed() -> None:
    # Player FRA: 5 FRA, 3 GER, 1 NED → 2 foreign (met); 5 FRA, 4 GER → 1 foreign (missed).
    two = ["FRA"] * 5 + ["GER"] * 3 + ["NED"]
    one = ["FRA"] * 5 + ["GER"] * 4
    assert reason(norm_verdict(event(games(federations=two)), "GM").reasons, "foreign").met
    missed = reason(norm_verdict(event(games(federations=one)), "GM").reasons, "foreign")
    assert parts(missed) == (False, 1, 2)


def test_three_fifths_from_the_own_federation_exceeded_by_one() -> None:
    # 9 games: 3/5 · 9 = 5.4 → at most 5 FRA. 6 FRA, 2 GER, 1 NED: 6 > 5 (missed); 2 foreign and at
    # most 6 from one federation still met.
    six = ["FRA"] * 6 + ["GER"] * 2 + ["NED"]
    verdict = norm_verdict(event(games(federations=six)), "GM")
    own = reason(verdict.reasons, "own-federation")
    assert parts(own) == (False, 6, 5)
    assert verdict.missed == (own,)
    five = ["FRA"] * 5 + ["GER"] * 3 + ["NED"]
    assert reason(norm_verdict(event(games(federations=five)), "GM").reasons, "own-federation").met


def test_two_thirds_from_one_federation_exceeded_by_one() -> None:
    # 9 games: 2/3 · 9 = 6 at most from one federation. 6 GER met; 7 GER, 1 NED, 1 FRA missed.
    six = ["GER"] * 6 + ["NED", "ESP", "FRA"]
    seven = ["GER"] * 7 + ["NED", "FRA"]
    assert reason(norm_verdict(event(games(federations=six)), "GM").reasons, "one-federation").met
    verdict = norm_verdict(event(games(federations=seven)), "GM")
    one = reason(verdict.reasons, "one-federation")
    assert parts(one) == (False, 7, 6)
    assert verdict.missed == (one,)


def test_a_national_championship_lifts_the_federation_clauses() -> None:
    # Every opponent FRA: ordinary, three clauses missed; a national championship final, all met.
    home = games(federations=["FRA"] * 9)
    ordinary = norm_verdict(event(home), "GM")
    assert [r.clause for r in ordinary.missed] == ["foreign", "own-federation", "one-federation"]
    national = norm_verdict(event(home, event_type="national-championship"), "GM")
    assert national.met
    assert all(r.exempt for r in national.reasons if r.clause in {"foreign", "own-federation"})


# --- the player and the TRF's titles ----------------------------------------------------------------


def test_a_held_title_is_said() -> None:
    # An IM needs no IM or WIM norm any more, still a GM (and a WGM) norm.
    held = {v.title: v.held for v in norm_verdicts(event(title="IM"))}
    assert held == {"GM": False, "IM": True, "WGM": False, "WIM": True}


@pytest.mark.parametrize(
    ("text", "title"),
    [("GM", "GM"), ("g", "GM"), ("m", "IM"), ("wg", "WGM"), (" wm", "WIM"), ("f", "FM"),
     ("c", "CM"), ("WFM", "WFM"), ("", ""), ("x", "")],
)  # fmt: skip
def test_titles_as_a_trf_writes_them(text: str, title: str) -> None:
    assert title_of(text) == title


# --- before the last rounds -------------------------------------------------------------------------


def test_what_the_last_two_rounds_need_for_a_gm_norm() -> None:
    # Played: the base's first seven games with the first win made a loss, 5½ points. Remaining,
    # assumed: the 2380 WGM (GER) and the 2372 (FRA). Ra 2434 whatever the results.
    # 6½ / 9 → 72 % → Rp 2600 (met); 6 / 9 → 67 % → +125 → 2559 (missed). So 1 point is the least.
    played = games()[:7]
    played = (played[0]._replace(score=LOSS), *played[1:])
    assert sum(g.score for g in played) == Fraction(11, 2)
    remaining = [g.opponent for g in games()[7:]]
    need = norm_need(event(played)._replace(rounds=9), "GM", remaining)
    assert need.min_points == 1
    assert need.verdict.met
    assert need.verdict.performance == Performance(2434, 72, 166, 2600)


def test_a_norm_out_of_reach_says_why() -> None:
    # 3 points from 7: even 5 of 9 (55.6 % → 56 % → +43) gives Rp 2477 < 2600.
    played = games(scores=[WIN, WIN, WIN, LOSS, LOSS, LOSS, LOSS, LOSS, LOSS])[:7]
    remaining = [g.opponent for g in games()[7:]]
    need = norm_need(event(played), "GM", remaining)
    assert need.min_points is None
    assert [r.clause for r in need.verdict.missed] == ["performance"]
    assert need.verdict.performance == Performance(2434, 56, 43, 2477)


def test_what_the_last_rounds_need_for_a_rating_target() -> None:
    # Ro 2400, K 10, one game won against a 2400 (+5) and one against an unrated (not rated).
    # Two more against 2400s: 2 of 3 against 2400s is W − We = 2 − 1.5 = +0.5, ×10 = +5 → 2405.
    # So 1 point in the two is the least to reach 2405; ½ gives 0 → 2400.
    played = (NormGame(NormOpponent(2400), WIN), NormGame(NormOpponent(None), WIN))
    remaining = [NormOpponent(2400), NormOpponent(2400)]
    need = rating_need(event(played), 2400, 10, 2405, remaining)
    assert need.min_points == 1
    assert need.rating_after == 2405


def test_a_reason_is_said_in_french() -> None:
    # The language is reset to English after each test (tests/conftest.py).
    set_language("fr")
    played = games()
    forfeited = (*played[:-1], played[-1]._replace(forfeit=True))
    counted = reason(norm_verdict(event(forfeited), "GM").reasons, "games")
    assert counted.text == "manqué\u00a0: 8 parties comptées, 9 requises (1.4.1)"
