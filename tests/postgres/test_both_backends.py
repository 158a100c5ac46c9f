"""The core of the logbook on both backends: the same calls give the same records on a file and on a
PostgreSQL server (`logbook_address`, see conftest), each test on an empty logbook of its own."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from fractions import Fraction

import pytest

from elotui.logbook.paths import resolve_db_path
from elotui.logbook.repository import InvalidData, NewGame, NotFound, Repository, open_repository
from tests.conftest import run_cli


@pytest.fixture
def repo(logbook_address: str) -> Iterator[Repository]:
    repository = open_repository(resolve_db_path(logbook_address))
    yield repository
    repository.close()


def test_a_new_logbook_is_created_at_the_current_schema(logbook_address: str) -> None:
    repository = open_repository(resolve_db_path(logbook_address))
    try:
        assert repository.upgrade is not None
        assert (repository.upgrade.created, repository.upgrade.to_revision) == (True, "0004")
    finally:
        repository.close()
    again = open_repository(resolve_db_path(logbook_address))
    try:
        assert again.upgrade is not None and not again.upgrade.created
        assert not again.upgrade.changed  # nothing left to do the second time
    finally:
        again.close()


def test_add_edit_and_remove_a_player(repo: Repository) -> None:
    ana = repo.add_player("Ana", start_rating=2000, games_before=50, birth_year=1990)
    assert repo.find_player("Ana") == ana
    edited = repo.update_player(ana.id, name="Ana B", fixed_k=40, reached_2400=True)
    assert (edited.name, edited.fixed_k, edited.reached_2400, edited.start_rating) == (
        "Ana B",
        40,
        True,
        2000,
    )
    with pytest.raises(InvalidData, match="already exists"):
        repo.add_player("Ana B")  # the unique name, enforced by the database on both
    repo.remove_player(ana.id)
    assert repo.list_players() == []
    with pytest.raises(NotFound):
        repo.get_player(ana.id)


def test_add_edit_and_remove_a_game(repo: Repository) -> None:
    ana = repo.add_player("Ana", start_rating=2000)
    game = repo.add_game(
        ana.id,
        NewGame(
            date=dt.date(2026, 10, 5),
            opponent_rating=2100,
            score=Fraction(1, 2),
            opponent="Bo",
            event="Club night",
            event_start=dt.date(2026, 10, 5),
            event_end=dt.date(2026, 10, 6),
            rated_period="2026-10",
        ),
    )
    assert repo.get_game(game.id) == game
    assert (game.score_halves, game.rated, game.event_end) == (1, True, dt.date(2026, 10, 6))
    changed = repo.update_game(game.id, score=Fraction(1), rated=False, opponent_rating=None)
    assert (changed.score_halves, changed.rated, changed.opponent_rating) == (2, False, None)
    assert repo.list_games(ana.id) == [changed]
    repo.remove_game(game.id)
    assert repo.count_games(ana.id) == 0


def test_a_game_of_a_removed_player_goes_with_them(repo: Repository) -> None:
    ana = repo.add_player("Ana")
    repo.add_game(
        ana.id, NewGame(date=dt.date(2026, 1, 2), opponent_rating=1500, score=Fraction(0))
    )
    assert repo.remove_player(ana.id) == 1  # ON DELETE CASCADE on both
    assert repo.count_games(None) == 0


def test_published_ratings_are_set_replaced_and_removed(repo: Repository) -> None:
    ana = repo.add_player("Ana")
    repo.set_published(ana.id, "2026-11", 2010)
    repo.set_published(ana.id, "2026-11", 2015)  # replaces: one per player, list and month
    repo.set_published(ana.id, "2026-11", 1990, "blitz")
    standard = repo.list_published(ana.id)
    assert [(p.month, p.rating) for p in standard] == [("2026-11", 2015)]
    assert [(p.month, p.rating) for p in repo.list_published(ana.id, "blitz")] == [
        ("2026-11", 1990)
    ]
    assert repo.remove_published(ana.id, "2026-11")
    assert repo.list_published(ana.id) == []


def _row(player_id: int, day: str, halves: int, rating: int = 1800) -> tuple[object, ...]:
    # GAME_COLUMNS order: player, date, opponent, opponent_rating, score_halves, event, event_start,
    # event_end, own_rating, rated, notes, rating_list, rated_period.
    return (player_id, day, None, rating, halves, None, None, None, None, 1, "", "standard", None)


def test_an_import_is_one_transaction_and_skips_what_is_there(repo: Repository) -> None:
    ana = repo.add_player("Ana")
    good = [_row(ana.id, "2026-03-01", 2), _row(ana.id, "2026-03-02", 1)]
    bad = [*good, _row(ana.id, "2026-03-03", 3)]  # 3 half points: the CHECK refuses the last row
    with pytest.raises(InvalidData):
        repo.import_games(bad)
    assert repo.count_games(ana.id) == 0  # nothing half-written

    assert repo.import_games(good).added == 2
    again = repo.import_games([*good, _row(ana.id, "2026-03-04", 0)])
    assert (again.added, again.already_there) == (1, {ana.id: 2})
    days = [game.date.isoformat() for game in repo.games_for_replay(ana.id)]
    assert days == ["2026-03-01", "2026-03-02", "2026-03-04"]


def test_the_database_refuses_a_bad_month_and_score_itself(repo: Repository) -> None:
    # The checks of the schema, not only the repository's: a script writing SQL cannot break them.
    ana = repo.add_player("Ana")
    with repo.engine.begin() as connection, pytest.raises(Exception, match="month_format"):
        connection.exec_driver_sql(
            "INSERT INTO published_rating (player_id, month, rating) "
            f"VALUES ({ana.id}, '2026-13', 2000)"
        )
    with repo.engine.begin() as connection, pytest.raises(Exception, match="score_halves"):
        connection.exec_driver_sql(
            f"INSERT INTO game (player_id, date, score_halves) VALUES ({ana.id}, '2026-01-01', 3)"
        )
    assert repo.count_games(None) == 0 and repo.list_published(ana.id) == []


def test_replay_from_the_command_line(logbook_address: str) -> None:
    db = ("--db", logbook_address)
    assert run_cli("player", "add", "Ana", "--rating", "2000", "--games-before", "50", *db)[0] == 0
    for day, rating, result in (("2026-10-05", "2100", "1"), ("2026-10-06", "1900", "0.5")):
        code, _, err = run_cli(
            "game", "add", "--player", "Ana", "--date", day,
            "--opponent-rating", rating, "--result", result, *db,
        )  # fmt: skip
        assert code == 0, err
    code, _, err = run_cli(
        "published", "set", "--player", "Ana", "--month", "2026-11", "--rating", "2010", *db
    )
    assert code == 0, err
    code, out, err = run_cli("replay", "--player", "Ana", "--json", *db)
    assert code == 0, err
    doc = json.loads(out)
    # K 20 (50 games, no birth year): +0.64 (D −100, PD .36) and −0.14 (D +100, PD .64): 20 × 0.50 = +10.
    (october,) = [p for p in doc["periods"] if p["period"] == "2026-10"]
    assert (october["rating_start"], october["k"], october["n"]) == (2000, 20, 2)
    assert (october["change_rounded"], october["rating_end"]) == (10, 2010)
    assert (october["published"], october["matches_published"]) == (2010, True)
    assert [g["live_rating"] for g in doc["games"]] == [2012.8, 2010.0]
