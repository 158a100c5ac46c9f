"""The repository: CRUD, one transaction per write, the database's own constraints."""

from __future__ import annotations

import datetime as dt
import sqlite3
from fractions import Fraction
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from elotui.logbook.repository import (
    DRAW,
    LOSS,
    WIN,
    GameRecord,
    InvalidData,
    LogbookError,
    NewGame,
    NotFound,
    PlayerRecord,
    Repository,
    game_row,
)

D = dt.date


def _snapshot(path: Path) -> list[list[tuple[object, ...]]]:
    connection = sqlite3.connect(path)
    try:
        return [
            connection.execute(f"SELECT * FROM {table} ORDER BY id").fetchall()
            for table in ("player", "game", "published_rating")
        ]
    finally:
        connection.close()


def test_pragmas_on_our_engine_only(repo: Repository, db_file: Path) -> None:
    with repo.engine.connect() as connection:
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA busy_timeout")).scalar() == 5000
        assert connection.execute(text("PRAGMA synchronous")).scalar() == 1  # NORMAL
    other = create_engine(f"sqlite:///{db_file}")
    with other.connect() as connection:
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 0
    other.dispose()


def test_players_add_find_list_update(repo: Repository) -> None:
    alice = repo.add_player(" Alice ", start_rating=1500, birth_year=2008, games_before=12)
    assert isinstance(alice, PlayerRecord)
    assert alice.name == "Alice" and alice.start_rating == 1500 and alice.games_before == 12
    bob = repo.add_player("Bob")  # unrated at the start
    assert bob.start_rating is None and not bob.reached_2400 and bob.fixed_k is None
    assert repo.find_player("Alice") == alice
    assert repo.get_player(bob.id) == bob
    assert [p.name for p in repo.list_players()] == ["Alice", "Bob"]
    updated = repo.update_player(alice.id, reached_2400=True, fixed_k=15, name="Alice B")
    assert (updated.reached_2400, updated.fixed_k, updated.name) == (True, 15, "Alice B")
    assert repo.player_ids_by_name() == {"Alice B": alice.id, "Bob": bob.id}
    with pytest.raises(NotFound, match="elotui player add 'Nobody'"):
        repo.find_player("Nobody")


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"start_rating": 99}, "rating must be from 100 to 3500"),
        ({"start_rating": 3501}, "rating must be from 100 to 3500"),
        ({"fixed_k": 0}, "K must be from 1 to 100"),
        ({"fixed_k": 101}, "K must be from 1 to 100"),
        ({"games_before": -1}, "cannot be negative"),
    ],
)
def test_bad_player_fields_change_nothing(
    repo: Repository, db_file: Path, fields: dict[str, int], reason: str
) -> None:
    alice = repo.add_player("Alice", start_rating=1500)
    before = _snapshot(db_file)
    with pytest.raises(InvalidData, match=reason):
        repo.add_player("Bob", **fields)  # type: ignore[arg-type]
    with pytest.raises(InvalidData, match=reason):
        repo.update_player(alice.id, **fields)  # type: ignore[arg-type]
    assert _snapshot(db_file) == before


def test_duplicate_names_are_refused_by_the_database(repo: Repository, db_file: Path) -> None:
    repo.add_player("Alice")
    bob = repo.add_player("Bob")
    before = _snapshot(db_file)
    with pytest.raises(InvalidData, match="a player named 'Alice' already exists"):
        repo.add_player("Alice")
    with pytest.raises(InvalidData, match="a player named 'Alice' already exists"):
        repo.update_player(bob.id, name="Alice")
    assert _snapshot(db_file) == before


def test_games_crud_and_order(repo: Repository) -> None:
    alice = repo.add_player("Alice", start_rating=1500)
    first = repo.add_game(alice.id, NewGame(D(2024, 3, 5), 1600, DRAW, opponent="Bob"))
    second = repo.add_game(alice.id, NewGame(D(2024, 3, 1), None, WIN, rated=False))
    third = repo.add_game(alice.id, NewGame(D(2024, 3, 5), 1700, LOSS, own_rating=1490))
    assert isinstance(first, GameRecord)
    assert first.score == Fraction(1, 2) and first.score_halves == 1
    assert second.opponent_rating is None and not second.rated
    assert [g.id for g in repo.list_games(alice.id)] == [third.id, first.id, second.id]
    assert [g.id for g in repo.games_for_replay(alice.id)] == [second.id, first.id, third.id]
    assert [g.id for g in repo.list_games(alice.id, limit=1, offset=1)] == [first.id]
    assert repo.get_game(third.id) == third

    edited = repo.update_game(
        first.id,
        score=WIN,
        event="Open",
        event_start=D(2024, 3, 4),
        event_end=D(2024, 3, 6),
    )
    assert edited.score == WIN and edited.event_end == D(2024, 3, 6)
    assert edited.opponent == "Bob" and edited.opponent_rating == 1600  # the rest is kept
    repo.remove_game(second.id)
    assert repo.count_games(alice.id) == 2
    with pytest.raises(NotFound):
        repo.remove_game(second.id)


