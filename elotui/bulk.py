"""Helpers for work over many rows at once, shared by the rating core and the logbook (pure Python)."""

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
