"""One error model: every `ElotuiError` kind is reported by the CLI and by the app, none forgotten.

The CLI reports errors in one place (`elotui.cli._run`: the reason on stderr, exit code 2) and the app in
one place (`elotui.tui.logbook_access.attempt`: a notice, never a crash). These tests find every
subclass of `ElotuiError` in the package (recursively, after importing every module) and raise each one
through both: a handler that stopped catching one kind (an `except` narrowed to a tuple of kinds, a
kind added under another root) fails here for that kind.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil

import pytest

import elotui
from elotui.errors import ElotuiError


def _import_every_module() -> None:
    for module in pkgutil.walk_packages(elotui.__path__, "elotui."):
        if module.name == "elotui.__main__" or ".migrations." in module.name:
            continue  # `__main__` runs the CLI; the migration scripts need Alembic's context
        importlib.import_module(module.name)


def _subclasses(cls: type[ElotuiError]) -> list[type[ElotuiError]]:
    found: list[type[ElotuiError]] = []
    for sub in cls.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return list(dict.fromkeys(found))


_import_every_module()
KINDS: list[type[ElotuiError]] = [ElotuiError, *_subclasses(ElotuiError)]


def _instance(kind: type[ElotuiError]) -> ElotuiError:
    from elotui.logbook.csv_io import ImportFailed

    if issubclass(kind, ImportFailed):
        return kind(
            ["games.csv:2: the result must be 1, 0.5 or 0, not 'x'", "games.csv:3: no date"]
        )
    return kind("the reason, in one line")


def test_the_kinds_found_include_those_the_cli_and_the_app_caught_before() -> None:
    # The seven roots of before (the list): if the walk missed modules, these would be absent.
    names = {kind.__name__ for kind in KINDS}
    assert {
        "InvalidInput", "BadDate", "BadDatabasePath", "DatabaseRefused", "NoLogbookYet",
        "UnreadableFile", "NotText", "FileRefused", "LogbookError", "NotFound", "InvalidData",
        "ImportFailed", "UsageError", "LogbookUnavailable",
    } <= names  # fmt: skip


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__)
def test_the_cli_reports_every_kind_on_stderr_with_exit_code_2(
    kind: type[ElotuiError], capsys: pytest.CaptureFixture[str]
) -> None:
    from elotui.cli import _run

    error = _instance(kind)

    def handler(_: argparse.Namespace) -> int:
        raise error

    assert _run(handler, argparse.Namespace()) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines()[-1] == f"elotui: {error.headline}"


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__)
def test_the_app_turns_every_kind_into_a_notice(kind: type[ElotuiError]) -> None:
    from elotui.tui.logbook_access import Notice, attempt

    error = _instance(kind)

    def job() -> int:
        raise error

    assert attempt(job) == Notice(error.headline, tuple(error.details))


def test_a_failed_import_lists_its_problems_then_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The CLI's words for a failed import, as before the error model: each problem, then the count.
    from elotui.cli import _run
    from elotui.logbook.csv_io import ImportFailed

    def handler(_: argparse.Namespace) -> int:
        raise ImportFailed(["a.csv:2: bad result", "a.csv:5: no date"])

    assert _run(handler, argparse.Namespace()) == 2
    assert capsys.readouterr().err.splitlines() == [
        "a.csv:2: bad result",
        "a.csv:5: no date",
        "elotui: nothing imported (2 problems)",
    ]


def test_the_app_says_a_refused_logbook_as_it_is() -> None:
    # The opening of the app's logbook goes through `attempt` too: a refusal is its one-line reason.
    from elotui.logbook.database_file import DatabaseRefused
    from elotui.tui.logbook_access import Logbook, LogbookUnavailable

    def opener() -> object:
        raise DatabaseRefused("logbook.db was written by a newer elotui")

    logbook = Logbook(opener=opener)  # type: ignore[arg-type]
    with pytest.raises(LogbookUnavailable) as raised:
        logbook.get()
    assert str(raised.value) == "logbook.db was written by a newer elotui"
