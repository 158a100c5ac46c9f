"""Several people at once (issue 16 item 4, first part): separate processes writing the same logbook at
the same moment lose nothing, on a file and on a server."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest
from sqlalchemy import make_url

from elotui.logbook.engine import describe_sqlite_error
from elotui.logbook.paths import resolve_db_path
from elotui.logbook.repository import ImportedGames, open_repository
from elotui.logbook.repository.bulk import BulkMethods
from tests.postgres.cluster import Cluster

# One writer: waits for the start signal (a file), then enters GAMES games for PLAYER one by one,
# each its own transaction, opponent ratings 1000 + WRITER * 100 + i so every value can be checked.
_WRITER = """
import datetime as dt, os, sys, time
from fractions import Fraction
from elotui.logbook.engine import describe_sqlite_error
from elotui.logbook.paths import resolve_db_path
from elotui.logbook.repository import NewGame, open_repository

address, player, writer, games, go = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
repository = open_repository(resolve_db_path(address))
player_id = repository.find_player(player).id
while not os.path.exists(go):
    time.sleep(0.001)  # the start signal: both writers begin together
for i in range(games):
    day = dt.date(2026, 1, 1) + dt.timedelta(days=i)
    repository.add_game(player_id, NewGame(date=day, opponent_rating=1000 + writer * 100 + i, score=Fraction(1, 2)))
repository.close()
"""

GAMES = 20
RETRY = describe_sqlite_error("database is locked")  # what a writer that waited too long is told

# An import from the command line, started with the writers: the same start signal, then `elotui import`.
_IMPORT = """
import os, sys, time
from elotui.cli import main
address, file, go = sys.argv[1], sys.argv[2], sys.argv[3]
while not os.path.exists(go):
    time.sleep(0.001)
sys.exit(main(["import", file, "--json", "--db", address]))
"""
IMPORTED = 2000


def test_writers_for_different_players_and_the_same_player_and_two_imports_at_once(
    logbook_address: str, tmp_path: Path
) -> None:
    # Five processes started together: hand writers 1 and 2 on Ana, writer 3 on Bo (20 games each,
    # one transaction each), and two imports of one file of 2,000 games for Ana (opponent ratings
    # 1400..3399, apart from the writers' 1100..1319; one a day from 2010-01-01). Each import adds
    # the file's games or finds them all there already, or is told to retry (SQLite's busy timeout)
    # having written nothing; every hand-entered game arrives.
    repository = open_repository(resolve_db_path(logbook_address))
    ana = repository.add_player("Ana")
    bo = repository.add_player("Bo")
    games = tmp_path / "games.csv"
    days = [dt.date(2010, 1, 1) + dt.timedelta(days=i) for i in range(IMPORTED)]
    games.write_text(
        "player,date,opponent_rating,result\n"
        + "".join(f"Ana,{day.isoformat()},{1400 + i},1\n" for i, day in enumerate(days)),
        encoding="utf-8",
    )
    go = tmp_path / "go"
    scripts = [
        [_WRITER, logbook_address, "Ana", "1", str(GAMES), str(go)],
        [_WRITER, logbook_address, "Ana", "2", str(GAMES), str(go)],
        [_WRITER, logbook_address, "Bo", "3", str(GAMES), str(go)],
        [_IMPORT, logbook_address, str(games), str(go)],
        [_IMPORT, logbook_address, str(games), str(go)],
    ]
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", *script],
            cwd=Path(__file__).parents[2],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for script in scripts
    ]
    go.touch()
    finished = [(process, *process.communicate(timeout=300)) for process in processes]
    writers, imports = finished[:3], finished[3:]
    for process, _, err in writers:
        assert process.returncode == 0, err
    added = []
    for process, out, err in imports:
        if process.returncode == 0:
            summary = json.loads(out)
            added.append((summary["imported"], summary["already_in_logbook"]))
        else:  # told to retry, in one line
            assert (process.returncode, err) == (2, f"elotui: {RETRY}\n")
    # The file's games added once, by one import; the other found them all there (or was told to retry).
    assert sorted(added) in ([(0, IMPORTED), (IMPORTED, 0)], [(IMPORTED, 0)])
    ratings_of = {
        player.id: sorted(game.opponent_rating or 0 for game in repository.list_games(player.id))
        for player in (ana, bo)
    }
    repository.close()
    # Every game once: 1100..1119 and 1200..1219 by hand and 1400..3399 imported for Ana, 1300..1319 for Bo.
    assert ratings_of[ana.id] == [
        *range(1100, 1100 + GAMES),
        *range(1200, 1200 + GAMES),
        *range(1400, 1400 + IMPORTED),
    ]
    assert ratings_of[bo.id] == list(range(1300, 1300 + GAMES))


def _rows(player_id: int, count: int) -> list[tuple[object, ...]]:
    days = [dt.date(2020, 1, 1) + dt.timedelta(days=i) for i in range(count)]
    # GAME_COLUMNS order (see test_both_backends._row); opponent ratings 1000 + i to check the values.
    return [
        (
            player_id,
            day.isoformat(),
            None,
            1000 + i,
            2,
            None,
            None,
            None,
            None,
            1,
            "",
            "standard",
            None,
        )
        for i, day in enumerate(days)
    ]


def _waiting_on_a_lock(url: str) -> bool:
    parsed = make_url(url)
    with psycopg.connect(
        host=str(parsed.query["host"]), user=parsed.username, dbname=parsed.database
    ) as connection:
        row = connection.execute(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        ).fetchone()
    return bool(row and row[0])


def test_two_imports_of_one_file_at_once_add_its_games_once_on_a_server(
    postgres_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Forced interleaving: import A has read the games already there (none) and waits until import
    # B has read them too, or is held waiting for a lock. Without the import's lock, B reads none as
    # well and both insert: 4,000 games. With it, B waits for A's commit, then finds all 2,000.
    url = postgres_cluster.new_database()
    first = open_repository(resolve_db_path(url))
    second = open_repository(resolve_db_path(url))
    ana = first.add_player("Ana")
    rows = _rows(ana.id, 2000)
    original = BulkMethods._leave_out_existing
    a_has_read, b_has_read = threading.Event(), threading.Event()

    def interleaved(connection: Any, rows: Any, dialect: str) -> Any:
        result = original(connection, rows, dialect)
        if threading.current_thread().name == "A":
            a_has_read.set()
            while not b_has_read.is_set() and not _waiting_on_a_lock(url):
                time.sleep(0.005)  # polls the condition, whatever it takes
        else:
            b_has_read.set()
        return result

    monkeypatch.setattr(BulkMethods, "_leave_out_existing", staticmethod(interleaved))
    results: dict[str, ImportedGames] = {}
    a = threading.Thread(name="A", target=lambda: results.update(A=first.import_games(rows)))
    b = threading.Thread(name="B", target=lambda: results.update(B=second.import_games(rows)))
    a.start()
    a_has_read.wait()
    b.start()
    a.join()
    b.join()
    assert results["A"].added == 2000
    assert (results["B"].added, results["B"].already_there) == (0, {ana.id: 2000})
    ratings = sorted(game.opponent_rating or 0 for game in first.list_games(ana.id))
    assert ratings == [1000 + i for i in range(2000)]
    first.close()
    second.close()
    postgres_cluster.drop_database(url)
