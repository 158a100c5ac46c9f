"""Import and replay of large logbooks, each against a plain-Python baseline, alternately in the
same run (whole processes).

- import: `elotui import FILE.csv` into a fresh copy of a migrated logbook with the players vs a
  script doing `csv.reader` + `sqlite3.executemany` into the same schema (same table, same indexes
  and checks). Goal ≤ 2.5×.
- replay: `elotui replay --json --player P` vs the plain script (plain_replay.py: a `sqlite3`
  select, a plain monthly FIDE replay loop, `json.dumps` of the same per-game keys). Goal ≤ 2×.
  With several players, also every player (the package's reader + replay + JSON, as a script using
  the package would do it; elotui has no "replay everyone" command) vs the plain script on `ALL`.

Run: `uv run python tests/benchmarks/bench_logbook.py [--games 100000] [--players 1] [--quick]
[--rounds N] [--part import|replay]`.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from alternating import Row, alternate, arguments, print_rows, started, whole_process
from logbooks import copy_of, elotui, empty_logbook, games_csv, logbook, player_names

HERE = Path(__file__).parent

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

# elotui has no "replay everyone" command; this is what a script using the package would write.
OURS_REPLAY_ALL = r"""
import sys
from pathlib import Path
from elotui.logbook.reader import open_reader
from elotui.cli.replay_json import write_replay_json
from elotui.rating.replay import replay

reader = open_reader(Path(sys.argv[1]))
for (name,) in reader._connection.execute("select name from player order by id").fetchall():
    player = reader.find_player(name)
    games = reader.games_for_replay(player.id)
    published = {p.month: p.rating for p in reader.list_published(player.id)}
    write_replay_json(sys.stdout, replay(player, games, published))
"""


def main() -> None:
    parser = arguments(__doc__, rounds=7, quick_rounds=3)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--part", choices=("import", "replay"), default=None)
    args, rounds = started(parser)
    label = f"{args.games:,} games / {args.players} player{'s' if args.players > 1 else ''}"
    rows = []
    with tempfile.TemporaryDirectory(prefix="elotui-bench-") as name:
        folder = Path(name)
        if args.part in (None, "import"):
            imported = games_csv(folder, args.games, args.players)  # the logbooks' CSV
            empty = folder / "empty.db"
            empty_logbook(empty, args.players)
            target = folder / "target.db"
            ours = whole_process(elotui("import", str(imported), "--db", str(target)),
                                 lambda: copy_of(empty, target))  # fmt: skip
            bare = whole_process([sys.executable, "-c", BASELINE_IMPORT, str(target), str(imported)],
                                 lambda: copy_of(empty, target))  # fmt: skip
            row = Row(
                f"`elotui import` {label} vs `csv` + `sqlite3.executemany` into the same schema",
                "time",
            )
            rows.append(alternate(row, ours, bare, rounds))
        if args.part in (None, "replay"):
            path, _ = logbook(folder, args.games, args.players)
            player = player_names(args.players)[0]
            plain = [sys.executable, str(HERE / "plain_replay.py"), str(path)]
            ours = whole_process(elotui("replay", "--json", "--player", player, "--db", str(path)))
            row = Row(
                f"`elotui replay --json`, one player of {label}, vs `sqlite3` + a plain replay loop + `json.dumps`",
                "time",
            )
            rows.append(alternate(row, ours, whole_process([*plain, player]), rounds))
            if args.players > 1:
                everyone = whole_process([sys.executable, "-c", OURS_REPLAY_ALL, str(path)])
                row = Row(
                    f"replay every player of {label} (the package's reader + replay + JSON) vs the plain loop",
                    "time",
                )
                rows.append(alternate(row, everyone, whole_process([*plain, "ALL"]), rounds))
    print_rows(rows)


if __name__ == "__main__":
    main()
