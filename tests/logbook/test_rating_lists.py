"""The three rating lists in the repository and the reader: each game and published rating on one list,
a pinned period per game, reads filtered by list."""

from __future__ import annotations

import dataclasses
import datetime as dt
import sqlite3
from pathlib import Path

import pytest

from elotui.logbook.reader import open_reader
from elotui.logbook.records import RATING_LISTS
from elotui.logbook.repository import (
    DRAW,
    LOSS,
    WIN,
    GameRecord,
    InvalidData,
    NewGame,
    Repository,
    game_row,
)

D = dt.date


def _dump(path: Path) -> list[list[tuple[object, ...]]]:
    connection = sqlite3.connect(path)
    try:
        return [
            connection.execute(f"SELECT * FROM {table} ORDER BY id").fetchall()
            for table in ("player", "game", "published_rating")
        ]
    finally:
        connection.close()


@pytest.fixture
def ana(repo: Repository) -> int:
    """Ana: 2 standard games, 3 rapid (one pinned to 2024-05), 1 blitz."""
    player = repo.add_player("Ana", start_rating=1800)
    games = [
        NewGame(D(2024, 3, 2), 1900, WIN),
        NewGame(D(2024, 3, 9), 1700, LOSS, rating_list="rapid", event="Rapid de mars",
                rated_period="2024-05"),
        NewGame(D(2024, 3, 9), 1750, DRAW, rating_list="rapid", event="Rapid de mars",
                rated_period="2024-05"),
        NewGame(D(2024, 3, 1), 1600, WIN, rating_list="rapid"),
        NewGame(D(2024, 3, 4), 2000, DRAW, rating_list="blitz"),
        NewGame(D(2024, 2, 1), 1850, DRAW),
    ]  # fmt: skip
    for game in games:
        repo.add_game(player.id, game)
    return player.id


def test_a_game_is_standard_unless_told(repo: Repository) -> None:
    player = repo.add_player("Bo")
    game = repo.add_game(player.id, NewGame(D(2024, 3, 2), 1900, WIN))
    assert (game.rating_list, game.rated_period) == ("standard", None)
    assert GameRecord(1, 1, D(2024, 1, 1), None, 2).rating_list == "standard"


def test_list_games_filters_by_list_and_keeps_the_order(repo: Repository, ana: int) -> None:
    every = repo.list_games(ana, newest_first=False)
    assert [(g.date.day, g.rating_list) for g in every] == [
        (1, "standard"),
        (1, "rapid"),
        (2, "standard"),
        (4, "blitz"),
        (9, "rapid"),
        (9, "rapid"),
    ]  # fmt: skip  (Feb 1 first, then March by day; the two games of March 9 in entry order)
    rapid = repo.list_games(ana, rating_list="rapid")  # newest first
    assert [(g.date, g.opponent_rating) for g in rapid] == [
        (D(2024, 3, 9), 1750), (D(2024, 3, 9), 1700), (D(2024, 3, 1), 1600),
    ]  # fmt: skip
    assert [g.rated_period for g in rapid] == ["2024-05", "2024-05", None]
    page = repo.list_games(ana, rating_list="rapid", newest_first=False, limit=1, offset=1)
    assert [g.opponent_rating for g in page] == [1700]


def test_a_replay_reads_one_list_standard_unless_told(repo: Repository, ana: int) -> None:
    assert [g.opponent_rating for g in repo.games_for_replay(ana)] == [1850, 1900]
    assert [g.opponent_rating for g in repo.games_for_replay(ana, "blitz")] == [2000]
    assert [g.opponent_rating for g in repo.games_for_replay(ana, "rapid")] == [1600, 1700, 1750]


def test_counts_by_list(repo: Repository, ana: int) -> None:
    assert repo.count_games(ana) == 6
    assert repo.count_games(ana, rating_list="rapid") == 3
    assert repo.count_games(rating_list="blitz") == 1
    assert repo.count_games_by_list(ana) == {"standard": 2, "rapid": 3, "blitz": 1}
    empty = repo.add_player("Empty").id
    assert repo.count_games_by_list(empty) == dict.fromkeys(RATING_LISTS, 0)


def test_update_game_moves_it_to_another_list_and_pins_it(repo: Repository, ana: int) -> None:
    game = repo.list_games(ana, rating_list="blitz")[0]
    updated = repo.update_game(game.id, rating_list="rapid", rated_period="2024-06")
    assert (updated.rating_list, updated.rated_period) == ("rapid", "2024-06")
    assert repo.get_game(game.id) == updated
    unpinned = repo.update_game(game.id, rated_period=None)
    assert unpinned.rated_period is None and unpinned.rating_list == "rapid"
    assert repo.count_games_by_list(ana) == {"standard": 2, "rapid": 4, "blitz": 0}


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"rating_list": "bullet"}, "standard, rapid or blitz, not 'bullet'"),
        ({"rating_list": "Blitz"}, "standard, rapid or blitz, not 'Blitz'"),
        ({"rated_period": "2024-13"}, "the month 2024-13 does not exist"),
        ({"rated_period": "2024-5"}, "YYYY-MM, not '2024-5'"),
    ],
)
def test_a_bad_list_or_period_is_refused_and_changes_nothing(
    repo: Repository, ana: int, db_file: Path, changes: dict[str, object], reason: str
) -> None:
    before = _dump(db_file)
    game = NewGame(D(2024, 5, 1), 1800, WIN)
    with pytest.raises(InvalidData, match=reason):
        repo.add_game(ana, dataclasses.replace(game, **changes))  # type: ignore[arg-type]
    with pytest.raises(InvalidData, match=reason):
        repo.update_game(repo.list_games(ana)[0].id, **changes)  # type: ignore[arg-type]
    with pytest.raises(InvalidData, match=reason):
        repo.add_new_games(ana, [game, dataclasses.replace(game, **changes)])  # type: ignore[arg-type]
    assert _dump(db_file) == before


