"""Alembic environment for elotui.

In the app and the CLI, `elotui.logbook.migrate` passes an open connection (already inside one
transaction) in `config.attributes["connection"]`; this file then only configures and runs. Run from the
`alembic` command line instead (developers generating a revision), it opens the URL in the config and
sets up logging from the ini file if there is one.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine
from sqlmodel import SQLModel

import elotui.logbook.models  # noqa: F401  (registers the tables on SQLModel.metadata)

config = context.config
target_metadata = SQLModel.metadata


def _configure_and_run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite cannot ALTER most things; batch mode copies the table
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_offline() -> None:
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure_and_run(connection)
        return
    if config.config_file_name is not None:
        from logging.config import fileConfig

        fileConfig(config.config_file_name)
    url = config.get_main_option("sqlalchemy.url") or "sqlite:///elotui-dev.db"
    engine = create_engine(url)
    with engine.begin() as new_connection:
        _configure_and_run(new_connection)


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
