"""A read-only logbook file or folder: one clear line, exit 2, nothing changed.

The tests run as root in CI containers, and permission bits do not stop root. elotui therefore treats a
file or folder without any write bit as read-only whoever runs it (what its owner meant), and also asks
the kernel (`os.access`, which a read-only file system answers for root too). Three layers are tested:
the permission bits, a real read-only file system (a read-only bind mount in a private mount namespace;
skipped where that cannot be made), and SQLite itself refusing a write after the checks passed.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine, event

from elotui.logbook import repository as repository_module
from elotui.logbook.engine import make_engine as real_make_engine

from .conftest import (
    ELOTUI,
    count_rows,
    game_rows,
    logbook_with_player,
    one_line_error,
    run_cli,
    run_in_private_mounts,
    write_csv,
)


def _commands(db: Path, csv_file: Path) -> list[list[str]]:
    return [
        ["player", "add", "Bob", "--db", str(db)],
        ["game", "add", "--player", "Alice", "--date", "2024-03-05", "--opponent-rating", "1600",
         "--result", "1", "--db", str(db)],
        ["import", str(csv_file), "--db", str(db)],
        ["published", "set", "--player", "Alice", "--month", "2024-03", "--rating", "1500",
         "--db", str(db)],
        ["player", "list", "--db", str(db)],
    ]  # fmt: skip


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


@pytest.fixture
def logbook(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    folder = tmp_path / "data"
    folder.mkdir()
    db = logbook_with_player(folder / "logbook.db", "Alice")
    csv_file = write_csv(tmp_path / "games.csv", game_rows(20))
    yield db, csv_file
    for path in (folder, db):
        path.chmod(stat.S_IRWXU if path.is_dir() else stat.S_IRUSR | stat.S_IWUSR)


def test_read_only_file(logbook: tuple[Path, Path]) -> None:
    db, csv_file = logbook
    db.chmod(stat.S_IRUSR | stat.S_IRGRP)
    before = _snapshot(db.parent)
    for argv in _commands(db, csv_file):
        code, out, err = run_cli(*argv)
        assert code == 2 and out == "" and one_line_error(err), (argv, err)
        assert err == f"elotui: {db} is read-only; elotui needs to write to its logbook\n"
        assert _snapshot(db.parent) == before


def test_read_only_folder(logbook: tuple[Path, Path]) -> None:
    db, csv_file = logbook
    db.parent.chmod(stat.S_IRUSR | stat.S_IXUSR)
    before = _snapshot(db.parent)
    new_db = db.parent / "new.db"
    for argv in [*_commands(db, csv_file), ["player", "add", "Bob", "--db", str(new_db)]]:
        code, out, err = run_cli(*argv)
        assert code == 2 and out == "" and one_line_error(err), (argv, err)
        assert "is read-only; elotui needs to write there" in err, err
        assert _snapshot(db.parent) == before


@pytest.mark.slow
def test_read_only_file_system(
    logbook: tuple[Path, Path], private_mounts: None, tmp_path: Path
) -> None:
    """The kernel refuses every write (EROFS), for root too."""
    db, csv_file = logbook
    before = _snapshot(db.parent)
    elotui = " ".join(ELOTUI)
    runs = "\n".join(
        f"{elotui} {' '.join(repr(a) for a in argv)} >/dev/null 2>>{tmp_path}/err.txt || "
        f"echo $? >>{tmp_path}/codes.txt"
        for argv in _commands(db, csv_file)
    )
    result = run_in_private_mounts(
        f"mount --bind {db.parent} {db.parent}\nmount -o remount,ro,bind {db.parent}\n{runs}\n"
    )
    assert result.returncode == 0, result.stderr
    codes = (tmp_path / "codes.txt").read_text().split()
    errors = (tmp_path / "err.txt").read_text().splitlines()
    assert codes == ["2"] * len(_commands(db, csv_file)), (codes, errors)
    assert len(errors) == len(codes) and all(line.startswith("elotui: ") for line in errors)
    assert all("read-only" in line for line in errors), errors
    assert _snapshot(db.parent) == before


def test_sqlite_refusing_a_write_after_the_checks(
    logbook: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file turns read-only between the checks and the write: SQLite refuses, one line says so."""
    db, csv_file = logbook

    def read_only_engine(path: Path, **options: bool) -> Engine:
        engine = real_make_engine(path, **options)

        @event.listens_for(engine, "connect")
        def _read_only(dbapi_connection, _record):  # type: ignore[no-untyped-def]
            dbapi_connection.execute("PRAGMA query_only = ON")

        return engine

    monkeypatch.setattr(repository_module, "make_engine", read_only_engine)
    for argv in _commands(db, csv_file)[:4]:
        code, out, err = run_cli(*argv)
        assert code == 2 and out == "" and one_line_error(err), (argv, err)
        assert err == "elotui: the logbook file is read-only; nothing was written\n", err
    monkeypatch.undo()
    assert count_rows(db) == 0 and count_rows(db, "player") == 1
    code, out, _ = run_cli("player", "list", "--json", "--db", str(db))
    assert code == 0 and [p["name"] for p in json.loads(out)["players"]] == ["Alice"]
