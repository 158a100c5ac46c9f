"""The result panes of the calculator's other modes (several games, series, period, reference; the
period's is in `period_pane`, named here too).

Imported the first time one of those modes is shown, so DataTable and the chart stay off the
start-up path. Like `panes`, they show numbers computed in `elotui.rating` or blank themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.strip import Strip
from textual.widgets import DataTable, Static

from elotui.i18n import N_, _, ngettext, numbers
from elotui.rating.calculator import Method, SeriesStep, SeveralGames
from elotui.rating.tiers import tier_of
from elotui.tui.formatting import (
    hundredths,
    percent,
    points,
    rating_exact,
    signed_cents,
    signed_int,
)
from elotui.tui.models.calculator import ReferenceView, SeriesView, SeveralView
from elotui.tui.widgets.drawn_lines import DrawnLines
from elotui.tui.widgets.panes import Pane, difference_rule_text, tier_text
from elotui.tui.widgets.period_pane import GamesTable, PeriodPane
from elotui.tui.widgets.value import Value
from elotui.tui.widgets.virtual_table import VirtualTable

__all__ = ["GamesTable", "PeriodPane", "ReferencePane", "SeriesPane", "SeveralPane"]

SEVERAL_NOTE = N_("Average-opponent shortcut, an estimate: change = K·(P − G·E)")


class SeveralPane(DrawnLines):
    """The several games' results, drawn as one widget (`DrawnLines`): the note, then the
    expected score, the change, the new rating and the difference rule, as their widgets were."""

    DEFAULT_CSS = """
    SeveralPane { height: 1fr; }
    """

    def show_view(self, view: SeveralView) -> None:
        if view.several is None:
            self.blank()
        else:
            self.show(view.several)

    def show(self, several: SeveralGames) -> None:
        values: dict[str, str] = {}
        e = several.expected
        per_game = percent(e.value) if e.pd is None else f"PD {hundredths(e.pd)}"
        expected_points = Decimal(several.games) * Decimal(e.value)
        if e.pd is not None:
            expected_points = Decimal(several.games * e.pd) / 100
        values["several-expected"] = _(
            "E per game {per_game} · expected {expected} of {games} · scored {scored}"
        ).format(
            per_game=per_game,
            expected=signed_cents(expected_points).lstrip("+"),
            games=several.games,
            scored=points(several.points),
        )
        values["several-change"] = _("Change K·(P − G·E) = {change} → rounded {rounded}").format(
            change=signed_cents(several.change), rounded=signed_int(several.rounded)
        )
        crossing = several.crossing
        mark = (
            _("  ◆ tier {tiers}").format(tiers=tier_text(tier_of(several.rating), crossing))
            if crossing
            else ""
        )
        values["several-new"] = _("New rating {before} → {after}{mark}").format(
            before=several.rating, after=several.new_rating, mark=mark
        )
        if several.method is Method.FIDE and e.clamped:
            values["several-difference-rule"] = difference_rule_text(e.diff, e.diff_used)
        self._set(values, {"several-new"} if crossing is not None else set())

    def _draw(self, width: int) -> list[Strip]:
        """The lines of the widgets they were: the note (as many lines as it takes), the expected
        score, a blank line above each headline (their margin in app.tcss), the rule."""
        blank = self._blank_line(width)
        lines = self._text_box(_(SEVERAL_NOTE), width, None, self.NOTE)
        lines += self._box("several-expected", width, 1)
        lines.append(blank)
        lines += self._box("several-change", width, 1, self.HEADLINE)
        lines.append(blank)
        lines += self._box(
            "several-new", width, 1, self.HEADLINE, *self._crossing_style("several-new")
        )
        lines += self._box("several-difference-rule", width, 1, self.DIFFERENCE_RULE)
        return lines


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
        # A VirtualTable: a key changes the cells of every game, and a DataTable drew them all
        # again through Rich's layout (most of a key's time, tests/benchmarks/bench_keystroke.py).
        yield VirtualTable(id="series-table", zebra_stripes=True)
        yield Vertical(id="series-chart")

    def on_mount(self) -> None:
        table = self.query_one("#series-table", VirtualTable)
        for label, key in (
            (_("Game"), "game"),
            (_("Before"), "before"),
            ("E", "expected"),
            (_("Change"), "change"),
            (_("After"), "after"),
        ):
            table.add_column(label, key=key)
        self._rows: list[tuple[str, tuple[str, ...]]] = []  # what the table shows, by game
        self._plot: Any = None

    def ensure_chart(self) -> None:
        if self._plot is None:
            from elotui.tui.widgets.series_chart import SeriesChart

            self._plot = SeriesChart(id="series-plot")
            self.query_one("#series-chart").mount(self._plot)

    def blank(self) -> None:
        super().blank()
        self.query_one("#series-table", VirtualTable).clear()
        self._rows = []
        if self._plot is not None:
            self._plot.blank()

    def show_view(self, view: SeriesView) -> None:
        self.ensure_chart()  # mounted the first time the series is shown
        if view.steps is None:
            self.blank()
        else:
            self.show(view.steps, view.result, view.exact)

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
        rows: list[tuple[str, tuple[str, ...]]] = [
            (
                str(step.game),
                (
                    str(step.game),
                    fmt(step.rating_before),
                    percent(step.expected),
                    change(step.change),
                    fmt(step.rating_after),
                ),
            )
            for step in steps
        ]
        if rows != self._rows:  # a key that changes no game draws nothing again
            self.query_one("#series-table", VirtualTable).show(rows)
            self._rows = rows
        if self._plot is not None:
            xs = [0] + [s.game for s in steps]
            ys = [float(first.rating_before)] + [float(s.rating_after) for s in steps]
            self._plot.show(xs, ys)


class ReferencePane(Pane):
    """The elo and FIDE expectations by D (`rows`: key, D, elo E, fide PD; `ReferenceMode.table`),
    and the player's own D below them."""

    def __init__(self, rows: Sequence[tuple[str, str, str, str]], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._rows = rows

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
        for key, *cells in self._rows:
            table.add_row(*cells, key=key)

    def show_view(self, view: ReferenceView) -> None:
        self.query_one("#reference-current", Static).update(view.current)
