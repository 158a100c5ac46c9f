"""Tournament report: `elotui tournament FILE.trf --json` of a tournament of 2,000 players × 13 rounds
(26,000 rounds: the report, the file check and the JSON), goal under 1 s, against a plain Python loop
that reads the same file and slices each round's opponent, colour and result (whole processes both,
alternately in the same run). A second row times the report inside one process (the package
loaded) against the same loop in process. The file is bench_trf.py's (every player rated, so every
round is a counted game; its points columns are left at 0.0, so the check finds 1,958 lines: the
worst case of the findings too).

Run: `uv run python tests/benchmarks/bench_tournament.py [--quick] [--rounds N]`.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from alternating import Row, alternate, arguments, print_rows, started, whole_process
from bench_trf import BASELINE, PLAYERS, ROUNDS, plain_loop, write_trf
from logbooks import elotui


def in_process(trf: Path) -> float:
    """Seconds of the report itself (the package already loaded)."""
    from elotui.logbook.tournament_file import read_tournament

    start = time.perf_counter()
    read_tournament(trf)
    return time.perf_counter() - start


def main() -> None:
    parser = arguments(__doc__, rounds=9, quick_rounds=2)
    _args, rounds = started(parser)
    with tempfile.TemporaryDirectory(prefix="elotui-bench-") as name:
        trf = Path(name) / "open.trf"
        write_trf(trf)
        ours = whole_process(elotui("tournament", str(trf), "--json"))
        baseline = whole_process([sys.executable, "-c", BASELINE, str(trf)])
        row = Row(
            f"`elotui tournament --json` {PLAYERS:,} players × {ROUNDS} rounds",
            "time",
            baseline_name="plain loop reading the file",
        )
        inside = Row(
            f"tournament report in process (no start-up), {PLAYERS:,} × {ROUNDS}",
            "time",
            baseline_name="plain loop reading the file, in process",
        )
        rows = [
            alternate(row, ours, baseline, rounds),
            alternate(inside, lambda: in_process(trf), lambda: plain_loop(trf), rounds),
        ]
    print_rows(rows)


if __name__ == "__main__":
    main()
