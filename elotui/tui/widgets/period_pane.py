"""The period mode's results pane: the note on its rules, its list of games and its results.

Imported with the other modes' panes (`mode_panes`, which names them too) the first time the period
is shown. Like `panes`, it shows numbers computed in `elotui.rating` or blanks itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.strip import Strip
from textual.widgets import Static

from elotui.i18n import N_, _, ngettext
from elotui.rating.fide import PeriodResult
from elotui.rating.rules.rule_set import RuleSet
from elotui.rating.tiers import tier_of
from elotui.tui.formatting import points, signed_hundredths, signed_int
from elotui.tui.models.calculator import PeriodView
from elotui.tui.widgets.drawn_lines import DrawnLines
from elotui.tui.widgets.keys_in_order import KeysInOrder
from elotui.tui.widgets.panes import Pane
from elotui.tui.widgets.virtual_table import VirtualTable


class GamesTable(KeysInOrder, VirtualTable):
    """The games of the period. Keys: a add, e / enter edit, Delete deletes (after a yes/no
    question, as everywhere in the app); the cursor's as
    in any table (`VirtualTable`: a key typed in a field changes the D, PD and ΔR of every game,
    and a DataTable measured and drew every cell again)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "screen.add_game", N_("Add game"), id="period.add"),
        Binding("e", "screen.edit_game", N_("Edit game"), id="period.edit"),
        Binding("enter", "screen.edit_game", N_("Edit game"), show=False, id="period.edit_enter"),
        Binding("delete", "screen.remove_game", N_("Delete game"), id="period.remove"),
    ]


class PeriodLines(DrawnLines):
    """The period's results below its list of games, drawn as one widget (`DrawnLines`): the K
    line, the change, the new rating, the details and the need, in the boxes their widgets had."""

    DEFAULT_CSS = """
    PeriodLines { height: 12; }
    """

    def show(self, values: dict[str, str], crossing: AbstractSet[str] = frozenset()) -> None:
        self._set(values, crossing)

    def _draw(self, width: int) -> list[Strip]:
        """The lines in their boxes; when they do not fit the pane's height (80×24, below the
        form), without the margins and each box only as tall as its text."""
        lines = self._lines_at(width, tight=False)
        if len(lines) > self.size.height:
            return self._lines_at(width, tight=True)
        return lines

    def _lines_at(self, width: int, *, tight: bool) -> list[Strip]:
        margin = [] if tight else [self._blank_line(width)]  # a headline's margin (app.tcss)
        lines = self._box("period-k", width, None if tight else 2)
        lines += margin
        lines += self._box("period-change", width, 1, self.HEADLINE)
        lines += margin
        lines += self._box(
            "period-new", width, 1, self.HEADLINE, *self._crossing_style("period-new")
        )
        lines += self._box("period-details", width, None if tight else 4)
        lines += self._box("period-need", width, None if tight else 2)
        return lines


