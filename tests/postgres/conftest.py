"""The two backends every test here runs on, each on an empty logbook (`logbook_address`; the
server, `postgres_cluster`, is tests/conftest.py's, one per pytest process)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import BACKENDS, a_cluster
from tests.postgres.club import club as club  # the fixture of docs/postgresql.md's roles
from tests.postgres.cluster import Cluster


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


@pytest.fixture(scope="session")
def _cluster_to_lose() -> Iterator[Cluster]:
    yield from a_cluster()


@pytest.fixture
def server_to_lose(_cluster_to_lose: Cluster) -> Cluster:
    """A cluster to stop in the middle of a test's work (`Cluster.halt`), up when the test starts:
    the session's, `postgres_cluster`, serves the other tests and must stay up. One per pytest
    process (a start is an initdb, seconds); each test works in a database of its own."""
    if not _cluster_to_lose.running():
        _cluster_to_lose.resume()  # the server a test before this one stopped
    return _cluster_to_lose
