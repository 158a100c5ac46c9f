"""`elotui history` paints its first frame before SQLAlchemy, SQLModel or Alembic is imported (issue 13
item 1): the first page comes from the plain `sqlite3` reader, the repository (and the demo's build)
follow in a thread after that frame. Run in a real pseudo-terminal, as a user starts it; what is
checked is the state at Textual's `Ready` (the first frame is on the screen), never a time.
"""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

import pytest

from elotui.logbook.demo import build_demo_database
from tests.tui.terminal import CTRL_Q, Terminal

pytestmark = pytest.mark.sqlite_only(
    "the quick start reads the file with sqlite3, before SQLAlchemy"
)

# Runs `elotui history ARGS`; at the first frame it writes the heavy modules then imported and the
# games table's row count to OUT, and at the end (after the app quit) the heavy modules once more.
PROBE = """
import sys
from elotui.tui.app import ElotuiApp

out, args = sys.argv[1], sys.argv[2:]
HEAVY = ("sqlalchemy", "sqlmodel", "alembic")

def heavy():
    return sorted(m.split(".")[0] for m in sys.modules if m.startswith(HEAVY))

original = ElotuiApp.on_ready

def on_ready(self):
    rows = self.screen.query_one("#games").row_count
    with open(out, "w") as file:
        print(repr((sorted(set(heavy())), rows)), file=file)
    original(self)

ElotuiApp.on_ready = on_ready
from elotui.cli import main

code = main(["history", *args])
with open(out, "a") as file:
    print(repr(sorted(set(heavy()))), file=file)
raise SystemExit(code)
"""


def start_history(
    tmp_path: Path, *args: str, shows: str = "standard list (l)"
) -> tuple[tuple[list[str], int], list[str]]:
    """Run the probe; wait until the replay is shown (the summary names the list) and `shows` is on
    the screen, quit; return what it saw at the first frame (heavy modules, rows) and at the end
    (heavy modules)."""
    out = tmp_path / "seen.txt"
    env = {**os.environ, "ELOTUI_HOME": str(tmp_path), "ELOTUI_DB": str(tmp_path / "none.db")}
    with Terminal([sys.executable, "-c", PROBE, str(out), *args], env=env) as terminal:
        terminal.wait_for("standard list (l)", timeout=120)  # the summary, once replayed
        terminal.wait_for(shows, timeout=120)
        terminal.send(CTRL_Q)
        assert terminal.wait_exit() == 0, terminal.text()[-400:]
    first, last = out.read_text().splitlines()
    return ast.literal_eval(first), ast.literal_eval(last)


def test_history_on_a_file_paints_its_first_rows_before_sqlalchemy(tmp_path: Path) -> None:
    path = tmp_path / "logbook.db"
    build_demo_database(path).close()  # a logbook at the current schema: the reader takes it
    (heavy, rows), later = start_history(tmp_path, "--db", str(path))
    assert heavy == []
    assert rows > 0  # the first page was on the first frame, read with sqlite3 alone
    # The repository opened after that frame (SQLModel, on SQLAlchemy); no migration ran (no Alembic).
    assert later == ["sqlalchemy", "sqlmodel"]


def test_history_demo_paints_before_building_the_demo(tmp_path: Path) -> None:
    (heavy, _), later = start_history(tmp_path, "--demo")
    assert heavy == []
    assert later == ["alembic", "sqlalchemy", "sqlmodel"]  # the demo was built after the frame


def test_history_demo_with_one_of_its_players_paints_before_building_the_demo(
    tmp_path: Path,
) -> None:
    # Margaux Vidal is the demo's third player (not the one shown without --player).
    (heavy, _), later = start_history(
        tmp_path, "--demo", "--player", "Margaux Vidal", shows="Margaux Vidal"
    )
    assert heavy == []  # the name was checked against the demo's fixture, not a built logbook
    assert later == ["alembic", "sqlalchemy", "sqlmodel"]
