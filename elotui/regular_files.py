"""Regular files only, read without blocking and replaced whole: how elotui reads and writes the files
around the logbook (an import, an export, the settings).

Reading (`open_regular`): the file is opened non-blocking (a FIFO would otherwise wait for a writer)
and checked with `fstat` on the open descriptor, so what is read is what was checked; anything but a
regular file (a folder, a FIFO, a device, a socket) is `NotRegularFile`.

Writing (`replaced_whole`): a new file made by `mkstemp` in the same folder (a random name, `O_EXCL`:
a link planted at a fixed name is never followed), renamed over the file once whole. Any way out
before that (an error, Ctrl+C, SIGTERM or SIGHUP, which the command line turns into the same exit)
removes the temporary file and leaves the old one as it was. A name that is a symbolic link is
replaced by the new file (an export: a link planted at its name is never written through), or, when
the caller asks, its target is (the settings: a link the user made to keep them elsewhere).

Below every layer, `elotui.i18n` included (its settings file is written here): nothing here has words;
the callers say what went wrong in theirs.
"""

from __future__ import annotations

import contextlib
import glob
import os
import secrets
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

PRIVATE_FILE_MODE = 0o600  # a file elotui creates is readable by its user only


class NotRegularFile(Exception):
    """A path that is there but is not a regular file; `mode` is its `st_mode`, for the caller to
    name what it is."""

    def __init__(self, mode: int) -> None:
        super().__init__(f"not a regular file (mode {mode:o})")
        self.mode = mode


def open_regular(path: str | os.PathLike[str]) -> int:
    """A descriptor open for reading on exactly `path` (a link is followed: the user named it),
    blocking again once checked. `NotRegularFile` or `OSError` (`FileNotFoundError`...)."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFile(mode)
        os.set_blocking(descriptor, True)
    except BaseException:
        os.close(descriptor)
        raise
    return descriptor


@contextlib.contextmanager
def replaced_whole(
    path: Path, *, new_mode: int = PRIVATE_FILE_MODE, through_link: bool = False
) -> Iterator[TextIO]:
    """A UTF-8 text file to write `path` into, renamed into place when the block ends (see the
    module's docstring), over the target of a link at `path` with `through_link`. A file being
    replaced keeps the mode its owner gave it; a new one gets `new_mode`, whatever the umask.
    `NotRegularFile` when `path` is a folder, a FIFO or a device (one would become a plain file);
    `OSError` when it cannot be written (nothing changed then)."""
    target = Path(os.path.realpath(path)) if through_link else path
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = new_mode
    else:
        if not stat.S_ISREG(mode):
            raise NotRegularFile(mode)
        mode = stat.S_IMODE(mode)
    # The partial file's name starts with a token of this call's own, so that the one it made is
    # found and removed even when a stop signal (Ctrl+C, SIGTERM, SIGHUP) comes between its
    # creation inside `mkstemp` and `mkstemp` returning its name.
    prefix = f".{target.name}.{secrets.token_hex(4)}."
    try:
        descriptor, partial = tempfile.mkstemp(prefix=prefix, suffix=".partial", dir=target.parent)
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as handle:
            os.fchmod(handle.fileno(), mode)
            yield handle
        os.replace(partial, target)
    except BaseException:
        for left in target.parent.glob(glob.escape(prefix) + "*.partial"):
            with contextlib.suppress(OSError):
                left.unlink()
        raise
