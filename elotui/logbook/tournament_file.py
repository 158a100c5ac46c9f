"""A tournament's TRF read for its rating report (`rating.tournament`): the file checked
(`trf_checks`), each player's K from the best source there is, and a logbook player's period.

The list is the one the TRF import takes (`trf_io.trf_rating_list`: `222`, else `122`, else the
list asked, else standard with a warning); the rules those of the event's start (`042`, else the
first round's date, else the end). K, in this order (docs/product.md §4.1, `tournament`):
1. a logbook player (found as the import finds them: `trf_io.logbook_player`): the K the replay of
   their logbook gives the period of the event, with the event's games added when the logbook does
   not hold them yet; that replay is also the period context (the other events of the period and
   the K×n cap across them);
2. a FIDE list file (`fide_lists.read_list_file`): the K it holds for the player on that list;
3. `fixed_k`, the K the user gave for everyone else;
4. the file itself, with what it cannot say assumed and named (`rating.tournament.file_k`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from elotui.i18n import _, ngettext
from elotui.logbook.import_report import read_import_text
from elotui.logbook.player_names import given_first
from elotui.logbook.records import InvalidData, RatingList
from elotui.logbook.trf_checks import trf_findings
from elotui.logbook.trf_file import TrfFile, TrfUnreadable, read_trf, trf_lines
from elotui.logbook.trf_io import logbook_player, round_days, trf_rating_list
from elotui.rating.norms import NormGame, NormInput, NormOpponent, NormVerdict, norm_verdicts
from elotui.rating.replay import GameLike, ReplayGame, ReplayPeriod, replay_lists
from elotui.rating.tournament import (
    Entrant,
    EntrantGame,
    KChoice,
    TournamentReport,
    tournament_report,
)

if TYPE_CHECKING:
    from elotui.logbook.repository import PlayerRecord, Repository


_HALVES = {
    "1": 2,
    "=": 1,
    "0": 0,
}  # a played round's code in half points (`trf_file.PLAYED_SCORES`)


class TournamentUnreadable(InvalidData):
    """A TRF the report cannot be made of: each problem a `FILE:LINE: reason` line (`details`),
    then one line saying how many."""

    def __init__(self, problems: list[str] | str) -> None:
        self.problems = [problems] if isinstance(problems, str) else problems
        super().__init__(self.problems[0])

    @property
    def headline(self) -> str:
        n = len(self.problems)
        if n == 1:
            return self.problems[0]
        return ngettext("no report ({n} problem)", "no report ({n} problems)", n).format(n=n)

    @property
    def details(self) -> list[str]:
        return self.problems if len(self.problems) > 1 else []


@dataclass(frozen=True)
class OtherEvent:
    """Another event of the logbook player's period: its name and its games counted."""

    event: str | None
    games: int


@dataclass(frozen=True)
class PeriodContext:
    """A logbook player's period of the event (the replay of their logbook with the event's games):
    "this tournament: +14.20; your period: +9 after the cap"."""

    rank: int  # the player's starting rank in the file
    player: str  # the logbook's name
    period: ReplayPeriod
    event_games: int  # the event's games counted in it
    event_change: int  # the event's part of the period's change, after the cap, hundredths
    others: tuple[OtherEvent, ...]
    already_in_logbook: bool  # the logbook held the event's games (none added)


@dataclass(frozen=True)
class TournamentFile:
    label: str
    trf: TrfFile
    rating_list: RatingList
    rated: bool  # the time control is one FIDE rates
    warnings: tuple[str, ...]  # what had to be assumed (the list, the dates)
    findings: tuple[str, ...]  # the file checked: `FILE:LINE: reason` each
    report: TournamentReport
    contexts: tuple[PeriodContext, ...]  # the logbook players' periods, by starting rank
    event_type: str = "ordinary"  # the user's flag the norms are judged with (`EVENT_TYPES`)

    @cached_property
    def norms(self) -> dict[int, tuple[NormVerdict, ...]]:
        """Each player's norms by starting rank: GM, IM, WGM, WIM (`norm_verdicts`). Judged when
        first asked: 8,000 norms of a 2,000-player file cost as much as the report itself."""
        return {
            rank: norm_verdicts(norm_input(self.trf, rank, self.report.start, self.event_type))
            for rank in self.trf.players
        }


