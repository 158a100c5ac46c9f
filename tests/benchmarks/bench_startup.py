"""Calculator start-up: time to first paint in a real pseudo-terminal (120×40), `python -m elotui`
against a bare Textual app showing a Label and an Input, alternately in the same run; the clock
stops when the label text reaches the terminal. Goal: ≤ 1.2× (issue 4 asked 1.3, issue 6 1.2).
(The keystroke figures are in bench_keystroke.py.)

Run: `uv run python tests/benchmarks/bench_startup.py [--quick] [--rounds N]`.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from alternating import (
    ENV,
    Row,
    alternate,
    arguments,
    bare_app,
    compile_bytecode,
    first_text,
    print_rows,
    rounds_of,
)

MARKER = b"Your rating"


def main() -> None:
    args = arguments(__doc__, rounds=25, quick_rounds=5).parse_args()
    compile_bytecode()
    with tempfile.TemporaryDirectory(prefix="elotui-bench-") as folder:
        # The app on its own logbook file, as `uv run elotui` opens the default one (the warm-up
        # round creates and migrates it; the measured rounds find it ready).
        ENV["ELOTUI_DB"] = str(Path(folder) / "elotui.db")
        row = Row("start-up to first paint vs a bare Textual app with a Label and an Input", "time")
        ours = first_text([sys.executable, "-m", "elotui"], MARKER)
        bare = first_text(bare_app(MARKER.decode(), "Input"), MARKER)
        print_rows([alternate(row, ours, bare, rounds_of(args))])


if __name__ == "__main__":
    main()
