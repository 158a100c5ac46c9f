"""Reading FIDE's combined rating list for 200 FIDE ids, straight from its zip: elotui's reader
(`elotui.logbook.fide_lists.read_list_file`) against a bare Python loop over the same zip member
that slices the id of each line and compares it (no header read, no field parsed, no decoding).

The list is generated in the exact layout of FIDE's current combined list (`players_list_foa.txt`:
its header, 162-character CRLF lines) with synthetic players, zipped (deflate), and cached in the
system's temporary folder (`elotui-bench-fide-lists/`): a rerun reuses it.

Rows (goals of the issue): the time at 1,930,000 lines (the real list's size), ratio ≤ 1.3× the bare
loop, both in one process, alternating; the peak memory (resident, of a child process) of elotui's
read at 200,000 and at 1,930,000 lines: flat (the same) and under 60 MB.

Run: `uv run python tests/benchmarks/bench_fide_list.py [--quick] [--rounds N]`.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from alternating import ENV, ROOT, Row, alternate, arguments, print_rows, rounds_of

FULL, SMALL = 1_930_000, 200_000
WANTED = 200
HEADER = (
    "ID Number      Name                                                         Fed Sex Tit  WTit"
    " OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
FIRST_ID = 1_000_000

# Reads the list for the wanted ids in a child (its peak memory is the row's figure).
READ = """
import sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
from elotui.logbook.fide_lists import read_list_file
wanted = {int(i) for i in sys.argv[3].split(",")}
found = read_list_file(Path(sys.argv[2]), wanted, month="2026-01")
assert len(found.players) == len(wanted), len(found.players)
"""
WRAPPER = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def line(index: int) -> str:
    """Player `index`'s line, every field at its header column (widths from HEADER)."""
    fide_id = FIRST_ID + index
    return (
        f"{fide_id:<15}{f'Player{index}, Given{index % 97}':<61}{'FRA':<4}{'M':<4}"
        f"{'FM' if index % 50 == 0 else '':<5}{'':<5}{'':<15}{'':<4}"
        f"{1000 + index % 1800:<6}{index % 12:<4}{(20, 40, 10)[index % 3]:<3}"
        f"{1000 + index % 1700:<6}{index % 5:<4}{20:<3}"
        f"{0:<6}{0:<4}{0:<3}{1950 + index % 60:<6}{'i' if index % 7 == 0 else '':<4}"
    )


def list_file(lines: int) -> Path:
    """The zipped combined list of `lines` players, generated once (cached in the temp folder)."""
    folder = Path(tempfile.gettempdir()) / "elotui-bench-fide-lists"
    folder.mkdir(exist_ok=True)
    path = folder / f"players_list_{lines}.zip"
    if path.exists():
        return path
    assert len(line(0)) == len(HEADER) == 162
    building = path.with_name(f"building-{path.name}")
    with (
        zipfile.ZipFile(building, "w", compression=zipfile.ZIP_DEFLATED) as archive,
        archive.open("players_list_foa.txt", "w", force_zip64=True) as member,
    ):
        member.write(f"{HEADER}\r\n".encode())
        step = 10_000
        for start in range(0, lines, step):
            text = "".join(f"{line(i)}\r\n" for i in range(start, min(start + step, lines)))
            member.write(text.encode("ascii"))
    building.rename(path)
    return path


def wanted_ids(lines: int) -> list[int]:
    return [FIRST_ID + (lines - 1) * k // (WANTED - 1) for k in range(WANTED)]


def bare_loop(path: Path, ids: list[int]) -> list[bytes]:
    """The baseline: every line of the zip member, its id sliced and compared."""
    wanted = {str(i).encode().ljust(15) for i in ids}
    found = []
    with zipfile.ZipFile(path) as archive, archive.open(archive.infolist()[0]) as member:
        for raw in member:
            if raw[0:15] in wanted:
                found.append(raw)
    return found


def peak_bytes(path: Path, ids: list[int]) -> float:
    command = [sys.executable, "-c", READ, str(ROOT), str(path), ",".join(map(str, ids))]
    done = subprocess.run([sys.executable, "-c", WRAPPER, *command], check=True,
                          capture_output=True, text=True, env=ENV)  # fmt: skip
    return float(done.stdout.split()[-1]) * 1024  # Linux gives kilobytes


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from elotui.logbook.fide_lists import read_list_file

    parser = arguments(__doc__, rounds=5, quick_rounds=2)
    args = parser.parse_args()
    rounds = rounds_of(args)
    full = SMALL if args.quick else FULL
    paths = {lines: list_file(lines) for lines in {SMALL, full}}
    ids = wanted_ids(full)

    def ours() -> float:
        start = time.perf_counter()
        found = read_list_file(paths[full], set(ids), month="2026-01")
        seconds = time.perf_counter() - start
        assert len(found.players) == WANTED
        return seconds

    def bare() -> float:
        start = time.perf_counter()
        found = bare_loop(paths[full], ids)
        seconds = time.perf_counter() - start
        assert len(found) == WANTED
        return seconds

    speed = Row(
        f"FIDE combined list, {full:,} lines zipped, 200 FIDE ids: elotui's reader vs a bare loop"
        " slicing the id of each line",
        "time",
    )
    alternate(speed, ours, bare, rounds)
    small_peaks: list[float] = []

    def peak_full() -> float:
        return peak_bytes(paths[full], ids)

    def peak_small() -> float:
        small_peaks.append(peak_bytes(paths[SMALL], wanted_ids(SMALL)))
        return small_peaks[-1]

    memory = Row(
        f"FIDE list reader peak memory at {full:,} lines, vs the same at {SMALL:,} lines",
        "bytes",
    )
    alternate(memory, peak_full, peak_small, max(2, rounds // 2))
    print_rows([speed, memory])


if __name__ == "__main__":
    main()
