"""The tournament report (elotui.rating.tournament): every rule it applies, computed by hand here from
the FIDE tables (8.1.1 dp, 8.1.2 PD) and docs/rules.md, and the same numbers as the reference
period calculation (`rules.period.period_change`) for any games of one event."""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from fractions import Fraction

import pytest

from elotui.rating.rules.lookup import rules_for
from elotui.rating.rules.period_change import PeriodGame, period_change
from elotui.rating.rules.rule_set import RatingList
from elotui.rating.tournament import (
    Entrant,
    EntrantGame,
    KChoice,
    PlayerReport,
    tournament_report,
)

WIN, DRAW, LOSS = 2, 1, 0


def _player(
    own: int | None,
    games: Sequence[tuple[int | None, int]],
    *,
    on: dt.date,
    rating_list: RatingList = "standard",
    birth_year: int | None = 1980,
    k: KChoice | None = None,
) -> PlayerReport:
    """Rank 1 rated `own` against opponents of ranks 2, 3... rated as given, scoring as given."""
    entrants = [
        Entrant(1, "Ana", own, birth_year, tuple(
            EntrantGame(number, number + 1, halves) for number, (_, halves) in enumerate(games, 1)
        )),
        *(Entrant(number + 1, f"Opp {number}", rating, 1980, ())
          for number, (rating, _) in enumerate(games, 1)),
    ]  # fmt: skip
    report = tournament_report(entrants, rating_list, on, {1: k} if k else None)
    return report.players[0]


def test_chg_is_the_sum_of_w_minus_we_and_k_chg_is_exact() -> None:
    # 2015-07 (S2014, K 20 from the file: 30+ games assumed, born 1980). 2000 beats 2100 (D −100:
    # row 99–106, PD .64 for the higher, We .36: +.64), draws 2000 (D 0, We .50: 0), loses to 1900
    # (D +100, We .64: −.64). chg = 0.00; a second win over 2100 makes +0.64, K·chg = 12.80 → +13.
    player = _player(2000, [(2100, WIN), (2000, DRAW), (1900, LOSS), (2100, WIN)],
                     on=dt.date(2015, 7, 1))  # fmt: skip
    assert (player.n, player.w, player.chg, player.k, player.k_chg, player.k_chg_rounded) == (
        4, Fraction(5, 2), 64, 20, 1280, 13,
    )  # fmt: skip
    # Rc = (2100 + 2000 + 1900 + 2100) / 4 = 2025, exact.
    assert player.rc == 2025
    assert [g.expected for g in player.games] == [36, 50, 64, 36]


def test_k_chg_is_rounded_half_away_from_zero() -> None:
    # 2010 (S2009, K 15 regular: born 1980, 30+ games assumed). 2000 loses to 2150: D −150, row
    # 146–153 gives the higher .70, so We .30 and chg −0.30; K·chg = −4.50 → −5 (Python's round
    # would give −4).
    player = _player(2000, [(2150, LOSS)], on=dt.date(2010, 3, 1))
    assert (player.k, player.chg, player.k_chg, player.k_chg_rounded) == (15, -30, -450, -5)


def test_an_unrated_opponent_is_not_counted_for_a_rated_player() -> None:
    # A win over an unrated player changes nothing (rules.md §1.7): N 1, the loss to 2000 only.
    player = _player(2000, [(None, WIN), (2000, LOSS)], on=dt.date(2015, 7, 1))
    assert (player.n, player.w, player.chg) == (1, Fraction(0), -50)
    assert [(g.counted, g.why_not) for g in player.games] == [
        (False, "unrated opponent"), (True, ""),
    ]  # fmt: skip


def test_the_350_rule_of_2006_and_the_400_rule_of_2014() -> None:
    # S2006 (a 2008 event): 2500 beats 2000, D 500 counts as 350, row 345–357: We .89, +.11.
    assert _player(2500, [(2000, WIN)], on=dt.date(2008, 1, 1)).chg == 11
    # S2014 (a 2015 event): D 500 counts as 400, row 392–411: We .92, +.08.
    assert _player(2500, [(2000, WIN)], on=dt.date(2015, 1, 1)).chg == 8