class PeriodPane(Pane):
    """The period: the note on its rules, its list of games (a table with a cursor, keys of its own)
    and its results (`PeriodLines`)."""

    def compose(self) -> ComposeResult:
        yield Static(classes="note")  # the rules of the period's rule set (`show_rules`)
        yield GamesTable(id="period-games", zebra_stripes=True)
        yield PeriodLines(id="period-lines")

    def on_mount(self) -> None:
        table = self.query_one(GamesTable)
        for label, key in (
            ("#", "number"),
            (_("Opponent"), "opponent"),
            (_("Result"), "result"),
            ("D", "diff"),
            (_("D used"), "diff_used"),
            ("PD", "pd"),
            ("ΔR", "delta"),
        ):
            table.add_column(label, key=key)

    def value(self, name: str) -> str:
        """What a value of the results shows, by the name its widget had ("period-change")."""
        return self.query_one(PeriodLines).value(name)

    def blank(self) -> None:
        self.query_one(PeriodLines).blank()

    def show_view(self, view: PeriodView) -> None:
        self.show_rules(view.rules)  # the month's rule set, whatever the other fields say
        table = self.query_one(GamesTable)
        if list(view.games) != table.row_list():  # drawn again only when a cell changed
            table.show(view.games)
        if view.results is None:
            self.blank()
        else:
            results = view.results
            assert view.rules is not None
            self.show(results.k_line, results.period, view.rules, results.uncertain, results.need)

    def show_rules(self, rules: RuleSet | None) -> None:
        """The note names the rule set of the period's month and its rules, not today's (blank
        while the month is bad)."""
        from elotui.rating.rules.difference import difference_text

        text = ""
        if rules is not None:
            text = _(
                "FIDE rules {rules}: table 8.1.2, {difference}, {cap}, one rounding per period"
            ).format(rules=rules.name, difference=difference_text(rules), cap=cap_text(rules))
        note = self.query_one(".note", Static)
        if str(note.content) != text:  # a layout pass (its lines may change) only when it does
            note.update(text)

    def show(
        self,
        k_line: str,
        period: PeriodResult | None,
        rules: RuleSet,
        uncertain: Sequence[str],
        need: str,
    ) -> None:
        """The period's change under `rules` (its difference rule and floor are named), with the
        "rule uncertain" texts of our decisions that changed it, below the K line and above the
        need line (`need_text`)."""
        values = {"period-k": k_line, "period-need": need}
        if period is None:
            values["period-change"] = _(
                "No games yet: Tab to the list of games and press a to add one."
            )
            self.query_one(PeriodLines).show(values)
            return
        values["period-change"] = _(
            "Period change K·ΣΔR = {k} × {sum} = {change} → rounded {rounded}"
        ).format(
            k=period.k_applied,
            sum=signed_hundredths(period.sum_delta),
            change=signed_hundredths(period.change_hundredths),
            rounded=signed_int(period.change_rounded),
        )
        crossing_before = tier_of(period.rating)
        crossing_after = tier_of(period.new_rating)
        mark = ""
        if crossing_before != crossing_after:
            arrow = "▲" if crossing_after.floor > crossing_before.floor else "▼"
            mark = _("  ◆ tier {tiers}").format(
                tiers=f"{_(crossing_before.name)} → {_(crossing_after.name)} {arrow}"
            )
        values["period-new"] = _("New rating {before} → {after}{mark}").format(
            before=period.rating, after=period.new_rating, mark=mark
        )
        values["period-details"] = "\n".join(details_lines(period, rules, uncertain))
        self.query_one(PeriodLines).show(values, {"period-new"} if mark else set())


def cap_text(rules: RuleSet) -> str:
    """The rule set's cap on K × games: "the 700 cap", or "no cap on K × games"."""
    cap = rules.k_times_games_max
    return _("the {cap} cap").format(cap=cap) if cap is not None else _("no cap on K × games")


def details_lines(period: PeriodResult, rules: RuleSet, uncertain: Sequence[str]) -> list[str]:
    """The period's details: score and performance, the per-game rounded total, the rules that
    changed it."""
    lines = [
        _("Score {score} / {n} · performance {performance}").format(
            score=points(period.score),
            n=period.n,
            performance=period.performance if period.performance is not None else "—",
        ),
        _("Per-game rounded total {total}").format(total=signed_int(period.per_game_rounded_total))
        + (
            _(" (differs by {difference})").format(
                difference=abs(period.per_game_rounded_total - period.change_rounded)
            )
            if period.per_game_rounded_total != period.change_rounded
            else _(" (same)")
        ),
    ]
    if period.clamped_games:
        limit = rules.difference.limit
        lines.append(
            ngettext(
                "{limit}-point rule applied to {n} game(s)",
                "{limit}-point rule applied to {n} game(s)",
                period.clamped_games,
            ).format(limit=limit, n=period.clamped_games)
        )
    if period.unrated_next_list:
        lines.append(_("Below {floor}: unrated on the next list").format(floor=period.floor))
    if uncertain:
        lines.append(_("Rule uncertain: {texts}").format(texts="; ".join(uncertain)))
    return lines
