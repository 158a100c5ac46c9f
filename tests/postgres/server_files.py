"""The app tests' logbook files, kept on the server instead (issue 16 item 6: the app tests that
touch the database run on both backends).

The app tests (tests/tui) open their logbooks as files in their `tmp_path`: `open_repository(tmp_path
/ "logbook.db")`, the demo's `build_demo_database(folder / "demo.db")`, `create_app` given a `db_path`.
`ServerFiles` runs the same tests on PostgreSQL without touching them: while installed, every
`open_repository` given a file path opens a database of its own on the test cluster instead, the same
database each time the same path is named (a test that opens its logbook twice, as another elotui
would, reads what it wrote). Each database is a copy of one already at the current schema, dropped
after the test. What a test then sees comes from the server: the records, the refusals, the replay.

A test that reads the file itself (its bytes, SQLite's pragmas) or hands the path to another process
cannot run so: it is marked `@pytest.mark.sqlite_only(reason)` (tests/tui/conftest.py). `opened` lets
the fixture check that a test it ran on the server did open a logbook there (else it ran the file half
twice).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from elotui.logbook import repository as repository_package
from elotui.logbook.paths import resolve_db_path
from elotui.logbook.repository import Repository
from tests.postgres.cluster import Cluster

_open_repository = repository_package.open_repository  # the real one, whatever is installed later


@dataclass
class ServerFiles:
    cluster: Cluster
    template: str  # a database at the current schema (tests/conftest.py `server_template`)
    urls: dict[Path, str] = field(default_factory=dict)  # file path → its database's URL

    @property
    def opened(self) -> int:
        """How many logbooks were opened on the server."""
        return len(self.urls)

    def url_of(self, path: Path) -> str:
        """The URL of the database that stands for the file `path` (made on first use)."""
        key = Path(path).absolute()
        if key not in self.urls:
            self.urls[key] = self.cluster.new_database(template=self.template)
        return self.urls[key]

    def open_repository(self, path: Any, *, create: bool = True) -> Repository:
        if isinstance(path, (str, Path)) and "://" not in str(path):
            path = resolve_db_path(self.url_of(Path(path)))
        return _open_repository(path, create=create)

    def install(self, monkeypatch: pytest.MonkeyPatch, *modules: object) -> None:
        """Make `open_repository` this one's: the package's (what elotui imports when it opens a
        logbook) and the name in each of `modules` that imported it (the test's own module)."""
        monkeypatch.setattr(repository_package, "open_repository", self.open_repository)
        for module in modules:
            if getattr(module, "open_repository", None) is _open_repository:
                monkeypatch.setattr(module, "open_repository", self.open_repository)

    def drop(self) -> None:
        for url in self.urls.values():
            self.cluster.drop_database(url)
