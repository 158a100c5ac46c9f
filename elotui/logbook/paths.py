"""Where the logbook lives, and how elotui's own files are created and read.

`--db PATH`, else `$ELOTUI_DB`, else `elotui.db` in the user data folder. `$ELOTUI_HOME` replaces the
platform's user data folder (tests point it into a temporary folder so they never touch a real one).
Nothing here runs at import time; `ensure_parent` creates the folder on first use.

Privacy: a logbook is personal. The folders elotui creates are `0700` and the files it creates (the
database, its backups) are `0600`; SQLite gives the `-wal`/`-shm` files the database file's mode. An
existing file or folder keeps the mode its owner gave it.

Reading: an import reads exactly the file it was given (`open_named_file`): a symbolic link named on the
command line is followed (the user named it), but a folder, a FIFO, a device or a socket is refused before
anything is read, so an import can neither block on a pipe nor read a device.
"""

from __future__ import annotations

import contextlib
import io
import os
import stat
from pathlib import Path
from typing import TextIO

import platformdirs

APP_NAME = "elotui"
DB_FILENAME = "elotui.db"
DB_ENV = "ELOTUI_DB"
HOME_ENV = "ELOTUI_HOME"

PRIVATE_FOLDER_MODE = 0o700
PRIVATE_FILE_MODE = 0o600


class UnreadableFile(Exception):
    """A file named for reading that cannot be read as one; `str()` is the one-line reason."""


def data_dir() -> Path:
    """The folder for elotui's own files: `$ELOTUI_HOME`, else the platform's user data folder."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser()
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def resolve_db_path(cli_value: str | os.PathLike[str] | None = None) -> Path:
    """The database file to use; the file and its folder need not exist yet."""
    if cli_value:
        return Path(cli_value).expanduser()
    from_env = os.environ.get(DB_ENV)
    if from_env:
        return Path(from_env).expanduser()
    return data_dir() / DB_FILENAME


def ensure_parent(path: Path) -> None:
    """Create the folder that will hold `path` (the data folder on first use), each new level `0700`."""
    missing: list[Path] = []
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for folder in reversed(missing):
        with contextlib.suppress(FileExistsError):  # made meanwhile by another elotui
            folder.mkdir(mode=PRIVATE_FOLDER_MODE)


def create_private_file(path: Path) -> bool:
    """Create `path` empty with mode `0600`; False if something (even a dangling link) is already there.

    `O_EXCL` never follows a link and never truncates: a name taken meanwhile is left alone.
    """
    try:
        descriptor = os.open(
            path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, PRIVATE_FILE_MODE
        )
    except FileExistsError:
        return False
    try:
        os.fchmod(descriptor, PRIVATE_FILE_MODE)  # whatever the umask
    finally:
        os.close(descriptor)
    return True


def _kind_of(mode: int) -> str | None:
    """What a non-regular file is, in words (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def refusal_to_read(path: Path) -> str | None:
    """Why `path` cannot be imported (one line), or None if it is a regular file. Opens nothing."""
    try:
        mode = path.stat().st_mode  # follows a link: the user named it
    except FileNotFoundError:
        return f"{path}: no such file"
    except OSError as error:
        return f"{path}: cannot read it ({error.strerror})"
    kind = _kind_of(mode)
    return None if kind is None else f"{path} is {kind}, not a file to import"


def open_named_file(
    path: Path, *, encoding: str, errors: str = "strict", newline: str | None = None
) -> TextIO:
    """Open exactly `path` for reading as text, refusing anything but a regular file.

    Opened non-blocking (a FIFO would otherwise wait for a writer) and checked with `fstat` on the open
    descriptor, so what is read is what was checked. Raises `UnreadableFile` or `OSError`.
    """
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        kind = _kind_of(os.fstat(descriptor).st_mode)
        if kind is not None:
            raise UnreadableFile(f"{path} is {kind}, not a file to import")
        os.set_blocking(descriptor, True)
        raw = io.FileIO(descriptor, "rb", closefd=True)
    except BaseException:
        os.close(descriptor)
        raise
    return io.TextIOWrapper(
        io.BufferedReader(raw), encoding=encoding, errors=errors, newline=newline
    )
