"""The checks of a player's and a game's fields, and the database's refusals as one-line reasons.

The database enforces the same (CHECK constraints, see `models`); these give the friendlier message.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, TypeVar

from sqlalchemy.exc import DataError, IntegrityError, OperationalError

from elotui.dates import EARLIEST_YEAR, LATEST_YEAR, BadDate, check_date
from elotui.i18n import N_, _
from elotui.logbook.engine import describe_sqlite_error
from elotui.logbook.records import (
    FIDE_ID_MAX,
    GAMES_BEFORE_MAX,
    ChangedElsewhere,
    GameRecord,
    InvalidData,
    LogbookError,
    NewGame,
    NotFound,
    PlayerRecord,
    RatingList,
    is_rating_list,
)
from elotui.rating.calendar import checked_month
from elotui.rating.inputs import K_MAX, K_MIN, RATING_MAX, RATING_MIN
from elotui.rating.result import Result
from elotui.safe_text import refusal


def check_rating(value: int | None, what: str) -> None:
    if value is not None and not RATING_MIN <= value <= RATING_MAX:
        raise InvalidData(
            _("{what} must be from {low} to {high}, not {value}").format(
                what=what, low=RATING_MIN, high=RATING_MAX, value=value
            )
        )


def check_text(value: object, what: str, *, notes: bool = False) -> None:
    reason = refusal(value, what, notes=notes) if isinstance(value, str) else None
    if reason is not None:
        raise InvalidData(reason)


def check_player_fields(fields: Mapping[str, Any]) -> None:
    if "name" in fields:
        name = fields["name"]
        if not isinstance(name, str) or not name.strip():
            raise InvalidData(_("a player's name cannot be empty"))
        check_text(name, _("the name"))
    check_text(fields.get("notes"), _("the notes"), notes=True)
    check_rating(fields.get("start_rating"), _("rating"))
    games_before = fields.get("games_before")
    if games_before is not None and games_before < 0:
        raise InvalidData(
            _("games before the logbook cannot be negative, not {count}").format(count=games_before)
        )
    if games_before is not None and games_before > GAMES_BEFORE_MAX:
        raise InvalidData(
            _("games before the logbook must be at most {most}, not {count}").format(
                most=GAMES_BEFORE_MAX, count=games_before
            )
        )
    fixed_k = fields.get("fixed_k")
    if fixed_k is not None and not K_MIN <= fixed_k <= K_MAX:
        raise InvalidData(
            _("K must be from {low} to {high}, not {k}").format(low=K_MIN, high=K_MAX, k=fixed_k)
        )
    birth_year = fields.get("birth_year")
    if birth_year is not None and not EARLIEST_YEAR <= birth_year <= LATEST_YEAR:
        raise InvalidData(_("birth year {year} is not plausible").format(year=birth_year))
    fide_id = fields.get("fide_id")
    if fide_id is not None and not 0 < fide_id <= FIDE_ID_MAX:
        raise InvalidData(
            _("FIDE id must be a number from 1 to {most}, not {id}").format(
                most=FIDE_ID_MAX, id=fide_id
            )
        )


def check_game_fields(game: NewGame) -> None:
    check_text(game.opponent, _("the opponent"))
    check_text(game.event, _("the event"))
    check_text(game.notes, _("the notes"), notes=True)
    check_rating(game.opponent_rating, _("opponent rating"))
    check_rating(game.own_rating, _("own rating"))
    try:
        Result.from_score(game.score)
    except KeyError:
        raise InvalidData(
            _("result must be 1, 0.5 or 0, not {score}").format(score=game.score)
        ) from None
    if game.event_start and game.event_end and game.event_start > game.event_end:
        raise InvalidData(_("the event cannot end before it starts"))
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


def check_published(
    month: str, rating: int, rating_list: object, games: int | None = None, k: int | None = None
) -> None:
    """A published rating to store: its month, rating and list, and FIDE's games and K if given."""
    check_month(month)
    check_rating(rating, _("published rating"))
    check_rating_list(rating_list)
    if games is not None and games < 0:
        raise InvalidData(_("the games rated cannot be negative, not {count}").format(count=games))
    if k is not None and not K_MIN <= k <= K_MAX:
        raise InvalidData(
            _("K must be from {low} to {high}, not {k}").format(low=K_MIN, high=K_MAX, k=k)
        )


