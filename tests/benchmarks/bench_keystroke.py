"""A calculator keystroke in every mode: CPU per key, and key to repainted screen both in-process
(headless, 120×40) and in a real pseudo-terminal (120×40), against a bare Textual app (one `Input`
whose value a `Static` shows) typing the same keys; a round of each alternately, per mode.

A round types `KEYS` keys ("0", then Backspace, in turn: 160 becomes 1600 and back) into the field
each mode follows (`MODES`: the opponent's rating, or the rating at the start in the period of two
games), after the keys that bring the mode to its results (not measured); the bare app gets the
same keys in its Input with 160 typed. One key at a time, as a person types: the next waits until
the screen has been repainted and then stayed unpainted (in-process) or the terminal has stayed
silent (pty) for `REST` seconds.
- CPU: `time.process_time()` (the whole process, every thread) over the round, per key. The rest
  between keys is idle time, and nearly no CPU, for both sides. Goal (issue 13): ≤ 1.5×.
- latency in-process: from posting the key to the last repaint it caused.
- latency in a pty: from writing the key's bytes to the last bytes of the frame it caused (what a
  terminal would show then). Goal for both: < 16 ms (one frame). The bare app's own latency is in
  the same row: on a loaded machine it is well over a frame too, and the goal is about our overhead.

Run: `uv run python tests/benchmarks/bench_keystroke.py [--quick] [--rounds N] [--modes single,…]
[--no-pty]`.
"""

from __future__ import annotations

import asyncio
import os
import select
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from alternating import ENV, Row, alternate, arguments, print_rows, rounds_of, terminal
from textual.app import App, ComposeResult
from textual.widgets import Input, Static

KEYS = 40
REST = 0.05  # no repaint (no output) for this long after a key: the key is done
READY_REST = 0.5  # at a pause of the keys before ("|"): a dialog opening may write nothing a while
POLL = 0.002  # the waits look this often (a wake-up costs microseconds of CPU)
SIZE = (120, 40)

# mode → the keys before the measured ones, in the key scripts of tests/scenes/calculator.py ("|":
# wait for the app). The period's games are added from its list of games (`GAMES_FIRST`).
MODES: dict[str, str] = {
    "single": "1500 tab 160",
    # The points P typed first: results need them.
    "several": "f6 | 1500 tab tab tab tab tab tab 3.5 shift+tab shift+tab shift+tab shift+tab shift+tab 160",
    "series": "f7 | 1500 tab 160",
    "period": "f8 | shift+tab | a | 2100 tab 1 enter | a | 1900 tab 0.5 enter | tab 200",
    "reference": "f9 | 1500 tab 160",
}
BARE_READY = "160"

# The bytes a terminal sends for the keys of the scripts.
TERMINAL_KEYS = {
    "tab": "\t",
    "shift+tab": "\x1b[Z",
    "enter": "\r",
    "backspace": "\x7f",
    "f6": "\x1b[17~",
    "f7": "\x1b[18~",
    "f8": "\x1b[19~",
    "f9": "\x1b[20~",
}

BARE_APP = """
from textual.app import App
from textual.widgets import Input, Static

class BareInput(App[None]):
    def compose(self):
        rating = Input(id="rating")
        rating.cursor_blink = False
        yield rating
        yield Static(id="shown")

    def on_input_changed(self, event):
        self.query_one("#shown", Static).update(f"Opponent rating: {event.value}")

BareInput().run()
"""


class BareInput(App[None]):
    def compose(self) -> ComposeResult:
        rating = Input(id="rating")
        rating.cursor_blink = False  # as the calculator's here: a blink is a repaint no key caused
        yield rating
        yield Static(id="shown")

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#shown", Static).update(f"Opponent rating: {event.value}")


def typed_key(index: int) -> str:
    return "0" if index % 2 == 0 else "backspace"


# ---- in-process ---------------------------------------------------------------------------------


async def type_keys(app: App[Any], ready: str) -> tuple[float, float]:
    """Type `ready` (not measured), then the `KEYS` keys; CPU seconds per key, median latency."""
    from tests.scenes.calculator import PAUSE, burst, key_event, keys, settle
    from tests.textual_hooks import on_each_paint

    async with app.run_test(size=SIZE):
        await settle(app)
        for press in keys(ready):
            if press == PAUSE:
                await settle(app)
                continue
            await burst(app, [press])  # type: ignore[arg-type]  # one key at a time, as a person types
        painted: list[float] = []
        on_each_paint(app.screen, lambda: painted.append(time.perf_counter()))
        latencies = []
        cpu_start = time.process_time()
        for index in range(KEYS):
            event = key_event(typed_key(index))
            event.set_sender(app)
            painted.clear()
            start = time.perf_counter()
            app.post_message(event)
            while not painted or time.perf_counter() - painted[-1] < REST:
                await asyncio.sleep(POLL)
            latencies.append(painted[-1] - start)
        cpu = (time.process_time() - cpu_start) / KEYS
        return cpu, statistics.median(latencies)


