"""Peak memory of `elotui replay --json` per game: how much more memory a logbook of N games needs
than one of n games, divided by N − n, against a baseline child that only loads the same rows into
a list (`sqlite3` `fetchall` of the player's games, the columns the replay reads).

Each figure is the peak resident size (`ru_maxrss`) of one child process, read with
`resource.getrusage(RUSAGE_CHILDREN)` in a fresh wrapper process (RUSAGE_CHILDREN keeps the largest
child ever waited for, so every child gets a wrapper of its own). elotui and the baseline alternate.
Goal (issue 13): ≤ 200 bytes per game, 100,000 vs 1,000,000 games (the default; `--quick`: 10,000 vs
100,000). Also shown: the peak at the larger logbook.

Run: `uv run python tests/benchmarks/bench_memory.py [--quick] [--rounds N]`.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from alternating import ENV, Row, alternate, arguments, print_rows, rounds_of
from logbooks import elotui, logbook, player_names

HERE = Path(__file__).parent

# Runs its arguments as a child, output discarded, and prints the child's peak resident size (KB).
WRAPPER = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""

LOAD_ROWS = """
import sqlite3, sys
sys.path.insert(0, sys.argv[3])
import plain_replay

connection = sqlite3.connect(sys.argv[1])
(player_id,) = connection.execute("select id from player where name = ?", (sys.argv[2],)).fetchone()
rows = connection.execute(plain_replay.GAMES, (player_id,)).fetchall()
"""


def peak_bytes(command: list[str]) -> float:
    done = subprocess.run([sys.executable, "-c", WRAPPER, *command], check=True,
                          capture_output=True, text=True, env=ENV)  # fmt: skip
    return float(done.stdout.split()[-1]) * 1024  # Linux gives kilobytes


def main() -> None:
    parser = arguments(__doc__, rounds=3, quick_rounds=2)
    args = parser.parse_args()
    rounds = rounds_of(args)
    small, large = (10_000, 100_000) if args.quick else (100_000, 1_000_000)
    player = player_names(1)[0]
    with tempfile.TemporaryDirectory(prefix="elotui-bench-") as name:
        folder = Path(name)
        paths = {games: logbook(folder, games)[0] for games in (small, large)}

        def ours_at(games: int) -> list[str]:
            return elotui("replay", "--json", "--player", player, "--db", str(paths[games]))

        def bare_at(games: int) -> list[str]:
            return [sys.executable, "-c", LOAD_ROWS, str(paths[games]), player, str(HERE)]

        peaks: dict[str, list[float]] = {"ours": [], "bare": []}

        def per_game(side: str, command_at: object) -> float:
            assert callable(command_at)
            low, high = peak_bytes(command_at(small)), peak_bytes(command_at(large))
            peaks[side].append(high)
            return (high - low) / (large - small)

        row = Row(
            f"`replay --json` peak memory per game ({small:,} vs {large:,} games), vs a child "
            "loading the same rows into a list",
            "bytes per game",
        )
        alternate(row, lambda: per_game("ours", ours_at), lambda: per_game("bare", bare_at), rounds)
        # The first figure of each side is the warm-up round's, which `alternate` did not count.
        peak = Row(
            f"`replay --json` peak memory at {large:,} games, vs the same child",
            "bytes",
            peaks["ours"][1:],
            peaks["bare"][1:],
            load=row.load,
        )
    print_rows([row, peak])


if __name__ == "__main__":
    main()
