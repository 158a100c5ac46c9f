"""Why a logbook's schema cannot be used, in words, for a file and a server alike (`migrate` and
`server_migrate` both refuse with these): a table gone, a revision no elotui wrote or a newer one,
no logbook yet, a failure as one line."""

from __future__ import annotations

import sqlite3

from elotui.i18n import _, ngettext
from elotui.logbook.database_file import DatabaseRefused, NoLogbookYet
from elotui.logbook.engine import describe_sqlite_error
from elotui.logbook.paths import LogbookAddress, ServerLogbook
from elotui.logbook.schema import HEAD_REVISION, HEAD_TABLES
from elotui.logbook.schema_upgrades import known_revisions


def refuse_missing_tables(where: LogbookAddress, revision: str, tables: set[str]) -> None:
    """`DatabaseRefused` when the revision says current but a table is gone: reading would fail
    half way, and "up to date" would be untrue. Check the schema, not only the revision."""
    missing = sorted(HEAD_TABLES - tables) if revision == HEAD_REVISION else []
    if missing:
        backup = _("a dump") if isinstance(where, ServerLogbook) else _("a backup")
        raise DatabaseRefused(
            ngettext(
                "{where} is damaged: its table {tables} is missing (restore {backup})",
                "{where} is damaged: its tables {tables} are missing (restore {backup})",
                len(missing),
            ).format(where=where, tables=", ".join(missing), backup=backup)
        )


def one_line(error: BaseException) -> str:
    """An error as one line: the driver's own message for a database error, never SQLAlchemy's SQL."""
    original = getattr(error, "orig", None)
    message = str(original if original is not None else error).strip()
    if isinstance(original, sqlite3.Error) or isinstance(error, sqlite3.Error):
        return describe_sqlite_error(message)
    return message.splitlines()[0] if message else type(error).__name__


def no_logbook_yet(where: LogbookAddress) -> NoLogbookYet:
    return NoLogbookYet(
        _(
            "there is no logbook at {where} yet (nothing to read); start one with: "
            "elotui player add NAME"
        ).format(where=where)
    )


def refuse_unknown_revision(where: LogbookAddress, revision: str) -> None:
    """`DatabaseRefused` for a revision this elotui cannot open: a newer one, or one no elotui wrote."""
    if revision == HEAD_REVISION or revision in known_revisions():
        return
    if not _is_newer(revision):
        raise DatabaseRefused(
            (
                _(
                    "{where} has a schema version no elotui ever wrote ({revision!r}); "
                    "the database may be damaged (restore a backup)"
                )
                if isinstance(where, ServerLogbook)
                else _(
                    "{where} has a schema version no elotui ever wrote ({revision!r}); "
                    "the file may be damaged (restore a backup)"
                )
            ).format(where=where, revision=revision)
        )
    raise DatabaseRefused(
        _(
            "{where} was written by a newer elotui (schema {revision}; this elotui knows up to "
            "{head}): upgrade elotui to open it"
        ).format(where=where, revision=revision, head=HEAD_REVISION)
    )


def _is_newer(revision: str) -> bool:
    """Whether an unknown revision can be a later one: elotui's revisions start 0001, 0002, ...
    (`0000` or `abc` cannot be: no elotui wrote them, so the file is not "from a newer elotui")."""
    number = revision[: len(HEAD_REVISION)]
    return number.isdigit() and number > HEAD_REVISION
