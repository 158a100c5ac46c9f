"""Issue 17 item 5: text from outside cannot attack a terminal or a spreadsheet; nor can a name hide
an invisible character (a zero-width space) that makes it a second name looking like another.

Refused on the way in (CLI, forms through the repository, CSV, PGN, JSON), escaped on the way out for
a logbook that already holds such text (written here with plain sqlite3, as an older elotui could).
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path

import pytest

from elotui.logbook.repository import InvalidData, NewGame, open_repository
from elotui.safe_text import printable, unsafe_character

from .conftest import count_rows, game_rows, logbook_with_player, one_line_error, run_cli, write_csv

# The paste: SOH, STX, BEL, DEL and a right-to-left override (U+202E).
PASTED = "Ana\x01\x02\x07\x7fX\u202e"
ESC_NAME = "Eve\x1b[2J\x1b]0;owned\x07"  # clear the screen, set the window title


@pytest.mark.parametrize(
    ("text", "first"),
    [
        (PASTED, "U+0001"),
        (ESC_NAME, "U+001B"),
        ("Bob\x9b31m", "U+009B"),  # C1 CSI
        ("Bob\u2066x", "U+2066"),
        ("Bob\u202ax", "U+202A"),
        ("Bob\u2028x", "U+2028"),
        ("Bob\tx", "U+0009"),
        ("Bob\nx", "U+000A"),
        # In a name, every format character (Cf): invisible, a second name that looks the same.
        ("Zo\u200bé", "U+200B"),  # zero-width space
        ("Zoé\u200d", "U+200D"),  # zero-width joiner
        ("\ufeffZoé", "U+FEFF"),  # a BOM
        ("Zoé\u200e", "U+200E"),  # a left-to-right mark
        ("Zo\u00adé", "U+00AD"),  # a soft hyphen
        ("Zoé\U000e0041", "U+E0041"),  # a tag character
    ],
)
def test_unsafe_character_finds_each_kind(text: str, first: str) -> None:
    assert unsafe_character(text) == first


@pytest.mark.parametrize("text", ["Zoë Müller", "Ан Ли", "王", "O'Neil", "=SUM(1)", "-"])
def test_ordinary_text_is_safe(text: str) -> None:
    assert unsafe_character(text) is None and printable(text) == text


def test_notes_may_hold_tabs_and_lines_but_no_escapes() -> None:
    assert unsafe_character("line 1\n\tline 2", notes=True) is None
    assert unsafe_character("x\x1b[2J", notes=True) == "U+001B"


def test_notes_keep_format_characters_but_no_direction_override() -> None:
    # An emoji sequence joins with U+200D; notes never tell players apart.
    assert unsafe_character("coach: \U0001f469\u200d\U0001f3eb", notes=True) is None
    assert unsafe_character("x\u202e", notes=True) == "U+202E"


ZWSP_NAME = "Zo\u200bé"  # "Zoé" with a zero-width space inside: looks like "Zoé"


@pytest.fixture
def logbook(tmp_path: Path) -> Path:
    return logbook_with_player(tmp_path / "logbook.db", "Alice")


def test_cli_refuses_the_pasted_name(logbook: Path) -> None:
    # Today `Ana\x01\x02\x07\x7fX` + U+202E is stored.
    before = logbook.read_bytes()
    code, out, err = run_cli("player", "add", PASTED, "--db", str(logbook))
    assert code == 2 and out == "" and one_line_error(err) and "U+0001" in err, err
    assert "\x07" not in err and "\u202e" not in err  # the refusal itself prints nothing raw
    assert logbook.read_bytes() == before


@pytest.mark.parametrize("flag", ["--opponent", "--event", "--notes"])
def test_cli_refuses_an_escape_in_a_game(logbook: Path, flag: str) -> None:
    code, _, err = run_cli("game", "add", "--player", "Alice", "--date", "2026-01-05",
                           "--opponent-rating", "1600", "--result", "1", flag, ESC_NAME,
                           "--db", str(logbook))  # fmt: skip
    assert code == 2 and one_line_error(err) and "U+001B" in err, err
    assert count_rows(logbook) == 0


def test_cli_refuses_a_zero_width_space_in_a_name(logbook: Path) -> None:
    # Today "Zo\u200bé" is a second player beside "Zoé", looking the same in every list.
    code, out, err = run_cli("player", "add", ZWSP_NAME, "--db", str(logbook))
    assert (code, out) == (2, "") and one_line_error(err), err
    assert err == ("elotui: the name holds an invisible character (U+200B), which elotui refuses\n")
    assert count_rows(logbook, "player") == 1
    code, _, err = run_cli("player", "edit", "Alice", "--name", "Alice\ufeff", "--db", str(logbook))
    assert code == 2 and "(U+FEFF)" in err, err
    for flag in ("--opponent", "--event"):
        code, _, err = run_cli("game", "add", "--player", "Alice", "--date", "2026-01-05",
                               "--opponent-rating", "1600", "--result", "1", flag, ZWSP_NAME,
                               "--db", str(logbook))  # fmt: skip
        assert code == 2 and one_line_error(err) and "invisible character (U+200B)" in err, err
    assert count_rows(logbook) == 0


def test_imports_refuse_a_zero_width_space_with_its_place(logbook: Path, tmp_path: Path) -> None:
    rows = game_rows(3)
    rows[1][2] = ZWSP_NAME
    code, _, err = run_cli("import", str(write_csv(tmp_path / "g.csv", rows)), "--db", str(logbook))
    assert code == 2 and "g.csv:3: opponent: holds an invisible character (U+200B)" in err, err
    pgn = tmp_path / "g.pgn"
    pgn.write_text(
        '[Event "Open\u200b"]\n[Date "2026.01.05"]\n[White "Alice"]\n[Black "Bob"]\n'
        '[Result "1-0"]\n[BlackElo "1600"]\n\n1. e4 1-0\n',
        encoding="utf-8",
    )
    code, _, err = run_cli("import", str(pgn), "--player", "Alice", "--db", str(logbook))
    assert code == 2 and "g.pgn: game 1: event: holds an invisible character (U+200B)" in err, err
    assert count_rows(logbook) == 0
    document = {"format": "elotui-logbook", "version": 1, "players": [{"name": ZWSP_NAME}]}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(document))
    code, _, err = run_cli("import", str(path), "--db", str(logbook))
    assert code == 2 and "the name holds an invisible character (U+200B)" in err, err
    assert count_rows(logbook, "player") == 1


def test_repository_refuses_for_the_forms(logbook: Path) -> None:
    import datetime as dt
    from fractions import Fraction

    repository = open_repository(logbook)
    try:
        with pytest.raises(InvalidData, match=r"U\+202E"):
            repository.add_player("Mallory\u202e")
        alice = repository.find_player("Alice")
        with pytest.raises(InvalidData, match=r"U\+001B"):
            repository.add_game(
                alice.id, NewGame(dt.date(2026, 1, 5), 1600, Fraction(1), opponent=ESC_NAME)
            )
    finally:
        repository.close()


def test_csv_import_refuses_an_escape_with_its_line(logbook: Path, tmp_path: Path) -> None:
    rows = game_rows(3)
    rows[1][2] = ESC_NAME
    code, _, err = run_cli("import", str(write_csv(tmp_path / "g.csv", rows)), "--db", str(logbook))
    assert code == 2 and "g.csv:3: opponent: holds a control character (U+001B)" in err, err
    assert "\x1b" not in err
    assert count_rows(logbook) == 0


def test_pgn_import_refuses_an_escape_in_a_name(logbook: Path, tmp_path: Path) -> None:
    # Today names with ESC sequences from a PGN are stored and printed raw by `game list`.
    pgn = tmp_path / "g.pgn"
    pgn.write_text(
        '[Event "Club"]\n[Date "2026.01.05"]\n[White "Alice"]\n[Black "' + ESC_NAME + '"]\n'
        '[Result "1-0"]\n[BlackElo "1600"]\n\n1. e4 1-0\n',
        encoding="utf-8",
    )
    code, _, err = run_cli("import", str(pgn), "--player", "Alice", "--db", str(logbook))
    assert code == 2 and "g.pgn: game 1: opponent: holds a control character (U+001B)" in err, err
    assert count_rows(logbook) == 0


def test_json_import_refuses_an_escape_in_a_name(tmp_path: Path) -> None:
    document = {"format": "elotui-logbook", "version": 1,
                "players": [{"name": ESC_NAME, "start_rating": 1500}]}  # fmt: skip
    path = tmp_path / "p.json"
    path.write_text(json.dumps(document))
    code, _, err = run_cli("import", str(path), "--db", str(tmp_path / "logbook.db"))
    assert code == 2 and "U+001B" in err and "\x1b" not in err, err


def _plant(logbook: Path) -> None:
    """Names an older elotui could store: written behind the repository's back."""
    connection = sqlite3.connect(logbook)
    connection.execute("UPDATE player SET name = ? WHERE name = 'Alice'", (ESC_NAME,))
    connection.execute(
        "INSERT INTO game (player_id, date, opponent, opponent_rating, score_halves, event, rated,"
        " notes) VALUES (1, '2026-01-05', ?, 1600, 2, ?, 1, '')",
        (PASTED, "Open\u202e"),
    )
    connection.commit()
    connection.close()


