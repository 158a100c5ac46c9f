"""`elotui` in a real pseudo-terminal: the first thing a user does, typed before the app has even
painted, as a fast typist (or a paste) does."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tests.tui.terminal import BACKSPACE, CTRL_Q, Terminal


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
        assert terminal.child.wait(timeout=30) == 0
