"""The process around a command: the signals that stop it.

SIGTERM and SIGHUP (the terminal closed) take the way out of Ctrl+C (`stops_as_interrupt`): whatever
handles SIGINT then handles them too, Python's `KeyboardInterrupt` in a command, asyncio's in the app
(it cancels the app, which quits as on Ctrl+Q). So every `finally` runs and every cleanup with it: an
export's temporary file is removed, the demo's temporary folder too (at exit). A signal ignored when
elotui starts (`nohup`) stays ignored. The exit code is then 128 + the signal's number, as the shell
reports a process it killed.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
INTERRUPTED = 128 + signal.SIGINT  # the exit code after Ctrl+C, as the shell gives it

# --- signals --------------------------------------------------------------------------------------


class Stop:
    """The stop signal received during a command, if any (`stops_as_interrupt`)."""

    def __init__(self) -> None:
        self.signal_number: int | None = None

    def interrupt(self, number: int, frame: FrameType | None) -> None:
        """A signal handler: SIGINT's own, run for `number` (see the module's docstring)."""
        self.signal_number = number
        handler = signal.getsignal(signal.SIGINT)
        if callable(handler):
            handler(signal.SIGINT, frame)
        else:  # SIGINT ignored (a background job of a script): stopping is still asked
            raise KeyboardInterrupt

    def exit_code(self, code: int) -> int:
        """128 + the signal's number after a stop signal, else `code`."""
        return code if self.signal_number is None else 128 + self.signal_number


@contextlib.contextmanager
def stops_as_interrupt() -> Iterator[Stop]:
    """SIGTERM and SIGHUP stop the block as Ctrl+C does; the handlers before it are put back after
    (a test runs commands in its own process)."""
    stop = Stop()
    previous: dict[int, Callable[[int, FrameType | None], object] | int | None] = {}
    if threading.current_thread() is threading.main_thread():  # the only one signals reach
        for number in STOP_SIGNALS:
            if signal.getsignal(number) is signal.SIG_DFL:
                previous[number] = signal.signal(number, stop.interrupt)
    try:
        yield stop
    finally:
        for restored, handler in previous.items():
            signal.signal(restored, handler)
