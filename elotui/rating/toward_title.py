"""Toward a title (GM, IM, WGM, WIM): a player's norms across events and their rating trajectory,
and what is still missing (rules.md §5.7). Pure: the caller gives the norms and the ratings.

A norm is kept with its event, its end date, its games and its title (`Norm`); the trajectory is the
ratings a replay shows, published on a list or reached in the middle of a period (`RatingAt`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import NamedTuple

from elotui.i18n import _
from elotui.rating.rules.titles import NormTitle, title_rules_for
from elotui.rating.tiers import TITLE_REQUIREMENTS


class Norm(NamedTuple):
    title: NormTitle
    event: str
    ends: date
    games: int  # games counted in the norm (`NormVerdict.games`)
    starts: date | None = None  # the event's start: its Title Regulations (else `ends`)


class RatingAt(NamedTuple):
    day: date
    rating: int
    published: bool  # on a list; False: reached in the middle of a period or of an event


class TitleProgress(NamedTuple):
    title: NormTitle
    norms: tuple[Norm, ...]  # of this title, oldest first
    games: int  # their total, a longer event counting as 13 games
    games_needed: int  # 27
    requirement: int  # the rating "at some time": GM 2500, IM 2400, WGM 2300, WIM 2200
    reached: RatingAt | None  # the first rating at or above it; None: not yet
    best: RatingAt | None  # the highest rating of the trajectory (the earliest of equals)

    @property
    def games_missing(self) -> int:
        return max(0, self.games_needed - self.games)

    @property
    def rating_missing(self) -> int:
        """Points of rating still to gain (0 once reached)."""
        if self.reached is not None:
            return 0
        return self.requirement - (self.best.rating if self.best else 0)

    @property
    def missing(self) -> tuple[str, ...]:
        """What is still missing, in the language spoken (empty when complete)."""
        said = []
        if self.games_missing:
            said.append(
                _("{missing} more games of {title} norms ({games} of {needed})").format(
                    missing=self.games_missing,
                    title=self.title,
                    games=self.games,
                    needed=self.games_needed,
                )
            )
        if self.reached is None:
            said.append(
                _("a rating of {requirement} at some time ({missing} more than the best)").format(
                    requirement=self.requirement, missing=self.rating_missing
                )
            )
        return tuple(said)

    @property
    def complete(self) -> bool:
        """The norms and the rating requirement both met: the federation may apply."""
        return self.games_missing == 0 and self.reached is not None


def toward_title(
    title: NormTitle, norms: Sequence[Norm], trajectory: Sequence[RatingAt]
) -> TitleProgress:
    """Where `title` stands: the norms' games (each at most 13, at least 27 in all, rules.md §5.7)
    and the first rating of `trajectory` at or above the requirement, published or not (Title
    Regulations 1.5.3 a: an interim rating counts, with the date it was reached)."""
    own = tuple(sorted((n for n in norms if n.title == title), key=lambda n: (n.ends, n.event)))
    games = 0
    for norm in own:
        rules = title_rules_for(norm.starts or norm.ends)
        games += min(norm.games, rules.games_counted_max)
    latest = title_rules_for(own[-1].starts or own[-1].ends) if own else title_rules_for(date.max)
    requirement = TITLE_REQUIREMENTS[title]
    ordered = sorted(trajectory, key=lambda r: (r.day, not r.published))
    reached = next((r for r in ordered if r.rating >= requirement), None)
    best = max(ordered, key=lambda r: r.rating, default=None)
    if best is not None:
        best = next(r for r in ordered if r.rating == best.rating)
    return TitleProgress(title, own, games, latest.total_games, requirement, reached, best)
