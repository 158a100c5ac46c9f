"""The logbook tables: what the user typed, never a derived rating.

The database enforces the rules itself (a script writing with plain `sqlite3` cannot break them):
unique player names, ratings 100–3500, a result of 1, ½ or 0, a game always belongs to a player and goes
with it, one published rating per player, rating list and month, a list that is one of three, a pinned
period shaped `YYYY-MM`.

Storage choices:
- A game's result is `score_halves`, the player's score in half points: 2 = win, 1 = draw, 0 = loss.
  An integer compares exactly and a CHECK keeps it to the three values.
- An unrated opponent (or a player unrated at the start of the logbook) is a NULL rating.
- A published rating's `month` is text `YYYY-MM`, the month of the official list.
- A published rating's `games` and `k` are what FIDE's list file gives with it (the games rated for
  that list, the K held as of it); NULL when the rating was typed by hand.
- `rating_list` (a game's, a published rating's) is 'standard', 'rapid' or 'blitz' (`records.RATING_LISTS`);
  a game's `rated_period` is the `YYYY-MM` period its event was pinned to, NULL when the calendar decides.

The schema itself is made by the Alembic migrations in `migrations/`; these classes must match them
(a test compares the two). `create_all` is for tests only.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import BigInteger, CheckConstraint, Index, Integer, UniqueConstraint
from sqlmodel import Field, SQLModel

from elotui.logbook.records import RATING_LISTS, STANDARD
from elotui.logbook.schema import APPLICATION_ID as APPLICATION_ID  # the tests read it here
from elotui.rating.inputs import K_MAX, K_MIN, RATING_MAX, RATING_MIN
from elotui.rating.result import Result

# Named constraints let batch migrations on SQLite find and alter them later. This has to be set before
# the first table class below is created.
NAMING_CONVENTION: dict[str, str] = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
SQLModel.metadata.naming_convention = NAMING_CONVENTION


# A FIDE id goes up to records.FIDE_ID_MAX (12 digits): BIGINT on PostgreSQL, whose INTEGER is 32-bit
# (migration 0003); INTEGER on SQLite, where it is 64-bit already and what the migrations made.
FIDE_ID_TYPE = BigInteger().with_variant(Integer(), "sqlite")


# Ids are never reused (migration 0005): SQLite gives a new row the largest id + 1 unless told
# AUTOINCREMENT, so a deleted game's id went to the next game added, and a screen still showing the
# deleted one edited the new one. PostgreSQL's sequences never reuse an id.
NEVER_REUSED_IDS: dict[str, Any] = {"sqlite_autoincrement": True}


def _rating_check(column: str, *, nullable: bool = True) -> CheckConstraint:
    condition = f"{column} BETWEEN {RATING_MIN} AND {RATING_MAX}"
    if nullable:
        condition = f"{column} IS NULL OR ({condition})"
    return CheckConstraint(condition, name=f"{column}_range")


def _month_condition(column: str) -> str:
    return f"{column} GLOB '[12][0-9][0-9][0-9]-[01][0-9]' AND substr({column}, 6, 2) BETWEEN '01' AND '12'"


def _list_check() -> CheckConstraint:
    names = ", ".join(f"'{name}'" for name in RATING_LISTS)
    return CheckConstraint(f"rating_list IN ({names})", name="rating_list")


def _list_field() -> Any:
    # The server default makes every game of a 0001 logbook (and of a plain-SQL script) standard.
    return Field(default=STANDARD, sa_column_kwargs={"server_default": STANDARD})


class Player(SQLModel, table=True):
    __tablename__ = "player"
    __table_args__ = (
        CheckConstraint("length(trim(name)) > 0", name="name_not_empty"),
        CheckConstraint("fide_id IS NULL OR fide_id > 0", name="fide_id_positive"),
        CheckConstraint(
            "birth_year IS NULL OR birth_year BETWEEN 1850 AND 2200", name="birth_year_range"
        ),
        _rating_check("start_rating"),
        CheckConstraint("games_before >= 0", name="games_before_not_negative"),
        CheckConstraint("reached_2400 IN (0, 1)", name="reached_2400_bool"),
        CheckConstraint(
            f"fixed_k IS NULL OR fixed_k BETWEEN {K_MIN} AND {K_MAX}", name="fixed_k_range"
        ),
        NEVER_REUSED_IDS,
    )

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    fide_id: int | None = Field(default=None, sa_type=FIDE_ID_TYPE)
    birth_year: int | None = None
    start_rating: int | None = None  # NULL: unrated when the logbook starts
    # games_before: rated games played before the logbook; reached_2400: ever published at 2400 or
    # more before the logbook. Server defaults let plain-SQL scripts leave these out.
    games_before: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    reached_2400: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})
    fixed_k: int | None = None  # a K chosen by the user instead of the FIDE steps
    notes: str = Field(default="", sa_column_kwargs={"server_default": ""})


class Game(SQLModel, table=True):
    __tablename__ = "game"
    __table_args__ = (
        CheckConstraint(
            # "score_halves IN (0, 1, 2)": the text the migrations wrote, built from the results
            f"score_halves IN ({', '.join(str(result.halves) for result in Result)})",
            name="score_halves",
        ),
        _rating_check("opponent_rating"),
        _rating_check("own_rating"),
        CheckConstraint("rated IN (0, 1)", name="rated_bool"),
        CheckConstraint(
            "event_start IS NULL OR event_end IS NULL OR event_start <= event_end",
            name="event_dates_ordered",
        ),
        _list_check(),
        CheckConstraint(
            f"rated_period IS NULL OR ({_month_condition('rated_period')})",
            name="rated_period_format",
        ),
        # The replay reads one player's games in date order; this index serves it directly (SQLite
        # appends the rowid, `id`, to every index entry, so ties stay in entry order).
        Index("ix_game_player_id_date", "player_id", "date"),
        NEVER_REUSED_IDS,
    )

    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="player.id", ondelete="CASCADE")
    date: dt.date
    opponent: str | None = None
    opponent_rating: int | None = None  # NULL: unrated opponent
    score_halves: int  # 2 win, 1 draw, 0 loss
    event: str | None = None
    event_start: dt.date | None = None
    event_end: dt.date | None = None
    own_rating: int | None = None  # the rating used for this game (Ro), if known
    rated: bool = Field(default=True, sa_column_kwargs={"server_default": "1"})  # forfeits: no
    notes: str = Field(default="", sa_column_kwargs={"server_default": ""})
    rating_list: str = _list_field()  # standard, rapid or blitz
    rated_period: str | None = None  # YYYY-MM: the event pinned to that period; NULL: the calendar


class PublishedRating(SQLModel, table=True):
    __tablename__ = "published_rating"
    __table_args__ = (
        UniqueConstraint("player_id", "rating_list", "month"),
        CheckConstraint(_month_condition("month"), name="month_format"),
        _rating_check("rating", nullable=False),
        _list_check(),
        CheckConstraint("games IS NULL OR games >= 0", name="games_not_negative"),
        CheckConstraint(f"k IS NULL OR k BETWEEN {K_MIN} AND {K_MAX}", name="k_range"),
        NEVER_REUSED_IDS,
    )

    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="player.id", ondelete="CASCADE")
    month: str  # YYYY-MM
    rating: int
    rating_list: str = _list_field()  # the list this rating was published on
    # What FIDE's list file gives with the rating (migration 0006); NULL for a rating typed by hand:
    games: int | None = None  # the games FIDE rated for this list
    k: int | None = None  # the K FIDE holds for the player as of this list
