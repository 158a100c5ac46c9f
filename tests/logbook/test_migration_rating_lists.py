"""Migration 0002 (rating lists) on a filled logbook made by schema 0001: nothing lost, and back.

The 0001 logbook is built the way the previous elotui left it: Alembic up to 0001 only, then rows
written with plain SQL into every column of every table (each field filled somewhere, NULLs too), so
the test does not depend on today's repository.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from elotui.logbook import schema
from elotui.logbook.database_file import DatabaseRefused
from elotui.logbook.engine import make_engine
from elotui.logbook.migrate import downgrade_database, upgrade_database
from elotui.logbook.reader import open_reader
from elotui.logbook.repository import Repository
from tests.conftest import logbook_file_at, logbook_from_models

PLAYERS = [
    # id, name, fide_id, birth_year, start_rating, games_before, reached_2400, fixed_k, notes
    (1, "Ana Costa", 1234567, 1990, 1850, 42, 1, 20, "club captain"),
    (2, "Bruno Lévy", None, None, None, 0, 0, None, ""),
]
GAMES = [
    # id, player_id, date, opponent, opponent_rating, score_halves, event, event_start, event_end,
    # own_rating, rated, notes
    (1, 1, "2024-03-02", "Bo", 1900, 2, "Open", "2024-03-01", "2024-03-09", 1850, 1, "sharp"),
    (2, 1, "2024-03-03", "Cy", None, 1, "Open", "2024-03-01", "2024-03-09", 1850, 0, "forfeit"),
    (3, 1, "2024-04-20", None, 2100, 0, None, None, None, None, 1, ""),
    (4, 2, "2025-01-05", "Dé", 1500, 2, "Blitz du jeudi", "2025-01-05", "2025-01-05", 1400, 1, "x"),
]
PUBLISHED = [(1, 1, "2024-04", 1861), (2, 1, "2024-05", 1849), (3, 2, "2025-02", 1420)]
TABLES = ("player", "game", "published_rating")


@pytest.fixture
def logbook_0001(tmp_path: Path) -> Path:
    path = logbook_file_at(tmp_path / "logbook.db", "0001")
    raw = sqlite3.connect(path)  # the rows as the 0001 schema held them, without the models
    with raw:
        raw.executemany(f"INSERT INTO player VALUES ({','.join('?' * 9)})", PLAYERS)
        raw.executemany(f"INSERT INTO game VALUES ({','.join('?' * 12)})", GAMES)
        raw.executemany("INSERT INTO published_rating VALUES (?, ?, ?, ?)", PUBLISHED)
    raw.execute("PRAGMA journal_mode=DELETE")
    raw.close()
    return path


def _tables(path: Path) -> dict[str, tuple[list[str], list[tuple[Any, ...]]]]:
    """Every table (alembic_version included, SQLite's own left out: 0005 makes
    `sqlite_sequence`, which nothing can drop) as (column names, rows in id order)."""
    connection = sqlite3.connect(path)
    try:
        names = sorted(schema.table_names(connection))
        result = {}
        for name in names:
            cursor = connection.execute(f"SELECT * FROM {name} ORDER BY 1")
            result[name] = ([d[0] for d in cursor.description], cursor.fetchall())
        return result
    finally:
        connection.close()


def _constraints(path: Path) -> dict[str, set[str]]:
    """The named constraints and indexes of each table, read from the schema SQLite stores."""
    connection = sqlite3.connect(path)
    try:
        found: dict[str, set[str]] = {}
        for kind, table, sql in connection.execute(
            "SELECT type, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL"
        ):
            names = found.setdefault(table, set())
            if kind == "index":
                names.add(re.findall(r"INDEX (\w+)", sql)[0])
            names.update(re.findall(r"CONSTRAINT (\w+)", sql))
        return found
    finally:
        connection.close()


def test_the_schema_is_at_0001_before(logbook_0001: Path) -> None:
    _columns, rows = _tables(logbook_0001)["alembic_version"]
    assert rows == [("0001",)]
    assert "rating_list" not in _tables(logbook_0001)["game"][0]


def test_upgrade_keeps_every_row_and_value_and_makes_everything_standard(
    logbook_0001: Path,
) -> None:
    before = _tables(logbook_0001)
    result = upgrade_database(logbook_0001)
    # Up to the head: 0002, then the later revisions (0003 changes nothing on SQLite, 0004 brings names to NFC, 0005 copies the tables keeping every row, 0006 adds FIDE's games and K to published ratings).
    assert (result.from_revision, result.to_revision) == ("0001", schema.HEAD_REVISION)
    assert result.backup is not None and _tables(result.backup) == before
    after = _tables(logbook_0001)
    assert set(after) == set(before)
    assert after["alembic_version"][1] == [(schema.HEAD_REVISION,)]
    # Every old column keeps every value: the new columns come last, so each old row is a prefix.
    added = {
        "player": (),
        "game": ("rating_list", "rated_period"),
        "published_rating": ("rating_list", "games", "k"),
    }
    for table in TABLES:
        old_columns, old_rows = before[table]
        new_columns, new_rows = after[table]
        assert new_columns == old_columns + list(added[table]), table
        assert [row[: len(old_columns)] for row in new_rows] == old_rows, table
    # Existing games and published ratings are standard, with no pinned period.
    assert [row[12:] for row in after["game"][1]] == [("standard", None)] * len(GAMES)
    assert [row[4:] for row in after["published_rating"][1]] == [("standard", None, None)] * len(
        PUBLISHED
    )
    connection = sqlite3.connect(logbook_0001)
    assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    assert connection.execute("PRAGMA application_id").fetchone()[0] == schema.APPLICATION_ID
    connection.close()


def test_the_migrated_logbook_reads_as_standard_records(logbook_0001: Path) -> None:
    upgrade_database(logbook_0001)
    repository = Repository(make_engine(logbook_0001))
    games = repository.list_games(1, newest_first=False)
    assert [(g.id, g.rating_list, g.rated_period) for g in games] == [
        (1, "standard", None), (2, "standard", None), (3, "standard", None),
    ]  # fmt: skip
    assert games[1].opponent_rating is None and games[1].notes == "forfeit" and not games[1].rated
    assert [(p.month, p.rating, p.rating_list) for p in repository.list_published(1)] == [
        ("2024-04", 1861, "standard"), ("2024-05", 1849, "standard"),
    ]  # fmt: skip
    repository.close()
    reader = open_reader(logbook_0001)
    assert reader is not None
    assert reader.games_for_replay(1) == games
    reader.close()


def test_migrated_and_new_logbooks_have_the_models_constraints(
    logbook_0001: Path, tmp_path: Path
) -> None:
    upgrade_database(logbook_0001)
    fresh = tmp_path / "fresh.db"
    upgrade_database(fresh)
    expected = _constraints(logbook_from_models(tmp_path / "models.db"))
    assert "ck_game_rating_list" in expected["game"]
    assert "ck_game_rated_period_format" in expected["game"]
    assert "uq_published_rating_player_id_rating_list_month" in expected["published_rating"]
    for path in (logbook_0001, fresh):
        found = _constraints(path)
        for table in TABLES:
            assert found[table] == expected[table], (path.name, table)


def test_the_new_constraints_hold_in_a_migrated_logbook(logbook_0001: Path) -> None:
    upgrade_database(logbook_0001)
    connection = sqlite3.connect(logbook_0001)
    # The same month on another list is another published rating ...
    connection.execute(
        "INSERT INTO published_rating (player_id, month, rating, rating_list)"
        " VALUES (1, '2024-04', 1790, 'rapid')"
    )
    for sql in (
        # ... but not twice on one list,
        "INSERT INTO published_rating (player_id, month, rating) VALUES (1, '2024-04', 1800)",
        # nor a list that does not exist, nor a period that is not YYYY-MM.
        "INSERT INTO published_rating (player_id, month, rating, rating_list)"
        " VALUES (1, '2024-06', 1800, 'bullet')",
        "UPDATE game SET rating_list = 'Blitz' WHERE id = 1",
        "UPDATE game SET rated_period = '2024-13' WHERE id = 1",
        "UPDATE game SET rated_period = '2024-4' WHERE id = 1",
        "UPDATE game SET rating_list = NULL WHERE id = 1",
    ):
        with pytest.raises(sqlite3.IntegrityError):
            connection.execute(sql)
    connection.execute(
        "UPDATE game SET rated_period = '2024-05', rating_list = 'blitz' WHERE id = 1"
    )
    connection.close()


def test_downgrade_of_a_standard_only_logbook_loses_nothing(logbook_0001: Path) -> None:
    before = _tables(logbook_0001)
    upgrade_database(logbook_0001)
    downgrade_database(logbook_0001, "0001")
    assert _tables(logbook_0001) == before
    assert _constraints(logbook_0001)["published_rating"] >= {"uq_published_rating_player_id_month"}


@pytest.mark.parametrize(
    ("change", "what"),
    [
        ("UPDATE game SET rating_list = 'blitz' WHERE id = 4", "1 rapid or blitz game"),
        (
            "INSERT INTO published_rating (player_id, month, rating, rating_list)"
            " VALUES (1, '2024-04', 1790, 'rapid')",
            "1 rapid or blitz published rating",
        ),
        ("UPDATE game SET rated_period = '2024-05'", "4 game(s) with a pinned period"),
    ],
)
def test_downgrade_that_would_lose_a_list_or_a_pin_is_refused(
    logbook_0001: Path, change: str, what: str
) -> None:
    upgrade_database(logbook_0001)
    connection = sqlite3.connect(logbook_0001)
    with connection:
        connection.execute(change)
    connection.execute("PRAGMA journal_mode=DELETE")
    connection.close()
    before = _tables(logbook_0001)
    with pytest.raises(DatabaseRefused, match="cannot go back to schema 0001") as refused:
        downgrade_database(logbook_0001, "0001")
    assert what in str(refused.value) and "nothing changed" in str(refused.value)
    assert "\n" not in str(refused.value)
    assert _tables(logbook_0001) == before  # still 0002, every row as it was
