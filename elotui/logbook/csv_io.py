"""CSV import and export (product.md §4): the same columns both ways.

`player,date,opponent,opponent_rating,result,event,event_start,event_end,own_rating,rated,list,rated_period`

- `result` is the player's score: `1`, `0.5` (or `½`, `1/2`), `0`.
- An empty `opponent_rating` is an unrated opponent; empty `own_rating` means "not known".
- `rated` is `yes`/`no` (empty: yes). Dates are `YYYY-MM-DD`.
- `list` is the rating list, `standard`, `rapid` or `blitz` (empty: standard); `rated_period` is the
  `YYYY-MM` period the game's event is pinned to (empty: the list calendar decides). Both come after
  product.md §4's ten columns, so a file of the ten still reads, as all standard and unpinned.

An import reads and checks every row before it writes anything; if any row is bad, `ImportFailed` carries
one `FILE:LINE: column: reason` line per problem and nothing is written. Good files go in with one
executemany in one transaction, so an interrupted import leaves nothing behind either.

A game already in the logbook (same player, date, opponent, opponent rating, result, event, own rating
and rated: `DUPLICATE_KEY_COLUMNS`) is left out, counted as a multiset, in that same transaction; so a
file imported twice adds nothing the second time. `keep_duplicates=True` imports every row.

Nothing in a file is ever run: cells are only compared, parsed as numbers or dates, or stored as text.
A text cell (player, opponent, event) that a spreadsheet would take for a formula (`=`, `+`, `-`, `@`)
is exported with a leading apostrophe, which an import removes again (`escape_cell`/`unescape_cell`),
so an export opens safely in a spreadsheet and still round-trips exactly.

The column order of an imported file is free, and `opponent`, `event`, `event_start`, `event_end`,
`own_rating`, `rated`, `list` and `rated_period` may be left out; `player` may be left out when the import names the player.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import operator
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any, TextIO

from elotui.dates import BadDate
from elotui.i18n import _
from elotui.logbook.csv_cells import (
    DATE_ORDERS,
    SPLITTERS,
    AmbiguousDates,
    DateOrder,
    control_character_reason,
    date_checker,
    date_order_of,
    date_reason,
    escape_cell,
    has_slashed_date,
    player_meant,
    rating_checker,
    rating_reason,
    separator_of,
    unescape_cell,
)
from elotui.logbook.csv_cells import FORMULA_START as FORMULA_START  # re-exported: tests use it
from elotui.logbook.import_report import SKIP_ALREADY_THERE as SKIP_ALREADY_THERE
from elotui.logbook.import_report import ImportFailed as ImportFailed  # re-exported: the app's
from elotui.logbook.import_report import ImportSummary as ImportSummary  # and tests' home of them
from elotui.logbook.import_report import imported_summary, read_import_text_as
from elotui.logbook.paths import WINDOWS_1252
from elotui.logbook.player_names import PlayerNames, name_key, stored_name
from elotui.logbook.records import GameRecord, NewGame, PlayerBundle, records_from_rows
from elotui.logbook.repository import (
    RATING_LISTS,
    STANDARD,
    PlayerRecord,
    RatingList,
    Repository,
    gc_paused,
)
from elotui.logbook.repository.checks import check_rating_list
from elotui.logbook.repository.storage import no_limit, select_games_sql
from elotui.rating.calendar import checked_month
from elotui.rating.result import Result
from elotui.safe_text import shown, unsafe_character

CSV_COLUMNS: tuple[str, ...] = (
    "player",
    "date",
    "opponent",
    "opponent_rating",
    "result",
    "event",
    "event_start",
    "event_end",
    "own_rating",
    "rated",
    "list",
    "rated_period",
)
REQUIRED_COLUMNS = ("date", "opponent_rating", "result")

RATED_FLAGS: dict[str, int] = {
    "": 1,
    "yes": 1,
    "y": 1,
    "true": 1,
    "1": 1,
    "no": 0,
    "n": 0,
    "false": 0,
    "0": 0,
}
# What an import reports its progress to: (characters read, characters in all).
Progress = Callable[[int, int], None]
PROGRESS_ROWS = 1 << 14  # rows between two reports of an import's progress

# `list` cell → the list stored (empty: standard); other spellings are looked up trimmed, lower case.
LIST_CELLS: dict[str, RatingList] = {"": STANDARD, **{name: name for name in RATING_LISTS}}


def parse_games_csv(
    handle: TextIO,
    file_label: str,
    player_ids: Mapping[str, int],
    *,
    only_player: str | None = None,
    separator: str = ",",
    date_order: DateOrder | None = None,
    new_players: dict[str, list[tuple[Any, ...]]] | None = None,
    progress: Progress | None = None,
) -> tuple[list[tuple[Any, ...]], Counter[str], Counter[str]]:
    """Check every row of a CSV logbook; return storage rows, games per player and skipped reasons.

    Raises `ImportFailed` listing every bad row. `only_player` fills an empty or missing `player`
    cell and leaves other players' rows out (counted in the skipped reasons). `separator` and
    `date_order`: how the file was saved (`spreadsheet_form`). `new_players`, if given, takes the
    rows of the players the logbook does not have, by name (`--add-players`), instead of refusing
    them. `progress(done, size)` hears how far the reading is, in characters of the text.
    """
    reader = csv.reader(handle, delimiter=separator)
    errors: list[str] = []
    try:
        header = next(reader)
    except StopIteration:
        raise ImportFailed(
            [_("{file}:1: header: the file is empty").format(file=file_label)]
        ) from None
    names = [name.strip().lower() for name in header]
    unknown = [name for name in names if name not in CSV_COLUMNS]
    duplicated = sorted({name for name in names if names.count(name) > 1})
    missing = [name for name in REQUIRED_COLUMNS if name not in names]
    if "player" not in names and only_player is None:
        missing.insert(0, "player")
    said = [
        (_("{file}:1: header: unknown column(s) {columns}"), unknown),
        (_("{file}:1: header: repeated column(s) {columns}"), duplicated),
        (_("{file}:1: header: missing column(s) {columns}"), missing),
    ]
    errors = [
        text.format(file=file_label, columns=", ".join(names)) for text, names in said if names
    ]
    if errors:
        expected = _("{file}:1: header: expected {columns}")
        errors.append(expected.format(file=file_label, columns=",".join(CSV_COLUMNS)))
        raise ImportFailed(errors)

    width = len(names)
    # Missing columns read an empty cell appended to each row: one C-level itemgetter per row.
    positions = [names.index(name) if name in names else width for name in CSV_COLUMNS]
    cells = operator.itemgetter(*positions)

    check_date = date_checker(date_order)
    size = len(handle.getvalue()) if progress is not None and isinstance(handle, io.StringIO) else 0
    report_at = PROGRESS_ROWS if size else -1
    check_rating = rating_checker()
    results: dict[str, int] = {}  # each result cell seen → its half points (`Result.parse`)
    flags = RATED_FLAGS
    lists = LIST_CELLS
    only_id = player_ids.get(only_player) if only_player is not None else None
    logbook_names = PlayerNames(player_ids)
    meanings: dict[str, tuple[str | None, str]] = {}  # each player cell seen → `player_meant`
    new_spellings: dict[str, str] = {}  # a player to add: the name's key → its first spelling
    # A key of the import's JSON (skipped_reasons): English in every language (product.md §4.3).
    other_players = f"rows of other players than {only_player}"
    rows: list[tuple[Any, ...]] = []
    append = rows.append
    per_player: Counter[str] = Counter()
    skipped: Counter[str] = Counter()
    line_end = reader.line_num

    for row in reader:
        line = line_end + 1  # where this record starts (a quoted cell may span lines)
        line_end = reader.line_num
        if line_end == report_at:
            assert progress is not None
            progress(handle.tell(), size)
            report_at += PROGRESS_ROWS
        if len(row) != width:
            if not row or (len(row) == 1 and not row[0].strip()):
                continue  # a blank line
            wrong = _("{file}:{line}: row: expected {width} fields like the header, found {found}")
            errors.append(wrong.format(file=file_label, line=line, width=width, found=len(row)))
            continue
        row.append("")
        (
            player,
            day,
            opponent,
            opponent_rating,
            result,
            event,
            event_start,
            event_end,
            own_rating,
            rated,
            rating_list_cell,
            period,
        ) = cells(row)
        bad: list[str] = []

        player = player.strip()
        if "'" in player:
            player = unescape_cell(player)
        if only_player is not None and (not player or player == only_player):
            player_id = only_id
            player = only_player
        else:
            meant = meanings.get(player)
            if meant is None:
                meant = meanings[player] = player_meant(logbook_names, player)
            name, reason = meant
            if only_player is not None and name != only_player:
                skipped[other_players] += 1
                continue
            if name is None and new_players is not None and player:
                # A player to add (`new_players` takes the row below): one player however the
                # file writes the name (case, accents, "Costa, Ana"), as the logbook finds them.
                player = new_spellings.setdefault(name_key(player), stored_name(player))
                player_id = None
            elif name is None:
                bad.append(reason)
            else:
                player = name
                player_id = player_ids[name]

        played = check_date(day)
        if played is None:
            bad.append(f"date: {date_reason(day, date_order)}")

        if opponent_rating:
            opponent_value = check_rating(opponent_rating)
            if opponent_value is None:
                bad.append(f"opponent_rating: {rating_reason(opponent_rating)}")
        else:
            opponent_value = None  # unrated opponent

        halves = results.get(result)
        if halves is None:
            # A decimal comma (0,5: a French spreadsheet's half point) is the point of 0.5.
            parsed = Result.parse(result.replace(",", "."))
            if parsed is None:
                bad.append(_("result: expected 1, 0.5 or 0, not {cell}").format(cell=shown(result)))
            else:
                halves = results[result] = parsed.halves

        start = end = None
        if event_start:
            start = check_date(event_start)
            if start is None:
                bad.append(f"event_start: {date_reason(event_start, date_order)}")
        if event_end:
            end = check_date(event_end)
            if end is None:
                bad.append(f"event_end: {date_reason(event_end, date_order)}")
            elif start is not None and start > end:
                bad.append(
                    _("event_end: {end} is before event_start {start}").format(end=end, start=start)
                )

        own_value = None
        if own_rating:
            own_value = check_rating(own_rating)
            if own_value is None:
                bad.append(f"own_rating: {rating_reason(own_rating)}")

        rated_flag = flags.get(rated)
        if rated_flag is None:
            rated_flag = flags.get(rated.strip().lower())
            if rated_flag is None:
                bad.append(_("rated: expected yes or no, not {cell}").format(cell=shown(rated)))

        opponent = opponent.strip()
        if "'" in opponent:
            opponent = unescape_cell(opponent)
        event = event.strip()
        if "'" in event:
            event = unescape_cell(event)
        opponent, event = stored_name(opponent), stored_name(event)
        for text, column in ((opponent, "opponent"), (event, "event")):
            unsafe = unsafe_character(text)  # ESC, a direction override...: elotui/safe_text.py
            if unsafe is not None:
                bad.append(control_character_reason(column, unsafe))

        rating_list = lists.get(rating_list_cell)
        if rating_list is None:
            rating_list = lists.get(rating_list_cell.strip().lower())
            if rating_list is None:
                expected = _("list: expected standard, rapid or blitz (or empty), not {cell!r}")
                bad.append(expected.format(cell=rating_list_cell))
        if period:
            period = period.strip()
            try:
                checked_month(period)
            except BadDate as error:
                bad.append(f"rated_period: {error}")

        if bad:
            errors.extend(f"{file_label}:{line}: {reason}" for reason in bad)
            continue
        per_player[player] += 1
        (append if player_id is not None else new_players_rows(new_players, player))(
            (
                player_id,
                played,
                opponent or None,
                opponent_value,
                halves,
                event or None,
                start,
                end,
                own_value,
                rated_flag,
                "",
                rating_list,
                period or None,
            )
        )
    if errors:
        raise ImportFailed(errors)
    return rows, per_player, skipped


def new_players_rows(
    new_players: dict[str, list[tuple[Any, ...]]] | None, name: str
) -> Callable[[tuple[Any, ...]], None]:
    """Where a row of a player to add goes: that player's list of rows."""
    assert new_players is not None
    return new_players.setdefault(name, []).append


