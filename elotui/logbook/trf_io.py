"""TRF import: the games of a tournament report file (`trf_file`) for one or more logbook players.

Whose games (`TrfPlayers`):
- one player: `player` (a logbook name) and/or `fide_id` or `start_rank` (who they are in the file).
  A logbook player is found in the file by FIDE id, else by name (`player_names`: "Costa, Ana" is
  "Ana Costa", case and accents ignored); a file's player in the logbook the same way. `add_players`
  adds a player the logbook does not have, from their `001` line (name "First Last", FIDE id, birth
  year, the file's rating as start rating), in the import's one transaction;
- `club`: every logbook player whose FIDE id is in the file;
- neither: every logbook player found in the file (by FIDE id, else by name), named in the report;
  none found, the message lists the file's names (as the PGN import does).

Each played round is a game: dated from `132` (a round without a date gets the event's end, else its
start, and the report one warning line), the opponent's name and rating (none: unrated), the result,
the event `012` with its dates `042`/`052`, the player's own rating in the file as Ro. The list is
`222`'s time control, else `122`'s (both read by `time_control`, as a PGN's `TimeControl`), else
`rating_list`, else standard with a warning; a game too fast for any FIDE list is not rated.
Forfeits, games of less than one move and byes are not games: counted by reason. Games already in the
logbook are left out (`Repository.import_games`, as for CSV and PGN), so a second import adds nothing.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from elotui.i18n import N_, _
from elotui.logbook.import_report import (
    ImportFailed,
    ImportSummary,
    imported_summary,
    read_import_text,
)
from elotui.logbook.pgn_io import unsafe_texts
from elotui.logbook.player_names import PlayerNames, given_first, name_key, names_listed
from elotui.logbook.records import (
    STANDARD,
    InvalidData,
    NewGame,
    NotFound,
    PlayerBundle,
    PlayerRecord,
    RatingList,
)
from elotui.logbook.repository import Repository, game_row
from elotui.logbook.time_control import fide_rated, is_time_control, list_for_time_control
from elotui.logbook.trf_file import (
    TrfFile,
    TrfPlayer,
    TrfUnreadable,
    read_trf,
    time_control_tag,
    trf_lines,
)

# The reasons are keys of the import's JSON (skipped_reasons): English there, _() where said.
SKIP_FORFEIT = N_("forfeits")
SKIP_SHORT = N_("games of less than one move")
SKIP_BYE = N_("byes")
_SKIP_REASONS = {"forfeit": SKIP_FORFEIT, "short": SKIP_SHORT, "bye": SKIP_BYE}


@dataclass(frozen=True)
class TrfPlayers:
    """Whose games a TRF import takes (see the module docstring); all unset: every logbook player
    found in the file."""

    player: str | None = None
    fide_id: int | None = None
    start_rank: int | None = None
    club: bool = False
    add_players: bool = False

    @property
    def one(self) -> bool:
        return self.player is not None or self.fide_id is not None or self.start_rank is not None

    def refusal(self) -> str | None:
        """Why these choices do not go together, or None."""
        if self.fide_id is not None and self.start_rank is not None:
            return _("give --fide-id or --start-rank, not both")
        if self.club and self.one:
            return _(
                "--club takes every logbook player in the file: without --player, --fide-id or --start-rank"
            )
        if self.add_players and not self.one:
            return _("--add-players adds the player named by --player, --fide-id or --start-rank")
        return None


@dataclass(frozen=True)
class _Taken:
    """A player of the file whose games are imported, and the logbook player they go to (None: to
    be added)."""

    entry: TrfPlayer
    record: PlayerRecord | None


def import_trf(
    repository: Repository,
    path: Path,
    *,
    whose: TrfPlayers | None = None,
    keep_duplicates: bool = False,
    rating_list: RatingList | None = None,
) -> ImportSummary:
    """Import a TRF's games for `whose` (all or nothing: `ImportFailed` on a line that cannot be
    read). `rating_list`: the list when the file says no time control."""
    whose = whose or TrfPlayers()
    refusal = whose.refusal()
    if refusal is not None:
        raise InvalidData(refusal)
    label = str(path)
    try:
        trf = read_trf(trf_lines(read_import_text(path, else_latin1=True)), label)
    except TrfUnreadable as unreadable:
        raise ImportFailed(unreadable.problems) from None
    taken = _players_taken(trf, repository.list_players(), whose, label)
    game_list, rated, warnings = trf_rating_list(trf, rating_list, label)
    day_of_round, date_warning = round_days(trf, label)
    warnings += date_warning
    rows: list[tuple[object, ...]] = []
    bundles: list[PlayerBundle] = []
    per_player: dict[str, int] = {}
    player_ids: dict[str, int] = {}
    skipped: Counter[str] = Counter()
    problems: list[str] = []
    for one in taken:
        games = []
        for round_number, reason, game in _games(trf, one.entry, day_of_round, game_list, rated):
            if game is None:
                skipped[reason] += 1
                continue
            problems.extend(
                f"{label}:{one.entry.line}: "
                + _("round {round}: {problem}").format(round=round_number, problem=problem)
                for problem in unsafe_texts(game)
            )
            games.append(game)
        if one.record is None:
            name = given_first(one.entry.name)
            bundles.append(PlayerBundle(_profile(one.entry), games))
        else:
            name = one.record.name
            player_ids[name] = one.record.id
            rows.extend(game_row(one.record.id, game) for game in games)
        if games:
            per_player[name] = per_player.get(name, 0) + len(games)
    if problems:
        raise ImportFailed(problems)
    result = repository.import_games(rows, keep_duplicates=keep_duplicates, new_players=bundles)
    return imported_summary(
        label,
        result,
        per_player,
        player_ids,
        skipped,
        players_added=tuple(str(bundle.profile["name"]) for bundle in bundles),
        warnings=tuple(warnings),
    )


def _profile(entry: TrfPlayer) -> dict[str, object]:
    return {
        "name": given_first(entry.name),
        "fide_id": entry.fide_id,
        "birth_year": entry.birth_year,
        "start_rating": entry.rating,
    }


def _games(
    trf: TrfFile,
    entry: TrfPlayer,
    day_of_round: dict[int, dt.date],
    rating_list: RatingList,
    rated: bool,
) -> Iterator[tuple[int, str, NewGame | None]]:
    """(round, reason skipped, None) for a round that is no game, else (round, "", the game)."""
    for played in entry.rounds:
        kind = played.kind
        if kind != "played":
            yield played.number, _SKIP_REASONS[kind], None
            continue
        assert played.opponent is not None  # a played round has one (`TrfRound.kind`)
        opponent = trf.players[played.opponent]
        yield (
            played.number,
            "",
            NewGame(
                date=day_of_round[played.number],
                opponent_rating=opponent.rating,
                score=played.score,
                opponent=given_first(opponent.name),
                event=trf.event,
                event_start=trf.start,
                event_end=trf.end,
                own_rating=entry.rating,
                rated=rated,
                rating_list=rating_list,
            ),
        )
    # A line written short (its last rounds blank) is byes of zero points to the last round.
    for _number in range(len(entry.rounds), trf.rounds):
        yield _number + 1, SKIP_BYE, None


def round_days(trf: TrfFile, label: str) -> tuple[dict[int, dt.date], list[str]]:
    """Each round's date: from `132`, else the event's end (the period its games count in), else
    its start; and the warning when a round had to be dated so."""
    days = dict(trf.round_dates)
    missing = [number for number in range(1, trf.rounds + 1) if number not in days]
    if not missing:
        return days, []
    fallback = trf.end or trf.start
    if fallback is None:
        raise ImportFailed(
            [
                _(
                    "{file}: round {round} has no date (line 132) and the event none (lines 042, "
                    "052): nothing to date its games by"
                ).format(file=label, round=missing[0])
            ]
        )
    days.update(dict.fromkeys(missing, fallback))
    if len(missing) == trf.rounds:
        warning = _("{file}: no round dates (line 132): the games are dated {date}, {which}")
    else:
        warning = _(
            "{file}: some rounds have no date (line 132): their games are dated {date}, {which}"
        )
    which = _("the event's end") if trf.end else _("the event's start")
    return days, [warning.format(file=label, date=fallback.isoformat(), which=which)]


def trf_rating_list(
    trf: TrfFile, rating_list: RatingList | None, label: str
) -> tuple[RatingList, bool, list[str]]:
    """The games' list and whether they are rated, from `222`, else `122`, else `rating_list`, else
    standard (with the warning saying so)."""
    for tag in (trf.time_control_code, time_control_tag(trf.time_control_text)):
        if tag and is_time_control(tag):
            return list_for_time_control(tag), fide_rated(tag), []
    if rating_list is not None:
        return rating_list, True, []
    return (
        STANDARD,
        True,
        [
            _(
                "{file}: no time control read (lines 222, 122): the games are on the standard "
                "list (--list says another)"
            ).format(file=label)
        ],
    )


def _players_taken(
    trf: TrfFile, logbook: Sequence[PlayerRecord], whose: TrfPlayers, label: str
) -> list[_Taken]:
    by_fide_id = {entry.fide_id: entry for entry in trf.players.values() if entry.fide_id}
    if whose.one:
        return [_one_player(trf, logbook, whose, label, by_fide_id)]
    if whose.club:
        taken = [
            _Taken(by_fide_id[record.fide_id], record)
            for record in logbook
            if record.fide_id in by_fide_id
        ]
        if not taken:
            raise ImportFailed(
                [
                    _(
                        "{file}: no logbook player's FIDE id is in the file ({ids} of its "
                        "{players} players have one)"
                    ).format(file=label, ids=len(by_fide_id), players=len(trf.players))
                ]
            )
        return taken
    by_key = _by_name(trf)
    taken = []
    for record in logbook:
        found = _in_file(record, by_fide_id, by_key, label)
        if found is not None:
            taken.append(_Taken(found, record))
    if not taken:
        raise ImportFailed(
            [
                _(
                    "{file}: no logbook player is in the file (found by FIDE id, else by name, "
                    "case and accents ignored); the file's players: {players}"
                ).format(file=label, players=_file_names(trf))
            ]
        )
    return taken


def _file_names(trf: TrfFile) -> str:
    return names_listed(Counter(entry.name for entry in trf.players.values()))


def _by_name(trf: TrfFile) -> dict[str, list[TrfPlayer]]:
    """The file's players by `name_key`."""
    by_key: dict[str, list[TrfPlayer]] = {}
    for entry in trf.players.values():
        by_key.setdefault(name_key(entry.name), []).append(entry)
    return by_key


