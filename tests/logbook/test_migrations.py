"""Migrations and opening a file safely: create, upgrade/downgrade, refuse, back up."""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import stat
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

from elotui.logbook import migrate, schema, schema_upgrades
from elotui.logbook.database_file import DatabaseRefused
from elotui.logbook.engine import make_engine
from elotui.logbook.migrate import downgrade_database, upgrade_database
from elotui.logbook.models import APPLICATION_ID
from elotui.logbook.repository import WIN, NewGame, open_repository
from elotui.logbook.schema import HEAD_REVISION
from tests.conftest import PendingRevision, logbook_file_at


def _revision(path: Path) -> str | None:
    connection = sqlite3.connect(path)
    try:
        rows = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    finally:
        connection.close()
    return rows[0][0] if rows else None


def _single_file(path: Path) -> bytes:
    """Fold the WAL into the main file and leave rollback-journal mode: one file to compare."""
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA journal_mode=DELETE")
    connection.close()
    assert not Path(f"{path}-wal").exists()
    return path.read_bytes()


def _schema_diff(path: Path) -> list[object]:
    engine = make_engine(path)
    try:
        with engine.connect() as connection:
            return list(compare_metadata(MigrationContext.configure(connection), SQLModel.metadata))
    finally:
        engine.dispose()


def test_head_constant_matches_the_scripts() -> None:
    assert schema_upgrades.head_revision() == schema.HEAD_REVISION
    assert schema.HEAD_REVISION in schema_upgrades.known_revisions()


def test_scripts_found_in_the_checkout() -> None:
    found = schema_upgrades.migrations_dir()
    assert (found / "env.py").is_file()
    assert (found / "versions" / "0001_initial.py").is_file()


def test_new_file_is_created_in_a_new_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Only elotui's own data folder is created (a folder the user names must exist: issue 12).
    monkeypatch.setenv("ELOTUI_HOME", str(tmp_path / "deep" / "er"))
    path = tmp_path / "deep" / "er" / "logbook.db"
    result = upgrade_database(path)
    assert result.created and result.backup is None and result.to_revision == HEAD_REVISION
    assert _revision(path) == HEAD_REVISION
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    connection.close()
    again = upgrade_database(path)
    assert not again.changed and not again.created and again.backup is None


def test_upgrade_downgrade_upgrade_and_models_match(db_file: Path) -> None:
    upgrade_database(db_file)
    assert _schema_diff(db_file) == []
    downgrade_database(db_file, "base")
    # SQLite's own tables left out: 0005 makes `sqlite_sequence`, which nothing can drop.
    assert schema.table_names(sqlite3.connect(db_file)) <= {"alembic_version"}
    assert _revision(db_file) is None
    result = upgrade_database(db_file)
    assert result.created and result.backup is None  # nothing left to back up
    assert _revision(db_file) == schema.HEAD_REVISION
    assert _schema_diff(db_file) == []


def test_empty_file_is_a_new_database(db_file: Path) -> None:
    db_file.write_bytes(b"")
    assert upgrade_database(db_file).created
    assert _revision(db_file) == HEAD_REVISION


def _assert_refused_untouched(path: Path, reason: str) -> None:
    before = path.read_bytes()
    listing = sorted(p.name for p in path.parent.iterdir())
    with pytest.raises(DatabaseRefused, match=reason) as refused:
        upgrade_database(path)
    assert "\n" not in str(refused.value)
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == listing


def test_random_bytes_are_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "noise.db"
    path.write_bytes(b"\x00not sqlite" + os.urandom(8192))
    _assert_refused_untouched(path, "not an SQLite database")


def test_other_programs_sqlite_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE notes (body TEXT)")
    connection.execute("INSERT INTO notes VALUES ('keep me')")
    connection.commit()
    connection.close()
    _assert_refused_untouched(path, "not an elotui database")


def test_newer_revision_is_refused_untouched(db_file: Path) -> None:
    upgrade_database(db_file)
    connection = sqlite3.connect(db_file)
    connection.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    connection.commit()
    connection.close()
    _single_file(db_file)
    _assert_refused_untouched(db_file, "newer elotui")


@pytest.mark.parametrize("at_head", [True, False])
def test_read_only_file_is_refused_untouched(db_file: Path, at_head: bool) -> None:
    upgrade_database(db_file)
    if not at_head:
        downgrade_database(db_file, "base")
    _single_file(db_file)
    db_file.chmod(stat.S_IRUSR | stat.S_IRGRP)
    try:
        _assert_refused_untouched(db_file, "read-only")
    finally:
        db_file.chmod(stat.S_IRUSR | stat.S_IWUSR)


# --- a pending migration: a revision made for the test on top of the real head -----------------------
# (tests/conftest.py: second_revision)


def _logbook_at_head(path: Path) -> None:
    repository = open_repository(path)
    player = repository.add_player("Alice", start_rating=1500)
    game = NewGame(date=dt.date(2024, 3, 1), opponent_rating=1600, score=WIN)
    repository.add_new_games(player.id, [game] * 3)
    repository.set_published(player.id, "2024-04", 1520)
    repository.close()


