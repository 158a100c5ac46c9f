"""A rating officer's report of one tournament: per player what FIDE will do with its games, under
the rules in force at the event's start on its list (rules.md §3.1), with FIDE's own column names
(Ro, K, N, W, Rc, chg, K·chg, Rp: docs/formats.md §3). Pure: the players come in already read (the
TRF reader is the logbook's), and each rule is the rules package's own function, applied here,
never restated.

A rated player (rules.md §1.7): only games against rated opponents count, and not those the rule set
does not rate (rapid and blitz from 2024-12: `difference.not_rated`); chg = Σ(W − We) and K·chg are
`period_change.period_change` of those games as one event (the difference rule, the cap and the
exemptions of the rule set in force, read from it), exact in hundredths, rounded once (rules.md §1.5).
An unrated player (rules.md §1.9, §3.6): what the event alone gives toward a first rating, the pool's
rule (`replay.pool.InitialPool`: a first event scored too little is ignored) and Ru
(`rules.initial`), published only with the games needed and Ru at the floor.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Literal, NamedTuple

from elotui.i18n import _
from elotui.rating.calendar import month_index
from elotui.rating.performance import performance_rating
from elotui.rating.replay.pool import InitialPool
from elotui.rating.rounding import round_hundredths
from elotui.rating.rules.difference import (
    SPAN,
    counted_diff,
    diff_tables,
    not_rated,
    upgraded_games,
)
from elotui.rating.rules.initial import initial_parts, published_initial
from elotui.rating.rules.k import KProfile, KReason, capped_k, k_decision, profile_with_rating
from elotui.rating.rules.lookup import rules_for
from elotui.rating.rules.rule_set import RatingList, RuleSet
from elotui.rating.tables import pd_hundredths

# Where a player's K came from, in the order they are tried (the CLI's --db, --list-file, --k, the
# file itself): the values name it in `tournament --json`.
KSource = Literal["logbook", "list", "given", "file"]
_EVENT = "event"  # the one event all the games of the report belong to (once-per-event rules)


class EntrantGame(NamedTuple):
    """A played game of an entrant: the round, the opponent's starting rank, the entrant's score in
    half points (2 a win, 1 a draw, 0 a loss)."""

    round: int
    opponent: int
    score_halves: int

    @property
    def score(self) -> Fraction:
        return Fraction(self.score_halves, 2)


class Entrant(NamedTuple):
    """A player of the tournament as its file gives them."""

    rank: int  # starting rank
    name: str
    rating: int | None  # Ro; None: unrated
    birth_year: int | None
    games: tuple[EntrantGame, ...]  # played games only (no forfeit, bye or short game)


class KChoice(NamedTuple):
    """A K decided outside the file (the logbook's replay, a FIDE list) or given (--k)."""

    k: int
    reason: str
    source: KSource


class ReportGame(NamedTuple):
    """One played game as the report counts it. `counted` False: `why_not` says why (unrated
    opponent, not rated by the rule set); the numbers are then None."""

    round: int
    opponent: int  # starting rank
    opponent_rating: int | None
    score_halves: int
    counted: bool
    why_not: str
    diff_used: int | None = None  # D after the difference rule
    expected: int | None = None  # We, hundredths
    delta: int | None = None  # W − We, hundredths

    @property
    def score(self) -> Fraction:
        return Fraction(self.score_halves, 2)


class FirstRating(NamedTuple):
    """What the event gives an unrated player toward a first rating (rules.md §1.9, §3.6)."""

    games: int  # games against rated opponents
    ignored: bool  # a first event scoring this little is ignored (the era's rule)
    average: Fraction | None  # Ra, with the era's hypothetical opponents
    p_hundredths: int | None
    added: Fraction | None  # dp(p), or the points per half point above 50 %
    rating: int | None  # Ru: the rating the event would count; None without a game
    min_games: int
    floor: int
    alone: bool  # the event alone gives a first rating (games needed, Ru at the floor)


class PlayerReport(NamedTuple):
    rank: int
    name: str
    ro: int | None  # None: unrated
    k: int | None  # before the K×n cap; None: unrated
    k_applied: int | None
    k_reason: str
    k_source: KSource | None
    n: int  # games against rated opponents, rated by the rules
    w: Fraction  # points in them
    rc: Fraction | None  # their average rating, exact
    chg: int | None  # Σ(W − We), hundredths; None: unrated
    k_chg: int | None  # K·chg, hundredths, exact
    k_chg_rounded: int | None  # rounded as FIDE rounds (0.5 away from zero)
    rp: int | None  # performance (rules.md §2.11) of the counted games
    games: tuple[ReportGame, ...]
    first_rating: FirstRating | None  # unrated players only

    @property
    def cap_applied(self) -> bool:
        return self.k != self.k_applied


class TournamentReport(NamedTuple):
    start: dt.date  # the day whose rules apply (the event's start)
    rules: RuleSet
    players: tuple[PlayerReport, ...]  # in the order given


def tournament_report(
    entrants: Sequence[Entrant],
    rating_list: RatingList,
    start: dt.date,
    k_choices: Mapping[int, KChoice] | None = None,
) -> TournamentReport:
    """The report of a tournament starting on `start` on `rating_list`. `k_choices` holds, by
    starting rank, the K decided elsewhere; any other rated player's K is read from the file
    (`file_k`)."""
    rules = rules_for(rating_list, start)
    ratings = {entrant.rank: entrant.rating for entrant in entrants}
    choices = k_choices or {}
    # K read from the file depends on the birth year and the rating only: decided once per pair.
    from_file: dict[tuple[int | None, int | None], KChoice] = {}
    for entrant in entrants:
        if entrant.rating is not None and entrant.rank not in choices:
            key = (entrant.birth_year, entrant.rating)
            if key not in from_file:
                from_file[key] = file_k(rules, entrant, start.year)
    players = tuple(
        _rated(
            entrant,
            rules,
            ratings,
            choices.get(entrant.rank) or from_file[entrant.birth_year, entrant.rating],
        )
        if entrant.rating is not None
        else _unrated(entrant, rules, start, ratings)
        for entrant in entrants
    )
    return TournamentReport(start, rules, players)


def file_k(rules: RuleSet, entrant: Entrant, year: int) -> KChoice:
    """K from what the file says (rules.md §1.4): the birth year (a junior) and the rating (2400 or
    more: published there, K 10), with what the file cannot say assumed and named: the player has
    the rule set's games for the regular K and was never published higher than now."""
    profile = KProfile(birth_year=entrant.birth_year, games_played=rules.k.games_for_regular)
    decision = k_decision(rules, profile_with_rating(profile, rules, entrant.rating), year)
    if decision.reason is KReason.EVERYONE:
        return KChoice(decision.k, decision.text, "file")
    if decision.reason is KReason.REACHED_2400:
        assumed = _("assumed from the file: {games}+ rated games").format(
            games=rules.k.games_for_regular
        )
    else:
        assumed = _(
            "assumed from the file: {games}+ rated games, never published at {rating}"
        ).format(games=rules.k.games_for_regular, rating=rules.k.top_from)
    if entrant.birth_year is None and rules.k.junior is not None:
        assumed += _(", no birth date: not a junior")
    return KChoice(decision.k, f"{decision.text} ({assumed})", "file")


def _rated(
    entrant: Entrant,
    rules: RuleSet,
    ratings: Mapping[int, int | None],
    choice: KChoice,
) -> PlayerReport:
    """The period arithmetic of `rules.period.period_change` on the games as one event, read from
    the rule set's tables as the replay reads them (`difference.diff_tables`, built by
    `counted_diff`): 26,000 games in a fraction of a second, the same numbers
    (tests/rating/test_tournament.py holds the two together)."""
    own = entrant.rating
    assert own is not None
    counted: list[tuple[EntrantGame, int]] = []
    skipped: dict[int, str] = {}
    for game in entrant.games:
        opponent = ratings.get(game.opponent)
        if opponent is None:
            skipped[game.round] = _("unrated opponent")
        elif not_rated(rules, own, opponent):
            skipped[game.round] = _not_rated_text(rules, own, opponent)
        else:
            counted.append((game, opponent))
    tables = diff_tables(rules)
    diffs = [own - opponent for _, opponent in counted]
    upgraded = (
        upgraded_games([rules] * len(diffs), [_EVENT] * len(diffs), diffs)
        if tables.once_per_event
        else set()
    )
    games: list[ReportGame] = []
    sum_delta = halves = 0
    for index, ((game, opponent), diff) in enumerate(zip(counted, diffs, strict=True)):
        spent = tables.once_per_event and index not in upgraded
        if -SPAN <= diff <= SPAN:
            j = diff + SPAN
            if own >= tables.exempt_from:
                diff_used, pd = tables.exempt_diff[j], tables.exempt_pd[j]
            elif spent:
                diff_used, pd = tables.spent_diff[j], tables.spent_pd[j]
            else:
                diff_used, pd = tables.limited_diff[j], tables.limited_pd[j]
        else:  # beyond the tables: a gap of more than SPAN points
            diff_used = counted_diff(rules, own, opponent, upgrade_spent=spent)
            pd = pd_hundredths(diff_used)
        delta = game.score_halves * 50 - pd
        sum_delta += delta
        halves += game.score_halves
        games.append(
            ReportGame(
                game.round,
                game.opponent,
                opponent,
                game.score_halves,
                True,
                "",
                diff_used,
                pd,
                delta,
            )
        )
    counted_rounds = {game.round: report for (game, _), report in zip(counted, games, strict=True)}
    k_applied = capped_k(rules, choice.k, len(counted))
    opponents = [opponent for _, opponent in counted]
    w = Fraction(halves, 2)
    return PlayerReport(
        rank=entrant.rank,
        name=entrant.name,
        ro=own,
        k=choice.k,
        k_applied=k_applied,
        k_reason=choice.reason,
        k_source=choice.source,
        n=len(counted),
        w=w,
        rc=Fraction(sum(opponents), len(opponents)) if opponents else None,
        chg=sum_delta,
        k_chg=k_applied * sum_delta,
        k_chg_rounded=round_hundredths(k_applied * sum_delta),
        rp=performance_rating(opponents, w),
        games=tuple(
            counted_rounds.get(g.round)
            or ReportGame(
                g.round,
                g.opponent,
                ratings.get(g.opponent),
                g.score_halves,
                False,
                skipped[g.round],
            )
            for g in entrant.games
        ),
        first_rating=None,
    )


def _not_rated_text(rules: RuleSet, own: int, opponent: int) -> str:
    gap = rules.difference.not_rated_gap
    assert gap is not None
    return _("not rated: |D| {diff} ≥ {gap}, a player above {above} ({rules})").format(
        diff=abs(own - opponent), gap=gap[0], above=gap[1], rules=rules.name
    )


def _unrated(
    entrant: Entrant, rules: RuleSet, start: dt.date, ratings: Mapping[int, int | None]
) -> PlayerReport:
    games = tuple(
        ReportGame(g.round, g.opponent, ratings.get(g.opponent), g.score_halves, True, "")
        if ratings.get(g.opponent) is not None
        else ReportGame(g.round, g.opponent, None, g.score_halves, False, _("unrated opponent"))
        for g in entrant.games
    )
    counted = [(g.opponent_rating or 0, Fraction(g.score_halves, 2)) for g in games if g.counted]
    first = first_rating(rules, start, counted)
    w = sum((score for _, score in counted), Fraction(0))
    return PlayerReport(
        rank=entrant.rank,
        name=entrant.name,
        ro=None,
        k=None,
        k_applied=None,
        k_reason="",
        k_source=None,
        n=len(counted),
        w=w,
        rc=Fraction(sum(rating for rating, _ in counted), len(counted)) if counted else None,
        chg=None,
        k_chg=None,
        k_chg_rounded=None,
        rp=performance_rating([rating for rating, _ in counted], w),
        games=games,
        first_rating=first,
    )


def first_rating(
    rules: RuleSet, start: dt.date, games: Sequence[tuple[int, Fraction]]
) -> FirstRating:
    """What one event of (opponent rating, score) games against rated opponents gives an unrated
    player as its first event: the pool the replay keeps (`InitialPool`, which ignores a first event
    scored too little), Ru and whether it is published by this event alone."""
    rule = rules.initial
    pool = InitialPool()
    month = month_index(start)
    for opponent, score in games:
        pool.add(month, _EVENT, opponent, int(2 * score))
    n, total, halves = pool.totals(month, rule.window_months, rule.first_event_ignored_up_to)
    if n == 0:  # no game, or a first event the rule ignores
        return FirstRating(len(games), bool(games), None, None, None, None, rule.min_games,
                           rules.floor, False)  # fmt: skip
    parts = initial_parts(rule, n, total, halves)
    return FirstRating(
        games=len(games),
        ignored=False,
        average=parts.average,
        p_hundredths=parts.p_hundredths,
        added=parts.added,
        rating=parts.rating,
        min_games=rule.min_games,
        floor=rules.floor,
        alone=published_initial(rule, rules.floor, n, parts.rating),
    )