def _in_file(
    record: PlayerRecord,
    by_fide_id: dict[int, TrfPlayer],
    by_key: dict[str, list[TrfPlayer]],
    label: str,
) -> TrfPlayer | None:
    """The file's player a logbook player is: by FIDE id, else by name (a file's player with
    another FIDE id is someone else)."""
    if record.fide_id in by_fide_id:
        return by_fide_id[record.fide_id]
    alike = [
        entry
        for entry in by_key.get(name_key(record.name), ())
        if entry.fide_id is None or record.fide_id is None
    ]
    if len(alike) > 1:
        raise ImportFailed(
            [
                _(
                    "{file}: {count} players of the file are {name} (starting ranks {ranks}); "
                    "say which with --start-rank"
                ).format(
                    file=label,
                    count=len(alike),
                    name=record.name,
                    ranks=", ".join(str(entry.rank) for entry in alike),
                )
            ]
        )
    return alike[0] if alike else None


def _one_player(
    trf: TrfFile,
    logbook: Sequence[PlayerRecord],
    whose: TrfPlayers,
    label: str,
    by_fide_id: dict[int, TrfPlayer],
) -> _Taken:
    names = PlayerNames(record.name for record in logbook)
    record: PlayerRecord | None = None
    if whose.player is not None:
        try:
            name = names.find(whose.player)
            record = next(record for record in logbook if record.name == name)
        except NotFound:
            if not (whose.add_players and whose.fide_id is None and whose.start_rank is None):
                raise
    entry = _entry_named(trf, whose, label, by_fide_id, record)
    if record is None:
        record = logbook_player(logbook, entry)
        if record is None and not whose.add_players:
            raise NotFound(
                _(
                    "{player} (starting rank {rank}) is not in the logbook: name the player it is "
                    "with --player NAME, or add it with --add-players"
                ).format(player=entry.name, rank=entry.rank)
            )
    return _Taken(entry, record)


