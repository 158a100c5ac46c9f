"""A logbook on a PostgreSQL server: the URL, the driver, the migrations and their refusals."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator

import psycopg
import pytest
from sqlalchemy import make_url

from elotui.logbook import database_file, migrate
from elotui.logbook.paths import BadDatabasePath, ServerLogbook, resolve_db_path
from elotui.logbook.repository import open_repository
from elotui.logbook.schema import HEAD_REVISION
from tests.conftest import run_cli
from tests.postgres.cluster import Cluster


@pytest.fixture
def server_url(postgres_cluster: Cluster) -> Iterator[str]:
    url = postgres_cluster.new_database()
    yield url
    postgres_cluster.drop_database(url)


def _sql(url: str, statement: str) -> list[tuple[object, ...]]:
    """Run `statement` on the database of `url` with psycopg itself (not through elotui)."""
    parsed = make_url(url)
    with psycopg.connect(
        host=str(parsed.query["host"]), user=parsed.username, dbname=parsed.database
    ) as connection:
        cursor = connection.execute(statement)
        return cursor.fetchall() if cursor.description else []


def test_a_postgresql_url_is_a_server_logbook_with_the_psycopg_driver() -> None:
    for given in ("postgresql://ana@db.example/club", "postgres://ana@db.example/club"):
        logbook = resolve_db_path(given)
        assert isinstance(logbook, ServerLogbook)
        assert logbook.url.drivername == "postgresql+psycopg"
        assert (logbook.url.host, logbook.url.database) == ("db.example", "club")


def test_the_password_is_never_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    url = "postgresql://ana:s3cret-pw@db.example:5432/club"
    assert "s3cret-pw" not in str(resolve_db_path(url))
    code, out, err = run_cli("db", "path", "--db", url)
    assert code == 0, err
    assert out.strip() == "postgresql://ana:***@db.example:5432/club"
    monkeypatch.setenv("ELOTUI_DB", url)
    code, out, _ = run_cli("db", "path", "--json")
    assert json.loads(out) == {"path": "postgresql://ana:***@db.example:5432/club", "exists": None}


def test_a_url_without_a_database_or_with_a_bad_port_is_refused() -> None:
    with pytest.raises(BadDatabasePath, match="names no database"):
        resolve_db_path("postgresql://ana:pw@db.example")
    with pytest.raises(BadDatabasePath, match="not a usable PostgreSQL URL") as refused:
        resolve_db_path("postgresql://ana:pw@db.example:port/club")
    assert "pw" not in str(refused.value)


def test_other_urls_are_refused_without_their_password() -> None:
    with pytest.raises(BadDatabasePath, match="cannot use") as refused:
        resolve_db_path("mysql://ana:s3cret-pw@db.example/club")
    assert "s3cret-pw" not in str(refused.value) and "mysql://ana:***@" in str(refused.value)


def test_without_psycopg_one_line_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "psycopg" else real(name, *a)
    )
    code, out, err = run_cli("player", "list", "--db", "postgresql://ana@db.example/club")
    assert (code, out) == (2, "")
    assert err.strip().splitlines() == [
        "elotui: a PostgreSQL logbook needs the psycopg driver, which is not installed: in"
        " elotui's clone, uv tool install '.[postgres]' (or uv sync --extra postgres)"
    ]
    # elotui is not on the package index: nothing may send a user to it.
    assert "pip install" not in err


def test_a_server_that_does_not_answer_is_one_line_without_the_password(tmp_path: object) -> None:
    url = f"postgresql://ana:s3cret-pw@/club?host={tmp_path}"  # no server listens there
    code, _, err = run_cli("player", "add", "Ana", "--db", url)
    assert code == 2
    # One line for the failure, after the warning that a password in --db shows in `ps`.
    warning, failure = err.strip().splitlines()
    assert "PGPASSWORD" in warning and failure.startswith("elotui: cannot use the logbook at"), err
    assert "s3cret-pw" not in err


def test_db_upgrade_creates_then_finds_nothing_to_do(server_url: str) -> None:
    code, out, err = run_cli("db", "upgrade", "--db", server_url)
    assert code == 0, err
    assert out.startswith("created postgresql://elotui@/") and f"(schema {HEAD_REVISION})" in out
    assert _sql(server_url, "SELECT version_num FROM alembic_version") == [(HEAD_REVISION,)]
    code, out, _ = run_cli("db", "upgrade", "--db", server_url)
    assert code == 0 and f"is up to date (schema {HEAD_REVISION})" in out


def test_an_older_schema_is_migrated_without_a_backup_keeping_its_rows(server_url: str) -> None:
    logbook = resolve_db_path(server_url)
    migrate.upgrade_database(logbook)
    migrate.downgrade_database(logbook, "0001")
    assert _sql(server_url, "SELECT version_num FROM alembic_version") == [("0001",)]
    _sql(server_url, "INSERT INTO player (name) VALUES ('Ana')")
    _sql(
        server_url,
        "INSERT INTO game (player_id, date, score_halves) SELECT id, '2026-01-02', 2 FROM player",
    )
    code, out, err = run_cli("db", "upgrade", "--db", server_url)
    assert code == 0, err
    assert (
        f"from schema 0001 to {HEAD_REVISION}" in out
        and "a pg_dump before upgrading is yours to take" in out
    )
    # 0002 makes every existing game a standard one (its server default).
    assert _sql(server_url, "SELECT rating_list, score_halves FROM game") == [("standard", 2)]


def test_a_newer_schema_is_refused_with_the_files_words_and_nothing_changes(
    server_url: str,
) -> None:
    logbook = resolve_db_path(server_url)
    migrate.upgrade_database(logbook)
    _sql(server_url, "UPDATE alembic_version SET version_num = '0099'")
    code, out, err = run_cli("player", "add", "Ana", "--db", server_url)
    assert (code, out) == (2, "")
    assert err.strip() == (
        f"elotui: {logbook} was written by a newer elotui (schema 0099; this elotui knows up to "
        f"{HEAD_REVISION}): upgrade elotui to open it"
    )
    assert _sql(server_url, "SELECT count(*) FROM player") == [(0,)]
    _sql(server_url, "UPDATE alembic_version SET version_num = 'abc'")
    with pytest.raises(database_file.DatabaseRefused, match="no elotui ever wrote"):
        open_repository(logbook)


def test_another_programs_database_is_refused(server_url: str) -> None:
    _sql(server_url, "CREATE TABLE invoices (id integer)")
    code, _, err = run_cli("player", "add", "Ana", "--db", server_url)
    assert code == 2 and "is not an elotui logbook" in err, err
    assert _sql(
        server_url,
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    ) == [("invoices",)]


def test_reading_an_empty_database_creates_nothing(server_url: str) -> None:
    code, _, err = run_cli("replay", "--player", "Ana", "--db", server_url)
    assert code == 2 and "there is no logbook at" in err, err
    assert _sql(
        server_url,
        "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'",
    ) == [(0,)]


def test_a_current_schema_with_a_table_missing_is_refused(server_url: str) -> None:
    migrate.upgrade_database(resolve_db_path(server_url))
    _sql(server_url, "DROP TABLE published_rating")
    code, _, err = run_cli("player", "list", "--db", server_url)
    assert code == 2
    assert "is damaged: its table published_rating is missing (restore a dump)" in err, err


def test_the_fast_reader_steps_aside_for_a_database_it_should_not_read(
    server_url: str, postgres_cluster: Cluster
) -> None:
    from elotui.logbook.reader import open_reader

    assert open_reader(resolve_db_path(server_url)) is None  # empty: nothing to read yet
    open_repository(resolve_db_path(server_url)).close()
    reader = open_reader(resolve_db_path(server_url))
    assert reader is not None
    reader.close()
    _sql(server_url, "UPDATE alembic_version SET version_num = '0001'")  # a migration pending
    assert open_reader(resolve_db_path(server_url)) is None
    missing = postgres_cluster.url("no_such_database")
    assert open_reader(resolve_db_path(missing)) is None  # the repository says why


def test_a_replay_on_a_server_reads_without_the_orm(server_url: str) -> None:
    import subprocess
    import sys

    assert run_cli("player", "add", "Ana", "--rating", "1800", "--db", server_url)[0] == 0
    code, _, err = run_cli("game", "add", "--player", "Ana", "--date", "2026-03-14",
                           "--opponent-rating", "1950", "--result", "1", "--db", server_url)  # fmt: skip
    assert code == 0, err
    script = (
        "import sys, io, contextlib; from elotui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        f"    code = main(['replay', '--json', '--player', 'Ana', '--db', {server_url!r}])\n"
        "print(code, 'sqlalchemy.orm' not in sys.modules and 'alembic' not in sys.modules)\n"
        "print(out.getvalue())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    first, _, document = done.stdout.partition("\n")
    assert first == "0 True", done.stderr
    # 1800 beats 1950: PD 0.30 for the lower (FIDE table 8.1.2), K 40: +0.70 × 40 = +28 → 1828.
    assert json.loads(document)["current_rating"] == 1828


def test_a_fide_id_past_32_bits_is_stored_on_the_server(server_url: str) -> None:
    # Schema 0003 makes player.fide_id BIGINT: 3,000,000,000 is past PostgreSQL's INTEGER (2**31 − 1 =
    # 2,147,483,647) and 999,999,999,999 is the largest id elotui takes (records.FIDE_ID_MAX).
    repository = open_repository(resolve_db_path(server_url))
    ana = repository.add_player("Ana", fide_id=3_000_000_000)
    repository.add_player("Bo", fide_id=999_999_999_999)
    repository.update_player(ana.id, fide_id=2_147_483_648)
    assert [(p.name, p.fide_id) for p in repository.list_players()] == [
        ("Ana", 2_147_483_648),
        ("Bo", 999_999_999_999),
    ]
    repository.close()
    assert _sql(
        server_url,
        "SELECT data_type FROM information_schema.columns"
        " WHERE table_name = 'player' AND column_name = 'fide_id'",
    ) == [("bigint",)]


def test_a_number_the_servers_column_cannot_hold_is_refused_in_one_line(server_url: str) -> None:
    # A server whose column is narrower than elotui's check (here fide_id put back to INTEGER by
    # hand, as schema 0002 had it): 3,000,000,000 passes elotui's check (up to 999,999,999,999) but
    # not the column, whose largest is 2**31 − 1 = 2,147,483,647.
    from elotui.logbook.repository import LogbookError

    repository = open_repository(resolve_db_path(server_url))
    _sql(server_url, "ALTER TABLE player ALTER COLUMN fide_id TYPE integer")
    ana = repository.add_player("Ana", fide_id=2_147_483_647)  # the largest it holds
    with pytest.raises(
        LogbookError, match=r"^the database refused the change: integer out of range"
    ):
        repository.add_player("Bo", fide_id=3_000_000_000)
    with pytest.raises(LogbookError, match="integer out of range"):
        repository.update_player(ana.id, fide_id=3_000_000_000)
    assert [(p.name, p.fide_id) for p in repository.list_players()] == [("Ana", 2_147_483_647)]
    repository.close()


def test_a_0002_logbook_is_migrated_on_open_and_keeps_its_ids(server_url: str) -> None:
    # A server logbook as the previous elotui left it (schema 0002, fide_id INTEGER), with the
    # largest id it could hold; the first open migrates it to the head and then takes a larger one.
    logbook = resolve_db_path(server_url)
    migrate.upgrade_database(logbook)
    migrate.downgrade_database(logbook, "0002")
    _sql(server_url, "INSERT INTO player (name, fide_id) VALUES ('Ana', 2147483647)")
    fide_id_type = (
        "SELECT data_type FROM information_schema.columns"
        " WHERE table_name = 'player' AND column_name = 'fide_id'"
    )
    assert _sql(server_url, fide_id_type) == [("integer",)]
    repository = open_repository(logbook)
    opened = repository.upgrade
    assert opened is not None and (opened.from_revision, opened.to_revision) == (
        "0002",
        HEAD_REVISION,
    )
    repository.add_player("Bo", fide_id=3_000_000_000)
    assert [(p.name, p.fide_id) for p in repository.list_players()] == [
        ("Ana", 2_147_483_647),
        ("Bo", 3_000_000_000),
    ]
    repository.close()
    assert _sql(server_url, fide_id_type) == [("bigint",)]


def test_going_back_to_0002_is_refused_while_an_id_needs_64_bits(server_url: str) -> None:
    logbook = resolve_db_path(server_url)
    repository = open_repository(logbook)
    repository.add_player("Ana", fide_id=2_147_483_648)  # one past INTEGER's 2,147,483,647
    repository.close()
    with pytest.raises(database_file.DatabaseRefused, match="cannot go back to schema 0002"):
        migrate.downgrade_database(logbook, "0002")
    assert _sql(server_url, "SELECT version_num FROM alembic_version") == [(HEAD_REVISION,)]
    assert _sql(server_url, "SELECT fide_id FROM player") == [(2_147_483_648,)]


def test_0006_adds_fide_games_and_k_on_a_server_and_goes_back_keeping_ratings(
    server_url: str,
) -> None:
    from elotui.logbook.repository import PublishedRecord

    logbook = resolve_db_path(server_url)
    migrate.upgrade_database(logbook)
    migrate.downgrade_database(logbook, "0005")
    _sql(server_url, "INSERT INTO player (name) VALUES ('Ana')")
    _sql(
        server_url,
        "INSERT INTO published_rating (player_id, month, rating) VALUES (1, '2025-11', 1861)",
    )
    repository = open_repository(logbook)
    assert repository.list_published(1) == [
        PublishedRecord(1, 1, "2025-11", 1861, "standard", None, None)
    ]
    repository.import_published([PublishedRecord(0, 1, "2025-11", 1866, "standard", 9, 40)])
    assert repository.list_published(1) == [
        PublishedRecord(1, 1, "2025-11", 1866, "standard", 9, 40)
    ]
    repository.close()
    with pytest.raises(psycopg.errors.CheckViolation):
        _sql(server_url, "UPDATE published_rating SET k = 0")
    migrate.downgrade_database(logbook, "0005")
    assert _sql(server_url, "SELECT id, month, rating FROM published_rating") == [
        (1, "2025-11", 1866)
    ]