def import_csv(
    repository: Repository,
    path: Path,
    *,
    player: str | None = None,
    keep_duplicates: bool = False,
    add_players: bool = False,
    date_order: DateOrder | None = None,
    progress: Progress | None = None,
) -> ImportSummary:
    """Check the whole file, then add its games in one transaction (or raise, having added none).

    The games already in the logbook are left out (counted in `already_in_logbook`), unless
    `keep_duplicates`. A file a spreadsheet saved is read as it was saved (`spreadsheet_form`);
    `date_order` says how its slashed dates read when they do not tell it themselves.
    `add_players` adds the players the file names that the logbook does not have (unrated, with
    their games), in the same transaction.
    """
    label = str(path)
    player_ids = repository.player_ids_by_name()
    if player is not None:
        player = PlayerNames(player_ids).find(player)  # NotFound: the closest names, if any
    text, encoding = read_import_text_as(path, otherwise=WINDOWS_1252)
    separator, found_order = spreadsheet_form(text, label, date_order)
    warnings = []
    if encoding == WINDOWS_1252:
        warnings.append(_("{file}: not UTF-8, read as Windows-1252").format(file=label))
    if found_order is not None and date_order is None:
        warnings.append(
            _("{file}: dates read as day/month/year (DD/MM/YYYY)").format(file=label)
            if found_order == "dmy"
            else _("{file}: dates read as month/day/year (MM/DD/YYYY)").format(file=label)
        )
    new_players: dict[str, list[tuple[Any, ...]]] | None = {} if add_players else None
    try:
        with gc_paused():
            rows, per_player, skipped = parse_games_csv(
                io.StringIO(text, newline=""), label, player_ids, only_player=player,
                separator=separator, date_order=found_order, new_players=new_players,
                progress=progress,
            )  # fmt: skip
    except csv.Error as error:
        raise ImportFailed(
            [_("{file}: not readable as CSV ({error})").format(file=label, error=error)]
        ) from None
    bundles = [
        PlayerBundle({"name": name}, [new_game(row) for row in games])
        for name, games in (new_players or {}).items()
    ]
    result = repository.import_games(rows, keep_duplicates=keep_duplicates, new_players=bundles)
    return imported_summary(
        label, result, per_player, player_ids, skipped,
        players_added=tuple(bundle.profile["name"] for bundle in bundles),
        warnings=tuple(warnings),
    )  # fmt: skip


