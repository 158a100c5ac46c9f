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

# The app tests that open a logbook (issue 16 item 6) run twice, on the file and on a PostgreSQL
# database standing for it (tests/postgres/server_files.py). Which ones is said by markers
# (pyproject.toml), so a renamed test or module keeps its backends:
# - `pytestmark = pytest.mark.both_backends` in a module: its tests that open a logbook run on both;
# - `@pytest.mark.sqlite_only(reason)` on a test (or as a module's `pytestmark`): it stays on SQLite,
#   for the reason given (it is about the file itself, or one backend is enough).
# A test "opens a logbook" when it takes a folder (`tmp_path`, for its logbook file) or, through its
# fixtures, the `repository`; one that does and has neither mark is a collection error.
BOTH_BACKENDS = "both_backends"
SQLITE_ONLY = "sqlite_only"


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    # Its own arguments: every test has `tmp_path` among its fixtures (tests/conftest.py's home).
    arguments = set(inspect.signature(metafunc.function).parameters)
    if "tmp_path" not in arguments and "repository" not in metafunc.fixturenames:
        return
    sqlite_only = metafunc.definition.get_closest_marker(SQLITE_ONLY)
    if sqlite_only is not None:
        if not (sqlite_only.args or sqlite_only.kwargs.get("reason")):
            pytest.fail(
                f"{metafunc.definition.nodeid}: @pytest.mark.sqlite_only needs a reason",
                pytrace=False,
            )
        return
    if metafunc.definition.get_closest_marker(BOTH_BACKENDS) is None:
        pytest.fail(
            f"{metafunc.definition.nodeid} may open a logbook (it takes `tmp_path` or the "
            "`repository`) but does not say on which backends: give its module "
            "`pytestmark = pytest.mark.both_backends`, or the test "
            "`@pytest.mark.sqlite_only(reason)`",
            pytrace=False,
        )
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
