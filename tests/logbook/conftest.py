"""Every logbook test runs against files under its own tmp_path (`_isolated_home` in tests/conftest.py)
and a repository opened there."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from elotui.logbook.repository import Repository, open_repository


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "logbook.db"


@pytest.fixture
def repo(db_file: Path) -> Iterator[Repository]:
    repository = open_repository(db_file)
    yield repository
    repository.close()