def test_player_list_and_game_list_print_stored_escapes_escaped(logbook: Path) -> None:
    _plant(logbook)
    code, out, err = run_cli("player", "list", "--db", str(logbook))
    assert code == 0, err
    assert "\x1b" not in out and "Eve\\x1b[2J\\x1b]0;owned\\x07" in out
    code, out, err = run_cli("game", "list", "--player", ESC_NAME, "--db", str(logbook))
    assert code == 0, err
    assert "Ana\\x01\\x02\\x07\\x7fX\\u202e" in out and "Open\\u202e" in out
    assert not any(unsafe_character(line) for line in out.splitlines())


def test_history_cells_are_escaped() -> None:
    import datetime as dt

    from elotui.logbook.records import GameRecord
    from elotui.tui.screens.history.cells import game_cells

    game = GameRecord(1, 1, dt.date(2026, 1, 5), 1600, 2, opponent="\x1b[2JX")
    assert game_cells(game, None)[1] == "\\x1b[2JX"


# --- the spreadsheet ------------------------------------------------------------------------------


def test_csv_export_quotes_a_row_a_semicolon_spreadsheet_would_split(
    logbook: Path, tmp_path: Path
) -> None:
    # Today `Ana;=cmd|' /C calc'!A0` goes out unquoted: a `;`-splitting spreadsheet sees `=cmd|...`.
    value = "Ana;=cmd|' /C calc'!A0"
    rows = game_rows(1)
    rows[0][2] = value
    assert run_cli("import", str(write_csv(tmp_path / "g.csv", rows)), "--db", str(logbook))[0] == 0
    code, out, err = run_cli("export", "--db", str(logbook))
    assert code == 0, err
    line = out.splitlines()[1]
    assert "\"Ana;'=cmd|' /C calc'!A0\"" in line and line.startswith('"Alice"')
    for cell in line.split(";"):  # what a `;`-splitting spreadsheet makes of the line
        assert not cell.lstrip('"').startswith(("=", "+", "-", "@")), cell
    # and the round trip gives the original back
    copy = logbook_with_player(tmp_path / "copy.db", "Alice")
    (tmp_path / "back.csv").write_text(out, encoding="utf-8")
    assert run_cli("import", str(tmp_path / "back.csv"), "--db", str(copy))[0] == 0
    code, listed, _ = run_cli("game", "list", "--player", "Alice", "--json", "--db", str(copy))
    assert json.loads(listed)["games"][0]["opponent_name"] == value


