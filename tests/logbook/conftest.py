"""Every logbook test runs against files under its own tmp_path, never a real user folder."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from elotui.logbook.repository import Repository, open_repository


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ELOTUI_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("ELOTUI_DB", str(tmp_path / "home" / "env.db"))


@pytest.fixture
def db_file(tmp_path: Path) -> Path:
    return tmp_path / "logbook.db"


@pytest.fixture
def repo(db_file: Path) -> Iterator[Repository]:
    repository = open_repository(db_file)
    yield repository
    repository.close()
