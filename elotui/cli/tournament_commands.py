"""`elotui tournament FILE.trf`: the rating report of a tournament before FIDE publishes it.

The file's findings first (`FILE:LINE: reason`), then per player FIDE's columns (Ro, K, N, W, Rc,
chg, K·chg, Rp), the unrated players' first rating, and with `--db` each logbook player's period (the
other events and the K×n cap across them). `--json` and `--csv` print the same report for a script.
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Iterator
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from elotui.cli.calc_options import K, hundredths, uncertain_line
from elotui.cli.common import UsageError, add_command, add_list_option, print_json, print_table
from elotui.cli.logbook_commands import logbook_errors, open_repository, wants_json
from elotui.i18n import _, ngettext
from elotui.i18n.numbers import points
from elotui.rating.rounding import cents, round_half_up
from elotui.rating.rules.titles import EVENT_TYPES
from elotui.rating.text import cents as cents_text
from elotui.rating.text import list_label, signed

if TYPE_CHECKING:
    from elotui.logbook.tournament_file import PeriodContext, TournamentFile
    from elotui.rating.norms import NormVerdict, Reason
    from elotui.rating.tournament import FirstRating, PlayerReport, ReportGame

# The CSV's columns, one row a player (FIDE's names, lower case; the JSON's keys where they differ).
CSV_COLUMNS = (
    "rank", "name", "ro", "k", "k_applied", "k_source", "n", "w", "rc", "chg", "k_chg",
    "k_chg_rounded", "rp", "initial_rating", "first_rating",
)  # fmt: skip


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    tournament = add_command(
        sub, "tournament", _("a tournament's rating report from its TRF, before FIDE publishes it")
    )
    tournament.add_argument(
        "file", metavar="FILE", type=Path, help=_("the tournament's TRF file (TRF16 or TRF26)")
    )
    tournament.add_argument(
        "--list-file",
        metavar="FILE",
        type=Path,
        help=_("a FIDE rating list file: each listed player's K (after the logbook's)"),
    )
    tournament.add_argument(
        "--k", type=K, metavar="K", help=_("K of every rated player no logbook or list file gives")
    )
    tournament.add_argument(
        "--event-type",
        choices=list(EVENT_TYPES),
        metavar="TYPE",
        default="ordinary",
        help=_("the kind of event the title norms are judged for (docs/rules.md §5.6)"),
    )
    tournament.add_argument("--csv", action="store_true", help=_("print the report as CSV"))
    add_list_option(tournament, _("the list when the file gives no time control"), None)
    tournament.set_defaults(handler=run_tournament)


@logbook_errors
def run_tournament(args: argparse.Namespace) -> int:
    from elotui.logbook.paths import refusal_to_read
    from elotui.logbook.tournament_file import read_tournament

    if args.csv and wants_json(args):
        raise UsageError(_("give --json or --csv, not both"))
    refusal = refusal_to_read(args.file)
    if refusal is not None:
        raise UsageError(refusal)
    # The logbook only when named: a report needs none, and reading one is the period context.
    repository = open_repository(args, create=False) if getattr(args, "db", None) else None
    try:
        read = read_tournament(
            args.file,
            repository=repository,
            list_file=args.list_file,
            fixed_k=args.k,
            rating_list=args.rating_list,
            event_type=args.event_type,
        )
    finally:
        if repository is not None:
            repository.close()
    if wants_json(args):
        print_json(tournament_document(read))
    elif args.csv:
        _print_csv(read)
    else:
        _print_report(read)
    return 0


def _rules_uncertain(read: TournamentFile) -> list[str]:
    from elotui.rating.rules.lookup import before_modelled
    from elotui.rating.rules.rule_set import decisions_named

    report = read.report
    codes = ("before-modelled",) if before_modelled(read.rating_list, report.start) else ()
    return [decision.text for decision in decisions_named(codes)]


# --- the table ------------------------------------------------------------------------------------


def _print_report(read: TournamentFile) -> None:
    report, trf = read.report, read.trf
    for warning in read.warnings:  # what had to be assumed: on stderr, as the import says it
        print(_("warning: {warning}").format(warning=warning), file=sys.stderr)
    if read.findings:
        n = len(read.findings)
        print(
            ngettext("The file checked: {n} finding", "The file checked: {n} findings", n).format(
                n=n
            )
        )
        for finding in read.findings:
            print(f"  {finding}")
    else:
        print(_("The file checked: nothing found"))
    print()
    print(
        _("{event} · from {start} · {list} list · rules {rules}").format(
            event=trf.event or read.label,
            start=report.start.isoformat(),
            list=list_label(read.rating_list),
            rules=report.rules.name,
        )
    )
    if line := uncertain_line(_rules_uncertain(read)):
        print(line)
    rated = [player for player in report.players if player.ro is not None]
    unrated = [player for player in report.players if player.ro is None]
    if rated:
        print()
        print_table(
            ["#", _("name"), "Ro", "K", "N", "W", "Rc", "chg", "K·chg", "±", "Rp"],
            [
                [
                    player.rank, player.name, player.ro, _k_cell(player), player.n,
                    points(player.w), _average(player.rc), cents_text(player.chg),
                    cents_text(player.k_chg), signed(player.k_chg_rounded), player.rp,
                ]
                for player in rated
            ],
        )  # fmt: skip
        print()
        for k, reason, count in _k_reasons(rated):
            print(_("K {k} ({count} players): {reason}").format(k=k, count=count, reason=reason))
    if unrated:
        print()
        print(_("Unrated players: what the event gives toward a first rating"))
        print_table(
            ["#", _("name"), "N", "W", "Rc", "Ru", _("first rating")],
            [
                [
                    player.rank, player.name, player.n, points(player.w), _average(player.rc),
                    player.first_rating.rating if player.first_rating else None,
                    _first_rating_text(player.first_rating),
                ]
                for player in unrated
            ],
        )  # fmt: skip
    _print_norms(read)
    for context in read.contexts:
        print()
        print(_context_text(read, context))


def _print_norms(read: TournamentFile) -> None:
    """Each player's norms met, and those one clause short (with that clause): `--json` has all."""
    from elotui.rating.norms import norm_summary, norms_to_show

    lines = []
    for player in read.report.players:
        women = read.trf.players[player.rank].sex != "m"
        shown = norms_to_show(read.norms[player.rank], women=women)
        said = [norm_summary(verdict) for verdict in shown]
        if said:
            lines.append(f"  {player.rank} {player.name}: " + "; ".join(said))
    if lines:
        print()
        print(_("Title norms ({kind}):").format(kind=_(EVENT_TYPES[read.event_type].label)))
        print("\n".join(lines))