def test_pending_migration_backs_up_first_and_keeps_the_data(
    db_file: Path, second_revision: PendingRevision
) -> None:
    _logbook_at_head(db_file)
    second_revision()
    base, pending = second_revision.base, second_revision.revision
    assert base == HEAD_REVISION and int(pending) == int(base) + 1
    result = upgrade_database(db_file)
    assert (result.from_revision, result.to_revision) == (base, pending)
    assert result.backup == db_file.with_name(f"logbook.db.bak-{base}")
    assert _revision(result.backup) == base  # the copy is the file as it was
    backup = sqlite3.connect(result.backup)
    assert backup.execute("SELECT count(*) FROM game").fetchone()[0] == 3
    assert "nickname" not in [row[1] for row in backup.execute("PRAGMA table_info(player)")]
    backup.close()
    migrated = sqlite3.connect(db_file)
    assert _revision(db_file) == pending
    assert "nickname" in [row[1] for row in migrated.execute("PRAGMA table_info(player)")]
    # Recreating the player table must not cascade-delete games (foreign keys are off meanwhile).
    assert migrated.execute("SELECT count(*) FROM game").fetchone()[0] == 3
    assert migrated.execute("SELECT count(*) FROM published_rating").fetchone()[0] == 1
    migrated.close()
    # A second backup of the same revision never overwrites the first.
    assert migrate.backup_path_for(db_file, base).name == f"logbook.db.bak-{base}.2"


def test_failed_migration_changes_nothing(db_file: Path, second_revision: PendingRevision) -> None:
    _logbook_at_head(db_file)
    second_revision(after='raise RuntimeError("boom")')
    with pytest.raises(DatabaseRefused, match="boom"):
        upgrade_database(db_file)
    assert _revision(db_file) == second_revision.base
    connection = sqlite3.connect(db_file)
    assert "nickname" not in [row[1] for row in connection.execute("PRAGMA table_info(player)")]
    assert connection.execute("SELECT count(*) FROM game").fetchone()[0] == 3
    connection.close()
    assert db_file.with_name(f"logbook.db.bak-{second_revision.base}").exists()


# --- 0003 (fide_id BIGINT on a server) on a file the previous elotui left at 0002 -----------------------


def test_a_0002_file_is_migrated_on_open_keeping_its_rows(tmp_path: Path) -> None:
    path = logbook_file_at(tmp_path / "logbook.db", "0002")
    raw = sqlite3.connect(path)  # a row as schema 0002 held it, without the models
    with raw:
        # 999,999,999,999: the largest FIDE id elotui takes (records.FIDE_ID_MAX); SQLite's INTEGER
        # already held it at 0002.
        raw.execute("INSERT INTO player (id, name, fide_id) VALUES (1, 'Ana', 999999999999)")
        raw.execute("INSERT INTO game (player_id, date, score_halves) VALUES (1, '2024-03-02', 2)")
    raw.execute("PRAGMA journal_mode=DELETE")
    raw.close()
    assert not schema.ready_as_is(path)  # the app's quick start sees a migration to make
    repository = open_repository(path)
    opened = repository.upgrade
    assert opened is not None and (opened.from_revision, opened.to_revision) == (
        "0002",
        HEAD_REVISION,
    )
    backup = opened.backup
    assert backup is not None and _revision(backup) == "0002"  # the copy is the file as it was
    copy = sqlite3.connect(backup)
    assert copy.execute("SELECT name, fide_id FROM player").fetchall() == [("Ana", 999_999_999_999)]
    copy.close()
    assert [(p.name, p.fide_id) for p in repository.list_players()] == [("Ana", 999_999_999_999)]
    assert repository.count_games() == 1
    repository.close()
    assert _revision(path) == HEAD_REVISION and schema.ready_as_is(path)
    assert _schema_diff(path) == []


def test_a_logbook_created_meanwhile_is_never_taken_for_another_programs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Five elotuis starting on one new logbook: one creates its schema while another tells what
    the file is (`inspect_database`: its mark, its tables, its schema version). Read one by one,
    the mark came from before that commit and the tables from after it, and the file was refused
    as another program's (seen once under load in tests/faults/test_concurrent_writers.py). Here the
    other elotui commits exactly between the first read and the next ones."""
    path = tmp_path / "logbook.db"
    first = sqlite3.connect(path)
    first.execute("PRAGMA journal_mode=WAL")  # as the creating elotui's first connection sets it
    looked = schema.looking_connection  # what migrate calls, by that name

    class OtherCommitsAfterTheFirstRead:
        def __init__(self, connection: sqlite3.Connection) -> None:
            self.connection = connection
            self.reads = 0

        def execute(self, sql: str, *parameters: Any) -> object:
            cursor = self.connection.execute(sql, *parameters)
            if sql.lstrip().upper().startswith(("SELECT", "PRAGMA")):
                self.reads += 1
                if self.reads == 1:
                    rows = cursor.fetchall()
                    monkeypatch.setattr(migrate, "looking_connection", looked)
                    open_repository(path).close()  # the other elotui: schema made, committed

                    class Read:
                        def fetchone(self) -> object:
                            return rows[0]

                    return Read()
            return cursor

        def close(self) -> None:
            self.connection.close()

    monkeypatch.setattr(
        migrate, "looking_connection", lambda p: OtherCommitsAfterTheFirstRead(looked(p))
    )
    state = migrate.inspect_database(path)  # refused before: "belongs to another program"
    assert not state.exists  # what the file was at the first read: new, and made here as well
    first.close()
    assert open_repository(path).list_players() == []  # and the logbook the other one made is fine
