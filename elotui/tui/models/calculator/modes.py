"""The calculator's modes, one object each: what a mode needs, its labels, and `compute(values,
today)`, the view the screen shows. The numbers come from `elotui.rating`; `today` is the app's
(`AppSettings.today`) and decides the rules in force, so nothing here reads the clock."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from elotui.i18n import N_, _, pgettext
from elotui.rating.calculator import (
    SeriesStep,
    SeveralGames,
    SingleGame,
    several_games,
    single_game,
)
from elotui.rating.calculator import series as series_steps
from elotui.rating.elo import expected_score
from elotui.rating.fide import counted_diff
from elotui.rating.result import Result
from elotui.rating.rules import rules_for
from elotui.rating.tables import PD_ROWS, pd_hundredths
from elotui.tui.formatting import hundredths, percent, signed_int
from elotui.tui.models.calculator.values import (
    K_PRESETS,
    OPTIONAL,
    Notes,
    Values,
    View,
    k_meaning,
    method_caption,
    missing_words,
    status_of,
)

SHARED = ("rating", "opponent", "k")  # the fields every mode but the reference and period needs
ALL_RESULTS = ("all", "win", "draw", "loss")  # the result choice's options, by key


@dataclass(frozen=True)
class Control:
    """How one of the form's controls shows in a mode: hidden where the mode never uses it,
    disabled saying why where the values decide (the period's era, where K comes from)."""

    shown: bool = True
    reason: str = ""  # not "": shown disabled, this saying why

    @property
    def applies(self) -> bool:
        return self.shown and not self.reason


class Mode:
    """A mode of the calculator: its key, title and own fields, and what it shows (`compute`)."""

    name: str
    title: str  # marked for translation (N_): the screen translates it
    key: str
    fields: tuple[str, ...] = ()  # the ids of its own fields, below the shared ones
    results: tuple[str, ...] = ()  # the result choice's options it uses (none: the choice hides)
    uses_method = True
    uses_k = True

    def controls(self, values: Values, today: date) -> dict[str, Control]:
        """The shared controls (by field id) as this mode shows them: the result, the method, K."""
        return {
            "result": Control(shown=bool(self.results)),
            "method": Control(shown=self.uses_method),
            "k": Control(shown=self.uses_k),
        }

    def next_k(self, values: Values, today: date, step: int) -> int:
        """The K that ↑ (step 1) or ↓ (step −1) gives from the K typed: the next preset up or down
        (`k_presets`, by value), the last one staying; from no K, the preset nearest 20."""
        presets = sorted(self.k_presets(values, today))
        k = values.k
        if k is None:
            return min(presets, key=lambda preset: (abs(preset - 20), preset))
        beyond = [p for p in presets if (p > k if step > 0 else p < k)]
        if not beyond:
            return presets[-1] if step > 0 else presets[0]
        return beyond[0] if step > 0 else beyond[-1]

    def first_to_type(self, values: Values) -> str | None:
        """The field the status line asks for first (bad, else empty), by id, or None."""
        needed = self.needed(values)
        bad = next((field_id for field_id in needed if field_id in values.bad), None)
        if bad is not None:
            return bad
        return next((f for f in needed if f not in OPTIONAL and values.value(f) is None), None)

    def rating_label(self) -> str:
        return _("Your rating")

    def opponent_label(self) -> str:
        return pgettext("calculator", "Opponent rating")

    def needed(self, values: Values) -> tuple[str, ...]:
        """The fields the results need, in the form's order: one bad or empty blanks them."""
        return (*SHARED, *self.fields)

    def missing_words(self) -> dict[str, str]:
        return missing_words()

    def k_presets(self, values: Values, today: date) -> tuple[int, ...]:
        """What ↑/↓ in K steps through: today's presets."""
        return tuple(k for k, _caption in K_PRESETS)

    def k_caption(self, values: Values, today: date) -> str:
        """The caption under K: what a preset means today, or a custom K."""
        return k_meaning(values.k)

    def notes(self, values: Values, today: date) -> Notes:
        """The status and the captions (`compute` adds the results)."""
        status, error = status_of(values, self.needed(values), self.missing_words())
        return Notes(
            status=status,
            error=error,
            k_caption=self.k_caption(values, today),
            method_caption=self.method_caption(values, today),
        )

    def method_caption(self, values: Values, today: date) -> str:
        return method_caption(values.method, today)

    def compute(self, values: Values, today: date) -> View:
        raise NotImplementedError


@dataclass(frozen=True, kw_only=True)
class SingleView(View):
    game: SingleGame | None  # None: blank
    result: str  # "all" or the one result chosen


class SingleMode(Mode):
    """One game: the change for a win, a draw and a loss, under today's rules."""

    name, title, key = "single", N_("Single game"), "f5"
    results = ALL_RESULTS

    def compute(self, values: Values, today: date) -> SingleView:
        notes = self.notes(values, today)
        game = None
        if not notes.blank:
            assert values.rating and values.opponent and values.k
            game = single_game(
                values.rating, values.opponent, values.k, values.method,
                rules=rules_for("standard", today),
            )  # fmt: skip
        return SingleView(notes=notes, game=game, result=values.result)


@dataclass(frozen=True, kw_only=True)
class SeveralView(View):
    several: SeveralGames | None  # None: blank


class SeveralMode(Mode):
    """G games against an average opponent with P points: the average-opponent shortcut."""

    name, title, key = "several", N_("Several games"), "f6"
    fields = ("games", "points")

    def opponent_label(self) -> str:
        return _("Average opponent")

    def missing_words(self) -> dict[str, str]:
        return missing_words() | {"opponent": _("the average opponent")}

    def needed(self, values: Values) -> tuple[str, ...]:
        # P is read against G: while G is not there, P is not asked for yet.
        return (*SHARED, "games") if values.games is None else (*SHARED, *self.fields)

    def compute(self, values: Values, today: date) -> SeveralView:
        notes = self.notes(values, today)
        several = None
        if not notes.blank:
            assert values.rating and values.opponent and values.k and values.games
            assert values.points is not None
            several = several_games(
                values.rating, values.opponent, values.k, values.games, values.points,
                values.method, rules=rules_for("standard", today),
            )  # fmt: skip
        return SeveralView(notes=notes, several=several)


@dataclass(frozen=True, kw_only=True)
class SeriesView(View):
    steps: Sequence[SeriesStep] | None  # None: blank
    result: str  # the one result of every game: "win", "draw", "loss"
    exact: bool


class SeriesMode(Mode):
    """N games with the same result, the rating updated after each one."""

    name, title, key = "series", N_("Series"), "f7"
    fields = ("series-games",)
    results = ALL_RESULTS[1:]  # every game has the one result chosen: "all" means nothing here

    def compute(self, values: Values, today: date) -> SeriesView:
        notes = self.notes(values, today)
        # Every game of the series has the one result chosen; "all" shows a series of wins.
        result = Result.parse(values.result) or Result.WIN
        steps = None
        if not notes.blank:
            assert values.rating and values.opponent and values.k and values.series_games
            steps = series_steps(
                values.rating, values.opponent, values.k, values.series_games, result.score,
                values.method, exact=values.exact, rules=rules_for("standard", today),
            )  # fmt: skip
        return SeriesView(notes=notes, steps=steps, result=result.word, exact=values.exact)


@dataclass(frozen=True, kw_only=True)
class ReferenceView(View):
    current: str  # the line under the table: the player's own D


class ReferenceMode(Mode):
    """The expected score by difference, elo and FIDE, up to today's difference limit."""

    name, title, key = "reference", N_("Reference"), "f9"
    uses_method = uses_k = False  # the table shows both methods; K changes nothing in it

    def needed(self, values: Values) -> tuple[str, ...]:
        return ()

    @staticmethod
    def table(today: date) -> list[tuple[str, str, str, str]]:
        """The table's rows (key, D, elo E, fide PD): every 50 points up to the difference limit
        of today's standard rules (8.3.1: past it, D counts as the limit), else up to table
        8.1.2's last row."""
        limit = rules_for("standard", today).difference.limit or PD_ROWS[-1][0]
        return [
            (
                str(diff),
                signed_int(diff),
                percent(expected_score(1500 + diff, 1500)),
                hundredths(pd_hundredths(diff)),
            )
            for diff in range(-limit, limit + 1, 50)
        ]

    def compute(self, values: Values, today: date) -> ReferenceView:
        notes = self.notes(values, today)
        rating, opponent = values.rating, values.opponent
        if rating is None or opponent is None:
            return ReferenceView(
                notes=notes,
                current=_("Type both ratings to see your own difference."),
            )
        rules = rules_for("standard", today)
        diff = rating - opponent
        used = counted_diff(rating, opponent, rules=rules)
        current = _("You: D = {diff} → elo {elo}, fide PD {pd}").format(
            diff=signed_int(diff),
            elo=percent(expected_score(rating, opponent)),
            pd=hundredths(pd_hundredths(used)),
        )
        if used != diff:
            current += _(" ({limit}-point rule)").format(limit=rules.difference.limit)
        return ReferenceView(notes=notes, current=current)
