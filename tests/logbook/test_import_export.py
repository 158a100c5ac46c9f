"""CSV, JSON and PGN: checked whole before writing, every bad row named, round trips exact."""

from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io
import json
import random
from pathlib import Path

import pytest

from elotui.logbook.csv_io import CSV_COLUMNS, ImportFailed, export_csv, import_csv
from elotui.logbook.json_io import export_document, import_json
from elotui.logbook.pgn_io import (
    SKIP_BAD_RATING,
    SKIP_NO_DATE,
    SKIP_NO_RESULT,
    SKIP_NOT_PLAYER,
    import_pgn,
)
from elotui.logbook.repository import (
    DRAW,
    LOSS,
    WIN,
    NewGame,
    NotFound,
    Repository,
    open_repository,
)
from tests.conftest import SQLITE_ONLY

# product.md §4's ten columns (the list and the pinned period, appended after them, are optional).
PRODUCT_COLUMNS = CSV_COLUMNS[:10]
HEADER = ",".join(PRODUCT_COLUMNS)


def _write_csv(path: Path, rows: list[list[str]], header: str = HEADER) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        handle.write(header + "\n")
        csv.writer(handle, lineterminator="\n").writerows(rows)
    return path


def _random_rows(count: int, players: list[str], seed: int = 7) -> list[list[str]]:
    rng = random.Random(seed)
    rows = []
    for i in range(count):
        day = dt.date(2022, 1, 1) + dt.timedelta(days=rng.randrange(900))
        event = rng.choice(["", "Open", "Club"])
        rows.append(
            [
                rng.choice(players),
                day.isoformat(),
                rng.choice(["", f"Opponent {i % 50}"]),
                rng.choice(["", str(rng.randrange(1000, 2600))]),
                rng.choice(["1", "0.5", "0", "½"]),
                event,
                day.isoformat() if event else "",
                (day + dt.timedelta(days=2)).isoformat() if event else "",
                rng.choice(["", str(rng.randrange(1200, 2000))]),
                rng.choice(["yes", "no", ""]),
            ]
        )
    return rows


def _game_tuples(repository: Repository) -> list[tuple[object, ...]]:
    """Every game as comparable values (no ids), player by player."""
    out = []
    for player in repository.list_players():
        for game in repository.list_games(player.id, newest_first=False):  # every list
            values = game._asdict()
            del values["id"], values["player_id"]
            out.append((player.name, *values.values()))
    return out


def test_csv_import(repo: Repository, tmp_path: Path) -> None:
    alice = repo.add_player("Alice")
    path = _write_csv(
        tmp_path / "games.csv",
        [
            ["Alice", "2024-03-01", "Bob", "1600", "1", "Open", "2024-03-01", "2024-03-03", "", ""],
            ["Alice", "2024-03-02", "", "", "½", "", "", "", "1510", "no"],
            ["Alice", "2024-03-03", "", "1700", "0", "", "", "", "", ""],
        ],
    )
    summary = import_csv(repo, path)
    assert summary.imported == 3 and summary.games_by_player == {"Alice": 3}
    first, second, third = repo.games_for_replay(alice.id)
    assert (first.opponent, first.opponent_rating, first.score, first.event) == (
        "Bob",
        1600,
        WIN,
        "Open",
    )
    assert first.event_end == dt.date(2024, 3, 3)
    assert second.opponent_rating is None and second.score == DRAW and not second.rated
    assert second.own_rating == 1510
    assert third.score == LOSS and third.rated


def test_one_bad_row_among_thousands_imports_nothing(repo: Repository, tmp_path: Path) -> None:
    repo.add_player("Alice")
    repo.add_player("Bob")
    rows = _random_rows(5000, ["Alice", "Bob"])
    rows[3120][3] = "4000"  # line 3122: header is line 1, rows start at line 2
    path = _write_csv(tmp_path / "big.csv", rows)
    with pytest.raises(ImportFailed) as failed:
        import_csv(repo, path)
    assert failed.value.errors == [
        f"{path}:3122: opponent_rating: must be from 100 to 3500, not 4000"
    ]
    assert repo.count_games() == 0


