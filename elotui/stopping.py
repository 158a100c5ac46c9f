"""Bulk work (rows read, periods replayed, in the rating core and the logbook) stopped when its
caller no longer wants it (`stop_when`, `check_stop`). Pure Python."""

from __future__ import annotations

import contextlib
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
