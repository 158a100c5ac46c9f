"""A command or the app stopped by a signal leaves nothing behind: Ctrl+C (SIGINT), `kill` (SIGTERM)
and a terminal closed (SIGHUP) take one way out (elotui/cli/process.py), on which every cleanup runs.

- `export -o FILE` writes a hidden `.FILE.*.partial` beside FILE and renames it over FILE once whole:
  stopped midway, the partial file is gone and FILE is as it was.
- `elotui --demo` and `elotui history --demo` build a throwaway logbook in a temporary folder: stopped,
  the folder is gone, and the terminal is given back (the app leaves its alternate screen).

The export is held with SIGSTOP while its partial file is there, so the signal always comes while the
file is being written, whatever the machine's speed; the app is run in a real pseudo-terminal.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.tui.terminal import Terminal

from .conftest import ELOTUI, game_rows, write_csv

# The command a user runs (the console script): `python -m elotui` now and then ends killed by
# SIGINT after the export's clean stop (exit 143 returned by `main`), which the script never does.
COMMAND = [str(Path(sys.executable).with_name("elotui"))]

GAMES = 50_000  # an export of a few MB: about a second of writing
STOPS = [signal.SIGTERM, signal.SIGHUP, signal.SIGINT]
F3 = "\x1bOR"
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"


def _default_signals() -> None:
    """In the child: the three signals as a shell gives them to a command it starts (a test run
    under `nohup` or in the background would otherwise pass an ignored one on)."""
    for number in STOPS:
        signal.signal(number, signal.SIG_DFL)


@pytest.fixture(scope="module")
def big_logbook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("big")
    db = folder / "logbook.db"
    env = {**os.environ, "ELOTUI_HOME": str(folder), "ELOTUI_DB": str(db)}
    for argv in (
        ("player", "add", "Alice", "--rating", "1500"),
        ("import", str(write_csv(folder / "games.csv", game_rows(GAMES)))),
    ):
        done = subprocess.run(
            [*ELOTUI, *argv], capture_output=True, text=True, env=env, timeout=300, check=False
        )
        assert done.returncode == 0, done.stderr
    return db


def _state(process: subprocess.Popen[str]) -> str:
    """The process's state letter in /proc ("T": stopped)."""
    text = Path(f"/proc/{process.pid}/stat").read_text()
    return text[text.rindex(")") + 2]


def _held_while_writing(process: subprocess.Popen[str], folder: Path) -> Path:
    """Wait until the export's partial file is there, then stop the process (SIGSTOP) and return
    the file, still there: the export is held in the middle of its writing."""
    deadline = time.monotonic() + 120
    while not (partial := sorted(folder.glob(".*.partial"))):
        assert process.poll() is None, "the export ended before it began to write"
        assert time.monotonic() < deadline, "the export never began to write"
        time.sleep(0.002)
    process.send_signal(signal.SIGSTOP)
    while _state(process) != "T":
        time.sleep(0.001)
    assert partial[0].exists(), "the export was done before it could be held: make it larger"
    return partial[0]


@pytest.mark.slow
@pytest.mark.parametrize("stop", STOPS, ids=lambda number: signal.Signals(number).name)
def test_an_export_stopped_by_a_signal_leaves_no_partial_file(
    big_logbook: Path, tmp_path: Path, stop: signal.Signals
) -> None:
    # Today SIGTERM and SIGHUP leave `.games.csv.XXXX.partial`, several MB (SIGINT cleaned up).
    out = tmp_path / "games.csv"
    out.write_text("the export before\n")
    process = subprocess.Popen(
        [*COMMAND, "export", "-o", str(out), "--db", str(big_logbook)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_default_signals,
    )
    try:
        _held_while_writing(process, tmp_path)
        process.send_signal(stop)
        process.send_signal(signal.SIGCONT)
        _, err = process.communicate(timeout=120)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == 128 + stop, err
    assert "Traceback" not in err
    assert [path.name for path in tmp_path.iterdir()] == ["games.csv"]
    assert out.read_text() == "the export before\n"


@pytest.mark.slow
@pytest.mark.parametrize("stop", [signal.SIGHUP, signal.SIGTERM], ids=["SIGHUP", "SIGTERM"])
@pytest.mark.parametrize("argv", [("history", "--demo"), ("--demo",)], ids=["history", "app"])
def test_the_demo_stopped_by_a_signal_leaves_no_temporary_folder(
    tmp_path: Path, argv: tuple[str, ...], stop: signal.Signals
) -> None:
    # Today the demo's folder stays in the temporary folder, and the terminal in the app's screen.
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = {**os.environ, "TMPDIR": str(temporary), "ELOTUI_HOME": str(tmp_path / "home")}
    with Terminal([*ELOTUI, *argv], env=env) as terminal:
        if argv == ("--demo",):
            terminal.wait_for("Type your rating", timeout=120)
            terminal.send(F3)  # the history: shown once the demo is built
        terminal.wait_for("standard list (l)", timeout=120)
        assert len(list(temporary.glob("elotui-demo-*/elotui-demo.db"))) == 1
        mark = len(terminal.output)
        terminal.child.send_signal(stop)
        code = terminal.wait_exit()
        after = terminal.output[mark:]
    assert code == 128 + stop, terminal.text()[-400:]
    assert list(temporary.glob("elotui-demo-*")) == []
    assert LEAVE_ALTERNATE_SCREEN in after  # the terminal is given back as it was
