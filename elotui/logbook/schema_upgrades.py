"""The schema's upgrades, for a file (`migrate`) and a server (`server_migrate`) alike: the Alembic
scripts (where they are, their revisions, a configuration to run them) and what running them did.

The scripts live in the top-level `migrations/` of a checkout and in `elotui/migrations` inside an
installed wheel (the build maps one onto the other); `migrations_dir()` finds either. Alembic is
imported only when the scripts are read or run: a logbook at the current schema never needs it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from elotui.i18n import _
from elotui.logbook.database_file import DatabaseRefused
from elotui.logbook.paths import LogbookAddress, ServerLogbook

if TYPE_CHECKING:
    from alembic.config import Config
    from sqlalchemy import Connection


@dataclass(frozen=True)
class UpgradeResult:
    path: LogbookAddress
    created: bool  # the schema was created from nothing
    from_revision: str | None
    to_revision: str
    backup: Path | None  # the copy made before migrating an existing file (never on a server)

    @property
    def changed(self) -> bool:
        return self.from_revision != self.to_revision

    @property
    def backup_note(self) -> str:
        """Where the copy made before migrating is, in words (on a server: whose a copy is to take)."""
        if isinstance(self.path, ServerLogbook):
            return _("no backup made on a server: a pg_dump before upgrading is yours to take")
        return _("backup: {backup}").format(backup=self.backup)


def migrations_dir() -> Path:
    """The folder holding `env.py` and `versions/`: in the wheel, else the checkout's top level."""
    package_dir = Path(__file__).resolve().parent.parent  # .../elotui
    for candidate in (package_dir / "migrations", package_dir.parent / "migrations"):
        if (candidate / "env.py").is_file():
            return candidate
    raise DatabaseRefused(
        _("the migration scripts are missing (looked in {folder})").format(folder=package_dir)
    )


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
        raise DatabaseRefused(_("the migration scripts have no head revision"))
    return head
