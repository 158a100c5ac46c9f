"""The result panes of the calculator's other modes (several games, series, period, reference).

Imported the first time one of those modes is shown, so DataTable and the chart stay off the
start-up path. Like `panes`, they show numbers computed in `elotui.rating` or blank themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import DataTable, Static

from elotui.i18n import N_, _, ngettext, numbers
from elotui.rating.calculator import Method, SeriesStep, SeveralGames
from elotui.rating.elo import expected_score
from elotui.rating.fide import PeriodResult, counted_diff
from elotui.rating.need import Need
from elotui.rating.rules.records import RuleSet
from elotui.rating.tables import pd_hundredths
from elotui.rating.tiers import tier_of
from elotui.tui.formatting import (
    hundredths,
    percent,
    points,
    rating_exact,
    signed_cents,
    signed_hundredths,
    signed_int,
)
from elotui.tui.widgets.chart_axes import label_axes
from elotui.tui.widgets.keys_in_order import KeysInOrder
from elotui.tui.widgets.panes import Pane, tier_text
from elotui.tui.widgets.value import Value


class SeveralPane(Pane):
    def compose(self) -> ComposeResult:
        yield Static(
            _("Average-opponent shortcut, an estimate: change = K·(P − G·E)"), classes="note"
        )
        yield Value(id="several-expected", classes="value")
        yield Value(id="several-change", classes="value headline")
        yield Value(id="several-new", classes="value headline")
        yield Value(id="several-rule-400", classes="value rule-400")

    def show(self, several: SeveralGames) -> None:
        e = several.expected
        per_game = percent(e.value) if e.pd is None else f"PD {hundredths(e.pd)}"
        expected_points = Decimal(several.games) * Decimal(e.value)
        if e.pd is not None:
            expected_points = Decimal(several.games * e.pd) / 100
        self.query_one("#several-expected", Static).update(
            _("E per game {per_game} · expected {expected} of {games} · scored {scored}").format(
                per_game=per_game,
                expected=signed_cents(expected_points).lstrip("+"),
                games=several.games,
                scored=points(several.points),
            )
        )
        self.query_one("#several-change", Static).update(
            _("Change K·(P − G·E) = {change} → rounded {rounded}").format(
                change=signed_cents(several.change), rounded=signed_int(several.rounded)
            )
        )
        crossing = several.crossing
        mark = (
            _("  ◆ tier {tiers}").format(tiers=tier_text(tier_of(several.rating), crossing))
            if crossing
            else ""
        )
        new = self.query_one("#several-new", Static)
        new.update(
            _("New rating {before} → {after}{mark}").format(
                before=several.rating, after=several.new_rating, mark=mark
            )
        )
        new.set_class(crossing is not None, "-crossing")
        rule = ""
        if several.method is Method.FIDE and e.clamped:
            rule = _("400-point rule applied: D {diff} counts as {used}").format(
                diff=signed_int(e.diff), used=signed_int(e.diff_used)
            )
        self.query_one("#several-rule-400", Static).update(rule)


def series_results(n: int, result: str) -> str:
    """ "10 wins", "1 draw": how many games of the series and their one result (`Result.word`)."""
    if result == "win":
        text = ngettext("{n} win", "{n} wins", n)
    elif result == "draw":
        text = ngettext("{n} draw", "{n} draws", n)
    else:
        text = ngettext("{n} loss", "{n} losses", n)
    return text.format(n=numbers.count(n))


class SeriesPane(Pane):
    """Table and chart of N identical games. The chart widget (textual-plotext) is imported and
    mounted the first time the series is shown, to keep it off the start-up path."""

    def compose(self) -> ComposeResult:
        yield Value(id="series-summary", classes="value headline")
        table: DataTable[str] = DataTable(id="series-table", cursor_type="row", zebra_stripes=True)
        yield table
        yield Vertical(id="series-chart")

    def on_mount(self) -> None:
        table = self.query_one("#series-table", DataTable)
        table.add_columns(_("Game"), _("Before"), "E", _("Change"), _("After"))
        self._plot: Any = None

    def ensure_chart(self) -> None:
        if self._plot is None:
            from textual_plotext import PlotextPlot

            self._plot = PlotextPlot(id="series-plot")
            self.query_one("#series-chart").mount(self._plot)

    def blank(self) -> None:
        super().blank()
        self.query_one("#series-table", DataTable).clear()
        if self._plot is not None:
            self._plot.plt.clear_data()
            self._plot.refresh()

    def show(self, steps: Sequence[SeriesStep], result: str, exact: bool) -> None:
        def fmt(value: Decimal) -> str:
            return rating_exact(value) if exact else str(int(value))

        def change(value: Decimal) -> str:
            return signed_cents(value) if exact else signed_int(int(value))

        first, last = steps[0], steps[-1]
        self.query_one("#series-summary", Static).update(
            _("{results}: {before} → {after} · first game {first}, last {last} · {steps}").format(
                results=series_results(len(steps), result),
                before=fmt(first.rating_before),
                after=fmt(last.rating_after),
                first=change(first.change),
                last=change(last.change),
                steps=_("exact") if exact else _("each step rounded"),
            )
        )
        table = self.query_one("#series-table", DataTable)
        table.clear()
        for step in steps:
            table.add_row(
                str(step.game),
                fmt(step.rating_before),
                percent(step.expected),
                change(step.change),
                fmt(step.rating_after),
                key=str(step.game),
            )
        if self._plot is not None:
            plt = self._plot.plt
            plt.clear_data()
            plt.clear_figure()
            xs = [0] + [s.game for s in steps]
            ys = [float(first.rating_before)] + [float(s.rating_after) for s in steps]
            plt.plot(xs, ys, marker="braille")
            label_axes(plt, xs, ys)  # plotext's numbers, with a decimal comma in French
            plt.title(_("Rating after each game"))
            plt.xlabel(_("game"))
            self._plot.refresh()


class GamesTable(KeysInOrder, DataTable[str]):
    """The games of the period. Keys: a add, e / enter edit, x / delete remove."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "screen.add_game", N_("Add game"), id="period.add"),
        Binding("e", "screen.edit_game", N_("Edit game"), id="period.edit"),
        Binding("enter", "screen.edit_game", N_("Edit game"), show=False, id="period.edit_enter"),
        Binding("x", "screen.remove_game", N_("Remove game"), id="period.remove"),
        Binding("delete", "screen.remove_game", N_("Remove game"), show=False, id="period.delete"),
    ]


