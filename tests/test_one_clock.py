"""Nothing under elotui/rating reads the clock: the day whose rules apply is always passed in (the
calculator's today, a command's --date or today, a game's date), so a computation means the same
whatever day it runs, and a test names the rules it checks."""

from __future__ import annotations

import ast
from pathlib import Path

import elotui.rating

CLOCK_CALLS = frozenset({"today", "now", "utcnow", "time", "monotonic", "perf_counter"})


def clock_reads(source: str) -> list[int]:
    """The lines of `source` calling `<something>.today()` or another clock."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in CLOCK_CALLS
    ]


def test_the_finder_sees_a_clock_read() -> None:
    assert clock_reads("import datetime as dt\nday = dt.date.today()\n") == [2]
    assert clock_reads("day = rules_for('standard', day)\n") == []


def test_the_rating_layer_never_reads_the_clock() -> None:
    root = Path(elotui.rating.__file__).parent
    found = {
        f"{path.relative_to(root)}:{line}"
        for path in root.rglob("*.py")
        for line in clock_reads(path.read_text(encoding="utf-8"))
    }
    assert found == set()
