"""Title norms (GM, IM, WGM, WIM) of one player in one event, under the Title Regulations in force at
the event's start (rules.md §5): pure, no I/O, no clock.

The input is plain data a TRF gives (`elotui.logbook.trf_file`: each `001` line's title, federation and
rating, its rounds' opponents and result codes) and a logbook can store: `NormInput`. `norm_verdict`
says, for one title, every clause met or missed with its numbers; `norm_verdicts` does the four titles.
`norm_need` says, before the last rounds, the least points the remaining games need against assumed
opponents; `rating_need` says the same for a rating target through the rating core (`need`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import date
from fractions import Fraction
from math import ceil
from typing import NamedTuple

from elotui.i18n import N_, _, numbers
from elotui.rating.need import Need, points_needed
from elotui.rating.performance import Performance, performance_parts
from elotui.rating.rounding import round_half_up
from elotui.rating.rules.lookup import rules_for
from elotui.rating.rules.period_change import PeriodGame
from elotui.rating.rules.titles import (
    EVENT_TYPES,
    NORM_DECISIONS,
    NORM_TITLES,
    TITLE_HOLDERS,
    NormTitle,
    TitleRules,
    norm_before_modelled,
    title_rules_for,
)

# A title as a TRF writes it, either way (FIDE's codes or Papi's letters), to the name FIDE prints.
_TITLE_CODES = {
    "GM": "GM", "IM": "IM", "FM": "FM", "CM": "CM",
    "WGM": "WGM", "WIM": "WIM", "WFM": "WFM", "WCM": "WCM",
    "G": "GM", "M": "IM", "F": "FM", "C": "CM", "WG": "WGM", "WM": "WIM", "WF": "WFM", "WC": "WCM",
}  # fmt: skip

# The titles whose holder no longer needs this norm: the title itself and those above it.
_HELD_BY = {
    "GM": frozenset({"GM"}),
    "IM": frozenset({"GM", "IM"}),
    "WGM": frozenset({"GM", "WGM"}),
    "WIM": frozenset({"GM", "IM", "WGM", "WIM"}),
}


def title_of(text: str) -> str:
    """The FIDE title written in a TRF's columns 11-13 (`GM`, `g`, `wg`...), "" for none or unknown."""
    return _TITLE_CODES.get("".join(text.split()).upper(), "")


class NormOpponent(NamedTuple):
    rating: int | None  # the list in force at the event's start; None: unrated
    title: str = ""  # "GM", "IM", ... (`title_of`); "" for none
    federation: str = ""  # "FRA"; "" when unknown (never counted as foreign)


class NormGame(NamedTuple):
    opponent: NormOpponent
    score: Fraction  # 1, ½ or 0
    forfeit: bool = False  # decided otherwise than over the board: never counted (rules.md §5.2)


class NormInput(NamedTuple):
    """One player's event as a norm is judged: what a TRF's `001` lines and headers give."""

    title: str  # the player's own title ("" for none)
    federation: str
    games: tuple[NormGame, ...]  # every round with an opponent, in order
    start: date  # the event's start (`042`): decides the rules and the ratings used
    rounds: int  # the event's rounds (a norm of more than 13 counts as 13)
    event_type: str = "ordinary"  # a key of `rules.titles.EVENT_TYPES`, the user's flag


class Reason(NamedTuple):
    """One clause of a norm, met or missed, with the numbers that decide it."""

    clause: str  # "games", "score", "average", "performance", "titled", "norm-titled", "foreign",
    # "own-federation", "one-federation"
    met: bool
    actual: Fraction  # what the player has (games, points, Ra, Rp, opponents, federations)
    required: Fraction  # the least (or, for the federation shares, the most) the clause allows
    article: str  # of the edition in force
    exempt: bool = False  # the event type lifts this clause (then met)

    @property
    def text(self) -> str:
        """The clause in the language spoken: "missed: 8 games counted, 9 needed (1.4.1)"."""
        state = _("met") if self.met else _("missed")
        if self.exempt:
            return _("{state}: {clause} (exempt by the event type, {article})").format(
                state=state, clause=_(_CLAUSES[self.clause]), article=self.article
            )
        shown = _WORDS[self.clause]
        return _("{state}: {what} ({article})").format(
            state=state,
            what=_(shown).format(
                actual=_number(self.actual, self.clause),
                required=_number(self.required, self.clause),
            ),
            article=self.article,
        )


