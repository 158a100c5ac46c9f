"""The FIDE check: its columns, one row per period worth checking (and the uplift and raise rows), the
note under the table, and the panel that shows them (`FideCheck`: it takes a replay's periods)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Static

from elotui.i18n import N_, _, current_language, pgettext
from elotui.rating.rules import rule_set_named
from elotui.rating.rules.k import KReason
from elotui.rating.text import (
    cents,
    cut,
    end_short,
    fide_check_notes,
    fide_games_text,
    fide_k_text,
    k_value,
    published_text,
    signed,
    worth_checking,
)
from elotui.tui.models.history import NOT_RATED
from elotui.tui.widgets.keyed_table import Row, add_columns, column_width
from elotui.tui.widgets.virtual_table import VirtualTable

if TYPE_CHECKING:
    from elotui.logbook.records import RatingList
    from elotui.rating.replay import Replay, ReplayPeriod

# The labels are English message ids (N_), translated where the columns are added (`add_columns`).
CHECK_COLUMNS = (
    (N_("month"), "month", 7), (N_("rules"), "rules", 10), (N_("start"), "start", 7),
    (N_("games"), "games", 5), ("K", "k", 5), (N_("why"), "why", 10), (N_("cap"), "cap", 3),
    ("400", "clamped", 3), (N_("exact"), "exact", 7), (N_("rounded"), "rounded", 7),
    (N_("per game"), "per_game", 8), (N_("diff"), "diff", 4), (N_("end"), "end", 9),
    (N_("listed"), "published", 6),
)  # fmt: skip
# FIDE's games and K with ✓ or ✗, where list files gave them: these columns only then (a logbook of
# typed ratings keeps its check as it was), as `elotui replay` adds them.
FIDE_COLUMNS = ((N_("FIDE games"), "fide_games", 4), (N_("FIDE K"), "fide_k", 4))


def check_columns(fide: bool) -> tuple[tuple[str, str, int], ...]:
    """The check's columns: with FIDE's games and K (`fide`) or without."""
    return CHECK_COLUMNS + FIDE_COLUMNS if fide else CHECK_COLUMNS


def has_fide_figures(periods: Sequence[ReplayPeriod]) -> bool:
    """Whether some period has FIDE's games or K from a list file."""
    return any(p.published_games is not None or p.published_k is not None for p in periods)


def check_short_labels() -> dict[str, str]:
    """The check's labels that need a shorter word than the same word in a sentence, by column key
    (`add_columns`): "part." in French, where a reason says "parties"."""
    return {"games": pgettext("column", "games"), "fide_games": pgettext("column", "FIDE games")}


# The "why" column: which K rule gave the period's K, by the replay's `KReason` (rules/k.py).
SHORT_REASONS: dict[KReason, str] = {
    KReason.REACHED_2400: N_("ever 2400"),
    KReason.JUNIOR: N_("junior"),
    KReason.FIXED: N_("fixed K"),
    KReason.NEW_PLAYER: N_("< 30 games"),
    KReason.UNDER_2400: N_("under 2400"),
}


def short_reason(period: ReplayPeriod) -> str:
    """The K rule in a word; a rule with no short name (K 20 for everyone) shows its words, cut."""
    short = SHORT_REASONS.get(period.k_rule)
    if short is not None:
        return _(short)
    return cut(period.k_reason, column_width(CHECK_COLUMNS, "why"))


def check_cells(period: ReplayPeriod, fide: bool = False) -> tuple[str, ...]:
    difference = period.rounding_difference
    cells = (
        period.period,
        period.rules + ("*" if period.uncertain else ""),  # the rule set; * a decision of ours
        pgettext("column", "unrated") if period.rating_start is None else str(period.rating_start),
        str(period.n),
        k_value(period),
        short_reason(period) if period.k is not None else "",
        "✓" if period.cap_applied else "",
        str(period.clamped) if period.clamped else "",
        cents(period.change_hundredths),
        signed(period.change_rounded),
        signed(period.per_game_rounded_total),
        signed(difference) if difference else "",
        end_short(period),
        published_text(period),
    )
    return (*cells, fide_games_text(period), fide_k_text(period)) if fide else cells


def uplift_cells(period: ReplayPeriod, fide: bool = False) -> tuple[str, ...]:
    """The one-time uplift of the list `period` feeds, as its own row (rules.md §3.4): the list
    month, "uplift", the result it raises, the raise under "rounded" and the raised list."""
    cells = dict.fromkeys((key for _, key, _ in check_columns(fide)), "")
    cells.update(
        month=period.list_month,
        rules=_("uplift"),
        start=str(period.rating_end),
        rounded=signed(period.uplift),
        end=str(period.next_list),
    )
    return tuple(cells.values())


