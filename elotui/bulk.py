"""Garbage-collector helpers for work that makes many objects at once: bulk rows in the rating core
and the logbook, and the app's start-up (pure Python)."""

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
