"""The command line as a newcomer meets it: every option explained in its help, one metavar style,
one error form, `--demo` taken by every command, and shell completion generated from the parser."""

from __future__ import annotations

import argparse
import importlib
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from elotui.cli import COMMAND_MODULES
from elotui.cli.common import build_parser
from tests.conftest import run_cli


def whole_parser() -> argparse.ArgumentParser:
    modules = dict.fromkeys(COMMAND_MODULES.values())
    return build_parser([importlib.import_module(f"elotui.cli.{m}").register for m in modules])


def commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from commands(child, (*path, name))


def arguments() -> Iterator[tuple[str, argparse.Action]]:
    for path, parser in commands(whole_parser()):
        for action in parser._actions:
            if not isinstance(action, argparse._SubParsersAction):
                name = "/".join(action.option_strings) or action.dest
                yield " ".join(("elotui", *path, name)), action


def test_every_option_and_argument_has_a_help_text() -> None:
    empty = [name for name, action in arguments() if not (action.help or "").strip()]
    assert empty == []


# A value is named in capitals (R, NAME, YYYY-MM-DD, OPP:RESULT[@EVENT]) or its few values are
# listed (en|fr, standard|rapid|blitz): never argparse's {a,b} or a dest-made name like GAMES_PLAYED.
METAVAR = re.compile(r"[A-Z][A-Z0-9]*([-:][A-Z0-9]+)*(\[@[A-Z]+\])?|[a-z0-9.]+(\|[a-z0-9.]+)+")


def test_one_metavar_style() -> None:
    odd = [
        (name, action.metavar)
        for name, action in arguments()
        if action.nargs != 0
        and not isinstance(action, argparse._HelpAction)
        and not (isinstance(action.metavar, str) and METAVAR.fullmatch(action.metavar))
    ]
    assert odd == []


def test_the_top_level_help_says_that_elotui_alone_opens_the_app() -> None:
    code, out, _ = run_cli("--help")
    assert code == 0
    assert "`elotui` alone (or with --db or --demo) opens the app" in " ".join(out.split())
    assert "elotui completion bash|zsh|fish" in out


def test_every_command_takes_demo_before_or_after_its_name() -> None:
    leaves = [path for path, parser in commands(whole_parser()) if path and not any(
        isinstance(a, argparse._SubParsersAction) for a in parser._actions)]  # fmt: skip
    assert [p for p in leaves if "--demo" not in commands_options(p)] == []
    for argv in (["--demo", "player", "list"], ["player", "list", "--demo"]):
        code, out, err = run_cli(*argv)
        assert code == 0, err
        assert "Margaux Vidal" in out  # the demo's players, listed as README says
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert "`elotui --demo player list` lists" in " ".join(readme.split())


def commands_options(path: tuple[str, ...]) -> set[str]:
    parser = dict(commands(whole_parser()))[path]
    return {name for action in parser._actions for name in action.option_strings}


def test_one_error_form_for_argparse_and_the_commands() -> None:
    # A value argparse refuses and a combination the command refuses: both "elotui: calc: …".
    assert run_cli("calc", "-r", "x", "-o", "1600")[2].startswith("elotui: calc: argument -r/")
    assert run_cli("calc", "-r", "1500", "-o", "1600", "--points", "2")[2] == (
        "elotui: calc: --points needs --games\n"
    )
    assert run_cli("player", "add", "--rating", "x")[2].startswith("elotui: player add: ")


BASH = shutil.which("bash")


@pytest.mark.skipif(BASH is None, reason="needs bash")
@pytest.mark.parametrize(
    ("words", "offered"),
    [
        ("elotui pl", "player"),
        ("elotui player ''", "add edit list remove"),
        ("elotui --demo player add --bi", "--birth-year"),
        ("elotui calc --method ''", "elo fide"),
        ("elotui replay --list ''", "standard rapid blitz all"),
        ("elotui completion ''", "bash zsh fish"),
    ],
)
def test_bash_completion_from_the_generated_script(
    words: str, offered: str, tmp_path: Path
) -> None:
    code, script, err = run_cli("completion", "bash")
    assert code == 0, err
    (tmp_path / "elotui.bash").write_text(script)
    driver = (
        f"source {tmp_path / 'elotui.bash'}\n"
        f"COMP_WORDS=({words}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); _elotui\n"
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    done = subprocess.run(
        [BASH or "bash", "-c", driver], capture_output=True, text=True, check=True
    )
    assert done.stdout.split()[: len(offered.split())] == offered.split()


def test_zsh_and_fish_scripts() -> None:
    zsh = run_cli("completion", "zsh")[1]
    assert zsh.startswith("autoload -U +X bashcompinit && bashcompinit\n")
    assert "complete -o default -F _elotui elotui" in zsh
    fish = run_cli("completion", "fish")[1].splitlines()
    assert "complete -c elotui -n __fish_use_subcommand -a calc -d" in " ".join(fish)
    player_add = "'__fish_seen_subcommand_from player; and __fish_seen_subcommand_from add'"
    assert any(
        line.startswith(f"complete -c elotui -n {player_add} -l birth-year -r -F -d ")
        for line in fish
    )
