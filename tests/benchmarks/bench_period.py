"""`elotui period` with 9 games as a whole process, against two baselines, alternately in the same
run (elotui, `python -c pass`, elotui, elochess-cli, …: each baseline in turn with elotui):

- a bare `python -c pass` on the same interpreter (goal: ≤ 6×);
- `elochess-cli update elo` on the same games, installed in a throwaway venv (goal: ≤ 0.5×).

Run: `uv run python tests/benchmarks/bench_period.py [--quick] [--rounds N]`. elochess is not a
project dependency; this script installs it (with typer, which its CLI needs) into a temporary
folder.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from alternating import Row, alternate, arguments, print_rows, started, whole_process
from logbooks import elotui

OPPONENTS = [2100, 1900, 2050, 1980, 2210, 1875, 2000, 2150, 1950]
SCORES = ["1", "0.5", "0", "1", "0.5", "1", "0", "0.5", "1"]


def elochess_cli(folder: Path) -> Path:
    venv = folder / "elochess-venv"
    subprocess.run(["uv", "venv", "-q", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    subprocess.run(
        ["uv", "pip", "install", "-q", "--python", python, "elochess", "typer"], check=True
    )
    return venv / "bin" / "elochess-cli"


def main() -> None:
    _, rounds = started(arguments(__doc__, rounds=20, quick_rounds=5))
    ours = elotui("period", "-r", "2000", "-k", "20", "--date", "2026-11-01")
    for opponent, score in zip(OPPONENTS, SCORES, strict=True):
        ours += ["--game", f"{opponent}:{score}"]
    total = sum(float(s) for s in SCORES)

    with tempfile.TemporaryDirectory() as tmp:
        theirs = [str(elochess_cli(Path(tmp))), "update", "elo", "-c", "2000", "-s", str(total)]
        for opponent in OPPONENTS:
            theirs += ["-o", str(opponent)]
        rows = [
            alternate(Row("`elotui period` with 9 games vs `python -c pass`", "time"),
                      whole_process(ours), whole_process([sys.executable, "-c", "pass"]), rounds),
            alternate(Row("`elotui period` with 9 games vs `elochess-cli update elo`", "time"),
                      whole_process(ours), whole_process(theirs), rounds),
        ]  # fmt: skip
    print_rows(rows)


if __name__ == "__main__":
    main()
