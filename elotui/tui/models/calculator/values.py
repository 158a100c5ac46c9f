"""What every calculator mode reads and shows: the fields' typed values, the K presets and their
captions, the status line and the base of every mode's view."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from elotui.i18n import N_, _
from elotui.rating.calculator import Method
from elotui.rating.inputs import K_MAX, K_MIN
from elotui.rating.rules import RatingList, rules_for
from elotui.tui.formatting import phrase_lines

K_PRESETS: tuple[tuple[int, str], ...] = (
    (40, N_("FIDE: new player / junior")),
    (20, N_("FIDE: under 2400")),
    (10, N_("FIDE: published 2400+")),
    (32, N_("generic, not a FIDE value")),
)
K_MEANING = dict(K_PRESETS)
METHOD_HINT_WIDTH = 49  # the form's inner width (#form in app.tcss: 52, padding 1, border 1)

PeriodGameValues = tuple[int, Fraction]  # a game of the period: the opponent's rating, the score


def k_meaning(k: int | None) -> str:
    """What a K from the presets means today ("FIDE: under 2400"); "" for no K from 1 to 100."""
    if k is None or not K_MIN <= k <= K_MAX:
        return ""
    return _(K_MEANING.get(k, N_("custom K (1–100)")))


@dataclass(frozen=True, kw_only=True)
class Values:
    """The calculator's fields, typed. A field that is empty or does not parse is None; `bad` names
    the ones that do not parse (by field id: "rating", "series-games"...) with their reason."""

    rating: int | None = None
    opponent: int | None = None
    k: int | None = None
    result: str = "all"  # "all", or the one result chosen: "win", "draw", "loss"
    method: Method = Method.ELO
    # several games
    games: int | None = None
    points: Fraction | None = None
    # series
    series_games: int | None = None
    exact: bool = False
    # period
    k_from_profile: bool = False
    birth_year: int | None = None
    games_played: int | None = 0
    reached_2400: bool = False
    period_month: date | None = None  # the month's first day
    rating_list: RatingList = "standard"
    cap: bool = True
    period_games: Mapping[str, PeriodGameValues] = field(default_factory=dict)  # by key
    target: int | None = None
    remaining: int | None = None
    need_average: int | None = None
    bad: Mapping[str, str] = field(default_factory=dict)

    def value(self, field_id: str) -> object:
        """A field's value by its id ("series-games" → `series_games`)."""
        return getattr(self, field_id.replace("-", "_"))


# Fields that may stay empty: empty, they are not missing.
OPTIONAL = frozenset({"birth-year", "target", "remaining", "need-average"})


@dataclass(frozen=True)
class Notes:
    """The texts around the form, in every mode: the status line above the results (the first bad
    field the mode needs, else the empty ones, else nothing) and the captions under K and under
    the method."""

    status: str
    error: bool  # the status names a bad field
    k_caption: str
    method_caption: str

    @property
    def blank(self) -> bool:
        """True when the status says what to type or fix: the results are blank then."""
        return bool(self.status)


@dataclass(frozen=True, kw_only=True)
class View:
    """What a mode shows: its notes, and (in each mode's view) its results."""

    notes: Notes


def missing_words() -> dict[str, str]:
    """How the status line names an empty field, by its id, in the language spoken."""
    return {
        "rating": _("your rating"),
        "opponent": _("the opponent's rating"),
        "k": _("the k"),
        "games": _("the games G"),
        "points": _("the points P"),
        "series-games": _("the games N"),
        "period-month": _("the period"),
    }


def status_of(values: Values, needed: Sequence[str], words: Mapping[str, str]) -> tuple[str, bool]:
    """The status line of a mode that needs the fields `needed` (in the form's order), and whether
    it names a bad field: "Fix the marked field: …", "Type the points P: …" or ""."""
    for field_id in needed:
        if field_id in values.bad:
            reason = values.bad[field_id]
            return _("Fix the marked field: {reason}").format(reason=reason), True
    missing = [
        words[field_id]
        for field_id in needed
        if field_id not in OPTIONAL and values.value(field_id) is None
    ]
    if not missing:
        return "", False
    listed = (
        missing[0]
        if len(missing) == 1
        else _("{first} and {last}").format(first=", ".join(missing[:-1]), last=missing[-1])
    )
    return _("Type {fields}: results follow every key.").format(fields=listed), False


def method_caption(method: Method, today: date) -> str:
    """The caption under the method: what it computes under today's standard rules."""
    text = method.text(rules_for("standard", today))
    return phrase_lines(f"  {method.value}: {text}", METHOD_HINT_WIDTH)
