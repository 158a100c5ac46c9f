"""The plain-sqlite3 read path gives exactly what the repository gives, and steps aside otherwise."""

from __future__ import annotations

import datetime as dt
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest

from elotui.logbook import migrate, models, schema, schema_upgrades
from elotui.logbook.paths import resolve_db_path
from elotui.logbook.reader import open_reader
from elotui.logbook.records import NotFound
from elotui.logbook.repository import NewGame, Repository


def test_schema_constants_are_the_migrations_own() -> None:
    assert schema_upgrades.head_revision() == schema.HEAD_REVISION
    assert schema.APPLICATION_ID == models.APPLICATION_ID


def test_reader_reads_what_the_repository_wrote(repo: Repository, db_address: str) -> None:
    # On both backends: on a server the reader is server_reader's (psycopg alone).
    player = repo.add_player("Ana", start_rating=1800, birth_year=2001, games_before=12, fixed_k=15)
    games = [
        NewGame(dt.date(2026, 3, 2), 1900, Fraction(1), opponent="Bo", event="Open",
                event_start=dt.date(2026, 3, 1), event_end=dt.date(2026, 3, 9), own_rating=1790),
        NewGame(dt.date(2026, 1, 5), None, Fraction(1, 2), rated=False, notes="forfeit?"),
        NewGame(dt.date(2026, 1, 5), 2100, Fraction(0)),
    ]  # fmt: skip
    for game in games:
        repo.add_game(player.id, game)
    repo.set_published(player.id, "2026-02", 1811)

    reader = open_reader(resolve_db_path(db_address))
    assert reader is not None
    try:
        assert reader.player_ids_by_name() == {"Ana": player.id}
        assert reader.list_games(player.id, limit=2) == repo.list_games(
            player.id, limit=2, rating_list="standard"
        )
        assert reader.find_player("  Ana ") == repo.find_player("Ana")
        assert reader.games_for_replay(player.id) == repo.games_for_replay(player.id)
        assert reader.list_published(player.id) == repo.list_published(player.id)
        with pytest.raises(NotFound, match="elotui player add"):
            reader.find_player("Nobody")
    finally:
        reader.close()


def test_reader_steps_aside_for_files_it_should_not_read(tmp_path: Path, db_file: Path) -> None:
    assert open_reader(tmp_path / "missing.db") is None
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE notes (text)").connection.close()
    assert open_reader(other) is None
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 100)
    assert open_reader(junk) is None
    migrate.upgrade_database(db_file)
    with sqlite3.connect(db_file) as connection:  # pretend a migration is pending
        connection.execute("UPDATE alembic_version SET version_num = '0000'")
    connection.close()
    assert open_reader(db_file) is None
