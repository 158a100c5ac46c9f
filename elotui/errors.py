"""The errors a user can act on, under one base, so that the two places that report them catch one type.

Every error elotui raises for a user to read is an `ElotuiError`: `str()` is the one-line reason and
nothing was changed. The command line reports it in `elotui.cli._run` (the reason on stderr, exit code 2)
and the app in `elotui.tui.logbook_access.attempt` (a notification); a test walks every subclass and
checks both do (tests/faults/test_error_model.py), so a new kind cannot be forgotten by one of them.

The kinds below group the errors by what went wrong; the errors themselves live where they are raised
(`rating.inputs.InvalidInput`, `dates.BadDate`, `logbook.migrate.DatabaseRefused`, ...) and keep their
names. This module imports nothing, so every layer, `rating` included, and `elotui.i18n` itself may
use it; how many details are shown, and the line saying the rest, belong to whoever shows them.
"""

from __future__ import annotations


class ElotuiError(Exception):
    """Something a user can fix or must know; `str()` is the one-line reason. Nothing was changed."""

    @property
    def headline(self) -> str:
        """What to say in one line (a notification, `elotui: ...` on stderr)."""
        return str(self)

    @property
    def details(self) -> list[str]:
        """Lines to show under the headline (every problem of a failed import); most have none."""
        return []


class BadValue(ElotuiError, ValueError):
    """A value typed or read that elotui does not take: a rating, a result, a date, a database path.

    Also a `ValueError`, as these errors were before they had a common base."""


class LogbookRefused(ElotuiError):
    """The logbook file cannot be used (newer, foreign, corrupt, locked), or there is none to open."""


class FileUnusable(ElotuiError):
    """A file named to import or to write that cannot be read or written as one."""


class ReadOnlyLogbook(ElotuiError):
    """The logbook may be read but not changed by whoever runs elotui (a read-only role on a server)."""
