"""The app keeps its hold on a logbook file that other processes write to: what it says it saved is in
the file. On POSIX, closing any descriptor of a file drops every lock the process holds on it; a
header read with `open`/`close` while the app's connections were open made another writer believe it
was alone, so it deleted the WAL under the app, and the app's next game never reached the file.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from elotui.cli.app_commands import _history_logbook
from elotui.logbook.repository import open_repository
from elotui.tui.app import AppSettings, create_app
from tests.scenes.history import keys, settle
from tests.tui.test_history import SIZE, TODAY, table

pytestmark = pytest.mark.sqlite_only("SQLite's file locks are the point")

# Another program with the file open meanwhile: it reads (so it holds the file), then on a line on
# its stdin adds a game of its own and closes; the last to close checkpoints and deletes the WAL.
HOLDER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], isolation_level=None)
connection.execute("SELECT count(*) FROM game").fetchall()
print("holding", flush=True)
sys.stdin.readline()
connection.execute(
    "INSERT INTO game (player_id, date, opponent_rating, score_halves, rated, notes, rating_list)"
    " SELECT id, '2024-01-05', 1500, 2, 1, '', 'standard' FROM player"
)
connection.close()
print("closed", flush=True)
"""


def _cli_add(path: Path, date: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "elotui", "game", "add", "--db", str(path), "--player", "Ana",
         "--date", date, "--opponent-rating", "1500", "--result", "1"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr


def _dates_in_file(path: Path) -> list[str]:
    """The games' dates as a new process reads the file (not through this process's connections)."""
    done = subprocess.run(
        [sys.executable, "-c",
         "import sqlite3, sys; print(*[d for (d,) in sqlite3.connect(sys.argv[1])"
         ".execute('SELECT date FROM game ORDER BY date')])", str(path)],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    return done.stdout.split()


async def test_a_game_the_app_adds_beside_other_writers_is_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "logbook.db"
    repository = open_repository(path)
    repository.add_player("Ana", start_rating=1800)
    repository.close()
    # As `elotui history --db FILE` opens it: a plain reader for the first page, the repository
    # opened in a thread after the first frame (and its connection kept while the app runs).
    logbook = _history_logbook(path, demo=False, player=None)
    app = create_app(AppSettings(start_mode="history", today=TODAY, cursor_blink=False), logbook)
    holder: subprocess.Popen[str] | None = None
    try:
        async with app.run_test(size=SIZE) as pilot:
            await settle(app)
            assert app.logbook.is_open
            _cli_add(path, "2024-01-02")  # another elotui writes and closes
            assert Path(f"{path}-wal").exists(), "the other writer took itself for the last one"
            holder = subprocess.Popen(
                [sys.executable, "-c", HOLDER, str(path)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            )  # fmt: skip
            assert holder.stdout is not None and holder.stdin is not None
            assert holder.stdout.readline().strip() == "holding"
            await settle(app)
            await pilot.press(*keys("a 2024-01-03 tab Mine tab 1600 tab 1 ctrl+s"))
            await settle(app)
            games = table(pilot, "#games")
            while games.row_count < 1:  # the app's own game, shown
                await pilot.pause()
            holder.stdin.write("\n")
            holder.stdin.flush()
            assert holder.stdout.readline().strip() == "closed"
            assert holder.wait(timeout=60) == 0
            # While the app still runs: another process sees the app's game.
            assert _dates_in_file(path) == ["2024-01-02", "2024-01-03", "2024-01-05"]
    finally:
        if holder is not None and holder.poll() is None:
            holder.kill()
        app.logbook.close()
    assert _dates_in_file(path) == ["2024-01-02", "2024-01-03", "2024-01-05"]
