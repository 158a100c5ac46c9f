"""Odd standard streams: never a traceback, never a silent exit 0 having written nothing.

- stdout on a full device (`> /dev/full`): one line on stderr, exit code 1, buffered or not
  (`PYTHONUNBUFFERED`: Python then fails in the `print` itself, else in its last flush).
- stdout closed (`>&-`): refused with one line before anything runs, exit code 2.
- an encoding that cannot hold the text (`PYTHONIOENCODING=ascii`): text in an ASCII rendering; data
  (JSON, an export) in UTF-8, the same bytes as with a UTF-8 terminal.
- the app without a terminal: one line saying so and how to use the commands, exit code 2, at once.

Each is a real process: the point is what the process does with the streams it was given.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest

from .conftest import ELOTUI, logbook_with_player, one_line_error, run_cli

CALC = ("calc", "-r", "1500", "-o", "1600")
DEMO_PLAYER = "Camille Laurent"


def _run(
    argv: Sequence[str],
    *,
    stdout: int | None = subprocess.PIPE,
    env: dict[str, str] | None = None,
    shell_redirect: str = "",
    timeout: float = 60,
) -> subprocess.CompletedProcess[bytes]:
    """`elotui ARGV` as a process, through `sh` when a redirection is given (`>&-`, `>/dev/full`)."""
    command = [*ELOTUI, *argv]
    if shell_redirect:
        command = ["sh", "-c", f'exec "$@" {shell_redirect}', "sh", *command]
        stdout = None
    return subprocess.run(
        command,
        stdout=stdout,
        stderr=subprocess.PIPE,
        env={**os.environ, **(env or {})},
        timeout=timeout,
        check=False,
    )


@pytest.fixture(scope="module")
def logbook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A logbook with a player whose name is not ASCII (made in this process: the streams of the
    commands run on it are the point, not those of the one that made it)."""
    return logbook_with_player(tmp_path_factory.mktemp("streams") / "logbook.db", "Zoé Müller")


def _commands(db: Path) -> list[list[str]]:
    return [
        [*CALC],
        ["--lang", "fr", *CALC],
        ["--help"],
        ["calc", "--help"],
        ["player", "list", "--db", str(db)],
        ["player", "list", "--json", "--db", str(db)],
        ["export", "--db", str(db)],
        ["--demo", "replay", "--player", DEMO_PLAYER],
        ["--demo", "replay", "--player", DEMO_PLAYER, "--json"],
    ]


@pytest.mark.slow
@pytest.mark.parametrize("unbuffered", ["1", ""], ids=["unbuffered", "buffered"])
def test_stdout_on_a_full_device_is_one_line_and_exit_code_1(
    logbook: Path, unbuffered: str
) -> None:
    # Today: a traceback ending in "OSError: [Errno 28] No space left on device".
    for argv in [*_commands(logbook), ["--version"]]:
        done = _run(argv, shell_redirect=">/dev/full", env={"PYTHONUNBUFFERED": unbuffered})
        err = done.stderr.decode()
        assert done.returncode == 1 and one_line_error(err), (argv, err)
        assert err.endswith(": No space left on device\n"), (argv, err)  # what the system says
        assert "--lang" in argv or "cannot write to the standard output" in err, (argv, err)


@pytest.mark.slow
def test_stdout_closed_is_refused_before_anything_runs(logbook: Path, tmp_path: Path) -> None:
    # Today `player list`, `calc` and `export -o -` exit 0 having written nothing.
    new = tmp_path / "new.db"
    for argv in [
        ["player", "list", "--db", str(logbook)],
        [*CALC],
        ["export", "-o", "-", "--db", str(logbook)],
        ["--version"],
        ["player", "add", "Ana", "--db", str(new)],
    ]:
        done = _run(argv, shell_redirect=">&-")
        err = done.stderr.decode()
        assert done.returncode == 2 and one_line_error(err), (argv, err)
        assert "the standard output is closed" in err, (argv, err)
    assert not new.exists()  # refused before anything: no logbook was made


@pytest.mark.slow
def test_an_ascii_terminal_gets_ascii_text_and_utf8_data(logbook: Path) -> None:
    # Today most commands stop on UnicodeEncodeError (a traceback) at their first "·", "−" or "é".
    text: dict[str, bytes] = {}
    for argv in _commands(logbook):
        ascii_done = _run(argv, env={"PYTHONIOENCODING": "ascii"})
        err = ascii_done.stderr.decode()
        assert ascii_done.returncode == 0 and err == "", (argv, err)
        data = "--json" in argv or argv[0] == "export"
        if data:  # what a UTF-8 terminal gets, byte for byte: the text the command writes, in UTF-8
            code, utf8_text, utf8_err = run_cli(*argv)
            assert code == 0, (argv, utf8_err)
            assert ascii_done.stdout == utf8_text.encode("utf-8"), argv
        else:
            assert ascii_done.stdout.isascii(), argv
            text[" ".join(argv[:2])] = ascii_done.stdout
    assert b"Zoe Muller" in text["player list"]  # the letters without their accents
    calc = text["--lang fr"].decode()
    assert "1500 contre 1600 . K 20" in calc and "defaite   -7,20 -> -7" in calc


@pytest.mark.parametrize("argv", [[], ["--demo"], ["history", "--demo"]], ids=repr)
def test_the_app_without_a_terminal_says_so_at_once(argv: list[str]) -> None:
    # Today the app writes escape codes into the pipe until it is killed (here: the timeout).
    done = _run(argv, stdout=subprocess.PIPE, timeout=30)
    err = done.stderr.decode()
    assert done.returncode == 2 and one_line_error(err), err
    assert "needs a terminal" in err and "elotui --help" in err
    assert done.stdout == b""