def check_rating_list(rating_list: object) -> RatingList:
    if not is_rating_list(rating_list):
        raise InvalidData(
            _("the rating list must be standard, rapid or blitz, not {value!r}").format(
                value=rating_list
            )
        )
    return rating_list


def check_rated_period(period: str | None) -> str | None:
    if period is None:
        return None
    if not isinstance(period, str):
        raise InvalidData(_("the rated period must be YYYY-MM, not {value!r}").format(value=period))
    return check_month(period)


NAME_TAKEN = N_("a player with that name already exists")  # said as _(NAME_TAKEN)

# A write refused because its row is no longer as its caller read it (`refuse_if_changed`).
GAME_CHANGED = N_("game {id} was changed elsewhere since you opened it")
GAME_DELETED = N_("game {id} was deleted elsewhere since you opened it")
PLAYER_CHANGED = N_("player {name} was changed elsewhere since you opened it")
PLAYER_DELETED = N_("player {name} was deleted elsewhere since you opened it")

Row = TypeVar("Row", GameRecord, PlayerRecord)


def refuse_if_changed(
    now: Row | None, expected: Row | None, changed: str, deleted: str, **names: object
) -> None:
    """Refuse a write whose row is not as its caller read it: `now`, the row read inside the write's
    transaction (None: deleted), differs from `expected`, what the caller was shown (None: the
    caller read nothing before, e.g. a command that reads and writes at once). Every value is
    compared, so a change by anyone, with any program, is seen; the messages name the row by
    `names` (`changed`, `deleted`: N_ texts)."""
    if expected is not None and now != expected:
        raise ChangedElsewhere(_(deleted if now is None else changed).format(**names), now)


def explain(error: IntegrityError | OperationalError | DataError) -> LogbookError:
    """The database's refusal as one line a user can act on (a DataError: a value the server's
    column cannot hold, e.g. a number past PostgreSQL's 32-bit INTEGER)."""
    message = str(error.orig)
    # SQLite's words, then PostgreSQL's (which name the constraint, see models.NAMING_CONVENTION).
    if "UNIQUE constraint failed: player.name" in message or '"uq_player_name"' in message:
        return InvalidData(_(NAME_TAKEN))
    if "UNIQUE constraint failed: published_rating" in message or '"uq_published_rating' in message:
        return InvalidData(_("that player already has a published rating for that list and month"))
    if "FOREIGN KEY constraint failed" in message or "violates foreign key constraint" in message:
        return NotFound(_("the player does not exist (any more)"))
    if "CHECK constraint failed" in message:
        name = message.rsplit(":", 1)[-1].strip()
        return InvalidData(_("the database refused a value ({name})").format(name=name))
    server_check = _SERVER_CHECK.search(message)
    if server_check:
        return InvalidData(
            _("the database refused a value ({name})").format(name=server_check.group(1))
        )
    if _is_server_error(error):
        return LogbookError(
            _("the database refused the change: {reason}").format(reason=_first_line(message))
        )
    return LogbookError(describe_sqlite_error(message))  # busy, disk full, read-only, ...


# PostgreSQL: 'new row for relation "game" violates check constraint "ck_game_score_halves"'.
_SERVER_CHECK = re.compile(r'violates check constraint "(?:ck_[a-z]+?_)?([^"]+)"')


def _is_server_error(error: IntegrityError | OperationalError | DataError) -> bool:
    return type(error.orig).__module__.split(".")[0] == "psycopg"


def _first_line(message: str) -> str:
    lines = message.strip().splitlines()
    return lines[0] if lines else _("unknown error")


def name_taken(error: InvalidData, name: str) -> InvalidData:
    if str(error) == _(NAME_TAKEN) and name:  # the refusal `explain` said, in the language spoken
        return InvalidData(_("a player named {name!r} already exists").format(name=name))
    return error
