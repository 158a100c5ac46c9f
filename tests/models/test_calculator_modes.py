"""The calculator's modes without the app: each mode's `compute(values, today)` on typed values.
Expected numbers are worked out by hand (in the comments) from the logistic formula
E = 1/(1+10^(D/400)), table 8.1.2 and the rule sets of docs/rules.md."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from fractions import Fraction

import pytest

from elotui.rating.calculator import Method
from elotui.tui.models.calculator import (
    MODES,
    PeriodMode,
    PeriodView,
    ReferenceMode,
    SeriesMode,
    SeveralMode,
    SingleMode,
    Values,
)

TODAY = date(2026, 1, 15)  # the scenes' today: S2025 is the standard rule set in force
JANUARY = date(2026, 1, 1)
HALF = Fraction(1, 2)


def period_games(*games: tuple[int, Fraction | int]) -> dict[str, tuple[int, Fraction]]:
    """The period's games by key, as the screen keeps them."""
    return {f"g{n}": (opponent, Fraction(score)) for n, (opponent, score) in enumerate(games, 1)}


def period(**values: object) -> PeriodView:
    return PeriodMode().compute(Values(**values), TODAY)  # type: ignore[arg-type]


def results(view: PeriodView) -> tuple[str, str]:
    """The K line and the need line of a period that shows."""
    assert view.results is not None, view.notes.status
    return view.results.k_line, view.results.need


def change(view: PeriodView) -> tuple[int, Decimal, int]:
    """K applied, the change K·ΣΔR (to the hundredth) and the new rating."""
    assert view.results is not None and view.results.period is not None
    result = view.results.period
    return result.k_applied, Decimal(result.change_hundredths) / 100, result.new_rating


# ---- the modes ---------------------------------------------------------------------------------


def test_the_modes_and_their_keys() -> None:
    assert [(mode.name, mode.key) for mode in MODES.values()] == [
        ("single", "f5"),
        ("several", "f6"),
        ("series", "f7"),
        ("period", "f8"),
        ("reference", "f9"),
    ]
    assert MODES["period"].rating_label() == "Rating at start"
    assert MODES["several"].opponent_label() == "Average opponent"


# ---- single game --------------------------------------------------------------------------------


def test_single_game_1500_vs_1600_k20() -> None:
    # E = 1/(1+10^(100/400)) = 0.359935. Win 20 × 0.640065 = +12.80 → +13 → 1513; draw
    # 20 × 0.140065 = +2.80 → +3; loss 20 × −0.359935 = −7.20 → −7.
    view = SingleMode().compute(Values(rating=1500, opponent=1600, k=20), TODAY)
    assert view.notes.status == "" and view.game is not None
    assert [(o.rounded, o.new_rating) for o in view.game.outcomes.values()] == [
        (13, 1513),
        (3, 1503),
        (-7, 1493),
    ]
    assert view.notes.k_caption == "FIDE: under 2400"


def test_single_game_fide_counts_d_at_400() -> None:
    # 1500 vs 2000 under fide: D −500 counts as −400 (S2025), PD 0.08; win 20 × 0.92 = +18.40.
    view = SingleMode().compute(Values(rating=1500, opponent=2000, k=20, method=Method.FIDE), TODAY)
    assert view.game is not None
    assert view.game.expected.diff_used == -400
    assert view.game.outcomes["win"].change == Decimal("18.40")
    assert "table 8.1.2" in view.notes.method_caption


def test_the_status_names_the_empty_fields_then_the_first_bad_one() -> None:
    view = SingleMode().compute(Values(rating=1500), TODAY)
    assert view.game is None
    assert view.notes.status == "Type the opponent's rating and the k: results follow every key."
    assert not view.notes.error
    bad = {"k": "K must be from 1 to 100, not 101"}
    view = SingleMode().compute(Values(rating=1500, opponent=1600, bad=bad), TODAY)
    assert view.game is None and view.notes.error
    assert view.notes.status == "Fix the marked field: K must be from 1 to 100, not 101"
    assert view.notes.k_caption == ""


