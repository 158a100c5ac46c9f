"""Run the benchmarks and print one markdown table, ready for the README:

    uv run python tests/benchmarks/run_all.py [--quick] [--only history,replay]

Every row comes from alternating.py: elotui and its baseline in turn in the same run, the median of
each side and their ratio, and how many rounds each side ran. `--quick`: fewer rounds and no
1,000,000-game logbook (a few minutes for everything on a quiet machine, `--quick --only period`
under a minute), to see that the benchmarks still run; figures for the README come from a full
run on a quiet machine.
Each script can also run alone (`--help` says what it measures and against what). Not part of the
test run: timings belong in notes and the README, never in assertions.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from alternating import HEADER, ROW_PREFIX, SKIPPED_PREFIX, markdown_line

HERE = Path(__file__).parent

# name → (script, options). The table lists them in this order.
BENCHMARKS: dict[str, list[tuple[str, ...]]] = {
    "startup": [("bench_startup.py",)],
    "keystroke": [("bench_keystroke.py",)],
    "period": [("bench_period.py",)],
    "history": [("bench_history.py",)],
    "write": [("bench_write.py",)],
    # The trajectory chart after a write, against plotext given every game (in one process).
    "chart": [("bench_chart.py",)],
    "import": [("bench_logbook.py", "--part", "import")],
    "replay": [("bench_logbook.py", "--part", "replay")],
    "memory": [("bench_memory.py",)],
    # PostgreSQL vs the file (issue 16); says why it measured nothing when no server can start.
    "postgres": [("bench_postgres.py",)],
}
# The full run adds the large logbooks (1,000,000 games: several minutes each).
LARGE = ("--games", "1000000")
LARGE_RUNS: dict[str, list[tuple[str, ...]]] = {
    "history": [("bench_history.py", "--only", "rows", *LARGE, "--rounds", "7")],
    "write": [("bench_write.py", *LARGE, "--rounds", "3")],
    "import": [
        ("bench_logbook.py", "--part", "import", *LARGE, "--players", "1000", "--rounds", "3")
    ],
    "replay": [
        ("bench_logbook.py", "--part", "replay", *LARGE, "--players", "1000", "--rounds", "3")
    ],
}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--quick", action="store_true", help="fewer rounds, no 1,000,000-game logbook"
    )
    parser.add_argument(
        "--only", default="", help=f"comma-separated names among {', '.join(BENCHMARKS)}"
    )
    args = parser.parse_args()
    names = [name.strip() for name in args.only.split(",") if name.strip()] or list(BENCHMARKS)
    unknown = [name for name in names if name not in BENCHMARKS]
    if unknown:
        parser.error(
            f"unknown benchmark {', '.join(unknown)}: the names are {', '.join(BENCHMARKS)}"
        )
    records: list[dict[str, object]] = []
    failed = []
    skipped: list[str] = []
    for name in names:
        runs = list(BENCHMARKS[name])
        if not args.quick:
            runs += LARGE_RUNS.get(name, [])
        for script, *options in runs:
            command = [
                sys.executable,
                str(HERE / script),
                *options,
                *(["--quick"] if args.quick else []),
            ]
            print(f"running {name}: {script} {' '.join(options)}", file=sys.stderr, flush=True)
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode:
                failed.append(name)
                print(f"{script} failed:\n{done.stdout}\n{done.stderr}", file=sys.stderr)
                continue
            for line in done.stdout.splitlines():
                if line.startswith(ROW_PREFIX):
                    records.append(json.loads(line.removeprefix(ROW_PREFIX)))
                elif line.startswith(SKIPPED_PREFIX):
                    skipped.append(f"{name}: {line.removeprefix(SKIPPED_PREFIX)}")
    print(*HEADER, sep="\n")
    for record in records:
        print(markdown_line(record))
    for line in skipped:
        print(f"\nNot measured, {line}")
    if failed:
        sys.exit(f"failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
