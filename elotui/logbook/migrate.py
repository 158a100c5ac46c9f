"""Opening a logbook file safely: check what it is, back it up, apply pending Alembic migrations.

`upgrade_database(path)` runs before the app or any command touches the data:
- no file (or an empty SQLite file): the schema is created;
- an elotui database at the current revision: nothing to do (checked without loading Alembic);
- an elotui database at an older revision: copied to `NAME.bak-REVISION`, then migrated in one
  transaction (a failure leaves the file as it was);
- anything else (not SQLite, another program's SQLite file, a revision newer than this elotui knows,
  a read-only file) raises `DatabaseRefused` with a one-line reason and leaves the file byte-identical:
  those checks only ever open the file read-only.

The migration scripts live in the top-level `migrations/` of a checkout and in `elotui/migrations` inside an
installed wheel (the build maps one onto the other); `migrations_dir()` finds either.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from elotui.logbook.engine import make_engine
from elotui.logbook.models import APPLICATION_ID
from elotui.logbook.paths import ensure_parent

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy import Connection

# The newest revision in `migrations/versions`. Kept here so opening an up-to-date file needs no Alembic
# import; a test checks it against the scripts.
HEAD_REVISION = "0001"

_SQLITE_MAGIC = b"SQLite format 3\x00"


class DatabaseRefused(Exception):
    """The file cannot be used as a logbook; `str()` is the one-line reason. The file is untouched."""


@dataclass(frozen=True)
class DatabaseState:
    """What a logbook file is, read without changing it."""

    path: Path
    exists: (
        bool  # a file with tables in it (else it is new: missing, empty, or an empty SQLite file)
    )
    revision: str | None  # its Alembic revision (None when new)

    @property
    def current(self) -> bool:
        return self.revision == HEAD_REVISION


@dataclass(frozen=True)
class UpgradeResult:
    path: Path
    created: bool  # the schema was created from nothing
    from_revision: str | None
    to_revision: str
    backup: Path | None  # the copy made before migrating an existing file

    @property
    def changed(self) -> bool:
        return self.from_revision != self.to_revision


def migrations_dir() -> Path:
    """The folder holding `env.py` and `versions/`: in the wheel, else the checkout's top level."""
    package_dir = Path(__file__).resolve().parent.parent  # .../elotui
    for candidate in (package_dir / "migrations", package_dir.parent / "migrations"):
        if (candidate / "env.py").is_file():
            return candidate
    raise DatabaseRefused(f"the migration scripts are missing (looked in {package_dir})")


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic configuration built in code (no alembic.ini), using `connection` if given."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    config.set_main_option("path_separator", "os")
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def known_revisions() -> set[str]:
    from alembic.script import ScriptDirectory

    scripts = ScriptDirectory.from_config(alembic_config())
    return {script.revision for script in scripts.walk_revisions()}


