"""Every logbook test runs against files under its own tmp_path (`_isolated_home` in tests/conftest.py)
and a repository opened there: `repo` on both backends (`db_address`, tests/conftest.py), or on the
file `db_file` when the test asks for that too (it reads the file itself)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from elotui.logbook.paths import resolve_db_path
from elotui.logbook.repository import Repository, open_repository


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "logbook.db"


@pytest.fixture
def repo(db_address: str) -> Iterator[Repository]:
    # On SQLite `db_address` is `db_file`'s path: a test asking for both reads the repository's file.
    repository = open_repository(resolve_db_path(db_address))
    yield repository
    repository.close()
