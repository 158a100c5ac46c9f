"""`elotui db path|upgrade`: where the database is; migrate it."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from elotui.cli.common import add_command, print_json
from elotui.cli.logbook_commands import (
    db_path,
    wants_json,
)
from elotui.i18n import _

if TYPE_CHECKING:  # the logbook modules load SQLAlchemy: imported where used
    from elotui.cli.logbook_commands import SubParsers


# --- db -------------------------------------------------------------------------------------------


def register(sub: SubParsers) -> None:
    db = add_command(sub, "db", _("where the database is; migrate it"))
    actions = db.add_subparsers(dest="db_command", metavar="ACTION", required=True)
    path = add_command(actions, "path", _("print the database file in use (creates nothing)"))
    path.set_defaults(handler=db_path_command)
    upgrade = add_command(actions, "upgrade", _("create the database or apply pending migrations"))
    upgrade.set_defaults(handler=db_upgrade_command)


def db_path_command(args: argparse.Namespace) -> int:
    path = db_path(args)
    if wants_json(args):
        exists = path.exists() if isinstance(path, Path) else None  # a server is not contacted
        print_json({"path": str(path), "exists": exists})
    else:
        print(path)
    return 0


def db_upgrade_command(args: argparse.Namespace) -> int:
    from elotui.logbook.migrate import upgrade_database

    path = db_path(args)
    result = upgrade_database(path)
    if wants_json(args):
        print_json(
            {
                "path": str(path),
                "created": result.created,
                "from_revision": result.from_revision,
                "to_revision": result.to_revision,
                "backup": str(result.backup) if result.backup else None,
            }
        )
    elif result.created:
        print(
            _("created {path} (schema {to_revision})").format(
                path=path, to_revision=result.to_revision
            )
        )
    elif not result.changed:
        print(
            _("{path} is up to date (schema {to_revision})").format(
                path=path, to_revision=result.to_revision
            )
        )
    else:
        print(
            _(
                "migrated {path} from schema {from_revision} to {to_revision} ({backup_note})"
            ).format(
                path=path,
                from_revision=result.from_revision,
                to_revision=result.to_revision,
                backup_note=result.backup_note,
            )
        )
    return 0