def entrants(trf: TrfFile) -> list[Entrant]:
    """The file's players with their played games (forfeits, short games and byes are not games:
    `TrfRound.kind`)."""
    return [
        Entrant(
            player.rank,
            player.name,
            player.rating,
            player.birth_year,
            tuple(
                EntrantGame(game.number, game.opponent, _HALVES[game.code])
                for game in player.rounds
                if game.kind == "played" and game.opponent is not None
            ),
        )
        for player in trf.players.values()
    ]


def read_tournament(
    path: Path,
    *,
    repository: Repository | None = None,
    list_file: Path | None = None,
    fixed_k: int | None = None,
    rating_list: RatingList | None = None,
    event_type: str = "ordinary",
) -> TournamentFile:
    """The report of the TRF at `path`, or `TournamentUnreadable` with every problem; the title
    norms judged as for an event of `event_type` (a key of `rules.titles.EVENT_TYPES`)."""
    label = str(path)
    lines = trf_lines(read_import_text(path, else_latin1=True))
    try:
        trf = read_trf(lines, label)
    except TrfUnreadable as unreadable:
        raise TournamentUnreadable(unreadable.problems) from None
    start = trf.start or min(trf.round_dates.values(), default=None) or trf.end
    if start is None:
        raise TournamentUnreadable(
            [
                _(
                    "{file}: no date of the event (042, 052, 132): the rules in force cannot be "
                    "chosen"
                ).format(file=label)
            ]
        )
    game_list, rated, warnings = trf_rating_list(trf, rating_list, label)
    if not rated:
        warnings.append(
            _("{file}: the time control is too fast for any FIDE list: no game is rated").format(
                file=label
            )
        )
    choices: dict[int, KChoice] = {}
    contexts: list[PeriodContext] = []
    if repository is not None:
        contexts = _contexts(trf, repository, game_list, label, warnings)
        for context in contexts:
            if context.period.k is not None:
                choices[context.rank] = KChoice(
                    context.period.k,
                    _("{reason}, from the logbook").format(reason=context.period.k_reason),
                    "logbook",
                )
    if list_file is not None:
        for rank, choice in _list_ks(trf, list_file, game_list).items():
            choices.setdefault(rank, choice)
    if fixed_k is not None:
        for rank, player in trf.players.items():
            if player.rating is not None:
                choices.setdefault(rank, KChoice(fixed_k, _("given (--k)"), "given"))
    return TournamentFile(
        label=label,
        trf=trf,
        rating_list=game_list,
        rated=rated,
        warnings=tuple(warnings),
        findings=tuple(trf_findings(lines, trf, label)),
        report=tournament_report(entrants(trf), game_list, start, choices),
        contexts=tuple(contexts),
        event_type=event_type,
    )


# A round's code as a norm game's score: played, forfeited (`+`/`-`) and short games (`W`/`D`/`L`,
# less than one move: not over the board either, hence not counted).
_NORM_SCORES = {
    "1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0),
    "+": Fraction(1), "-": Fraction(0), "W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0),
}  # fmt: skip


def norm_input(trf: TrfFile, rank: int, start: dt.date, event_type: str) -> NormInput:
    """The player of starting rank `rank` as a norm is judged (rules.md §5): the opponents'
    ratings, titles and federations of the file (the list in force at the start), byes left out,
    forfeits and short games kept but marked as not played over the board."""
    player = trf.players[rank]
    games = []
    for game in player.rounds:
        if game.kind == "bye" or game.opponent is None:
            continue
        opponent = trf.players[game.opponent]
        games.append(
            NormGame(
                NormOpponent(opponent.rating, opponent.title, opponent.federation),
                _NORM_SCORES[game.code],
                forfeit=game.kind != "played",
            )
        )
    return NormInput(
        title=player.title,
        federation=player.federation,
        games=tuple(games),
        start=start,
        rounds=trf.rounds,
        event_type=event_type,
    )


