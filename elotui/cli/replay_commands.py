"""`elotui replay --player NAME`: the month-by-month FIDE check, the crossings, and (with --json) the games.

The replay is computed from the stored games every time (nothing derived is stored as truth).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import IO, TYPE_CHECKING

from elotui.cli.calc_options import no_cap_help
from elotui.cli.common import UsageError, add_command, print_table
from elotui.cli.logbook_commands import add_list_option, db_path, open_repository, wants_json
from elotui.i18n import N_, _, ngettext
from elotui.rating.text import (
    cents,
    end_text,
    fide_check_notes,
    fide_games_text,
    fide_k_text,
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
    from elotui.logbook.records import GameRecord
    from elotui.logbook.repository import Repository
    from elotui.rating.replay import Crossing, PeriodSink, ReplayedGame, ReplayPeriod
    from elotui.rating.replay.order import GamesOfPeriod
    from elotui.rating.rules import RatingList

ALL_LISTS = "all"  # `--list all`: the three lists, a table each, JSON keyed by list


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    replay = add_command(
        sub, "replay", _("replay a player's games: FIDE check per month and crossings")
    )
    replay.add_argument("--player", required=True, metavar="NAME", help=_("whose games"))
    replay.add_argument("--no-cap", action="store_true", help=no_cap_help())
    add_list_option(
        replay, _("the rating list to replay, or all three (default standard)"), "standard",
        also=(ALL_LISTS,),
    )  # fmt: skip
    replay.set_defaults(handler=run_replay)


def run_replay(args: argparse.Namespace) -> int:
    from elotui.logbook.records import RATING_LISTS, LogbookError
    from elotui.rating.replay import replay_lists_into

    shown: tuple[RatingList, ...] = (
        RATING_LISTS if args.rating_list == ALL_LISTS else (args.rating_list,)
    )
    # Rapid and blitz read the standard list in force (rules.md §3.3): it is always replayed.
    read: tuple[RatingList, ...] = ("standard", *(name for name in shown if name != "standard"))
    source = _open_source(args)
    try:
        try:
            player = source.find_player(args.player)
        except LogbookError as error:
            raise UsageError(str(error)) from None
        published = {
            name: {p.month: p.for_replay() for p in source.list_published(player.id, name)}
            for name in read
        }
        games_of = _games_by_period(source, player.id)
        apply_cap = not args.no_cap
        if wants_json(args):
            _write_json(shown, lambda sinks: replay_lists_into(
                player, games_of, published, sinks, apply_cap=apply_cap
            ), player.name, apply_cap)  # fmt: skip
            return 0
        tables = {name: ShownReplay() for name in shown}
        replay_lists_into(player, games_of, published, tables, apply_cap=apply_cap)
        counts = source.count_games_by_list(player.id)
    finally:
        source.close()
    for index, name in enumerate(shown):
        if len(shown) > 1 or name != "standard":
            if index:
                print()
            print(_("— {name} list —").format(name=list_label(name)))
        if not counts[name]:
            print(elsewhere_text(name, counts))
            if not any(worth_checking(p) for p in tables[name].periods):
                continue  # an empty table says nothing more
        print_replay(tables[name])
        print_list_notes(tables[name], name)
    return 0


def elsewhere_text(name: RatingList, counts: Mapping[RatingList, int]) -> str:
    """For a list without games, the lists that have some and how to see them: "No standard
    games; rapid: 1 game: --list rapid"."""
    others = [
        ngettext("{list}: {n} game: --list {name}", "{list}: {n} games: --list {name}", n).format(
            list=list_label(other), n=n, name=other
        )
        for other, n in counts.items()
        if n and other != name
    ]
    if not others:
        return _("No {list} games, nor on the other lists.").format(list=list_label(name))
    return "; ".join([_("No {list} games").format(list=list_label(name)), *others])


def _write_json(
    shown: tuple[RatingList, ...],
    replay_into: Callable[[Mapping[RatingList, PeriodSink]], None],
    player: str,
    apply_cap: bool,
) -> None:
    """The replay's JSON on stdout, written as the replay goes (`replay_json.json_writers`). With
    several lists, the whole text waits in a temporary file, so that a list that cannot be replayed
    (a stored date out of range) leaves nothing half written."""
    import shutil
    import tempfile

    from elotui.cli.process import data_output
    from elotui.cli.replay_json import SPOOLED_IN_MEMORY, json_writers

    def replay_to(out: IO[str], keyed: bool) -> None:
        writers = json_writers(out, player, apply_cap, shown, keyed=keyed)
        try:
            replay_into(writers)
        finally:  # a replay stopped early leaves no temporary file behind
            for writer in writers.values():
                writer.close()

    with data_output() as out:  # UTF-8, as JSON is, whatever the terminal's encoding
        if len(shown) == 1:
            replay_to(out, keyed=False)
            return
        with tempfile.SpooledTemporaryFile(
            max_size=SPOOLED_IN_MEMORY, mode="w+", encoding="utf-8", newline=""
        ) as whole:
            replay_to(whole, keyed=True)
            whole.seek(0)
            shutil.copyfileobj(whole, out)