def head_revision() -> str:
    """The head revision according to the scripts themselves (the test compares it to HEAD_REVISION)."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if head is None:
        raise DatabaseRefused("the migration scripts have no head revision")
    return head


def _read_only_connection(path: Path) -> sqlite3.Connection:
    # mode=ro: SQLite itself refuses any write, so looking can never change the file.
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def _is_read_only(path: Path) -> bool:
    mode = path.stat().st_mode
    no_write_bits = not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
    return no_write_bits or not os.access(path, os.W_OK)


def inspect_database(path: Path) -> DatabaseState:
    """What `path` is, or `DatabaseRefused` if it cannot be used. Never writes."""
    if not path.exists():
        return DatabaseState(path, exists=False, revision=None)
    if path.is_dir():
        raise DatabaseRefused(f"{path} is a folder, not a database file")
    try:
        with path.open("rb") as handle:
            header = handle.read(len(_SQLITE_MAGIC))
    except OSError as error:
        raise DatabaseRefused(f"{path} cannot be read: {error.strerror}") from None
    if header and header != _SQLITE_MAGIC:
        raise DatabaseRefused(f"{path} is not an SQLite database")
    if _is_read_only(path):
        raise DatabaseRefused(f"{path} is read-only; elotui needs to write to its logbook")
    if not header:
        return DatabaseState(
            path, exists=False, revision=None
        )  # an empty file is an empty database

    try:
        connection = _read_only_connection(path)
        try:
            application_id = connection.execute("PRAGMA application_id").fetchone()[0]
            tables = {
                row[0]
                for row in connection.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                )
            }
            revisions = (
                [row[0] for row in connection.execute("SELECT version_num FROM alembic_version")]
                if "alembic_version" in tables
                else []
            )
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise DatabaseRefused(f"{path} is not a usable SQLite database ({error})") from None

    if application_id != APPLICATION_ID:
        if not tables - {"alembic_version"} and not revisions:
            # An empty SQLite file, or one migrated down to nothing: as good as new.
            return DatabaseState(path, exists=False, revision=None)
        raise DatabaseRefused(f"{path} is not an elotui database (it belongs to another program)")
    if len(revisions) != 1:
        raise DatabaseRefused(f"{path} is an elotui database without a valid schema version")
    revision = revisions[0]
    if revision != HEAD_REVISION and revision not in known_revisions():
        raise DatabaseRefused(
            f"{path} was written by a newer elotui (schema {revision}; this elotui knows up to "
            f"{HEAD_REVISION}): upgrade elotui to open it"
        )
    return DatabaseState(path, exists=True, revision=revision)


def backup_path_for(path: Path, revision: str) -> Path:
    """`NAME.bak-REVISION`, or `NAME.bak-REVISION.2`, ... if an earlier backup is already there."""
    candidate = path.with_name(f"{path.name}.bak-{revision}")
    number = 2
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.bak-{revision}.{number}")
        number += 1
    return candidate


def backup_database(path: Path, revision: str) -> Path:
    """A consistent copy of `path` (including anything still in its WAL file) next to it."""
    target = backup_path_for(path, revision)
    source = _read_only_connection(path)
    try:
        copy = sqlite3.connect(target)
        try:
            source.backup(copy)
        finally:
            copy.close()
    finally:
        source.close()
    return target


def _run_alembic(path: Path, action: str, revision: str) -> None:
    from alembic import command

    # Foreign keys off: batch migrations drop and recreate tables (see make_engine); checked below.
    engine = make_engine(path, foreign_keys=False).execution_options(immediate=True)
    try:
        with engine.begin() as connection:
            config = alembic_config(connection)
            if action == "upgrade":
                command.upgrade(config, revision)
            else:
                command.downgrade(config, revision)
            broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise DatabaseRefused(
                    f"migrating {path} would break {len(broken)} links between rows; nothing changed"
                )
    finally:
        engine.dispose()


def upgrade_database(path: Path) -> UpgradeResult:
    """Make `path` a logbook at the current schema (see the module docstring)."""
    state = inspect_database(path)
    if state.current:
        return UpgradeResult(path, False, state.revision, HEAD_REVISION, None)
    if not path.exists():
        ensure_parent(path)
    elif not os.access(path.parent, os.W_OK):
        raise DatabaseRefused(f"the folder of {path} is read-only; elotui needs to write there")
    backup = None
    if state.exists and state.revision is not None:
        backup = backup_database(path, state.revision)
    try:
        _run_alembic(path, "upgrade", "head")
    except DatabaseRefused:
        raise
    except Exception as error:
        kept = f"; the backup is {backup}" if backup else ""
        raise DatabaseRefused(f"migrating {path} failed: {error}{kept}") from error
    return UpgradeResult(path, not state.exists, state.revision, HEAD_REVISION, backup)


def downgrade_database(path: Path, revision: str) -> None:
    """Migrate down to `revision` ("base" removes everything). For developers and tests."""
    inspect_database(path)
    _run_alembic(path, "downgrade", revision)
