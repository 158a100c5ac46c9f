"""What a newcomer types first: `--version`, a command without its action, results written as numbers."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from tests.conftest import run_cli

PYPROJECT = Path(__file__).parents[2] / "pyproject.toml"


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version_is_the_package_version(flag: str) -> None:
    # The version a user sees is the one the package is built with (pyproject.toml), not a copy.
    version = tomllib.loads(PYPROJECT.read_text())["project"]["version"]
    code, out, err = run_cli(flag)
    assert (code, out, err) == (0, f"elotui {version}\n", "")


@pytest.mark.parametrize(
    ("command", "actions"),
    [
        ("db", ["path", "upgrade"]),
        ("player", ["add", "edit", "list", "remove"]),
        ("game", ["add", "edit", "remove", "list"]),
        ("published", ["set", "list", "remove", "import"]),
    ],
)
def test_a_command_without_its_action_lists_the_actions(command: str, actions: list[str]) -> None:
    code, out, err = run_cli(command)
    assert code == 2 and out == ""
    assert err == f"elotui: {command}: give an action: {', '.join(actions)}\n"


# 1500 vs 1600, K 20 (README's example, product.md §1.1): win 1513, draw 1503, loss 1493.
@pytest.mark.parametrize(
    ("result", "new_rating"),
    [("1", 1513), ("0.5", 1503), ("½", 1503), ("0", 1493), ("win", 1513), ("draw", 1503),
     ("loss", 1493)],
)  # fmt: skip
def test_calc_result_is_written_like_period_and_the_forms(result: str, new_rating: int) -> None:
    code, out, _ = run_cli("calc", "-r", "1500", "-o", "1600", "--result", result, "--json")
    assert code == 0
    assert json.loads(out)["new_rating"] == new_rating


def test_calc_result_refuses_a_score_that_is_not_one() -> None:
    code, out, err = run_cli("calc", "-r", "1500", "-o", "1600", "--result", "2")
    assert (code, out) == (2, "")
    assert err == (
        "elotui: calc: argument --result: a result is 1, 0.5 or 0 (or win, draw, loss), not '2'\n"
    )
