"""Run the benchmarks and print one markdown table, ready for docs/performance.md:

    uv run python tests/benchmarks/run_all.py [--quick] [--only history,replay] [--logbooks DIR]

Every row comes from alternating.py: elotui and its baseline in turn in the same run, the median of
each side and their ratio, how many rounds each side ran, the goal the row is held to (and whether
it is met), and the load average (1 min) when its rounds started and ended: on a shared machine
the load says how far the absolute times can be trusted (the ratios hold better).

How long, and why these rounds (2 cores). Measured under load 6-20 (four other engineers' test
suites), script by script: start-up 3.5 min, keystrokes 17 min, `period` 1 min, history 7 min and
5 min at 1,000,000 games (each round then waited half a minute for the app to quit; now killed at
once, ~1.5 min), writes 11 min (at 1,000,000 games: 12 min for one round of two writes: every
round waits for the app's replay of every game before it writes), import 11 min, replay 7 min.
Under that load a whole process takes about three times as long as on a quiet machine, but a
keystroke round's wall time is mostly the pace of a person typing (each key waits for the screen
to rest), which a quiet machine does not shorten: expect ~40 min for the full run on a quiet
machine (keystrokes ~12, the 1,000,000-game writes ~6), ~8 min for `--quick`.
- The logbooks of 100,000 and 1,000,000 games are built once for the run (~1 min, logbooks.py)
  and every script reads them.
- The short whole-process timings (start-up 25 rounds, `period` 20, history 15) last about a
  second and vary by a tenth of one from one launch to the next: it takes that many for their
  medians to move by less than the goals' margins (start-up and the history's first paint are
  within a few percent of theirs).
- A keystroke round already is the mean CPU and the median latency of 40 keys: 3 rounds per mode
  give medians that hold (rounds differ by a few percent).
- Writes (5 rounds, 2 at 1,000,000 games), import (7), replay (7, 3 at 1,000,000), memory (3):
  each round is a whole process over 100,000 games or more, and rounds differ by a few percent.
- `--quick`: 1-5 rounds, no 1,000,000-game logbook, keystrokes in-process only: to see that every
  benchmark still runs. Figures for docs/performance.md come from a full run on a quiet machine.
`--only period` runs one part; `--logbooks DIR` keeps the logbooks in DIR for the next run.
Each script can also run alone (`--help` says what it measures and against what). Not part of the
test run: timings belong in notes and docs/performance.md, never in assertions.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).parent))
from alternating import ROW_PREFIX, SKIPPED_PREFIX, markdown_line
from logbooks import SHARED

HERE = Path(__file__).parent

# name → the runs of its scripts (script, options). The table lists them in this order.
BENCHMARKS: dict[str, list[tuple[str, ...]]] = {
    "startup": [("bench_startup.py",), ("bench_startup.py", "--lang", "fr")],
    "keystroke": [("bench_keystroke.py", "--rounds", "3")],
    "period": [("bench_period.py",)],
    "history": [("bench_history.py",)],
    "write": [("bench_write.py", "--rounds", "5")],
    # The trajectory chart after a write, against plotext given every game (in one process).
    "chart": [("bench_chart.py",)],
    "import": [("bench_logbook.py", "--part", "import")],
    "trf": [("bench_trf.py",)],
    "tournament": [("bench_tournament.py",)],
    "replay": [("bench_logbook.py", "--part", "replay")],
    "memory": [("bench_memory.py",)],
    # FIDE's combined list (1,930,000 lines) read for 200 ids, against a bare loop; its peak memory.
    "fide-list": [("bench_fide_list.py",)],
    # PostgreSQL vs the file (issue 16); says why it measured nothing when no server can start.
    "postgres": [("bench_postgres.py",)],
}
# What `--quick` runs instead of a run above (it adds `--quick` to every run): one round after
# the warm-up for the two slowest, the keystrokes in-process only (a pty round is twice as long
# and types the same keys again).
QUICK: dict[tuple[str, ...], tuple[str, ...]] = {
    ("bench_keystroke.py", "--rounds", "3"): ("bench_keystroke.py", "--no-pty", "--rounds", "1"),
    ("bench_write.py", "--rounds", "5"): ("bench_write.py", "--rounds", "1"),
}
# The full run adds the 1,000,000-game logbook to the rows issue 13 asks about at that size (and
# the replay, which the memory row runs anyway). Import is linear in the games and its goal is at
# 100,000: at 1,000,000 it would cost 8 imports of a minute for no goal.
LARGE = ("--games", "1000000")
LARGE_RUNS: dict[str, list[tuple[str, ...]]] = {
    "history": [("bench_history.py", "--only", "rows", *LARGE, "--rounds", "7")],
    "write": [("bench_write.py", *LARGE, "--rounds", "2")],
    "replay": [("bench_logbook.py", "--part", "replay", *LARGE, "--rounds", "3")],
}


class Goal(NamedTuple):
    """What a row is held to: its ratio (`on="ratio"`) or elotui's own figure (`on="value"`, in the
    row's unit: seconds or bytes) at most `limit`; `text` as the table shows it."""

    on: str
    limit: float
    text: str

    def met(self, record: dict[str, object]) -> bool | None:
        """Whether the row holds its goal, read as the table shows it: a ratio to two places (the
        1.20× shown is within "≤ 1.2×" even when the medians give 1.2004)."""
        figure = record["ratio"] if self.on == "ratio" else record["ours"]
        if figure is None:
            return None
        value = float(figure)  # type: ignore[arg-type]
        return (round(value, 2) if self.on == "ratio" else value) <= self.limit


def ratio_at_most(limit: float) -> Goal:
    return Goal("ratio", limit, f"≤ {limit:g}×")


def value_at_most(limit: float, text: str) -> Goal:
    return Goal("value", limit, text)


