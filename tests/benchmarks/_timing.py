"""Shared helpers for the benchmark scripts: run a command many times and report medians."""

from __future__ import annotations

import os
import statistics
import subprocess
import time
from collections.abc import Sequence

# Measure what a user's machine does: Python caches compiled modules (.pyc). Some shells set
# PYTHONDONTWRITEBYTECODE, which would make every run recompile the project and charge it to us.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def compile_bytecode() -> None:
    """Write the .pyc files of the environment and the project once, as a normal install has them."""
    import site
    import sys
    from pathlib import Path

    project = Path(__file__).resolve().parents[2] / "elotui"
    folders = [*site.getsitepackages(), str(project)]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *folders], check=False, env=ENV,
                   capture_output=True)  # fmt: skip


def median_seconds(command: Sequence[str], runs: int = 20, warmup: int = 2) -> float:
    """Median wall time of a whole process, output discarded; fails loudly if the command fails."""
    for _ in range(warmup):
        subprocess.run(command, check=True, capture_output=True, env=ENV)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=ENV)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def report(rows: Sequence[tuple[str, float, float, float | None]]) -> None:
    """Print `name, ours, baseline, ratio-goal` rows as a table with the measured ratio. A row
    without a goal (None) is shown for information, with `-` for its goal and verdict."""
    print(f"{'benchmark':42} {'ours':>10} {'baseline':>10} {'ratio':>7} {'goal':>6}  ok")
    for name, ours, baseline, goal in rows:
        ratio = ours / baseline
        verdict = "-" if goal is None else "yes" if ratio <= goal else "NO"
        shown_goal = "-" if goal is None else f"{goal:.2f}"
        print(
            f"{name:42} {ours * 1000:8.1f}ms {baseline * 1000:8.1f}ms {ratio:7.2f} {shown_goal:>6}  "
            f"{verdict}"
        )