def test_a_dash_opponent_round_trips(logbook: Path, tmp_path: Path) -> None:
    # "-" as a name is text (guarded with an apostrophe on export, read back as "-"); a number
    # column is never guarded: the result and the ratings go out as they are.
    rows = game_rows(1)
    rows[0][2] = "-"
    assert run_cli("import", str(write_csv(tmp_path / "g.csv", rows)), "--db", str(logbook))[0] == 0
    code, out, _ = run_cli("export", "--db", str(logbook))
    assert code == 0
    record = next(csv.DictReader(io.StringIO(out)))
    assert record["opponent"] == "'-" and record["result"] == rows[0][4]
    copy = logbook_with_player(tmp_path / "copy.db", "Alice")
    (tmp_path / "back.csv").write_text(out, encoding="utf-8")
    assert run_cli("import", str(tmp_path / "back.csv"), "--db", str(copy))[0] == 0
    code, listed, _ = run_cli("game", "list", "--player", "Alice", "--json", "--db", str(copy))
    assert code == 0 and json.loads(listed)["games"][0]["opponent_name"] == "-"


def test_the_forms_mark_a_pasted_control_character() -> None:
    # The form's own check (the field is marked before the repository is asked).
    from elotui.rating.inputs import InvalidInput
    from elotui.tui.widgets import forms

    with pytest.raises(InvalidInput, match=r"U\+0001"):
        forms.required_text("the name")(PASTED)
    with pytest.raises(InvalidInput, match=r"U\+001B"):
        forms.checked_text("the opponent")(ESC_NAME)
    with pytest.raises(InvalidInput, match=r"U\+001B"):
        forms.checked_text("the notes", notes=True)("a\nb" + ESC_NAME)
    assert forms.checked_text("the notes", notes=True)("line 1\nline 2") == "line 1\nline 2"


