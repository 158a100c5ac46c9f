"""A logbook on a PostgreSQL server: check what the database holds, then apply pending migrations.

The same Alembic revisions as for a file (`migrations/`), run on the server in one transaction: PostgreSQL
rolls DDL back with everything else, so a failed migration leaves the database as it was and no
backup copy is made (a `pg_dump` before upgrading is the user's to take; `UpgradeResult.backup_note`
says so). Before anything is written the revision is read:
- no tables at all in the database's schema: a new logbook, created (or `NoLogbookYet` when only reading);
- elotui's tables at the current revision: nothing to do;
- an older revision: migrated to the head;
- tables but no `alembic_version` (another program's database), a revision newer than this elotui
  knows or one no elotui wrote, a current revision with a table missing: `DatabaseRefused`, the same
  words as for a file, nothing written.

Several elotui processes upgrading at once: each takes one transaction-scoped advisory lock first and
re-reads the revision under it, so the first migrates and the others find nothing left to do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from elotui.i18n import _
from elotui.logbook.database_file import DatabaseRefused
from elotui.logbook.engine import make_server_engine
from elotui.logbook.schema import APPLICATION_ID, HEAD_REVISION
from elotui.logbook.schema_refusals import (
    no_logbook_yet,
    one_line,
    refuse_missing_tables,
    refuse_unknown_revision,
)
from elotui.logbook.schema_upgrades import UpgradeResult, alembic_config
from elotui.logbook.server_reader import TABLES_SQL

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from elotui.logbook.paths import ServerLogbook

_TABLES_SQL = text(TABLES_SQL)


def _revision_on_server(connection: Connection, logbook: ServerLogbook) -> str | None:
    """The revision of the logbook in the database (None: an empty database), or `DatabaseRefused`."""
    tables = {str(name) for name in connection.execute(_TABLES_SQL).scalars()}
    if not tables:
        return None
    if "alembic_version" not in tables:
        raise DatabaseRefused(
            _("{logbook} is not an elotui logbook (its tables belong to another program)").format(
                logbook=logbook
            )
        )
    revisions = [
        str(row)
        for row in connection.execute(text("SELECT version_num FROM alembic_version")).scalars()
    ]
    if not revisions and not tables - {"alembic_version"}:
        return None  # migrated down to nothing: as good as new
    if len(revisions) != 1:
        raise DatabaseRefused(
            _("{logbook} is an elotui logbook without a valid schema version").format(
                logbook=logbook
            )
        )
    revision = revisions[0]
    refuse_unknown_revision(logbook, revision)
    refuse_missing_tables(logbook, revision, tables)
    return revision


def _unreachable(logbook: ServerLogbook, error: DBAPIError) -> DatabaseRefused:
    return DatabaseRefused(
        _("cannot use the logbook at {logbook}: {error}").format(
            logbook=logbook, error=one_line(error)
        )
    )


def upgrade_server(logbook: ServerLogbook, *, create: bool = True) -> UpgradeResult:
    """Make the database of `logbook` a logbook at the current schema (see the module docstring)."""
    from alembic import command

    engine = make_server_engine(logbook)
    try:
        with engine.begin() as connection:
            # One elotui migrates at a time; the others wait here, then find the work done.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": APPLICATION_ID})
            found = _revision_on_server(connection, logbook)
            if found is None and not create:
                raise no_logbook_yet(logbook)
            if found != HEAD_REVISION:
                command.upgrade(alembic_config(connection), "head")
    except DBAPIError as error:
        raise _unreachable(logbook, error) from None
    except DatabaseRefused:
        raise
    except Exception as error:
        raise DatabaseRefused(
            _("migrating {logbook} failed: {error}; nothing changed").format(
                logbook=logbook, error=one_line(error)
            )
        ) from error
    finally:
        engine.dispose()
    return UpgradeResult(logbook, found is None, found, HEAD_REVISION, None)


def downgrade_server(logbook: ServerLogbook, revision: str) -> None:
    """Migrate the database down to `revision` in one transaction (for developers and tests)."""
    from alembic import command

    engine = make_server_engine(logbook)
    try:
        with engine.begin() as connection:
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": APPLICATION_ID})
            _revision_on_server(connection, logbook)
            command.downgrade(alembic_config(connection), revision)
    except DatabaseRefused:
        raise
    except Exception as error:
        raise DatabaseRefused(
            _("migrating {path} down failed: {error}").format(path=logbook, error=one_line(error))
        ) from error
    finally:
        engine.dispose()
