"""`elotui player|game|published|import|export|db` through `elotui.cli.main`."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from elotui.logbook.schema import HEAD_REVISION
from tests.conftest import run_cli


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    code, out, err = run_cli(*argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_db_path_follows_flag_env_and_home(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run_cli("db", "path", "--db", str(tmp_path / "x.db"))[1].strip() == str(
        tmp_path / "x.db"
    )
    assert run_cli("db", "path")[1].strip() == os.environ["ELOTUI_DB"]
    monkeypatch.delenv("ELOTUI_DB")
    expected = tmp_path / "home" / "elotui.db"
    assert run_json(capsys, "db", "path") == {"path": str(expected), "exists": False}
    assert not expected.parent.exists()  # `db path` creates nothing
    assert run_cli("db", "upgrade")[0] == 0
    assert expected.is_file()  # the data folder is created on first use


def test_db_upgrade(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(tmp_path / "x.db")
    first = run_json(capsys, "db", "upgrade", "--db", db)
    assert first == {
        "path": db,
        "created": True,
        "from_revision": None,
        "to_revision": HEAD_REVISION,
        "backup": None,
    }
    assert "up to date" in run_cli("db", "upgrade", "--db", db)[1]


def test_refused_file_exits_2_and_is_untouched(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "notes.db"
    path.write_bytes(b"just some text, not a database\n" * 10)
    before = path.read_bytes()
    code, out, err = run_cli("player", "list", "--db", str(path))
    assert code == 2 and out == ""
    assert err == f"elotui: {path} is not an SQLite database\n"
    assert path.read_bytes() == before


@pytest.mark.usefixtures("db_env")  # on both backends (tests/conftest.py)
def test_player_game_published_flow(capsys: pytest.CaptureFixture[str]) -> None:
    added = run_json(
        capsys, "player", "add", "Alice", "--rating", "1500", "--birth-year", "2008", "--k", "40"
    )
    assert added["name"] == "Alice" and added["start_rating"] == 1500 and added["fixed_k"] == 40  # type: ignore[index]
    code, _, err = run_cli("player", "add", "Alice")
    assert code == 2 and err == "elotui: a player named 'Alice' already exists\n"
    code, _, err = run_cli("player", "add", "Bob", "--rating", "99")
    assert code == 2 and "100 to 3500" in err

    game = run_json(
        capsys, "game", "add", "--player", "Alice", "--date", "2024-03-05",
        "--opponent-rating", "1600", "--result", "0.5", "--opponent", "Bob",
    )  # fmt: skip
    assert game["score"] == 0.5 and game["opponent_rating"] == 1600  # type: ignore[index]
    run_cli("game", "add", "--player", "Alice", "--date", "2024-03-07",
        "--unrated-opponent", "--result", "win", "--not-rated")  # fmt: skip
    code, _, err = run_cli("game", "add", "--player", "Nobody", "--date", "2024-03-07",
                       "--opponent-rating", "1500", "--result", "1")  # fmt: skip
    assert code == 2 and "elotui player add 'Nobody'" in err
    code, _, err = run_cli("game", "add", "--player", "Alice", "--date", "2024-13-07",
                       "--opponent-rating", "1500", "--result", "1")  # fmt: skip
    assert code == 2 and "the date 2024-13-07 does not exist" in err

    listed = run_json(capsys, "game", "list", "--player", "Alice")
    games = listed["games"]  # type: ignore[index]
    assert [g["date"] for g in games] == ["2024-03-07", "2024-03-05"]
    assert games[0]["opponent_rating"] is None and games[0]["rated"] is False

    edited = run_json(capsys, "game", "edit", str(game["id"]), "--result", "1", "--event", "Open")  # type: ignore[index]
    assert edited["score"] == 1 and edited["event"] == "Open"  # type: ignore[index]

    assert run_json(capsys, "published", "set", "--player", "Alice", "--month", "2024-04",
                    "--rating", "1512") == {"player": "Alice", "month": "2024-04", "rating": 1512,
                                      "list": "standard"}  # fmt: skip
    code, _, err = run_cli("published", "set", "--player", "Alice", "--month", "April",
                       "--rating", "1512")  # fmt: skip
    assert code == 2 and "YYYY-MM" in err

    players = run_json(capsys, "player", "list")["players"]  # type: ignore[index]
    assert [(p["name"], p["games"]) for p in players] == [("Alice", 2)]
    code, out, _ = run_cli("player", "list")
    assert code == 0 and "Alice" in out and "1500" in out

    code, _, err = run_cli("player", "remove", "Alice")
    assert code == 2 and "--yes" in err
    assert run_json(capsys, "player", "remove", "Alice", "--yes") == {
        "player": "Alice",
        "removed": True,
        "games": 2,
    }


@pytest.mark.usefixtures("db_env")  # on both backends (tests/conftest.py)
def test_import_errors_go_to_stderr_one_per_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run_cli("player", "add", "Alice")
    path = tmp_path / "games.csv"
    path.write_text(
        "player,date,opponent,opponent_rating,result,event,event_start,event_end,own_rating,rated\n"
        "Alice,2024-03-01,,1600,1,,,,,\n"
        "Alice,2024-03-02,,1600,3,,,,,\n"
        "Bob,2024-03-03,,1600,1,,,,,\n"
    )
    code, out, err = run_cli("import", str(path))
    assert code == 2 and out == ""
    assert err.splitlines() == [
        f"{path}:3: result: expected 1, 0.5 or 0, not '3'",
        f"{path}:4: player: no player named 'Bob'; add one with: elotui player add 'Bob'",
        "elotui: nothing imported (2 problems)",
    ]
    assert run_json(capsys, "game", "list", "--player", "Alice") == {"player": "Alice", "games": []}


@pytest.mark.usefixtures("db_env")  # on both backends (tests/conftest.py)
def test_import_and_export_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    run_cli("player", "add", "Alice", "--rating", "1500")
    path = tmp_path / "games.csv"
    path.write_text(
        "player,date,opponent,opponent_rating,result,event,event_start,event_end,own_rating,rated,"
        "list,rated_period\n"
        "Alice,2024-03-01,Bob,1600,1,Open,2024-03-01,2024-03-02,,yes,rapid,2024-04\n"
        "Alice,2024-03-02,,,½,,,,,no,,\n"
    )
    summary = run_json(capsys, "import", str(path))
    assert summary["imported"] == 2  # type: ignore[index]
    code, out, _ = run_cli("export")
    # The export writes the list of every game (an empty `list` is standard) and ½ as 0.5.
    expected = path.read_text().replace("½", "0.5").replace(",no,,", ",no,standard,")
    assert out == expected

    exported = tmp_path / "all.json"
    written = run_json(capsys, "export", "--format", "json", "-o", str(exported))
    assert written["games"] == 2 and exported.is_file()  # type: ignore[index]
    fresh = str(tmp_path / "fresh.db")
    assert run_json(capsys, "import", str(exported), "--db", fresh)["imported"] == 2  # type: ignore[index]
    code, out, _ = run_cli("export", "--db", fresh)
    assert out == expected

    code, _, err = run_cli("import", str(tmp_path / "games.txt"))
    assert code == 2 and ".csv, .pgn, .trf or .json" in err
    pgn = tmp_path / "g.pgn"
    pgn.write_text('[White "Alice"]\n[Black "X"]\n[Date "2024.05.01"]\n[Result "0-1"]\n\n0-1\n')
    # Without --player: the games of every logbook player the file names, and whose.
    code, out, _ = run_cli("import", str(pgn))
    assert code == 0 and out.startswith("imported 1 game(s)") and "(Alice 1)" in out
    code, out, _ = run_cli("import", str(pgn), "--player", "Alice")
    assert code == 0 and "already in the logbook" in out


def test_demo_logbook_is_a_throwaway_copy(capsys: pytest.CaptureFixture[str]) -> None:
    from elotui.logbook.demo import DEMO_DIR, demo_player_names

    players = run_json(capsys, "--demo", "player", "list")["players"]  # type: ignore[index]
    assert [p["name"] for p in players] == sorted(demo_player_names())
    fixture_games = len((DEMO_DIR / "games.csv").read_text(encoding="utf-8").splitlines()) - 1
    # And the demo's tournament file: Margaux Vidal's line of rapide-de-montpellier.trf has five
    # played rounds (=, 1, 0, =, 1 against ranks 8, 6, 4, 2, 9).
    assert sum(p["games"] for p in players) == fixture_games + 5
    name = players[0]["name"]
    published = run_json(capsys, "--demo", "published", "list", "--player", name)
    assert published["published"]  # type: ignore[index]
    # Changes go to the throwaway copy: the next demo starts from the fixture again.
    run_cli("--demo", "player", "remove", name, "--yes")
    again = run_json(capsys, "--demo", "player", "list")["players"]  # type: ignore[index]
    assert [p["name"] for p in again] == [p["name"] for p in players]
    assert not Path(os.environ["ELOTUI_DB"]).exists()  # the user's logbook was never opened