class PeriodPane(Pane):
    def compose(self) -> ComposeResult:
        yield Static(
            _(
                "FIDE rules (B.02): table 8.1.2, the 400-point rule, the 700 cap, one rounding per period"
            ),
            classes="note",
        )
        table = GamesTable(id="period-games", cursor_type="row", zebra_stripes=True)
        yield table
        yield Value(id="period-k", classes="value")
        yield Value(id="period-change", classes="value headline")
        yield Value(id="period-new", classes="value headline")
        yield Value(id="period-details", classes="value")
        yield Value(id="period-need", classes="value need")

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

    def show_k(self, text: str) -> None:
        self.query_one("#period-k", Static).update(text)

    def show_rules(self, rules: RuleSet) -> None:
        """The note names the rule set of the period's month and its rules, not today's."""
        from elotui.rating.rules.difference import difference_text

        cap = rules.k_times_games_max
        cap_text = _("the {cap} cap").format(cap=cap) if cap is not None else _("no 700 cap")
        self.query_one(".note", Static).update(
            _(
                "FIDE rules {rules}: table 8.1.2, {difference}, {cap}, one rounding per period"
            ).format(rules=rules.name, difference=difference_text(rules), cap=cap_text)
        )

    def show(
        self, period: PeriodResult | None, rules: RuleSet, uncertain: Sequence[str] = ()
    ) -> None:
        """The period's change under `rules` (its difference rule and floor are named), with the
        "rule uncertain" texts of our decisions that changed it."""
        change = self.query_one("#period-change", Static)
        new = self.query_one("#period-new", Static)
        details = self.query_one("#period-details", Static)
        if period is None:
            change.update(_("No games yet: Tab to the list of games and press a to add one."))
            new.update("")
            details.update("")
            return
        change.update(
            _("Period change K·ΣΔR = {k} × {sum} = {change} → rounded {rounded}").format(
                k=period.k_applied,
                sum=signed_hundredths(period.sum_delta),
                change=signed_hundredths(period.change_hundredths),
                rounded=signed_int(period.change_rounded),
            )
        )
        crossing_before = tier_of(period.rating)
        crossing_after = tier_of(period.new_rating)
        mark = ""
        if crossing_before != crossing_after:
            arrow = "▲" if crossing_after.floor > crossing_before.floor else "▼"
            mark = _("  ◆ tier {tiers}").format(
                tiers=f"{_(crossing_before.name)} → {_(crossing_after.name)} {arrow}"
            )
        new.update(
            _("New rating {before} → {after}{mark}").format(
                before=period.rating, after=period.new_rating, mark=mark
            )
        )
        new.set_class(bool(mark), "-crossing")
        lines = [
            _("Score {score} / {n} · performance {performance}").format(
                score=points(period.score),
                n=period.n,
                performance=period.performance if period.performance is not None else "—",
            ),
            _("Per-game rounded total {total}").format(
                total=signed_int(period.per_game_rounded_total)
            )
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
        details.update("\n".join(lines))

    def show_need(self, need: Need | None, hint: str = "") -> None:
        widget = self.query_one("#period-need", Static)
        if need is None:
            widget.update(hint)
            return
        if need.min_points is None:
            widget.update(
                ngettext(
                    "What do I need: {target} is out of reach in {n} game(s) against {opponent}",
                    "What do I need: {target} is out of reach in {n} game(s) against {opponent}",
                    need.games,
                ).format(target=need.target, n=need.games, opponent=need.opponent)
            )
            return
        widget.update(
            _(
                "What do I need: at least {points} / {games} against {opponent} → {after} "
                "(target {target})"
            ).format(
                points=points(need.min_points),
                games=need.games,
                opponent=need.opponent,
                after=need.rating_after,
                target=need.target,
            )
        )


class ReferencePane(Pane):
    def compose(self) -> ComposeResult:
        yield Static(
            _("Expected score by difference D = you − opponent: elo formula and FIDE table 8.1.2"),
            classes="note",
        )
        yield DataTable(id="reference-table", cursor_type="row", zebra_stripes=True)
        yield Value(id="reference-current", classes="value")

    def on_mount(self) -> None:
        table: DataTable[str] = self.query_one("#reference-table", DataTable)
        table.add_columns("D", _("elo E"), _("fide PD"))
        for diff in range(-400, 401, 50):
            table.add_row(
                signed_int(diff),
                percent(expected_score(1500 + diff, 1500)),
                hundredths(pd_hundredths(diff)),
                key=str(diff),
            )

    def show_current(self, rating: int | None, opponent: int | None) -> None:
        widget = self.query_one("#reference-current", Static)
        if rating is None or opponent is None:
            widget.update(_("Type both ratings to see your own difference."))
            return
        diff = rating - opponent
        used = counted_diff(rating, opponent)
        widget.update(
            _("You: D = {diff} → elo {elo}, fide PD {pd}").format(
                diff=signed_int(diff),
                elo=percent(expected_score(rating, opponent)),
                pd=hundredths(pd_hundredths(used)),
            )
            + (_(" (400-point rule)") if used != diff else "")
        )