def check_periods(periods: Sequence[ReplayPeriod]) -> list[ReplayPeriod]:
    """The periods the FIDE check shows: those worth checking, and those with an uplift or a raise."""
    return [
        p for p in periods if worth_checking(p) or p.uplift is not None or p.raised_to is not None
    ]


def check_rows(
    periods: Sequence[ReplayPeriod], kept: KeptRows | None = None, fide: bool = False
) -> list[Row]:
    """The FIDE check's rows, newest first: each period worth checking, an uplift above its period;
    with FIDE's games and K (`fide`). With `kept`, a period's rows made before are taken again
    (`KeptRows`)."""
    rows: list[Row] = []
    for p in reversed(periods):
        own = kept.get(p, fide) if kept is not None else None
        if own is None:
            own = period_rows(p, fide)
            if kept is not None:
                kept.put(p, own)
        rows += own
    return rows


def period_rows(p: ReplayPeriod, fide: bool = False) -> list[Row]:
    """A period's rows of the FIDE check, as they show newest first."""
    rows: list[Row] = []
    if p.uplift is not None:
        rows.append((f"{p.list_month}-uplift", uplift_cells(p, fide)))
    if p.raised_to is not None:  # the 2022-10 raise of rapid and blitz: a row of its own
        rows.append((f"{p.list_month}-raise", raise_cells(p, fide)))
    if worth_checking(p):
        rows.append((p.period, check_cells(p, fide)))
    return rows


class KeptRows:
    """Each period's FIDE check rows, kept by the period itself: after a write, the replay keeps
    the periods before the first one the write reaches (the same objects, `KeptReplay`), so the
    rows are made again only from there. In the language they were made in, with or without
    FIDE's games and K as they were made."""

    def __init__(self) -> None:
        self._rows: dict[int, tuple[ReplayPeriod, list[Row]]] = {}  # by id() of the period
        self._language = current_language()
        self._fide = False

    def get(self, period: ReplayPeriod, fide: bool = False) -> list[Row] | None:
        if (self._language, self._fide) != (current_language(), fide):
            self._rows.clear()
            self._language, self._fide = current_language(), fide
        kept = self._rows.get(id(period))
        # The period itself is kept with its rows, so its id() is never another period's.
        return kept[1] if kept is not None and kept[0] is period else None

    def put(self, period: ReplayPeriod, rows: list[Row]) -> None:
        if len(self._rows) > 4096:  # periods replaced by many writes: start over
            self._rows.clear()
        self._rows[id(period)] = (period, rows)


def raise_cells(period: ReplayPeriod, fide: bool = False) -> tuple[str, ...]:
    """The FIDE check row of the 2022-10 raise of a rapid or blitz list: the list it raised, and the
    rating in the published column ("2022-10 raise to 1750")."""
    cells = {"month": period.list_month, "why": _("raise"), "published": str(period.raised_to)}
    return tuple(cells.get(key, "") for _, key, _ in check_columns(fide))


def list_notes(result: Replay, rating_list: RatingList) -> list[str]:
    """The check note's words for what only rapid and blitz have: the raise and games not rated."""
    from elotui.rating.text import raise_text

    notes = [
        raise_text(p) + _(" (standard − 100)") for p in result.periods if p.raised_to is not None
    ]
    for p in result.periods:
        # Only a rule set with a gap leaves games not rated: the others' games are not read (a
        # write would otherwise read every game of the history again).
        gap = rule_set_named(p.rules, rating_list).difference.not_rated_gap
        if gap is not None and any(g.not_rated for g in result.games[p.games_from : p.games_to]):
            notes.append(
                _("{mark}: not rated (|D| ≥ {gap}, a player above {above})").format(
                    mark=NOT_RATED, gap=gap[0], above=gap[1]
                )
            )
            break
    return notes


def check_note(result: Replay, rating_list: RatingList, periods: Sequence[ReplayPeriod]) -> str:
    """The line under the FIDE check of `result` (a replay of `rating_list`): what its marks mean
    (`periods`: the ones shown)."""
    # "K a→b" marks a K the cap lowered: said with the caps of the rule sets shown. A rule set
    # without one (the standard list's before 2014-07) lowers no K: the mark is never drawn there.
    caps = sorted(
        {cap for p in periods if (cap := rule_set_named(p.rules, rating_list).k_times_games_max)}
    )
    notes = [_("K a→b: {cap} cap").format(cap=" / ".join(map(str, caps)))] if caps else []
    notes += [
        _("per game: each game rounded"),
        _("Ru: initial rating (✓ published)"),
    ]
    if any(p.uncertain for p in periods):
        notes.append(_("*: rule uncertain"))
    notes += list_notes(result, rating_list)
    return " · ".join(notes)


