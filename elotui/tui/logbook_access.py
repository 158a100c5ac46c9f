"""The app's way to its logbook: a repository given at start, or one opened later in a thread.

Opening a logbook loads SQLAlchemy and SQLModel (about half a second), longer than Textual takes to paint
the calculator. So `elotui` starts the app first and opens an up-to-date database file in a background
thread once the first screen is painted (`open_in_background`); the history screen's thread workers call
`get()`, which waits for that opening if it is still going. Migrations never run here: `elotui` applies
pending ones before the app starts (see `elotui.cli.app_commands`).

`elotui history` starts the same way: its first page comes from a `reader` (plain `sqlite3`,
`elotui.logbook.reader`), the opening waits for the first frame (`hold_until_first_frame`), and the
history screen says when that frame is shown (`first_frame_shown`), so not even the import of
SQLAlchemy shares the interpreter with the first paint.

It is also where the app turns a user's error into what it says: `attempt(job)` runs a logbook job
and gives back a `Notice` for any `ElotuiError` (see elotui/errors.py), never a crash; the CLI's
counterpart is `elotui.cli._run`.

This module imports nothing heavy; the repository types are only named for the type checker.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, Protocol, TypeVar

from elotui.errors import ElotuiError, LogbookRefused
from elotui.i18n import _

if TYPE_CHECKING:
    from elotui.logbook.reader import LogbookReader
    from elotui.logbook.records import GameRecord, RatingList
    from elotui.logbook.repository import Repository


T = TypeVar("T")


class LogbookUnavailable(LogbookRefused):
    """There is no logbook, or it could not be opened; `str()` says why in one line."""


class FirstPageSource(Protocol):
    """What the history's first page is read from: the repository, or the plain `sqlite3` reader."""

    def player_ids_by_name(self) -> dict[str, int]: ...

    def list_games(
        self, player_id: int, *, limit: int, offset: int = 0, rating_list: RatingList = ...
    ) -> list[GameRecord]: ...


class Notice(NamedTuple):
    """What the app says of a failed job: one line, and the lines under it (a failed import's)."""

    message: str
    details: tuple[str, ...] = ()


def notice_of(error: ElotuiError) -> Notice:
    return Notice(error.headline, tuple(error.details))


def failure_words(error: Exception) -> str:
    """What the app says of a read that failed on something else than an `ElotuiError` (the
    driver's own error: a server gone): one line, never SQLAlchemy's SQL and web link."""
    from elotui.logbook.schema_refusals import one_line  # here: it loads the database layer

    return one_line(error)


def attempt(job: Callable[[], T]) -> T | Notice:
    """`job()`, or the `Notice` of the `ElotuiError` it raised: the one place the app catches them."""
    try:
        return job()
    except ElotuiError as error:
        return notice_of(error)


def open_file(path: Path) -> Callable[[], Repository]:
    def opener() -> Repository:
        from elotui.logbook.repository import open_repository

        return open_repository(path)

    return opener


def _open_demo() -> Repository:
    from elotui.logbook.demo import open_demo_repository

    return open_demo_repository()


class Logbook:
    """One repository for the whole app, opened at most once, safe to ask for from any thread."""

    def __init__(
        self,
        repository: Repository | None = None,
        opener: Callable[[], Repository] | None = None,
        description: str = "",
        reader: LogbookReader | None = None,
    ) -> None:
        self._repository = repository
        self._opener = opener
        self._reader = reader  # the first page's, until the repository is open
        self._error: LogbookUnavailable | None = None
        self._lock = threading.Lock()
        self._first_frame = threading.Event()
        self._first_frame.set()  # no waiting, unless `hold_until_first_frame`
        self._closed = False
        self.description = description  # where it lives, for the screen ("demo logbook", a path)

    @classmethod
    def for_app(
        cls,
        repository: Repository | Logbook | None,
        *,
        demo: bool = False,
        db_path: Path | None = None,
    ) -> Logbook:
        """The logbook `create_app` was given: a repository (or a `Logbook`), else what the
        settings name (the demo, or a database file), else none."""
        if isinstance(repository, Logbook):
            return repository
        if repository is not None:
            return cls(repository, description=str(getattr(repository, "engine", "")))
        if demo:
            return cls(opener=_open_demo, description=_("demo logbook (a throwaway copy)"))
        if db_path is not None:
            return cls(opener=open_file(db_path), description=str(db_path))
        return cls()

    @property
    def available(self) -> bool:
        """Whether there is a logbook to open (the app without one shows only the calculator)."""
        return self._repository is not None or self._opener is not None

    @property
    def is_open(self) -> bool:
        return self._repository is not None

    def opened(self) -> Repository | None:
        """The repository if it is open already, else None; never waits (safe on the UI thread)."""
        return self._repository

    def first_page_source(self) -> FirstPageSource | None:
        """Where the first page can be read at once on the UI thread (the open repository, else the
        reader), or None: the rows then wait for `get()`."""
        return self._repository or self._reader

    def hold_until_first_frame(self) -> None:
        """Open nothing in the background until `first_frame_shown` (the history's start)."""
        self._first_frame.clear()

    def first_frame_shown(self) -> None:
        self._first_frame.set()

    def get(self) -> Repository:
        """The repository, opening it now if no one has yet. Blocking: call from a thread worker."""
        with self._lock:
            if self._repository is not None:
                return self._repository
            if self._error is not None:
                raise self._error
            if self._opener is None:
                raise LogbookUnavailable(_("no logbook is open"))
            try:
                opened = attempt(self._opener)
            except Exception as error:  # a broken file, a full disk: said on the screen, no crash
                self._error = LogbookUnavailable(
                    _("the logbook could not be opened: {error}").format(error=error)
                )

                raise self._error from error
            if isinstance(opened, Notice):  # refused (newer, foreign, corrupt...): said as it is
                self._error = LogbookUnavailable(opened.message)
                raise self._error
            self._repository = opened
            return self._repository

    def open_in_background(self) -> None:
        """Start opening in a daemon thread, so the first `get()` finds it ready."""
        if self._repository is not None or self._opener is None:
            return

        def warm() -> None:
            # Importing SQLAlchemy (most of a second) would share the interpreter with the first paint.
            self._first_frame.wait()
            if self._closed:
                return
            # A failure is kept in `_error`; the history screen reports it when it asks.
            with contextlib.suppress(LogbookUnavailable):
                self.get()

        threading.Thread(target=warm, name="elotui-open-logbook", daemon=True).start()

    def close(self) -> None:
        self._closed = True
        self._first_frame.set()  # a thread still waiting for it stops (`warm`)
        with self._lock:
            if self._repository is not None:
                self._repository.close()
            if self._reader is not None:
                self._reader.close()
                self._reader = None
