"""Shared helpers for the fault tests: isolated folders, the CLI in-process and as a process, files.

Every test runs against files under its own tmp_path; `ELOTUI_HOME`/`ELOTUI_DB` point there too
(`_isolated_home` in tests/conftest.py), so a test can never touch a real user folder.
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
from pathlib import Path

import pytest

from elotui.logbook.csv_io import CSV_COLUMNS
from tests.conftest import run_cli as run_cli  # re-exported: the fault tests import it from here

ELOTUI = [sys.executable, "-m", "elotui"]


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
            "",  # list: empty is standard
            "",  # rated_period: none
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


# --- a private mount namespace: a real read-only file system and a really full disk ---------------


def _mounts_work() -> str | None:
    """None if `unshare -m` with mounts works here, else why not (the tests that need it skip)."""
    if shutil.which("unshare") is None or not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "needs root and unshare(1) for a private mount namespace"
    probe = subprocess.run(
        ["unshare", "-m", "--propagation", "private", "sh", "-c",
         "mount -t tmpfs -o size=64k tmpfs /mnt && umount /mnt"],
        capture_output=True, text=True, timeout=30, check=False,
    )  # fmt: skip
    if probe.returncode != 0:
        return f"cannot mount in a private namespace here: {probe.stderr.strip()}"
    return None


@pytest.fixture(scope="session")
def private_mounts() -> None:
    reason = _mounts_work()
    if reason is not None:
        pytest.skip(reason)


def run_in_private_mounts(script: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run a shell script in its own mount namespace: its mounts vanish with it, nothing leaks out."""
    return subprocess.run(
        ["unshare", "-m", "--propagation", "private", "sh", "-ec", script],
        capture_output=True, text=True, timeout=timeout, check=False,
    )  # fmt: skip
