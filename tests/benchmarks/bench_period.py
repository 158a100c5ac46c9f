"""`elotui period` with 9 games as a whole process, against two baselines measured in the same run:

- a bare `python -c pass` on the same interpreter (goal: ≤ 6×);
- `elochess-cli update elo` on the same games, installed in a throwaway venv (goal: ≤ 0.5×).

Run: `uv run python tests/benchmarks/bench_period.py [--runs N]`. elochess is not a project
dependency; this script installs it (with typer, which its CLI needs) into a temporary folder.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from _timing import compile_bytecode, median_seconds, report

OPPONENTS = [2100, 1900, 2050, 1980, 2210, 1875, 2000, 2150, 1950]
SCORES = ["1", "0.5", "0", "1", "0.5", "1", "0", "0.5", "1"]


def elochess_cli(folder: Path) -> Path:
    venv = folder / "elochess-venv"
    subprocess.run(["uv", "venv", "-q", str(venv)], check=True)
    subprocess.run(
        [
            "uv",
            "pip",
            "install",
            "-q",
            "--python",
            str(venv / "bin" / "python"),
            "elochess",
            "typer",
        ],
        check=True,
    )
    return venv / "bin" / "elochess-cli"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    compile_bytecode()

    python = sys.executable
    elotui = shutil.which("elotui") or str(Path(python).parent / "elotui")
    ours = [elotui, "period", "-r", "2000", "-k", "20", "--date", "2026-11-01"]
    for opponent, score in zip(OPPONENTS, SCORES, strict=True):
        ours += ["--game", f"{opponent}:{score}"]
    total = sum(float(s) for s in SCORES)

    with tempfile.TemporaryDirectory() as tmp:
        theirs = [str(elochess_cli(Path(tmp))), "update", "elo", "-c", "2000", "-s", str(total)]
        for opponent in OPPONENTS:
            theirs += ["-o", str(opponent)]
        subprocess.run(theirs, check=True, capture_output=True)

        t_ours = median_seconds(ours, args.runs)
        t_pass = median_seconds([python, "-c", "pass"], args.runs)
        t_theirs = median_seconds(theirs, args.runs)
    report(
        [
            ("elotui period (9 games) vs python -c pass", t_ours, t_pass, 6.0),
            ("elotui period (9 games) vs elochess-cli", t_ours, t_theirs, 0.5),
        ]
    )


if __name__ == "__main__":
    main()
