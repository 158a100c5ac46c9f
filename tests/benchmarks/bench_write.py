"""Write latency: add, edit or delete a game in a logbook of 100,000 games, until the screen shows
the replayed result. Whole processes in a real pseudo-terminal (120×40), elotui and its baseline
alternately (each row its own alternating rounds, medians).

elotui: `elotui history` on a fresh copy of the logbook, left until it has shown its replay and gone
quiet; then
- add: the Add game dialog (`a`) is filled (opponent, rating 2000, a win, dated today) and the
  clock runs from Ctrl+S until today's month has its row in the FIDE check (`YYYY-MM  S…`: the
  write replayed and painted, not only the new row);
- edit: the newest game (the first row, in the logbook's last period) gets the other result (a loss,
  or a win if it was one) in the Edit dialog (`e`), and the clock runs from Ctrl+S until the player
  bar shows the rating that result gives (`rating R · tier · N games`, shown once the replay is;
  R worked out beforehand by elotui's replay of the edited games, in this process);
- delete: the newest game is deleted (`Delete`, then `y`, when the clock starts) until the bar shows
  the rating without it and one game fewer.

Baseline: the same write the simple way, in the bare DataTable + sqlite3 app (bare_logbook_app.py
`--write`): Ctrl+S inserts the same game with `sqlite3`, reads every game again, replays them all
with the plain loop (plain_replay.py), shows the first page again and the month's line. Why this
one: it is the cost of the design a write "re-read and replay everything" has without an ORM and
without a framework's screens, so the ratio says what elotui's own machinery costs on top, and
an incremental replay (issue 13 item 2) shows as a ratio well under 1. The issue's goal is a time
of its own: ≤ 150 ms at 100,000 games (≤ 1 s at 1,000,000).

The baseline is the same for the three rows: what the bare app's write costs does not depend on
which write it is (it reads and replays every game whatever changed).

With `--before DIR` (a source tree of another elotui, e.g. `git archive main | tar -x -C DIR`),
the baseline is that elotui doing the same write instead: what a change of the history's code
gains, in the same run.

With `--folder DIR`, the logbook is built in DIR once and taken again by the next run (1,000,000
games take minutes to import); each write still runs on a fresh copy of it.

Run: `uv run python tests/benchmarks/bench_write.py [--quick] [--rounds N] [--games N]
[--only add,edit,delete] [--before DIR] [--folder DIR]`.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from alternating import (
    Row,
    alternate,
    arguments,
    compile_bytecode,
    leave,
    print_rows,
    quiet,
    rounds_of,
    terminal,
)
from logbooks import copy_of, elotui, logbook, player_names

HERE = Path(__file__).parent

# The keys that open a dialog, and what it shows once open.
OPENS = {"a": "Add a game for", "e": "Edit game", "\x1b[3~": "Delete game"}
DELETE = "\x1b[3~"


def until_replayed(
    argv: list[str],
    ready: str,
    fill: list[str],
    done: str = f"{date.today():%Y-%m}  S",
    last_key: str = "\x13",  # Ctrl+S
) -> float:
    """Start `argv`, wait until it shows `ready` and its screen rests, send the keys of `fill` one
    field at a time, then time `last_key` until the screen shows `done` (by default today's month
    with its row)."""
    with terminal(argv) as screen:
        screen.wait_for(ready, 120.0)
        quiet(screen, 1.0)
        for keys in fill:
            mark = len(screen.output)
            screen.send(keys)
            if keys in OPENS:
                screen.wait_for(OPENS[keys], 30.0, since=mark)
            quiet(screen, 0.3)
        mark = len(screen.output)
        start = time.perf_counter()
        screen.send(last_key)
        screen.wait_for(done, 120.0, since=mark)
        seconds = time.perf_counter() - start
        leave(screen)
        return seconds


def rating_after(path: Path, change: str) -> tuple[str, str]:
    """What the player bar shows once the newest game is edited ("edit": its result turned) or
    deleted, by elotui's replay of the games so changed; and the result key that edit types."""
    sys.path.insert(0, str(HERE.parents[1]))
    from elotui.logbook.reader import open_reader
    from elotui.rating.replay import replay
    from elotui.rating.tiers import tier_of

    reader = open_reader(path)
    assert reader is not None
    player = reader.find_player(player_names(1)[0])
    games = reader.games_for_replay(player.id)
    published = {r.month: r.rating for r in reader.list_published(player.id)}
    reader.close()
    newest = games[-1]
    key = "1" if newest.score_halves == 0 else "0"
    if change == "edit":
        games[-1] = newest._replace(score_halves=2 if key == "1" else 0)
    else:
        del games[-1]
    rating = replay(player, games, published).current_rating
    assert rating is not None
    return f"rating {rating} · {tier_of(rating).name} · {len(games)} games", key


