"""Migration 0005 (ids never reused) on a filled logbook made by schema 0003: every row keeps its id,
and from then on a deleted row's id never goes to a new one; downgrade keeps every row too.

The 0003 logbook is built as the previous elotui left it (Alembic up to 0003, rows written with plain
SQL, ids with gaps), so the test does not depend on today's repository."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlmodel import SQLModel

from elotui.logbook import schema
from elotui.logbook.migrate import downgrade_database, upgrade_database
from tests.conftest import logbook_file_at, logbook_from_models

TABLES = ("player", "game", "published_rating")
# Ids with gaps, as deletions leave them: the largest id of each table is what goes on from.
PLAYERS = [(1, "Ana"), (4, "Bo")]
GAMES = [(2, 1, "2024-03-02", 2), (7, 4, "2024-03-03", 1), (9, 1, "2024-03-04", 0)]
PUBLISHED = [(3, 1, "2024-04", 1861), (5, 4, "2024-04", 1500)]
ROWS = {
    "player": "SELECT id, name FROM player ORDER BY id",
    "game": "SELECT id, player_id, date, score_halves FROM game ORDER BY id",
    "published_rating": "SELECT id, player_id, month, rating FROM published_rating ORDER BY id",
}
# A new row of each table (the player is 1, who exists).
NEW_ROW = {
    "player": "INSERT INTO player (name) VALUES ('Cy')",
    "game": "INSERT INTO game (player_id, date, score_halves) VALUES (1, '2024-05-01', 2)",
    "published_rating": "INSERT INTO published_rating (player_id, month, rating)"
    " VALUES (1, '2024-06', 1870)",
}


@pytest.fixture
def logbook_0003(tmp_path: Path) -> Path:
    path = logbook_file_at(tmp_path / "logbook.db", "0003")
    raw = sqlite3.connect(path)
    with raw:
        raw.executemany("INSERT INTO player (id, name) VALUES (?, ?)", PLAYERS)
        raw.executemany(
            "INSERT INTO game (id, player_id, date, score_halves) VALUES (?, ?, ?, ?)", GAMES
        )
        raw.executemany(
            "INSERT INTO published_rating (id, player_id, month, rating) VALUES (?, ?, ?, ?)",
            PUBLISHED,
        )
    raw.execute("PRAGMA journal_mode=DELETE")
    raw.close()
    return path


def _rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    connection = sqlite3.connect(path)
    try:
        return {table: connection.execute(sql).fetchall() for table, sql in ROWS.items()}
    finally:
        connection.close()


def _never_reusing(path: Path) -> set[str]:
    """The tables whose ids SQLite never gives twice (declared AUTOINCREMENT)."""
    connection = sqlite3.connect(path)
    try:
        return {
            name
            for name, sql in connection.execute(
                "SELECT name, sql FROM sqlite_master WHERE type = 'table'"
            )
            if "AUTOINCREMENT" in sql.upper()
        }
    finally:
        connection.close()


def _id_after_deleting_the_last(path: Path, table: str) -> tuple[int, int]:
    """Delete the row with the largest id of `table`, add a new one: (that id, the new one's)."""
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA foreign_keys = ON")
    try:
        with connection:
            (last,) = connection.execute(f"SELECT max(id) FROM {table}").fetchone()
            if table == "player":  # the newest player has no game nor rating (a cascade else)
                connection.execute("INSERT INTO player (name) VALUES ('Newest')")
                (last,) = connection.execute("SELECT max(id) FROM player").fetchone()
            connection.execute(f"DELETE FROM {table} WHERE id = ?", (last,))
            new = connection.execute(NEW_ROW[table]).lastrowid
        assert new is not None
        return last, new
    finally:
        connection.close()


def test_before_0005_sqlite_gives_a_deleted_id_back(logbook_0003: Path) -> None:
    # What the revision is for (and what the test below would find without it): the largest id
    # left + 1, here 8, which is not larger than the 9 just deleted.
    for table in TABLES:
        last, new = _id_after_deleting_the_last(logbook_0003, table)
        assert new <= last, table


def test_upgrade_keeps_every_row_with_its_id_and_never_reuses_one(logbook_0003: Path) -> None:
    before = _rows(logbook_0003)
    result = upgrade_database(logbook_0003)
    # Up to the head: 0005, then the later revisions (0006 copies published_rating again, keeping
    # its AUTOINCREMENT).
    assert (result.from_revision, result.to_revision) == ("0003", schema.HEAD_REVISION)
    assert _rows(logbook_0003) == before
    assert _never_reusing(logbook_0003) == set(TABLES)
    for table in TABLES:
        last, new = _id_after_deleting_the_last(logbook_0003, table)
        assert new > last, table


def test_downgrade_keeps_every_row_with_its_id(logbook_0003: Path) -> None:
    before = _rows(logbook_0003)
    upgrade_database(logbook_0003)
    downgrade_database(logbook_0003, "0003")
    assert _rows(logbook_0003) == before
    assert _never_reusing(logbook_0003) == set()
    upgrade_database(logbook_0003)  # and up again
    assert _rows(logbook_0003) == before and _never_reusing(logbook_0003) == set(TABLES)


def test_new_migrated_and_model_made_logbooks_never_reuse_ids_alike(
    logbook_0003: Path, tmp_path: Path
) -> None:
    """SQLAlchemy does not read AUTOINCREMENT back from a file (nor does Alembic's comparison of
    the models with a file see it): a later batch migration that recreates a table without it
    would lose it silently. This compares it in all three."""
    upgrade_database(logbook_0003)
    fresh = tmp_path / "fresh.db"
    upgrade_database(fresh)
    from_models = logbook_from_models(tmp_path / "models.db")
    assert _never_reusing(from_models) == set(TABLES) == set(SQLModel.metadata.tables)
    assert _never_reusing(fresh) == _never_reusing(logbook_0003) == _never_reusing(from_models)