def period_decisions(period: ReplayPeriod) -> list[tuple[str, str]]:
    """The decisions of ours (rules.md §3.7) that the `*` of `period` rests on, as (code, text)."""
    return [(decision.id, decision.text) for decision in period.decisions]


def decisions_line(decisions: Sequence[tuple[str, str]]) -> str:
    """The line under the FIDE check for a period marked `*`: which decisions of ours changed its
    numbers, "* our reading (rule uncertain): rounding — rounded once per period …"; empty for none."""
    if not decisions:
        return ""
    named = [f"{code} — {text}" if code else text for code, text in decisions]
    return _("* our reading (rule uncertain): {decisions}").format(decisions="; ".join(named))


class FideCheck(Vertical):
    """The FIDE check panel: one row per period worth checking of a replay, newest first; under it
    what FIDE's figures most likely mean where they differ, the decisions the highlighted period's
    `*` rests on, and what the marks mean. Each period's rows are kept (`KeptRows`), so after a
    write only the periods it reached are made again."""

    def __init__(self) -> None:
        super().__init__(id="check-panel", classes="history-panel")
        self._kept = KeptRows()
        self._periods: Sequence[ReplayPeriod] = ()  # every period of the replay shown
        self._fide = False  # the columns of FIDE's games and K are shown

    def compose(self) -> ComposeResult:
        yield Static(_("FIDE check, one row per month"), classes="panel-title")
        yield VirtualTable(id="fide-check", zebra_stripes=True)
        # What a mismatch with FIDE's games, K or rating most likely means: the highlighted
        # period's, else the newest period's that has one.
        yield Static("", id="check-fide")
        # Which decisions of ours a period marked * rests on, while the cursor is on it.
        yield Static("", id="check-decisions")
        yield Static("", id="check-note")

    def on_mount(self) -> None:
        self._add_columns()

    def _add_columns(self) -> None:
        table = self.query_one(VirtualTable)
        table.columns = []
        add_columns(table, check_columns(self._fide), check_short_labels())

    def show(self, result: Replay, rating_list: RatingList) -> None:
        """The check of `result`, a replay of `rating_list`."""
        self._periods = result.periods
        periods = check_periods(result.periods)
        fide = has_fide_figures(periods)
        if fide != self._fide:
            self._fide = fide
            self._add_columns()
        self.query_one(VirtualTable).show(check_rows(periods, self._kept, fide))
        note = self.query_one("#check-note", Static)
        text = check_note(result, rating_list, periods)
        if text != note.content:  # unchanged (most writes): no layout
            note.update(text)
        self._show_period()

    def clear(self) -> None:
        self._periods = ()
        self.query_one(VirtualTable).clear()
        self.query_one("#check-note", Static).update("")
        self._show_period()

    @on(VirtualTable.RowHighlighted, "#fide-check")
    def _row_highlighted(self, _: VirtualTable.RowHighlighted) -> None:
        self._show_period()

    def _show_period(self) -> None:
        """Under the table, what the highlighted period's FIDE figures and `*` say."""
        key = self.query_one(VirtualTable).cursor_key
        period = next((p for p in self._periods if p.period == key), None)
        _show_line(self.query_one("#check-fide", Static), fide_line(self._periods, period))
        line = decisions_line(period_decisions(period)) if period is not None else ""
        _show_line(self.query_one("#check-decisions", Static), line)


def fide_line(periods: Sequence[ReplayPeriod], highlighted: ReplayPeriod | None) -> str:
    """What FIDE's figures say in words (`fide_check_notes`, as `elotui replay` prints them): the
    highlighted period's, else the newest period's with something to say; empty if none has."""
    notes = fide_check_notes(highlighted) if highlighted is not None else []
    if not notes:
        notes = next((n for p in reversed(periods) if (n := fide_check_notes(p))), [])
    return " · ".join(notes)


def _show_line(shown: Static, line: str) -> None:
    """A line under the check, shown only when it says something."""
    now = shown.content
    # Unchanged (most writes, most cursor moves): no update, which would lay the screen out.
    if (now.plain if isinstance(now, Content) else str(now)) != line:
        shown.update(Content(line))  # Content: a text from the logbook is never read as markup
    shown.set_class(bool(line), "-shown")
