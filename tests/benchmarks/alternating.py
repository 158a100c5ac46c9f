"""The one method every benchmark uses: the two sides run in turn (elotui, baseline, elotui,
baseline, …) in the same run, several rounds, and the row reports the median of each side and the
ratio of the medians.

Why: the machine this runs on is shared, so its speed drifts during a run (another job starts, the
CPU clock changes). Taking elotui's runs first and the baseline's later charges the drift to one
side; alternating spreads it over both. Best-of-N keeps the luckiest run, which says more about the
noise than about the program; the median keeps the typical one and ignores a few disturbed runs
either way.

Each script prints its rows as a markdown table (`print_rows`), and one `#row {json}` line per row
that `run_all.py` collects into one table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
ROW_PREFIX = "#row "
SKIPPED_PREFIX = "#skipped "  # a script that cannot measure here says why on such a line

# Measure what a user's machine does: Python caches compiled modules (.pyc). Some shells set
# PYTHONDONTWRITEBYTECODE, which would make every run recompile the project and charge it to us.
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}

# What a row measures, and how its figures are shown: seconds of wall time or of CPU, bytes.
KINDS = ("time", "cpu", "bytes", "bytes per game")


@dataclass
class Row:
    """One comparison: `elotui` and `baseline` hold one figure per round (seconds or bytes); an
    empty `baseline` is a figure shown on its own (`baseline_name` then says why). `load`: the
    machine's load average (1 min) when its rounds started and when they ended (`alternate`
    notes it), which the figures are read with on a shared machine."""

    what: str
    kind: str
    elotui: list[float] = field(default_factory=list)
    baseline: list[float] = field(default_factory=list)
    baseline_name: str = ""
    load: tuple[float, float] | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"kind {self.kind!r} is not one of {KINDS}")

    @property
    def ours(self) -> float:
        return statistics.median(self.elotui)

    @property
    def theirs(self) -> float | None:
        return statistics.median(self.baseline) if self.baseline else None

    @property
    def ratio(self) -> float | None:
        theirs = self.theirs
        return None if theirs is None or theirs == 0 else self.ours / theirs

    @property
    def runs(self) -> int:
        return len(self.elotui)


def alternate(
    row: Row,
    elotui: Callable[[], float],
    baseline: Callable[[], float] | None,
    rounds: int,
    *,
    warmup: int = 1,
) -> Row:
    """Run `elotui`, then `baseline`, `rounds` times, adding each figure to `row`. The first
    `warmup` rounds are not counted: they fill the file cache and write the .pyc files for both."""
    load_at_start = os.getloadavg()[0]
    for index in range(warmup + rounds):
        ours = elotui()
        theirs = baseline() if baseline is not None else None
        if index >= warmup:
            row.elotui.append(ours)
            if theirs is not None:
                row.baseline.append(theirs)
    row.load = (load_at_start, os.getloadavg()[0])
    return row


def whole_process(
    command: Sequence[str], before: Callable[[], object] | None = None
) -> Callable[[], float]:
    """A measure: the wall time of `command` as a whole process, output discarded, after `before`
    (not timed: a fresh copy of a logbook, say). Fails loudly if the command fails."""

    def measure() -> float:
        if before is not None:
            before()
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=ENV)
        return time.perf_counter() - start

    return measure


def first_text(
    argv: Sequence[str],
    marker: bytes | str,
    *,
    columns: int = 120,
    lines: int = 40,
    quit_first: bool = True,
) -> Callable[[], float]:
    """A measure: seconds from exec until `marker` reaches a real pseudo-terminal (bytes: as written,
    str: in the text without escape sequences). What a user waits for. Then the app is quit with
    Ctrl+Q (`leave`: `--demo` removes its logbook at exit), and killed if it has not gone; with
    `quit_first=False` killed at once (the history of a large logbook quits only once its
    background replay is done: a minute at 1,000,000 games, which is not what the row measures)."""

    def measure() -> float:
        with terminal(argv, columns=columns, lines=lines) as screen:
            seconds = float(screen.wait_for(marker, 60.0))
            if quit_first:
                leave(screen)
            return seconds

    return measure


def leave(screen: Any, limit: float = 30.0) -> None:
    """Quit the app with Ctrl+Q and let it end (not killed: `--demo` removes its throwaway logbook
    at exit), reading what it writes meanwhile so that it never blocks on a full terminal."""
    import select

    screen.send("\x11")
    deadline = time.perf_counter() + limit
    while screen.child.poll() is None and time.perf_counter() < deadline:
        ready, _, _ = select.select([screen.master], [], [], 0.05)
        if ready:
            try:
                screen.output += os.read(screen.master, 65536)
            except OSError:  # the child has gone
                return


def terminal(argv: Sequence[str], *, columns: int = 120, lines: int = 40) -> Any:
    """The app on a real pseudo-terminal (tests/tui/terminal.py), environment as `ENV`."""
    sys.path.insert(0, str(ROOT))
    from tests.tui.terminal import Terminal

    return Terminal(argv, env=ENV, cwd=ROOT, columns=columns, lines=lines)


def quiet(screen: Any, seconds: float = 0.5, limit: float = 60.0) -> None:
    """Read the terminal until it has written nothing for `seconds` (the app has finished what it
    was doing: a benchmark starts its clock on an app at rest, never on one still loading)."""
    import select

    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([screen.master], [], [], seconds)
        if not ready:
            return
        screen.output += os.read(screen.master, 65536)
    raise AssertionError(f"the terminal never went quiet in {limit} s")


def bare_app(label: str, widget: str) -> list[str]:
    """The command of a bare Textual app showing `label` and an empty `widget` (a class of
    `textual.widgets`): the baseline of a first paint (`first_text` waits for `label`)."""
    code = f"""
