"""Benchmark logbooks, built through the command line a user has (`elotui player add`, `elotui
import`), so they stay right whatever the package's insides become: one player (or several), each
with games spread evenly over 1996-2023 (100,000 games: ten a day; 1,000,000: a hundred), ratings
and results drawn from a seeded generator (the same logbook every run). The last game is years
before today, so a game added today opens a period of its own (bench_write.py)."""

from __future__ import annotations

import csv
import random
import shutil
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

from alternating import ENV

START_RATING = 1800
FIRST_DAY, LAST_DAY = date(1996, 1, 1), date(2023, 12, 31)


def elotui(*args: str) -> list[str]:
    """The installed `elotui` command of this interpreter's environment."""
    return [str(Path(sys.executable).parent / "elotui"), *args]


def player_names(players: int) -> list[str]:
    return [f"Player {i:04d}" for i in range(players)]


def write_csv(path: Path, games: int, players: int = 1) -> date:
    """`games` games shared out between `players` players, in the import's CSV columns; the date of
    the newest game (which the history shows on its first row)."""
    rng = random.Random(7)
    per_player = games // players
    span = (LAST_DAY - FIRST_DAY).days
    newest = FIRST_DAY
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["player", "date", "opponent", "opponent_rating", "result", "event",
                         "event_start", "event_end", "own_rating", "rated"])  # fmt: skip
        for name in player_names(players):
            for i in range(per_player):
                day = FIRST_DAY + timedelta(days=i * span // max(per_player - 1, 1))
                writer.writerow([name, day.isoformat(), f"Opponent {i % 500}",
                                 rng.randint(1200, 2400), rng.choice(("1", "0.5", "0")),
                                 "", "", "", "", "yes"])  # fmt: skip
            newest = max(newest, day)
    return newest


def empty_logbook(path: Path | str, players: int = 1) -> None:
    """A migrated logbook with the players and no games (a file, or a server's `postgresql://`)."""
    subprocess.run(elotui("db", "upgrade", "--db", str(path)), check=True, capture_output=True,
                   env=ENV)  # fmt: skip
    for name in player_names(players):
        subprocess.run(
            elotui("player", "add", name, "--rating", str(START_RATING), "--birth-year", "1980",
                   "--games-before", "50", "--db", str(path)),
            check=True, capture_output=True, env=ENV,
        )  # fmt: skip


def logbook(folder: Path, games: int, players: int = 1) -> tuple[Path, date]:
    """A logbook of `games` games in `folder` (built once per folder and size) and the newest date."""
    path = folder / f"logbook-{games}-{players}.db"
    games_csv = folder / f"games-{games}-{players}.csv"
    newest = write_csv(games_csv, games, players)
    if not path.exists():
        filled(path, games_csv, players)
    return path, newest


def filled(address: Path | str, games_csv: Path, players: int = 1) -> None:
    """The players, then `elotui import` of `games_csv`, into the new logbook at `address` (a file,
    or an empty database's `postgresql://` URL: the same logbook on both)."""
    empty_logbook(address, players)
    subprocess.run(elotui("import", str(games_csv), "--db", str(address)), check=True,
                   capture_output=True, env=ENV)  # fmt: skip


def copy_of(path: Path, target: Path) -> Path:
    """A fresh copy of a logbook (a run that writes must not change the next run's logbook)."""
    for suffix in ("", "-wal", "-shm"):
        Path(f"{target}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(path, target)
    return target
