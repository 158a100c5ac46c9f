"""The history screen as a user meets it: whole processes in a real pseudo-terminal (120×40), from
exec until the screen shows what is measured, elotui and its baseline alternately in the same run.

1. `elotui history --demo`, first paint (the games table's title reaches the terminal), against a
   bare Textual app showing that title and an empty DataTable. Goal (issue 13): ≤ 1.3×.
2. `elotui history` on a logbook of 100,000 games (one player), first rows (the newest game's date
   reaches the terminal), against a bare DataTable + sqlite3 app showing the same player's newest
   games (bare_logbook_app.py). Goal (issue 13): ≤ 1.5×. `--quick`: the same 100,000 games, fewer
   rounds (the logbook is what the figure is about).

Run: `uv run python tests/benchmarks/bench_history.py [--quick] [--rounds N] [--only demo|rows] [--games N]`.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from alternating import (
    Row,
    alternate,
    arguments,
    bare_app,
    compile_bytecode,
    first_text,
    print_rows,
    rounds_of,
)
from logbooks import elotui, logbook, player_names

HERE = Path(__file__).parent

TITLE = b"Games, newest first"


def demo_row(rounds: int) -> Row:
    row = Row(
        "`elotui history --demo`, first paint, vs a bare Textual app (a Label and a DataTable)",
        "time",
    )
    ours = first_text(elotui("history", "--demo"), TITLE)
    bare = first_text(bare_app(TITLE.decode(), "DataTable"), TITLE)
    return alternate(row, ours, bare, rounds)


def rows_row(rounds: int, folder: Path, games: int) -> Row:
    path, newest = logbook(folder, games)
    marker = newest.isoformat().encode()  # the first row's date: newest first
    row = Row(
        f"history first rows, {games:,} games, whole process, vs a bare DataTable + sqlite3 app",
        "time",
    )
    # Killed once the rows are there: elotui would quit only after its replay of every game.
    ours = first_text(elotui("history", "--db", str(path)), marker, quit_first=False)
    bare = first_text(
        [sys.executable, str(HERE / "bare_logbook_app.py"), str(path), player_names(1)[0]],
        marker,
        quit_first=False,
    )
    return alternate(row, ours, bare, rounds)


def main() -> None:
    parser = arguments(__doc__, rounds=15, quick_rounds=4)
    parser.add_argument("--only", choices=("demo", "rows"), default=None)
    parser.add_argument("--games", type=int, default=100_000, help="for the first rows")
    args = parser.parse_args()
    rounds = rounds_of(args)
    compile_bytecode()
    rows = []
    with tempfile.TemporaryDirectory(prefix="elotui-bench-") as folder:
        if args.only in (None, "demo"):
            rows.append(demo_row(rounds))
        if args.only in (None, "rows"):
            rows.append(rows_row(rounds, Path(folder), args.games))
    print_rows(rows)


if __name__ == "__main__":
    main()