def _k_cell(player: PlayerReport) -> str:
    if player.k is None:
        return ""
    return str(player.k) if not player.cap_applied else f"{player.k}→{player.k_applied}"


def _average(value: Fraction | None) -> int | None:
    return None if value is None else round_half_up(value)


def _k_reasons(players: list[PlayerReport]) -> Iterator[tuple[int, str, int]]:
    counted: dict[tuple[int, str], int] = {}
    for player in players:
        if player.k is not None:
            key = (player.k, player.k_reason)
            counted[key] = counted.get(key, 0) + 1
    for (k, reason), count in counted.items():
        yield k, reason, count


def _first_rating_text(first: FirstRating | None) -> str:
    """Whether the event alone gives a first rating, and if not why."""
    if first is None or first.games == 0:
        return _("no game against a rated opponent")
    if first.ignored:
        return _("a first event scored this little is ignored")
    assert first.rating is not None
    if first.alone:
        return _("yes: {rating} on its own").format(rating=first.rating)
    if first.games < first.min_games:
        return _("{games} of the {needed} games needed").format(
            games=first.games, needed=first.min_games
        )
    return _("below the {floor} floor: not published").format(floor=first.floor)


def _context_text(read: TournamentFile, context: PeriodContext) -> str:
    from elotui.rating.text import games_text

    period = context.period
    report = next(p for p in read.report.players if p.rank == context.rank)
    others = ", ".join(
        f"{event or _('no event')} {games}" for event, games in _others(context)
    ) or _("no other event")
    cap = (
        _(", K {k} → {applied} by the {cap} cap").format(
            k=period.k, applied=period.k_applied, cap=read.report.rules.k_times_games_max
        )
        if period.cap_applied
        else ""
    )
    return _(
        "{player} (rank {rank}): this tournament {event}; your period {period}: {change} after "
        "the cap ({games}{cap}; other events: {others})"
    ).format(
        player=context.player,
        rank=context.rank,
        event=cents_text(report.k_chg),
        period=period.period,
        change=signed(period.change_rounded),
        games=games_text(period.n),
        cap=cap,
        others=others,
    )


def _others(context: PeriodContext) -> list[tuple[str | None, int]]:
    return [(other.event, other.games) for other in context.others]


# --- JSON and CSV ---------------------------------------------------------------------------------


