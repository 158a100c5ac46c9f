"""The documents hold what the code does: docs/product.md §4.1 lists exactly the command line's commands
and options, and the pre-commit hooks run the ruff of uv.lock.

(The JSON keys of §4.3 are checked by tests/cli/test_json_keys.py, the citations of documents by
tests/test_rule_citations.py.)
"""

from __future__ import annotations

import argparse
import importlib
import re
from pathlib import Path

from elotui.cli import COMMAND_MODULES
from elotui.cli.common import build_parser

REPO = Path(__file__).resolve().parents[1]
PRODUCT = REPO / "docs" / "product.md"
COMMON = {
    "-h",
    "--help",
    "--db",
    "--json",
    "--lang",
    "--demo",
}  # every command's, said once above the table


def parser_commands() -> dict[str, set[str]]:
    """Every command of the parser ("elotui" for the top level, "player add"...) → its option strings
    and the metavars of its positional arguments, less the options every command has."""
    names = dict.fromkeys(COMMAND_MODULES.values())  # each module once, as `elotui --help` has them
    top = build_parser(
        registrars=[importlib.import_module(f"elotui.cli.{name}").register for name in names]
    )
    found: dict[str, set[str]] = {}

    def walk(label: str, parser: argparse.ArgumentParser) -> None:
        words: set[str] = set()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(name if label == "elotui" else f"{label} {name}", sub)
            elif action.option_strings:
                words |= set(action.option_strings) - COMMON
            else:
                words.add(str(action.metavar or action.dest.upper()))
        if label == "elotui" or not any(
            isinstance(action, argparse._SubParsersAction) for action in parser._actions
        ):
            found[label] = words

    walk("elotui", top)
    return found


def documented_commands() -> dict[str, set[str]]:
    """The table of §4.1: command → the options and arguments its row names (the first word of each
    `code` span that is an option or an upper-case argument; "the options of `player add`" names
    those of that row)."""
    text = PRODUCT.read_text(encoding="utf-8")
    table = text.split('<a id="s4.1"></a>', 1)[1].split('<a id="s4.2"></a>', 1)[0]
    rows: dict[str, list[str]] = {}
    for line in table.splitlines():
        cells = [cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip().strip("|"))]
        if len(cells) == 3 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = re.findall(r"`([^`]+)`", cells[1])
    documented: dict[str, set[str]] = {}
    for label, spans in rows.items():
        words: set[str] = set()
        for span in spans:
            if span in rows:  # "the options of `player add`"
                words |= {w.split()[0] for w in rows[span] if w.startswith("-")}
                continue
            first = span.split()[0]
            if first.startswith("-") or re.fullmatch(r"[A-Z]+", first):
                words.add(first)
        documented[label] = words
    return documented


def test_the_command_table_reads_options_arguments_and_other_rows() -> None:
    documented = documented_commands()
    assert documented["calc"] >= {"-r", "--rating", "--result", "--list"}
    assert "1|0.5|0" not in str(documented["calc"])
    assert {"NAME", "--name", "--rating", "--notes"} <= documented["player edit"]


def test_product_md_lists_every_command_and_option() -> None:
    documented, actual = documented_commands(), parser_commands()
    assert sorted(documented) == sorted(actual)
    differences = {
        label: {"not documented": actual[label] - words, "not an option": words - actual[label]}
        for label, words in documented.items()
        if words != actual[label]
    }
    assert differences == {}


def test_the_pre_commit_hooks_run_the_ruff_of_the_lock_file() -> None:
    lock = (REPO / "uv.lock").read_text(encoding="utf-8")
    locked = re.search(r'\[\[package\]\]\nname = "ruff"\nversion = "([^"]+)"', lock)
    hooks = (REPO / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    pinned = re.search(r"repo: https://github.com/astral-sh/ruff-pre-commit\n\s+rev: v(\S+)", hooks)
    assert locked is not None and pinned is not None
    assert pinned[1] == locked[1]
    assert re.findall(r"- id: (\S+)", hooks) == ["ruff-check", "ruff-format"]


def test_the_changelogs_newest_release_is_the_package_version() -> None:
    # Keep a Changelog: "## [Unreleased]" first, then each release "## [X.Y.Z] - YYYY-MM-DD", newest
    # first; the newest is what pyproject.toml (and so `elotui --version`) says.
    import tomllib

    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, flags=re.MULTILINE)
    assert headings[0] == "[Unreleased]"
    releases = [
        re.fullmatch(r"\[(\d+)\.(\d+)\.(\d+)\] - (\d{4}-\d\d-\d\d)", h) for h in headings[1:]
    ]
    assert releases and all(releases), headings
    versions = [tuple(int(part) for part in m.groups()[:3]) for m in releases if m]
    dates = [m.group(4) for m in releases if m]
    assert versions == sorted(versions, reverse=True) and len(set(versions)) == len(versions)
    assert dates == sorted(dates, reverse=True)
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == ".".join(map(str, versions[0]))
