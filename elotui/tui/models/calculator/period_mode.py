"""The calculator's period mode: the games of a period under the rule set of its list and month, its
K (typed, or from the player's profile) and the cap on K × games, and what the remaining games
need to reach a target."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from elotui.i18n import N_, _, ngettext, pgettext
from elotui.rating.fide import KProfile, PeriodGame, PeriodResult, k_factor, period_change
from elotui.rating.need import Need, points_needed
from elotui.rating.rules import RuleSet, rules_for
from elotui.rating.rules.k import k_choices, profile_with_rating
from elotui.rating.rules.period_change import typed_games
from elotui.rating.rules.uncertain import period_marks, uncertain_texts
from elotui.tui.formatting import hundredths, points, signed_hundredths, signed_int
from elotui.tui.models.calculator.modes import Control, Mode
from elotui.tui.models.calculator.values import Values, View, missing_words

NEED_FIELDS = ("target", "remaining", "need-average")


@dataclass(frozen=True)
class PeriodResults:
    """The period's results below its list of games."""

    k_line: str  # the rule set, K and why, the cap on K × games
    period: PeriodResult | None  # None: no games yet
    uncertain: Sequence[str]  # the "rule uncertain" texts of the decisions that changed it
    need: str  # the need line


@dataclass(frozen=True, kw_only=True)
class PeriodView(View):
    rules: RuleSet | None  # the month's rule set, whatever the other fields say; None: bad month
    # A row per game, by its key: #, opponent, result, D, D used, PD, ΔR (the last four blank
    # while the period cannot be computed).
    games: Sequence[tuple[str, tuple[str, ...]]]
    results: PeriodResults | None  # None: blank


class PeriodMode(Mode):
    """The games of a rating period, computed as FIDE does (one rounding per period)."""

    name, title, key = "period", N_("Tournament / period"), "f8"
    fields = ("period-month",)
    uses_method = False  # FIDE rules always

    def controls(self, values: Values, today: date) -> dict[str, Control]:
        """K is the K field's or the profile's, never both; the cap switch only where the
        period's rule set has a cap (none in 2010, under S2009)."""
        profile = values.k_from_profile
        unused = _("for K from the profile")
        rules = self.rules(values)
        no_cap = (
            _("no cap on K × games in {rules}").format(rules=rules.name)
            if rules is not None and rules.k_times_games_max is None
            else ""
        )
        return super().controls(values, today) | {
            "k": Control(reason=_("K from the profile") if profile else ""),
            "birth-year": Control(reason="" if profile else unused),
            "games-played": Control(reason="" if profile else unused),
            "reached-2400": Control(reason="" if profile else unused),
            "cap": Control(reason=no_cap),
        }

    def cap_label(self, values: Values, today: date) -> str:
        """The cap switch's label: the cap of the period's rule set (today's while the month is
        bad), or the words alone in an era without one."""
        rules = self.rules(values) or rules_for(values.rating_list, today)
        cap = rules.k_times_games_max
        return _("{cap} cap").format(cap=cap) if cap is not None else _("K × games cap")

    def rating_label(self) -> str:
        return pgettext("calculator", "Rating at start")

    def missing_words(self) -> dict[str, str]:
        return missing_words() | {"rating": _("the rating at start")}

    def method_caption(self, values: Values, today: date) -> str:
        return _("  period: FIDE rules always (method not used)")

    def needed(self, values: Values) -> tuple[str, ...]:
        # The need fields only feed the need line: a bad one blanks that line, not the period.
        if values.k_from_profile:
            return ("rating", "period-month", "birth-year", "games-played")
        return ("rating", "k", "period-month")

    @staticmethod
    def rules(values: Values) -> RuleSet | None:
        """The rule set of the list chosen for an event starting on the period's month (difference
        rule, K choices, cap, floor), or None while the month is bad."""
        month = values.period_month
        return rules_for(values.rating_list, month) if month is not None else None

    def era_k_rules(self, values: Values, today: date) -> RuleSet | None:
        """The period's rule set when its K rules are not today's (the caption and the presets then
        follow it); None when they are today's or the period's month is bad."""
        rules = self.rules(values)
        if rules is None or rules.k == rules_for(values.rating_list, today).k:
            return None
        return rules

    def k_presets(self, values: Values, today: date) -> tuple[int, ...]:
        """The K values of the period's rule set when they are not today's (25, 15, 10 in
        2008-06); else today's presets."""
        rules = self.era_k_rules(values, today)
        return super().k_presets(values, today) if rules is None else tuple(k_choices(rules))

    def k_caption(self, values: Values, today: date) -> str:
        """What a K typed means in the period's rule set (25 was the new player's K in 2008,
        rules.md §3.2); the presets' captions when its K rules are today's."""
        meaning = super().k_caption(values, today)
        rules = self.era_k_rules(values, today)
        if not meaning or values.k is None or rules is None:
            return meaning
        who = k_choices(rules).get(values.k)
        if who:
            return _("FIDE {rules}: {who}").format(rules=rules.name, who=who)
        return _("not an {rules} K (custom, 1–100)").format(rules=rules.name)

    def k(self, values: Values, rules: RuleSet | None) -> tuple[int | None, str]:
        """The period's K and why: the K field's, or the profile's K in the month's rule set."""
        if not values.k_from_profile:
            # What the K typed means in the era of the month (its K choices), not today's.
            who = k_choices(rules).get(values.k) if rules is not None and values.k else None
            era = rules.name if rules is not None else ""
            if who:
                return values.k, _("K field: {rules} {who}").format(rules=era, who=who)
            return values.k, _("K field: not an {rules} K").format(rules=era)
        month = values.period_month
        if values.games_played is None or month is None or rules is None:
            return None, ""
        # The rating at the start is the list just published: 2400+ there is "ever 2400".
        reached = values.reached_2400
        profile = profile_with_rating(
            KProfile(values.birth_year, values.games_played, reached, reached),
            rules,
            values.rating,
        )
        k, why = k_factor(profile, month.year, rules)
        return k, _("profile: {why}").format(why=why)

    def compute(self, values: Values, today: date) -> PeriodView:
        notes = self.notes(values, today)
        rules = self.rules(values)
        month = values.period_month
        k, reason = self.k(values, rules) if not notes.blank else (None, "")
        rows = [
            (key, (str(number), str(opponent), points(score)))
            for number, (key, (opponent, score)) in enumerate(values.period_games.items(), start=1)
        ]
        if notes.blank or values.rating is None or k is None or month is None or rules is None:
            blank_rows = [(key, (*cells, "", "", "", "")) for key, cells in rows]
            return PeriodView(notes=notes, rules=rules, games=blank_rows, results=None)
        # The games typed are one event from the period's month, as `elotui period`'s.
        games = typed_games(
            [PeriodGame(opponent, score) for opponent, score in values.period_games.values()],
            month,
        )
        period = (
            period_change(values.rating, games, k, reason, apply_cap=values.cap, rules=rules)
            if games
            else None
        )
        derived = self.derived(values.rating, games, period)
        results = PeriodResults(
            k_line=k_line(rules, k, reason, values.cap, period, period.n if period else 0),
            period=period,
            uncertain=uncertain_texts(period_marks(rules, period, month)) if period else [],
            need=self.need(values, values.rating, k, games, rules),
        )
        return PeriodView(
            notes=notes,
            rules=rules,
            games=[
                (key, (*cells, *more)) for (key, cells), more in zip(rows, derived, strict=True)
            ],
            results=results,
        )

    @staticmethod
    def derived(
        rating: int, games: Sequence[PeriodGame], period: PeriodResult | None
    ) -> list[tuple[str, ...]]:
        """Per game: D, D used, PD and ΔR; a game its rules do not rate (a gap of 600 with a
        player above 2600 in rapid and blitz from 2024-12) says so in place of D used."""
        if period is None:
            return []
        rated = iter(period.games)
        cells: list[tuple[str, ...]] = []
        for i, game in enumerate(games):
            if i in period.not_rated:
                own = rating if game.own is None else game.own
                cells.append((signed_int(own - game.opponent), _("not rated"), "", ""))
                continue
            g = next(rated)
            cells.append(
                (signed_int(g.diff), signed_int(g.diff_used), hundredths(g.pd),
                 signed_hundredths(g.delta))
            )  # fmt: skip
        return cells

    def need(
        self, values: Values, rating: int, k: int, games: Sequence[PeriodGame], rules: RuleSet
    ) -> str:
        """The need line: what the remaining games must score to reach the target."""
        if any(field_id in values.bad for field_id in NEED_FIELDS):
            return _("What do I need: fix the marked field.")
        target, remaining, average = values.target, values.remaining, values.need_average
        if target is None or remaining is None or average is None:
            return _("What do I need: type a target T, remaining games R and their average X.")
        return need_text(
            points_needed(
                rating, k, target, remaining, average,
                played=games, played_on=values.period_month, apply_cap=values.cap, rules=rules,
            )
        )  # fmt: skip


