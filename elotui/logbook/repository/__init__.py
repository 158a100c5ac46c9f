"""Reading and writing the logbook; everything leaves here as plain records (see `records`).

- `PlayerRecord`, `GameRecord`, `PublishedRecord` are what the replay, the CLI and the app consume. They
  hold no session and no ORM state.
- A game's score is stored and read as `score_halves` (2 win, 1 draw, 0 loss: what the replay reads),
  and also offered as `score`, a `fractions.Fraction` (`1`, `1/2`, `0`, what `elotui.rating` computes
  with). `NewGame` takes the Fraction; `GameRecord` holds the half points.
  An unrated opponent is `opponent_rating=None`; a player unrated at the start is `start_rating=None`.
- A published rating's month is text `YYYY-MM`.
- Rating lists: every game and published rating has a `rating_list` ("standard", "rapid", "blitz";
  `RATING_LISTS`). Reads that feed a replay take one list (`games_for_replay`, `list_published`: standard
  unless told); the listings (`list_games`, `count_games`) take an optional list filter, None for all.
  A game's `rated_period` (YYYY-MM or None) is its event's pinned period.
- Each call opens one short session or connection; each write is one transaction (`BEGIN IMMEDIATE`), so a
  failed write changes nothing and raises a `LogbookError` whose `str()` says why in one line.
- Ids are never reused (a deleted row's id stays gone). An edit or delete may carry the row as its
  caller was shown it (`expected=`): it is then refused, `ChangedElsewhere`, when the row changed.
- Bulk paths (`add_games`, `import_games`, `games_for_replay`) use SQLAlchemy Core with one `executemany`
  or one select of plain tuples, never one ORM object per game.
- An import (`import_games`) skips the games already in the logbook, counted as a multiset on
  `DUPLICATE_KEY_COLUMNS`, in the same transaction as its insert.
"""

from __future__ import annotations

from typing import Final, Literal

from elotui.logbook.engine import make_engine, make_server_engine
from elotui.logbook.migrate import inspect_database, refuse_new_file, upgrade_database
from elotui.logbook.paths import LogbookAddress, ServerLogbook
from elotui.logbook.records import (
    DRAW,
    GAME_FIELDS,
    LOSS,
    PLAYER_FIELDS,
    RATING_LISTS,
    STANDARD,
    WIN,
    ChangedElsewhere,
    GameChanges,
    GameRecord,
    HasGames,
    InvalidData,
    LogbookError,
    NewGame,
    NotFound,
    PlayerBundle,
    PlayerChanges,
    PlayerRecord,
    PublishedRecord,
    RatingList,
    gc_paused,
    records_from_rows,
)
from elotui.logbook.repository.bulk import BulkMethods, ImportedGames
from elotui.logbook.repository.checks import (
    check_game_fields,
    check_month,
    check_player_fields,
    check_published,
    check_rated_period,
    check_rating_list,
)
from elotui.logbook.repository.games import GameMethods
from elotui.logbook.repository.players import PlayerMethods
from elotui.logbook.repository.published import PublishedMethods
from elotui.logbook.repository.storage import (
    DUPLICATE_KEY_COLUMNS,
    GAME_COLUMNS,
    GAME_TABLE,
    PLAYER_TABLE,
    empty_logbook_engine,
    game_row,
)

# The records live in `records` (no SQLAlchemy there), the parts of the repository in this package's
# modules; importers take them all from here.
__all__ = [
    "DRAW",
    "DUPLICATE_KEY_COLUMNS",
    "GAME_COLUMNS",
    "GAME_FIELDS",
    "GAME_TABLE",
    "LOSS",
    "PLAYER_FIELDS",
    "PLAYER_TABLE",
    "RATING_LISTS",
    "STANDARD",
    "WHEN_WRITTEN",
    "WIN",
    "ChangedElsewhere",
    "GameChanges",
    "GameRecord",
    "HasGames",
    "ImportedGames",
    "InvalidData",
    "LogbookError",
    "NewGame",
    "NotFound",
    "PlayerBundle",
    "PlayerChanges",
    "PlayerRecord",
    "PublishedRecord",
    "RatingList",
    "Repository",
    "check_game_fields",
    "check_month",
    "check_player_fields",
    "check_published",
    "check_rated_period",
    "check_rating_list",
    "game_row",
    "gc_paused",
    "open_repository",
    "records_from_rows",
]


class Repository(PlayerMethods, GameMethods, BulkMethods, PublishedMethods):
    """The logbook in one SQLite file or one PostgreSQL database. Safe to share between threads: each
    call opens its own connection (but the app's idle one, `keep_connected`, and the one in-memory
    database a logbook not made yet reads from, which every thread shares).

    Its methods are in this package's modules, by what they handle: `players`, `games`, `bulk` (many
    games at once), `published`; `storage` holds what they share."""


# `open_repository(create=WHEN_WRITTEN)`: a new logbook's file is made by its first write.
WHEN_WRITTEN: Final = "when written"


def open_repository(
    path: LogbookAddress, *, create: bool | Literal["when written"] = True
) -> Repository:
    """Migrate `path` (a file, or a database on a server) if needed (see `elotui.logbook.migrate`)
    and return its repository.

    Raises `DatabaseRefused` (file untouched) when the file cannot be used; with `create=False`,
    `NoLogbookYet` where there is no logbook yet (nothing is created). With `create=WHEN_WRITTEN`
    (the commands that write), a new logbook reads as an empty one and its file (and folder) is
    made by the first write: a command refused before it writes leaves nothing behind.
    """
    state = None
    if create == WHEN_WRITTEN and not isinstance(path, ServerLogbook):
        state = inspect_database(path)  # refuses what cannot be a logbook; only reads
        if not state.exists:
            refuse_new_file(path)
            return Repository(empty_logbook_engine(), not_yet=path)
    upgrade = upgrade_database(path, create=bool(create), state=state)
    if isinstance(path, ServerLogbook):
        return Repository(make_server_engine(path), upgrade=upgrade)
    return Repository(make_engine(path), upgrade=upgrade)
