"""The checks of a player's and a game's fields, and the database's refusals as one-line reasons.

The database enforces the same (CHECK constraints, see `models`); these give the friendlier message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sqlalchemy.exc import IntegrityError, OperationalError

from elotui.dates import EARLIEST_YEAR, LATEST_YEAR, BadDate, check_date
from elotui.logbook.engine import describe_sqlite_error
from elotui.logbook.records import (
    FIDE_ID_MAX,
    GAMES_BEFORE_MAX,
    InvalidData,
    LogbookError,
    NewGame,
    NotFound,
    RatingList,
    is_rating_list,
)
from elotui.rating.calendar import checked_month
from elotui.rating.inputs import K_MAX, K_MIN, RATING_MAX, RATING_MIN
from elotui.rating.result import Result
from elotui.safe_text import refusal


def check_rating(value: int | None, what: str) -> None:
    if value is not None and not RATING_MIN <= value <= RATING_MAX:
        raise InvalidData(f"{what} must be from {RATING_MIN} to {RATING_MAX}, not {value}")


def check_text(value: object, what: str, *, notes: bool = False) -> None:
    reason = refusal(value, what, notes=notes) if isinstance(value, str) else None
    if reason is not None:
        raise InvalidData(reason)


def check_player_fields(fields: Mapping[str, Any]) -> None:
    if "name" in fields:
        name = fields["name"]
        if not isinstance(name, str) or not name.strip():
            raise InvalidData("a player's name cannot be empty")
        check_text(name, "the name")
    check_text(fields.get("notes"), "the notes", notes=True)
    check_rating(fields.get("start_rating"), "rating")
    games_before = fields.get("games_before")
    if games_before is not None and games_before < 0:
        raise InvalidData(f"games before the logbook cannot be negative, not {games_before}")
    if games_before is not None and games_before > GAMES_BEFORE_MAX:
        raise InvalidData(
            f"games before the logbook must be at most {GAMES_BEFORE_MAX}, not {games_before}"
        )
    fixed_k = fields.get("fixed_k")
    if fixed_k is not None and not K_MIN <= fixed_k <= K_MAX:
        raise InvalidData(f"K must be from {K_MIN} to {K_MAX}, not {fixed_k}")
    birth_year = fields.get("birth_year")
    if birth_year is not None and not EARLIEST_YEAR <= birth_year <= LATEST_YEAR:
        raise InvalidData(f"birth year {birth_year} is not plausible")
    fide_id = fields.get("fide_id")
    if fide_id is not None and not 0 < fide_id <= FIDE_ID_MAX:
        raise InvalidData(f"FIDE id must be a number from 1 to {FIDE_ID_MAX}, not {fide_id}")


def check_game_fields(game: NewGame) -> None:
    check_text(game.opponent, "the opponent")
    check_text(game.event, "the event")
    check_text(game.notes, "the notes", notes=True)
    check_rating(game.opponent_rating, "opponent rating")
    check_rating(game.own_rating, "own rating")
    try:
        Result.from_score(game.score)
    except KeyError:
        raise InvalidData(f"result must be 1, 0.5 or 0, not {game.score}") from None
    if game.event_start and game.event_end and game.event_start > game.event_end:
        raise InvalidData("the event cannot end before it starts")
    check_rating_list(game.rating_list)
    check_rated_period(game.rated_period)
    for day in (game.date, game.event_start, game.event_end):
        if day is not None:
            try:
                check_date(day)  # one range everywhere (elotui/dates.py): 9999-12-31 cannot replay
            except BadDate as error:
                raise InvalidData(str(error)) from None


def check_month(month: str) -> str:
    try:
        return checked_month(month)
    except BadDate as error:
        raise InvalidData(str(error)) from None


def check_rating_list(rating_list: object) -> RatingList:
    if not is_rating_list(rating_list):
        raise InvalidData(f"the rating list must be standard, rapid or blitz, not {rating_list!r}")
    return rating_list


def check_rated_period(period: str | None) -> str | None:
    if period is None:
        return None
    if not isinstance(period, str):
        raise InvalidData(f"the rated period must be YYYY-MM, not {period!r}")
    return check_month(period)


def explain(error: IntegrityError | OperationalError) -> LogbookError:
    """The database's refusal as one line a user can act on."""
    message = str(error.orig)
    # SQLite's words, then PostgreSQL's (which name the constraint, see models.NAMING_CONVENTION).
    if "UNIQUE constraint failed: player.name" in message or '"uq_player_name"' in message:
        return InvalidData("a player with that name already exists")
    if "UNIQUE constraint failed: published_rating" in message or '"uq_published_rating' in message:
        return InvalidData("that player already has a published rating for that list and month")
    if "FOREIGN KEY constraint failed" in message or "violates foreign key constraint" in message:
        return NotFound("the player does not exist (any more)")
    if "CHECK constraint failed" in message:
        name = message.rsplit(":", 1)[-1].strip()
        return InvalidData(f"the database refused a value ({name})")
    server_check = _SERVER_CHECK.search(message)
    if server_check:
        return InvalidData(f"the database refused a value ({server_check.group(1)})")
    if _is_server_error(error):
        return LogbookError(f"the database refused the change: {_first_line(message)}")
    return LogbookError(describe_sqlite_error(message))  # busy, disk full, read-only, ...


# PostgreSQL: 'new row for relation "game" violates check constraint "ck_game_score_halves"'.
_SERVER_CHECK = re.compile(r'violates check constraint "(?:ck_[a-z]+?_)?([^"]+)"')


def _is_server_error(error: IntegrityError | OperationalError) -> bool:
    return type(error.orig).__module__.split(".")[0] == "psycopg"


def _first_line(message: str) -> str:
    lines = message.strip().splitlines()
    return lines[0] if lines else "unknown error"


def name_taken(error: InvalidData, name: str) -> InvalidData:
    if "already exists" in str(error) and name:
        return InvalidData(f"a player named {name!r} already exists")
    return error