def main() -> None:
    parser = arguments(__doc__, rounds=9, quick_rounds=3)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--only", default="add,edit,delete", help="the writes measured")
    parser.add_argument("--before", type=Path, help="the baseline: the elotui of this source tree")
    parser.add_argument("--folder", type=Path, help="where the logbook is built once and kept")
    args = parser.parse_args()
    rounds = rounds_of(args)
    compile_bytecode()
    with tempfile.TemporaryDirectory(prefix="elotui-bench-") as name:
        folder = Path(name)
        path, newest = logbook(args.folder or folder, args.games)
        if newest >= date.today().replace(day=1):
            raise SystemExit("the logbook must end before this month (the write opens a new one)")
        target = folder / "written.db"
        # Ready once the replay is shown: the newest month's row of the FIDE check.
        ready = f"{newest:%Y-%m}  S"

        def add(argv_of: Callable[..., list[str]] = elotui) -> float:
            copy = copy_of(path, target)
            # Tab to the opponent (the date is today's), its rating, the result: a win.
            fill = ["a", "\t", "Bench Opp", "\t", "2000", "\t", "1"]
            return until_replayed(argv_of("history", "--db", str(copy)), ready, fill)

        def before(*words: str) -> list[str]:
            """The elotui of `--before`'s tree (its modules first on the path)."""
            run = "import sys; from elotui.cli import main; sys.exit(main(sys.argv[1:]))"
            return ["env", f"PYTHONPATH={args.before}", sys.executable, "-c", run, *words]

        def change(which: str, argv_of: Callable[..., list[str]] = elotui) -> float:
            copy = copy_of(path, target)
            done, key = rating_after(copy, which)
            argv = argv_of("history", "--db", str(copy))
            if which == "edit":  # to the result field, the other result
                return until_replayed(argv, ready, ["e", "\t", "\t", "\t", key], done)
            return until_replayed(argv, ready, [DELETE], done, last_key="y")

        def bare() -> float:
            copy = copy_of(path, target)
            argv = [sys.executable, str(HERE / "bare_logbook_app.py"), str(copy), player_names(1)[0],
                    "--write"]  # fmt: skip
            # Ready at its first rows: it shows no replay before a write.
            return until_replayed(argv, newest.isoformat(), [])

        baseline = "a sqlite3 insert + plain replay of every game in a bare DataTable app"
        measured = {
            "add": (f"add a game at {args.games:,} games, until the screen shows the replayed "
                    f"result, vs {baseline}", add),
            "edit": (f"edit the newest game at {args.games:,} games (its result), until the "
                     f"rating is shown, vs {baseline}", lambda: change("edit")),
            "delete": (f"delete the newest game at {args.games:,} games, until the rating is "
                       f"shown, vs {baseline}", lambda: change("delete")),
        }  # fmt: skip
        if args.before is not None:
            baseline = f"the elotui of {args.before}"
            theirs = {"add": lambda: add(before), "edit": lambda: change("edit", before),
                      "delete": lambda: change("delete", before)}  # fmt: skip
        rows = []
        for name in args.only.split(","):
            what, ours = measured[name]
            other = theirs[name] if args.before is not None else bare
            if args.before is not None:
                what = what.split(", vs ")[0] + f", vs {baseline}"
            rows.append(alternate(Row(what, "time"), ours, other, rounds))
        print_rows(rows)


if __name__ == "__main__":
    main()