def tournament_document(read: TournamentFile) -> dict[str, Any]:
    report, trf = read.report, read.trf
    return {
        "file": read.label,
        "event": trf.event,
        "start": report.start.isoformat(),
        "end": trf.end.isoformat() if trf.end else None,
        "list": read.rating_list,
        "rules": report.rules.name,
        "rules_uncertain": _rules_uncertain(read),
        "rated": read.rated,
        "warnings": list(read.warnings),
        "findings": list(read.findings),
        "event_type": read.event_type,
        "players": [_player_document(player, read.norms[player.rank]) for player in report.players],
        "periods": [_period_document(read, context) for context in read.contexts],
    }


def _exact(value: Fraction | None) -> Decimal | None:
    return None if value is None else cents(value)


def _player_document(player: PlayerReport, norms: tuple[NormVerdict, ...]) -> dict[str, Any]:
    return {
        "rank": player.rank,
        "name": player.name,
        "rating": player.ro,
        "k": player.k,
        "k_applied": player.k_applied,
        "k_reason": player.k_reason,
        "k_source": player.k_source,
        "n": player.n,
        "score": float(player.w),
        "opponents_average": _exact(player.rc),
        "sum_delta": None if player.chg is None else hundredths(player.chg),
        "change": None if player.k_chg is None else hundredths(player.k_chg),
        "change_rounded": player.k_chg_rounded,
        "performance": player.rp,
        "games": [_game_document(game) for game in player.games],
        "first_rating": _first_document(player.first_rating),
        "norms": [_norm_document(verdict) for verdict in norms],
    }


def _norm_document(verdict: NormVerdict) -> dict[str, Any]:
    parts = verdict.performance
    return {
        "title": verdict.title,
        "met": verdict.met,
        "held": verdict.held,
        "rules": verdict.rules,
        "games": verdict.games,
        "points": float(verdict.points),
        "average": None if parts is None else parts.average,
        "performance": None if parts is None else parts.rating,
        "raised": None if verdict.raised is None else list(verdict.raised),
        "unrated": verdict.unrated,
        "reasons": [_reason_document(reason) for reason in verdict.reasons],
        "rules_uncertain": list(verdict.uncertain),
    }


def _reason_document(reason: Reason) -> dict[str, Any]:
    return {
        "clause": reason.clause,
        "met": reason.met,
        "actual": float(reason.actual),
        "required": float(reason.required),
        "article": reason.article,
        "exempt": reason.exempt,
    }


def _game_document(game: ReportGame) -> dict[str, Any]:
    return {
        "round": game.round,
        "opponent_rank": game.opponent,
        "opponent_rating": game.opponent_rating,
        "score": float(game.score),
        "counted": game.counted,
        "not_counted": game.why_not or None,
        "diff_used": game.diff_used,
        "expected": None if game.expected is None else hundredths(game.expected),
        "delta": None if game.delta is None else hundredths(game.delta),
    }


def _first_document(first: FirstRating | None) -> dict[str, Any] | None:
    if first is None:
        return None
    return {
        "games": first.games,
        "ignored": first.ignored,
        "average": _exact(first.average),
        "p": None if first.p_hundredths is None else hundredths(first.p_hundredths),
        "added": _exact(first.added),
        "initial_rating": first.rating,
        "min_games": first.min_games,
        "floor": first.floor,
        "published": first.alone,
    }


def _period_document(read: TournamentFile, context: PeriodContext) -> dict[str, Any]:
    period = context.period
    return {
        "rank": context.rank,
        "player": context.player,
        "period": period.period,
        "rules": period.rules,
        "k": period.k,
        "k_applied": period.k_applied,
        "cap_applied": period.cap_applied,
        "n": period.n,
        "change": None
        if period.change_hundredths is None
        else hundredths(period.change_hundredths),
        "change_rounded": period.change_rounded,
        "event_games": context.event_games,
        "event_change": hundredths(context.event_change),
        "other_events": [{"event": event, "games": games} for event, games in _others(context)],
        "already_in_logbook": context.already_in_logbook,
    }


def _print_csv(read: TournamentFile) -> None:
    from elotui.cli.process import data_output

    with data_output() as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        for player in read.report.players:
            first = player.first_rating
            writer.writerow(
                [
                    player.rank, player.name, player.ro, player.k, player.k_applied,
                    player.k_source, player.n, float(player.w), _exact(player.rc),
                    None if player.chg is None else hundredths(player.chg),
                    None if player.k_chg is None else hundredths(player.k_chg),
                    player.k_chg_rounded, player.rp,
                    first.rating if first else None,
                    "" if first is None else str(first.alone).lower(),
                ]
            )  # fmt: skip