# ---- several games ------------------------------------------------------------------------------


def test_several_games_average_opponent_shortcut() -> None:
    # E = 0.359935; 20 × (3.5 − 5 × 0.359935) = 20 × 1.700326 = 34.0065 → rounded +34 → 1534.
    values = Values(rating=1500, opponent=1600, k=20, games=5, points=Fraction(7, 2))
    view = SeveralMode().compute(values, TODAY)
    assert view.several is not None
    assert round(view.several.change, 4) == Decimal("34.0065")
    assert (view.several.rounded, view.several.new_rating) == (34, 1534)


def test_several_games_asks_for_p_only_once_g_is_there() -> None:
    view = SeveralMode().compute(Values(rating=1500, opponent=1600, k=20), TODAY)
    assert view.notes.status == "Type the games G: results follow every key."
    view = SeveralMode().compute(Values(rating=1500, opponent=1600, k=20, games=5), TODAY)
    assert view.notes.status == "Type the points P: results follow every key."
    view = SeveralMode().compute(Values(k=20, games=5), TODAY)
    assert view.notes.status == (
        "Type your rating, the average opponent and the points P: results follow every key."
    )


# ---- series -------------------------------------------------------------------------------------


def test_series_exact_1520_48_after_game_one() -> None:
    # K 32, win: 32 × (1 − 0.359935) = 20.482 → 1520.48.
    values = Values(rating=1500, opponent=1600, k=32, series_games=10, result="win", exact=True)
    view = SeriesMode().compute(values, TODAY)
    assert view.steps is not None and len(view.steps) == 10
    assert round(view.steps[0].rating_after, 2) == Decimal("1520.48")


def test_series_rounded_gains_shrink_and_all_means_wins() -> None:
    # K 20 win: game 1 +13 → 1513; game 2: E(1513, 1600) = 1/(1+10^(87/400)) = 0.3774,
    # 20 × 0.6226 = 12.45 → +12 → 1525.
    view = SeriesMode().compute(Values(rating=1500, opponent=1600, k=20, series_games=10), TODAY)
    assert view.result == "win"
    assert view.steps is not None
    assert [(int(s.change), int(s.rating_after)) for s in view.steps[:2]] == [
        (13, 1513),
        (12, 1525),
    ]
    gains = [step.change for step in view.steps]
    assert gains == sorted(gains, reverse=True) and gains[-1] < gains[0]


def test_series_of_losses() -> None:
    # 20 × (0 − 0.359935) = −7.20 → −7 → 1493.
    values = Values(rating=1500, opponent=1600, k=20, series_games=10, result="loss")
    view = SeriesMode().compute(values, TODAY)
    assert view.steps is not None and view.steps[0].rating_after == 1493


# ---- reference ----------------------------------------------------------------------------------


def test_reference_table_and_own_difference() -> None:
    # elo: 1/(1+10^1) = 9.1%, 1/(1+10^−1) = 90.9%; fide: table 8.1.2's values for 0, −100, +400.
    rows = {key: cells for key, *cells in ReferenceMode.table(TODAY)}
    assert len(rows) == 17  # −400 … +400 by 50
    assert rows["-400"] == ["−400", "9.1%", "0.08"]
    assert rows["0"] == ["0", "50.0%", "0.50"]
    assert rows["-100"] == ["−100", "36.0%", "0.36"]
    assert rows["400"] == ["+400", "90.9%", "0.92"]
    view = ReferenceMode().compute(Values(rating=1500, opponent=1600), TODAY)
    assert view.current == "You: D = −100 → elo 36.0%, fide PD 0.36"
    assert view.notes.status == ""  # the reference needs no field
    # D +500 counts as +400 (PD 0.92); elo 1/(1+10^(−500/400)) = 94.7%.
    view = ReferenceMode().compute(Values(rating=2000, opponent=1500), TODAY)
    assert view.current == "You: D = +500 → elo 94.7%, fide PD 0.92 (400-point rule)"
    view = ReferenceMode().compute(Values(rating=2000), TODAY)
    assert view.current == "Type both ratings to see your own difference."


