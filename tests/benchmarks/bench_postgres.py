"""Replay of 100,000 games from PostgreSQL vs the same from an SQLite file (issue 16 item 3, goal
≤ 1.5×), alternately in the same run, medians (alternating.py); and the choice of the server's read
paths by measurement.

- `elotui replay --json --player P`, whole process: the same logbook (logbooks.py's, `elotui import`
  of one CSV into each) on a throwaway cluster (tests/postgres/cluster.py, a Unix socket) vs in a file.
- the read alone, in this process, 100,000 games for the replay: psycopg alone (`server_reader`, what
  `elotui replay` uses on a server at the current schema) and the repository (its compiled SQL on
  psycopg's cursor under SQLAlchemy's connection) vs the same select through SQLAlchemy Core
  (`connection.execute`, SQLAlchemy's result rows), the other way the issue names;
- the same read on the server vs the file's plain sqlite3 reader (`LogbookReader`);
- the history screen's reads, newest first: its first page (100 rows) and the whole history, by the
  repository (what the screen reads once the logbook is open) vs the ORM (`select(Game)`, one object
  a row) and vs SQLAlchemy Core, and psycopg alone (`server_reader`, what `elotui history` reads
  before the repository is open) vs the repository.

The replay is a pure function of the games either way: only where the games are read from differs.
When no PostgreSQL server can start here, the script says why (`#skipped`, which run_all.py shows)
and measures nothing.
Run: `uv run python tests/benchmarks/bench_postgres.py [--quick] [--games N] [--rounds N]`.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from alternating import (
    ROOT,
    SKIPPED_PREFIX,
    Row,
    alternate,
    arguments,
    print_rows,
    started,
    whole_process,
)
from logbooks import elotui, filled, games_csv, logbook, player_names

sys.path.insert(0, str(ROOT))
PAGE = 100  # the history's first page (elotui/tui/models/history.py PAGE)


def _timed(read: Callable[[], object], games: int) -> Callable[[], float]:
    def measure() -> float:
        start = time.perf_counter()
        got = read()
        seconds = time.perf_counter() - start
        assert len(got) == games, len(got)  # type: ignore[arg-type]
        return seconds

    return measure


def _core_read(
    repository: object, player_id: int, *, newest_first: bool = False, limit: int | None = None
) -> Callable[[], list[object]]:
    """The same select through SQLAlchemy Core's execute and result rows, then the same records."""
    from sqlalchemy import Text, cast, select

    from elotui.logbook.records import records_from_rows
    from elotui.logbook.repository.storage import _GAME_SELECT_COLUMNS, GAME_TABLE

    columns = [
        cast(c, Text) if c.name in ("date", "event_start", "event_end") else c
        for c in _GAME_SELECT_COLUMNS
    ]
    order = (GAME_TABLE.c.date, GAME_TABLE.c.id)
    statement = (
        select(*columns)
        .where(GAME_TABLE.c.player_id == player_id, GAME_TABLE.c.rating_list == "standard")
        .order_by(*(column.desc() for column in order) if newest_first else order)
        .limit(limit)
    )
    engine = repository.engine  # type: ignore[attr-defined]

    def read() -> list[object]:
        with engine.connect() as connection:
            return list(records_from_rows(connection.execute(statement).all()))

    return read


def _orm_read(repository: object, player_id: int, limit: int | None) -> Callable[[], list[object]]:
    """The history's rows through the ORM: `select(Game)` in a session, one object a row, made into
    the same records (`game_record`)."""
    from sqlmodel import Session, col, select

    from elotui.logbook.models import Game
    from elotui.logbook.repository.storage import game_record

    statement = (
        select(Game)
        .where(Game.player_id == player_id, Game.rating_list == "standard")
        .order_by(col(Game.date).desc(), col(Game.id).desc())
        .limit(limit)
    )
    engine = repository.engine  # type: ignore[attr-defined]

    def read() -> list[object]:
        with Session(engine) as session:
            return [game_record(game) for game in session.exec(statement)]

    return read