def _open_source(args: argparse.Namespace) -> LogbookReader | Repository:
    """The logbook to read. One already at the current schema is read with plain sqlite3 (no
    SQLAlchemy to import); anything else goes through the repository, which migrates or refuses
    with a reason."""
    from elotui.logbook.reader import open_reader

    source: LogbookReader | Repository | None = None
    if not getattr(args, "demo", False):
        source = open_reader(db_path(args))
    if source is None:
        source = open_repository(args, create=False)
    return source


def _games_by_period(
    source: LogbookReader | Repository, player_id: int
) -> Callable[[RatingList], Iterable[GamesOfPeriod]]:
    """A list's games a period at a time: read as a stream (the reader), so that one period's games
    are in memory at a time, or all at once (the repository: a logbook it had to
    migrate, the demo) and sorted here."""
    from elotui.logbook.reader import LogbookReader
    from elotui.rating.replay.order import by_period, period_runs, periods_in

    if isinstance(source, LogbookReader):
        reader = source

        def streamed(name: RatingList) -> Iterator[GamesOfPeriod]:
            out_of_line, in_date_order = reader.games_as_stream(player_id, name)
            return periods_in(_in_range(in_date_order), list(_in_range(out_of_line)))

        return streamed
    repository = source
    return lambda name: period_runs(
        *by_period(list(_in_range(repository.games_for_replay(player_id, name))))
    )


def _in_range(games: Iterable[GameRecord]) -> Iterator[GameRecord]:
    """The games, up to one stored by an older elotui outside today's date range (a 9999-12-31
    cannot be replayed: its month has no next list), which is named with the command that removes
    it, instead of a traceback. Nothing is printed before the replay ends, so nothing is printed."""
    from elotui.dates import LATEST_DATE, range_text

    for game in games:
        if game.date > LATEST_DATE:
            raise UsageError(
                _(
                    "game {id} is on {date}, outside the dates elotui takes ({range}); correct it"
                    " with: elotui game edit {id} --date YYYY-MM-DD (or remove it: elotui game"
                    " remove {id})"
                ).format(id=game.id, date=game.date.isoformat(), range=range_text())
            )
        yield game


class ShownReplay:
    """A sink (`rating.replay.PeriodSink`) keeping what the tables show of a replay: the periods,
    the crossings and the games not rated, not every game."""

    def __init__(self) -> None:
        self.player = ""
        self.current_rating: int | None = None
        self.periods: list[ReplayPeriod] = []
        self.crossings: list[Crossing] = []
        self.not_rated: list[tuple[ReplayPeriod, ReplayedGame]] = []

    def period(
        self, period: ReplayPeriod, games: list[ReplayedGame], crossings: list[Crossing]
    ) -> None:
        self.periods.append(period)
        self.crossings.extend(crossings)
        self.not_rated.extend((period, g) for g in games if g.not_rated)

    def finished(self, player: str, apply_cap: bool, current_rating: int | None) -> None:
        self.player, self.current_rating = player, current_rating


def print_list_notes(result: ShownReplay, rating_list: RatingList) -> None:
    """What only rapid and blitz have, under the table: the 2022-10 raise and the games not rated."""
    from elotui.rating.rules import rule_set_named
    from elotui.rating.text import not_rated_text, raise_text

    notes = [raise_text(p) for p in result.periods if p.raised_to is not None]
    for p, g in result.not_rated:
        text = not_rated_text(g, rule_set_named(p.rules, rating_list))
        notes.append(
            _("{date} vs {opponent}: {reason}").format(
                date=g.date.isoformat(), opponent=g.opponent_rating, reason=text
            )
        )
    if notes:
        print("\n".join(notes))


CROSSING_KINDS = {"tier": N_("tier"), "title": N_("title"), "k10": "k10", "floor": N_("floor")}


def _said(value: str | None) -> str:
    """A crossing's end in the language spoken: a tier's name or "unrated" translated; a title
    ("FM") or a K ("10") as it is (the catalog has no such message, so `_` leaves it)."""
    return _(value) if value else ""


def print_replay(result: ShownReplay) -> None:
    print(
        _("{player} · current rating {value}").format(
            player=result.player, value=result.current_rating or _("unrated")
        )
    )
    # FIDE's games and K, where list files gave them: their columns only then (a logbook of typed
    # ratings keeps its table as it was).
    fide = any(p.published_games is not None or p.published_k is not None for p in result.periods)
    rows: list[list[object]] = []
    for p in result.periods:
        if worth_checking(p):  # a month without games or lists has nothing to check
            row: list[object] = [
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
            rows.append([*row, fide_games_text(p), fide_k_text(p)] if fide else row)
        if p.uplift is not None:  # the one-time uplift of the list this period feeds, its own row
            rows.append(["", "", "", "", uplift_text(p), *[""] * (8 if fide else 6)])
    headers = [_("period"), _("rules"), _("start"), _("games"), _("K (why)"), "400", _("exact"),
               _("rounded"), _("per game (diff)"), _("end"), _("published")]  # fmt: skip
    print_table([*headers, _("FIDE games"), _("FIDE K")] if fide else headers, rows)
    notes = [note for p in result.periods for note in fide_check_notes(p)]
    if notes:
        print("\n".join(notes))
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