# ---- period -------------------------------------------------------------------------------------

# Rating 2000. D −100 → PD .36, ΔR +.64; D +100 → .64, −.14; D −450 counts −400 → .08, +.92;
# D −60 → .42, −.42. ΣΔR = +1.00; K 20 → +20.00 → 2020.
PERIOD = period_games((2100, 1), (1900, HALF), (2450, 1), (2060, 0))


def test_period_games_and_change() -> None:
    view = period(rating=2000, k=20, period_month=JANUARY, period_games=PERIOD)
    assert [cells for _key, cells in view.games] == [
        ("1", "2100", "1", "−100", "−100", "0.36", "+0.64"),
        ("2", "1900", "0.5", "+100", "+100", "0.64", "−0.14"),
        ("3", "2450", "1", "−450", "−400", "0.08", "+0.92"),
        ("4", "2060", "0", "−60", "−60", "0.42", "−0.42"),
    ]
    assert change(view) == (20, Decimal("20.00"), 2020)
    k_line, need = results(view)
    assert k_line == (
        "Rules S2025 · K 20 (K field: S2025 under 2400) · 700 cap not reached (20 × 4 = 80)"
    )
    assert need == "What do I need: type a target T, remaining games R and their average X."
    assert view.notes.method_caption == "  period: FIDE rules always (method not used)"


def test_period_without_a_rating_shows_its_games_without_numbers() -> None:
    view = period(k=20, period_month=JANUARY, period_games=PERIOD)
    assert view.results is None
    assert view.games[0] == ("g1", ("1", "2100", "1", "", "", "", ""))
    assert view.notes.status == "Type the rating at start: results follow every key."
    assert view.rules is not None and view.rules.name == "S2025"  # the note shows all the same


def test_period_bad_month_has_no_rule_set() -> None:
    bad = {"period-month": "Period: the month 2025-13 does not exist"}
    view = period(rating=2000, k=20, period_games=PERIOD, bad=bad)
    assert view.rules is None and view.results is None
    assert view.notes.status == "Fix the marked field: Period: the month 2025-13 does not exist"


def test_period_700_cap() -> None:
    # K 100 with 8 games: 100 × 8 = 800 > 700 → K floor(700 / 8) = 87. Eight wins against 2000
    # (PD .50): Σ +4.00 → 87 × 4 = +348. Cap off (rules.md §2.6, for non-FIDE use): 100 × 4 = +400.
    eight_wins = period_games(*[(2000, 1)] * 8)
    view = period(rating=2000, k=100, period_month=JANUARY, period_games=eight_wins)
    assert change(view) == (87, Decimal("348.00"), 2348)
    assert "700 cap: 100 × 8 = 800 > 700 → K 87" in results(view)[0]
    view = period(rating=2000, k=100, period_month=JANUARY, period_games=eight_wins, cap=False)
    assert change(view) == (100, Decimal("400.00"), 2400)
    assert "700 cap OFF: not the FIDE rules" in results(view)[0]


FIFTEEN_WINS = period_games(*[(1500, 1)] * 15)  # D 0, PD .50 each: ΣΔR 15 × +.50 = +7.50


def test_what_do_i_need_follows_the_cap_switch() -> None:
    # Rating 1500, K 40, target 1840 = +340, five more games against 1500 (PD .50), P points:
    # ΣΔR = 7.50 + P − 2.50 = 5 + P. Cap on (2026, 20 games: K = floor(700 / 20) = 35):
    # 35 × (5 + P) ≥ 340 → P ≥ 4.71 → 5 → 35 × 10.00 = 350 → 1850. Cap off, K 40:
    # 40 × (5 + P) ≥ 340 → P ≥ 3.5 → 40 × 8.50 = 340 → 1840.
    need = {"target": 1840, "remaining": 5, "need_average": 1500}
    view = period(rating=1500, k=40, period_month=JANUARY, period_games=FIFTEEN_WINS, **need)
    assert results(view)[1] == ("What do I need: at least 5 / 5 against 1500 → 1850 (target 1840)")
    view = period(
        rating=1500, k=40, period_month=JANUARY, period_games=FIFTEEN_WINS, cap=False, **need
    )
    assert results(view)[1] == (
        "What do I need: at least 3.5 / 5 against 1500 → 1840 (target 1840)"
    )