def _entry_named(
    trf: TrfFile,
    whose: TrfPlayers,
    label: str,
    by_fide_id: dict[int, TrfPlayer],
    record: PlayerRecord | None,
) -> TrfPlayer:
    """The file's player an import of one player means."""
    if whose.start_rank is not None:
        entry = trf.players.get(whose.start_rank)
        if entry is None:
            raise ImportFailed(
                [
                    _("{file}: no player of starting rank {rank}").format(
                        file=label, rank=whose.start_rank
                    )
                ]
            )
        return entry
    if whose.fide_id is not None:
        entry = by_fide_id.get(whose.fide_id)
        if entry is None:
            raise ImportFailed(
                [_("{file}: no player with FIDE id {id}").format(file=label, id=whose.fide_id)]
            )
        return entry
    assert whose.player is not None
    by_key = _by_name(trf)
    wanted = (
        record
        if record is not None
        else PlayerRecord(id=0, name=whose.player)  # to be added: found by the name given
    )
    found = _in_file(wanted, by_fide_id, by_key, label)
    if found is None:
        raise ImportFailed(
            [
                _(
                    "{file}: no player {player} (found by FIDE id, else by name, case and accents "
                    "ignored); the file's players: {players}"
                ).format(file=label, player=wanted.name, players=_file_names(trf))
            ]
        )
    return found


def logbook_player(logbook: Sequence[PlayerRecord], entry: TrfPlayer) -> PlayerRecord | None:
    """The logbook player a file's player is: by FIDE id, else by name."""
    if entry.fide_id is not None:
        for record in logbook:
            if record.fide_id == entry.fide_id:
                return record
    key = name_key(entry.name)
    for record in logbook:
        if name_key(record.name) == key and (record.fide_id is None or entry.fide_id is None):
            return record
    return None
