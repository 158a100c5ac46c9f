"""PGN import through python-chess: one player's games, from the tags only.

Only the headers are parsed (python-chess's header reader skips the moves), so large files go fast;
`pgn_games.PgnGames` checks the text around them, and a damaged file (a comment never closed, a game
without its result, a game's tags inside another game...) imports nothing and says where. For each
game where the named player is `White` or `Black` (compared as `player_names` says: "Costa, Ana"
is "Ana Costa", case, accents and spaces ignored):
- the date from `Date` (a date with `??` is skipped: the rating period would be a guess);
- the score from `Result` (`1-0`, `0-1`, `1/2-1/2`; an unfinished `*` is skipped);
- the opponent and the opponent's rating from the other side's name and `WhiteElo`/`BlackElo`
  (missing, `0`, `?` or `-`: an unrated opponent; a number outside 100–3500 is skipped; anything
  else than a whole number in digits 0-9, as everywhere in elotui, is a problem of the file);
- the player's own `WhiteElo`/`BlackElo`, when there, as the rating used for the game (Ro);
- `Event` and, when complete, `EventDate` as the event's start;
- the rating list from `TimeControl` (`time_control.list_for_time_control`), unless the import names
  one list for every game (`rating_list`, the CLI's `--list`); a game of 3 minutes or less is on no
  FIDE list and is imported as not rated (`time_control.fide_rated`), whatever the list.
When the file has games but none of the player's, nothing is imported and the message lists the names
the file holds (`player_names.names_listed`): the name was likely typed another way.
Every skipped game is counted by reason; the games are added in one transaction, less those already in
the logbook (as for CSV, see `csv_io`), unless `keep_duplicates`.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

from elotui.dates import EARLIEST_DATE, LATEST_DATE
from elotui.i18n import N_, _
from elotui.logbook.csv_cells import control_character_reason
from elotui.logbook.import_report import (
    ImportFailed,
    ImportSummary,
    imported_summary,
    read_import_text,
)
from elotui.logbook.pgn_games import PgnGame, PgnGames
from elotui.logbook.player_names import name_key, names_listed
from elotui.logbook.repository import (
    DRAW,
    LOSS,
    WIN,
    NewGame,
    RatingList,
    Repository,
    game_row,
)
from elotui.logbook.time_control import fide_rated, list_for_time_control
from elotui.rating.inputs import RATING_MAX, RATING_MIN, read_whole, whole_number_refusal
from elotui.safe_text import unsafe_character

_WHITE_SCORE = {"1-0": WIN, "0-1": LOSS, "1/2-1/2": DRAW}
_UNRATED = {"", "0", "?", "-"}

# The reasons are keys of the import's JSON (skipped_reasons): English there, _() where said.
SKIP_NOT_PLAYER = N_("games without the player")
SKIP_NO_DATE = N_("games without a full date")
SKIP_NO_RESULT = N_("games without a result")
SKIP_BAD_RATING = N_("games with an opponent rating outside 100-3500")


def _pgn_date(text: str | None) -> dt.date | None:
    if not text or "?" in text:
        return None
    try:
        day = dt.datetime.strptime(text.strip(), "%Y.%m.%d").date()
    except ValueError:
        return None
    # Outside elotui's one range (elotui/dates.py) a game could be stored but never exported back.
    return day if EARLIEST_DATE <= day <= LATEST_DATE else None


def _tag_rating(pgn: PgnGames, game: PgnGame, tag: str) -> tuple[bool, int | None]:
    """(usable, rating) from `game`'s `tag`: unrated is (True, None), outside 100-3500 (False, None).
    A value that is not a whole number in digits 0-9 is a problem of the file, said to `pgn`."""
    value = (game.headers.get(tag) or "").strip()
    if value in _UNRATED:
        return True, None
    rating = read_whole(value)
    if rating is None:
        pgn.tag_problem(game, tag, whole_number_refusal(value))
        return False, None
    if RATING_MIN <= rating <= RATING_MAX:
        return True, rating
    return False, None


def read_pgn_games(
    pgn: PgnGames,
    player: str,
    *,
    rating_list: RatingList | None = None,
    names: Counter[str] | None = None,
) -> tuple[list[NewGame], Counter[str]]:
    """The named player's games among a PGN file's, and the skipped games by reason.

    `rating_list` puts every game on that list (None: each game's `TimeControl` decides); `names`, if
    given, counts the names of the games that are not the player's (for the message when none is).
    """
    games, skipped = read_players_games(pgn, [player], rating_list=rating_list, names=names)
    return games.get(player, []), skipped


def read_players_games(
    pgn: PgnGames,
    players: Sequence[str],
    *,
    rating_list: RatingList | None = None,
    names: Counter[str] | None = None,
) -> tuple[dict[str, list[NewGame]], Counter[str]]:
    """The games of each of `players` among a PGN file's (a game between two of them is each
    one's, seen from their side), and the skipped games by reason (a game is skipped once)."""
    by_key = {name_key(player): player for player in players}
    games: dict[str, list[NewGame]] = {}
    skipped: Counter[str] = Counter()
    for game in pgn:
        headers = game.headers
        white, black = headers.get("White", ""), headers.get("Black", "")
        sides = [
            (by_key[key], side, other)
            for key, side, other in ((name_key(white), "White", "Black"),
                                     (name_key(black), "Black", "White"))
            if key in by_key
        ]  # fmt: skip
        if not sides:
            skipped[SKIP_NOT_PLAYER] += 1
            if names is not None:
                names.update(
                    name.strip() for name in (white, black) if name.strip() not in ("", "?")
                )
            continue
        day = _pgn_date(headers.get("Date"))
        if day is None:
            skipped[SKIP_NO_DATE] += 1
            continue
        white_score = _WHITE_SCORE.get(headers.get("Result", "*").strip())
        if white_score is None:
            skipped[SKIP_NO_RESULT] += 1
            continue
        for player, side, other in sides:
            score: Fraction = white_score if side == "White" else 1 - white_score
            usable, opponent_rating = _tag_rating(pgn, game, f"{other}Elo")
            if not usable:
                skipped[SKIP_BAD_RATING] += 1
                continue
            _usable, own_rating = _tag_rating(pgn, game, f"{side}Elo")
            event = headers.get("Event", "").strip()
            opponent = headers.get(other, "").strip()
            event_start = _pgn_date(headers.get("EventDate"))
            games.setdefault(player, []).append(
                NewGame(
                    date=day,
                    opponent_rating=opponent_rating,
                    score=score,
                    opponent=None if opponent in ("", "?") else opponent,
                    event=None if event in ("", "?") else event,
                    event_start=event_start if event_start and event_start <= day else None,
                    own_rating=own_rating,
                    rating_list=rating_list or list_for_time_control(headers.get("TimeControl")),
                    rated=fide_rated(headers.get("TimeControl")),
                )
            )
    return games, skipped


def unsafe_texts(game: NewGame) -> list[str]:
    """Why the game's text cannot be stored (an ESC, a direction override...: elotui/safe_text.py)."""
    problems = []
    for text, what in ((game.opponent, "opponent"), (game.event, "event")):
        unsafe = unsafe_character(text or "")
        if unsafe is not None:
            problems.append(control_character_reason(what, unsafe))
    return problems


def import_pgn(
    repository: Repository,
    path: Path,
    *,
    player: str | None,
    keep_duplicates: bool = False,
    rating_list: RatingList | None = None,
) -> ImportSummary:
    """Import the player's games (all on `rating_list` if given, else by `TimeControl`); without
    a player, the games of every logbook player the file names (the summary says whose)."""
    records = (
        [repository.find_player(player)]  # NotFound says how to add the player
        if player is not None
        else repository.list_players()
    )
    label = str(path)
    names: Counter[str] = Counter()
    # UTF-8 only (PGN's own standard says ISO 8859-1, but every current tool writes UTF-8): a byte
    # read wrongly would change a name without a word. `FILE:LINE: not UTF-8` instead.
    pgn = PgnGames(read_import_text(path))
    games, skipped = read_players_games(
        pgn, [record.name for record in records], rating_list=rating_list, names=names
    )
    if pgn.problems:  # a damaged file: what python-chess read of it may not be what it holds
        raise ImportFailed([f"{label}:{line}: {problem}" for line, problem in pgn.problems])
    if not games and skipped[SKIP_NOT_PLAYER] and skipped.total() == skipped[SKIP_NOT_PLAYER]:
        if player is None:
            raise ImportFailed(
                [
                    _(
                        "{file}: no game of a logbook player (names compared as PGN writes them,"
                        " case and accents ignored); the file's players: {players}; add one with"
                        " elotui player add NAME"
                    ).format(file=label, players=names_listed(names))
                ]
            )
        raise ImportFailed(
            [
                _(
                    "{file}: no game of {player!r} (names compared as PGN writes them, case and "
                    "accents ignored); the file's players: {players}"
                ).format(file=label, player=records[0].name, players=names_listed(names))
            ]
        )
    problems = [
        _("{file}: game {number}: {problem}").format(file=label, number=number, problem=problem)
        for played in games.values()
        for number, game in enumerate(played, 1)
        for problem in unsafe_texts(game)
    ]
    if problems:
        raise ImportFailed(problems)
    ids = {record.name: record.id for record in records}
    result = repository.import_games(
        [game_row(ids[name], game) for name, played in games.items() for game in played],
        keep_duplicates=keep_duplicates,
    )
    found = {name: len(played) for name, played in games.items()}
    return imported_summary(label, result, found, ids, skipped)
