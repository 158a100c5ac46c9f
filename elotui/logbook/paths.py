"""Where the logbook lives, and how elotui's own files are created and read.

`--db PATH`, else `$ELOTUI_DB`, else `elotui.db` in the user data folder. `$ELOTUI_HOME` replaces the
platform's user data folder (tests point it into a temporary folder so they never touch a real one).
Nothing here runs at import time; `ensure_parent` creates the data folder on first use. A folder named
by `--db` or `$ELOTUI_DB` must exist already: a typo there is refused, not turned into new folders.

A database is a file path, or the URL of a PostgreSQL database (`postgresql://user@host/dbname`, a club's
shared logbook: `ServerLogbook`). Any other URL (`sqlite:///...`, `mysql://...`) and SQLite's `:memory:`
are refused with one line (`BadDatabasePath`); a file path is given to the engine as the exact file name
(`engine.make_engine`), so `?`, `#` and `%` in a name are plain characters. No part of a URL's password
is ever shown: `str(ServerLogbook)` and the refusals hide it (a `password=` of the query too), and one
holding an unescaped `@` (which would end it early: the rest would read as the host) is refused without
the URL. The password may also come from `PGPASSWORD` or `~/.pgpass`, which the driver reads itself,
out of the list of running processes (`holds_password`: the command line warns of a `--db` holding
one).

Only a regular file is opened or replaced (`kind_of_path`, `whole_file` in `files`, on
`elotui.regular_files`): a FIFO, a device, a folder, a socket or a dangling symbolic link is refused
before anything opens it.

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
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO, TypeAlias

import platformdirs

from elotui.errors import BadValue, FileUnusable
from elotui.i18n import _
from elotui.regular_files import PRIVATE_FILE_MODE as PRIVATE_FILE_MODE  # its home: one mode
from elotui.regular_files import NotRegularFile, open_regular

if TYPE_CHECKING:  # SQLAlchemy is loaded only when a server URL is given (not for `calc`)
    from sqlalchemy import URL

APP_NAME = "elotui"
DB_FILENAME = "elotui.db"
DB_ENV = "ELOTUI_DB"
HOME_ENV = "ELOTUI_HOME"

PRIVATE_FOLDER_MODE = 0o700


# `scheme://`: what a database URL starts with (RFC 3986 scheme), never a file elotui should create.
_URL_START = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")
MEMORY_DATABASE = ":memory:"
# A URL's password, to hide: after the user's `:`, up to the last `@` (a password holding an
# unescaped `@`, `/`, `?` or `:` is hidden whole; a part of what follows may be too, which is safe),
# and a `password=` of its query.
_PASSWORD_IN_URL = re.compile(r"(://[^/:?]*):.*@")
_PASSWORD_IN_QUERY = re.compile(r"([?&]password=)[^&]*", re.IGNORECASE)
# The schemes of a PostgreSQL URL (libpq takes both spellings; the last is SQLAlchemy's own with the driver).
SERVER_SCHEMES = ("postgresql", "postgres", "postgresql+psycopg")
SERVER_DRIVER = "postgresql+psycopg"  # psycopg 3, the optional extra `elotui[postgres]`


class UnreadableFile(FileUnusable):
    """A file named for reading that cannot be read as one; `str()` is the one-line reason."""


class NotText(UnreadableFile):
    """A file to import whose bytes are not UTF-8 text; `str()` is `FILE:LINE: reason`."""


class BadDatabasePath(BadValue):
    """A `--db`, `$ELOTUI_DB` or `$ELOTUI_HOME` value that is not a usable file path; `str()` says why."""


@dataclass(frozen=True)
class ServerLogbook:
    """A logbook in a PostgreSQL database. `str()` is its URL with the password hidden."""

    url: URL  # with the driver: postgresql+psycopg://user[:password]@host/dbname[?...]

    def __str__(self) -> str:
        return _shown(self.url)


# Where a logbook is: a file, or a database on a server.
LogbookAddress: TypeAlias = "Path | ServerLogbook"


def server_logbook(text: str, source: str) -> ServerLogbook:
    """The `postgresql://` URL `text` as a `ServerLogbook`, or `BadDatabasePath` naming `source`."""
    from sqlalchemy import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(text)
        url.port  # noqa: B018  (a port that is not a number fails here, not at connect time)
    except (ArgumentError, ValueError):
        raise BadDatabasePath(
            _("{source} is not a usable PostgreSQL URL (postgresql://USER@HOST/DBNAME)").format(
                source=source
            )
        ) from None
    if url.drivername not in SERVER_SCHEMES:
        raise BadDatabasePath(
            _("{source}: the driver {driver!r} is not psycopg").format(
                source=source, driver=url.drivername
            )
        )
    if "@" in (url.host or "") + (url.database or ""):
        # `user:pass@word@host/db`: the password ends at its first `@` and the rest reads as the
        # host (or, after a `/` in it, as the database); printed, it would show part of it.
        raise BadDatabasePath(
            _(
                "{source}: an @ in the URL's password (or after its host) is written %40; or leave"
                " the password out and give it in PGPASSWORD or ~/.pgpass"
            ).format(source=source)
        )
    url = url.set(drivername=SERVER_DRIVER)
    if not url.database:
        raise BadDatabasePath(
            _("{source} {url!r} names no database; give one: postgresql://USER@HOST/DBNAME").format(
                source=source, url=_shown(url)
            )
        )
    return ServerLogbook(url)


def _shown(url: URL) -> str:
    """A server's URL as elotui shows it: its scheme `postgresql`, no part of its password."""
    shown = url.set(drivername="postgresql").render_as_string(hide_password=True)
    return _without_password(shown)


