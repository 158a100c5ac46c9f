"""A club's logbook on the test cluster, with the two roles of docs/postgresql.md made by its own SQL.

docs/postgresql.md ("Who may do what") shows the SQL a club runs once as the logbook's owner; `club`
creates the database `ratings` the SQL names, runs `elotui db upgrade` as the owner (the cluster's
superuser), then that SQL exactly as the page has it. Roles belong to the whole cluster, so the
fixture drops them again after each test (one cluster per pytest process: its tests run one after
another).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.postgres.cluster import Cluster

GUIDE = Path(__file__).parents[2] / "docs" / "postgresql.md"
DATABASE = "ratings"  # the database the guide's SQL grants on
ROLES = ("officer", "member", "club_writer", "club_reader")  # logins first: they are in the groups


def guide_roles_sql() -> str:
    """The first `sql` block after "Who may do what" in docs/postgresql.md."""
    text = GUIDE.read_text(encoding="utf-8")
    _, marker, after = text.partition("\n## Who may do what\n")
    assert marker, "docs/postgresql.md has no 'Who may do what' part"
    found = re.search(r"```sql\n(.*?)```", after, re.S)
    assert found, "docs/postgresql.md's 'Who may do what' has no sql block"
    return found.group(1)


@dataclass(frozen=True)
class Club:
    owner: str  # URLs for --db: the owner (ran db upgrade), the rating officer, a member
    officer: str
    member: str


@pytest.fixture
def club(postgres_cluster: Cluster) -> Iterator[Club]:
    cluster = postgres_cluster
    cluster.admin(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
    cluster.admin(f'CREATE DATABASE "{DATABASE}"')
    try:
        owner = cluster.url(DATABASE)
        code, _, err = run_cli("db", "upgrade", "--db", owner)
        assert code == 0, err
        cluster.admin(guide_roles_sql(), DATABASE)
        yield Club(owner, cluster.url(DATABASE, "officer"), cluster.url(DATABASE, "member"))
    finally:
        cluster.admin(f'DROP DATABASE IF EXISTS "{DATABASE}" WITH (FORCE)')
        cluster.admin(f"DROP ROLE IF EXISTS {', '.join(ROLES)}")
