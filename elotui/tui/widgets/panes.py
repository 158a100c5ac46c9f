"""The result panes of the calculator, one per mode. Each pane shows numbers it is given (all computed
in `elotui.rating`) or blanks itself; none of them parses input or keeps state of its own."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, Static

from elotui.i18n import N_, _
from elotui.rating.calculator import Method, SingleGame
from elotui.rating.tiers import GM_NOTE, TIERS, Tier, TierChange
from elotui.tui.formatting import (
    hundredths,
    percent,
    signed_cents,
    signed_int,
)
from elotui.tui.widgets.value import Value

RESULT_LABELS = {"win": N_("Win"), "draw": N_("Draw"), "loss": N_("Loss")}
E_NOTE = N_("E counts a draw as half a point: it is not a strict win probability.")
# The headline after one result is chosen: a whole sentence per result (the word's place and
# agreement differ in French).
NEW_RATING_AFTER = {
    "win": N_("New rating after a win: {before} → {after}{mark}"),
    "draw": N_("New rating after a draw: {before} → {after}{mark}"),
    "loss": N_("New rating after a loss: {before} → {after}{mark}"),
}


def tier_text(before: Tier, crossing: TierChange | None) -> str:
    if crossing is None:
        return _(before.name)
    arrow = "▲" if crossing.direction == "up" else "▼"
    return f"{_(crossing.before.name)} → {_(crossing.after.name)} {arrow}"


def tier_name(tier: Tier) -> str:
    top = TIERS[-1]
    return f"{_(tier.name)} ({_(GM_NOTE)})" if tier == top else _(tier.name)


class Pane(Vertical):
    """Base: `blank()` empties every value so a stale number can never stay on screen."""

    def blank(self) -> None:
        for widget in self.query(".value"):
            if isinstance(widget, Value):
                widget.update("")
            widget.remove_class("-crossing")


class SinglePane(Pane):
    def compose(self) -> ComposeResult:
        yield Value(id="expected", classes="value headline")
        yield Value(id="expected-note", classes="value note")
        yield Value(id="diff-line", classes="value")
        yield Value(id="rule-400", classes="value rule-400")
        with Horizontal(classes="outcome-row outcome-head"):
            for text in (_("Result"), _("Change"), _("Rounded"), _("New rating"), _("Tier")):
                yield Label(text, classes="col")
        for name, label in RESULT_LABELS.items():
            with Horizontal(id=f"row-{name}", classes="outcome-row"):
                yield Label(_(label), classes="col")
                yield Value(id=f"{name}-exact", classes="col value num")
                yield Value(id=f"{name}-rounded", classes="col value num")
                yield Value(id=f"{name}-new", classes="col value num")
                yield Value(id=f"{name}-tier", classes="col value tier")
        yield Value(id="new-rating", classes="value headline")
        yield Value(id="tier-now", classes="value")

    def show(self, game: SingleGame, result: str) -> None:
        e = game.expected
        self.query_one("#expected", Static).update(
            _("Expected score {percent}").format(percent=percent(e.value))
        )
        self.query_one("#expected-note", Static).update(_(E_NOTE))
        if e.pd is not None:
            diff_line = _("D = {diff} → PD {pd} (table 8.1.2)").format(
                diff=signed_int(e.diff), pd=hundredths(e.pd)
            )
        else:
            diff_line = _("D = {diff} (you − opponent), logistic formula").format(
                diff=signed_int(e.diff)
            )
        self.query_one("#diff-line", Static).update(diff_line)
        rule = ""
        if game.method is Method.FIDE and e.clamped:
            rule = _("400-point rule applied: D {diff} counts as {used}").format(
                diff=signed_int(e.diff), used=signed_int(e.diff_used)
            )
        self.query_one("#rule-400", Static).update(rule)
        for name, outcome in game.outcomes.items():
            row = self.query_one(f"#row-{name}")
            row.display = result in ("all", name)
            self.query_one(f"#{name}-exact", Value).update(signed_cents(outcome.change))
            self.query_one(f"#{name}-rounded", Value).update(signed_int(outcome.rounded))
            self.query_one(f"#{name}-new", Value).update(str(outcome.new_rating))
            tier = self.query_one(f"#{name}-tier", Value)
            tier.update(tier_text(game.tier, outcome.crossing))
            tier.set_class(outcome.crossing is not None, "-crossing")
        headline = self.query_one("#new-rating", Static)
        if result == "all":
            headline.update(
                _("All three results shown: w, d or l picks one (outside a text field).")
            )
            headline.remove_class("-crossing")
        else:
            chosen = game.outcomes[result]
            mark = ""
            if chosen.crossing is not None:
                mark = (
                    _("  ◆ tier crossed up: {tiers}")
                    if chosen.crossing.direction == "up"
                    else _("  ◆ tier crossed down: {tiers}")
                ).format(tiers=tier_text(game.tier, chosen.crossing))
            headline.update(
                _(NEW_RATING_AFTER[result]).format(
                    before=game.rating, after=chosen.new_rating, mark=mark
                )
            )
            headline.set_class(chosen.crossing is not None, "-crossing")
        self.query_one("#tier-now", Static).update(
            _("Tier now: {tier}").format(tier=tier_name(game.tier))
        )