def test_what_do_i_need_follows_the_month() -> None:
    # The same period in 2013-06 (S2012): no cap on K × games before 2014-07, so K 40 with the
    # switch on: 3.5 → 1840. 40 × 15 = 600 is not over 700: the missing cap changed nothing, so
    # no "rule uncertain" mark.
    view = period(
        rating=1500, k=40, period_month=date(2013, 6, 1), period_games=FIFTEEN_WINS,
        target=1840, remaining=5, need_average=1500,
    )  # fmt: skip
    k_line, need = results(view)
    assert need == "What do I need: at least 3.5 / 5 against 1500 → 1840 (target 1840)"
    assert k_line.startswith("Rules S2012 · K 40 ")
    assert k_line.endswith(" · no cap on K × games in S2012")
    assert view.results is not None and not view.results.uncertain


def test_what_do_i_need_out_of_reach_and_a_bad_need_field() -> None:
    # After ΣΔR +1.00 (PERIOD), two games against 2000 (PD .50): P points give 20 × (1 + P − 1)
    # = 20P. Target 2030 needs P = 1.5; 2100 needs P ≥ 5 > 2: out of reach.
    base = {"rating": 2000, "k": 20, "period_month": JANUARY, "period_games": PERIOD}
    view = period(**base, target=2030, remaining=2, need_average=2000)
    assert "at least 1.5 / 2 against 2000 → 2030" in results(view)[1]
    view = period(**base, target=2100, remaining=2, need_average=2000)
    assert results(view)[1] == ("What do I need: 2100 is out of reach in 2 game(s) against 2000")
    view = period(**base, target=2100, remaining=2, bad={"need-average": "Average X must…"})
    assert results(view)[1] == "What do I need: fix the marked field."
    assert view.notes.status == ""  # a bad need field blanks the need line, not the period


def test_period_month_decides_the_2650_exemption() -> None:
    # 2700 beats 2200 (D +500), K 10. Until 2025-09 the 400-point rule counts D as +400: PD .92,
    # ΔR +.08, 10 × .08 = +.80. From 2025-10 a 2650+ player keeps D +500: PD .96, ΔR +.04, +.40
    # (rules.md §1.1 and §1.2).
    game = period_games((2200, 1))
    view = period(rating=2700, k=10, period_month=date(2025, 9, 1), period_games=game)
    assert view.games[0][1][3:] == ("+500", "+400", "0.92", "+0.08")
    assert change(view)[1] == Decimal("0.80")
    view = period(rating=2700, k=10, period_month=date(2025, 10, 1), period_games=game)
    assert view.games[0][1][3:] == ("+500", "+500", "0.96", "+0.04")
    assert change(view)[1] == Decimal("0.40")


def test_period_month_applies_its_era() -> None:
    # 2235 beats 1700 (D +535), K 15. 2008-06 (S2006): D counts as 350 → PD .89, ΔR +.11,
    # 15 × .11 = +1.65. 2010-06 (S2009): 400 → PD .92, ΔR +.08, +1.20 (rules.md §1.1 and §3.2).
    game = period_games((1700, 1))
    view = period(rating=2235, k=15, period_month=date(2008, 6, 1), period_games=game)
    assert view.games[0][1][3:] == ("+535", "+350", "0.89", "+0.11")
    assert change(view)[1] == Decimal("1.65")
    assert view.results is not None and view.results.period is not None
    assert view.results.period.clamped_games == 1
    assert results(view)[0].startswith("Rules S2006 · K 15 (K field: S2006 under 2400)")
    view = period(rating=2235, k=15, period_month=date(2010, 6, 1), period_games=game)
    assert view.games[0][1][3:] == ("+535", "+400", "0.92", "+0.08")
    assert change(view)[1] == Decimal("1.20")


