"""The app in a real pseudo-terminal, as a user runs it: keys go in as bytes, the screen comes out
as the escape sequences Textual writes. Used by tests/tui/test_terminal.py and by the start-up
benchmark (tests/benchmarks/bench_startup.py)."""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import termios
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType

# Escape sequences (CSI, OSC, single-character) between the characters of the screen.
ESCAPES = re.compile(rb"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[@-Z\\-_])")

BACKSPACE = "\x7f"
CTRL_Q = "\x11"
CTRL_U = "\x15"


class Terminal:
    """A child process on a pseudo-terminal of `columns` × `lines`."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        env: Mapping[str, str],
        cwd: Path | None = None,
        columns: int = 120,
        lines: int = 40,
    ) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        size = {"TERM": "xterm-256color", "COLUMNS": str(columns), "LINES": str(lines)}
        self.started = time.perf_counter()
        self.child = subprocess.Popen(
            list(argv),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            cwd=cwd,
            env={**env, **size},
            start_new_session=True,
        )
        os.close(slave)
        self.output = b""

    def send(self, text: str) -> None:
        os.write(self.master, text.encode())

    def text(self, since: int = 0) -> str:
        """Everything written so far (from byte `since` on), escape sequences removed."""
        return ESCAPES.sub(b"", self.output[since:]).decode(errors="replace")

    def wait_for(self, wanted: bytes | str, timeout: float = 30.0, *, since: int = 0) -> float:
        """Read until `wanted` has been written (bytes: as written; str: in `text()`), after byte
        `since` of the output (`len(terminal.output)` before a key); the time since the launch
        when it was."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            if isinstance(wanted, bytes) and wanted in self.output[since:]:
                return time.perf_counter() - self.started
            if isinstance(wanted, str) and wanted in self.text(since):
                return time.perf_counter() - self.started
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:  # the child has gone
                    break
        raise AssertionError(f"{wanted!r} never appeared; last output: {self.text()[-400:]!r}")

    def wait_exit(self, timeout: float = 120.0) -> int:
        """The child's exit status, reading what it still writes meanwhile: a pseudo-terminal nobody
        reads fills up and blocks the writer, so an app quitting in the middle of a big frame would
        never end. `timeout` only bounds a hang; the wait is on the exit itself."""
        deadline = time.perf_counter() + timeout
        while self.child.poll() is None:
            if time.perf_counter() > deadline:
                raise AssertionError(f"never exited; last output: {self.text()[-400:]!r}")
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:  # the child has gone
                    break
        return self.child.wait()

    def close(self) -> None:
        if self.child.poll() is None:
            os.killpg(self.child.pid, signal.SIGKILL)
        self.child.wait()
        os.close(self.master)

    def __enter__(self) -> Terminal:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
