"""`elotui` in a real pseudo-terminal: the first thing a user does, typed before the app has even
painted, as a fast typist (or a paste) does."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests.tui.terminal import BACKSPACE, CTRL_Q, CTRL_U, Terminal

pytestmark = pytest.mark.sqlite_only(
    "the elotui started in a terminal opens its logbook file by path"
)


def test_typed_ahead_then_corrected(tmp_path: Path) -> None:
    env = {**os.environ, "ELOTUI_DB": str(tmp_path / "elotui.db"), "ELOTUI_HOME": str(tmp_path)}
    with Terminal([sys.executable, "-m", "elotui"], env=env) as terminal:
        terminal.send("1500\t1600")  # before the first paint
        # E = 1/(1 + 10^(100/400)) = 0.3599..., K 20: +12.80 / +2.80 / −7.20, rounded +13 / +3 / −7.
        for shown in ("36.0%", "+12.80", "+13", "+2.80", "+3", "−7.20", "−7"):
            terminal.wait_for(shown)
        # The cursor is where the Tab left it: the backspaces empty the opponent's field, not ours.
        terminal.send(BACKSPACE * 4)
        terminal.wait_for("Fix the marked field: Opponent rating is empty")
        assert "Your rating is empty" not in terminal.text()
        terminal.send(CTRL_Q)
        assert terminal.wait_exit() == 0


def test_a_burst_in_one_write_is_applied_in_order(tmp_path: Path) -> None:
    """Editing keys and digits in one `write()`, as a terminal delivers a fast typist's keys or a
    key macro in one read: Textual alone applies the Backspaces after the digits (issue 12)."""
    env = {**os.environ, "ELOTUI_DB": str(tmp_path / "elotui.db"), "ELOTUI_HOME": str(tmp_path)}
    with Terminal([sys.executable, "-m", "elotui"], env=env) as terminal:
        terminal.send("1500\t1600")
        terminal.wait_for("+12.80")  # 1500 vs 1600, K 20 (see above)
        mark = len(terminal.output)
        terminal.send(BACKSPACE * 4 + "2000")
        # 1500 vs 2000: E = 1/(1 + 10^(500/400)) = 0.0532, a win 20 × 0.9468 = +18.94 → +19.
        terminal.wait_for("+18.94", since=mark)
        mark = len(terminal.output)
        terminal.send(CTRL_U + "1600")  # back to 1600: +12.80 again
        terminal.wait_for("+12.80", since=mark)
        terminal.send(CTRL_Q)
        assert terminal.wait_exit() == 0