def test_published_ratings_per_list(repo: Repository, ana: int) -> None:
    repo.set_published(ana, "2024-04", 1830)  # standard
    rapid = repo.set_published(ana, "2024-04", 1760, "rapid")  # same month, another list
    repo.set_published(ana, "2024-03", 1700, "rapid")
    repo.set_published(ana, "2024-04", 1690, "blitz")
    assert (rapid.month, rapid.rating, rapid.rating_list) == ("2024-04", 1760, "rapid")
    replaced = repo.set_published(ana, "2024-04", 1770, "rapid")  # replaces the rapid one only
    assert replaced.id == rapid.id
    assert [(p.month, p.rating) for p in repo.list_published(ana)] == [("2024-04", 1830)]
    assert [(p.month, p.rating) for p in repo.list_published(ana, "rapid")] == [
        ("2024-03", 1700), ("2024-04", 1770),
    ]  # fmt: skip
    # Every list: by list in the order standard, rapid, blitz (not alphabetical), then month.
    assert [(p.rating_list, p.month) for p in repo.list_published(ana, None)] == [
        ("standard", "2024-04"), ("rapid", "2024-03"), ("rapid", "2024-04"), ("blitz", "2024-04"),
    ]  # fmt: skip
    assert repo.remove_published(ana, "2024-04", "rapid")
    assert not repo.remove_published(ana, "2024-04", "rapid")
    assert [p.rating for p in repo.list_published(ana, None)] == [1830, 1700, 1690]
    with pytest.raises(InvalidData, match="standard, rapid or blitz"):
        repo.set_published(ana, "2024-05", 1700, "bullet")  # type: ignore[arg-type]


def test_an_import_counts_the_list_in_what_makes_a_game_the_same(repo: Repository) -> None:
    player = repo.add_player("Cy").id
    game = NewGame(D(2024, 6, 1), 1800, WIN, event="Festival")
    repo.add_game(player, game)
    blitz = dataclasses.replace(game, rating_list="blitz")
    pinned = dataclasses.replace(game, rated_period="2024-08")
    result = repo.import_games([game_row(player, g) for g in (game, blitz, pinned)])
    # `game` is there already; `blitz` is another game (another list); `pinned` is `game` again
    # (the pin does not make a game different, like the event's dates), but the logbook holds it
    # once and the file twice, so one of the two is new: 2 added, 1 already there.
    assert (result.added, result.already_there) == (2, {player: 1})
    assert repo.count_games_by_list(player) == {"standard": 2, "rapid": 0, "blitz": 1}


def test_the_reader_reads_lists_and_pins_like_the_repository(
    repo: Repository, ana: int, db_file: Path
) -> None:
    repo.set_published(ana, "2024-04", 1830)
    repo.set_published(ana, "2024-04", 1760, "rapid")
    reader = open_reader(db_file)
    assert reader is not None
    try:
        for rating_list in RATING_LISTS:
            assert reader.games_for_replay(ana, rating_list) == repo.games_for_replay(
                ana, rating_list
            )
            assert reader.list_published(ana, rating_list) == repo.list_published(ana, rating_list)
        assert [g.rated_period for g in reader.games_for_replay(ana, "rapid")] == [
            None, "2024-05", "2024-05",
        ]  # fmt: skip
        assert [p.rating for p in reader.list_published(ana)] == [1830]  # standard by default
    finally:
        reader.close()


# --- the demo logbook ---------------------------------------------------------------------------


def test_the_demo_has_rapid_and_blitz_games_for_both_players(tmp_path: Path) -> None:
    from elotui.logbook.demo import build_demo_database

    repository = build_demo_database(tmp_path / "demo.db")
    try:
        # The first two players (the third, Margaux Vidal, plays standard games only).
        for name in ("Camille Laurent", "Hugo Bernard"):
            player = repository.find_player(name)
            counts = repository.count_games_by_list(player.id)
            assert counts["rapid"] >= 24 and counts["blitz"] >= 24, (name, counts)  # a few dozen
            for rating_list in ("rapid", "blitz"):
                days = [g.date for g in repository.games_for_replay(player.id, rating_list)]
                # Games on both sides of 2022-10-01 (the raise to standard - 100, K no longer 20).
                assert any(D(2022, 9, 1) <= day < D(2022, 10, 1) for day in days), name
                assert any(D(2022, 10, 1) <= day < D(2022, 11, 1) for day in days), name
        hugo = repository.find_player("Hugo Bernard")
        blitz = repository.games_for_replay(hugo.id, "blitz")
        (gala,) = [g for g in blitz if g.date.year == 2025 and (g.opponent_rating or 0) > 2600]
        # Hugo's ratings in the demo stay under 1700 (his plan peaks at 1610), so against 2655
        # |D| >= 2655 - 1700 = 955 >= 600: from 2024-12 that game is not rated (RB2024-12).
        assert gala.opponent_rating == 2655 and gala.date == D(2025, 2, 13)
        assert hugo.start_rating is not None and gala.opponent_rating - 1700 >= 600
        pinned = {
            (g.event, g.rated_period) for g in repository.list_games(hugo.id) if g.rated_period
        }
        assert pinned == {("Rapide d'hiver", "2023-02")}
    finally:
        repository.close()
