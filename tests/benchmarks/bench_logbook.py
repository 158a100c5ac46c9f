"""Import and replay of large logbooks, each against a plain-Python baseline measured in the same run.

- import: `elotui import FILE.csv` (a whole process) vs a script doing `csv.reader` +
  `sqlite3.executemany` into the same, already migrated schema (same table, same indexes and checks).
  Goal ≤ 2.5×.
- replay: `elotui replay --json --player P` (a whole process) vs a script doing a plain `sqlite3`
  select of that player's games, a pure-Python monthly FIDE replay loop (400 rule, table PD, 700 cap,
  rounding once per month) and `json.dumps` of the same per-game keys elotui writes (so both write
  the same amount of JSON). Goal ≤ 2×.

Run: `uv run python tests/benchmarks/bench_logbook.py [--games 100000] [--players 1] [--runs 3]`.
"""

from __future__ import annotations

import argparse
import csv
import random
import subprocess
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _timing import ENV, compile_bytecode, report

BASELINE_IMPORT = r"""
import csv, sqlite3, sys
db, path = sys.argv[1], sys.argv[2]
con = sqlite3.connect(db)
ids = dict(con.execute("select name, id from player"))
halves = {"1": 2, "0.5": 1, "0": 0}
rows = []
with open(path, newline="", encoding="utf-8") as f:
    reader = csv.reader(f)
    next(reader)
    for p, d, opp, r, res, ev, es, ee, own, rated in reader:
        rows.append((ids[p], d, opp or None, int(r) if r else None, halves[res], ev or None,
                     es or None, ee or None, int(own) if own else None, rated != "no", ""))
with con:
    con.executemany(
        "insert into game (player_id, date, opponent, opponent_rating, score_halves, event,"
        " event_start, event_end, own_rating, rated, notes) values (?,?,?,?,?,?,?,?,?,?,?)", rows)
"""

BASELINE_REPLAY = r"""
import json, sqlite3, sys
from bisect import bisect_right
STARTS = [0,4,11,18,26,33,40,47,54,62,69,77,84,92,99,107,114,122,130,138,146,154,163,171,180,189,
          198,207,216,226,236,246,257,268,279,291,303,316,329,345,358,375,392,412,433,457,485,518,
          560,620,736]
db, wanted = sys.argv[1], sys.argv[2]
con = sqlite3.connect(db)
everyone = con.execute("select id, start_rating, name from player order by id").fetchall()
for pid, rating, name in everyone:
  if wanted != "ALL" and name != wanted:
    continue
  rows = con.execute("select id, date, opponent, opponent_rating, score_halves, event, rated,"
                   " coalesce(event_end, date) from game where player_id = ?"
                   " order by coalesce(event_end, date), date, id", (pid,))
  games, periods, month, total, n = [], [], None, 0, 0
  def close():
      global rating, total, n, periods, month
      if month is not None:
          k = min(20, 700 // n) if n else 20
          change = k * total
          rounded = (abs(change) + 50) // 100 * (1 if change >= 0 else -1)
          periods.append({"period": month, "rating_start": rating, "k": 20, "k_applied": k, "n": n,
                          "change": change / 100, "change_rounded": rounded,
                          "rating_end": rating + rounded})
          rating += rounded
      total, n = 0, 0
  for gid, day, opponent, opp, halves, event, rated, end in rows:
      if end[:7] != month:
          close(); month = end[:7]
      counted = opp is not None and rated
      diff = pd = delta = None
      if counted:
          diff = max(-400, min(400, rating - opp))
          pd = 50 + bisect_right(STARTS, abs(diff)) - 1
          pd = pd if diff >= 0 else 100 - pd
          delta = halves * 50 - pd
          total += delta; n += 1
      games.append({"id": gid, "date": day, "period": month, "opponent": opponent,
                    "opponent_rating": opp, "score": halves / 2, "event": event,
                    "rating_before": rating, "diff_used": diff,
                    "expected": None if pd is None else pd / 100,
                    "delta": None if delta is None else delta / 100,
                    "change": None if delta is None else 20 * delta / 100,
                    "live_rating": rating + 20 * total / 100, "counted": counted, "pooled": False})
  close()
  sys.stdout.write(json.dumps({"player": name, "games": games, "periods": periods}))
"""


