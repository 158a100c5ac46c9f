"""The logbook's records (frozen dataclasses, and `GameRecord` a NamedTuple), and the logbook's errors.

They hold no session and no ORM state, and this module imports no SQLAlchemy, so readers that only
need the records (the fast read path in `reader`, the app) stay light. `repository` re-exports them.

- A game's score is stored as half points (`score_halves`: 2 win, 1 draw, 0 loss); `.score` gives the
  `fractions.Fraction` that `elotui.rating` computes with.
- An unrated opponent is `opponent_rating=None`; a player unrated at the start is `start_rating=None`.
- A published rating's month is text `YYYY-MM`; its `games` and `k` are FIDE's, from a list file
  (None when typed by hand).
- Every game and published rating is on one FIDE rating list, `rating_list`: "standard", "rapid" or
  "blitz" (`RATING_LISTS`; default standard). A game's `rated_period` ("YYYY-MM" or None) pins its event
  to a rating period, named as rules.md §3.5 and the replay's `period` name it: by its first month
  (on the monthly calendar, since 2012-07, period 2026-10 is the one rated on the list of 2026-11;
  "rated on the list of 2026-11" is `rated_period="2026-10"`). None: the list calendar decides.
  The pin is stored per game; the games of one event are meant to carry the same one.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, TypedDict, TypeGuard

from elotui.collector import gc_paused as gc_paused  # re-exported: the logbook's bulk paths use it
from elotui.errors import ElotuiError
from elotui.rating.result import Result
from elotui.stopping import check_stop

if TYPE_CHECKING:
    from elotui.rating.replay import Published

# Upper bounds of a player's fields, well above anything real; they keep numbers inside SQLite's 64-bit
# integers (the repository refuses more, and the player form says so on the field).
GAMES_BEFORE_MAX = 1_000_000
FIDE_ID_MAX = 999_999_999_999

# The scores as `NewGame` takes them; every other form of a result is `elotui.rating.result.Result`'s.
WIN, DRAW, LOSS = Result.WIN.score, Result.DRAW.score, Result.LOSS.score

# FIDE's three rating lists, as stored (the database's CHECK lists the same words).
RatingList = Literal["standard", "rapid", "blitz"]
STANDARD: Final = "standard"
RAPID: Final = "rapid"
BLITZ: Final = "blitz"
RATING_LISTS: tuple[RatingList, ...] = (STANDARD, RAPID, BLITZ)


def is_rating_list(text: object) -> TypeGuard[RatingList]:
    return text in RATING_LISTS


class LogbookError(ElotuiError):
    """A write or lookup that cannot be done; `str()` is a one-line reason. Nothing was changed."""


class NotFound(LogbookError):
    pass


class InvalidData(LogbookError):
    pass


class ChangedElsewhere(LogbookError):
    """A write refused, nothing written: the row it was to change or delete is no longer the one its
    caller read (`expected`: another process changed or deleted it since). `now` is the row as it
    is now, None when it was deleted (ids are never reused: a deleted row's id stays gone)."""

    def __init__(self, reason: str, now: GameRecord | PlayerRecord | None = None) -> None:
        super().__init__(reason)
        self.now = now


class HasGames(InvalidData):
    """`remove_player(..., with_games=False)` refused, nothing removed: the player has `games`."""

    def __init__(self, reason: str, games: int = 0) -> None:
        super().__init__(reason)
        self.games = games


# --- records ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    id: int
    name: str
    fide_id: int | None = None
    birth_year: int | None = None
    start_rating: int | None = None  # None: unrated when the logbook starts
    games_before: int = 0  # rated games before the logbook
    reached_2400: bool = False  # ever published at 2400 or more before the logbook
    fixed_k: int | None = None  # K chosen by the user instead of the FIDE steps
    notes: str = ""


@dataclass(frozen=True, slots=True)
class NewGame:
    """A game to add: everything but the ids."""

    date: dt.date
    opponent_rating: int | None  # None: unrated opponent
    score: Fraction  # 1, 1/2 or 0
    opponent: str | None = None
    event: str | None = None
    event_start: dt.date | None = None
    event_end: dt.date | None = None
    own_rating: int | None = None  # the rating used for the game (Ro), if known
    rated: bool = True
    notes: str = ""
    rating_list: RatingList = STANDARD
    rated_period: str | None = None  # YYYY-MM: the event pinned to that period

    @property
    def score_halves(self) -> int:
        return Result.from_score(self.score).halves


class GameRecord(NamedTuple):
    """A stored game. It satisfies `elotui.rating.replay.GameLike` (the replay reads `score_halves`).

    A NamedTuple rather than a frozen dataclass: a replay reads 100,000 of them, and a tuple is made
    several times faster (still immutable, still read by attribute).
    """

    id: int
    player_id: int
    date: dt.date
    opponent_rating: int | None  # None: unrated opponent
    score_halves: int  # 2 win, 1 draw, 0 loss (as stored); `score` is the same as a Fraction
    opponent: str | None = None
    event: str | None = None
    event_start: dt.date | None = None
    event_end: dt.date | None = None
    own_rating: int | None = None  # the rating used for the game (Ro), if known
    rated: bool = True
    notes: str = ""
    rating_list: RatingList = STANDARD  # the list the game is rated on
    rated_period: str | None = None  # YYYY-MM: its event pinned to that period; None: the calendar

    @property
    def score(self) -> Fraction:
        return Result.from_halves(self.score_halves).score


@dataclass(frozen=True, slots=True)
class PublishedRecord:
    id: int
    player_id: int
    month: str  # YYYY-MM
    rating: int
    rating_list: RatingList = STANDARD
    # From FIDE's list file (`elotui published import`); None when typed by hand:
    games: int | None = None  # the games FIDE rated for this list
    k: int | None = None  # the K FIDE holds for the player as of this list

    def for_replay(self) -> Published:
        """The published rating as the replay takes it: with FIDE's games and K when a list file
        gave them (the check on three numbers), else the rating alone."""
        if self.games is None and self.k is None:
            return self.rating
        from elotui.rating.replay import ListFigures  # the replay only when it is asked for

        return ListFigures(self.rating, self.games, self.k)


# A published rating to store: (YYYY-MM, rating) on the standard list, (YYYY-MM, rating, list), or
# (YYYY-MM, rating, list, games, K) with what FIDE's list file gives.
PublishedEntry = (
    tuple[str, int]
    | tuple[str, int, RatingList]
    | tuple[str, int, RatingList, int | None, int | None]
)


@dataclass(frozen=True)
class PlayerBundle:
    """A whole player to add at once (JSON import, demo logbook)."""

    profile: Mapping[str, Any]  # `PlayerRecord` fields except `id`
    games: Sequence[NewGame] = ()
    published: Sequence[PublishedEntry] = ()


PLAYER_FIELDS = tuple(f.name for f in dataclasses.fields(PlayerRecord) if f.name != "id")
GAME_FIELDS = tuple(f.name for f in dataclasses.fields(NewGame))


class PlayerChanges(TypedDict, total=False):
    """What `Repository.update_player` may change: `PlayerRecord`'s fields but the id. A field left
    out is left as it is; None clears an optional one (a test keeps this in step with the record)."""

    name: str
    fide_id: int | None
    birth_year: int | None
    start_rating: int | None
    games_before: int
    reached_2400: bool
    fixed_k: int | None
    notes: str


class GameChanges(TypedDict, total=False):
    """What `Repository.update_game` may change: `NewGame`'s fields, and `player_id` (the game moved
    to another player). A field left out is left as it is."""

    player_id: int
    date: dt.date
    opponent_rating: int | None
    score: Fraction
    opponent: str | None
    event: str | None
    event_start: dt.date | None
    event_end: dt.date | None
    own_rating: int | None
    rated: bool
    notes: str
    rating_list: RatingList
    rated_period: str | None


# The columns `records_from_rows` reads, in order (the select of every read path uses them).
GAME_RECORD_COLUMNS: tuple[str, ...] = (
    "id", "player_id", "date", "opponent_rating", "score_halves", "opponent", "event",
    "event_start", "event_end", "own_rating", "rated", "notes", "rating_list", "rated_period",
)  # fmt: skip


# Rows fetched at a time by `rows_while_wanted`: a step small enough that the app quitting waits
# for a few milliseconds of it, large enough that the steps cost nothing measurable.
ROWS_AT_A_TIME = 20_000


def rows_while_wanted(cursor: Any) -> Iterator[Sequence[Any]]:
    """A DB-API cursor's rows, `ROWS_AT_A_TIME` at a time, asking before each batch whether they
    are still wanted (`stopping.check_stop`: a million games take seconds to read)."""
    while True:
        check_stop()
        rows = cursor.fetchmany(ROWS_AT_A_TIME)
        if not rows:
            return
        yield from rows


def records_from_rows(rows: Iterable[Sequence[Any]]) -> list[GameRecord]:
    """The records of rows in `GAME_RECORD_COLUMNS`' order (a list, or a cursor read as it goes)."""
    return list(records_of_rows(rows))


def records_of_rows(rows: Iterable[Sequence[Any]]) -> Iterator[GameRecord]:
    """`records_from_rows` one at a time, as the rows come (a stream of the logbook's games).

    A tight loop: local names, no per-row attribute lookups. The texts many games share (an
    opponent's name, an event, the list's name) and the days are kept once: the database gives a new
    object per row, and 100,000 games of one player would hold 100,000 copies of "standard" and of
    each name (about 100 bytes a game of `replay --json`'s peak memory, bench_memory.py)."""
    parse = dt.date.fromisoformat
    dates: dict[str, dt.date] = {}
    shared: dict[Any, Any] = {}  # one object per text
    keep = shared.setdefault
    make = GameRecord
    for (
        game_id,
        player_id,
        day,
        opponent_rating,
        halves,
        opponent,
        event,
        event_start,
        event_end,
        own_rating,
        rated,
        notes,
        rating_list,
        rated_period,
    ) in rows:
        played = dates.get(day)
        if played is None:
            played = dates[day] = parse(day)
        yield make(
            game_id,
            player_id,
            played,
            opponent_rating,
            halves,
            keep(opponent, opponent),
            keep(event, event),
            parse(event_start) if event_start else None,
            parse(event_end) if event_end else None,
            own_rating,
            bool(rated),
            notes,
            keep(rating_list, rating_list),
            rated_period,
        )
