"""The cap on K × games is a number of the rule sets only: each rule lives in one place
(docs/architecture.md, "Design decisions the code keeps").

700 is written in `elotui/rating/rules/standard.py` and `rapid_blitz.py`, the rule sets (and in the
texts of our decisions about it, `rule_set.py`). Everywhere
else the code reads it from the rule set in force (`RuleSet.k_times_games_max`, or `later_cap` for an
era without one), so a rule set with another cap is said and applied everywhere at once. This test
finds the number written anywhere else in the code (an int, or a string the user is shown), leaving
out docstrings and comments, which explain rather than apply.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "elotui"
CAP = 700
# Where the number belongs, and the one text that quotes the regulation in force with its date.
ALLOWED = {
    "rating/rules/standard.py": "the standard list's rule sets",
    "rating/rules/rapid_blitz.py": "the rapid and blitz rule sets",
    "rating/rules/rule_set.py": "our decisions' texts, beside the rule sets whose cap they settle",
    "tui/screens/help.py": "the help's summary of the 2024 regulations, dated, as FIDE wrote it",
}


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the nodes that are docstrings (the first statement of a module, class or def)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def cap_written(source: str) -> list[int]:
    """The lines of `source` where the cap is written as a number or inside a shown text."""
    tree = ast.parse(source)
    skipped = docstrings(tree)
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and id(node) not in skipped
        and (
            (type(node.value) is int and node.value == CAP)
            or (isinstance(node.value, str) and str(CAP) in node.value)
        )
    ]


def test_the_finder_sees_what_it_looks_for() -> None:
    assert cap_written('x = k * n > 700\ny = _("no 700 cap")\n') == [1, 2]
    assert cap_written('"""The 700 cap."""\n# 700\nmode = 0o700\n') == []


def test_the_cap_is_written_only_in_the_rule_sets() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.relative_to(PACKAGE).as_posix() not in ALLOWED
        for line in cap_written(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "read the cap from the rule set (k_times_games_max, later_cap)"