_CLAUSES = {
    "foreign": N_("at least two foreign federations"),
    "own-federation": N_("at most 3/5 from the player's federation"),
    "one-federation": N_("at most 2/3 from one federation"),
}
_WORDS = {
    "games": N_("{actual} games counted, {required} needed"),
    "score": N_("{actual} points, {required} needed (35 %)"),
    "average": N_("opponents' average Ra {actual}, {required} needed"),
    "performance": N_("performance Rp {actual}, {required} needed"),
    "titled": N_("{actual} title-holders among the opponents, {required} needed"),
    "norm-titled": N_("{actual} opponents of the norm's title, {required} needed"),
    "foreign": N_("{actual} foreign federations, {required} needed"),
    "own-federation": N_("{actual} opponents from the player's federation, at most {required}"),
    "one-federation": N_("{actual} opponents from one federation, at most {required}"),
}


def _number(value: Fraction, clause: str) -> str:
    return numbers.points(value) if clause == "score" else str(int(value))


class NormVerdict(NamedTuple):
    """A norm judged: every clause (`reasons`) and the numbers behind them."""

    title: NormTitle
    rules: str  # the edition: "T2024"
    games: int  # counted
    points: Fraction
    raised: tuple[int, int] | None  # the one opponent raised to the floor: (counted as, raised to)
    unrated: int  # unrated opponents, counted at the edition's value
    performance: Performance | None  # Ra, p, dp, Rp; None without games
    reasons: tuple[Reason, ...]
    held: bool  # the player already holds this title or one above it
    decisions: tuple[str, ...]  # NORM_DECISIONS codes this verdict relies on

    @property
    def met(self) -> bool:
        return all(reason.met for reason in self.reasons)

    @property
    def missed(self) -> tuple[Reason, ...]:
        return tuple(reason for reason in self.reasons if not reason.met)

    def games_for_title(self, rules: TitleRules) -> int:
        """The games this norm counts toward a title's total (a longer event counts as 13)."""
        return min(self.games, rules.games_counted_max)

    @property
    def uncertain(self) -> tuple[str, ...]:
        """What "rule uncertain" says for this verdict, in the language spoken."""
        return tuple(_(NORM_DECISIONS[code]) for code in self.decisions)


def counted_games(games: Sequence[NormGame]) -> tuple[NormGame, ...]:
    """The games a norm counts: those played over the board (rules.md §5.2)."""
    return tuple(game for game in games if not game.forfeit)


def norm_ratings(
    opponents: Sequence[NormOpponent], floor: int, unrated: int
) -> tuple[list[int], tuple[int, int] | None]:
    """The opponents' ratings as the norm counts them (rules.md §5.3): unrated ones at `unrated`,
    then the lowest one, if below `floor`, raised to it (one opponent only). Also (from, to) of it."""
    ratings = [unrated if o.rating is None else o.rating for o in opponents]
    if not ratings:
        return ratings, None
    lowest = min(range(len(ratings)), key=ratings.__getitem__)
    if ratings[lowest] >= floor:
        return ratings, None
    raised = (ratings[lowest], floor)
    ratings[lowest] = floor
    return ratings, raised


def least_points(games: int, share: Fraction) -> Fraction:
    """The fewest points, in halves, that make `share` of `games`: 35 % of 20 is 7, of 9 is 3½."""
    return Fraction(ceil(2 * games * share), 2)


def norm_verdict(event: NormInput, title: NormTitle) -> NormVerdict:
    """The `title` norm of `event` under the Title Regulations of its start date, every clause."""
    return norm_verdicts(event, (title,))[0]


