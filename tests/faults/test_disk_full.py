"""The disk fills up in the middle of a write: one clear line, nothing half-written, the file still sound.

Simulated in-process with SQLite's own limit (`PRAGMA max_page_count` just above the file's size: SQLite
then fails exactly as on a full disk, SQLITE_FULL, in the middle of the transaction), and for real with a
tiny tmpfs in a private mount namespace (skipped where that cannot be made).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from sqlalchemy import Engine, event

from elotui.logbook import repository as repository_module
from elotui.logbook.engine import make_engine as real_make_engine

from .conftest import (
    ELOTUI,
    count_rows,
    game_rows,
    integrity,
    logbook_with_player,
    one_line_error,
    run_cli,
    run_in_private_mounts,
    write_csv,
)

FULL = "elotui: the disk is full; nothing was written (free some space and try again)\n"


@pytest.fixture
def nearly_full(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every new connection may grow the file by a few pages only."""

    def limited_engine(path: Path, **options: bool) -> Engine:
        engine = real_make_engine(path, **options)

        @event.listens_for(engine, "connect")
        def _limit(dbapi_connection, _record):  # type: ignore[no-untyped-def]
            pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
            dbapi_connection.execute(f"PRAGMA max_page_count = {pages + 4}")

        return engine

    monkeypatch.setattr(repository_module, "make_engine", limited_engine)


def test_disk_full_during_writes(tmp_path: Path, nearly_full: None) -> None:
    db = logbook_with_player(tmp_path / "logbook.db", "Alice")  # made before the limit matters
    before = db.read_bytes()
    csv_file = write_csv(tmp_path / "games.csv", game_rows(5_000))
    long_text = "n" * 100_000
    for argv in (
        ["import", str(csv_file)],
        ["game", "add", "--player", "Alice", "--date", "2024-03-05", "--opponent-rating", "1600",
         "--result", "1", "--notes", long_text],
        ["player", "add", "Bob", "--notes", long_text],
    ):  # fmt: skip
        code, out, err = run_cli(*argv, "--db", str(db))
        assert (code, out, err) == (2, "", FULL), argv
        assert one_line_error(err)
    assert db.read_bytes() == before
    assert integrity(db) == "ok"
    assert count_rows(db) == 0 and count_rows(db, "player") == 1


def test_after_a_full_disk_the_logbook_still_works(tmp_path: Path) -> None:
    db = logbook_with_player(tmp_path / "logbook.db", "Alice")
    csv_file = write_csv(tmp_path / "games.csv", game_rows(5_000))
    with pytest.MonkeyPatch.context() as patch:

        def limited_engine(path: Path, **options: bool) -> Engine:
            engine = real_make_engine(path, **options)
            event.listen(
                engine, "connect",
                lambda connection, _record: connection.execute("PRAGMA max_page_count = 12"),
            )  # fmt: skip
            return engine

        patch.setattr(repository_module, "make_engine", limited_engine)
        assert run_cli("import", str(csv_file), "--db", str(db))[2] == FULL
    code, out, err = run_cli("import", str(csv_file), "--db", str(db), "--json")  # space again
    assert code == 0, err
    assert json.loads(out)["imported"] == 5_000 and count_rows(db) == 5_000
    assert integrity(db) == "ok"


