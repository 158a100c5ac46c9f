"""Toward a title (rules.md §5.7): 27 games of norms, each at most 13, and the rating reached at
some time, published or not. Worked by hand."""

from __future__ import annotations

from datetime import date

from elotui.i18n import _
from elotui.rating.toward_title import Norm, RatingAt, toward_title

TRAJECTORY = [
    RatingAt(date(2024, 1, 1), 2480, published=True),
    # Reached in the middle of the period (1.5.3 a): it counts, with its date.
    RatingAt(date(2024, 2, 15), 2501, published=False),
    RatingAt(date(2024, 3, 1), 2495, published=True),
]


def test_three_nine_game_norms_make_27() -> None:
    norms = [
        Norm("GM", "Open A", date(2023, 5, 10), 9),
        Norm("GM", "Open B", date(2023, 9, 2), 9),
        Norm("GM", "Open C", date(2024, 4, 20), 9),
        Norm("IM", "Open Z", date(2022, 1, 9), 9),  # another title's norm: not counted
    ]
    progress = toward_title("GM", norms, TRAJECTORY)
    assert [n.event for n in progress.norms] == ["Open A", "Open B", "Open C"]
    assert (progress.games, progress.games_needed, progress.games_missing) == (27, 27, 0)
    assert progress.reached == TRAJECTORY[1]
    assert progress.complete
    assert progress.missing == ()


def test_a_longer_event_counts_13_games() -> None:
    # 13 + 14 games: the 14 counts as 13, so 26 of 27: one game missing (27 without the cap).
    norms = [
        Norm("IM", "League", date(2024, 5, 1), 13),
        Norm("IM", "Round robin", date(2024, 8, 1), 14),
    ]
    progress = toward_title("IM", norms, TRAJECTORY)
    assert (progress.games, progress.games_missing) == (26, 1)
    assert not progress.complete
    assert progress.missing == (
        _("{missing} more games of {title} norms ({games} of {needed})").format(
            missing=1, title="IM", games=26, needed=27
        ),
    )


def test_the_rating_requirement_missed_by_one() -> None:
    # GM needs 2500 at some time: the best is 2499 (published 2024-03-01), one point short.
    trajectory = [
        RatingAt(date(2024, 1, 1), 2480, published=True),
        RatingAt(date(2024, 3, 1), 2499, published=True),
    ]
    progress = toward_title("GM", [], trajectory)
    assert progress.reached is None
    assert progress.best == trajectory[1]
    assert progress.rating_missing == 1
    assert progress.games_missing == 27
    assert len(progress.missing) == 2


def test_the_first_rating_at_the_requirement_is_the_one_said() -> None:
    # WIM needs 2200: reached first on 2024-01-01 (2480 published), whatever came later.
    progress = toward_title("WIM", [], TRAJECTORY)
    assert progress.requirement == 2200
    assert progress.reached == TRAJECTORY[0]
    assert progress.reached.published