def _without_password(url: str) -> str:
    """A URL as text with its password (`user:password@`, `?password=`) shown as `***`."""
    url = _PASSWORD_IN_URL.sub(r"\1:***@", url, count=1)
    return _PASSWORD_IN_QUERY.sub(r"\1***", url)


def holds_password(value: str) -> bool:
    """Whether `value` (a `--db`) is a URL holding a password, which anyone may read in the list of
    running processes (`ps`)."""
    return _without_password(value) != value


def checked_address(value: str | os.PathLike[str], source: str) -> LogbookAddress:
    """`value` as a file path (see `checked_path`) or, for a `postgresql://` URL, a `ServerLogbook`."""
    text = os.fspath(value)
    scheme = _URL_START.match(text)
    if scheme and scheme.group(0)[:-3].lower() in SERVER_SCHEMES:
        return server_logbook(text, source)
    return checked_path(text, source)


def checked_path(value: str | os.PathLike[str], source: str) -> Path:
    """`value` as a file path (`~` expanded), or `BadDatabasePath` naming `source` ("--db", ...)."""
    text = os.fspath(value)
    if not text:
        raise BadDatabasePath(_("{source} is empty; give a file path").format(source=source))
    if "\x00" in text:
        raise BadDatabasePath(
            _("{source} {text!r} contains a NUL character").format(source=source, text=text)
        )
    if _URL_START.match(text):
        raise BadDatabasePath(
            _(
                "{source} {url!r} is a database URL elotui cannot use; give the "
                "path of a logbook file or a PostgreSQL URL (postgresql://USER@HOST/DBNAME)"
            ).format(source=source, url=_without_password(text))
        )
    if text == MEMORY_DATABASE:
        raise BadDatabasePath(
            _(
                "{source} {memory} would keep the logbook in memory and lose it on exit; "
                "give a file path"
            ).format(source=source, memory=MEMORY_DATABASE)
        )
    try:
        return Path(text).expanduser()
    except RuntimeError:  # `~user` of no known user, or no home folder at all
        user = text.split("/", 1)[0]
        raise BadDatabasePath(
            _("{source} {text!r}: no home folder for {user!r}").format(
                source=source, text=text, user=user
            )
        ) from None


def data_dir() -> Path:
    """The folder for elotui's own files: `$ELOTUI_HOME`, else the platform's user data folder."""
    home = os.environ.get(HOME_ENV)
    if home:
        return checked_path(home, f"${HOME_ENV}")
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def default_db_path() -> Path:
    """`elotui.db` in the data folder: the one place whose missing folders elotui creates."""
    return data_dir() / DB_FILENAME


def resolve_db_path(cli_value: str | os.PathLike[str] | None = None) -> LogbookAddress:
    """The logbook to use (a file need not exist yet; a server is not contacted). Raises
    `BadDatabasePath`."""
    if cli_value is not None:
        return checked_address(cli_value, "--db")
    from_env = os.environ.get(DB_ENV)
    if from_env:
        return checked_address(from_env, f"${DB_ENV}")
    return default_db_path()


def kind_of_path(path: Path) -> str | None:
    """What `path` is when it is not a regular file, in words ("a pipe (FIFO)", ...), else None.

    None for a regular file (a link to one included: the user named it) and for nothing at all (a
    file to create). Only `stat` is used: a FIFO is never opened, so this cannot block.
    """
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        if os.path.lexists(path):
            return _("a symbolic link to nothing")
        return None
    except NotADirectoryError:
        return _("inside something that is not a folder")
    except OSError as error:
        return _("not readable ({reason})").format(reason=error.strerror)
    return _kind_of(mode)


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
            path,
            os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
            PRIVATE_FILE_MODE,
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
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a pipe (FIFO)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