def test_the_forms_mark_a_zero_width_space_in_a_name() -> None:
    from elotui.rating.inputs import InvalidInput
    from elotui.tui.widgets import forms

    for parse in (forms.required_text("the name"), forms.checked_text("the opponent")):
        with pytest.raises(InvalidInput, match=r"invisible character \(U\+200B\)"):
            parse(ZWSP_NAME)
    assert forms.checked_text("the notes", notes=True)("a\u200db") == "a\u200db"


def test_json_output_escapes_what_json_leaves_raw(logbook: Path) -> None:
    # JSON escapes U+0000-U+001F itself; a C1 CSI (U+009B) or U+202E would reach the terminal raw.
    connection = sqlite3.connect(logbook)
    connection.execute("UPDATE player SET name = ? WHERE name = 'Alice'", ("Al\x9b2Jice\u202e",))
    connection.execute("UPDATE game SET opponent = ?", ("B\x9bob",))
    connection.commit()
    connection.close()
    for argv in (("player", "list", "--json"), ("export", "--format", "json")):
        code, out, err = run_cli(*argv, "--db", str(logbook))
        assert code == 0, err
        assert unsafe_character(out.replace("\n", " ")) is None, argv
        assert "Al\\u009b2Jice\\u202e" in out
        names = [p["name"] for p in json.loads(out)["players"]]
        assert names == ["Al\x9b2Jice\u202e"]  # the same document
    for rating_list in ("standard", "all"):  # replay writes its own JSON (cli/replay_json.py)
        code, out, err = run_cli("replay", "--player", "Al\x9b2Jice\u202e", "--json",
                                 "--list", rating_list, "--db", str(logbook))  # fmt: skip
        assert code == 0, err
        assert unsafe_character(out.replace("\n", " ")) is None and "Al\\u009b2Jice" in out
