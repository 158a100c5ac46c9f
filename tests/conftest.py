"""Fixtures shared by more than one test folder, and the two backends of the logbook tests.

A test that asks for `repo` (tests/logbook), `db_address` or `db_env` runs twice, on an SQLite file and
on a PostgreSQL database (`backend`, parametrized by `pytest_generate_tests`); one that also asks for
`db_file` (it reads the file itself) runs on SQLite only. The server is one throwaway cluster per
pytest process (`postgres_cluster`, tests/postgres/cluster.py; about 2 s to start); each test gets a
copy of a database already at the current schema (`CREATE DATABASE ... TEMPLATE`, tens of ms, no
Alembic run). When no server can start, the PostgreSQL half is skipped with the reason (`pytest -rs`).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from io import StringIO
from pathlib import Path

import pytest
from hypothesis import settings

from elotui.cli import main
from elotui.i18n import set_language
from elotui.logbook import migrate, schema, schema_upgrades
from tests.postgres.cluster import Cluster, NoServer, start_cluster

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test runs with `ELOTUI_HOME` and `ELOTUI_DB` under its own tmp_path, so none can touch a
    real user folder (CONTRIBUTING.md, Set-up). The home folder is not created: elotui makes it
    when it needs it, as it would for a new user. Returns the home folder; a test that needs other
    paths sets its own."""
    home = tmp_path / "home"
    monkeypatch.setenv("ELOTUI_HOME", str(home))
    monkeypatch.setenv("ELOTUI_DB", str(home / "env.db"))
    return home


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test speaks English whatever the machine's locale (`ELOTUI_LANG=en`, which the processes
    a test starts inherit), and whatever language a test switched to is undone after it. A French
    test asks for French itself (`--lang fr`, or it removes `ELOTUI_LANG` and sets `LANG`)."""
    monkeypatch.setenv("ELOTUI_LANG", "en")
    yield
    set_language("en")


@pytest.fixture
def a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """`elotui` and `elotui history` run here as in a terminal. A test that runs them in its own
    process (stdout captured, the app's `run` faked or headless) gets past the app's refusal to
    start without one (elotui.cli.process.has_terminal), which tests/faults/test_streams.py checks
    on a real process."""
    monkeypatch.setattr("elotui.cli.process.has_terminal", lambda: True)


# For a test of something only a file has (SQLite's own statements, pragmas): `@SQLITE_ONLY`, with why.
SQLITE_ONLY = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Every test that needs a `backend` gets both, but the tests that read the SQLite file itself."""
    if "backend" not in metafunc.fixturenames:
        return
    if any(
        mark.name == "parametrize" and "backend" in mark.args[0]
        for mark in metafunc.definition.iter_markers()
    ):
        return  # the test chose its own
    backends = ("sqlite",) if "db_file" in metafunc.fixturenames else BACKENDS
    metafunc.parametrize("backend", backends, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """ "sqlite" or "postgresql": where this run of the test keeps its logbook."""
    return str(getattr(request, "param", "sqlite"))


def a_cluster() -> Iterator[Cluster]:
    """A throwaway cluster for as long as the fixture lasts, or the test skipped saying why none
    could start."""
    try:
        cluster = start_cluster()  # about 2 s here (initdb --no-sync, then pg_ctl start -w)
    except NoServer as reason:
        pytest.skip(f"no PostgreSQL server could start: {reason}")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    yield from a_cluster()


@pytest.fixture(scope="session")
def server_template(postgres_cluster: Cluster) -> str:
    """The name of a database at the current schema, copied for each test (see the module doc)."""
    from elotui.logbook.paths import resolve_db_path
    from elotui.logbook.repository import open_repository

    name = "elotui_at_head"
    postgres_cluster.admin(f'CREATE DATABASE "{name}"')
    open_repository(resolve_db_path(postgres_cluster.url(name))).close()  # NullPool: nothing stays
    return name


@pytest.fixture
def db_address(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """What `--db` takes for this test's logbook: a new file, or a database at the current schema."""
    if backend == "sqlite":
        yield str(tmp_path / "logbook.db")
        return
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    url = cluster.new_database(template=request.getfixturevalue("server_template"))
    try:
        yield url
    finally:
        cluster.drop_database(url)


@pytest.fixture
def db_env(db_address: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """`ELOTUI_DB` is this test's logbook on its backend (for commands run without `--db`)."""
    monkeypatch.setenv("ELOTUI_DB", db_address)
    return db_address


def run_cli(*argv: str) -> tuple[int, str, str]:
    """`elotui ARGV` in this process: (exit code, stdout, stderr); argparse's exits included."""
    out, err = StringIO(), StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 2)
    return code, out.getvalue(), err.getvalue()


_PENDING_REVISION = '''
"""Test-only revision: a nickname for players (recreates the player table in batch mode)."""
import sqlalchemy as sa
from alembic import op

revision = "{revision}"
down_revision = "{base}"
branch_labels = None
depends_on = None


def upgrade() -> None:
    {before}
    with op.batch_alter_table("player", recreate="always") as batch_op:
        batch_op.add_column(sa.Column("nickname", sa.String(), nullable=True))
    {after}


def downgrade() -> None:
    with op.batch_alter_table("player", recreate="always") as batch_op:
        batch_op.drop_column("nickname")
'''


def logbook_file_at(path: Path, revision: str) -> Path:
    """An empty logbook file at `revision` (as an older elotui left it): the migrations up to it only,
    run as the app runs them (foreign keys off while a batch migration copies a table)."""
    from alembic import command

    from elotui.logbook.engine import make_engine

    engine = make_engine(path, foreign_keys=False)
    try:
        with engine.begin() as connection:
            command.upgrade(schema_upgrades.alembic_config(connection), revision)
    finally:
        engine.dispose()
    return path


def logbook_from_models(path: Path) -> Path:
    """A logbook file made from the models (`create_all`), not the migrations: what a migrated one
    must be the same as."""
    from sqlmodel import SQLModel

    import elotui.logbook.models  # noqa: F401  (registers the tables on SQLModel.metadata)
    from elotui.logbook.engine import make_engine

    engine = make_engine(path)
    try:
        SQLModel.metadata.create_all(engine)
    finally:
        engine.dispose()
    return path


@dataclass(frozen=True)
class PendingRevision:
    """Installs a test-only revision `revision` on top of the real head `base` (see `second_revision`)."""

    scripts: Path
    monkeypatch: pytest.MonkeyPatch
    base: str = schema.HEAD_REVISION  # what a logbook made by `open_repository` is at
    revision: str = f"{int(schema.HEAD_REVISION) + 1:04d}"  # the pending one, e.g. "0006"

    def __call__(self, before: str = "pass", after: str = "pass") -> None:
        (self.scripts / "versions" / f"{self.revision}_test.py").write_text(
            _PENDING_REVISION.format(
                revision=self.revision, base=self.base, before=before, after=after
            )
        )
        self.monkeypatch.setattr(schema_upgrades, "migrations_dir", lambda: self.scripts)
        self.monkeypatch.setattr(migrate, "HEAD_REVISION", self.revision)


@pytest.fixture
def second_revision(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> PendingRevision:
    """Install a pending migration: point the runner at a copy of the scripts with a test-only
    revision (`.revision`, e.g. "0006") on top of the real head (`.base`, e.g. "0005"), so the tests of a
    pending migration keep one to test however many real revisions there are. Calling it installs
    it; `before` and `after` are one line of Python each, run in its `upgrade()` before and after it
    adds the column (to fail, or to change rows)."""
    scripts = tmp_path / "scripts"
    shutil.copytree(
        schema_upgrades.migrations_dir(), scripts, ignore=shutil.ignore_patterns("__pycache__")
    )
    return PendingRevision(scripts, monkeypatch)


# Hypothesis: no example database (the suite must not depend on a `.hypothesis/` folder left by an
# earlier run), no deadline (a loaded machine is slow, not wrong), and derandomized: every run
# draws the same examples, so a green suite stays green and a failure reproduces on any machine.
# `HYPOTHESIS_PROFILE=explore uv run pytest` draws new examples each run, to look for new bugs.
settings.register_profile("ci", database=None, deadline=None, derandomize=True)
settings.register_profile("explore", database=None, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
