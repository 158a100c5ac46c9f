"""Every cell of rules.md §3.2 (standard), §3.3 (rapid/blitz, the rules only), §3.4 (uplift), §3.5
(calendar) and §3.6 (initial rating), worked by hand.

PD values come from table 8.1.2, dp values from table 8.1.1 (rules.md §1.1; their rows are in
tests/rating/test_tables.py); each test says which rows it reads. Changes are K·ΣΔR in hundredths,
rounded once per period, 0.5 away from zero.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from elotui.rating.calendar import (
    list_month,
    month_label,
    parse_month,
    period_months,
    period_of_end,
)
from elotui.rating.initial_rating import initial_rating
from elotui.rating.replay import Replay, ReplayGame, ReplayPeriod, ReplayPlayer, replay
from elotui.rating.rules import rule_set_named, rules_for
from elotui.rating.rules.difference import counted_diff, not_rated
from elotui.rating.rules.k import KProfile, capped_k, k_factor
from elotui.rating.rules.period_change import PeriodGame, period_change
from elotui.rating.rules.uplift import uplifted

WIN, DRAW, LOSS = 2, 1, 0
S2006, S2009, S2011, S2012, S2014, S2022, S2024, S2025 = (
    rule_set_named(name)
    for name in ("S2006", "S2009", "S2011", "S2012", "S2014", "S2022", "S2024", "S2025")
)


def day(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


def game(on: str, opponent_rating: int | None, halves: int, **fields: object) -> ReplayGame:
    return ReplayGame(day(on), opponent_rating, halves, **fields)  # type: ignore[arg-type]


def adult(start: int | None, **fields: object) -> ReplayPlayer:
    """Born 1970 with 100 games: the regular K of each era (15 before 2014-07, 20 after)."""
    values: dict[str, object] = {"birth_year": 1970, "games_before": 100, **fields}
    return ReplayPlayer("Tester", start_rating=start, **values)  # type: ignore[arg-type]


def only(result: Replay, label: str) -> ReplayPeriod:
    (found,) = [p for p in result.periods if p.period == label]
    return found


# --- rules_for: which rule set governs an event starting on a day (rules.md §3.2, §3.3) ----------------


@pytest.mark.parametrize(
    ("rating_list", "start", "name"),
    [
        ("standard", "2006-04-01", "S2006"),
        ("standard", "2009-06-30", "S2006"),
        ("standard", "2009-07-01", "S2009"),
        ("standard", "2011-07-01", "S2011"),
        ("standard", "2012-07-01", "S2012"),
        ("standard", "2014-07-01", "S2014"),
        ("standard", "2021-12-31", "S2014"),
        ("standard", "2022-01-01", "S2022"),
        ("standard", "2024-02-29", "S2022"),
        ("standard", "2024-03-01", "S2024"),
        ("standard", "2025-09-30", "S2024"),
        ("standard", "2025-10-01", "S2025"),
        ("standard", "2001-05-05", "S2006"),  # before the modelled rules: the first rule set
        ("rapid", "2012-01-01", "RB2012"),
        ("blitz", "2021-12-31", "RB2012"),
        ("rapid", "2022-01-01", "RB2022"),
        ("blitz", "2022-10-01", "RB2022-10"),
        ("rapid", "2024-03-01", "RB2024"),
        ("blitz", "2024-12-01", "RB2024-12"),
    ],
)
def test_the_rule_set_of_an_event_start(rating_list: str, start: str, name: str) -> None:
    rules = rules_for(rating_list, day(start))  # type: ignore[arg-type]
    assert (rules.name, rules.rating_list) == (name, rating_list)


# --- rules.md §3.2: difference rule ---------------------------------------------------------------------


def test_350_rule_of_2006_issue_example() -> None:
    # 2235 beats 1700 in 2008-06, K 15: D 535 counts as 350 → PD .89 (row 345–357) → ΔR .11 → +1.65.
    result = period_change(
        2235,
        [PeriodGame(1700, Fraction(1), played_on=day("2008-06-10"))],
        15,
        rules=rules_for("standard", day("2008-06-10")),
    )
    assert result.games[0].diff_used == 350
    assert result.change == Fraction("1.65")
    assert result.games[0].rules == "S2006"


def test_400_rule_of_2009_issue_example() -> None:
    # The same game in 2010: D 535 counts as 400 → PD .92 (row 392–411) → ΔR .08 × 15 → +1.20.
    result = period_change(
        2235,
        [PeriodGame(1700, Fraction(1), played_on=day("2010-03-10"))],
        15,
        rules=rules_for("standard", day("2010-03-10")),
    )
    assert result.games[0].diff_used == 400
    assert result.change == Fraction("1.20")


def test_the_350_and_400_rules_in_the_replay() -> None:
    player = adult(2235)
    # 2008-06 is in the quarterly period Apr–Jun 2008 (list 2008-07): K 15 (S2006, 100 games, < 2400).
    # 15 × .11 = 1.65 → +2 → 2237.
    period = replay(player, [game("2008-06-10", 1700, WIN)], {}).periods[0]
    assert (period.period, period.rules, period.k) == ("2008-04", "S2006", 15)
    assert (period.change_hundredths, period.rating_end) == (165, 2237)
    # 2010-03 (bi-monthly Mar–Apr, list 2010-05), S2009: 15 × .08 = 1.20 → +1 → 2236.
    period = replay(player, [game("2010-03-10", 1700, WIN)], {}).periods[0]
    assert (period.period, period.rules, period.k) == ("2010-03", "S2009", 15)
    assert (period.change_hundredths, period.rating_end) == (120, 2236)


def test_2022_400_rule_once_per_event_for_the_higher_rated_player() -> None:
    # A 2023 event, two wins against players 500 and 450 points below (the player is the higher rated,
    # so the 400 rule is a benefit: rules.md §3.2's notes). Only the game with the largest |D| (500)
    # counts as 400: PD .92 (row 392–411); the 450 one counts in full: PD .94 (row 433–456).
    # ΔR .08 + .06 = .14; K 20 (S2022, 100 games) → 2.80 → +3 → 2003.
    games = [
        game("2023-05-10", 1500, WIN, event="Open", event_start=day("2023-05-10")),
        game("2023-05-11", 1550, WIN, event="Open", event_start=day("2023-05-10")),
    ]
    result = replay(adult(2000), games, {})
    period = result.periods[0]
    assert period.rules == "S2022"
    assert [(g.diff_used, g.clamped, g.expected) for g in result.games] == [
        (400, True, 92),
        (450, False, 94),
    ]
    assert (period.clamped, period.change_hundredths, period.rating_end) == (1, 280, 2003)
    assert period.uncertain == ()  # A: the rule as written, no decision needed


def test_2022_lower_rated_differences_count_as_400_in_every_game() -> None:
    # The mirror: 500 and 450 points below the opponents. The limit does not help the lower-rated
    # player, so it applies in every game (our decision, marked): both count as −400 → PD .08.
    # Two losses: ΔR −.08 −.08 = −.16; K 20 → −3.20 → −3 → 1497.
    games = [
        game("2023-05-10", 2000, LOSS, event="Open", event_start=day("2023-05-10")),
        game("2023-05-11", 1950, LOSS, event="Open", event_start=day("2023-05-10")),
    ]
    result = replay(adult(1500), games, {})
    period = result.periods[0]
    assert [(g.diff_used, g.expected) for g in result.games] == [(-400, 8), (-400, 8)]
    assert (period.change_hundredths, period.rating_end) == (-320, 1497)
    assert any("lower-rated" in text for text in period.uncertain)


def test_2022_once_per_event_counts_each_event_apart() -> None:
    # Two events, one game each 500 below: each event has its own one upgrade → both 400 → .92.
    # ΔR .08 + .08; K 20 → 3.20 → +3.
    games = [
        game("2023-05-10", 1500, WIN, event="A", event_start=day("2023-05-10")),
        game("2023-05-11", 1500, WIN, event="B", event_start=day("2023-05-11")),
    ]
    period = replay(adult(2000), games, {}).periods[0]
    assert (period.clamped, period.change_hundredths) == (2, 320)


def test_2024_400_rule_every_game() -> None:
    # The same two games of one event in 2024-05 (S2024): both count as 400 → .92, .92.
    # ΔR .16; K 20 → 3.20 → +3.
    games = [
        game("2024-05-10", 1500, WIN, event="Open", event_start=day("2024-05-10")),
        game("2024-05-11", 1550, WIN, event="Open", event_start=day("2024-05-10")),
    ]
    result = replay(adult(2000), games, {})
    assert [g.expected for g in result.games] == [92, 92]
    assert (result.periods[0].rules, result.periods[0].change_hundredths) == ("S2024", 320)


def test_2025_no_limit_from_2650() -> None:
    # FIDE's calculator game C17 (rules.md §1.2): 2700 beats 2200, K 10. From 2025-10 D 500 counts
    # in full → .96 → ΔR .04 → +0.40; in 2025-09 (S2024) it counts as 400 → .92 → +0.80. A 2649 player is limited.
    after = period_change(
        2700,
        [PeriodGame(2200, Fraction(1), played_on=day("2025-10-01"))],
        10,
        rules=rules_for("standard", day("2025-10-01")),
    )
    before = period_change(
        2700,
        [PeriodGame(2200, Fraction(1), played_on=day("2025-09-30"))],
        10,
        rules=rules_for("standard", day("2025-09-30")),
    )
    assert (after.change, before.change) == (Fraction("0.4"), Fraction("0.8"))
    assert counted_diff(S2025, 2649, 2149) == 400


def test_rapid_blitz_difference_rules() -> None:
    rb2012 = rules_for("rapid", day("2015-01-01"))
    # RB2012: no limit, the table runs to 735: D 535 → .97 (row 518–559).
    assert counted_diff(rb2012, 2235, 1700) == 535
    assert period_change(
        2235, [PeriodGame(1700, Fraction(1))], 20, rules=rb2012
    ).change == Fraction("0.6")  # ΔR .03 × 20
    # RB2022: 400 once per event (as S2022); RB2024: every game, no 2650 exemption.
    assert rules_for("blitz", day("2022-05-01")).difference.once_per_event
    assert counted_diff(rules_for("rapid", day("2024-06-01")), 2700, 2200) == 400
    # RB2024-12: not rated when |D| ≥ 600 and either player is above 2600.
    rb2024_12 = rules_for("blitz", day("2024-12-01"))
    assert not_rated(rb2024_12, 2650, 2050)  # D 600, 2650 > 2600
    assert not not_rated(rb2024_12, 2600, 2000)  # nobody above 2600
    assert not not_rated(rb2024_12, 2650, 2051)  # D 599
    assert not not_rated(rules_for("blitz", day("2024-11-30")), 2650, 2050)


# --- rules.md §3.2: K ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules_name", "profile", "year", "k"),
    [
        # S2006/S2009: 10 needs published 2400 AND 30 games; 25 until 30 games; else 15.
        ("S2006", KProfile(1970, 30, reached_2400=True, reached_2300=True), 2008, 10),
        ("S2006", KProfile(1970, 29, reached_2400=True, reached_2300=True), 2008, 25),
        ("S2006", KProfile(1970, 29), 2008, 25),
        ("S2006", KProfile(1995, 30), 2008, 15),  # no junior K before 2014-07
        ("S2009", KProfile(1970, 29), 2010, 25),
        ("S2009", KProfile(1970, 30), 2010, 15),
        # S2011/S2012: 30 until 30 games; else 15; 10 as before.
        ("S2011", KProfile(1970, 29), 2011, 30),
        ("S2012", KProfile(1970, 30), 2013, 15),
        ("S2012", KProfile(1970, 30, reached_2400=True, reached_2300=True), 2013, 10),
        # S2014 and later: 10 once published 2400 (no 30-game condition); junior 40 while never
        # 2300; 40 until 30 games; else 20.
        ("S2014", KProfile(1970, 5, reached_2400=True, reached_2300=True), 2015, 10),
        ("S2014", KProfile(2000, 100), 2015, 40),
        ("S2014", KProfile(2000, 100, reached_2300=True), 2015, 20),
        ("S2014", KProfile(1970, 29), 2015, 40),
        ("S2014", KProfile(1970, 30), 2015, 20),
        ("S2022", KProfile(2005, 100), 2023, 40),
        ("S2024", KProfile(2006, 100), 2024, 40),  # 2024 − 2006 = 18: to the end of that year
        ("S2024", KProfile(2006, 100), 2025, 20),
        ("S2025", KProfile(1970, 5, reached_2400=True, reached_2300=True), 2026, 10),
        ("S2025", KProfile(1970, 100, fixed_k=32), 2026, 32),  # a user's K replaces every era's
    ],
)
def test_k_by_era(rules_name: str, profile: KProfile, year: int, k: int) -> None:
    assert k_factor(rule_set_named(rules_name), profile, year)[0] == k


def test_rapid_blitz_k() -> None:
    # RB2012 and RB2022: 20 for everyone, even a 2400 player with 5 games; from 2022-10 the S2014 K.
    strong = KProfile(1970, 5, reached_2400=True, reached_2300=True)
    assert k_factor(rules_for("rapid", day("2013-01-01")), strong, 2013)[0] == 20
    assert k_factor(rules_for("blitz", day("2022-05-01")), KProfile(2010, 0), 2022)[0] == 20
    assert k_factor(rules_for("blitz", day("2022-10-01")), KProfile(2010, 0), 2022)[0] == 40
    assert k_factor(rules_for("rapid", day("2024-03-01")), strong, 2024)[0] == 10


def test_k_per_era_in_the_replay_30_games_and_2400() -> None:
    # A 2450 player (published 2400) with 20 games in 2008: S2006 still needs 30 games for K 10, so
    # K 25. Win vs 2450: ΔR .50 × 25 = 12.50 → +13 (0.5 away from zero) → 2463.
    player = adult(2450, games_before=20, reached_2400=True)
    period = replay(player, [game("2008-05-10", 2450, WIN)], {}).periods[0]
    assert (period.k, period.change_hundredths, period.rating_end) == (25, 1250, 2463)
    # The same with 30 games: K 10 → +5.
    player = adult(2450, games_before=30, reached_2400=True)
    assert replay(player, [game("2008-05-10", 2450, WIN)], {}).periods[0].k == 10
    # 2011-09 (S2011), a player with 10 games: K 30 → win vs 2000 from 2000: .50 × 30 = +15.
    period = replay(adult(2000, games_before=10), [game("2011-09-10", 2000, WIN)], {}).periods[0]
    assert (period.rules, period.k, period.rating_end) == ("S2011", 30, 2015)


def test_junior_k_in_the_year_of_the_18th_birthday_is_marked_before_2024() -> None:
    # Born 2000, 2018 (S2014): 2018 − 2000 = 18, junior K 40 read "to the end of the year" (the 2014
    # text said "until the 18th birthday"): marked. In 2017 (17) the two readings agree: not marked.
    player = ReplayPlayer("Junior", birth_year=2000, start_rating=1800, games_before=100)
    period = replay(player, [game("2018-05-10", 1800, DRAW)], {}).periods[0]
    assert period.k == 40 and any("junior" in text for text in period.uncertain)
    period = replay(player, [game("2017-05-10", 1800, DRAW)], {}).periods[0]
    assert period.k == 40 and period.uncertain == ()


# --- rules.md §3.2: 700 cap ---------------------------------------------------------------------------


def test_no_700_cap_before_2014_and_the_cap_after() -> None:
    # S2011: 50 games at K 15 (15 × 50 = 750 > 700) keep K 15; S2014: 36 games at K 20 → ⌊700/36⌋ = 19.
    assert capped_k(S2011, 15, 50) == 15
    assert capped_k(S2006, 25, 40) == 25
    assert capped_k(S2014, 20, 36) == 19
    assert capped_k(S2024, 40, 18) == 38  # 700 // 18 = 38 (rules.md §1.4)


def test_the_cap_in_the_replay_by_era() -> None:
    # 50 draws vs 2000 from 2000 in one period: ΔR 0 each, so only K matters.
    s2011 = [game(f"2011-09-{1 + i % 28:02d}", 2000, DRAW, event="Long") for i in range(50)]
    period = replay(adult(2000), s2011, {}).periods[0]
    # 2011-09 is the bi-monthly Sep–Oct period: K 15 uncapped (15 × 50 = 750: the missing cap is ours).
    assert (period.rules, period.k, period.k_applied) == ("S2011", 15, 15)
    assert any("700 cap" in text for text in period.uncertain)
    s2015 = [game(f"2015-05-{1 + i % 28:02d}", 2000, DRAW, event="Long") for i in range(36)]
    period = replay(adult(2000), s2015, {}).periods[0]
    assert (period.rules, period.k, period.k_applied) == ("S2014", 20, 19)
    assert any("700 cap" in text for text in period.uncertain)  # S2014's cap is D/C


# --- rules.md §3.2: floor -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules_name", "unrated"),
    [("S2006", True), ("S2009", False), ("S2011", False), ("S2012", False), ("S2014", False),
     ("S2022", False), ("S2024", True), ("S2025", True)],
)  # fmt: skip
def test_floor_by_era_at_1385(rules_name: str, unrated: bool) -> None:
    # 1405, two losses at D 0 (PD .50), K 20: −20 → 1385: below 1400 (S2006, S2024), not below 1200
    # (S2009, S2011) or 1000 (S2012–S2022).
    result = period_change(
        1405, [PeriodGame(1405, Fraction(0))] * 2, 20, rules=rule_set_named(rules_name)
    )
    assert result.new_rating == 1385
    assert result.unrated_next_list is unrated


def test_floors_in_the_replay() -> None:
    # Two losses at D 0, K 15 (adult, 100 games): −15.
    losses = ["-01-10", "-01-12"]
    # S2009 (2010-01, Jan–Feb): 1210 → 1195 < 1200: unrated on the next list.
    period = replay(adult(1210), [game("2010" + d, 1210, LOSS) for d in losses], {}).periods[0]
    assert (period.rating_end, period.unrated_next) == (1195, True)
    # S2012 (2013-01): 1195 is above 1000: still rated.
    period = replay(adult(1210), [game("2013" + d, 1210, LOSS) for d in losses], {}).periods[0]
    assert (period.rating_end, period.unrated_next) == (1195, False)
    # S2006 (2008-01, Jan–Mar): 1410 → 1395 < 1400 (our decision, marked).
    period = replay(adult(1410), [game("2008" + d, 1410, LOSS) for d in losses], {}).periods[0]
    assert (period.rating_end, period.unrated_next) == (1395, True)
    assert any("1400 floor" in text for text in period.uncertain)


# --- rules.md §3.2: rounding --------------------------------------------------------------------------


def test_rounding_once_per_period_is_marked_before_2024_where_per_event_differs() -> None:
    # Three one-game events, wins vs 1990 from 2000: D 10 → PD .51, ΔR .49, K 20 → 9.80 each.
    # Period 29.40 → +29; per event 10 + 10 + 10 = 30: the decision changed a number in 2023 (S2022).
    games = [game(f"2023-06-0{d}", 1990, WIN, event=f"E{d}") for d in (1, 2, 3)]
    period = replay(adult(2000), games, {}).periods[0]
    assert (period.change_rounded, period.per_event_rounded_total) == (29, 30)
    assert any("rounded once" in text for text in period.uncertain)
    # In 2025 the rule is FIDE's own text (A from 2024-03): same numbers, no mark.
    games = [game(f"2025-06-0{d}", 1990, WIN, event=f"E{d}") for d in (1, 2, 3)]
    period = replay(adult(2000), games, {}).periods[0]
    assert (period.change_rounded, period.uncertain) == (29, ())


# --- mixed eras and before the modelled rules -----------------------------------------------------------


def test_each_event_uses_its_start_and_the_period_the_later_eras_k() -> None:
    # Period 2014-07 (list 2014-08) holds an event started 2014-06-28 (S2012) ending 2014-07-01, and one
    # started 2014-07-10 (S2014). Each game uses its own difference rule (400 both: PD .50 at D 0);
    # K and cap come from S2014: 20 (S2012 would give 15). Two wins: ΔR 1.00 × 20 = +20.
    games = [
        game("2014-06-30", 2000, WIN, event="Old", event_start=day("2014-06-28"),
             event_end=day("2014-07-01")),
        game("2014-07-10", 2000, WIN, event="New", event_start=day("2014-07-10")),
    ]  # fmt: skip
    period = replay(adult(2000), games, {}).periods[0]
    assert (period.period, period.rules, period.k, period.rating_end) == (
        "2014-07",
        "S2014",
        20,
        2020,
    )
    assert any("two rule sets" in text for text in period.uncertain)


def test_a_period_mixing_350_and_400_rules() -> None:
    # Period 2009-07 (Jul–Aug): an event started 2009-06-28 (S2006, 350) ending 2009-07-02 and one
    # started 2009-07-10 (S2009, 400). 2235 beats 1700 in each: .11 + .08 = .19; K 15 → 2.85 → +3.
    games = [
        game("2009-07-01", 1700, WIN, event="June", event_start=day("2009-06-28"),
             event_end=day("2009-07-02")),
        game("2009-07-10", 1700, WIN, event="July", event_start=day("2009-07-10")),
    ]  # fmt: skip
    result = replay(adult(2235), games, {})
    assert [g.diff_used for g in result.games] == [350, 400]
    assert (result.periods[0].rules, result.periods[0].rating_end) == ("S2009", 2238)


def test_periods_before_2006_04_use_s2006_and_are_marked() -> None:
    # A 2005-11 game: quarterly period Oct–Dec 2005 (list 2006-01), replayed with S2006 (350 rule).
    period = replay(adult(2235), [game("2005-11-10", 1700, WIN)], {}).periods[0]
    assert (period.period, period.list_month, period.rules) == ("2005-10", "2006-01", "S2006")
    assert period.change_hundredths == 165  # as the 2008 case: 350 → .89 → .11 × 15
    assert any("before the modelled rules" in text for text in period.uncertain)


# --- rules.md §3.4: uplift ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "after"),
    # 1600 + round(.4 × 400) = 1760 and 1000 → 1400 (fide.com/news/2538), 1950 → 1970; 1001: 1001 +
    # round(399.6) = 1401; 1999: + round(0.4) = 1999; 2000 and 999 unchanged.
    [
        (1600, 1760),
        (1000, 1400),
        (1950, 1970),
        (1001, 1401),
        (1999, 1999),
        (2000, 2000),
        (999, 999),
    ],
)
def test_uplift_formula(before: int, after: int) -> None:
    uplift = S2024.uplift
    assert uplift is not None
    assert uplifted(uplift, before) == after


def test_1600_on_the_february_2024_list_becomes_1760() -> None:
    # Issue example: no games, February 2024 list 1600 → March 2024 list 1760 (+160).
    result = replay(adult(None), [], {"2024-02": 1600})
    (feb,) = result.periods
    assert (feb.rating_start, feb.rating_end, feb.uplift) == (1600, 1600, 160)
    assert result.current_rating == 1760
    # With a March game the period starts from the uplifted list.
    result = replay(adult(None), [game("2024-03-10", 1760, DRAW)], {"2024-02": 1600})
    march = only(result, "2024-03")
    assert (march.rating_start, march.start_source, march.rules) == (1760, "uplift", "S2024")


def test_a_published_march_2024_rating_still_wins_over_the_uplift() -> None:
    result = replay(adult(None), [], {"2024-02": 1600, "2024-03": 1750})
    (feb,) = result.periods
    assert (feb.uplift, feb.published, feb.matches_published) == (160, 1750, False)
    assert result.current_rating == 1750
    result = replay(adult(None), [], {"2024-02": 1600, "2024-03": 1760})
    assert result.periods[0].matches_published is True


# --- rules.md §3.5: calendar --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("end", "period", "feeds", "months"),
    [
        ("2008-05-15", "2008-04", "2008-07", 3),  # quarterly: Apr–Jun → the July list
        ("2009-06-20", "2009-04", "2009-07", 3),  # the last quarterly period
        ("2009-07-15", "2009-07", "2009-09", 2),  # the first bi-monthly: Jul–Aug 2009 → September
        ("2010-01-10", "2010-01", "2010-03", 2),  # issue: 2010-01 and 2010-02 share 2010-01 …
        ("2010-02-10", "2010-01", "2010-03", 2),  # … and feed the March 2010 list
        ("2012-06-10", "2012-05", "2012-07", 2),  # the last bi-monthly: May–Jun 2012
        ("2012-07-10", "2012-07", "2012-08", 1),  # July 2012 is the first one-month period
        ("2010-02-22", "2010-01", "2010-03", 2),  # 7 days before the 2010-03-01 list: in
        (
            "2010-02-23",
            "2010-03",
            "2010-05",
            2,
        ),  # 6 days before: the next period (7 before 2014-07)
        ("2008-06-24", "2008-04", "2008-07", 3),  # 7 days before 2008-07-01: in
        ("2008-06-25", "2008-07", "2008-10", 3),  # 6 days before: the next quarter
        ("2014-05-25", "2014-05", "2014-06", 1),  # 7 days before the 2014-06-01 list: in
        ("2014-05-26", "2014-06", "2014-07", 1),  # 6 days before: the next period
        ("2014-06-28", "2014-06", "2014-07", 1),  # list 2014-07-01: 3 days from then on: in
        ("2014-06-29", "2014-07", "2014-08", 1),  # 2 days before: the next period
        ("2026-08-30", "2026-09", "2026-10", 1),  # rules.md §3.5's example: the September period
        ("2026-09-28", "2026-09", "2026-10", 1),  # rules.md §3.5's example: 3 days before
    ],
)
def test_the_list_calendar(end: str, period: str, feeds: str, months: int) -> None:
    start = period_of_end(day(end))
    assert (month_label(start), month_label(list_month(start)), period_months(start)) == (
        period,
        feeds,
        months,
    )


def test_2010_01_and_2010_02_games_share_one_period_in_the_replay() -> None:
    # Two wins vs 2000 from 2000 in one bi-monthly period, K 15: ΔR 1.00 × 15 = +15 in one row.
    result = replay(adult(2000), [game("2010-01-10", 2000, WIN), game("2010-02-10", 2000, WIN)], {})
    (period,) = result.periods
    assert (period.period, period.list_month, period.months, period.n) == (
        "2010-01",
        "2010-03",
        2,
        2,
    )
    assert period.rating_end == 2015
    assert [g.period for g in result.games] == ["2010-01", "2010-01"]


def test_an_event_ending_2026_08_30_is_in_the_2026_09_period() -> None:
    games = [game("2026-08-29", 2000, WIN, event="Late", event_end=day("2026-08-30"))]
    result = replay(adult(2000), games, {})
    assert [p.period for p in result.periods] == ["2026-09"]
    assert result.games[0].period == "2026-09"


def test_periods_run_without_gaps_across_calendar_changes() -> None:
    # From the quarterly 2009-04 period to the monthly 2012-08: every period once, in order.
    result = replay(
        adult(2000), [game("2009-05-10", 2000, DRAW), game("2012-08-10", 2000, DRAW)], {}
    )
    labels = [p.period for p in result.periods]
    expected = ["2009-04", "2009-07", "2009-09", "2009-11"]
    expected += [f"{y}-{m:02d}" for y in (2010, 2011) for m in (1, 3, 5, 7, 9, 11)]
    expected += ["2012-01", "2012-03", "2012-05", "2012-07", "2012-08"]
    assert labels == expected


def test_a_month_is_parsed_in_one_place() -> None:
    assert parse_month("2010-03") == 2010 * 12 + 2
    assert parse_month(" 2010-03 ") == 2010 * 12 + 2  # what a user types, spaces around
    for bad in ("2010-3", "10-03", "march", "２０１０-03"):  # the last one in full-width digits
        with pytest.raises(ValueError, match="YYYY-MM"):
            parse_month(bad)
    with pytest.raises(ValueError, match="the month 2010-13 does not exist"):
        parse_month("2010-13")
    # The one range of elotui/dates.py: 1850-01-01 to 2200-12-31.
    with pytest.raises(ValueError, match="months go from 1850-01 to 2200-12, not 1849-12"):
        parse_month("1849-12")
    assert parse_month("2200-12") == 2200 * 12 + 11


def test_no_other_module_parses_a_month() -> None:
    # Issue 10 item 2: one month module. A month's shape (four digits, dash, two digits, end) is
    # written in calendar.py only; dates.py has the shape of a whole date.
    from pathlib import Path

    import elotui

    month_shape = 'r"([0-9]{4})-([0-9]{2})"'  # the month's regex, ending after the month
    root = Path(elotui.__file__).parent
    parsers = sorted(
        str(path.relative_to(root))
        for path in root.rglob("*.py")
        if month_shape in path.read_text(encoding="utf-8")
    )
    assert parsers == ["rating/calendar.py"]


# --- rules.md §3.6: initial rating --------------------------------------------------------------------


def scores(opponent: int, wins: int, draws: int, losses: int) -> list[tuple[int, Fraction]]:
    return (
        [(opponent, Fraction(1))] * wins
        + [(opponent, Fraction(1, 2))] * draws
        + [(opponent, Fraction(0))] * losses
    )


def test_initial_rating_2006() -> None:
    # 9 games vs 1600, 6 wins: Ra 1600; 6/9 ≥ 50 %: half points above 50 % = 12 − 9 = 3 → +12.5 each
    # = 37.5 → 1637.5 → 1638 (0.5 up). Published: 9 games, ≥ 1400.
    result = initial_rating(scores(1600, 6, 0, 3), rules=S2006)
    assert (result.rating, result.published) == (1638, True)
    # 8 games are not enough before 2014-07.
    assert not initial_rating(scores(1600, 6, 0, 2), rules=S2009).published
    # < 50 %: 3/9 = .333 → .33 → dp −125 (table 8.1.1) → 1475.
    assert initial_rating(scores(1600, 3, 0, 6), rules=S2009).rating == 1475


def test_initial_rating_2011() -> None:
    # As 2006 with 15 per half point (our decision): 1600 + 3 × 15 = 1645.
    assert initial_rating(scores(1600, 6, 0, 3), rules=S2011).rating == 1645
    assert initial_rating(scores(1600, 6, 0, 3), rules=S2012).rating == 1645


def test_initial_rating_2014_and_2022() -> None:
    # 5 games vs 1500, 4 wins: half points above 50 % = 8 − 5 = 3 → +60 → 1560; published (5 games).
    for rules in (S2014, S2022):
        result = initial_rating(scores(1500, 4, 0, 1), rules=rules)
        assert (result.rating, result.published) == (1560, True)
    # 1/5 = .20 → dp −240 → 1260: above the 1000 floor, published (it would not be from 2024-03).
    assert initial_rating(scores(1500, 1, 0, 4), rules=S2014).published
    # At 50 % exactly Ru = Ra: 2 wins 2 losses vs 1700 → 1700 (2022 text: "at 50 %, Ru = Ra").
    assert initial_rating(scores(1700, 2, 0, 2), rules=S2022).rating == 1700


def test_initial_rating_2024() -> None:
    # Two hypothetical 1800 draws: 5 games vs 1500, 4 wins: Ra (7500 + 3600)/7 = 1585.71;
    # p 5/7 = .714 → .71 → dp 158 → 1743.71 → 1744. 1/5 : p 2/7 = .286 → .29 → −158 → 1427.71 → 1428.
    assert initial_rating(scores(1500, 4, 0, 1), rules=S2024).rating == 1744
    assert initial_rating(scores(1500, 1, 0, 4), rules=S2025).rating == 1428


def test_initial_rating_in_the_replay_2008_quarterly() -> None:
    # S2006: an unrated player's first event scored ½ is ignored (A: "0 or ½"). The first event: one
    # draw in January 2008. Then 9 games vs 1600 in Apr–Jun 2008, 6 wins: 1638 (as above), published
    # at the end of the 2008-04 period (list 2008-07), marked (9 games over 26 months is our reading).
    games = [game("2008-01-10", 1700, DRAW, event="First")]
    games += [
        game(f"2008-05-{10 + i}", 1600, WIN if i < 6 else LOSS, event="Second") for i in range(9)
    ]
    result = replay(ReplayPlayer("New", birth_year=1980), games, {})
    jan, april = result.periods
    assert (jan.period, jan.pool_games, jan.rules) == ("2008-01", 0, "S2006")
    assert (april.pool_games, april.initial_rating, april.initial_published) == (9, 1638, True)
    assert any("9 games" in text for text in april.uncertain)
    assert result.current_rating == 1638


def test_initial_rating_in_the_replay_2015_first_event_scored_zero() -> None:
    # S2014: a first event scored 0 is ignored; 5 more games vs 1500 with 4 wins: 1560.
    games = [game("2015-01-10", 1700, LOSS, event="First")]
    games += [
        game(f"2015-02-{10 + i}", 1500, WIN if i < 4 else LOSS, event="Second") for i in range(5)
    ]
    result = replay(ReplayPlayer("New", birth_year=1980), games, {})
    feb = only(result, "2015-02")
    assert (feb.pool_games, feb.initial_rating, feb.initial_published, feb.rules) == (
        5,
        1560,
        True,
        "S2014",
    )


# --- the calculator and the rapid list ------------------------------------------------------------------


def test_the_calculators_fide_method_follows_the_era() -> None:
    from elotui.rating.calculator import Method, single_game

    # 2235 vs 1700: 350 in 2008 (PD .89), 400 in 2010 (.92), none on the 2015 rapid list (535: .97).
    assert single_game(2235, 1700, 15, Method.FIDE, day("2008-06-10")).expected.pd == 89
    assert single_game(2235, 1700, 15, Method.FIDE, day("2010-06-10")).expected.pd == 92
    rapid = rules_for("rapid", day("2015-01-01"))
    assert single_game(2235, 1700, 20, Method.FIDE, rules=rapid).expected.pd == 97
    # A win in 2008 at K 15: 15 × .11 = +1.65 → +2.
    assert single_game(2235, 1700, 15, Method.FIDE, day("2008-06-10")).outcomes["win"].rounded == 2


def test_a_rapid_replay_reads_the_rapid_rule_sets() -> None:
    # 2015 rapid (RB2012): K 20 for everyone, no difference limit. A 2400 player with 5 games beats
    # 1700: D 700 → PD .99 (row 620–735) → ΔR .01 × 20 = 0.20 → +0 (the standard list: K 10, 400).
    # The profile's rating is the standard one: the rapid rating is entered for that list.
    player = adult(2400, games_before=5, reached_2400=True)
    rapid_list = {"2015-05": 2400}
    period = replay(
        player, [game("2015-05-10", 1700, WIN)], rapid_list, rating_list="rapid"
    ).periods[0]
    assert (period.rules, period.k, period.change_hundredths) == ("RB2012", 20, 20)


def test_the_texts_a_report_prints_for_rules_and_uplift() -> None:
    from elotui.rating.text import rules_text, uplift_text

    (feb,) = replay(adult(None), [], {"2024-02": 1600}).periods
    assert uplift_text(feb) == "2024-03 uplift +160"  # rules.md §3.4's own example of the row
    assert rules_text(feb) == "S2022"
    period = replay(adult(2235), [game("2005-11-10", 1700, WIN)], {}).periods[0]
    assert rules_text(period).startswith("S2006 · rule uncertain: before the modelled rules")