def test_bad_games_change_nothing(repo: Repository, db_file: Path) -> None:
    alice = repo.add_player("Alice")
    game = repo.add_game(alice.id, NewGame(D(2024, 3, 5), 1600, DRAW))
    before = _snapshot(db_file)
    with pytest.raises(InvalidData, match="opponent rating must be from 100 to 3500"):
        repo.add_game(alice.id, NewGame(D(2024, 3, 5), 50, DRAW))
    with pytest.raises(InvalidData, match=r"result must be 1, 0\.5 or 0"):
        repo.add_game(alice.id, NewGame(D(2024, 3, 5), 1600, Fraction(1, 3)))
    with pytest.raises(InvalidData, match="cannot end before it starts"):
        repo.update_game(game.id, event_start=D(2024, 3, 9), event_end=D(2024, 3, 1))
    with pytest.raises(NotFound, match="player does not exist"):
        repo.add_game(alice.id + 100, NewGame(D(2024, 3, 5), 1600, DRAW))
    with pytest.raises(InvalidData, match="unknown game field"):
        repo.update_game(game.id, colour="white")  # type: ignore[call-arg]
    assert _snapshot(db_file) == before


def test_bulk_insert_is_all_or_nothing(repo: Repository, db_file: Path) -> None:
    alice = repo.add_player("Alice")
    rows = [game_row(alice.id, NewGame(D(2024, 1, 1), 1500 + i, WIN)) for i in range(1000)]
    rows[500] = (*rows[500][:4], 3, *rows[500][5:])  # score_halves 3: the CHECK refuses it
    before = _snapshot(db_file)
    with pytest.raises(InvalidData, match="ck_game_score_halves"):
        repo.add_games(rows)
    assert _snapshot(db_file) == before
    assert repo.add_games(rows[:500]) == 500
    assert repo.count_games(alice.id) == 500


def test_published_ratings(repo: Repository) -> None:
    alice = repo.add_player("Alice")
    repo.set_published(alice.id, "2024-04", 1520)
    repo.set_published(alice.id, "2024-03", 1510)
    replaced = repo.set_published(alice.id, "2024-04", 1525)
    assert replaced.rating == 1525
    assert [(p.month, p.rating) for p in repo.list_published(alice.id)] == [
        ("2024-03", 1510),
        ("2024-04", 1525),
    ]
    with pytest.raises(InvalidData, match="the month 2024-13 does not exist"):
        repo.set_published(alice.id, "2024-13", 1500)
    with pytest.raises(InvalidData, match="a month is written YYYY-MM, not '2024-4'"):
        repo.set_published(alice.id, "2024-4", 1500)
    with pytest.raises(InvalidData, match="100 to 3500"):
        repo.set_published(alice.id, "2024-05", 4000)
    assert repo.remove_published(alice.id, "2024-03")
    assert not repo.remove_published(alice.id, "2024-03")


def test_removing_a_player_removes_their_games_and_lists(repo: Repository, db_file: Path) -> None:
    alice = repo.add_player("Alice")
    bob = repo.add_player("Bob")
    repo.add_new_games(alice.id, [NewGame(D(2024, 3, 5), 1600, DRAW)] * 4)
    repo.add_new_games(bob.id, [NewGame(D(2024, 3, 5), 1600, DRAW)])
    repo.set_published(alice.id, "2024-04", 1520)
    assert repo.remove_player(alice.id) == 4
    assert repo.count_games() == 1
    connection = sqlite3.connect(db_file)
    assert connection.execute("SELECT count(*) FROM published_rating").fetchone()[0] == 0
    connection.close()