# elotui has no "replay everyone" command; this is what a script using the package would write.
OURS_REPLAY_ALL = r"""
import sys
from pathlib import Path
from elotui.logbook.reader import open_reader
from elotui.cli.replay_json import replay_json
from elotui.rating.replay import replay
reader = open_reader(Path(sys.argv[1]))
for (name,) in reader._connection.execute("select name from player order by id").fetchall():
    player = reader.find_player(name)
    games = reader.games_for_replay(player.id)
    published = {p.month: p.rating for p in reader.list_published(player.id)}
    sys.stdout.write(replay_json(replay(player, games, published)))
"""


def write_csv(path: Path, games: int, players: int) -> list[str]:
    rng = random.Random(7)
    names = [f"Player {i:04d}" for i in range(players)]
    per_player = games // players
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["player", "date", "opponent", "opponent_rating", "result", "event",
                         "event_start", "event_end", "own_rating", "rated"])  # fmt: skip
        for name in names:
            day = date(1996, 1, 1)
            for i in range(per_player):
                day += timedelta(days=rng.random() < 0.1)  # ten games a day: 27 years
                writer.writerow([name, day.isoformat(), f"Opponent {i % 500}",
                                 rng.randint(1200, 2400), rng.choice(("1", "0.5", "0")),
                                 "", "", "", "", "yes"])  # fmt: skip
    return names


def elotui(*args: str) -> list[str]:
    return [str(Path(sys.executable).parent / "elotui"), *args]


def timed(command: list[str], runs: int, before: object = None) -> float:
    """Best of `runs` whole-process times, after one warm-up run (which also writes the .pyc files)."""
    best = float("inf")
    for run in range(runs + 1):
        if callable(before):
            before()
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=ENV)
        if run:
            best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    compile_bytecode()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        games_csv = folder / "games.csv"
        names = write_csv(games_csv, args.games, args.players)
        empty = folder / "empty.db"
        subprocess.run(elotui("db", "upgrade", "--db", str(empty)), check=True, capture_output=True)
        import sqlite3

        with sqlite3.connect(empty) as con:
            con.executemany(
                "insert into player (name, start_rating, games_before) values (?, 2000, 100)",
                [(n,) for n in names],
            )
        con.close()
        target = folder / "target.db"

        def fresh() -> None:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{target}{suffix}").unlink(missing_ok=True)
            target.write_bytes(empty.read_bytes())

        ours_import = timed(elotui("import", str(games_csv), "--db", str(target)), args.runs, fresh)
        base_import = timed(
            [sys.executable, "-c", BASELINE_IMPORT, str(target), str(games_csv)], args.runs, fresh
        )
        fresh()  # the logbook the replays read: the games imported once more
        subprocess.run(
            elotui("import", str(games_csv), "--db", str(target)), check=True, capture_output=True
        )
        player = names[0]
        ours_replay = timed(
            elotui("replay", "--json", "--player", player, "--db", str(target)), args.runs
        )
        base_replay = timed([sys.executable, "-c", BASELINE_REPLAY, str(target), player], args.runs)
        if args.players > 1:
            ours_all = timed([sys.executable, "-c", OURS_REPLAY_ALL, str(target)], args.runs)
            base_all = timed([sys.executable, "-c", BASELINE_REPLAY, str(target), "ALL"], args.runs)
    label = f"{args.games:,} games / {args.players} player{'s' if args.players > 1 else ''}"
    # The goal for replay is one player's 100,000 games and every player of the 1,000,000; one
    # player of the big logbook (1,000 games) is shown for information: process start dominates it.
    replay_goal = 2.0 if args.players == 1 else None
    rows: list[tuple[str, float, float, float | None]] = [
        (f"import {label}", ours_import, base_import, 2.5),
        (f"replay --json one player of {label}", ours_replay, base_replay, replay_goal),
    ]
    if args.players > 1:
        rows.append((f"replay every player of {label}", ours_all, base_all, 2.0))
    report(rows)


if __name__ == "__main__":
    main()