from textual.app import App
from textual.widgets import Label, {widget}

class Bare(App[None]):
    def compose(self):
        yield Label({label!r})
        yield {widget}()

Bare().run()
"""
    return [sys.executable, "-c", code]


def compile_bytecode() -> None:
    """Write the .pyc files of the environment and the project once, as a normal install has them."""
    import site

    folders = [*site.getsitepackages(), str(ROOT / "elotui")]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *folders], check=False, env=ENV,
                   capture_output=True)  # fmt: skip


def arguments(doc: str | None, rounds: int, quick_rounds: int) -> argparse.ArgumentParser:
    """The options every script takes: `--rounds N`, and `--quick` (fewer rounds, smaller sizes)."""
    parser = argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--quick", action="store_true", help=f"{quick_rounds} rounds, smaller sizes"
    )
    parser.add_argument("--rounds", type=int, default=None, help=f"rounds (default {rounds})")
    parser.set_defaults(default_rounds=rounds, quick_rounds=quick_rounds)
    return parser


def rounds_of(args: argparse.Namespace) -> int:
    if args.rounds is not None:
        return int(args.rounds)
    return int(args.quick_rounds if args.quick else args.default_rounds)


def started(parser: argparse.ArgumentParser) -> tuple[argparse.Namespace, int]:
    """Every script's start: its options parsed, the rounds they ask for, the bytecode written."""
    args = parser.parse_args()
    compile_bytecode()
    return args, rounds_of(args)


def shown(value: float | None, kind: str, scale: float | None = None) -> str:
    """A figure in the unit a reader expects: ms under ten seconds, KB/MB for memory. The unit is
    chosen by `scale` (the larger figure of the row), so both sides of a row share it."""
    if value is None:
        return ""
    scale = value if scale is None else scale
    if kind in ("time", "cpu"):
        suffix = " CPU" if kind == "cpu" else ""
        if scale >= 10:
            return f"{value:.1f} s{suffix}"
        return f"{value * 1000:.1f} ms{suffix}" if scale < 0.1 else f"{value * 1000:.0f} ms{suffix}"
    if kind == "bytes per game":
        return f"{value:,.0f} B/game"
    if scale >= 1 << 20:
        return f"{value / (1 << 20):.1f} MB"
    return f"{value / 1024:.0f} KB"


HEADER = ("| what | elotui | baseline | ratio | runs |", "|---|---:|---:|---:|---:|")


def markdown_line(row: dict[str, object]) -> str:
    """One table line from a row's `as_record()`."""
    kind = str(row["kind"])
    ours_value = float(row["ours"])  # type: ignore[arg-type]
    theirs_value = None if row["theirs"] is None else float(row["theirs"])  # type: ignore[arg-type]
    scale = max(ours_value, theirs_value or 0)
    ours = shown(ours_value, kind, scale)
    theirs = shown(theirs_value, kind, scale)
    baseline = theirs or str(row["baseline_name"]) or "—"
    ratio = "—" if row["ratio"] is None else f"{float(row['ratio']):.2f}×"  # type: ignore[arg-type]
    return f"| {row['what']} | {ours} | {baseline} | {ratio} | {row['runs']} |"


def as_record(row: Row) -> dict[str, object]:
    return {
        **asdict(row),
        "ours": row.ours,
        "theirs": row.theirs,
        "ratio": row.ratio,
        "runs": row.runs,
    }


def print_rows(rows: Sequence[Row]) -> None:
    """The script's table (markdown), each side's spread, and the lines `run_all.py` collects."""
    print(*HEADER, sep="\n")
    for row in rows:
        print(markdown_line(as_record(row)))
    for row in rows:
        spread = f"  {row.what}: elotui {shown(min(row.elotui), row.kind)}–{shown(max(row.elotui), row.kind)}"
        if row.baseline:
            spread += f", baseline {shown(min(row.baseline), row.kind)}–{shown(max(row.baseline), row.kind)}"
        print(spread)
    for row in rows:
        print(ROW_PREFIX + json.dumps(as_record(row)))
    sys.stdout.flush()
