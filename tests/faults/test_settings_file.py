"""The settings file (`settings.json`, the language chosen in the app): written whole through a new
temporary file, read only when it is a regular file of a sane size, ignored with one line otherwise.

A settings file is read by every command and by the app, so a file that blocks (a FIFO), never ends (a
link to /dev/zero) or breaks the parser (JSON nested too deep) must neither hang nor stop any of them.
The reads are run as processes: a read that hangs ends the test at its timeout, not the test run, and
the one of /dev/zero under a memory limit, so that a read without a size limit fails fast.
"""

from __future__ import annotations

import json
import os
import re
import resource
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from elotui.i18n.settings import read_settings, save_language, saved_language
from elotui.tui.app import AppSettings, ElotuiApp, create_app
from tests.scenes.notices import keep_notices

from .conftest import ELOTUI, run_cli

CALC = ("calc", "-r", "1500", "-o", "1600")
WARNING_START = "elotui: the settings file "


@pytest.fixture
def home(_isolated_home: Path) -> Path:
    _isolated_home.mkdir()
    return _isolated_home


def _calc_with_settings(timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """`elotui calc` as its own process, its address space capped (a read of /dev/zero with no
    limit then fails at once instead of eating the machine's memory)."""

    def cap_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    return subprocess.run(
        [*ELOTUI, *CALC],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=cap_memory,
        env={**os.environ, "ELOTUI_LANG": ""},  # the settings decide, not the tests' English
        check=False,
    )


def _warning_only(err: str, reason: str) -> None:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(WARNING_START), err
    assert lines[0].endswith(f"is ignored: {reason}"), err
    assert "Traceback" not in err


# --- writing ---------------------------------------------------------------------------------------


def test_choosing_a_language_never_follows_a_link_planted_at_a_temporary_name(home: Path) -> None:
    # Today `.settings.json.tmp` is written as it is: a link planted there has its target overwritten.
    victim = home.parent / "victim.txt"
    victim.write_text("keep me\n")
    planted = home / ".settings.json.tmp"
    planted.symlink_to(victim)
    save_language("fr")
    assert victim.read_text() == "keep me\n"
    assert planted.is_symlink()
    assert json.loads((home / "settings.json").read_text()) == {"language": "fr"}
    assert [p.name for p in home.iterdir() if p.name.endswith(".partial")] == []


def test_a_settings_file_that_is_a_link_is_written_through_to_its_target(home: Path) -> None:
    # Today the link itself is replaced by a plain file; the user's file elsewhere keeps the old choice.
    elsewhere = home.parent / "dotfiles"
    elsewhere.mkdir()
    target = elsewhere / "elotui.json"
    target.write_text('{"language": "en", "theme": "dark"}')
    (home / "settings.json").symlink_to(target)
    save_language("fr")
    assert (home / "settings.json").is_symlink()
    assert json.loads(target.read_text()) == {"language": "fr", "theme": "dark"}
    assert saved_language() == "fr"


def test_a_settings_file_that_is_a_fifo_is_not_replaced(home: Path) -> None:
    # In a process of its own: today the save reads the settings first, and waits on the FIFO.
    fifo = home / "settings.json"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-c", SAVE_FRENCH], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"cannot save the settings in .*: not a regular file\n", done.stdout)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


SAVE_FRENCH = """
from elotui.errors import FileUnusable
from elotui.i18n.settings import save_language
try:
    save_language("fr")
except FileUnusable as refused:
    print(refused)
"""


# --- reading: a process each (a read that blocks must not block the test run) --------------------


def test_a_fifo_as_settings_file_neither_hangs_nor_stops_a_command(home: Path) -> None:
    # Today every command waits for a writer that never comes.
    os.mkfifo(home / "settings.json")
    done = _calc_with_settings()
    assert done.returncode == 0 and "Expected score" in done.stdout
    _warning_only(done.stderr, "not a regular file")


def test_a_link_to_dev_zero_as_settings_file_neither_hangs_nor_stops_a_command(
    home: Path,
) -> None:
    # Today the read never ends (or runs out of memory: MemoryError, a traceback).
    (home / "settings.json").symlink_to("/dev/zero")
    done = _calc_with_settings()
    assert done.returncode == 0 and "Expected score" in done.stdout
    _warning_only(done.stderr, "not a regular file")


def test_a_settings_file_nested_too_deep_is_ignored_with_one_line(home: Path) -> None:
    # Today json.loads raises RecursionError: a traceback for every command.
    (home / "settings.json").write_text("[" * 50_000)
    done = _calc_with_settings()
    assert done.returncode == 0 and "Expected score" in done.stdout
    _warning_only(done.stderr, "not valid JSON")


def test_a_settings_file_too_large_is_not_read(home: Path) -> None:
    # Today any size is read whole; a choice buried in a file of megabytes is not elotui's.
    (home / "settings.json").write_text(json.dumps({"language": "fr", "padding": "x" * (1 << 20)}))
    assert read_settings() == {}
    done = _calc_with_settings()
    assert done.returncode == 0 and "Expected score" in done.stdout  # English: the choice unread
    _warning_only(done.stderr, "more than 65536 bytes")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "not valid JSON"),
        ('["fr"]', "not a JSON object"),
        ("\xff\xfe", "not UTF-8 text"),
    ],
)
def test_a_broken_settings_file_is_one_warning_line_of_a_command(
    home: Path, text: str, reason: str
) -> None:
    (home / "settings.json").write_text(text, encoding="latin-1")
    code, out, err = run_cli(*CALC)
    assert code == 0 and "Expected score" in out
    _warning_only(err, reason)


def test_a_missing_settings_file_or_an_unknown_language_says_nothing(home: Path) -> None:
    code, _, err = run_cli(*CALC)
    assert (code, err) == (0, "")
    (home / "settings.json").write_text('{"language": "de"}')  # a newer elotui's, maybe
    code, _, err = run_cli(*CALC)
    assert (code, err) == (0, "")


# --- the app: once, as a notice ------------------------------------------------------------------


@pytest.mark.usefixtures("a_terminal")
async def test_the_app_says_an_unreadable_settings_file_once_as_a_notice(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (home / "settings.json").write_text("[" * 50_000)
    started: list[AppSettings] = []

    def run(self: ElotuiApp, *args: Any, **kwargs: Any) -> None:
        started.append(self.settings)

    monkeypatch.setattr(ElotuiApp, "run", run)
    code, _, err = run_cli()  # `elotui`: the app, started as the command line starts it
    assert (code, err) == (0, "")  # not on stderr: the app's screen would hide it
    [settings] = started
    app = create_app(settings)
    told = keep_notices(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
    [notice] = [notice.message for notice in told]
    assert notice.startswith("the settings file ") and notice.endswith("ignored: not valid JSON")