def _list_ks(trf: TrfFile, list_file: Path, rating_list: RatingList) -> dict[int, KChoice]:
    from elotui.logbook.fide_lists import read_list_file

    by_id = {player.fide_id: rank for rank, player in trf.players.items() if player.fide_id}
    read = read_list_file(list_file, set(by_id))
    choices: dict[int, KChoice] = {}
    for fide_id, listed in read.players.items():
        for figures in listed.ratings:
            if figures.rating_list == rating_list and figures.k is not None:
                choices[by_id[fide_id]] = KChoice(
                    figures.k,
                    _("on the {month} list ({file})").format(month=read.month, file=list_file.name),
                    "list",
                )
    return choices


def _contexts(
    trf: TrfFile,
    repository: Repository,
    rating_list: RatingList,
    label: str,
    warnings: list[str],
) -> list[PeriodContext]:
    logbook = repository.list_players()
    found = [
        (entry.rank, record)
        for entry in trf.players.values()
        if (record := logbook_player(logbook, entry)) is not None
    ]
    if not found:
        return []
    days, date_warnings = round_days(trf, label)
    warnings.extend(date_warnings)
    return [_context(trf, repository, rank, record, rating_list, days) for rank, record in found]


def _context(
    trf: TrfFile,
    repository: Repository,
    rank: int,
    record: PlayerRecord,
    rating_list: RatingList,
    days: dict[int, dt.date],
) -> PeriodContext:
    lists: tuple[RatingList, ...] = ("standard",) if rating_list == "standard" else (
        "standard", rating_list,
    )  # fmt: skip
    games: dict[RatingList, list[GameLike]] = {
        name: list(repository.games_for_replay(record.id, name)) for name in lists
    }
    held = [
        game
        for game in repository.games_for_replay(record.id, rating_list)
        if game.event == trf.event and game.event_start == trf.start
    ]
    entry = trf.players[rank]
    if not held:
        games[rating_list].extend(_event_games(trf, rank, days))
    published = {
        name: {p.month: p.rating for p in repository.list_published(record.id, name)}
        for name in lists
    }
    replayed = replay_lists(record, games, published, lists=(rating_list,))[rating_list]
    event_days = {days[game.number] for game in entry.rounds if game.number in days}
    mine = [game for game in replayed.games if game.event == trf.event and game.date in event_days]
    period_name = mine[-1].period if mine else replayed.periods[-1].period
    period = next(p for p in replayed.periods if p.period == period_name)
    in_period = replayed.games[period.games_from : period.games_to]
    others: dict[str | None, int] = {}
    for game in in_period:
        if game.counted and not (game.event == trf.event and game.date in event_days):
            others[game.event] = others.get(game.event, 0) + 1
    return PeriodContext(
        rank=rank,
        player=record.name,
        period=period,
        event_games=sum(1 for game in mine if game.counted and game.period == period_name),
        event_change=sum(
            game.change_hundredths or 0 for game in mine if game.period == period_name
        ),
        others=tuple(OtherEvent(event, count) for event, count in others.items()),
        already_in_logbook=bool(held),
    )


def _event_games(trf: TrfFile, rank: int, days: dict[int, dt.date]) -> list[ReplayGame]:
    """The player's played games of the file as the replay takes them (as the import would store
    them: `trf_io`)."""
    entry = trf.players[rank]
    return [
        ReplayGame(
            date=days[game.number],
            opponent_rating=trf.players[game.opponent].rating,
            score_halves=_HALVES[game.code],
            own_rating=entry.rating,
            event=trf.event,
            event_start=trf.start,
            event_end=trf.end,
            opponent=given_first(trf.players[game.opponent].name),
        )
        for game in entry.rounds
        if game.kind == "played" and game.opponent is not None
    ]
