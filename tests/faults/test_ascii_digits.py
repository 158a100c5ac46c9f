"""Numbers are written with the digits 0-9, on every way in: Python's int() also takes other scripts'
digits and underscores, so `１５００`, `١٥٠٠` and `1_500` were stored as 1500 from the command line,
a CSV or a PGN file (the app's fields: tests/tui/test_ascii_digits.py), while `--points 5_0` was
refused. Each is now refused the same way: "... a whole number (digits 0-9), not '１５００'"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elotui.rating import inputs

from .conftest import count_rows, logbook_with_player, one_line_error, run_cli, write_csv

# Each is a number to Python's int() (and float(), Fraction()), none is written with 0-9 only.
LOOK_ALIKES = ["１５００", "١٥٠٠", "۱۵۰۰", "१५००", "𝟏𝟓𝟎𝟎", "1_500", "15_00"]
REFUSAL = "a whole number (digits 0-9), not"


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_python_reads_each_as_a_number(text: str) -> None:
    # What makes them dangerous: without the rule, each is 1500 wherever int() reads it.
    assert int(text) == 1500


# --- the command line -----------------------------------------------------------------------------

CALC = ["calc", "-r", "1500", "-o", "1600"]
LOGBOOK_COMMANDS = {
    "player add --rating": ["player", "add", "Bob", "--rating", "{}"],
    "player add --birth-year": ["player", "add", "Bob", "--birth-year", "{}"],
    "player add --games-before": ["player", "add", "Bob", "--games-before", "{}"],
    "player add --fide-id": ["player", "add", "Bob", "--fide-id", "{}"],
    "player add --k": ["player", "add", "Bob", "--k", "{}"],
    "player edit --rating": ["player", "edit", "Alice", "--rating", "{}"],
    "game add --opponent-rating": [
        "game", "add", "--player", "Alice", "--date", "2024-03-01", "--opponent-rating", "{}",
        "--result", "1",
    ],
    "game add --own-rating": [
        "game", "add", "--player", "Alice", "--date", "2024-03-01", "--opponent-rating", "1600",
        "--result", "1", "--own-rating", "{}",
    ],
    "game list --limit": ["game", "list", "--player", "Alice", "--limit", "{}"],
    "game remove ID": ["game", "remove", "{}"],
    "published set --rating": [
        "published", "set", "--player", "Alice", "--month", "2024-03", "--rating", "{}",
    ],
}  # fmt: skip
CALC_COMMANDS = {
    "calc -r": ["calc", "-r", "{}", "-o", "1600"],
    "calc -k": [*CALC, "-k", "2{}"],
    "calc --games": [*CALC, "--games", "{}", "--points", "3"],
    "period --games-played": ["period", "-r", "1500", "--games-played", "{}"],
    "need --target": ["need", "-r", "1500", "-k", "20", "--target", "{}", "--games", "5",
                      "--opponent", "1600"],
}  # fmt: skip


@pytest.mark.parametrize("text", ["１５００", "1_500"])
@pytest.mark.parametrize("command", sorted(LOGBOOK_COMMANDS))
def test_every_whole_number_option_of_the_logbook_refuses_other_digits(
    tmp_path: Path, command: str, text: str
) -> None:
    db = logbook_with_player(tmp_path / "logbook.db", "Alice")
    before = db.read_bytes()
    argv = [arg.replace("{}", text) for arg in LOGBOOK_COMMANDS[command]]
    code, _, err = run_cli(*argv, "--db", str(db))
    assert code == 2 and one_line_error(err), err
    assert f"expected {REFUSAL} '{text}'" in err or f"must be {REFUSAL} '{text}'" in err, err
    assert db.read_bytes() == before  # nothing written


@pytest.mark.parametrize("text", ["١٥٠٠", "1_500"])
@pytest.mark.parametrize("command", sorted(CALC_COMMANDS))
def test_every_whole_number_option_of_the_calculator_refuses_other_digits(
    command: str, text: str
) -> None:
    # calc -k takes "2" + the text: K 1 to 100 is never 1500, but "2١٥٠٠" is as wrong.
    argv = [arg.replace("{}", text) for arg in CALC_COMMANDS[command]]
    code, out, err = run_cli(*argv)
    assert code == 2 and out == "" and one_line_error(err), err
    assert REFUSAL in err, err


@pytest.mark.parametrize("points", ["５", "2.５", "5_0", "2,５"])
def test_points_refuse_other_digits_as_they_refused_an_underscore(points: str) -> None:
    # Today "５" and "2.５" are taken (the check used \d, which takes every script's digits).
    code, out, err = run_cli(*CALC, "--games", "5", "--points", points)
    assert code == 2 and out == "" and one_line_error(err), err
    assert f"points must be a number like 3.5 (digits 0-9), not '{points}'" in err, err


def test_ascii_numbers_with_a_sign_or_spaces_are_still_read() -> None:
    assert inputs.read_whole(" 1500 ") == 1500
    assert inputs.read_whole("+1500") == 1500
    assert inputs.read_whole("-5") == -5
    assert inputs.parse_points(" 2,5 ", 5) == inputs.parse_points("2.5", 5)


@given(st.text(max_size=12))
def test_a_whole_number_is_read_only_from_the_digits_0_to_9(text: str) -> None:
    value = inputs.read_whole(text)
    if value is None:
        return
    assert re.fullmatch(r"[+-]?[0-9]+", text.strip()), text
    assert value == int(text)


# --- files ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", LOOK_ALIKES)
def test_a_csv_rating_in_other_digits_is_refused_with_its_line(tmp_path: Path, text: str) -> None:
    db = logbook_with_player(tmp_path / "logbook.db", "Alice")
    path = tmp_path / "games.csv"
    row = ["Alice", "2024-03-01", "Bob", "1600", "1", "", "", "", text, "yes", "", ""]
    write_csv(path, [row])
    code, _, err = run_cli("import", str(path), "--db", str(db))
    assert code == 2, err
    assert f"{path}:2: own_rating: expected {REFUSAL} '{text}'" in err, err
    assert count_rows(db) == 0


@pytest.mark.parametrize("text", LOOK_ALIKES)
@pytest.mark.parametrize("tag", ["BlackElo", "WhiteElo"])
def test_a_pgn_rating_in_other_digits_is_refused_with_its_line(
    tmp_path: Path, text: str, tag: str
) -> None:
    # BlackElo is the opponent's rating, WhiteElo Alice's own (Ro): both were read as 1500.
    db = logbook_with_player(tmp_path / "logbook.db", "Alice")
    path = tmp_path / "games.pgn"
    ratings = {"WhiteElo": "1500", "BlackElo": "1600", tag: text}
    path.write_text(
        '[Event "Club"]\n[Date "2024.03.01"]\n[White "Alice"]\n[Black "Bob"]\n[Result "1-0"]\n'
        f'[WhiteElo "{ratings["WhiteElo"]}"]\n[BlackElo "{ratings["BlackElo"]}"]\n\n1. e4 1-0\n',
        encoding="utf-8",
    )
    code, _, err = run_cli("import", str(path), "--player", "Alice", "--db", str(db))
    line = 6 if tag == "WhiteElo" else 7
    assert code == 2, err
    assert f"{path}:{line}: {tag}: expected {REFUSAL} '{text}'" in err, err
    assert count_rows(db) == 0


@pytest.mark.parametrize("text", ["１５００", "1_500"])
def test_a_json_rating_is_a_json_number(tmp_path: Path, text: str) -> None:
    # JSON's own numbers have only the digits 0-9, and elotui reads no number from a JSON string:
    # this held before the rule, and the rule keeps it.
    db = logbook_with_player(tmp_path / "logbook.db", "Alice")
    path = tmp_path / "logbook.json"
    game = {"date": "2024-03-01", "result": "1", "opponent_rating": text}
    document = {
        "format": "elotui-logbook",
        "version": 1,
        "players": [{"name": "Bea", "start_rating": 1500, "games": [game]}],
    }
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    code, _, err = run_cli("import", str(path), "--db", str(db))
    assert code == 2, err
    assert f"opponent_rating: expected a whole number or null, not '{text}'" in err, err
    assert count_rows(db) == 0
