"""TRF import: `elotui import FILE.trf --club` of a tournament of 2,000 players × 13 rounds into a
logbook of 200 players whose FIDE ids are in the file (2,600 games), goal under 1 s, against a plain
Python loop that reads the same file and slices each round's opponent, colour and result (whole
processes both, alternately in the same run).

The file is generated in the exact TRF16 layout (tests/trf_lines.py): round r pairs player i with
i XOR (r + 1) (no partner among the 2,000: a bye), results from the ranks, round dates on `132`.
Each run imports into a fresh copy of the logbook. A second row times the import inside one process
(the package already loaded) against the same loop, also in process: what the file's size costs,
without the start-up every command pays (bench_startup.py measures that).

Run: `uv run python tests/benchmarks/bench_trf.py [--quick] [--rounds N]`.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from alternating import ROOT, Row, alternate, arguments, print_rows, started, whole_process
from logbooks import copy_of, elotui

sys.path.insert(0, str(ROOT))
from tests.trf_lines import Round, header, player_line, round_dates_line

PLAYERS, ROUNDS, CLUB = 2000, 13, 200
FIRST_FIDE_ID = 10_000_000

BASELINE = r"""
import sys
games = 0
with open(sys.argv[1], encoding="utf-8") as handle:  # the same loop as `plain_loop`
    for line in handle:
        if not line.startswith("001"):
            continue
        rank, name, rating, fide_id = line[4:8], line[14:47].strip(), line[48:52], line[57:68]
        for start in range(91, len(line.rstrip()), 10):
            opponent, colour, code = line[start:start + 4].strip(), line[start + 5], line[start + 7]
            games += code in "10=" and opponent not in ("", "0")
print(games)
"""


def plain_loop(path: Path) -> float:
    """The baseline inside this process: seconds to read the file and slice every round."""
    start = time.perf_counter()
    games = 0
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if not line.startswith("001"):
                continue
            _fields = line[4:8], line[14:47].strip(), line[48:52], line[57:68]
            for at in range(91, len(line.rstrip()), 10):
                opponent, code = line[at : at + 4].strip(), line[at + 7]
                games += code in "10=" and opponent not in ("", "0")
    return time.perf_counter() - start


def in_process(trf: Path, empty: Path, target: Path) -> float:
    """Seconds of the import itself (the package loaded, the logbook opened: not timed)."""
    from elotui.logbook.paths import resolve_db_path
    from elotui.logbook.repository import open_repository
    from elotui.logbook.trf_io import TrfPlayers, import_trf

    copy_of(empty, target)
    repository = open_repository(resolve_db_path(str(target)))
    start = time.perf_counter()
    import_trf(repository, trf, whose=TrfPlayers(club=True))
    seconds = time.perf_counter() - start
    repository.close()
    return seconds


def write_trf(path: Path) -> None:
    lines = [
        header("012", "Benchmark Open"),
        header("042", "2025/07/01"),
        header("052", "2025/07/13"),
        header("122", "90 min + 30 sec"),
        round_dates_line([f"25/07/{day:02d}" for day in range(1, ROUNDS + 1)]),
    ]
    for index in range(PLAYERS):
        rounds: list[Round] = []
        for number in range(ROUNDS):
            other = index ^ (number + 1)
            if other >= PLAYERS:
                rounds.append(("0000", "-", "U"))
                continue
            first = min(index, other)
            result = ("1", "=", "0")[(first + number) % 3]
            if index != first:
                result = {"1": "0", "0": "1", "=": "="}[result]
            rounds.append((other + 1, "w" if index == first else "b", result))
        lines.append(
            player_line(index + 1, f"Player{index:04d}, Given", rating=1400 + index % 1000,
                        federation="FRA", fide_id=FIRST_FIDE_ID + index, birth="1990/01/01",
                        rounds=rounds)
        )  # fmt: skip
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def club_logbook(path: Path) -> None:
    """200 players, every tenth of the file, with their FIDE ids (through the package's API)."""
    from elotui.logbook.paths import resolve_db_path
    from elotui.logbook.records import PlayerBundle
    from elotui.logbook.repository import open_repository

    repository = open_repository(resolve_db_path(str(path)))
    repository.add_players_with_games(
        [
            PlayerBundle({"name": f"Club {index:04d}", "fide_id": FIRST_FIDE_ID + index})
            for index in range(0, PLAYERS, PLAYERS // CLUB)
        ]
    )
    repository.close()


def main() -> None:
    parser = arguments(__doc__, rounds=9, quick_rounds=2)
    _args, rounds = started(parser)
    with tempfile.TemporaryDirectory(prefix="elotui-bench-") as name:
        folder = Path(name)
        trf = folder / "open.trf"
        write_trf(trf)
        empty = folder / "club.db"
        club_logbook(empty)
        target = folder / "target.db"
        ours = whole_process(
            elotui("import", str(trf), "--club", "--db", str(target)),
            lambda: copy_of(empty, target),
        )
        baseline = whole_process([sys.executable, "-c", BASELINE, str(trf)])
        row = Row(
            f"`elotui import` TRF {PLAYERS:,} players × {ROUNDS} rounds, --club of {CLUB}",
            "time",
            baseline_name="plain loop reading the file",
        )
        inside = Row(
            f"TRF import in process (no start-up), {PLAYERS:,} × {ROUNDS}, --club of {CLUB}",
            "time",
            baseline_name="plain loop reading the file, in process",
        )
        rows = [
            alternate(row, ours, baseline, rounds),
            alternate(
                inside, lambda: in_process(trf, empty, target), lambda: plain_loop(trf), rounds
            ),
        ]
    print_rows(rows)


if __name__ == "__main__":
    main()