def test_every_bad_row_is_reported(repo: Repository, tmp_path: Path) -> None:
    repo.add_player("Alice")
    rows = [
        ["Alice", "2024-02-30", "", "1500", "1", "", "", "", "", ""],
        ["Zed", "2024-03-01", "", "1500", "1", "", "", "", "", ""],
        ["Alice", "2024-03-01", "", "abc", "2", "", "", "", "", "maybe"],
        ["Alice", "2024-03-01", "", "1500", "1", "", "2024-03-05", "2024-03-01", "99", ""],
        ["Alice", "2024-03-01", "", "1500"],
        ["Alice", "2024-03-01", "", "1500", "1", "", "", "", "", ""],
    ]
    path = _write_csv(tmp_path / "bad.csv", rows)
    with pytest.raises(ImportFailed) as failed:
        import_csv(repo, path)
    f = str(path)
    assert failed.value.errors == [
        f"{f}:2: date: the date 2024-02-30 does not exist",
        f"{f}:3: player: no player named 'Zed'; add one with: elotui player add 'Zed'",
        f"{f}:4: opponent_rating: expected a whole number (digits 0-9), not 'abc'",
        f"{f}:4: result: expected 1, 0.5 or 0, not '2'",
        f"{f}:4: rated: expected yes or no, not 'maybe'",
        f"{f}:5: event_end: 2024-03-01 is before event_start 2024-03-05",
        f"{f}:5: own_rating: must be from 100 to 3500, not 99",
        f"{f}:6: row: expected 10 fields like the header, found 4",
    ]
    assert repo.count_games() == 0


def test_header_problems(repo: Repository, tmp_path: Path) -> None:
    path = _write_csv(tmp_path / "h.csv", [], header="player,date,colour,result")
    with pytest.raises(ImportFailed) as failed:
        import_csv(repo, path)
    assert failed.value.errors[:2] == [
        f"{path}:1: header: unknown column(s) colour",
        f"{path}:1: header: missing column(s) opponent_rating",
    ]


def test_player_option_fills_and_filters(repo: Repository, tmp_path: Path) -> None:
    alice = repo.add_player("Alice")
    path = _write_csv(
        tmp_path / "p.csv",
        [
            ["", "2024-03-01", "", "1600", "1"] + [""] * 5,
            ["Alice", "2024-03-02", "", "1600", "1"] + [""] * 5,
            ["Bob", "2024-03-02", "", "1600", "1"] + [""] * 5,
        ],
    )
    summary = import_csv(repo, path, player="Alice")
    assert summary.imported == 2 and summary.skipped_total == 1
    assert repo.count_games(alice.id) == 2
    short = tmp_path / "short.csv"
    short.write_text("date,opponent_rating,result\n2024-04-01,1500,0.5\n")
    assert import_csv(repo, short, player="Alice").imported == 1
    with pytest.raises(ImportFailed, match="missing column"):
        import_csv(repo, short)
    with pytest.raises(NotFound, match="elotui player add 'Carl'"):
        import_csv(repo, short, player="Carl")


def test_csv_round_trip_into_an_empty_logbook(repo: Repository, tmp_path: Path) -> None:
    for name in ("Alice", "Bob"):
        repo.add_player(name)
    import_csv(repo, _write_csv(tmp_path / "in.csv", _random_rows(2000, ["Alice", "Bob"])))
    out = io.StringIO()
    assert export_csv(repo, out, repo.list_players()) == 2000
    exported = tmp_path / "out.csv"
    exported.write_text(out.getvalue())

    other = open_repository(tmp_path / "other.db")
    for name in ("Alice", "Bob"):
        other.add_player(name)
    assert import_csv(other, exported).imported == 2000
    assert _game_tuples(other) == _game_tuples(repo)
    again = io.StringIO()
    export_csv(other, again, other.list_players())
    assert again.getvalue() == out.getvalue()


def test_json_round_trip_keeps_everything(repo: Repository, tmp_path: Path) -> None:
    alice = repo.add_player(
        "Alice", start_rating=1500, birth_year=2008, games_before=12, fixed_k=30, notes="hi"
    )
    bob = repo.add_player("Bob", reached_2400=True, fide_id=123)
    repo.add_new_games(
        alice.id,
        [
            NewGame(dt.date(2024, 3, 1), 1600, WIN, opponent="X", notes="sharp"),
            NewGame(dt.date(2024, 3, 2), None, DRAW, event="Open", event_start=dt.date(2024, 3, 1),
                    event_end=dt.date(2024, 3, 4), own_rating=1500, rated=False),
        ],
    )  # fmt: skip
    repo.add_new_games(bob.id, [NewGame(dt.date(2024, 5, 1), 2400, LOSS)])
    repo.set_published(alice.id, "2024-04", 1530)
    document = export_document(repo, repo.list_players())
    path = tmp_path / "all.json"
    path.write_text(json.dumps(document))

    other = open_repository(tmp_path / "other.db")
    summary = import_json(other, path)
    assert summary.imported == 3
    imported = [dataclasses.replace(p, id=0) for p in other.list_players()]
    assert imported == [dataclasses.replace(p, id=0) for p in repo.list_players()]
    assert _game_tuples(other) == _game_tuples(repo)
    assert [(p.month, p.rating) for p in other.list_published(other.find_player("Alice").id)] == [
        ("2024-04", 1530)
    ]
    # Importing the same players again is refused whole.
    with pytest.raises(ImportFailed, match="already in the logbook"):
        import_json(other, path)
    assert other.count_games() == 3


