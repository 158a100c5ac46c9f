"""The process around a command: the signals that stop it and the standard streams it writes to.

Signals: SIGTERM and SIGHUP (the terminal closed) take the way out of Ctrl+C (`stops_as_interrupt`):
whatever handles SIGINT then handles them too, Python's `KeyboardInterrupt` in a command, asyncio's
in the app (it cancels the app, which quits as on Ctrl+Q). So every `finally` runs and every cleanup
with it: an export's temporary file is removed, the demo's temporary folder too (at exit). A signal
ignored when elotui starts (`nohup`) stays ignored. The exit code is then 128 + the signal's number, as
the shell reports a process it killed.

Streams: stdout closed (`>&-`) is refused before anything runs (`refuse_closed_stdout`: a command
would otherwise write nothing and exit 0, and the first file it opens would become descriptor 1). What
stdout cannot take (a full device) is said in one line on stderr, exit code 1 (`watched_stdout`
tells its failures from any other file's: `OutputLost`), never a traceback; a reader that left
(`elotui ... | head`) is not told anything. A terminal whose encoding cannot hold a character
(`PYTHONIOENCODING=ascii`, a Latin-1 locale) gets an ASCII rendering of it in text ("é" as "e", "−" as
"-", "→" as "->", anything else "?"); data (JSON, an export) is written in UTF-8 whatever the
terminal's encoding (`data_output`): the bytes a file gets, and JSON's own encoding (RFC 8259).
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import io
import os
import signal
import sys
from collections.abc import Callable, Iterator
from types import FrameType
from typing import TextIO

from elotui.i18n import _

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)
INTERRUPTED = 128 + signal.SIGINT  # the exit code after Ctrl+C, as the shell gives it
OUTPUT_LOST = 1  # stdout could not take what was written: not bad input (2), and maybe done

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
    for number in STOP_SIGNALS:
        if signal.getsignal(number) is signal.SIG_DFL:
            try:
                previous[number] = signal.signal(number, stop.interrupt)
            except ValueError:  # not the main thread, the only one signals reach
                break
    try:
        yield stop
    finally:
        for restored, handler in previous.items():
            signal.signal(restored, handler)


# --- streams --------------------------------------------------------------------------------------


def refuse_closed_stdout() -> None:
    """One line on stderr and `SystemExit(2)` when stdout is closed (Python then has no `sys.stdout`)."""
    if sys.stdout is not None:
        return
    if sys.stderr is not None:
        with contextlib.suppress(OSError):
            print(
                "elotui: "
                + _(
                    "the standard output is closed: nothing can be written (redirect it to a file)"
                ),
                file=sys.stderr,
            )
    raise SystemExit(2)


def has_terminal() -> bool:
    """Whether stdin, stdout and stderr are a terminal, as the app needs (Textual reads keys from
    stdin and draws on stderr; stdout redirected means a script, which the commands are for)."""
    streams = (sys.__stdin__, sys.__stdout__, sys.__stderr__)
    return all(stream is not None and stream.isatty() for stream in streams)


class OutputLost(OSError):
    """A write to stdout that failed (a full device, a closed pipe), told apart from any other
    file's: only this one is said as stdout's (`lost`)."""


class _Stdout(io.TextIOWrapper):
    """stdout, whose failures are `OutputLost`, and remembered (`failure`): argparse's help, for
    one, passes over an error of its writing."""

    failure: OutputLost | None = None

    def write(self, text: str) -> int:
        try:
            return super().write(text)
        except OSError as error:
            raise self._lost(error) from error

    def flush(self) -> None:
        try:
            super().flush()
        except OSError as error:
            raise self._lost(error) from error

    def _lost(self, error: OSError) -> OutputLost:
        self.failure = self.failure or OutputLost(error.errno, error.strerror)
        return self.failure


@contextlib.contextmanager
def watched_stdout() -> Iterator[None]:
    """The process's stdout, for the block, as a `_Stdout` that writes in ASCII what its encoding
    cannot hold; stderr too gets the ASCII rendering (see the module's docstring). A stdout replaced
    already (a test running commands in its own process) is left as it is."""
    codecs.register_error(_ASCII_RENDERING, _ascii_rendering)
    if isinstance(sys.stderr, io.TextIOWrapper) and not _is_utf8(sys.stderr):
        sys.stderr.reconfigure(errors=_ASCII_RENDERING)
    original = sys.stdout
    if (
        original is None
        or original is not sys.__stdout__
        or not isinstance(original, io.TextIOWrapper)
    ):
        yield
        return
    original.flush()
    watched = _Stdout(
        original.buffer,
        encoding=original.encoding,
        errors=original.errors if _is_utf8(original) else _ASCII_RENDERING,
        line_buffering=original.line_buffering,
        write_through=original.write_through,
    )
    sys.stdout = watched
    try:
        yield
    finally:
        sys.stdout = original
        with contextlib.suppress(OSError):  # said already, or to be said by Python at exit
            watched.flush()
        with contextlib.suppress(OSError):
            watched.detach()  # stdout's buffer stays open, for Python's last flush


@contextlib.contextmanager
def data_output() -> Iterator[TextIO]:
    """stdout for data (JSON, CSV), in UTF-8 whatever the terminal's encoding."""
    stream = sys.stdout
    buffer = getattr(stream, "buffer", None)
    if buffer is None or _is_utf8(stream):
        yield stream
        return
    stream.flush()
    out = _Stdout(
        buffer,
        encoding="utf-8",
        line_buffering=bool(stream.line_buffering),
        write_through=bool(getattr(stream, "write_through", False)),
    )
    try:
        yield out
    finally:
        try:
            out.flush()
        finally:
            out.detach()  # stdout's buffer stays open, for what follows


def flushed(code: int) -> int:
    """`code` once what was written to stdout has left; else `lost`'s code."""
    stream = sys.stdout
    try:
        if stream is not None:  # None: closed, and refused
            stream.flush()
    except OSError as error:
        return lost(error)
    failure = stream.failure if isinstance(stream, _Stdout) else None  # one passed over
    return code if failure is None else lost(failure)


def lost(error: OSError) -> int:
    """Say, once, that stdout could not take what was written (nothing for a reader that left:
    `elotui ... | head`); the exit code."""
    # What stdout still holds is dropped, so that Python's own flush at exit has nothing to complain of.
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    if isinstance(sys.stdout, _Stdout):
        sys.stdout.failure = None  # said here
    if error.errno == errno.EPIPE:
        return 0
    with contextlib.suppress(OSError):
        print(
            "elotui: "
            + _("cannot write to the standard output: {reason}").format(
                reason=error.strerror or error
            ),
            file=sys.stderr,
        )
    return OUTPUT_LOST


def _is_utf8(stream: TextIO) -> bool:
    encoding = getattr(stream, "encoding", None)
    return encoding is None or codecs.lookup(encoding).name == "utf-8"


_ASCII_RENDERING = "elotui-ascii"

# The signs elotui writes, and the quotes of French text, as ASCII; letters lose their accents
# (Unicode's compatibility decomposition); anything else is "?".
_ASCII_SIGNS = {
    "−": "-", "–": "-", "—": "-", "·": ".", "•": "*", "…": "...", "→": "->", "←": "<-",
    "↑": "^", "↓": "v", "×": "x", "½": "1/2", "≥": ">=", "≤": "<=", "«": '"', "»": '"',
    "‘": "'", "’": "'", "“": '"', "”": '"', "✓": "ok", "✗": "no",
}  # fmt: skip


def _ascii_rendering(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    text = error.object[error.start : error.end]
    return "".join(_ascii(character) for character in text), error.end


def _ascii(character: str) -> str:
    if character in _ASCII_SIGNS:
        return _ASCII_SIGNS[character]
    import unicodedata  # here: only a terminal that lacks a character needs it

    letters = unicodedata.normalize("NFKD", character)
    kept = "".join(c for c in letters if c.isascii() and not unicodedata.combining(c))
    return kept or "?"
