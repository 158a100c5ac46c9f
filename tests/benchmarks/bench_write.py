"""Write latency: add a game to a logbook of 100,000 games, until the screen shows the replayed
result. Whole processes in a real pseudo-terminal (120×40), elotui and its baseline alternately.

elotui: `elotui history` on a fresh copy of the logbook, left until it has shown its replay and gone
quiet; then the Add game dialog (`a`) is filled (opponent, rating 2000, a win, dated today) and the
clock runs from Ctrl+S until today's month has its row in the FIDE check (`YYYY-MM  S…`: the
write replayed and painted, not only the new row).

Baseline: the same write the simple way, in the bare DataTable + sqlite3 app (bare_logbook_app.py
`--write`): Ctrl+S inserts the same game with `sqlite3`, reads every game again, replays them all
with the plain loop (plain_replay.py), shows the first page again and the month's line. Why this
one: it is the cost of the design a write "re-read and replay everything" has without an ORM and
without a framework's screens, so the ratio says what elotui's own machinery costs on top, and
an incremental replay (issue 13 item 2) shows as a ratio well under 1. The issue's goal is a time
of its own: ≤ 150 ms at 100,000 games (≤ 1 s at 1,000,000).

Run: `uv run python tests/benchmarks/bench_write.py [--quick] [--rounds N] [--games N]`.
"""

from __future__ import annotations

import sys
import tempfile
import time
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

FORM_OPENED = "Add a game for"


def until_replayed(argv: list[str], ready: str, fill: list[str]) -> float:
    """Start `argv`, wait until it shows `ready` and its screen rests, send the keys of `fill` one
    field at a time, then time Ctrl+S until today's month has its row."""
    with terminal(argv) as screen:
        screen.wait_for(ready, 120.0)
        quiet(screen, 1.0)
        for keys in fill:
            mark = len(screen.output)
            screen.send(keys)
            if keys == "a":
                screen.wait_for(FORM_OPENED, 30.0, since=mark)
            quiet(screen, 0.3)
        mark = len(screen.output)
        start = time.perf_counter()
        screen.send("\x13")  # Ctrl+S
        screen.wait_for(f"{date.today():%Y-%m}  S", 120.0, since=mark)
        seconds = time.perf_counter() - start
        leave(screen)
        return seconds


def main() -> None:
    parser = arguments(__doc__, rounds=9, quick_rounds=3)
    parser.add_argument("--games", type=int, default=100_000)
    args = parser.parse_args()
    rounds = rounds_of(args)
    compile_bytecode()
    with tempfile.TemporaryDirectory(prefix="elotui-bench-") as name:
        folder = Path(name)
        path, newest = logbook(folder, args.games)
        if newest >= date.today().replace(day=1):
            raise SystemExit("the logbook must end before this month (the write opens a new one)")
        target = folder / "written.db"

        def ours() -> float:
            copy = copy_of(path, target)
            # Tab to the opponent (the date is today's), its rating, the result: a win.
            fill = ["a", "\t", "Bench Opp", "\t", "2000", "\t", "1"]
            # Ready once the replay is shown: the newest month's row of the FIDE check.
            ready = f"{newest:%Y-%m}  S"
            return until_replayed(elotui("history", "--db", str(copy)), ready, fill)

        def bare() -> float:
            copy = copy_of(path, target)
            argv = [sys.executable, str(HERE / "bare_logbook_app.py"), str(copy), player_names(1)[0],
                    "--write"]  # fmt: skip
            # Ready at its first rows: it shows no replay before a write.
            return until_replayed(argv, newest.isoformat(), [])

        row = Row(
            f"add a game at {args.games:,} games, until the screen shows the replayed result, vs "
            "a sqlite3 insert + plain replay of every game in a bare DataTable app",
            "time",
        )
        print_rows([alternate(row, ours, bare, rounds)])


if __name__ == "__main__":
    main()
