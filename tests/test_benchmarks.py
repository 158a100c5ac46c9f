"""The benchmarks' method (tests/benchmarks/alternating.py) and a smoke run of `run_all.py`.

No timing is checked here: the figures belong in docs/performance.md, made on a quiet machine. What is
checked is what makes them hold up: the two sides run in turn, the warm-up round is not counted, a
row reports each side's median and the ratio of the medians, and the collector still runs.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).parent / "benchmarks"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"benchmarks_{name}", BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


alternating = load("alternating")


def test_the_sides_run_in_turn_and_the_warm_up_is_not_counted() -> None:
    calls: list[str] = []

    def side(name: str, figures: list[float]) -> object:
        def measure() -> float:
            calls.append(name)
            return figures.pop(0)

        return measure

    row = alternating.Row("what", "time")
    # Figures 9 and 90 are the warm-up round's: not in the row.
    alternating.alternate(
        row, side("elotui", [9, 3, 1, 2]), side("baseline", [90, 1, 1, 4]), rounds=3, warmup=1
    )
    assert calls == ["elotui", "baseline"] * 4
    assert row.elotui == [3, 1, 2]
    assert row.baseline == [1, 1, 4]
    # Medians: 2 (of 1, 2, 3) and 1 (of 1, 1, 4); ratio of the medians 2 / 1.
    assert (row.ours, row.theirs, row.ratio, row.runs) == (2, 1, 2, 3)


def test_a_row_is_one_markdown_line_in_the_unit_a_reader_expects() -> None:
    row = alternating.Row("history first rows", "time", [1.2, 1.4, 1.3], [0.5, 0.6, 0.4])
    # Medians 1.3 s and 0.5 s: 1300 ms, 500 ms, 1.3 / 0.5 = 2.60.
    line = alternating.markdown_line(alternating.as_record(row))
    assert line == "| history first rows | 1300 ms | 500 ms | 2.60× | 3 |"
    memory = alternating.Row("peak", "bytes", [3 * 1024 * 1024], [])
    # No baseline: no ratio; 3 MiB shown as 3.0 MB.
    assert (
        alternating.markdown_line(alternating.as_record(memory)) == "| peak | 3.0 MB | — | — | 1 |"
    )


def test_an_unknown_kind_of_figure_is_refused() -> None:
    try:
        alternating.Row("what", "minutes")
    except ValueError as error:
        assert "minutes" in str(error)
    else:
        raise AssertionError("a Row of an unknown kind was accepted")


run_all = load("run_all")


def test_a_line_of_the_table_says_whether_its_goal_is_met_and_under_what_load() -> None:
    # Medians 1.3 s and 1.0 s: 1.30×, which meets the history demo's goal (at most 1.3×).
    demo = alternating.Row(
        "`elotui history --demo`, first paint, vs a bare app", "time", [1.3], [1.0], load=(2, 6.3)
    )
    line = run_all.table_line(alternating.as_record(demo))
    assert line.endswith("| 1.30× | 1 | ≤ 1.3× ✓ | 2.0 → 6.3 |")
    # A write at 100,000 games held to 150 ms of its own, whatever the baseline: 151 ms misses it.
    write = alternating.Row(
        "add a game at 100,000 games, until the screen shows it, vs …", "time", [0.151], [9.0]
    )
    assert run_all.table_line(alternating.as_record(write)).endswith("| ≤ 150 ms ✗ |  |")
    # A ratio is held as shown, to two places: 1.2004 (shown 1.20×) meets ≤ 1.2×, 1.206 does not.
    for ours, held in ((1.2004, "✓"), (1.206, "✗")):
        start_up = alternating.Row("start-up to first paint vs a bare app", "time", [ours], [1.0])
        assert run_all.table_line(alternating.as_record(start_up)).endswith(f"≤ 1.2× {held} |  |")


def test_the_goal_of_a_row_is_that_of_its_size() -> None:
    # Issue 13 holds the first rows to 1.5× at 100,000 games only, a write to 1 s at 1,000,000.
    assert run_all.goal_of("history first rows, 100,000 games, whole process").text == "≤ 1.5×"
    assert run_all.goal_of("history first rows, 1,000,000 games, whole process") is None
    assert run_all.goal_of("delete the newest game at 1,000,000 games, until the").text == "≤ 1 s"


def test_what_quick_runs_instead_replaces_a_run_of_the_table() -> None:
    # A full run's options changed without its quick run would make --quick run it in full.
    runs = {run for listed in run_all.BENCHMARKS.values() for run in listed}
    assert set(run_all.QUICK) <= runs
    quick = [run for _, run in run_all.runs_of(["keystroke", "write"], quick=True)]
    assert quick == [
        ("bench_keystroke.py", "--no-pty", "--rounds", "1", "--quick"),
        ("bench_write.py", "--rounds", "1", "--quick"),
    ]


@pytest.mark.slow  # two dozen app launches in a pseudo-terminal: about a minute on 2 loaded cores
def test_run_all_still_runs_and_prints_one_table() -> None:
    # The cheapest benchmark (a few dozen launches of two small apps), in quick mode: English and
    # French, each against the bare app.
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "run_all.py"), "--quick", "--only", "startup"],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:2] == list(run_all.HEADER)
    assert lines[2].startswith("| start-up to first paint vs")
    assert lines[3].startswith("| start-up to first paint (in French) vs")
    for line in lines[2:4]:
        assert "| 5 | ≤ 1.2× " in line  # the quick rounds of bench_startup.py, the goal of issue 6
    assert lines[4:] == ["", lines[-1]] and lines[-1].startswith("The run took")