def test_json_import_reports_every_problem(repo: Repository, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(
            {
                "format": "elotui-logbook",
                "version": 1,
                "players": [
                    {
                        "name": "A",
                        "start_rating": 50,
                        "games": [{"date": "2024-1-1", "result": "1"}],
                    },
                    {"name": "B", "games": [{"date": "2024-01-01", "result": "3"}]},
                ],
            }
        )
    )
    with pytest.raises(ImportFailed) as failed:
        import_json(repo, path)
    assert len(failed.value.errors) == 3
    assert repo.list_players() == []


PGN = """\
[Event "Club championship"]
[Date "2024.03.01"]
[White "Alice"]
[Black "Bob"]
[Result "1-0"]
[WhiteElo "1500"]
[BlackElo "1600"]
[EventDate "2024.03.01"]

1. e4 e5 2. Nf3 Nc6 1-0

[Event "Club championship"]
[Date "2024.03.08"]
[White "Carl"]
[Black "alice"]
[Result "1/2-1/2"]
[WhiteElo "-"]

1. d4 d5 1/2-1/2

[Event "?"]
[Date "2024.04.02"]
[White "Dora"]
[Black "Alice"]
[Result "1-0"]
[WhiteElo "1700"]
[BlackElo "1510"]

1. c4 1-0

[Event "Blitz"]
[Date "2024.??.??"]
[White "Alice"]
[Black "Eve"]
[Result "0-1"]

1. e4 0-1

[Event "Blitz"]
[Date "2024.04.05"]
[White "Alice"]
[Black "Eve"]
[Result "*"]

1. e4 *

[Event "Other"]
[Date "2024.04.05"]
[White "Fay"]
[Black "Gus"]
[Result "1-0"]

1. e4 1-0

[Event "Other"]
[Date "2024.04.06"]
[White "Alice"]
[Black "Hal"]
[Result "1-0"]
[BlackElo "9000"]

1. e4 1-0
"""


def test_pgn_import(repo: Repository, tmp_path: Path) -> None:
    alice = repo.add_player("Alice")
    path = tmp_path / "games.pgn"
    path.write_text(PGN)
    summary = import_pgn(repo, path, player="Alice")
    assert summary.imported == 3
    assert summary.skipped == {
        SKIP_NOT_PLAYER: 1,
        SKIP_NO_DATE: 1,
        SKIP_NO_RESULT: 1,
        SKIP_BAD_RATING: 1,
    }
    first, second, third = repo.games_for_replay(alice.id)
    assert (first.date, first.opponent, first.opponent_rating, first.score) == (
        dt.date(2024, 3, 1),
        "Bob",
        1600,
        WIN,
    )
    assert first.own_rating == 1500 and first.event == "Club championship"
    assert first.event_start == dt.date(2024, 3, 1)
    assert (second.opponent, second.opponent_rating, second.score) == ("Carl", None, DRAW)
    assert (third.opponent, third.score, third.event, third.own_rating) == (
        "Dora",
        LOSS,
        None,
        1510,
    )
    with pytest.raises(NotFound, match="elotui player add 'Zoe'"):
        import_pgn(repo, path, player="Zoe")


# --- games already in the logbook are skipped (counted as a multiset) ------------------------------

ROWS_3 = [
    ["Alice", "2024-03-01", "Bob", "1600", "1", "Open", "2024-03-01", "2024-03-03", "1500", "yes"],
    ["Alice", "2024-03-02", "", "", "0.5", "", "", "", "", "no"],
    ["Alice", "2024-03-03", "Carl", "1700", "0", "", "", "", "", ""],
]