def spreadsheet_form(
    text: str, label: str, date_order: DateOrder | None
) -> tuple[str, DateOrder | None]:
    """How a spreadsheet saved the file: its separator (`separator_of` its header) and the order
    of its slashed dates (`date_order_of` all of them; `date_order` when given). Dates that tell
    neither order, or both, are refused with how to say it."""
    separator = separator_of(text.partition("\n")[0])
    if date_order is not None or not has_slashed_date(text):
        return separator, date_order  # the common case: no second reading of the file
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=separator)
    names = [name.strip().lower() for name in next(reader, [])]
    columns = [i for i, name in enumerate(names) if name in ("date", "event_start", "event_end")]
    if not columns:
        return separator, None  # the header check says what is missing
    cells = {row[i] for row in reader for i in columns if i < len(row) and "/" in row[i]}
    try:
        return separator, date_order_of(cells)
    except AmbiguousDates as unclear:
        hint = _("write them as YYYY-MM-DD, or give --date-order {orders}").format(
            orders="|".join(DATE_ORDERS)
        )
        if unclear.mixed:
            reason = _("{file}: some dates put the day first, others the month ({example}...)")
        else:
            reason = _(
                "{file}: dates like {example} may be day/month or month/day (none over 12 tells)"
            )
        raise ImportFailed(
            [reason.format(file=label, example=unclear.example) + "; " + hint]
        ) from None


