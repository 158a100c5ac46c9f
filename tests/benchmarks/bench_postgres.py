"""Replay of 100,000 games from PostgreSQL vs the same from an SQLite file (issue 16 item 3, goal
≤ 1.5×), alternately in the same run, medians (alternating.py); and the choice of the server's read
path by measurement.

- `elotui replay --json --player P`, whole process: the same logbook (built by `elotui import` of one
  CSV into each) on a throwaway cluster (tests/postgres/cluster.py, a Unix socket) vs in a file.
- the read alone, in this process, 100,000 games for the replay: psycopg alone (`server_reader`, what
  `elotui replay` uses on a server at the current schema) and the repository (its compiled SQL on
  psycopg's cursor under SQLAlchemy's connection) vs the same select through SQLAlchemy Core
  (`connection.execute`, SQLAlchemy's result rows), the other way the issue names;
- the same read on the server vs the file's plain sqlite3 reader (`LogbookReader`).

The replay is a pure function of the games either way: only where the games are read from differs.
Run: `uv run python tests/benchmarks/bench_postgres.py [--quick] [--games N] [--rounds N]`.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from alternating import (
    ROOT,
    Row,
    alternate,
    arguments,
    compile_bytecode,
    print_rows,
    rounds_of,
    whole_process,
)
from logbooks import elotui, empty_logbook, player_names, write_csv

sys.path.insert(0, str(ROOT))


def _import(games_csv: Path, address: str) -> None:
    import subprocess

    from alternating import ENV

    empty_logbook(Path(address) if "://" not in address else address)  # type: ignore[arg-type]
    subprocess.run(elotui("import", str(games_csv), "--db", address), check=True,
                   capture_output=True, env=ENV)  # fmt: skip


def _timed(read: Callable[[], object], games: int) -> Callable[[], float]:
    def measure() -> float:
        start = time.perf_counter()
        got = read()
        seconds = time.perf_counter() - start
        assert len(got) == games, len(got)  # type: ignore[arg-type]
        return seconds

    return measure


def _core_read(repository: object, player_id: int) -> Callable[[], list[object]]:
    """The same select through SQLAlchemy Core's execute and result rows, then the same records."""
    from sqlalchemy import Text, cast, select

    from elotui.logbook.records import records_from_rows
    from elotui.logbook.repository.storage import _GAME_SELECT_COLUMNS, GAME_TABLE

    columns = [
        cast(c, Text) if c.name in ("date", "event_start", "event_end") else c
        for c in _GAME_SELECT_COLUMNS
    ]
    statement = (
        select(*columns)
        .where(GAME_TABLE.c.player_id == player_id, GAME_TABLE.c.rating_list == "standard")
        .order_by(GAME_TABLE.c.date, GAME_TABLE.c.id)
    )
    engine = repository.engine  # type: ignore[attr-defined]

    def read() -> list[object]:
        with engine.connect() as connection:
            return list(records_from_rows(connection.execute(statement).all()))

    return read


def main() -> None:
    parser = arguments(__doc__, rounds=7, quick_rounds=3)
    parser.add_argument("--games", type=int, default=100_000)
    args = parser.parse_args()
    rounds = rounds_of(args)
    compile_bytecode()
    from elotui.logbook.paths import resolve_db_path
    from elotui.logbook.reader import open_reader
    from elotui.logbook.repository import open_repository
    from tests.postgres.cluster import start_cluster

    started = time.perf_counter()
    cluster = start_cluster()
    print(f"cluster started in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    rows = []
    try:
        with tempfile.TemporaryDirectory(prefix="elotui-bench-") as name:
            folder = Path(name)
            games_csv = folder / "games.csv"
            write_csv(games_csv, args.games)
            file = str(folder / "logbook.db")
            server = cluster.url("bench")
            cluster.admin('CREATE DATABASE "bench"')
            for address in (file, server):
                _import(games_csv, address)
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
            on_server.close()
            server_reader.close()
            reader.close()
    finally:
        cluster.stop()
    print_rows(rows)


if __name__ == "__main__":
    main()