def norm_verdicts(
    event: NormInput, titles: Sequence[NormTitle] = NORM_TITLES
) -> tuple[NormVerdict, ...]:
    """The norms of `event` for each of `titles` (GM, IM, WGM, WIM unless told). What does not
    depend on the title (games, score, titled opponents, federations) is counted once: a report of
    2,000 players judges 8,000 norms."""
    rules = title_rules_for(event.start)
    kind = EVENT_TYPES[event.event_type]
    articles = rules.articles
    games = counted_games(event.games)
    opponents = [game.opponent for game in games]
    n = len(games)
    # In halves, as ints: a sum of Fractions was most of the time of a 2,000-player report.
    points = Fraction(sum(2 * g.score.numerator // g.score.denominator for g in games), 2)

    def reason(clause: str, actual: int | Fraction, required: int | Fraction, met: bool) -> Reason:
        return Reason(clause, met, Fraction(actual), Fraction(required), articles[clause])

    least_score = least_points(n, rules.min_score)
    titled = sum(o.title in TITLE_HOLDERS for o in opponents)
    titled_needed = ceil(n * rules.titled_share)
    of_title_needed = max(rules.norm_title_min, ceil(n * rules.norm_title_share))
    played = (
        reason("games", n, kind.min_games, n >= kind.min_games),
        # Exactly, not the rounded percentage: rules.md §5.8.
        reason("score", points, least_score, n > 0 and points >= least_score),
    )
    titled_reason = reason("titled", titled, titled_needed, n > 0 and titled >= titled_needed)
    federations = _federations(event.federation, opponents, rules, kind.federations_exempt)
    decisions = [*rules.decisions]
    if norm_before_modelled(event.start):
        decisions.insert(0, "norm-before-modelled")
    if event.event_type != "ordinary":
        decisions.append("norm-event-types")
    unrated = sum(o.rating is None for o in opponents)
    verdicts = []
    for title in titles:
        norm = rules.norms[title]
        ratings, raised = norm_ratings(opponents, norm.floor, rules.unrated_opponent)
        parts = performance_parts(ratings, points)
        of_title = sum(o.title in norm.norm_titles for o in opponents)
        reasons = (
            *played,
            reason("average", parts.average if parts else 0, norm.average,
                   parts is not None and parts.average >= norm.average),
            reason("performance", parts.rating if parts else 0, norm.performance,
                   parts is not None and parts.rating >= norm.performance),
            titled_reason,
            reason("norm-titled", of_title, of_title_needed, of_title >= of_title_needed),
            *federations,
        )  # fmt: skip
        verdicts.append(
            NormVerdict(
                title=title,
                rules=rules.name,
                games=n,
                points=points,
                raised=raised,
                unrated=unrated,
                performance=parts,
                reasons=reasons,
                held=event.title in _HELD_BY[title],
                decisions=tuple(decisions),
            )
        )
    return tuple(verdicts)


def _federations(
    own: str, opponents: Sequence[NormOpponent], rules: TitleRules, exempt: bool
) -> list[Reason]:
    """The federation mix (rules.md §5.6): two foreign federations, 3/5 own, 2/3 one."""
    articles = rules.articles
    if exempt:
        return [
            Reason(clause, True, Fraction(0), Fraction(0), articles[clause], exempt=True)
            for clause in ("foreign", "own-federation", "one-federation")
        ]
    n = len(opponents)
    known = Counter(o.federation for o in opponents if o.federation)
    foreign = len([federation for federation in known if federation != own])
    from_own = known[own] if own else 0
    most = max(known.values(), default=0)
    own_max = n * rules.own_federation_max.numerator // rules.own_federation_max.denominator
    one_max = n * rules.one_federation_max.numerator // rules.one_federation_max.denominator
    return [
        Reason("foreign", foreign >= rules.foreign_federations, Fraction(foreign),
               Fraction(rules.foreign_federations), articles["foreign"]),
        Reason("own-federation", from_own <= own_max, Fraction(from_own), Fraction(own_max),
               articles["own-federation"]),
        Reason("one-federation", most <= one_max, Fraction(most), Fraction(one_max),
               articles["one-federation"]),
    ]  # fmt: skip


def within_reach(verdict: NormVerdict) -> bool:
    """A norm worth showing: met, or missed on one clause only, for a player without the title."""
    return not verdict.held and len(verdict.missed) <= 1


def norms_to_show(verdicts: Sequence[NormVerdict], *, women: bool = True) -> list[NormVerdict]:
    """The norms a table shows (`within_reach`), without those a norm met above them makes moot (an
    IM norm met: not the WIM one) nor, for a man (`women=False`), the women's titles."""
    met = {verdict.title for verdict in verdicts if verdict.met}
    return [
        verdict
        for verdict in verdicts
        if within_reach(verdict)
        and (women or not verdict.title.startswith("W"))
        and not (met & _HELD_BY[verdict.title]) - {verdict.title}
    ]


def norm_summary(verdict: NormVerdict) -> str:
    """The line a table shows: "norm met: IM", "IM norm missed: performance Rp 2440, 2450 needed
    (1.4.8)"."""
    if verdict.met:
        return _("norm met: {title}").format(title=verdict.title)
    return _("{title} norm {reason}").format(title=verdict.title, reason=verdict.missed[0].text)


# --- before the last rounds -------------------------------------------------------------------------


class NormNeed(NamedTuple):
    """What the remaining games need for a norm."""

    title: NormTitle
    remaining: int  # games still to play
    min_points: Fraction | None  # the fewest points in them that make the norm; None: out of reach
    verdict: NormVerdict  # at that score, else with every remaining game won (what stays missed)


def norm_need(event: NormInput, title: NormTitle, remaining: Sequence[NormOpponent]) -> NormNeed:
    """The least points (in halves) the games against the assumed `remaining` opponents need so that
    the event is a `title` norm. Only the total matters: the opponents, hence Ra and the mix, are
    fixed, and Rp and the 35 % only grow with the score."""
    verdict = norm_verdict(event, title)
    for halves in range(0, 2 * len(remaining) + 1):
        verdict = norm_verdict(_with_results(event, remaining, Fraction(halves, 2)), title)
        if verdict.met:
            return NormNeed(title, len(remaining), Fraction(halves, 2), verdict)
    return NormNeed(title, len(remaining), None, verdict)


def _with_results(
    event: NormInput, remaining: Sequence[NormOpponent], points: Fraction
) -> NormInput:
    wins = int(points)
    scores = [Fraction(1)] * wins + ([Fraction(1, 2)] if points - wins else [])
    scores += [Fraction(0)] * (len(remaining) - len(scores))
    added = tuple(
        NormGame(opponent, score) for opponent, score in zip(remaining, scores, strict=True)
    )
    return event._replace(games=(*event.games, *added))


def rating_need(
    event: NormInput,
    own: int,
    k: int,
    target: int,
    remaining: Sequence[NormOpponent],
    *,
    apply_cap: bool = True,
) -> Need:
    """The least points the remaining games need so the player's standard rating reaches `target`,
    through the rating core (`need.points_needed`, the average-opponent shortcut) under the rule set
    of the event's start. The games already played against rated opponents count; unrated
    opponents are not rated games for a rated player."""
    played = [
        PeriodGame(game.opponent.rating, game.score, own=own, played_on=event.start)
        for game in counted_games(event.games)
        if game.opponent.rating is not None
    ]
    rated = [o.rating for o in remaining if o.rating is not None]
    average = round_half_up(Fraction(sum(rated), len(rated))) if rated else own
    return points_needed(
        own, k, target, len(rated), average, played=played, played_on=event.start,
        apply_cap=apply_cap, rules=rules_for("standard", event.start),
    )  # fmt: skip