def new_game(row: tuple[Any, ...]) -> NewGame:
    """A checked storage row (`parse_games_csv`) as the game of a player to add."""
    (_id, played, opponent, opponent_rating, halves, event, start, end, own, rated, notes,
     rating_list, period) = row  # fmt: skip
    return NewGame(
        date=dt.date.fromisoformat(played),
        opponent_rating=opponent_rating,
        score=Fraction(halves, 2),
        opponent=opponent,
        event=event,
        event_start=dt.date.fromisoformat(start) if start else None,
        event_end=dt.date.fromisoformat(end) if end else None,
        own_rating=own,
        rated=bool(rated),
        notes=notes,
        rating_list=rating_list,
        rated_period=period,
    )


EXPORT_BATCH = 1000  # rows fetched at a time by an export


def games_oldest_first(
    repository: Repository, player_id: int, rating_list: RatingList | None = None
) -> Iterator[GameRecord]:
    """A player's games by date (then entry order), as `list_games(newest_first=False)` gives them,
    but read a batch at a time from one query: an export holds one batch, not the logbook, and still
    sees one consistent logbook (a single SQLite statement reads one snapshot)."""
    sql = select_games_sql(False, rating_list is not None, repository.dialect)
    page = (no_limit(repository.dialect), 0)  # no limit, no offset
    parameters = (
        (player_id, *page)
        if rating_list is None
        else (player_id, check_rating_list(rating_list), *page)
    )
    with repository.engine.connect() as connection:
        driver = connection.connection.driver_connection
        cursor = driver.execute(sql, parameters)  # type: ignore[union-attr]
        try:
            while rows := cursor.fetchmany(EXPORT_BATCH):
                yield from records_from_rows(rows)
        finally:
            cursor.close()


