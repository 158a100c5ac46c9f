"""A write acts only on the row it was shown (on a file and on a server): an id is never given twice,
and an edit or delete that carries the row as its caller read it (`expected=`) is refused, nothing
written, when another writer changed or deleted that row since.

`elsewhere` is a second repository on the same logbook: its own engine and connections, as another
elotui process has (tests/postgres/test_stale_rows.py does the same with the app and a real process).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from fractions import Fraction

import pytest

from elotui.logbook.paths import resolve_db_path
from elotui.logbook.repository import (
    DRAW,
    LOSS,
    WIN,
    ChangedElsewhere,
    GameRecord,
    HasGames,
    NewGame,
    NotFound,
    Repository,
    open_repository,
)
from tests.conftest import run_cli


@pytest.fixture
def elsewhere(db_address: str, repo: Repository) -> Iterator[Repository]:
    other = open_repository(resolve_db_path(db_address))
    yield other
    other.close()


def _game(day: int, opponent: str, score: Fraction = WIN) -> NewGame:
    return NewGame(date=dt.date(2026, 3, day), opponent_rating=1700, score=score, opponent=opponent)


@pytest.fixture
def shown(repo: Repository) -> GameRecord:
    """Ana's three games; the newest (the largest id), as a screen shows it."""
    ana = repo.add_player("Ana", start_rating=1800)
    for day, opponent in ((1, "Bo"), (2, "Cy")):
        repo.add_game(ana.id, _game(day, opponent))
    return repo.add_game(ana.id, _game(3, "Dee"))


def refusals(*writes: Callable[[], object]) -> list[ChangedElsewhere]:
    """What each write raised: `ChangedElsewhere`, or the test fails."""
    refused = []
    for write in writes:
        with pytest.raises(ChangedElsewhere) as raised:
            write()
        refused.append(raised.value)
    return refused


def test_a_deleted_games_id_goes_to_no_new_game(
    repo: Repository, elsewhere: Repository, shown: GameRecord
) -> None:
    elsewhere.remove_game(shown.id)
    other = elsewhere.add_game(shown.player_id, _game(4, "Eve", DRAW))
    assert other.id > shown.id  # SQLite gave the deleted id back before migration 0005
    for refused in refusals(
        lambda: repo.update_game(shown.id, expected=shown, opponent="Dee Dee"),
        lambda: repo.remove_game(shown.id, expected=shown),
    ):
        assert str(refused) == f"game {shown.id} was deleted elsewhere since you opened it"
        assert refused.now is None
    # A command that reads and writes at once (`game edit 3`) finds no game 3.
    with pytest.raises(NotFound, match=f"no game with id {shown.id}"):
        repo.update_game(shown.id, opponent="Dee Dee")
    assert repo.get_game(other.id) == other  # the other writer's game, untouched


def test_an_edit_or_delete_of_a_game_changed_elsewhere_is_refused(
    repo: Repository, elsewhere: Repository, shown: GameRecord
) -> None:
    now = elsewhere.update_game(shown.id, score=LOSS, notes="corrected")
    for refused in refusals(
        lambda: repo.update_game(shown.id, expected=shown, opponent="Dee Dee"),
        lambda: repo.remove_game(shown.id, expected=shown),
    ):
        assert str(refused) == f"game {shown.id} was changed elsewhere since you opened it"
        assert refused.now == now  # what to show again
    assert repo.get_game(shown.id) == now  # nothing written
    # Written once read again: the edit carries the game as it is now.
    edited = repo.update_game(shown.id, expected=now, opponent="Dee Dee")
    assert (edited.opponent, edited.score, edited.notes) == ("Dee Dee", LOSS, "corrected")
    repo.remove_game(shown.id, expected=edited)
    assert repo.count_games() == 2


def test_the_games_read_by_the_listings_are_the_games_a_write_compares(
    repo: Repository, shown: GameRecord
) -> None:
    """The app shows rows from the listing (one Core select) and writes through the ORM: the two
    records of an unchanged game must be equal, or every edit would be refused."""
    listed = repo.list_games(shown.player_id)
    assert [game.id for game in listed] == [shown.id, shown.id - 1, shown.id - 2]
    for game in listed:
        repo.update_game(game.id, expected=game, notes="checked")


def test_an_edit_or_removal_of_a_player_changed_or_replaced_elsewhere_is_refused(
    repo: Repository, elsewhere: Repository
) -> None:
    repo.add_player("Bo")
    ana = repo.add_player("Ana", start_rating=1800)
    now = elsewhere.update_player(ana.id, notes="club captain")
    for refused in refusals(
        lambda: repo.update_player(ana.id, expected=ana, start_rating=1850),
        lambda: repo.remove_player(ana.id, expected=ana),
    ):
        assert str(refused) == "player Ana was changed elsewhere since you opened it"
        assert refused.now == now
    assert repo.get_player(ana.id) == now
    # Deleted, and a new player added: the new one never takes Ana's id, so nothing of hers
    # (an edit, a game, a published rating) lands on them.
    elsewhere.remove_player(ana.id)
    cy = elsewhere.add_player("Cy", start_rating=1500)
    assert cy.id > ana.id
    [refused] = refusals(lambda: repo.update_player(ana.id, expected=now, start_rating=1850))
    assert str(refused) == "player Ana was deleted elsewhere since you opened it"
    with pytest.raises(NotFound, match="the player does not exist"):
        repo.add_game(ana.id, _game(5, "Dee"))
    with pytest.raises(NotFound, match="the player does not exist"):
        repo.set_published(ana.id, "2026-04", 1810)
    assert repo.get_player(cy.id) == cy
    assert repo.count_games(cy.id) == 0 and repo.list_published(cy.id) == []


def test_a_removed_published_ratings_id_goes_to_no_new_one(
    repo: Repository, elsewhere: Repository
) -> None:
    ana = repo.add_player("Ana")
    first = repo.set_published(ana.id, "2026-03", 1800)
    second = repo.set_published(ana.id, "2026-04", 1810)
    assert elsewhere.remove_published(ana.id, "2026-04")
    third = elsewhere.set_published(ana.id, "2026-05", 1820)
    assert third.id > second.id > first.id


def test_a_player_removed_without_games_keeps_those_added_meanwhile(
    repo: Repository, elsewhere: Repository
) -> None:
    """`player remove` without --yes counted no game; a game added before its removal is not
    removed unasked: the count and the removal are one transaction."""
    ana = repo.add_player("Ana")
    elsewhere.add_game(ana.id, _game(1, "Bo"))
    with pytest.raises(HasGames, match="Ana has 1 game") as refused:
        repo.remove_player(ana.id, with_games=False)
    assert refused.value.games == 1
    assert repo.count_games(ana.id) == 1
    assert repo.remove_player(ana.id) == 1  # with its games, when asked


def test_the_commands_act_on_the_id_they_are_given_or_on_none(
    db_address: str, repo: Repository, elsewhere: Repository, shown: GameRecord
) -> None:
    """`game edit 3` / `game remove 3` after game 3 was deleted and another added: no game 3, exit
    2, the other game untouched (the command reads and writes in one transaction; the id is the
    guard)."""
    elsewhere.remove_game(shown.id)
    other = elsewhere.add_game(shown.player_id, _game(4, "Eve", DRAW))
    for argv in (
        ("game", "edit", str(shown.id), "--result", "0"),
        ("game", "remove", str(shown.id)),
    ):
        code, out, err = run_cli(*argv, "--db", db_address)
        assert (code, out) == (2, "")
        assert err.strip() == f"elotui: no game with id {shown.id}"
    assert repo.get_game(other.id) == other