def test_a_really_full_disk(tmp_path: Path, private_mounts: None) -> None:
    """A 1 MB tmpfs, and an import of several MB: the kernel says ENOSPC in the middle of it."""
    template = logbook_with_player(tmp_path / "template.db", "Alice")
    rows = game_rows(20_000, opponent_prefix="Opponent " + "o" * 60)
    csv_file = write_csv(tmp_path / "games.csv", rows)
    disk = tmp_path / "disk"
    disk.mkdir()
    db = disk / "logbook.db"
    elotui = " ".join(ELOTUI)
    report = tmp_path / "report.txt"
    result = run_in_private_mounts(
        f"""
        mount -t tmpfs -o size=1m tmpfs {disk}
        cp {template} {db}
        {elotui} import {csv_file} --db {db} >/dev/null 2>{tmp_path}/import.err || echo "import $?" >{report}
        {elotui} game list --player Alice --json --db {db} >{tmp_path}/list.json
        {sys.executable} -c 'import sqlite3; c = sqlite3.connect("{db}"); print(c.execute("pragma integrity_check").fetchone()[0], c.execute("select count(*) from game").fetchone()[0])' >>{report}
        """
    )
    assert result.returncode == 0, result.stderr
    assert report.read_text().split() == ["import", "2", "ok", "0"]
    assert (tmp_path / "import.err").read_text() == FULL
    assert json.loads((tmp_path / "list.json").read_text())["games"] == []


def test_a_logbook_on_a_full_disk_is_not_called_damaged(
    tmp_path: Path, private_mounts: None
) -> None:
    """Opening a logbook needs room for its `-shm` file; on a full disk SQLite says only "disk I/O
    error", which elotui said as "not a usable SQLite database". The file is sound: said as full."""
    template = logbook_with_player(tmp_path / "template.db", "Alice")
    disk = tmp_path / "disk"
    disk.mkdir()
    db = disk / "logbook.db"
    elotui = " ".join(ELOTUI)
    result = run_in_private_mounts(
        f"""
        mount -t tmpfs -o size=1m tmpfs {disk}
        cp {template} {db}
        dd if=/dev/zero of={disk}/filler bs=4k 2>/dev/null || true
        {elotui} game list --player Alice --db {db} 2>{tmp_path}/list.err || true
        {elotui} player add Bob --db {db} 2>{tmp_path}/add.err || true
        rm {disk}/filler
        cp {db} {tmp_path}/after.db
        """
    )
    assert result.returncode == 0, result.stderr
    said = f"elotui: the disk is full; {db} could not be opened (free some space and try again)\n"
    assert (tmp_path / "list.err").read_text() == said
    assert (tmp_path / "add.err").read_text() == said
    assert (tmp_path / "after.db").read_bytes() == template.read_bytes()


# Fills the disk once the logbook has been looked at (with room to spare), before its engine opens
# it: the engine's first connection then cannot make the `-shm` file ("disk I/O error").
_FILLED_AFTER_THE_LOOK = """
import subprocess, sys
from elotui.cli import main
from elotui.logbook import migrate

looked_at = migrate.inspect_database

def look_then_fill(path):
    state = looked_at(path)
    subprocess.run(["sh", "-c", f"dd if=/dev/zero of={path.parent}/filler bs=4k 2>/dev/null"])
    return state

migrate.inspect_database = look_then_fill
sys.exit(main(sys.argv[1:]))
"""


def test_a_disk_filled_under_an_open_logbook(tmp_path: Path, private_mounts: None) -> None:
    """The same "disk I/O error" from the engine's own connection (the disk filled a moment after
    the logbook was looked at) is a full disk too, not "the disk failed"."""
    template = logbook_with_player(tmp_path / "template.db", "Alice")
    script = tmp_path / "filled.py"
    script.write_text(_FILLED_AFTER_THE_LOOK, encoding="utf-8")
    disk = tmp_path / "disk"
    disk.mkdir()
    db = disk / "logbook.db"
    result = run_in_private_mounts(
        f"""
        mount -t tmpfs -o size=1m tmpfs {disk}
        cp {template} {db}
        {sys.executable} {script} game add --player Alice --date 2024-03-05 \\
            --opponent-rating 1600 --result 1 --db {db} 2>{tmp_path}/add.err || echo "add $?" >{tmp_path}/code
        rm {disk}/filler
        cp {db} {tmp_path}/after.db
        """
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "code").read_text() == "add 2\n"
    assert (tmp_path / "add.err").read_text() == FULL
    assert count_rows(tmp_path / "after.db") == 0 and integrity(tmp_path / "after.db") == "ok"