def test_importing_the_same_csv_twice_adds_nothing(repo: Repository, tmp_path: Path) -> None:
    alice = repo.add_player("Alice")
    path = _write_csv(tmp_path / "games.csv", ROWS_3)
    first = import_csv(repo, path)
    assert (first.imported, first.already_in_logbook, first.games_by_player) == (3, 0, {"Alice": 3})
    before = _game_tuples(repo)

    again = import_csv(repo, path)
    assert (again.imported, again.already_in_logbook, again.games_by_player) == (0, 3, {})
    assert again.skipped_total == 3 and again.skipped == {}
    assert again.as_json()["already_in_logbook"] == 3
    assert again.as_json()["skipped_reasons"] == {"games already in the logbook": 3}
    assert repo.count_games(alice.id) == 3
    assert _game_tuples(repo) == before


def test_a_game_differing_in_one_compared_field_is_new(repo: Repository, tmp_path: Path) -> None:
    """Each compared field on its own makes a different game; event dates and notes do not."""
    repo.add_player("Alice")
    repo.add_player("Bob")
    base = ["Alice", "2024-03-01", "Bob", "1600", "1", "Open", "", "", "1500", "yes"]
    import_csv(repo, _write_csv(tmp_path / "base.csv", [base]))
    changes = {0: "Bob", 1: "2024-03-02", 2: "Dan", 3: "1601", 4: "0.5", 5: "Club", 8: "1501",
               9: "no"}  # fmt: skip
    variants = []
    for column, value in changes.items():
        row = list(base)
        row[column] = value
        variants.append(row)
    unrated = list(base)
    unrated[3] = ""  # an unrated opponent is not a rating of 1600
    no_own = list(base)
    no_own[8] = ""
    same_but_dates = list(base)
    same_but_dates[6:8] = ["2024-03-01", "2024-03-04"]  # the event's dates are not compared
    summary = import_csv(
        repo, _write_csv(tmp_path / "v.csv", [*variants, unrated, no_own, same_but_dates])
    )
    assert (summary.imported, summary.already_in_logbook) == (10, 1)
    assert summary.games_by_player == {"Alice": 9, "Bob": 1}
    assert repo.count_games() == 11


def test_a_double_round_imports_the_game_the_logbook_lacks(
    repo: Repository, tmp_path: Path
) -> None:
    alice = repo.add_player("Alice")
    # The logbook has the game once, typed in (ORM path, an empty opponent stored as "").
    repo.add_game(alice.id, NewGame(dt.date(2024, 5, 4), 1800, DRAW, opponent="", event="Open"))
    double = ["Alice", "2024-05-04", "", "1800", "0.5", "Open", "", "", "", "yes"]
    other = ["Alice", "2024-05-05", "Eve", "1900", "0", "Open", "", "", "", "yes"]
    path = _write_csv(tmp_path / "double.csv", [double, double, other])
    summary = import_csv(repo, path)
    assert (summary.imported, summary.already_in_logbook) == (2, 1)
    assert summary.games_by_player == {"Alice": 2}
    games = repo.games_for_replay(alice.id)
    assert [(g.date.day, g.opponent_rating) for g in games] == [(4, 1800), (4, 1800), (5, 1900)]
    # Into an empty logbook, both games of the double round go in.
    other_repo = open_repository(tmp_path / "other.db")
    other_repo.add_player("Alice")
    assert import_csv(other_repo, path).imported == 3
    assert import_csv(other_repo, path).imported == 0


def test_keep_duplicates_imports_every_row(repo: Repository, tmp_path: Path) -> None:
    alice = repo.add_player("Alice")
    path = _write_csv(tmp_path / "games.csv", ROWS_3)
    import_csv(repo, path)
    summary = import_csv(repo, path, keep_duplicates=True)
    assert (summary.imported, summary.already_in_logbook) == (3, 0)
    assert summary.games_by_player == {"Alice": 3}
    assert repo.count_games(alice.id) == 6
    assert import_csv(repo, path).already_in_logbook == 3  # counted as a multiset: 6 there, 3 left


def test_a_bad_row_imports_nothing_even_among_duplicates(repo: Repository, tmp_path: Path) -> None:
    repo.add_player("Alice")
    import_csv(repo, _write_csv(tmp_path / "games.csv", ROWS_3))
    bad = ["Alice", "2024-03-04", "", "1700", "2", "", "", "", "", ""]
    new = ["Alice", "2024-03-05", "", "1700", "1", "", "", "", "", ""]
    path = _write_csv(tmp_path / "more.csv", [*ROWS_3, new, bad])
    with pytest.raises(ImportFailed) as failed:
        import_csv(repo, path)
    assert failed.value.errors == [f"{path}:6: result: expected 1, 0.5 or 0, not '2'"]
    assert repo.count_games() == 3


