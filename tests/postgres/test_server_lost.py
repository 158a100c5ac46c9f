"""The server stops in the middle of a command: one line that says so, and what became of the change.

The command runs as a process of its own (as a user runs it: a warning psycopg logs while closing the
lost connection would show on its stderr), on a cluster of the test's own (`server_to_lose`), which
the command stops itself at the moment the test names, as a crash or a power cut would. The server is
started again afterwards to see what it kept.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.faults.conftest import game_rows, write_csv
from tests.postgres.cluster import Cluster

# `elotui ARGV` with the server stopped by `HALT` (a command line) at `WHEN`: "commit" (just before the
# COMMIT is sent), or the first words of a statement (just before it is sent).
_LOSES_ITS_SERVER = """
import json, subprocess, sys
from sqlalchemy import event
from elotui.cli import main
from elotui.logbook import repository

halt, when, argv = json.loads(sys.argv[1])
halted = []
made = repository.make_server_engine

def halt_once():
    if not halted:
        halted.append(True)
        subprocess.run(halt, capture_output=True, check=True)

def engine_losing_its_server(logbook):
    engine = made(logbook)
    if when == "commit":
        event.listen(engine, "commit", lambda connection: halt_once())
    else:
        @event.listens_for(engine, "before_cursor_execute")
        def before(connection, cursor, statement, parameters, context, executemany):
            if statement.startswith(when):
                halt_once()
    return engine

repository.make_server_engine = engine_losing_its_server
sys.exit(main(argv))
"""


def _run_losing_the_server(
    cluster: Cluster, when: str, *argv: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _LOSES_ITS_SERVER,
         json.dumps([cluster.halt_command(), when, list(argv)])],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def _games(url: str) -> int:
    code, out, err = run_cli("game", "list", "--player", "Alice", "--json", "--db", url)
    assert code == 0, err
    return len(json.loads(out)["games"])


@pytest.mark.parametrize(
    ("command", "said"),
    [
        pytest.param(
            "import",
            "the connection to the server was lost during the import; nothing was imported",
            id="import",
        ),
        pytest.param(
            "game add",
            "the connection to the server was lost; nothing was written (try again once it is back)",
            id="game add",
        ),
    ],
)
def test_a_server_lost_during_a_write_says_so_and_that_nothing_was_written(
    server_to_lose: Cluster, tmp_path: Path, command: str, said: str
) -> None:
    """Stopped as the games are sent: before, the import said up to five lines of the driver's
    words and "the database refused the change"."""
    url = server_to_lose.new_database()
    assert run_cli("player", "add", "Alice", "--db", url)[0] == 0
    argv = {
        "import": ["import", str(write_csv(tmp_path / "games.csv", game_rows(2_000)))],
        "game add": ["game", "add", "--player", "Alice", "--date", "2024-03-05",
                     "--opponent-rating", "1600", "--result", "1"],
    }[command]  # fmt: skip
    done = _run_losing_the_server(server_to_lose, "INSERT INTO game", *argv, "--db", url)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", f"elotui: {said}\n")
    server_to_lose.resume()
    assert _games(url) == 0


def test_a_server_lost_while_saving_does_not_say_nothing_was_saved(
    server_to_lose: Cluster, tmp_path: Path
) -> None:
    """Stopped as the COMMIT is sent: the server may have kept the games or not, and the line
    says so rather than "nothing was imported"."""
    url = server_to_lose.new_database()
    assert run_cli("player", "add", "Alice", "--db", url)[0] == 0
    games = write_csv(tmp_path / "games.csv", game_rows(100))
    done = _run_losing_the_server(server_to_lose, "commit", "import", str(games), "--db", url)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "elotui: the connection to the server was lost while saving: the change may or may not "
        "have been saved (look before doing it again)\n"
    )
