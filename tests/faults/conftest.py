"""Shared helpers for the fault tests: isolated folders, the CLI in-process and as a process, files.

Every test runs against files under its own tmp_path; `ELOTUI_HOME`/`ELOTUI_DB` point there too, so a
test can never touch a real user folder.
"""

from __future__ import annotations

import csv
import datetime as dt
import os
import random
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Sequence
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO
from pathlib import Path

import pytest

from elotui.cli import main
from elotui.logbook.csv_io import CSV_COLUMNS

ELOTUI = [sys.executable, "-m", "elotui"]


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ELOTUI_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ELOTUI_DB", str(tmp_path / "home" / "env.db"))


def run_cli(*argv: str) -> tuple[int, str, str]:
    """`elotui ARGV` in this process: (exit code, stdout, stderr); argparse's exits included."""
    out, err = StringIO(), StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 2)
    return code, out.getvalue(), err.getvalue()


def run_process(
    *argv: str, timeout: float = 60, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`elotui ARGV` as its own process."""
    return subprocess.run(
        [*ELOTUI, *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
        check=False,
    )


def game_rows(
    count: int, player: str = "Alice", seed: int = 3, opponent_prefix: str = "Opp"
) -> list[list[str]]:
    """`count` valid CSV rows (CSV_COLUMNS order) for `player`."""
    rng = random.Random(seed)
    start = dt.date(2015, 1, 1)
    return [
        [
            player,
            (start + dt.timedelta(days=rng.randrange(3650))).isoformat(),
            f"{opponent_prefix} {i % 700}",
            str(rng.randint(1000, 2600)),
            rng.choice(("1", "0.5", "0")),
            rng.choice(("", "Club", "Open")),
            "",
            "",
            "",
            "yes",
        ]
        for i in range(count)
    ]


def write_csv(path: Path, rows: Sequence[Sequence[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(CSV_COLUMNS)
        writer.writerows(rows)
    return path


def count_rows(db: Path, table: str = "game") -> int:
    connection = sqlite3.connect(db)
    try:
        return int(connection.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    finally:
        connection.close()


def integrity(db: Path) -> str:
    connection = sqlite3.connect(db)
    try:
        return str(connection.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        connection.close()


def logbook_with_player(path: Path, *players: str) -> Path:
    """A new logbook at `path` holding the named players (Alice if none named)."""
    for name in players or ("Alice",):
        code, _, err = run_cli("player", "add", name, "--rating", "1500", "--db", str(path))
        assert code == 0, err
    return path


def copy_logbook(template: Path, target: Path) -> Path:
    shutil.copyfile(template, target)
    return target


def one_line_error(err: str) -> bool:
    """A clear refusal: exactly one line, starting `elotui`, no traceback."""
    lines = err.splitlines()
    return len(lines) == 1 and lines[0].startswith("elotui") and "Traceback" not in err