@SQLITE_ONLY  # it traces SQLite's statements (BEGIN IMMEDIATE); a server's import: tests/postgres
def test_the_existing_games_are_read_once_inside_the_insert_transaction(
    repo: Repository, tmp_path: Path
) -> None:
    from sqlalchemy import event

    repo.add_player("Alice")
    path = _write_csv(tmp_path / "games.csv", ROWS_3 * 40)
    import_csv(repo, path)
    statements: list[str] = []
    event.listen(
        repo.engine, "connect", lambda dbapi, _record: dbapi.set_trace_callback(statements.append)
    )
    assert import_csv(repo, path).already_in_logbook == 120
    reads = [i for i, sql in enumerate(statements) if sql.lstrip().upper().startswith("SELECT")
             and "FROM game" in sql]  # fmt: skip
    assert len(reads) == 1, statements
    begin = statements.index("BEGIN IMMEDIATE")
    commit = statements.index("COMMIT")
    assert begin < reads[0] < commit


def test_pgn_reimport_skips_the_games_already_there(repo: Repository, tmp_path: Path) -> None:
    alice = repo.add_player("Alice")
    path = tmp_path / "games.pgn"
    path.write_text(PGN)
    assert import_pgn(repo, path, player="Alice").imported == 3
    again = import_pgn(repo, path, player="Alice")
    assert (again.imported, again.already_in_logbook, again.games_by_player) == (0, 3, {})
    assert again.skipped == {
        SKIP_NOT_PLAYER: 1,
        SKIP_NO_DATE: 1,
        SKIP_NO_RESULT: 1,
        SKIP_BAD_RATING: 1,
    }
    assert repo.count_games(alice.id) == 3
    kept = import_pgn(repo, path, player="Alice", keep_duplicates=True)
    assert (kept.imported, kept.already_in_logbook) == (3, 0)
    assert repo.count_games(alice.id) == 6


def test_a_csv_export_of_pgn_games_imports_as_duplicates(repo: Repository, tmp_path: Path) -> None:
    """A game is the same whichever file format brought it in."""
    repo.add_player("Alice")
    pgn = tmp_path / "games.pgn"
    pgn.write_text(PGN)
    import_pgn(repo, pgn, player="Alice")
    out = io.StringIO()
    export_csv(repo, out, repo.list_players())
    exported = tmp_path / "export.csv"
    exported.write_text(out.getvalue())
    summary = import_csv(repo, exported)
    assert (summary.imported, summary.already_in_logbook) == (0, 3)


def test_csv_and_json_take_every_spelling_of_a_result(repo: Repository, tmp_path: Path) -> None:
    # One vocabulary (elotui/rating/result.py): besides 1, 1.0, 0.5, .5, ½, 1/2, 0 and 0.0 (taken
    # before), a result cell may say win/w, draw/d, loss/l, in any case, as the CLI and forms take.
    alice = repo.add_player("Alice")
    spellings = [
        "1",
        "1.0",
        "WIN",
        "w",
        " 0.5 ",
        ".5",
        "½",
        "1/2",
        "Draw",
        "d",
        "0",
        "0.0",
        "loss",
        "L",
    ]
    rows = [["Alice", f"2024-03-{day:02d}", "", "1600", text, "", "", "", "", ""]
            for day, text in enumerate(spellings, start=1)]  # fmt: skip
    import_csv(repo, _write_csv(tmp_path / "games.csv", rows))
    scores = [game.score for game in repo.games_for_replay(alice.id)]
    assert scores == [WIN] * 4 + [DRAW] * 6 + [LOSS] * 4
    # JSON takes the same words in its `result` field; a word that is no result is refused.
    bob = {"name": "Bob", "games": [
        {"date": "2024-04-01", "opponent_rating": 1600, "result": "draw"},
        {"date": "2024-04-02", "opponent_rating": 1600, "result": "W"},
    ]}  # fmt: skip
    document = {**export_document(repo, []), "players": [bob]}
    path = tmp_path / "bob.json"
    path.write_text(json.dumps(document))
    import_json(repo, path)
    (bob_record,) = [p for p in repo.list_players() if p.name == "Bob"]
    assert [g.score for g in repo.games_for_replay(bob_record.id)] == [DRAW, WIN]
    bad = {**document, "players": [{"name": "Cy", "games": [
        {"date": "2024-04-01", "opponent_rating": 1600, "result": "won"}]}]}  # fmt: skip
    path.write_text(json.dumps(bad))
    with pytest.raises(ImportFailed, match=r"expected 1, 0\.5 or 0, not 'won'"):
        import_json(repo, path)
