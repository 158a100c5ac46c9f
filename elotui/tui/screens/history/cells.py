"""The history screen's cells: the games and crossings tables' columns and rows, the chart's title."""

from __future__ import annotations

from typing import TYPE_CHECKING

from elotui.logbook.records import RATING_LISTS
from elotui.rating.calendar import month_text
from elotui.rating.result import Result
from elotui.rating.text import crossing_change, cut, rating_cents
from elotui.rating.tiers import GM_NOTE, tier_of
from elotui.safe_text import printable
from elotui.tui.widgets.keyed_table import column_width

if TYPE_CHECKING:
    from elotui.logbook.records import RatingList
    from elotui.logbook.repository import GameRecord
    from elotui.rating.replay import Crossing
    from elotui.tui.screens.history.messages import GamesChange, ReplayView

NOT_RATED = "×"  # the live cell of a game the rules did not rate (rapid and blitz from 2024-12)

# (label, key, width): fixed widths, so cells filled later (the live rating) never get cut
GAME_COLUMNS = (("date", "date", 10), ("opponent", "opponent", 12), ("opp.", "rating", 4),
                ("res", "result", 3), ("live", "live", 7))  # fmt: skip
CROSSING_COLUMNS = (("list", "date", 7), ("crossing", "change", 14), ("rating", "rating", 6))


def game_cells(game: GameRecord, live: dict[int, int | str | None] | None) -> tuple[str, ...]:
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


def games_after(
    games: dict[int, GameRecord],
    change: GamesChange,
    rating_list: RatingList,
    everything_loaded: bool,
) -> dict[int, GameRecord]:
    """The games table's games after a write, newest first: still the newest N of `rating_list`, so a
    new game is among them if it is newer than the oldest one (or every game is loaded)."""
    kept = dict(games)
    oldest = min(((game.date, game.id) for game in games.values()), default=None)
    for game in change.removed:
        kept.pop(game.id, None)
    for game in change.added:
        if game.rating_list == rating_list and (
            everything_loaded or oldest is None or (game.date, game.id) > oldest
        ):
            kept[game.id] = game
    newest_first = sorted(kept.values(), key=lambda game: (game.date, game.id), reverse=True)
    return {game.id: game for game in newest_first}


def counts_after(counts: dict[RatingList, int], change: GamesChange) -> dict[RatingList, int]:
    """The games on each list after a write."""
    changed = dict(counts)
    for game in change.removed:
        changed[game.rating_list] = changed.get(game.rating_list, 1) - 1
    for game in change.added:
        changed[game.rating_list] = changed.get(game.rating_list, 0) + 1
    return changed


def chart_title(view: ReplayView) -> str:
    """The chart panel's title: what each line is; with the overlay, the lists' colours."""
    from elotui.tui.widgets.trajectory import LIST_COLOURS

    if not view.others:
        return "Trajectory [ansi_cyan]⠒ per game[/] [ansi_yellow]• per month[/]"
    lists = " ".join(
        f"[ansi_{LIST_COLOURS[name]}]⠒ {name}[/]"
        for name in RATING_LISTS
        if name == view.rating_list or name in dict(view.others)
    )
    return f"Lists {lists}"


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
    parts = [f"{total} game{'s' if total != 1 else ''}"]
    if counts:  # the list shown (`l` switches) and the games on the other two
        parts.append(f"{rating_list} list (l)")
        parts += [f"{name} {counts[name]}" for name in RATING_LISTS if name != rating_list]
    if replaying:
        parts.append("replaying…")
    elif current is None:
        parts.insert(0, "unrated")
    else:
        tier = tier_of(current).name
        note = f" · {GM_NOTE}" if tier == "International Master" else ""
        parts.insert(0, f"rating {current} · {tier}{note}")
    return " · ".join(parts)
