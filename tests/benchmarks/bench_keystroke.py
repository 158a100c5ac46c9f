"""CPU per calculator keystroke, and keystroke to repainted screen, in-process (headless, 120×40),
against a bare Textual app (one `Input` whose value a `Static` shows) typing the same keys; a round
of each alternately.

A round types `KEYS` keys ("0", then Backspace, in turn: a rating of 160 becomes 1600 and back) into
the calculator's opponent rating with 1500 / 160 typed (in the bare app: into its Input with 160
typed), one key at a time, as a person types: each key is posted as a terminal would send it, and
the next waits until the screen has been repainted and then stayed unpainted for `REST` seconds.
- CPU: `time.process_time()` (the whole process, every thread) over the round, per key. The rest
  between keys is idle time, and nearly no CPU, for both sides. Goal (issue 13): ≤ 1.5×.
- latency: from posting the key to the last repaint it caused. Goal: < 16 ms (one frame).

Run: `uv run python tests/benchmarks/bench_keystroke.py [--quick] [--rounds N]`.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from alternating import Row, alternate, arguments, print_rows, rounds_of
from textual.app import App, ComposeResult
from textual.widgets import Input, Static

KEYS = 40
REST = 0.05  # no repaint for this long after a key: the key is done
POLL = 0.002  # the waits look this often (a wake-up costs microseconds of CPU)
SIZE = (120, 40)


class BareInput(App[None]):
    def compose(self) -> ComposeResult:
        rating = Input(id="rating")
        rating.cursor_blink = False  # as the calculator's here: a blink is a repaint no key caused
        yield rating
        yield Static(id="shown")

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#shown", Static).update(f"Opponent rating: {event.value}")


def elotui_app() -> Any:
    from tests.scenes.calculator import scene_app

    return scene_app()


async def type_keys(app: App[Any], ready: list[str]) -> tuple[float, float]:
    """Type `ready` (not measured), then the `KEYS` keys; CPU seconds per key, median latency."""
    from elotui.tui.textual_private import on_each_paint
    from tests.scenes.calculator import key_event, settle

    async with app.run_test(size=SIZE):
        await settle(app)
        for press in ready:
            event = key_event(press)
            event.set_sender(app)
            app.post_message(event)
            await settle(app)
        painted: list[float] = []
        on_each_paint(app.screen, lambda: painted.append(time.perf_counter()))
        latencies = []
        cpu_start = time.process_time()
        for index in range(KEYS):
            event = key_event("0" if index % 2 == 0 else "backspace")
            event.set_sender(app)
            painted.clear()
            start = time.perf_counter()
            app.post_message(event)
            while not painted or time.perf_counter() - painted[-1] < REST:
                await asyncio.sleep(POLL)
            latencies.append(painted[-1] - start)
        cpu = (time.process_time() - cpu_start) / KEYS
        return cpu, statistics.median(latencies)


def main() -> None:
    args = arguments(__doc__, rounds=9, quick_rounds=3).parse_args()
    rounds = rounds_of(args)
    cpu = Row("CPU per calculator keystroke, vs a bare Input → Static app", "cpu")
    latency = Row(
        "calculator keystroke to repainted screen (in-process), vs the same bare app", "time"
    )
    latencies: dict[str, list[float]] = {"ours": [], "bare": []}

    def measure(side: str) -> float:
        if side == "ours":
            app, ready = elotui_app(), [*"1500", "tab", *"160"]
        else:
            app, ready = BareInput(), list("160")
        per_key, median_latency = asyncio.run(type_keys(app, ready))
        latencies[side].append(median_latency)
        return per_key

    alternate(cpu, lambda: measure("ours"), lambda: measure("bare"), rounds)
    latency.elotui, latency.baseline = latencies["ours"][1:], latencies["bare"][1:]  # after warm-up
    print_rows([cpu, latency])


if __name__ == "__main__":
    main()