def k_line(
    rules: RuleSet, k: int, reason: str, capped: bool, period: PeriodResult | None, n: int
) -> str:
    """The K line: the rule set, K and why, and what the cap on K × games did."""
    cap = rules.k_times_games_max
    line = _("Rules {rules} · K {k} ({reason})").format(rules=rules.name, k=k, reason=reason)
    if cap is None:
        return line + _(" · no cap on K × games in {rules}").format(rules=rules.name)
    if not capped:
        return line + _(" · {cap} cap OFF: not the FIDE rules").format(cap=cap)
    if period is None:
        return line + _(" · {cap} cap: K × games may not exceed {cap}").format(cap=cap)
    if period.cap_applied:
        return line + _(" · {cap} cap: {k} × {n} = {product} > {cap} → K {applied}").format(
            cap=cap, k=k, n=n, product=k * n, applied=period.k_applied
        )
    return line + _(" · {cap} cap not reached ({k} × {n} = {product})").format(
        cap=cap, k=k, n=n, product=k * n
    )


def need_text(need: Need | None) -> str:
    """The need line: what the remaining games must score to reach the target ("" for none)."""
    if need is None:
        return ""
    if need.min_points is None:
        return ngettext(
            "What do I need: {target} is out of reach in {n} game(s) against {opponent}",
            "What do I need: {target} is out of reach in {n} game(s) against {opponent}",
            need.games,
        ).format(target=need.target, n=need.games, opponent=need.opponent)
    return _(
        "What do I need: at least {points} / {games} against {opponent} → {after} (target {target})"
    ).format(
        points=points(need.min_points),
        games=need.games,
        opponent=need.opponent,
        after=need.rating_after,
        target=need.target,
    )
