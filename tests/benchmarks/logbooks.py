"""Benchmark logbooks, built through the command line a user has (`elotui player add`, `elotui
import`), so they stay right whatever the package's insides become: one player (or several), each
with games spread evenly over 1996-2023 (100,000 games: ten a day; 1,000,000: a hundred), ratings
and results drawn from a seeded generator (the same logbook every run). The last game is years
before today, so a game added today opens a period of its own (bench_write.py).

A logbook of 1,000,000 games takes minutes to import, so `run_all.py` builds each size once per run:
it names a folder in `ELOTUI_BENCH_LOGBOOKS`, and `logbook()` keeps its logbooks (and their CSV
files) there instead of in the script's own folder. A script run alone builds in its own folder."""

from __future__ import annotations

import csv
import os
import random
import shutil
import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path

from alternating import ENV

START_RATING = 1800
FIRST_DAY, LAST_DAY = date(1996, 1, 1), date(2023, 12, 31)
SHARED = "ELOTUI_BENCH_LOGBOOKS"  # the folder of the run's logbooks (run_all.py sets it)


def elotui(*args: str) -> list[str]:
    """The installed `elotui` command of this interpreter's environment."""
    return [str(Path(sys.executable).parent / "elotui"), *args]


def player_names(players: int) -> list[str]:
    return [f"Player {i:04d}" for i in range(players)]


def day_of(index: int, per_player: int) -> date:
    """The date of a player's game number `index` of `per_player`: spread evenly over the span."""
    return FIRST_DAY + timedelta(days=index * (LAST_DAY - FIRST_DAY).days // max(per_player - 1, 1))


def write_csv(path: Path, games: int, players: int = 1) -> date:
    """`games` games shared out between `players` players, in the import's CSV columns; the date of
    the newest game (which the history shows on its first row)."""
    rng = random.Random(7)
    per_player = games // players
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["player", "date", "opponent", "opponent_rating", "result", "event",
                         "event_start", "event_end", "own_rating", "rated"])  # fmt: skip
        for name in player_names(players):
            for i in range(per_player):
                writer.writerow([name, day_of(i, per_player).isoformat(), f"Opponent {i % 500}",
                                 rng.randint(1200, 2400), rng.choice(("1", "0.5", "0")),
                                 "", "", "", "", "yes"])  # fmt: skip
    return newest_day(games, players)


def newest_day(games: int, players: int = 1) -> date:
    """The date of the newest game `write_csv` writes (its last game of a player)."""
    per_player = games // players
    return day_of(per_player - 1, per_player) if per_player else FIRST_DAY


def home(folder: Path) -> Path:
    """Where the logbooks go: the run's shared folder if `run_all.py` named one, else `folder`."""
    shared = os.environ.get(SHARED)
    return Path(shared) if shared else folder


def games_csv(folder: Path, games: int, players: int = 1) -> Path:
    """The CSV of `games` games (as `write_csv` writes it), written once per folder and size."""
    path = home(folder) / f"games-{games}-{players}.csv"
    if not path.exists():
        writing = path.with_suffix(".writing")
        write_csv(writing, games, players)
        writing.rename(path)  # only a whole file gets the name a later script trusts
    return path


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
    """A logbook of `games` games in `folder` (or the run's shared folder: see the module's
    docstring), built once per folder and size, and the newest game's date."""
    path = home(folder) / f"logbook-{games}-{players}.db"
    if not path.exists():
        building = path.with_name(f"building-{path.name}")
        for suffix in ("", "-wal", "-shm"):
            Path(f"{building}{suffix}").unlink(missing_ok=True)
        filled(building, games_csv(folder, games, players), players)
        # A run stopped halfway leaves no logbook a later script would trust. (A WAL file left by
        # the import, should there be one, keeps its logbook's name.)
        for suffix in ("-wal", "-shm", ""):
            if Path(f"{building}{suffix}").exists():
                Path(f"{building}{suffix}").rename(f"{path}{suffix}")
    return path, newest_day(games, players)


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
