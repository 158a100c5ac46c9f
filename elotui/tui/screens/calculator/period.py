"""The calculator's period mode: the games of the period (added, edited and removed in a dialog) and
the period's change under the rule set of its list and month, with K, its cap on K × games and the
need."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from textual.widgets import Input, Static

from elotui.i18n import _
from elotui.rating.inputs import InvalidInput
from elotui.tui.formatting import hundredths, points, signed_hundredths, signed_int
from elotui.tui.screens.calculator import fields
from elotui.tui.screens.calculator.reading import FieldReader
from elotui.tui.widgets.choice import Choice

if TYPE_CHECKING:
    from elotui.logbook.records import RatingList
    from elotui.rating.rules.rule_set import RuleSet
    from elotui.tui.widgets.game_dialog import PeriodGameValues
    from elotui.tui.widgets.period_pane import GamesTable, PeriodPane


class PeriodMode(FieldReader):
    """The period mode of `CalculatorScreen`: its games and `_recompute_period`."""

    _today: date  # the day the app takes as today (CalculatorScreen)

    def __init__(self) -> None:
        super().__init__()
        self._games: dict[str, PeriodGameValues] = {}
        self._next_game = 1

    def recompute(self) -> None:
        raise NotImplementedError  # CalculatorScreen.recompute: every mode

    # ---- the games ------------------------------------------------------------------------------

    def action_add_game(self) -> None:
        from elotui.tui.widgets.game_dialog import GameDialog

        opponent = self.query_one("#opponent", Input).value.strip()
        self.app.push_screen(GameDialog(_("Add a game"), opponent), self._game_added)

    def _game_added(self, values: PeriodGameValues | None) -> None:
        if values is None:
            return
        key = f"g{self._next_game}"
        self._next_game += 1
        self._games[key] = values
        self.recompute()  # shows it in the list (`_show_games`)
        table = self._games_table()
        table.move_cursor(row=table.row_count - 1)

    def _current_game(self) -> str | None:
        return self._games_table().cursor_key

    def action_edit_game(self) -> None:
        from elotui.tui.widgets.game_dialog import GameDialog

        key = self._current_game()
        if key is None:
            self.action_add_game()
            return
        opponent, score = self._games[key]

        def edited(values: PeriodGameValues | None) -> None:
            if values is None:
                return
            self._games[key] = values
            self.recompute()

        self.app.push_screen(GameDialog(_("Edit the game"), str(opponent), points(score)), edited)

    def action_remove_game(self) -> None:
        key = self._current_game()
        if key is None:
            return
        del self._games[key]
        self.recompute()  # the games after it renumbered; the cursor stays in its place

    def _period_pane(self) -> PeriodPane:
        from elotui.tui.widgets.period_pane import PeriodPane

        return self.query_one(PeriodPane)

    def _games_table(self) -> GamesTable:
        from elotui.tui.widgets.period_pane import GamesTable

        return self.query_one(GamesTable)

    def _show_games(self, derived: Sequence[tuple[str, str, str, str]] = ()) -> None:
        """The list shows each game, numbered, with its D, D used, PD and ΔR (`derived`, one a
        game; none: blank, while the period cannot be computed). Drawn again only when a cell
        changed: a key typed in a field changes those of every game, or none."""
        blank = ("", "", "", "")
        rows = [
            (key, (str(number), str(opponent), points(score), *(derived[number - 1] if derived else blank)))
            for number, (key, (opponent, score)) in enumerate(self._games.items(), start=1)
        ]  # fmt: skip
        table = self._games_table()
        if rows != table.row_list():
            table.show(rows)

    # ---- the period's rule set ------------------------------------------------------------------

    def _period_rules(self) -> RuleSet | None:
        """The rule set of the list chosen for an event starting on the period field's month, or
        None while that month is bad (its mark and reason come from `_recompute_period`)."""
        from elotui.rating.rules import rules_for

        try:
            month = fields.PERIOD.read(self.query_one("#period-month", Input).value)
        except InvalidInput:
            return None
        return rules_for(self._rating_list(), month)

    def _rating_list(self) -> RatingList:
        from elotui.rating.rules import RATING_LISTS

        chosen = self.query_one("#rating-list", Choice).value
        return next(name for name in RATING_LISTS if name == chosen)  # LIST_CHOICES' keys

    def k_caption(self, k: int) -> str | None:
        """What a K typed means in the rule set of the period (25 was the new player's K in 2008,
        rules.md §3.2), or None when that rule set's K rules are today's (the presets'
        captions say it then) or the period's month is bad."""
        from elotui.rating.rules.k import k_choices

        rules = self._era_k_rules()
        if rules is None:
            return None
        who = k_choices(rules).get(k)
        if who:
            return _("FIDE {rules}: {who}").format(rules=rules.name, who=who)
        return _("not an {rules} K (custom, 1–100)").format(rules=rules.name)

    def k_preset_values(self) -> tuple[int, ...]:
        """What ↑/↓ in K steps through: in the period mode, the K values of the period's rule set
        when they are not today's (25, 15, 10 in 2008-06); else the presets (today's, and 32)."""
        from elotui.rating.rules.k import k_choices
        from elotui.tui.screens.calculator.fields import K_PRESETS

        rules = self._era_k_rules() if self.mode == "period" else None
        return tuple(k for k, _caption in K_PRESETS) if rules is None else tuple(k_choices(rules))

    def _era_k_rules(self) -> RuleSet | None:
        """The period's rule set when its K rules are not today's (the caption and the presets then
        follow it); None when they are today's or the period's month is bad."""
        from elotui.rating.rules import rules_for

        rules = self._period_rules()
        if rules is None or rules.k == rules_for(self._rating_list(), self._today).k:
            return None
        return rules

    # ---- the period's change --------------------------------------------------------------------

    def _recompute_period(self, rating: int | None, k_field: int | None) -> None:
        from elotui.rating.fide import KProfile, PeriodGame, k_factor, period_change
        from elotui.rating.need import points_needed
        from elotui.rating.rules import rules_for
        from elotui.rating.rules.k import k_choices, profile_with_rating
        from elotui.rating.rules.uncertain import period_marks, uncertain_texts
        from elotui.tui.widgets.period_pane import need_text

        pane = self._period_pane()
        status = self.query_one("#status", Static)
        source = self.query_one("#k-source", Choice).value
        # The list and the month decide the rule set (difference rule, K choices, 700 cap, floor:
        # an event starting on its first day); the month also gives the age for K.
        month = self._read("period-month", fields.PERIOD)
        rules = rules_for(self._rating_list(), month) if month is not None else None
        capped = self.query_one("#cap", Choice).value == "on"
        k: int | None
        if source == "field":
            # What the K typed means in the era of the month (its K choices), not today's.
            who = k_choices(rules).get(k_field) if rules is not None and k_field else None
            era = rules.name if rules is not None else ""
            reason = (
                _("K field: {rules} {who}").format(rules=era, who=who)
                if who
                else _("K field: not an {rules} K").format(rules=era)
            )
            k = k_field
        else:
            birth = self._read("birth-year", fields.BIRTH_YEAR)
            played_before = self._read("games-played", fields.GAMES_PLAYED)
            reached = self.query_one("#reached-2400", Choice).value == "yes"
            k = None
            reason = ""
            if (
                played_before is not None
                and month is not None
                and rules is not None
                and not self._problems
            ):
                # The rating at the start is the list just published: 2400+ there is "ever 2400".
                profile = profile_with_rating(
                    KProfile(birth, played_before, reached, reached), rules, rating
                )
                k, why = k_factor(profile, month.year, rules)
                reason = _("profile: {why}").format(why=why)
        # The need fields only feed the need line: a bad one blanks that line, not the period.
        target = self._read("target", fields.TARGET, relevant=False)
        remaining = self._read("remaining", fields.REMAINING, relevant=False)
        average = self._read("need-average", fields.AVERAGE, relevant=False)
        need_fields = ("#target", "#remaining", "#need-average")
        need_bad = any(self.query_one(f, Input).has_class("-invalid") for f in need_fields)

        pane.show_rules(rules)  # the month's rule set, whatever the other fields say
        if (
            not self._show_status(status)
            or rating is None
            or k is None
            or month is None
            or rules is None
        ):
            pane.blank()
            self._show_games()
            return
        games = [
            PeriodGame(opponent, score, played_on=month) for opponent, score in self._games.values()
        ]
        result = (
            period_change(rating, games, k, reason, apply_cap=capped, rules=rules)
            if games
            else None
        )
        n = len(games)
        cap = rules.k_times_games_max
        k_line = _("Rules {rules} · K {k} ({reason})").format(rules=rules.name, k=k, reason=reason)
        if cap is None:
            k_line += _(" · no cap on K × games in {rules}").format(rules=rules.name)
        elif not capped:
            k_line += _(" · {cap} cap OFF: not the FIDE rules").format(cap=cap)
        elif result is None:
            k_line += _(" · {cap} cap: K × games may not exceed {cap}").format(cap=cap)
        elif result.cap_applied:
            k_line += _(" · {cap} cap: {k} × {n} = {product} > {cap} → K {applied}").format(
                cap=cap, k=k, n=n, product=k * n, applied=result.k_applied
            )
        else:
            k_line += _(" · {cap} cap not reached ({k} × {n} = {product})").format(
                cap=cap, k=k, n=n, product=k * n
            )
        uncertain = uncertain_texts(period_marks(rules, result, month)) if result else []
        self._show_games(
            [
                (signed_int(game.diff), signed_int(game.diff_used), hundredths(game.pd),
                 signed_hundredths(game.delta))
                for game in (result.games if result is not None else ())
            ]
        )  # fmt: skip
        if need_bad:
            need = _("What do I need: fix the marked field.")
        elif target is None or remaining is None or average is None:
            need = _("What do I need: type a target T, remaining games R and their average X.")
        else:
            need = need_text(
                points_needed(
                    rating, k, target, remaining, average,
                    played=games, played_on=month, apply_cap=capped, rules=rules,
                )
            )  # fmt: skip
        pane.show(k_line, result, rules, uncertain, need)
