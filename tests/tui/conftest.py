"""Pilot helpers: every test starts the app through the same factory as `elotui`; the app tests that
open a logbook run on both backends (`logbook_backend`)."""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from tests.conftest import BACKENDS
from tests.scenes.calculator import PAUSE, burst, keys, scene_app, settle

SIZE = (120, 40)

# The app tests that open a logbook (issue 16 item 6): those of these modules that take a folder
# (`tmp_path`, for their logbook file) or, through their fixtures, the `repository` run twice, on the
# file and on a PostgreSQL database standing for it (tests/postgres/server_files.py), but for
# `FILE_TESTS`.
LOGBOOK_MODULES = frozenset(
    {
        "test_history",
        "test_history_decisions",
        "test_history_lists",
        "test_history_writes",
        "test_keys_in_order",
        "test_language",
    }
)
# Tests about the file itself, kept on SQLite: they read it without SQLAlchemy (the fast reader,
# `ready_as_is`) or hand its path to another elotui process.
FILE_TESTS = frozenset(
    {
        "test_ready_as_is_tells_a_current_logbook_without_sqlalchemy",
        "test_a_logbook_file_opens_in_the_background",
    }
)
# Tests that take a folder for something else than a logbook (a screenshot): one backend is enough.
NO_LOGBOOK_TESTS = frozenset({"test_textuals_screenshot_notice_is_french_and_said_once"})


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    module = metafunc.module.__name__.rsplit(".", 1)[-1]
    name = metafunc.function.__name__
    # Its own arguments: every test has `tmp_path` among its fixtures (tests/conftest.py's home).
    arguments = set(inspect.signature(metafunc.function).parameters)
    opens_a_logbook = "tmp_path" in arguments or "repository" in metafunc.fixturenames
    if (
        module not in LOGBOOK_MODULES
        or not opens_a_logbook
        or name in FILE_TESTS | NO_LOGBOOK_TESTS
    ):
        return
    metafunc.parametrize("logbook_backend", BACKENDS, indirect=True)


@pytest.fixture(autouse=True)
def logbook_backend(request: pytest.FixtureRequest) -> Iterator[str]:
    """Where this run of an app test keeps its logbooks: "sqlite" (their files, as the test names
    them), or "postgresql" (a database of the test cluster for each file the test opens). The
    PostgreSQL half is skipped, saying why, when no server can start."""
    backend = str(getattr(request, "param", "sqlite"))
    if backend == "sqlite":
        yield backend
        return
    from tests.postgres.server_files import ServerFiles

    files = ServerFiles(
        request.getfixturevalue("postgres_cluster"), request.getfixturevalue("server_template")
    )
    try:
        with pytest.MonkeyPatch.context() as patch:  # undone before the databases are dropped
            files.install(patch, request.module)
            yield backend
        # A test run here that opened no logbook ran its file half a second time: say so.
        assert files.opened, f"{request.node.name} opened no logbook on the server"
    finally:
        files.drop()


@pytest.fixture
async def pilot() -> AsyncIterator[Pilot[None]]:
    app = scene_app()
    async with app.run_test(size=SIZE) as running:
        await settle(app)  # the calculator builds its results and footer after the first frame
        yield running


async def type_keys(pilot: Pilot[None], script: str) -> None:
    """Type a key script ("1500 tab 1600") as a fast typist would: all keys at once."""
    await burst(pilot.app, keys(script))  # type: ignore[arg-type]


async def press_slowly(pilot: Pilot[None], script: str) -> None:
    """Type a key script one key at a time, waiting for the app after each (Pilot.press); a pause
    is what Pilot.press does after every key anyway, so it is not typed."""
    await pilot.press(*(press for press in keys(script) if press != PAUSE))
    await settle(pilot.app)


def text(app: App[Any], selector: str) -> str:
    """What a Static or Label shows, as plain text."""
    return str(app.screen.query_one(selector, Static).content)


def shown(app: App[Any], name: str) -> str:
    """What a value of the single game's results shows, by the name its widget had ("win-rounded"):
    the pane draws its values itself (elotui/tui/widgets/panes.py: SinglePane)."""
    from elotui.tui.widgets.panes import SinglePane

    return app.screen.query_one(SinglePane).value(name)