def test_period_k_from_profile() -> None:
    # Born 2012, period year 2026: a junior, K 40; ΣΔR +1.00 → 40 × 1.00 = +40.
    view = period(
        rating=2000, period_month=JANUARY, period_games=PERIOD, k_from_profile=True,
        birth_year=2012,
    )  # fmt: skip
    assert change(view) == (40, Decimal("40.00"), 2040)
    assert "K 40" in results(view)[0] and "junior" in results(view)[0]


@pytest.mark.parametrize(
    ("rating", "month", "expected"),
    [
        # Rating 1800 with 20 games played (rules.md §3.2): 2010 (S2009) 25 until 30 games;
        # 2012-06 (S2011) 30; at 2450, published 2400+ but fewer than 30 games before 2014-07:
        # still 30 (S2011); in 2026 (S2025, no 30-game condition) K 10.
        (1800, date(2010, 6, 1), "Rules S2009 · K 25"),
        (1800, date(2012, 6, 1), "Rules S2011 · K 30"),
        (2450, date(2012, 6, 1), "Rules S2011 · K 30"),
        (2450, date(2026, 6, 1), "Rules S2025 · K 10"),
    ],
)
def test_period_profile_k_by_era_and_rating(rating: int, month: date, expected: str) -> None:
    view = period(
        rating=rating, period_month=month, period_games=period_games((1800, 1)),
        k_from_profile=True, games_played=20,
    )  # fmt: skip
    assert results(view)[0].startswith(expected + " ")


def test_period_rapid_list_takes_rb2012() -> None:
    # rules.md §3.2 and §3.3: in 2015-06 the standard list is S2014 ("40 before 30 games"), the
    # rapid list RB2012 ("20 for everyone"). A player with 0 games beats a 2000 at 2000: D 0,
    # PD .50, ΔR +.50. Standard: K 40 × +.50 = +20.00 → 2020. Rapid: K 20 × +.50 = +10.00 → 2010.
    values = {
        "rating": 2000, "period_month": date(2015, 6, 1), "period_games": period_games((2000, 1)),
        "k_from_profile": True, "games_played": 0,
    }  # fmt: skip
    view = period(**values)
    assert results(view)[0].startswith("Rules S2014 · K 40 ")
    assert change(view) == (40, Decimal("20.00"), 2020)
    view = period(**values, rating_list="rapid")
    assert results(view)[0].startswith("Rules RB2012 · K 20 ")
    assert change(view) == (20, Decimal("10.00"), 2010)


@pytest.mark.parametrize(
    ("k", "month", "caption"),
    [
        # rules.md §3.2: S2006 (events from 2006-04) has K 25 until 30 games, else 15, and 10
        # once published 2400 with 30 games; 20 is not one of its K. From S2014 (2014-07) the K
        # rules are today's: the presets' captions.
        (25, date(2026, 1, 1), "custom K (1–100)"),
        (25, date(2008, 6, 1), "FIDE S2006: new player (< 30 games)"),
        (15, date(2008, 6, 1), "FIDE S2006: under 2400"),
        (10, date(2008, 6, 1), "FIDE S2006: published 2400"),
        (20, date(2008, 6, 1), "not an S2006 K (custom, 1–100)"),
        (20, date(2014, 7, 1), "FIDE: under 2400"),
    ],
)
def test_the_k_caption_follows_the_period_month(k: int, month: date, caption: str) -> None:
    assert PeriodMode().k_caption(Values(k=k, period_month=month), TODAY) == caption


def test_the_k_caption_outside_the_period_is_todays() -> None:
    values = Values(k=20, period_month=date(2008, 6, 1))
    assert SingleMode().k_caption(values, TODAY) == "FIDE: under 2400"


