"""The history screen's cells: the games and crossings tables' columns and rows, the chart's title."""

from __future__ import annotations

from typing import TYPE_CHECKING

from elotui.i18n import N_, _, ngettext, numbers, pgettext
from elotui.logbook.records import RATING_LISTS
from elotui.rating.calendar import month_text
from elotui.rating.result import Result
from elotui.rating.text import crossing_change, cut, rating_cents
from elotui.rating.tiers import GM_NOTE, tier_of
from elotui.safe_text import printable
from elotui.tui.language import LIST_NAMES
from elotui.tui.widgets.keyed_table import column_width

if TYPE_CHECKING:
    from elotui.logbook.records import RatingList
    from elotui.logbook.repository import GameRecord
    from elotui.rating.replay import Crossing
    from elotui.tui.models.history import Live, ReplayView

# (label, key, width): fixed widths, so cells filled later (the live rating) never get cut
# The labels are English message ids (N_), translated where the columns are added (`add_columns`).
GAME_COLUMNS = ((N_("date"), "date", 10), (N_("opponent"), "opponent", 12), (N_("opp."), "rating", 4),
                (N_("res"), "result", 3), (N_("live"), "live", 7))  # fmt: skip
# Where a game's live rating is among its cells (filled in when the replay comes: `GamesTable.show_live`).
LIVE_CELL = next(place for place, (_, key, _) in enumerate(GAME_COLUMNS) if key == "live")
CROSSING_COLUMNS = ((N_("list"), "date", 7), (N_("crossing"), "change", 19),
                    (N_("rating"), "rating", 6))  # fmt: skip


def crossing_short_labels() -> dict[str, str]:
    """The crossings' labels that need a shorter word than the same word in a sentence, by column
    key (`add_columns`): "class." in French, where a reason says "classement"."""
    return {"rating": pgettext("column", "rating")}


def game_cells(game: GameRecord, live: Live | None) -> tuple[str, ...]:
    rating = "—" if game.opponent_rating is None else str(game.opponent_rating)
    live_text = ""
    if live is not None:  # no live rating: not rated, an unrated opponent, or the player unrated
        value = live.get(game.id)
        if isinstance(value, str):
            live_text = value
        else:
            live_text = rating_cents(value) if value is not None else "—"
    return (
        game.date.isoformat(),
        # printable: an ESC stored by an older elotui is shown escaped, never sent to the terminal
        cut(printable(game.opponent or ""), column_width(GAME_COLUMNS, "opponent")),
        rating,
        Result.from_halves(game.score_halves).symbol,
        live_text,
    )


def chart_title(view: ReplayView) -> str:
    """The chart panel's title: what each line is; with the overlay, the lists' colours."""
    from elotui.tui.widgets.trajectory_drawing import LIST_COLOURS

    if not view.others:
        return _("Trajectory [ansi_cyan]⠒ per game[/] [ansi_yellow]• per month[/]")
    lists = " ".join(
        f"[ansi_{LIST_COLOURS[name]}]⠒ {_(LIST_NAMES[name])}[/]"
        for name in RATING_LISTS
        if name == view.rating_list or name in dict(view.others)
    )
    return _("Lists {lists}").format(lists=lists)


def crossing_cells(crossing: Crossing) -> tuple[str, ...]:
    # Lists are published on the 1st: the month says the date.
    change = cut(crossing_change(crossing), column_width(CROSSING_COLUMNS, "change"))
    return (month_text(crossing.date), change, str(crossing.rating))


def summary_text(
    total: int,
    counts: dict[RatingList, int],
    rating_list: RatingList,
    replaying: bool,
    current: int | None,
) -> str:
    """The player bar's summary: the rating and tier (`current`, once the replay is done), the games
    of the list shown and of the other two."""
    parts = [ngettext("{n} game", "{n} games", total).format(n=numbers.count(total))]
    if counts:  # the list shown (`l` switches) and the games on the other two
        parts.append(_("{list} list (l)").format(list=_(LIST_NAMES[rating_list])))
        parts += [
            f"{_(LIST_NAMES[name])} {numbers.count(counts[name])}"
            for name in RATING_LISTS
            if name != rating_list
        ]
    if replaying:
        parts.append(_("replaying…"))
    elif current is None:
        parts.insert(0, _("unrated"))
    else:
        tier = tier_of(current).name
        note = f" · {_(GM_NOTE)}" if tier == "International Master" else ""
        parts.insert(
            0,
            _("rating {rating} · tier {tier}{note}").format(
                rating=current, tier=_(tier), note=note
            ),
        )

    return " · ".join(parts)
