"""`elotui replay --player NAME`: the month-by-month FIDE check, the crossings, and (with --json) the games.

The replay is computed from the stored games every time (nothing derived is stored as truth).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from elotui.cli.common import UsageError, add_command, print_table
from elotui.cli.logbook_commands import add_list_option, db_path, open_repository, wants_json
from elotui.i18n import N_, _
from elotui.rating.text import (
    cents,
    end_text,
    k_text,
    list_label,
    published_text,
    rounding_text,
    signed,
    uplift_text,
    worth_checking,
)

if TYPE_CHECKING:
    from elotui.logbook.reader import LogbookReader
    from elotui.logbook.records import GameRecord, PlayerRecord
    from elotui.logbook.repository import Repository
    from elotui.rating.replay import Replay
    from elotui.rating.rules import RatingList

ALL_LISTS = "all"  # `--list all`: the three lists, a table each, JSON keyed by list


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    replay = add_command(
        sub, "replay", _("replay a player's games: FIDE check per month and crossings")
    )
    replay.add_argument("--player", required=True, metavar="NAME")
    replay.add_argument(
        "--demo", action="store_true", default=argparse.SUPPRESS,
        help=_("replay from a throwaway copy of the demo logbook"),
    )  # fmt: skip
    replay.add_argument(
        "--no-cap", action="store_true", help=_("ignore the K×n ≤ 700 cap (not FIDE)")
    )
    add_list_option(
        replay, _("the rating list to replay, or all three (default standard)"), "standard",
        also=(ALL_LISTS,),
    )  # fmt: skip
    replay.set_defaults(handler=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    from elotui.cli.replay_json import write_lists_json, write_replay_json
    from elotui.logbook.records import RATING_LISTS, LogbookError
    from elotui.rating.replay import replay_lists

    shown: tuple[RatingList, ...] = (
        RATING_LISTS if args.rating_list == ALL_LISTS else (args.rating_list,)
    )
    # Rapid and blitz read the standard list in force (rules.md §3.3): it is always replayed.
    read: tuple[RatingList, ...] = ("standard", *(name for name in shown if name != "standard"))
    try:
        player, games, published = _read_player(args, read)
    except LogbookError as error:
        raise UsageError(str(error)) from None
    _refuse_dates_out_of_range([game for listed in games.values() for game in listed])
    results = replay_lists(player, games, published, apply_cap=not args.no_cap, lists=shown)
    if wants_json(args):
        if args.rating_list == ALL_LISTS:
            write_lists_json(sys.stdout, player.name, not args.no_cap, results)
        else:
            write_replay_json(sys.stdout, results[shown[0]])
        return 0
    for index, name in enumerate(shown):
        if len(shown) > 1 or name != "standard":
            if index:
                print()
            print(_("— {name} list —").format(name=list_label(name)))
        print_replay(results[name])
        print_list_notes(results[name], name)
    return 0


def _refuse_dates_out_of_range(games: list[GameRecord]) -> None:
    """A game stored by an older elotui outside today's date range (a 9999-12-31 cannot be replayed:
    its month has no next list) is named with the command that removes it, instead of a traceback."""
    from elotui.dates import LATEST_DATE, range_text

    late = next((game for game in reversed(games) if game.date > LATEST_DATE), None)
    if late is not None:
        raise UsageError(
            _(
                "game {id} is on {date}, outside the dates elotui takes ({range}); correct it with:"
                " elotui game edit {id} --date YYYY-MM-DD (or remove it: elotui game remove {id})"
            ).format(id=late.id, date=late.date.isoformat(), range=range_text())
        )


def print_list_notes(result: Replay, rating_list: RatingList) -> None:
    """What only rapid and blitz have, under the table: the 2022-10 raise and the games not rated."""
    from elotui.rating.rules import rule_set_named
    from elotui.rating.text import not_rated_text, raise_text

    notes = [raise_text(p) for p in result.periods if p.raised_to is not None]
    for p in result.periods:
        for g in result.games[p.games_from : p.games_to]:
            if g.not_rated:
                text = not_rated_text(g, rule_set_named(p.rules, rating_list))
                notes.append(
                    _("{date} vs {opponent}: {reason}").format(
                        date=g.date.isoformat(), opponent=g.opponent_rating, reason=text
                    )
                )
    if notes:
        print("\n".join(notes))


def _read_player(
    args: argparse.Namespace, rating_lists: tuple[RatingList, ...] = ("standard",)
) -> tuple[PlayerRecord, dict[RatingList, list[GameRecord]], dict[RatingList, dict[str, int]]]:
    """The player's profile, and games and published ratings of each list.

    A logbook already at the current schema is read with plain sqlite3 (no SQLAlchemy to import);
    anything else goes through the repository, which migrates or refuses with a reason.
    """
    from elotui.logbook.reader import open_reader

    source: LogbookReader | Repository | None = None
    if not getattr(args, "demo", False):
        source = open_reader(db_path(args))
    if source is None:
        source = open_repository(args, create=False)
    try:
        player = source.find_player(args.player)
        games = {name: source.games_for_replay(player.id, name) for name in rating_lists}
        published = {
            name: {p.month: p.rating for p in source.list_published(player.id, name)}
            for name in rating_lists
        }
    finally:
        source.close()
    return player, games, published


CROSSING_KINDS = {"tier": N_("tier"), "title": N_("title"), "k10": "k10", "floor": N_("floor")}


def _said(value: str | None) -> str:
    """A crossing's end in the language spoken: a tier's name or "unrated" translated; a title
    ("FM") or a K ("10") as it is (the catalog has no such message, so `_` leaves it)."""
    return _(value) if value else ""


def print_replay(result: Replay) -> None:
    print(
        _("{player} · current rating {value}").format(
            player=result.player, value=result.current_rating or _("unrated")
        )
    )
    rows: list[list[object]] = []
    for p in result.periods:
        if worth_checking(p):  # a month without games or lists has nothing to check
            rows.append(
                [
                    p.period,
                    p.rules + (" *" if p.uncertain else ""),  # the rule set; * a decision of ours
                    p.rating_start if p.rating_start is not None else _("unrated"),
                    p.n,
                    k_text(p),
                    p.clamped or "",
                    cents(p.change_hundredths),
                    signed(p.change_rounded),
                    rounding_text(p),
                    end_text(p),
                    published_text(p),
                ]
            )
        if p.uplift is not None:  # the one-time uplift of the list this period feeds, its own row
            rows.append(["", "", "", "", uplift_text(p), "", "", "", "", "", ""])
    print_table(
        [_("period"), _("rules"), _("start"), _("games"), _("K (why)"), "400", _("exact"), _("rounded"),
         _("per game (diff)"), _("end"), _("published")],
        rows,
    )  # fmt: skip
    marked = sorted({text for p in result.periods for text in p.uncertain})
    if marked:
        print(_("* rule uncertain (our decision): {decisions}").format(decisions="; ".join(marked)))
    print()
    if not result.crossings:
        print(_("No crossings."))
        return
    print(_("Crossings"))
    print_table(
        [_("list of"), _("kind"), _("from"), _("to"), _("rating"), _("note")],
        [
            [c.date.isoformat(), _(CROSSING_KINDS[c.kind]), _said(c.from_),
             f"{_said(c.to)} {'↑' if c.direction == 'up' else '↓'}", c.rating, c.note]
            for c in result.crossings
        ],
    )  # fmt: skip
