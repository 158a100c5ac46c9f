"""Issue 17 item 3 (and issue 12's `--date 2026-02-30`): one date range and one shape everywhere.

The range is elotui/dates.py's, 1850-01-01 to 2200-12-31 (written out here on purpose: a change there
must change these tests too). Only ISO `YYYY-MM-DD`: Python 3.11's `date.fromisoformat` also takes
`2026-W01-1` (the Monday of ISO week 1 of 2026, which is 2025-12-29) and `20260101`.
"""

from __future__ import annotations

import datetime as dt
import json
from fractions import Fraction
from pathlib import Path

import pytest

from elotui import dates
from elotui.logbook.repository import InvalidData, NewGame, open_repository
from elotui.rating.inputs import InvalidInput
from elotui.tui.widgets.forms import parse_date as form_date
from elotui.tui.widgets.forms import parse_month as form_month

from .conftest import count_rows, logbook_with_player, one_line_error, run_cli, write_csv


def test_the_range_is_1850_to_2200() -> None:
    assert (dt.date(1850, 1, 1), dt.date(2200, 12, 31)) == (dates.EARLIEST_DATE, dates.LATEST_DATE)


@pytest.fixture
def logbook(tmp_path: Path) -> Path:
    return logbook_with_player(tmp_path / "logbook.db", "Alice")


def _game_add(logbook: Path, day: str) -> tuple[int, str, str]:
    return run_cli("game", "add", "--player", "Alice", "--date", day, "--opponent-rating", "1600",
                   "--result", "1", "--db", str(logbook))  # fmt: skip


@pytest.mark.parametrize(
    ("day", "reason"),
    [
        ("2026-W01-1", "a date is written YYYY-MM-DD, not '2026-W01-1'"),  # today: 2025-12-29
        ("20260101", "a date is written YYYY-MM-DD, not '20260101'"),
        ("2026-02-30", "the date 2026-02-30 does not exist"),
        ("9999-12-31", "dates go from 1850-01-01 to 2200-12-31, not 9999-12-31"),
        ("0001-01-01", "dates go from 1850-01-01 to 2200-12-31, not 0001-01-01"),
        ("1849-12-31", "dates go from 1850-01-01 to 2200-12-31, not 1849-12-31"),
        ("2201-01-01", "dates go from 1850-01-01 to 2200-12-31, not 2201-01-01"),
        (
            "２０２６-01-01",
            "a date is written YYYY-MM-DD, not '２０２６-01-01'",
        ),  # fullwidth digits
    ],
)
def test_game_add_date_refused(logbook: Path, day: str, reason: str) -> None:
    code, out, err = _game_add(logbook, day)
    assert code == 2 and out == "" and one_line_error(err), err
    assert reason in err
    assert count_rows(logbook) == 0


@pytest.mark.parametrize("day", ["1850-01-01", "2200-12-31", "2024-02-29"])
def test_game_add_date_at_the_ends_of_the_range(logbook: Path, day: str) -> None:
    code, _, err = _game_add(logbook, day)
    assert code == 0, err
    assert count_rows(logbook) == 1


@pytest.mark.parametrize("day", ["20260101", "2026-W01-1", "2026-02-30"])
def test_period_date_shape(day: str) -> None:
    # Today `period --date 20260101` is accepted.
    code, out, err = run_cli("period", "-r", "2000", "-k", "20", "--game", "2100:1", "--date", day)
    assert code == 2 and out == "" and one_line_error(err), err


def test_repository_cannot_store_a_game_in_9999(logbook: Path) -> None:
    # Today a game on 9999-12-31 is stored, and every replay then fails ("year 10000 is out of range").
    repository = open_repository(logbook)
    try:
        player = repository.find_player("Alice")
        with pytest.raises(InvalidData, match="dates go from 1850-01-01 to 2200-12-31"):
            repository.add_game(player.id, NewGame(dt.date(9999, 12, 31), 1600, Fraction(1)))
        with pytest.raises(InvalidData, match="months go from 1850-01 to 2200-12"):
            repository.set_published(player.id, "2201-01", 1600)
    finally:
        repository.close()