def export_csv(
    repository: Repository,
    out: TextIO,
    players: list[PlayerRecord],
    rating_list: RatingList | None = None,
) -> int:
    """Write the games of `players` (oldest first, player by player), those of one list with
    `rating_list` (None: every list), as they are read; returns the rows written."""
    writer = csv.writer(out, lineterminator="\n")
    # A spreadsheet that splits on `;` (or a tab) would start a new cell inside `Ana;=cmd|...`: a row
    # with such a text cell is written with every cell quoted, which those spreadsheets honour too.
    quoting_writer = csv.writer(out, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerow(CSV_COLUMNS)
    count = 0
    for player in players:
        name = escape_cell(player.name)
        for game in games_oldest_first(repository, player.id, rating_list):
            opponent, event = escape_cell(game.opponent or ""), escape_cell(game.event or "")
            risky = any(mark in text for text in (name, opponent, event) for mark in SPLITTERS)
            (quoting_writer if risky else writer).writerow(
                (
                    name,
                    game.date.isoformat(),
                    opponent,
                    "" if game.opponent_rating is None else game.opponent_rating,
                    Result.from_halves(game.score_halves).points,
                    event,
                    game.event_start.isoformat() if game.event_start else "",
                    game.event_end.isoformat() if game.event_end else "",
                    "" if game.own_rating is None else game.own_rating,
                    "yes" if game.rated else "no",
                    game.rating_list,
                    game.rated_period or "",
                )
            )
            count += 1
    return count
