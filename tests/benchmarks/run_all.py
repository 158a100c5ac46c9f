"""Run every benchmark and print one table: `uv run python tests/benchmarks/run_all.py [--quick]`.

Each script measures elotui against a baseline in the same run and prints rows through
`_timing.report`; this collects those rows. `--quick` skips the 1,000,000-game logbook (a few minutes).
Not part of the test run; timings belong in notes and the README, never in assertions.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
ROW = re.compile(
    r"^(?P<name>.+?)\s+(?P<ours>[\d.]+)ms\s+(?P<base>[\d.]+)ms\s+(?P<ratio>[\d.]+)\s+(?P<goal>[\d.]+|-)\s+(?P<ok>yes|NO|-)$"
)


def runs(quick: bool) -> list[list[str]]:
    scripts = [
        ["bench_startup.py", "25"],
        ["bench_period.py", "--runs", "20"],
        ["bench_logbook.py", "--games", "100000", "--players", "1", "--runs", "5"],
        ["bench_history.py", "9"],
    ]
    if not quick:
        scripts.append(
            ["bench_logbook.py", "--games", "1000000", "--players", "1000", "--runs", "1"]
        )
    return scripts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    rows: list[tuple[str, ...]] = []
    for script, *options in runs(args.quick):
        done = subprocess.run(
            [sys.executable, str(HERE / script), *options], capture_output=True, text=True
        )
        if done.returncode:
            print(f"{script} failed:\n{done.stdout}\n{done.stderr}", file=sys.stderr)
            continue
        for line in done.stdout.splitlines():
            found = ROW.match(line.strip())
            if found:
                rows.append(found.group("name", "ours", "base", "ratio", "goal", "ok"))
    print("| benchmark | elotui | baseline | ratio | goal | within |")
    print("|---|---:|---:|---:|---:|---|")
    for name, ours, base, ratio, goal, ok in rows:
        shown_goal = "—" if goal == "-" else f"≤ {goal}×"
        print(
            f"| {name} | {ours} ms | {base} ms | {ratio}× | {shown_goal} | {ok.replace('-', '—')} |"
        )


if __name__ == "__main__":
    main()
