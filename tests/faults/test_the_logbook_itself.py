"""An export never replaces, and an import never reads, the logbook it works on, by whatever name the
file is given (relative, a link, a hard link, one of SQLite's journal files beside it). An export to
the logbook's own name replaced the database with a CSV of its games: every game lost.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from elotui.logbook.repository import open_repository
from elotui.tui.screens.history.files import export_file

from .conftest import logbook_with_player, one_line_error, run_cli


def _names_of_the_logbook(logbook: Path) -> dict[str, Path]:
    folder = logbook.parent
    link = folder / "link.db"
    link.symlink_to(logbook.name)
    hard = folder / "games.csv"
    os.link(logbook, hard)
    return {
        "relative": Path(os.path.relpath(logbook)),
        "link": link,
        "hard link": hard,
        "its WAL": Path(f"{logbook}-wal"),
    }


@pytest.mark.parametrize("name", ["relative", "link", "hard link", "its WAL"])
def test_export_onto_the_logbook_is_refused(
    tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    logbook = logbook_with_player(tmp_path / "logbook.db", "Ana")
    monkeypatch.chdir(tmp_path)
    target = _names_of_the_logbook(logbook)[name]
    code, out, err = run_cli("export", "--db", str(logbook), "-o", str(target))
    assert code == 2 and out == "" and one_line_error(err), err
    assert err == f"elotui: {target} is the logbook itself; give another file\n"
    code, out, _ = run_cli("player", "list", "--db", str(logbook))
    assert code == 0 and "Ana" in out  # still a logbook, its player in it


def test_import_of_the_logbook_by_another_name_is_refused(tmp_path: Path) -> None:
    logbook = logbook_with_player(tmp_path / "logbook.db", "Ana")
    hard = _names_of_the_logbook(logbook)["hard link"]
    code, _, err = run_cli("import", str(hard), "--db", str(logbook))
    assert code == 2 and one_line_error(err), err
    assert "is the logbook itself" in err


def test_the_apps_export_onto_the_logbook_is_refused(tmp_path: Path) -> None:
    logbook = logbook_with_player(tmp_path / "logbook.db", "Ana")
    repository = open_repository(logbook)
    try:
        with pytest.raises(ValueError, match="is the logbook itself"):
            export_file(repository, logbook)
        assert [player.name for player in repository.list_players()] == ["Ana"]
    finally:
        repository.close()


def test_export_beside_the_logbook_still_works(tmp_path: Path) -> None:
    logbook = logbook_with_player(tmp_path / "logbook.db", "Ana")
    code, _, err = run_cli("export", "--db", str(logbook), "-o", str(tmp_path / "logbook.csv"))
    assert code == 0, err
    assert (tmp_path / "logbook.csv").read_text().startswith("player,date,")
