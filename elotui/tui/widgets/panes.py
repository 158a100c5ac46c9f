"""The result panes of the calculator, one per mode. Each pane shows numbers it is given (all computed
in `elotui.rating`) or blanks itself; none of them parses input or keeps state of its own."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, Static

from elotui.rating.calculator import Method, SingleGame
from elotui.rating.tiers import GM_NOTE, TIERS, Tier, TierChange
from elotui.tui.formatting import (
    hundredths,
    percent,
    signed_cents,
    signed_int,
)
from elotui.tui.widgets.value import Value

RESULT_LABELS = {"win": "Win", "draw": "Draw", "loss": "Loss"}
E_NOTE = "E counts a draw as half a point: it is not a strict win probability."


def tier_text(before: Tier, crossing: TierChange | None) -> str:
    if crossing is None:
        return before.name
    arrow = "▲" if crossing.direction == "up" else "▼"
    return f"{crossing.before.name} → {crossing.after.name} {arrow}"


def tier_name(tier: Tier) -> str:
    top = TIERS[-1]
    return f"{tier.name} ({GM_NOTE})" if tier == top else tier.name


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
            for text in ("Result", "Change", "Rounded", "New rating", "Tier"):
                yield Label(text, classes="col")
        for name, label in RESULT_LABELS.items():
            with Horizontal(id=f"row-{name}", classes="outcome-row"):
                yield Label(label, classes="col")
                yield Value(id=f"{name}-exact", classes="col value num")
                yield Value(id=f"{name}-rounded", classes="col value num")
                yield Value(id=f"{name}-new", classes="col value num")
                yield Value(id=f"{name}-tier", classes="col value tier")
        yield Value(id="new-rating", classes="value headline")
        yield Value(id="tier-now", classes="value")

    def show(self, game: SingleGame, result: str) -> None:
        e = game.expected
        self.query_one("#expected", Static).update(f"Expected score {percent(e.value)}")
        self.query_one("#expected-note", Static).update(E_NOTE)
        if e.pd is not None:
            diff_line = f"D = {signed_int(e.diff)} → PD {hundredths(e.pd)} (table 8.1.2)"
        else:
            diff_line = f"D = {signed_int(e.diff)} (you − opponent), logistic formula"
        self.query_one("#diff-line", Static).update(diff_line)
        rule = ""
        if game.method is Method.FIDE and e.clamped:
            rule = f"400-point rule applied: D {signed_int(e.diff)} counts as {signed_int(e.diff_used)}"
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
            headline.update("All three results shown: w, d or l picks one (outside a text field).")
            headline.remove_class("-crossing")
        else:
            chosen = game.outcomes[result]
            mark = ""
            if chosen.crossing is not None:
                word = "up" if chosen.crossing.direction == "up" else "down"
                mark = f"  ◆ tier crossed {word}: {tier_text(game.tier, chosen.crossing)}"
            headline.update(
                f"New rating after a {result}: {game.rating} → {chosen.new_rating}{mark}"
            )
            headline.set_class(chosen.crossing is not None, "-crossing")
        self.query_one("#tier-now", Static).update(f"Tier now: {tier_name(game.tier)}")