def in_process(mode: str, side: str, latencies: list[float]) -> Callable[[], float]:
    """A measure: one round in-process, its CPU per key (its median latency added to `latencies`)."""

    def measure() -> float:
        from tests.scenes.calculator import scene_app

        app: App[Any] = scene_app("en") if side == "ours" else BareInput()
        per_key, latency = asyncio.run(
            type_keys(app, MODES[mode] if side == "ours" else BARE_READY)
        )
        latencies.append(latency)
        return per_key

    return measure


# ---- in a pseudo-terminal -----------------------------------------------------------------------


def silence(screen: Any, rest: float = REST, first: float = 10.0) -> float:
    """Read until the terminal has written something (for `first` seconds at the most), then
    nothing for `rest`; when its last bytes came."""
    last = time.perf_counter()
    ready, _, _ = select.select([screen.master], [], [], first)
    if ready:
        screen.output += os.read(screen.master, 65536)
        last = time.perf_counter()
    while True:
        ready, _, _ = select.select([screen.master], [], [], rest)
        if not ready:
            return last
        screen.output += os.read(screen.master, 65536)
        last = time.perf_counter()


def in_pty(mode: str, side: str) -> Callable[[], float]:
    """A measure: one round in a pty, the median latency of its keys."""
    from tests.scenes.calculator import PAUSE, keys

    argv = [sys.executable, "-m", "elotui"] if side == "ours" else [sys.executable, "-c", BARE_APP]
    marker = "Your rating" if side == "ours" else "Opponent"

    def measure() -> float:
        from alternating import leave

        with terminal(argv, columns=SIZE[0], lines=SIZE[1]) as screen:
            screen.wait_for(marker if side == "ours" else b"\x1b[", 60.0)
            silence(screen, READY_REST)
            for press in keys(MODES[mode] if side == "ours" else BARE_READY):
                if press == PAUSE:
                    silence(screen, READY_REST, first=READY_REST)  # a mode built, a dialog opened
                    continue
                screen.send(TERMINAL_KEYS.get(press, press))
                silence(screen, first=2.0)  # a person's pace: each key shown before the next
            latencies = []
            for index in range(KEYS):
                key = typed_key(index)
                start = time.perf_counter()
                screen.send(TERMINAL_KEYS.get(key, key))
                latencies.append(silence(screen) - start)
            leave(screen)
            return statistics.median(latencies)

    return measure


def main() -> None:
    parser = arguments(__doc__, rounds=5, quick_rounds=2)
    parser.add_argument("--modes", default=",".join(MODES), help="comma-separated modes")
    parser.add_argument("--no-pty", action="store_true", help="in-process only")
    args = parser.parse_args()
    rounds = rounds_of(args)
    modes = [mode.strip() for mode in args.modes.split(",") if mode.strip()]
    rows: list[Row] = []
    print(f"load: {os.getloadavg()[0]:.1f} (1 min) at the start")
    with tempfile.TemporaryDirectory(prefix="elotui-bench-") as folder:
        # The app on its own logbook and settings (its language: English), whatever the user's.
        ENV.update(ELOTUI_DB=str(Path(folder) / "elotui.db"), ELOTUI_LANG="en")
        for mode in modes:
            cpu = Row(f"CPU per keystroke, {mode}, vs a bare Input → Static app", "cpu")
            latency = Row(
                f"keystroke to repainted screen, {mode} (in-process), vs the bare app", "time"
            )
            latencies: dict[str, list[float]] = {"ours": [], "bare": []}
            alternate(
                cpu,
                in_process(mode, "ours", latencies["ours"]),
                in_process(mode, "bare", latencies["bare"]),
                rounds,
            )
            latency.elotui, latency.baseline = latencies["ours"][1:], latencies["bare"][1:]
            rows += [cpu, latency]
            if not args.no_pty:
                pty = Row(f"keystroke to repainted screen, {mode} (pty), vs the bare app", "time")
                rows.append(alternate(pty, in_pty(mode, "ours"), in_pty(mode, "bare"), rounds))
    print(f"load: {os.getloadavg()[0]:.1f} (1 min) at the end")
    print_rows(rows)


if __name__ == "__main__":
    main()