def _history_rows(
    on_server: Any, server_reader: Any, player_id: int, games: int, rounds: int
) -> list[Row]:
    """The history's first page and its whole list, newest first: the repository vs the ORM and
    vs Core, and psycopg alone vs the repository."""
    rows = []
    for what, limit, count in (("first page", PAGE, PAGE), ("whole history", None, games)):

        def by_repository(limit: int | None = limit) -> list[object]:
            return list(on_server.list_games(player_id, limit=limit, rating_list="standard"))

        def alone_read(limit: int | None = limit) -> list[object]:
            return list(
                server_reader.list_games(player_id, limit=limit or games, rating_list="standard")
            )

        repository = _timed(by_repository, count)
        orm = _timed(_orm_read(on_server, player_id, limit), count)
        core = _timed(_core_read(on_server, player_id, newest_first=True, limit=limit), count)
        alone = _timed(alone_read, count)
        label = f"history, {what} ({count:,} of {games:,} games) from PostgreSQL"
        rows.append(
            alternate(Row(f"{label}: the repository vs the ORM", "time"), repository, orm, rounds)
        )
        rows.append(
            alternate(
                Row(f"{label}: the repository vs SQLAlchemy Core rows", "time"),
                repository,
                core,
                rounds,
            )
        )
        rows.append(
            alternate(
                Row(f"{label}: psycopg alone (server_reader) vs the repository", "time"),
                alone,
                repository,
                rounds,
            )
        )
    return rows


def main() -> None:
    parser = arguments(__doc__, rounds=7, quick_rounds=3)
    parser.add_argument("--games", type=int, default=100_000)
    args, rounds = started(parser)
    from elotui.logbook.paths import resolve_db_path
    from elotui.logbook.reader import open_reader
    from elotui.logbook.repository import open_repository
    from tests.postgres.cluster import NoServer, start_cluster

    start = time.perf_counter()
    try:
        cluster = start_cluster()
    except NoServer as reason:
        print(f"{SKIPPED_PREFIX}no PostgreSQL server could start: {reason}")
        return
    print(f"cluster started in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    rows = []
    try:
        with tempfile.TemporaryDirectory(prefix="elotui-bench-") as name:
            folder = Path(name)
            # The same games in both: the run's logbook (logbooks.py), its CSV imported on the server.
            file = str(logbook(folder, args.games)[0])
            server = cluster.url("bench")
            cluster.admin('CREATE DATABASE "bench"')
            filled(server, games_csv(folder, args.games))
            player = player_names(1)[0]
            label = f"{args.games:,} games"
            row = Row(
                f"`elotui replay --json`, {label}, from PostgreSQL vs from an SQLite file",
                "time",
            )
            replay = ("replay", "--json", "--player", player, "--db")
            rows.append(
                alternate(row, whole_process(elotui(*replay, server)),
                          whole_process(elotui(*replay, file)), rounds)
            )  # fmt: skip
            on_server = open_repository(resolve_db_path(server), create=False)
            server_reader = open_reader(resolve_db_path(server))
            reader = open_reader(Path(file))
            assert reader is not None and server_reader is not None
            player_id = on_server.find_player(player).id
            fast = _timed(lambda: server_reader.games_for_replay(player_id), args.games)
            via_repository = _timed(lambda: on_server.games_for_replay(player_id), args.games)
            core = _timed(_core_read(on_server, player_id), args.games)
            row = Row(
                f"read {label} for a replay from PostgreSQL: psycopg alone (server_reader, kept) vs SQLAlchemy Core rows",
                "time",
            )
            rows.append(alternate(row, fast, core, rounds))
            row = Row(
                f"read {label} from PostgreSQL: the repository (psycopg's cursor under SQLAlchemy's connection) vs SQLAlchemy Core rows",
                "time",
            )
            rows.append(alternate(row, via_repository, core, rounds))
            plain = _timed(
                lambda: reader.games_for_replay(reader.find_player(player).id), args.games
            )
            row = Row(
                f"read {label} for a replay: PostgreSQL (server_reader) vs the file's sqlite3 reader",
                "time",
            )
            rows.append(alternate(row, fast, plain, rounds))
            rows.extend(_history_rows(on_server, server_reader, player_id, args.games, rounds))
            on_server.close()
            server_reader.close()
            reader.close()
    finally:
        cluster.stop()
    print_rows(rows)


if __name__ == "__main__":
    main()
