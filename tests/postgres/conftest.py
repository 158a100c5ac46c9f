"""The PostgreSQL server of the test session, and the two backends every test here runs on.

One cluster per pytest process (with pytest-xdist, one per worker: no lock to share, and a worker's
databases die with it), started on first use; every test gets a database of its own on it. When no
server can start, the PostgreSQL half of each test is skipped with the reason (shown by `pytest -rs`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.postgres.cluster import Cluster, NoServer, start_cluster

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    try:
        cluster = start_cluster()  # about 2 s here (initdb --no-sync, then pg_ctl start -w)
    except NoServer as reason:
        pytest.skip(f"no PostgreSQL server could start: {reason}")
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ELOTUI_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("ELOTUI_DB", raising=False)


@pytest.fixture(params=BACKENDS)
def logbook_address(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """What `--db` takes for a fresh, empty logbook: a file path, or a new database's URL."""
    if request.param == "sqlite":
        yield str(tmp_path / "logbook.db")
        return
    cluster: Cluster = request.getfixturevalue("postgres_cluster")
    url = cluster.new_database()
    try:
        yield url
    finally:
        cluster.drop_database(url)


from tests.postgres.club import club as club  # noqa: E402  # the README's roles (tests/postgres/club.py)
