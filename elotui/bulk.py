"""Helpers for work over many objects at once (bulk rows in the rating core and the logbook, and the
app's start-up), pure Python: the garbage collector paused around it, and a way to stop it when its
caller no longer wants it (`stop_when`)."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Iterator
from contextvars import ContextVar

# What the bulk work of this thread asks before each step (`check_stop`); None: never stop.
_no_longer_wanted: ContextVar[Callable[[], bool] | None] = ContextVar(
    "elotui_no_longer_wanted", default=None
)


class Stopped(BaseException):
    """Bulk work given up at a `check_stop` because its caller no longer wants it (`stop_when`).

    Not an `Exception`, like `asyncio.CancelledError` and for the same reason: no `except
    Exception` on the way (a refused read said on the screen) takes a stop for a failure."""


@contextlib.contextmanager
def stop_when(no_longer_wanted: Callable[[], bool]) -> Iterator[None]:
    """Bulk work done inside gives up, raising `Stopped` at its next `check_stop`, once
    `no_longer_wanted()` is true.

    Why: the app's history reads and replays a player's games in a thread, and Python waits for
    that thread before the process ends: with a million games, Ctrl+Q waited seven seconds for a
    replay nobody would see. The steps are a chunk of rows read and a rating period replayed, so
    the work stops within a few milliseconds. Work outside any `stop_when` (a write, a command)
    never stops: a context variable, so it holds for this thread's work only.
    """
    token = _no_longer_wanted.set(no_longer_wanted)
    try:
        yield
    finally:
        _no_longer_wanted.reset(token)


def check_stop() -> None:
    """Raise `Stopped` if the work's caller no longer wants it (`stop_when`); a step of bulk work
    calls this once (it costs a context variable's look-up)."""
    no_longer_wanted = _no_longer_wanted.get()
    if no_longer_wanted is not None and no_longer_wanted():
        raise Stopped


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
