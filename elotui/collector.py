"""The cyclic garbage collector paused where it costs most and finds nothing: around bulk work over
many objects (`gc_paused`: the replay, a long read, an import) and while the app starts
(`pause_for_start_up`, `start_up_done`). Pure Python.

Measured (docs/performance.md, this module's callers): a replay of 100,000 games runs a third faster
paused, and makes one pause of the collector instead of several of up to 0.4 s, each of which stops
the app's screen while the history replays in its thread; the start-up pause keeps the first paint
within its goal.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector around bulk work.

    100,000 games make hundreds of thousands of tracked objects and no reference cycles; the
    collector's passes over them would cost a third or more of the time. It resumes only if it was
    running, so nested or concurrent bulk calls never leave it off.
    """
    was_collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_collecting:
            gc.enable()


def pause_for_start_up() -> None:
    """Stop the cyclic garbage collector while the app starts; `start_up_done` turns it back on.

    Start-up makes a few hundred thousand objects that live as long as the process (modules,
    classes, the widgets of the first screen) and next to no garbage, and the collector walks them
    again and again while they are made: measured, tens of milliseconds of the time to first paint
    (tests/benchmarks/bench_startup.py). The little garbage made meanwhile is frozen with the rest.
    """
    gc.disable()


def start_up_done() -> None:
    """Freeze what start-up made, so that later collections skip it, and collect again."""
    gc.freeze()
    gc.enable()
