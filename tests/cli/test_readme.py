"""The README's command-line examples, run as written: every `$ elotui ...` line and what it prints.

The logbook examples share one fresh database (in the README's order); the import reads the
`docs/examples/bad.csv` that ships with the sources, from the folder the README is in.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest

from elotui.tui.app import ElotuiApp
from tests.conftest import run_cli

ROOT = Path(__file__).parents[2]
README = ROOT / "README.md"


GUIDE = ROOT / "docs" / "guide.md"  # what the README leaves out, its examples run here too


def console_examples() -> list[tuple[str, str]]:
    """(command line, expected output) for every `$ elotui` line of the console blocks of the README,
    then of docs/guide.md."""
    examples: list[tuple[str, str]] = []
    text = README.read_text(encoding="utf-8") + GUIDE.read_text(encoding="utf-8")
    for block in re.findall(r"```console\n(.*?)```", text, re.S):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, _, output = chunk.partition("\n")
            examples.append((command, output))
    return examples


def test_the_readme_shows_what_every_command_prints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("ELOTUI_DB", str(tmp_path / "elotui.db"))
    examples = console_examples()
    assert any(command.startswith("elotui import docs/examples/bad.csv") for command, _ in examples)
    for command, expected in examples:
        program, *argv = shlex.split(command)
        assert program == "elotui"
        code, out, err = run_cli(*argv)
        assert out + err == expected, command
        assert code == (2 if "nothing imported" in expected else 0), command


@pytest.mark.usefixtures("a_terminal")
def test_history_demo_opens_the_history_on_the_demo_logbook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The README: "`uv run elotui history --demo` opens it on a throwaway copy of the demo logbook".
    started: list[Any] = []
    monkeypatch.setattr(ElotuiApp, "run", lambda self, *a, **k: started.append(self.settings))
    code, _, err = run_cli("history", "--demo")
    assert code == 0, err
    [settings] = started
    assert (settings.start_mode, settings.demo) == ("history", True)
    assert "`uv run elotui history --demo` opens it" in README.read_text(encoding="utf-8")