def refusal_to_read(path: Path) -> str | None:
    """Why `path` cannot be imported (one line), or None if it is a regular file. Opens nothing."""
    try:
        mode = path.stat().st_mode  # follows a link: the user named it
    except FileNotFoundError:
        return _("{path}: no such file").format(path=path)
    except OSError as error:
        return _("{path}: cannot read it ({reason})").format(path=path, reason=error.strerror)
    kind = _kind_of(mode)
    return None if kind is None else _not_to_import(path, kind)


def _not_to_import(path: Path, kind: str) -> str:
    return _("{path} is {kind}, not a file to import").format(path=path, kind=kind)


def open_named_file(
    path: Path, *, encoding: str, errors: str = "strict", newline: str | None = None
) -> TextIO:
    """Open exactly `path` for reading as text, refusing anything but a regular file.

    Opened non-blocking (a FIFO would otherwise wait for a writer) and checked with `fstat` on the open
    descriptor, so what is read is what was checked (`elotui.regular_files.open_regular`). Raises
    `UnreadableFile` or `OSError`.
    """
    try:
        descriptor = open_regular(path)
    except NotRegularFile as error:
        raise UnreadableFile(_not_to_import(path, _kind_of(error.mode) or "")) from None
    raw = io.FileIO(descriptor, "rb", closefd=True)
    return io.TextIOWrapper(
        io.BufferedReader(raw), encoding=encoding, errors=errors, newline=newline
    )


# Byte order marks of the encodings a file saved by a spreadsheet or an editor may carry, that are
# not UTF-8: named in the refusal, so the user knows what to save the file as instead.
_OTHER_BOMS = (
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)
_UTF8_BOM = b"\xef\xbb\xbf"


def decode_text(raw: bytes, label: str, *, else_latin1: bool = False) -> str:
    """`raw` as UTF-8 text (a leading BOM is dropped), else `UnreadableFile` saying `FILE:LINE: ...`.

    elotui reads UTF-8 only, with or without a BOM: a guess at another encoding could read a name
    wrongly without a word (Windows-1252 `Müller` is not Latin-1 `Müller` byte for byte), and a name
    read wrongly no longer matches its player. The line is counted from the raw bytes themselves.
    `else_latin1`: text that is not UTF-8 is read as Latin-1 (a format whose older files are Latin-1
    by custom, as TRF's are); binary data and UTF-16/32 are still refused.
    """
    return decode_text_as(raw, label, otherwise="latin-1" if else_latin1 else None)[0]


WINDOWS_1252 = "cp1252"


def decode_text_as(raw: bytes, label: str, *, otherwise: str | None = None) -> tuple[str, str]:
    """`decode_text`, and the encoding the text was read in: "utf-8", else `otherwise` (Latin-1,
    or Windows-1252 for a spreadsheet's CSV: what Excel and LibreOffice write on Windows when not
    told UTF-8), when the bytes are not UTF-8 and are text in it (no NUL; for Windows-1252 none of
    its five undefined bytes)."""
    for bom, name in _OTHER_BOMS:
        if raw.startswith(bom):
            raise NotText(
                _("{file}:1: {encoding} text, not UTF-8 (save it as UTF-8)").format(
                    file=label, encoding=name
                )
            )
    if raw.startswith(_UTF8_BOM):
        raw = raw[len(_UTF8_BOM) :]
    nul = raw.find(b"\x00")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        if 0 <= nul < error.start:
            raise NotText(_binary(label, _line_at(raw, nul))) from None
        if otherwise is not None and nul < 0:
            try:
                return raw.decode(otherwise), otherwise
            except UnicodeDecodeError as other:
                raise NotText(
                    _("{file}:{line}: neither UTF-8 nor Windows-1252 text (save it as UTF-8)")
                    .format(file=label, line=_line_at(raw, other.start))
                ) from None  # fmt: skip
        raise NotText(
            _("{file}:{line}: not UTF-8").format(file=label, line=_line_at(raw, error.start))
        ) from None
    if nul >= 0:
        raise NotText(_binary(label, _line_at(raw, nul)))
    return text, "utf-8"


def _line_at(raw: bytes, offset: int) -> int:
    return raw.count(b"\n", 0, offset) + 1


def read_named_text(path: Path, *, else_latin1: bool = False) -> str:
    """The whole text of exactly `path` (see `open_named_file`), UTF-8 (else Latin-1 when
    `else_latin1`: see `decode_text`)."""
    return read_named_text_as(path, otherwise="latin-1" if else_latin1 else None)[0]


def read_named_text_as(path: Path, *, otherwise: str | None = None) -> tuple[str, str]:
    """`read_named_text`, and the encoding it was read in (see `decode_text_as`)."""
    with open_named_file(path, encoding="latin-1") as handle:
        raw = handle.buffer.read()
    return decode_text_as(raw, str(path), otherwise=otherwise)


def _binary(label: str, line: int) -> str:
    return _("{file}:{line}: binary data, not text").format(file=label, line=line)