@pytest.mark.parametrize(
    "statement",
    [
        "INSERT INTO player (name) VALUES ('Alice')",  # unique name
        "INSERT INTO player (name) VALUES ('  ')",
        "INSERT INTO player (name, start_rating) VALUES ('Carl', 99)",
        "INSERT INTO player (name, fixed_k) VALUES ('Carl', 0)",
        "INSERT INTO game (player_id, date, score_halves) VALUES (1, '2024-01-01', 3)",
        "INSERT INTO game (player_id, date, score_halves, opponent_rating)"
        " VALUES (1, '2024-01-01', 1, 3501)",
        "INSERT INTO game (player_id, date, score_halves) VALUES (99, '2024-01-01', 1)",  # FK
        "INSERT INTO game (player_id, date, score_halves, event_start, event_end)"
        " VALUES (1, '2024-01-01', 1, '2024-01-02', '2024-01-01')",
        "INSERT INTO published_rating (player_id, month, rating) VALUES (1, '2024-13', 1500)",
        "INSERT INTO published_rating (player_id, month, rating) VALUES (1, '2024-3', 1500)",
        "INSERT INTO published_rating (player_id, month, rating) VALUES (1, '2024-03', 1500)",
    ],
)
def test_the_database_itself_enforces_the_rules(
    repo: Repository, db_file: Path, statement: str
) -> None:
    alice = repo.add_player("Alice")
    repo.set_published(alice.id, "2024-03", 1500)
    connection = sqlite3.connect(db_file)
    connection.execute("PRAGMA foreign_keys=ON")
    with pytest.raises(sqlite3.IntegrityError):
        connection.execute(statement)
    connection.close()


def test_plain_sql_can_rely_on_defaults(repo: Repository, db_file: Path) -> None:
    connection = sqlite3.connect(db_file)
    connection.execute("INSERT INTO player (name) VALUES ('Alice')")
    connection.execute(
        "INSERT INTO game (player_id, date, score_halves) VALUES (1, '2024-01-01', 2)"
    )
    connection.commit()
    connection.close()
    (game,) = repo.games_for_replay(1)
    assert game.rated and game.notes == "" and game.opponent_rating is None


def test_errors_are_logbook_errors(repo: Repository) -> None:
    assert issubclass(NotFound, LogbookError) and issubclass(InvalidData, LogbookError)


def test_the_change_records_name_exactly_the_editable_fields() -> None:
    # `update_player`/`update_game` take typed keywords (`PlayerChanges`, `GameChanges`); a field
    # added to `PlayerRecord` or `NewGame` but not to its change record would be refused as unknown
    # by the type checker while the repository takes it (or the other way round).
    from typing import get_type_hints

    from elotui.logbook.repository import GAME_FIELDS, PLAYER_FIELDS, GameChanges, PlayerChanges

    assert set(get_type_hints(PlayerChanges)) == set(PLAYER_FIELDS)
    assert set(get_type_hints(GameChanges)) == {*GAME_FIELDS, "player_id"}
    assert not PlayerChanges.__required_keys__ and not GameChanges.__required_keys__


def test_a_whole_list_is_read_in_batches_and_stops_when_no_longer_wanted(
    repo: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    import elotui.logbook.records as records
    from elotui.stopping import Stopped, stop_when

    ana = repo.add_player("Ana", start_rating=1800)
    # Ten games on ten days, read 3 at a time: batches of 3, 3, 3 and 1, every row once, in order.
    repo.add_new_games(ana.id, [NewGame(D(2024, 3, day), 1600 + day, DRAW) for day in range(1, 11)])
    monkeypatch.setattr(records, "ROWS_AT_A_TIME", 3)
    asked = 0

    def wanted_for(batches: int) -> bool:
        nonlocal asked
        asked += 1
        return asked > batches

    games = repo.games_for_replay(ana.id)
    assert [g.opponent_rating for g in games] == [1600 + day for day in range(1, 11)]
    # Asked before each of the four batches and before the empty fifth: still wanted.
    with stop_when(lambda: wanted_for(5)):
        assert len(repo.games_for_replay(ana.id)) == 10
    assert asked == 5
    asked = 0
    with stop_when(lambda: wanted_for(2)), pytest.raises(Stopped):
        repo.games_for_replay(ana.id)
    assert asked == 3  # stopped before the third batch
    # A page is read at once, never stopped.
    with stop_when(lambda: True):
        assert len(repo.list_games(ana.id, limit=4)) == 4
