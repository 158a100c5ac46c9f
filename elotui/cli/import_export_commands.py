"""`elotui import FILE` and `elotui export`: games in and out as CSV, PGN or elotui JSON."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from elotui.cli.common import UsageError, add_command, add_list_option, print_json
from elotui.cli.logbook_commands import (
    find_player,
    logbook_errors,
    open_repository,
    wants_json,
    whole_arg,
)
from elotui.i18n import _, ngettext
from elotui.i18n.numbers import count as number
from elotui.logbook import files
from elotui.logbook.csv_cells import DATE_ORDERS
from elotui.logbook.paths import kind_of_path

if TYPE_CHECKING:  # the logbook modules load SQLAlchemy: imported where used
    from elotui.cli.logbook_commands import SubParsers


# --- import / export ------------------------------------------------------------------------------


def register(sub: SubParsers) -> None:
    importing = add_command(
        sub,
        "import",
        _("import games from a CSV, PGN, TRF (tournament report) or elotui JSON file"),
    )
    importing.epilog = csv_help()
    importing.formatter_class = argparse.RawDescriptionHelpFormatter
    importing.add_argument(
        "file", metavar="FILE", type=Path, help=_("a .csv, .pgn, .trf or .json file")
    )
    importing.add_argument(
        "--player",
        metavar="NAME",
        help=_(
            "whose games (PGN: else every logbook player the file names; CSV: fills an empty "
            "player column; TRF: the logbook player, found in the file by FIDE id, else by name)"
        ),
    )
    importing.add_argument(
        "--fide-id",
        type=whole_arg,
        metavar="ID",
        help=_("TRF: the games of the file's player with this FIDE id"),
    )
    importing.add_argument(
        "--start-rank",
        type=whole_arg,
        metavar="N",
        help=_("TRF: the games of the file's player of this starting rank"),
    )
    importing.add_argument(
        "--club",
        action="store_true",
        help=_("TRF: the games of every logbook player whose FIDE id is in the file"),
    )
    importing.add_argument(
        "--add-players",
        action="store_true",
        help=_(
            "add the players the file names that the logbook lacks (TRF: name, FIDE id, birth "
            "year and the file's rating as start rating; CSV: unrated, by name)"
        ),
    )
    importing.add_argument(
        "--date-order", choices=DATE_ORDERS, metavar="|".join(DATE_ORDERS),
        help=_(
            "CSV: how dates like 05/10/2026 read (dmy: day first, as in French; mdy: month "
            "first), when no date of the file tells it"
        ),
    )  # fmt: skip
    importing.add_argument(
        "--keep-duplicates",
        action="store_true",
        help=_(
            "import every game, even one already in the logbook (same player, date, opponent, "
            "ratings, result, event, rated and list); by default those are skipped"
        ),
    )
    add_list_option(
        importing,
        _(
            "PGN: put every game on this list (else each game's TimeControl decides: blitz up to"
            " 10 minutes for base + 60 x increment, rapid under 60, else standard); TRF: the list"
            " when the file gives no time control"
        ),
        None,
    )
    importing.set_defaults(handler=import_file)

    exporting = add_command(sub, "export", _("export games as CSV or whole players as JSON"))
    exporting.add_argument("--player", metavar="NAME", help=_("only this player (else everyone)"))
    exporting.add_argument(
        "--format", choices=("csv", "json"), metavar="csv|json", help=_("csv (default) or json")
    )
    exporting.add_argument("-o", "--output", metavar="FILE", help=_("else (or with -) stdout"))
    add_list_option(exporting, _("only the games (and published ratings) of this list"), None)
    exporting.set_defaults(handler=export_file)


def csv_help() -> str:
    """What `import --help` says of a CSV file under the options: its columns, and what a
    spreadsheet may change."""
    return _(
        "CSV columns (a header line names them, in any order):\n"
        "  player, date, opponent, opponent_rating, result, event, event_start, event_end,\n"
        "  own_rating, rated, list, rated_period\n"
        "  required: date, opponent_rating (empty: unrated), result (1, 0.5 or ½, 0);\n"
        "  player unless --player names it; rated: yes or no (empty: yes); list: standard,\n"
        "  rapid or blitz (empty: standard); rated_period: YYYY-MM.\n"
        "From a spreadsheet: separated by commas, semicolons or tabs; dates YYYY-MM-DD or\n"
        "DD/MM/YYYY (MM/DD/YYYY; --date-order when no date tells); a decimal comma (0,5);\n"
        "UTF-8, else read as Windows-1252. See docs/product.md §4.4."
    )


@logbook_errors
def import_file(args: argparse.Namespace) -> int:
    path: Path = args.file
    kind = path.suffix.lower()
    if kind not in files.IMPORT_KINDS:
        raise UsageError(
            _("{path}: import reads .csv, .pgn, .trf or .json files").format(path=path)
        )
    from elotui.logbook.paths import refusal_to_read

    refusal = refusal_to_read(path)  # a folder, a FIFO, a device: refused before anything is opened
    if refusal is not None:
        raise UsageError(refusal)
    trf_players = None
    if kind == ".trf":
        from elotui.logbook.trf_io import TrfPlayers

        trf_players = TrfPlayers(
            player=args.player,
            fide_id=args.fide_id,
            start_rank=args.start_rank,
            club=args.club,
            add_players=args.add_players,
        )
        refusal = trf_players.refusal()
        if refusal is not None:
            raise UsageError(refusal)
    elif args.fide_id is not None or args.start_rank is not None or args.club:
        raise UsageError(_("--fide-id, --start-rank and --club are for TRF imports"))
    if kind not in (".csv", ".trf") and args.add_players:
        raise UsageError(_("--add-players is for CSV and TRF imports"))
    if kind != ".csv" and args.date_order is not None:
        raise UsageError(_("--date-order is for CSV imports"))
    if kind not in (".pgn", ".trf") and args.rating_list is not None:
        raise UsageError(
            _(
                "--list is for PGN and TRF imports; a {kind} file gives each game's list itself"
            ).format(kind=kind)
        )
    from elotui.cli.progress import terminal_progress

    repository = open_repository(args)
    with terminal_progress(1) as advance:
        shown = advance

        def progress(done: int, size: int) -> None:
            assert shown is not None
            shown(done / size if size else 1, path.name)

        summary = files.import_file(
            repository,
            path,
            player=args.player,
            keep_duplicates=args.keep_duplicates,
            rating_list=args.rating_list,
            trf_players=trf_players,
            add_players=args.add_players,
            date_order=args.date_order,
            progress=progress if shown is not None else None,
        )
    if wants_json(args):
        print_json(summary.as_json())
        return 0
    for warning in summary.warnings:
        print(_("warning: {warning}").format(warning=warning), file=sys.stderr)
    for name in summary.players_added:
        print(_("added player {name}").format(name=name))
    print(summary.message(str(path)))
    for reason, count in summary.skipped.items():
        print(_("skipped {count}: {reason}").format(count=number(count), reason=_(reason)))
    return 0


@logbook_errors
def export_file(args: argparse.Namespace) -> int:
    to_stdout = args.output is None or args.output == "-"
    if args.output == "":
        raise UsageError(_("export -o is empty; give a file name, or - for stdout"))
    output = Path(args.output or "-")
    if not to_stdout:
        refusal = kind_of_path(output)  # before the logbook is opened: nothing to undo
        if refusal is not None:
            raise UsageError(
                _(
                    "{output} is {refusal}; an export writes a regular file (or - for stdout)"
                ).format(output=output, refusal=refusal)
            )
    repository = open_repository(args, create=False)
    players = [find_player(repository, args.player)] if args.player else repository.list_players()
    fmt = args.format or ("json" if wants_json(args) and to_stdout else "csv")
    # Written as it is read (memory stays flat with the logbook's size); a file all or nothing.
    if to_stdout:
        from elotui.cli.process import data_output

        with data_output() as out:  # UTF-8, the bytes an export file gets
            files.export_to(repository, out, players, fmt, args.rating_list)
        return 0
    files.refuse_the_logbook(output, repository)
    with files.whole_file(output) as handle:
        count = files.export_to(repository, handle, players, fmt, args.rating_list)
    if wants_json(args):
        print_json({"file": str(output), "format": fmt, "games": count, "players": len(players)})
    else:
        print(
            ngettext(
                # English keeps its "(s)" (its output is unchanged); French gets the right forms.
                "exported {games} game(s) of {players} player(s) to {output}",
                "exported {games} game(s) of {players} player(s) to {output}",
                count,
            ).format(games=number(count), players=number(len(players)), output=output)
        )
    return 0