# The goals of issues 4, 6, 13, 15 and 16 (docs/performance.md), each row's by the words of its
# `what`: the first entry whose words are all in it. A row none names has no goal ("—").
GOALS: list[tuple[tuple[str, ...], Goal]] = [
    (("start-up to first paint",), ratio_at_most(1.2)),
    (("CPU per keystroke",), ratio_at_most(1.5)),
    (("keystroke to repainted screen",), value_at_most(0.016, "< 16 ms")),
    (("`elotui period`", "python -c pass"), ratio_at_most(6)),
    (("`elotui period`", "elochess-cli"), ratio_at_most(0.5)),
    (("`elotui history --demo`",), ratio_at_most(1.3)),
    (("history first rows", " 100,000 games"), ratio_at_most(1.5)),
    (("at 100,000 games", "until the"), value_at_most(0.150, "≤ 150 ms")),
    (("at 1,000,000 games", "until the"), value_at_most(1.0, "≤ 1 s")),
    (("`elotui import` TRF",), value_at_most(1.0, "< 1 s")),
    (("`elotui import`",), ratio_at_most(2.5)),
    (("`elotui replay --json`", "from PostgreSQL vs from an SQLite file"), ratio_at_most(1.5)),
    (("`elotui replay --json`", "plain replay loop"), ratio_at_most(2)),
    (("peak memory per game",), value_at_most(200, "≤ 200 B/game")),
    (("FIDE combined list", "bare loop"), ratio_at_most(1.3)),
    (("FIDE list reader peak memory",), value_at_most(60_000_000, "< 60 MB, flat")),
]


def goal_of(what: str) -> Goal | None:
    for words, goal in GOALS:
        if all(word in what for word in words):
            return goal
    return None


HEADER = (
    "| what | elotui | baseline | ratio | runs | goal | load |",
    "|---|---:|---:|---:|---:|---|---:|",
)


def table_line(record: dict[str, object]) -> str:
    """The row's line of the script (alternating.markdown_line), its goal and its load added."""
    goal = goal_of(str(record["what"]))
    if goal is None:
        held = "—"
    else:
        met = goal.met(record)
        held = goal.text + {True: " ✓", False: " ✗", None: ""}[met]
    load = record.get("load")
    shown_load = f"{load[0]:.1f} → {load[1]:.1f}" if isinstance(load, list | tuple) else ""
    return f"{markdown_line(record)} {held} | {shown_load} |"


def run_script(
    command: list[str], on_record: Callable[[dict[str, object]], None]
) -> tuple[bool, list[str]]:
    """Run one script; each of its rows to `on_record` (with the load around the whole script
    for a row that has none of its own). Whether it succeeded, and what it said it skipped."""
    load_at_start = os.getloadavg()[0]
    done = subprocess.run(command, capture_output=True, text=True)
    load = (load_at_start, os.getloadavg()[0])
    if done.returncode:
        print(f"{command[1]} failed:\n{done.stdout}\n{done.stderr}", file=sys.stderr)
        return False, []
    skipped = []
    for line in done.stdout.splitlines():
        if line.startswith(ROW_PREFIX):
            record = json.loads(line.removeprefix(ROW_PREFIX))
            record["load"] = record.get("load") or load
            on_record(record)
        elif line.startswith(SKIPPED_PREFIX):
            skipped.append(line.removeprefix(SKIPPED_PREFIX))
    return True, skipped


def runs_of(names: list[str], quick: bool) -> list[tuple[str, tuple[str, ...]]]:
    runs = []
    for name in names:
        for run in BENCHMARKS[name]:
            runs.append((name, (*QUICK.get(run, run), "--quick") if quick else run))
        if not quick:
            runs += [(name, run) for run in LARGE_RUNS.get(name, [])]
    return runs


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
    parser.add_argument(
        "--logbooks",
        type=Path,
        help="keep the benchmark logbooks in this folder, for the next run of the same elotui",
    )
    args = parser.parse_args()
    names = [name.strip() for name in args.only.split(",") if name.strip()] or list(BENCHMARKS)
    unknown = [name for name in names if name not in BENCHMARKS]
    if unknown:
        parser.error(
            f"unknown benchmark {', '.join(unknown)}: the names are {', '.join(BENCHMARKS)}"
        )
    lines: list[str] = []
    failed: list[str] = []
    skipped: list[str] = []

    def on_record(record: dict[str, object]) -> None:
        lines.append(table_line(record))
        print(lines[-1], file=sys.stderr, flush=True)  # as it comes: a run cut short keeps it

    started = time.perf_counter()
    with (
        contextlib.nullcontext(str(args.logbooks))
        if args.logbooks is not None
        else tempfile.TemporaryDirectory(prefix="elotui-bench-logbooks-")
    ) as folder:
        logbooks = Path(folder)
        logbooks.mkdir(parents=True, exist_ok=True)
        os.environ[SHARED] = str(logbooks.resolve())  # the scripts' logbooks, built once
        for name, (script, *options) in runs_of(names, args.quick):
            print(f"running {name}: {script} {' '.join(options)}", file=sys.stderr, flush=True)
            script_start = time.perf_counter()
            ok, said = run_script([sys.executable, str(HERE / script), *options], on_record)
            if not ok:
                failed.append(name)
            skipped += [f"{name}: {reason}" for reason in said]
            minutes = (time.perf_counter() - script_start) / 60
            print(f"  {script} took {minutes:.1f} min", file=sys.stderr, flush=True)
    print(*HEADER, sep="\n")
    print(*lines, sep="\n")
    for line in skipped:
        print(f"\nNot measured, {line}")
    print(f"\nThe run took {(time.perf_counter() - started) / 60:.0f} min.")
    if failed:
        sys.exit(f"failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