def test_the_400_rule_once_per_event_from_2022_to_2024() -> None:
    # S2022 (a 2023 event): 2500 beats 2000 (D 500) and 2050 (D 450). The limit helps the higher
    # player in one game of the event, the one with the largest D: 500 → 400 (We .92, +.08); the
    # other counts D 450 in full (row 433–456: We .94, +.06). chg = +0.14.
    player = _player(2500, [(2000, WIN), (2050, WIN)], on=dt.date(2023, 5, 1))
    assert [g.diff_used for g in player.games] == [400, 450]
    assert player.chg == 14
    # Under S2024 (a 2024-06 event) the limit is in every game: 400 and 400, +.08 +.08.
    assert _player(2500, [(2000, WIN), (2050, WIN)], on=dt.date(2024, 6, 1)).chg == 16


def test_the_2650_exemption_from_2025_10() -> None:
    # S2025 (a 2025-11 event): 2650 beats 2150, D 500 counts in full (row 485–517: We .96, +.04);
    # 2649 beats 2149, D 500 counts as 400 (We .92, +.08).
    assert _player(2650, [(2150, WIN)], on=dt.date(2025, 11, 1)).chg == 4
    assert _player(2649, [(2149, WIN)], on=dt.date(2025, 11, 1)).chg == 8


def test_rapid_from_2024_12_a_gap_of_600_with_a_player_over_2600_is_not_rated() -> None:
    # RB2024-12 (a rapid event of 2025-01): 2650 against 2050 (|D| 600, 2650 > 2600): not rated;
    # against 2051 (|D| 599) rated, D 599 → 400: We .92, a win +.08.
    player = _player(2650, [(2050, WIN), (2051, WIN)], on=dt.date(2025, 1, 15), rating_list="rapid")
    assert (player.n, player.chg) == (1, 8)
    assert player.games[0].why_not.startswith("not rated: |D| 600 ≥ 600, a player above 2600")


def test_k_from_the_file_names_what_it_assumed() -> None:
    on = dt.date(2020, 5, 1)  # S2014: K 40 junior (18 or under, never 2300), 10 at 2400, else 20
    junior = _player(2000, [(2000, DRAW)], on=on, birth_year=2005)  # 15 in 2020
    assert (junior.k, junior.k_source) == (40, "file")
    assert junior.k_reason.startswith("junior (born 2005), never 2300")
    top = _player(2450, [(2000, DRAW)], on=on)
    assert (top.k, top.k_reason) == (
        10, "published 2400 reached (assumed from the file: 30+ rated games)",
    )  # fmt: skip
    regular = _player(2000, [(2000, DRAW)], on=on, birth_year=None)
    assert (regular.k, regular.k_reason) == (
        20,
        "under 2400 (assumed from the file: 30+ rated games, never published at 2400, no birth "
        "date: not a junior)",
    )


def test_a_k_given_elsewhere_wins_over_the_file_and_the_cap_still_applies() -> None:
    # K 40 given; 18 games: 40 × 18 = 720 > 700, so K 700 // 18 = 38 (S2014's cap). 18 draws
    # against 2000 at 2000: chg 0.
    given = KChoice(40, "from the logbook", "logbook")
    player = _player(2000, [(2000, DRAW)] * 18, on=dt.date(2020, 5, 1), k=given)
    assert (player.k, player.k_applied, player.cap_applied, player.k_source) == (
        40, 38, True, "logbook",
    )  # fmt: skip


def test_rp_is_the_norm_style_performance() -> None:
    # Opponents 2000 and 2101: Ra 2050.5 → 2051 (half up); 1.5 of 2 = 75 %, dp 193 → Rp 2244.
    assert _player(1900, [(2000, WIN), (2101, DRAW)], on=dt.date(2020, 5, 1)).rp == 2244


# --- unrated players (rules.md §1.9, §3.6) ---------------------------------------------------------


def test_unrated_2024_two_hypothetical_draws_and_publication() -> None:
    # S2024 (a 2025-05 event): 5 games against 1800 scoring 3. Ra = (5 × 1800 + 2 × 1800) / 7 =
    # 1800; p = (3 + 1) / 7 = 0.571 → 0.57, dp 50: Ru 1850. 5 games, 1850 ≥ 1400: published.
    player = _player(None, [(1800, WIN)] * 3 + [(1800, LOSS)] * 2, on=dt.date(2025, 5, 1))
    first = player.first_rating
    assert first is not None
    assert (player.n, player.w, player.k, player.chg) == (5, Fraction(3), None, None)
    assert (first.average, first.p_hundredths, first.added, first.rating) == (
        Fraction(1800), 57, Fraction(50), 1850,
    )  # fmt: skip
    assert first.alone


