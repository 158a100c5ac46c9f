"""The rating list and the pinned period in CSV and JSON files and on the command line."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest

from elotui.logbook.csv_io import CSV_COLUMNS, ImportFailed, export_csv, import_csv
from elotui.logbook.json_io import export_document, import_json
from elotui.logbook.repository import Repository, open_repository
from tests.conftest import run_cli

HEADER = ",".join(CSV_COLUMNS)


def _csv(path: Path, *lines: str, header: str = HEADER) -> Path:
    path.write_text("\n".join((header, *lines)) + "\n", encoding="utf-8")
    return path


def test_the_new_columns_come_after_the_ten_of_the_product() -> None:
    assert CSV_COLUMNS == (
        "player", "date", "opponent", "opponent_rating", "result", "event", "event_start",
        "event_end", "own_rating", "rated", "list", "rated_period",
    )  # fmt: skip


def test_csv_list_and_pin_import_and_export(repo: Repository, tmp_path: Path) -> None:
    ana = repo.add_player("Ana")
    path = _csv(
        tmp_path / "games.csv",
        "Ana,2024-03-01,Bo,1600,1,Open,,,,yes,,",  # empty list: standard
        "Ana,2024-03-02,Cy,1700,0,Rapid,,,,yes, Rapid ,2024-05",  # trimmed, any case
        "Ana,2024-03-02,Cy,1700,0,Rapid,,,,yes,blitz,",  # same game on another list: another game
        "Ana,2024-03-03,Dé,1800,0.5,,,,,yes,standard,2024-04",
    )
    summary = import_csv(repo, path)
    assert summary.imported == 4
    games = repo.list_games(ana.id, newest_first=False)
    assert [(g.rating_list, g.rated_period) for g in games] == [
        ("standard", None), ("rapid", "2024-05"), ("blitz", None), ("standard", "2024-04"),
    ]  # fmt: skip
    out = io.StringIO()
    assert export_csv(repo, out, [ana]) == 4
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert [(r["list"], r["rated_period"]) for r in rows] == [
        ("standard", ""), ("rapid", "2024-05"), ("blitz", ""), ("standard", "2024-04"),
    ]  # fmt: skip
    only_blitz = io.StringIO()
    assert export_csv(repo, only_blitz, [ana], "blitz") == 1
    assert only_blitz.getvalue().splitlines()[1] == "Ana,2024-03-02,Cy,1700,0,Rapid,,,,yes,blitz,"
    # The export imports back as nothing new: every game is there already, the list compared too.
    again = tmp_path / "again.csv"
    again.write_text(out.getvalue(), encoding="utf-8")
    assert import_csv(repo, again).already_in_logbook == 4


def test_csv_bad_list_or_pin_imports_nothing(repo: Repository, tmp_path: Path) -> None:
    repo.add_player("Ana")
    path = _csv(
        tmp_path / "games.csv",
        "Ana,2024-03-01,Bo,1600,1,,,,,yes,rapid,",
        "Ana,2024-03-02,Bo,1600,1,,,,,yes,bullet,",
        "Ana,2024-03-03,Bo,1600,1,,,,,yes,,2024-13",
        "Ana,2024-03-04,Bo,1600,1,,,,,yes,,March",
    )
    with pytest.raises(ImportFailed) as failed:
        import_csv(repo, path)
    assert failed.value.errors == [
        f"{path}:3: list: expected standard, rapid or blitz (or empty), not 'bullet'",
        f"{path}:4: rated_period: the month 2024-13 does not exist",
        f"{path}:5: rated_period: a month is written YYYY-MM, not 'March'",
    ]
    assert repo.count_games() == 0


def test_json_carries_lists_and_pins_both_ways(repo: Repository, tmp_path: Path) -> None:
    ana = repo.add_player("Ana", start_rating=1800)
    path = _csv(
        tmp_path / "games.csv",
        "Ana,2024-03-01,Bo,1600,1,Open,,,,yes,,",
        "Ana,2024-03-02,Cy,1700,0,Rapid,,,,yes,rapid,2024-05",
        "Ana,2024-03-02,Cy,1700,0,,,,,yes,blitz,",
    )
    import_csv(repo, path)
    repo.set_published(ana.id, "2024-04", 1810)
    repo.set_published(ana.id, "2024-04", 1750, "rapid")
    repo.set_published(ana.id, "2024-04", 1700, "blitz")
    document = export_document(repo, [ana])
    (player,) = document["players"]
    assert [(g["list"], g["rated_period"]) for g in player["games"]] == [
        ("standard", None), ("rapid", "2024-05"), ("blitz", None),
    ]  # fmt: skip
    assert player["published"] == [
        {"month": "2024-04", "rating": 1810, "list": "standard", "games": None, "k": None},
        {"month": "2024-04", "rating": 1750, "list": "rapid", "games": None, "k": None},
        {"month": "2024-04", "rating": 1700, "list": "blitz", "games": None, "k": None},
    ]
    exported = tmp_path / "ana.json"
    exported.write_text(json.dumps(document), encoding="utf-8")
    other = open_repository(tmp_path / "other.db")
    try:
        assert import_json(other, exported).imported == 3
        copy = other.find_player("Ana")

        def games(repository: Repository, player_id: int) -> list[tuple[Any, ...]]:
            return [g[2:] for g in repository.list_games(player_id, newest_first=False)]

        assert games(other, copy.id) == games(repo, ana.id)
        assert [
            (p.month, p.rating, p.rating_list) for p in other.list_published(copy.id, None)
        ] == [(p.month, p.rating, p.rating_list) for p in repo.list_published(ana.id, None)]
    finally:
        other.close()
    blitz_only = export_document(repo, [ana], "blitz")["players"][0]
    assert [g["list"] for g in blitz_only["games"]] == ["blitz"]
    assert blitz_only["published"] == [
        {"month": "2024-04", "rating": 1700, "list": "blitz", "games": None, "k": None}
    ]


def _document(games: list[dict[str, Any]], published: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "elotui-logbook", "version": 1,
            "players": [{"name": "Ana", "games": games, "published": published}]}  # fmt: skip


def test_json_import_without_lists_is_standard_and_a_bad_list_is_refused(
    repo: Repository, tmp_path: Path
) -> None:
    path = tmp_path / "ana.json"
    game = {"date": "2024-03-01", "opponent_rating": 1600, "result": "1"}
    path.write_text(json.dumps(_document([game], [{"month": "2024-04", "rating": 1610}])))
    import_json(repo, path)
    ana = repo.find_player("Ana")
    assert [(g.rating_list, g.rated_period) for g in repo.list_games(ana.id)] == [
        ("standard", None)
    ]
    assert [p.rating_list for p in repo.list_published(ana.id, None)] == ["standard"]

    bad = tmp_path / "bad.json"
    document = _document(
        [{**game, "list": "bullet"}, {**game, "rated_period": "2024-4"}],
        [{"month": "2024-04", "rating": 1610, "list": "Rapid"}],
    )
    document["players"][0]["name"] = "Bea"
    bad.write_text(json.dumps(document))
    with pytest.raises(ImportFailed) as failed:
        import_json(repo, bad)
    assert failed.value.errors == [
        f"{bad}: players[0].games[0].list: expected standard, rapid or blitz (or null), not 'bullet'",
        f"{bad}: players[0].games[1].rated_period: a month is written YYYY-MM, not '2024-4'",
        f"{bad}: players[0].published[0].list: expected standard, rapid or blitz (or null), "
        "not 'Rapid'",
    ]
    assert [p.name for p in repo.list_players()] == ["Ana"]


# --- the command line ----------------------------------------------------------------------------


def _json(*argv: str) -> Any:
    code, out, err = run_cli(*argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_cli_game_add_edit_list_with_lists_and_pins(db_address: str) -> None:
    db = ("--db", db_address)
    _json("player", "add", "Ana", "--rating", "1800", *db)
    added = _json("game", "add", "--player", "Ana", "--date", "2024-03-02", "--opponent-rating",
                  "1700", "--result", "1", "--list", "blitz", "--rated-period", "2024-05", *db)  # fmt: skip
    assert (added["list"], added["rated_period"]) == ("blitz", "2024-05")
    plain = _json("game", "add", "--player", "Ana", "--date", "2024-03-03", "--opponent-rating",
                  "1700", "--result", "0", *db)  # fmt: skip
    assert (plain["list"], plain["rated_period"]) == ("standard", None)

    listed = _json("game", "list", "--player", "Ana", "--list", "blitz", *db)["games"]
    assert [g["id"] for g in listed] == [added["id"]]
    assert len(_json("game", "list", "--player", "Ana", *db)["games"]) == 2  # every list

    moved = _json("game", "edit", str(added["id"]), "--list", "rapid", "--no-rated-period", *db)
    assert (moved["list"], moved["rated_period"]) == ("rapid", None)
    pinned = _json("game", "edit", str(plain["id"]), "--rated-period", "2024-04", *db)
    assert (pinned["list"], pinned["rated_period"]) == ("standard", "2024-04")

    code, out, _ = run_cli("game", "list", "--player", "Ana", *db)
    assert code == 0
    header = out.splitlines()[0].split()
    assert header[-2:] == ["list", "pinned"]


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["--list", "bullet"], "invalid choice: 'bullet'"),
        (["--list", "Blitz"], "invalid choice: 'Blitz'"),
        (["--rated-period", "2024-13"], "the month 2024-13 does not exist"),
        (["--rated-period", "2024-05", "--no-rated-period"], "not allowed with argument"),
    ],
)
def test_cli_refuses_a_bad_list_or_pin_and_changes_nothing(
    db_address: str, argv: list[str], reason: str
) -> None:
    db = ("--db", db_address)
    _json("player", "add", "Ana", *db)
    game = _json("game", "add", "--player", "Ana", "--date", "2024-03-02", "--opponent-rating",
                 "1700", "--result", "1", *db)  # fmt: skip
    code, _, err = run_cli("game", "edit", str(game["id"]), *argv, *db)
    assert code == 2 and reason in err
    assert _json("game", "list", "--player", "Ana", *db)["games"] == [game]


def test_cli_published_per_list(db_address: str) -> None:
    db = ("--db", db_address)
    _json("player", "add", "Ana", *db)
    assert _json("published", "set", "--player", "Ana", "--month", "2024-04", "--rating", "1810",
                 *db)["list"] == "standard"  # fmt: skip
    rapid = _json("published", "set", "--player", "Ana", "--month", "2024-04", "--rating", "1750",
                  "--list", "rapid", *db)  # fmt: skip
    assert rapid == {"player": "Ana", "month": "2024-04", "rating": 1750, "list": "rapid"}
    assert _json("published", "list", "--player", "Ana", *db)["published"] == [
        {"month": "2024-04", "rating": 1810, "list": "standard", "games": None, "k": None},
        {"month": "2024-04", "rating": 1750, "list": "rapid", "games": None, "k": None},
    ]
    assert _json("published", "list", "--player", "Ana", "--list", "rapid", *db)["published"] == [
        {"month": "2024-04", "rating": 1750, "list": "rapid", "games": None, "k": None}
    ]
    code, _, err = run_cli("published", "remove", "--player", "Ana", "--month", "2024-04",
                           "--list", "blitz", *db)  # fmt: skip
    assert code == 2 and err == "elotui: Ana has no published blitz rating for 2024-04\n"
    _json("published", "remove", "--player", "Ana", "--month", "2024-04", "--list", "rapid", *db)
    assert [p["list"] for p in _json("published", "list", "--player", "Ana", *db)["published"]] == [
        "standard"
    ]


def test_cli_import_list_override_and_export_filter(db_address: str, tmp_path: Path) -> None:
    db = ("--db", db_address)
    _json("player", "add", "Ana Costa", *db)
    pgn = tmp_path / "games.pgn"
    pgn.write_text(
        '[Date "2024.03.01"]\n[White "Costa, Ana"]\n[Black "Rossi, Luca"]\n[Result "1-0"]\n'
        '[TimeControl "180+2"]\n\n1. e4 1-0\n\n'
        '[Date "2024.03.02"]\n[White "Rossi, Luca"]\n[Black "Costa, Ana"]\n[Result "0-1"]\n'
        '[TimeControl "5400+30"]\n\n1. e4 0-1\n',
        encoding="utf-8",
    )
    # By TimeControl: 3 min + 60 × 2 s = 5 min, blitz; 90 min + 60 × 30 s = 120 min, standard.
    assert _json("import", str(pgn), "--player", "Ana Costa", *db)["imported"] == 2
    code, out, _ = run_cli("export", "--list", "blitz", *db)
    assert code == 0 and [r["date"] for r in csv.DictReader(io.StringIO(out))] == ["2024-03-01"]
    # The same file with --list rapid: two more games (another list, so not the same games).
    assert (
        _json("import", str(pgn), "--player", "Ana Costa", "--list", "rapid", *db)["imported"] == 2
    )
    code, out, _ = run_cli("export", "--list", "rapid", *db)
    assert [r["list"] for r in csv.DictReader(io.StringIO(out))] == ["rapid", "rapid"]

    csv_file = _csv(tmp_path / "games.csv", "Ana Costa,2024-03-05,Bo,1600,1,,,,,yes,,")
    code, _, err = run_cli("import", str(csv_file), "--list", "blitz", *db)
    assert code == 2 and "--list is for PGN and TRF imports" in err

    _json("player", "add", "Ana", *db)  # another player, whose games the file does not hold
    code, _, err = run_cli("import", str(pgn), "--player", "Ana", *db)
    assert code == 2
    assert "no game of 'Ana'" in err and "the file's players: Costa, Ana, Rossi, Luca" in err