def test_k_presets_follow_the_period_month() -> None:
    # S2006's K values are 25, 15, 10; today's presets 40, 20, 10 and the generic 32.
    assert PeriodMode().k_presets(Values(period_month=date(2008, 6, 1)), TODAY) == (25, 15, 10)
    assert PeriodMode().k_presets(Values(period_month=date(2026, 11, 1)), TODAY) == (
        40,
        20,
        10,
        32,
    )
    assert SingleMode().k_presets(Values(period_month=date(2008, 6, 1)), TODAY) == (40, 20, 10, 32)


# --- the controls each mode shows --------------------------------------------------------------


def test_each_mode_offers_only_the_results_and_method_it_uses() -> None:
    # The several-games mode takes its points P, not a result; the series has one result for every
    # game, so "all" means nothing there (it silently meant wins); the period's games carry their
    # own results and it always follows the FIDE rules; the reference table needs neither.
    offered = {name: mode.results for name, mode in MODES.items()}
    assert offered == {
        "single": ("all", "win", "draw", "loss"),
        "several": (),
        "series": ("win", "draw", "loss"),
        "period": (),
        "reference": (),
    }
    shown = {
        name: {key: control.shown for key, control in mode.controls(Values(), TODAY).items()}
        for name, mode in MODES.items()
    }
    assert shown["single"] == shown["series"] == {"result": True, "method": True, "k": True}
    assert shown["several"] == {"result": False, "method": True, "k": True}
    assert {key: shown["period"][key] for key in ("result", "method")} == {
        "result": False, "method": False,
    }  # fmt: skip
    assert shown["reference"] == {"result": False, "method": False, "k": False}


def test_the_cap_switch_is_off_with_its_reason_in_an_era_without_a_cap() -> None:
    # rules.md: the 700 cap on K × games came in 2023 (S2022 has 700); S2009 (2010) had none.
    mode = PeriodMode()
    old = Values(period_month=date(2010, 5, 1))
    assert mode.controls(old, TODAY)["cap"].reason == "no cap on K × games in S2009"
    assert not mode.controls(old, TODAY)["cap"].applies
    assert mode.cap_label(old, TODAY) == "K × games cap"
    now = Values(period_month=JANUARY)
    assert mode.controls(now, TODAY)["cap"].applies
    assert mode.cap_label(now, TODAY) == "700 cap"


def test_k_comes_from_the_field_or_the_profile_never_both() -> None:
    mode = PeriodMode()
    by_field = mode.controls(Values(period_month=JANUARY), TODAY)
    assert by_field["k"].applies and not by_field["birth-year"].applies
    by_profile = mode.controls(Values(period_month=JANUARY, k_from_profile=True), TODAY)
    assert not by_profile["k"].applies and by_profile["birth-year"].applies
    assert by_profile["k"].reason == "K from the profile"


@pytest.mark.parametrize(
    ("k", "step", "expected"),
    [(20, 1, 32), (32, 1, 40), (40, 1, 40), (20, -1, 10), (10, -1, 10), (25, 1, 32), (25, -1, 20),
     (None, 1, 20)],
)  # fmt: skip
def test_up_and_down_in_k_go_up_and_down_the_presets(
    k: int | None, step: int, expected: int
) -> None:
    # Today's presets are 40, 20, 10 and the generic 32: ↑ went 20 → 40 → 32 (their list order).
    assert SingleMode().next_k(Values(k=k), TODAY, step) == expected


def test_up_and_down_in_k_follow_the_periods_era() -> None:
    # S2006 (2008-06): 25, 15, 10 (rules.md §3.2).
    values = Values(k=15, period_month=date(2008, 6, 1))
    assert [PeriodMode().next_k(values, TODAY, step) for step in (1, -1)] == [25, 10]


def test_the_several_games_mode_asks_for_the_points_once_g_is_there() -> None:
    # The status says "Type the points P": the cursor goes there (the screen asks `first_to_type`).
    values = Values(rating=1500, opponent=1600, k=20, games=5)
    assert SeveralMode().first_to_type(values) == "points"
    assert SeveralMode().first_to_type(Values(k=20)) == "rating"
    assert SingleMode().first_to_type(Values(rating=1500, opponent=1600, k=20)) is None
