"""Migration 0006 (FIDE's games and K on a published rating) on a filled logbook made by schema 0005:
every row keeps its values and id, the new columns are NULL ("not given"), a typed rating stays valid,
the CHECKs refuse what FIDE never gives, and downgrade keeps every rating.

The 0005 logbook is built as the previous elotui left it (Alembic up to 0005, rows written with plain
SQL), so the test does not depend on today's repository."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from elotui.logbook import schema
from elotui.logbook.migrate import downgrade_database, upgrade_database
from elotui.logbook.repository import PublishedRecord, open_repository
from tests.conftest import logbook_file_at

PUBLISHED = [(3, 1, "2024-04", 1861, "standard"), (5, 1, "2024-05", 1870, "rapid")]
OLD_ROWS = "SELECT id, player_id, month, rating, rating_list FROM published_rating ORDER BY id"


@pytest.fixture
def logbook_0005(tmp_path: Path) -> Path:
    path = logbook_file_at(tmp_path / "logbook.db", "0005")
    raw = sqlite3.connect(path)
    with raw:
        raw.execute("INSERT INTO player (id, name) VALUES (1, 'Ana')")
        raw.executemany(
            "INSERT INTO published_rating (id, player_id, month, rating, rating_list)"
            " VALUES (?, ?, ?, ?, ?)",
            PUBLISHED,
        )
    raw.execute("PRAGMA journal_mode=DELETE")
    raw.close()
    return path


def _rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def _write(path: Path, sql: str) -> None:
    connection = sqlite3.connect(path)
    try:
        with connection:
            connection.execute(sql)
    finally:
        connection.close()


def test_upgrade_keeps_every_rating_and_gives_no_games_nor_k(logbook_0005: Path) -> None:
    result = upgrade_database(logbook_0005)
    assert (
        (result.from_revision, result.to_revision)
        == ("0005", "0006")
        == (
            "0005",
            schema.HEAD_REVISION,
        )
    )
    assert _rows(logbook_0005, OLD_ROWS) == PUBLISHED
    assert _rows(logbook_0005, "SELECT games, k FROM published_rating") == [(None, None)] * 2
    # Still never reusing an id (0005's AUTOINCREMENT survives the table copy).
    (sql,) = _rows(logbook_0005, "SELECT sql FROM sqlite_master WHERE name = 'published_rating'")
    assert "AUTOINCREMENT" in str(sql[0]).upper()
    repository = open_repository(logbook_0005)
    assert repository.list_published(1, None) == [
        PublishedRecord(3, 1, "2024-04", 1861, "standard", None, None),
        PublishedRecord(5, 1, "2024-05", 1870, "rapid", None, None),
    ]
    repository.close()


def test_games_and_k_are_stored_and_checked_by_the_database(logbook_0005: Path) -> None:
    upgrade_database(logbook_0005)
    _write(logbook_0005, "UPDATE published_rating SET games = 9, k = 40 WHERE id = 3")
    assert _rows(logbook_0005, "SELECT games, k FROM published_rating WHERE id = 3") == [(9, 40)]
    for wrong in ("games = -1", "k = 0", "k = 101"):
        with pytest.raises(sqlite3.IntegrityError, match="CHECK"):
            _write(logbook_0005, f"UPDATE published_rating SET {wrong} WHERE id = 3")
    assert _rows(logbook_0005, "SELECT games, k FROM published_rating WHERE id = 3") == [(9, 40)]


def test_downgrade_keeps_every_rating(logbook_0005: Path) -> None:
    upgrade_database(logbook_0005)
    _write(logbook_0005, "UPDATE published_rating SET games = 9, k = 40 WHERE id = 3")
    downgrade_database(logbook_0005, "0005")
    assert _rows(logbook_0005, OLD_ROWS) == PUBLISHED
    columns = [row[1] for row in _rows(logbook_0005, "PRAGMA table_info(published_rating)")]
    assert columns == ["id", "player_id", "month", "rating", "rating_list"]
    upgrade_database(logbook_0005)  # and up again: the games and K are not given any more
    assert _rows(logbook_0005, "SELECT games, k FROM published_rating") == [(None, None)] * 2