def test_json_import_takes_the_same_range_as_csv(tmp_path: Path) -> None:
    # Today JSON took 0001-9999 while CSV took 1850-2200: an export could not be imported back.
    document = {"format": "elotui-logbook", "version": 1, "players": [{
        "name": "Carol", "start_rating": 1500,
        "games": [{"date": "1800-01-01", "opponent_rating": 1600, "result": "1"}],
    }]}  # fmt: skip
    path = tmp_path / "old.json"
    path.write_text(json.dumps(document))
    db = tmp_path / "logbook.db"
    code, _, err = run_cli("import", str(path), "--db", str(db))
    assert code == 2 and "dates go from 1850-01-01 to 2200-12-31, not 1800-01-01" in err, err


def test_csv_import_says_why_a_date_is_refused(logbook: Path, tmp_path: Path) -> None:
    rows = [["Alice", "2026-02-30", "Bob", "1600", "1", "", "", "", "", "yes", "", ""]]
    code, _, err = run_cli("import", str(write_csv(tmp_path / "g.csv", rows)), "--db", str(logbook))
    assert code == 2 and "g.csv:2: date: the date 2026-02-30 does not exist" in err, err


@pytest.mark.parametrize("text", ["2026-W01-1", "20260101", "9999-12-31", " 2026-01-01x"])
def test_form_date_shape_and_range(text: str) -> None:
    with pytest.raises(InvalidInput):
        form_date(text)


def test_form_date_says_the_day_does_not_exist() -> None:
    with pytest.raises(InvalidInput, match="the date 2026-02-30 does not exist"):
        form_date("2026-02-30")


@pytest.mark.parametrize("text", ["2026-13", "1849-12", "2201-01", "202601"])
def test_form_month(text: str) -> None:
    with pytest.raises(InvalidInput):
        form_month(text)


def test_a_stored_9999_game_is_named_not_a_traceback(logbook: Path) -> None:
    # Today (a logbook written before the range): `year 10000 is out of range` from every replay.
    import sqlite3

    connection = sqlite3.connect(logbook)
    connection.execute(
        "INSERT INTO game (player_id, date, opponent_rating, score_halves, rated, notes)"
        " VALUES (1, '9999-12-31', 1600, 2, 1, '')"
    )
    connection.commit()
    connection.close()
    code, out, err = run_cli("replay", "--player", "Alice", "--db", str(logbook))
    assert code == 2 and out == "" and one_line_error(err), err
    assert "game 1 is on 9999-12-31" in err and "elotui game remove 1" in err
    assert run_cli("game", "remove", "1", "--db", str(logbook))[0] == 0
    assert run_cli("replay", "--player", "Alice", "--db", str(logbook))[0] == 0


def test_the_history_replays_around_a_stored_9999_game(logbook: Path) -> None:
    # Today the history screen's replay fails ("year 10000 is out of range") and the game, never
    # listed, cannot even be deleted there. Now the replay leaves it out and the list still has it.
    import sqlite3

    from elotui.tui.models.history import replay_view

    assert _game_add(logbook, "2026-01-05")[0] == 0
    connection = sqlite3.connect(logbook)
    connection.execute(
        "INSERT INTO game (player_id, date, opponent_rating, score_halves, rated, notes)"
        " VALUES (1, '9999-12-31', 1600, 2, 1, '')"
    )
    connection.commit()
    connection.close()
    repository = open_repository(logbook)
    try:
        player = repository.find_player("Alice")
        view = replay_view(player, repository)
        assert [game.date for game in view.replay.games] == [dt.date(2026, 1, 5)]
        assert repository.list_games(player.id)[0].date == dt.date(9999, 12, 31)  # newest first
    finally:
        repository.close()