def test_unrated_below_the_1400_floor_is_not_published() -> None:
    # S2024: 5 games against 1400 scoring ½. Ra = (7000 + 3600) / 7 = 1514.29; p = 1.5 / 7 =
    # 0.214 → 0.21, dp −230: Ru 1284.29 → 1284, under the 1400 floor.
    first = _player(None, [(1400, DRAW)] + [(1400, LOSS)] * 4, on=dt.date(2025, 5, 1)).first_rating
    assert first is not None
    assert (first.rating, first.floor, first.alone) == (1284, 1400, False)


def test_unrated_with_too_few_games_and_unrated_opponents_left_out() -> None:
    # S2024: 4 games against rated players (the game against an unrated one does not count): 4 of
    # the 5 needed. Ra = (4 × 2000 + 3600) / 6 = 1933.33; p = (2 + 1) / 6 = 0.50, dp 0: Ru 1933.
    games: list[tuple[int | None, int]] = [(2000, WIN), (2000, LOSS)] * 2 + [(None, WIN)]
    player = _player(None, games, on=dt.date(2025, 5, 1))
    first = player.first_rating
    assert first is not None
    assert (player.n, first.games, first.rating, first.min_games, first.alone) == (
        4, 4, 1933, 5, False,
    )  # fmt: skip


def test_unrated_first_event_scored_zero_is_ignored_from_2022() -> None:
    # S2022 (a 2023 event): a first event scored 0 is ignored (rules.md §3.6): no Ru at all.
    first = _player(None, [(1800, LOSS)] * 5, on=dt.date(2023, 5, 1)).first_rating
    assert first is not None
    assert (first.games, first.ignored, first.rating, first.alone) == (5, True, None, False)


def test_unrated_2014_twenty_points_per_half_point_above_half() -> None:
    # S2014 (a 2016 event): 5 games against 2000 scoring 4: at 50 % or more, Ra + 20 per half point
    # above 50 %: 8 − 5 = 3 half points, 2000 + 60 = 2060; 5 games, 1000 floor: published.
    first = _player(None, [(2000, WIN)] * 4 + [(2000, LOSS)], on=dt.date(2016, 5, 1)).first_rating
    assert first is not None
    assert (first.rating, first.added, first.alone) == (2060, Fraction(60), True)


# --- the same numbers as the reference calculation ------------------------------------------------


@pytest.mark.parametrize(
    ("rating_list", "on"),
    [("standard", dt.date(2008, 1, 1)), ("standard", dt.date(2015, 1, 1)),
     ("standard", dt.date(2023, 1, 1)), ("standard", dt.date(2025, 11, 1)),
     ("rapid", dt.date(2025, 1, 15)), ("blitz", dt.date(2013, 1, 1))],
)  # fmt: skip
def test_the_report_agrees_with_period_change(rating_list: RatingList, on: dt.date) -> None:
    draw = random.Random(f"{rating_list}{on}")
    rules = rules_for(rating_list, on)
    for _ in range(200):
        own = draw.randrange(1000, 2900)
        games = [
            (draw.randrange(1000, 2900), draw.choice((WIN, DRAW, LOSS)))
            for _ in range(draw.randrange(1, 14))
        ]
        player = _player(own, [(rating, halves) for rating, halves in games], on=on,
                         rating_list=rating_list, k=KChoice(20, "", "given"))  # fmt: skip
        counted = [g for g in player.games if g.counted]
        reference = period_change(
            own,
            [PeriodGame(g.opponent_rating or 0, g.score, own, on, "event") for g in counted],
            20,
            rules=rules,
        )
        assert (player.chg, player.k_chg, player.k_chg_rounded, player.rp) == (
            reference.sum_delta, reference.change_hundredths, reference.change_rounded,
            reference.performance,
        )  # fmt: skip
        assert [g.diff_used for g in counted] == [d.diff_used for d in reference.games]
