"""The check on three numbers: the replay compares FIDE's published rating, the games FIDE rated and
the K it holds with its own, and says what a mismatch most likely means (rules.md §2.13).

Every case is worked by hand: a player at 1800 who draws against 1800-rated opponents in November 2025
(period 2025-11, which feeds the list of 2025-12). D = 0, PD = 0.50, each draw changes nothing, so
the period ends at 1800 whatever K is. With 10 games before the logbook the replay's K is 40 (fewer
than 30 games, S2024/S2025)."""

from __future__ import annotations

import dataclasses
import datetime as dt

from elotui.rating.replay import ListFigures, ReplayGame, ReplayPeriod, ReplayPlayer, replay
from elotui.rating.replay.given import Published
from elotui.rating.text import fide_check_notes

PLAYER = ReplayPlayer("Ana", birth_year=1990, start_rating=1800, games_before=10)


def _draws(count: int) -> list[ReplayGame]:
    return [ReplayGame(dt.date(2025, 11, 3 + day), 1800, 1) for day in range(count)]


def _november(
    published: dict[str, Published], games: int = 7, fixed_k: int | None = None
) -> ReplayPeriod:
    profile = dataclasses.replace(PLAYER, fixed_k=fixed_k)
    periods = {p.period: p for p in replay(profile, _draws(games), published).periods}
    return periods["2025-11"]


def test_games_missing() -> None:
    period = _november({"2025-12": ListFigures(1800, games=9)})
    assert (period.n, period.published_games, period.matches_games) == (7, 9, False)
    assert (period.published_k, period.matches_k) == (None, None)  # no K given
    assert period.matches_published is True
    assert fide_check_notes(period) == [
        "FIDE rated 9 games in 2025-11, the logbook has 7: 2 games missing"
    ]


def test_games_too_many() -> None:
    period = _november({"2025-12": ListFigures(1800, games=6)})
    assert (period.published_games, period.matches_games) == (6, False)
    assert fide_check_notes(period) == [
        "FIDE rated 6 games in 2025-11, the logbook has 7: 1 game too many (not rated by FIDE, or"
        " rated in another period)"
    ]


def test_k_differs_birth_year_or_games() -> None:
    # K of the list in force during the period (2025-11's), against the replay's 40.
    period = _november({"2025-11": ListFigures(1800, k=20), "2025-12": ListFigures(1800, games=7)})
    assert (period.k, period.published_k, period.matches_k) == (40, 20, False)
    assert period.matches_games is True
    assert fide_check_notes(period) == [
        "2025-11: FIDE holds K 20, the replay used 40: check the birth year or games played"
    ]
    assert "list-k" not in [d.id for d in period.decisions]  # the next list gives no other K


def test_k_10_points_at_a_published_2400() -> None:
    period = _november({"2025-11": ListFigures(1800, k=10)})
    assert fide_check_notes(period) == [
        "2025-11: FIDE holds K 10, the replay used 40: check whether the player was ever"
        " published at 2400"
    ]


def test_a_fixed_k_is_said_as_the_cause() -> None:
    period = _november({"2025-11": ListFigures(1800, k=40)}, fixed_k=20)
    assert (period.k, period.matches_k) == (20, False)
    assert fide_check_notes(period) == [
        "2025-11: FIDE holds K 40, the replay used 20: the player's fixed K replaces FIDE's steps"
    ]


def test_the_rating_differs_while_games_and_k_agree() -> None:
    period = _november(
        {"2025-11": ListFigures(1800, k=40), "2025-12": ListFigures(1805, games=7, k=40)}
    )
    assert (period.matches_games, period.matches_k, period.matches_published) == (True, True, False)
    assert period.uncertain == ()  # both lists hold K 40: the reading does not matter
    assert fide_check_notes(period) == [
        "FIDE published 1805 on the 2025-12 list, the replay gives 1800: the games and K agree,"
        " check the results and the opponents' ratings"
    ]


def test_all_three_agree() -> None:
    period = _november({"2025-11": ListFigures(1800, k=40), "2025-12": ListFigures(1800, 7, 40)})
    assert (period.matches_published, period.matches_games, period.matches_k) == (True, True, True)
    assert fide_check_notes(period) == []


def test_the_reading_of_k_is_marked_where_the_two_lists_disagree() -> None:
    # 10 + 7 games: still under 30, K 40 in 2025-11. FIDE's 2025-12 list holds K 20 (it counts
    # more games): under the other reading that 20 would be this period's K.
    period = _november({"2025-11": ListFigures(1800, k=40), "2025-12": ListFigures(1800, 7, 20)})
    assert (period.published_k, period.matches_k) == (40, True)
    assert [d.id for d in period.decisions] == ["list-k"]
    assert period.rules == "S2025" and period.rule_uncertain


def test_ratings_typed_by_hand_have_no_games_nor_k_to_check() -> None:
    period = _november({"2025-11": 1800, "2025-12": 1800})
    assert period.matches_published is True
    assert (period.published_games, period.matches_games, period.published_k, period.matches_k) == (
        None, None, None, None,
    )  # fmt: skip
    assert fide_check_notes(period) == []
