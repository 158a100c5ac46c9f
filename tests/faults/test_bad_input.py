"""Bad input as property tests: random strings and numbers into every argument and every CSV column.

The promise (issue 6, product.md §4): whatever is typed, `elotui` either gives a correct result or a clear
refusal (exit 2, no traceback, one line on stderr, or `FILE:LINE: column: reason` lines for an import),
and a refusal never writes (the database file's bytes are the same afterwards).

The CLI runs in-process through `elotui.cli.main`; every logbook example gets its own copy of a small
template logbook in a fresh folder. Values are text a shell can pass: no NUL (argv cannot hold one), but
undecodable bytes (Python's surrogate escapes) are in.
"""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from elotui.logbook.csv_io import CSV_COLUMNS
from elotui.rating import inputs

from .conftest import game_rows, logbook_with_player, run_cli, write_csv

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# --- what a user might type -----------------------------------------------------------------------

_SPECIAL = [
    "", " ", "-", "--", "-1", "0", "1", "99", "100", "3500", "3501", "1e9", "1e400", "nan", "inf",
    "-inf", "½", "0.5", ".5", "1/2", "1,5", "2.5", "١٥٠٠", "1_500", " 1500 ", "0x10", "+1500",
    "9" * 30, "-" + "9" * 30, "--json", "--help", "win", "draw", "loss", "yes", "no",
    "2024-02-30", "2024-13", "2024-03", "2024-03-05", "0000-00-00", "9999-12-31", "'; DROP TABLE game; --",
    "=cmd|' /C calc'!A0", "__import__('os').system('false')", "\udcff\udcfe", "Ж", "☃" * 40, "a\nb",
    "\t", "\r\n", "💥",
]  # fmt: skip

_text = st.text(alphabet=st.characters(codec="utf-8", blacklist_characters="\x00"), max_size=24)
_numbers = st.one_of(
    st.integers(min_value=-(10**25), max_value=10**25).map(str),
    st.integers(min_value=-50, max_value=4000).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.fractions(max_denominator=4).map(str),
)
# argparse's own test for "a negative number, not an option" (Python 3.11 `_negative_number_matcher`).
_NEGATIVE_NUMBER = re.compile(r"^-\d+$|^-\d*\.\d+$")


def is_an_argument(value: str) -> bool:
    """argparse reads `value` as a value, not as an option (`--help`, `-x`, `--`): a value it took
    for an option would test argparse (which prints its help and exits 0), not elotui."""
    return not value.startswith("-") or value == "-" or bool(_NEGATIVE_NUMBER.match(value))


JUNK = st.one_of(st.sampled_from(_SPECIAL), _text, _numbers).filter(is_an_argument)


# --- what a refusal must look like ----------------------------------------------------------------


def assert_clear_refusal(code: int, out: str, err: str) -> None:
    assert code == 2, (code, out, err)
    assert "Traceback" not in err and "Traceback" not in out
    assert out == "", out
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("elotui"), err


def outcome(argv: list[str]) -> tuple[int, str, str]:
    code, out, err = run_cli(*argv)
    assert code in (0, 2), (argv, code, out, err)
    if code == 2:
        assert_clear_refusal(code, out, err)
    else:
        assert "Traceback" not in err
    return code, out, err


def with_junk(
    options: list[tuple[str, str]], flag: str, value: str, positional: str | None = None
) -> list[str]:
    """The valid `options` (and positional argument) with the one named `flag` set to `value`."""
    argv: list[str] = []
    if positional is not None:
        argv.append(value if flag == POSITIONAL else positional)
    for name, default in options:
        argv.extend([name, value if name == flag else default])
    return argv


POSITIONAL = "<positional>"


# --- calc, period, need: no database --------------------------------------------------------------

_CALC_MODES: dict[str, list[tuple[str, str]]] = {
    "single": [("--result", "draw")],
    "several": [("--games", "5"), ("--points", "3.5")],
    "series": [("--series", "3"), ("--result", "win")],
}
_CALC = [("-r", "1500"), ("-o", "1600"), ("-k", "20"), ("--method", "elo")]
_CALC_FLAGS = sorted({flag for flag, _ in _CALC} | {f for m in _CALC_MODES.values() for f, _ in m})


@SETTINGS
@given(mode=st.sampled_from(sorted(_CALC_MODES)), flag=st.sampled_from(_CALC_FLAGS), value=JUNK)
@example(mode="several", flag="--points", value="1e999")
@example(mode="single", flag="-r", value="\udcff")
def test_calc(mode: str, flag: str, value: str) -> None:
    argv = with_junk(_CALC + _CALC_MODES[mode], flag, value)
    code, out, _ = outcome(["calc", *argv, "--json"])
    if code:
        return
    document = json.loads(out)
    checks = {"-r": ("rating", inputs.parse_rating), "-o": ("opponent", inputs.parse_rating),
              "-k": ("k", inputs.parse_k)}  # fmt: skip
    if flag in checks:
        key, parse = checks[flag]
        assert document[key] == parse(value)  # accepted only where the rating layer agrees
    elif flag == "--points" and mode == "several":
        assert Fraction(str(document["points"])) == inputs.parse_points(value, 5)
    elif flag == "--games" and mode == "several":
        assert document["games"] == inputs.parse_games(value)


_PERIOD = [("-r", "2000"), ("--game", "2100:1"), ("--date", "2026-11-01")]
_PERIOD_K = {"k": [("-k", "20")], "profile": [("--birth-year", "2000"), ("--games-played", "40")]}


@SETTINGS
@given(
    k_from=st.sampled_from(sorted(_PERIOD_K)),
    flag=st.sampled_from(["-r", "--game", "--date", "-k", "--birth-year", "--games-played"]),
    value=JUNK,
)
@example(k_from="k", flag="--game", value="2100:\udcff")
def test_period(k_from: str, flag: str, value: str) -> None:
    argv = with_junk(_PERIOD + _PERIOD_K[k_from], flag, value)
    code, out, _ = outcome(["period", *argv, "--game", "1900:0.5", "--json"])
    if code:
        return
    document = json.loads(out)
    if flag == "-r":
        assert document["rating"] == inputs.parse_rating(value)
    elif flag == "--game":
        opponent, _, score = value.partition(":")
        assert document["games"][0]["opponent"] == inputs.parse_rating(opponent)
        assert Fraction(str(document["games"][0]["score"])) == inputs.parse_score(score)
    elif flag == "-k" and k_from == "k":
        assert document["k"] == inputs.parse_k(value)


_NEED = [
    ("-r", "1980"),
    ("-k", "20"),
    ("--target", "2000"),
    ("--games", "3"),
    ("--opponent", "1950"),
]


@SETTINGS
@given(flag=st.sampled_from([f for f, _ in _NEED]), value=JUNK)
def test_need(flag: str, value: str) -> None:
    code, out, _ = outcome(["need", *with_junk(_NEED, flag, value), "--json"])
    if code:
        return
    document = json.loads(out)
    if flag == "--target":
        assert document["target"] == inputs.parse_rating(value)
    elif flag == "--games":
        assert document["games"] == inputs.parse_games(value)
    points = document["min_points"]
    assert points is None or (Fraction(str(points)) * 2).denominator == 1


# --- logbook commands: a fresh copy of a template logbook per example -----------------------------


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("template")
    path = logbook_with_player(folder / "template.db", "Alice")
    code, _, err = run_cli("published", "set", "--player", "Alice", "--month", "2024-01",
                           "--rating", "1500", "--db", str(path))  # fmt: skip
    assert code == 0, err
    code, _, err = run_cli("game", "add", "--player", "Alice", "--date", "2024-01-10",
                           "--opponent-rating", "1600", "--result", "1", "--db", str(path))  # fmt: skip
    assert code == 0, err
    return path


class Logbook:
    """A private copy of the template; remembers its bytes to prove a refusal wrote nothing."""

    def __init__(self, template: Path) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="elotui-junk-"))
        self.path = self.folder / "logbook.db"
        shutil.copyfile(template, self.path)
        self.before = self.path.read_bytes()

    def rows(self, sql: str) -> list[tuple[Any, ...]]:
        connection = sqlite3.connect(self.path)
        try:
            return connection.execute(sql).fetchall()
        finally:
            connection.close()

    def assert_unchanged(self) -> None:
        assert self.path.read_bytes() == self.before
        leftovers = sorted(
            p.name for p in self.folder.iterdir() if p.suffix not in (".csv", ".json")
        )
        assert leftovers == ["logbook.db"], leftovers

    def run(self, argv: list[str]) -> tuple[int, str, str]:
        code, out, err = outcome([*argv, "--db", str(self.path), "--json"])
        if code:
            self.assert_unchanged()
        return code, out, err

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


@contextmanager
def private_logbook(template: Path) -> Iterator[Logbook]:
    book = Logbook(template)
    try:
        yield book
    finally:
        book.close()


def _int_or_none(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


_PLAYER = [
    ("--rating", "1500"), ("--birth-year", "2000"), ("--games-before", "10"), ("--k", "20"),
    ("--fide-id", "12345"), ("--notes", "club player"),
]  # fmt: skip
_PLAYER_COLUMNS = {"--rating": "start_rating", "--birth-year": "birth_year",
                   "--games-before": "games_before", "--k": "fixed_k", "--fide-id": "fide_id"}  # fmt: skip


@SETTINGS
@given(flag=st.sampled_from([POSITIONAL] + [f for f, _ in _PLAYER]), value=JUNK)
@example(flag="--fide-id", value="9" * 30)
@example(flag="--games-before", value="9" * 25)
@example(flag=POSITIONAL, value="\udcff")
@example(flag="--notes", value="\udcff")
@example(flag=POSITIONAL, value="Alice")
def test_player_add(template: Path, flag: str, value: str) -> None:
    with private_logbook(template) as book:
        code, out, _ = book.run(["player", "add", *with_junk(_PLAYER, flag, value, "Bob")])
        if code:
            return
        added = json.loads(out)
        (stored,) = book.rows(
            "SELECT name, start_rating, birth_year, games_before, fixed_k, fide_id, notes "
            f"FROM player WHERE id = {int(added['id'])}"
        )
        assert len(book.rows("SELECT id FROM player")) == 2
        if flag == POSITIONAL:
            assert stored[0] == value.strip()
        elif flag == "--notes":
            assert stored[6] == value
        else:
            column = ("name", "start_rating", "birth_year", "games_before", "fixed_k", "fide_id")
            assert stored[column.index(_PLAYER_COLUMNS[flag])] == _int_or_none(value)


_GAME = [
    ("--player", "Alice"), ("--date", "2024-03-05"), ("--opponent-rating", "1600"), ("--result", "1"),
    ("--opponent", "Bob"), ("--event", "Club"), ("--event-start", "2024-03-01"),
    ("--event-end", "2024-03-09"), ("--own-rating", "1500"), ("--notes", "round 3"),
]  # fmt: skip


@SETTINGS
@given(flag=st.sampled_from([f for f, _ in _GAME]), value=JUNK)
@example(flag="--opponent", value="\udcff")
@example(flag="--event-start", value="2024-03-10")
def test_game_add(template: Path, flag: str, value: str) -> None:
    with private_logbook(template) as book:
        code, out, _ = book.run(["game", "add", *with_junk(_GAME, flag, value)])
        if code:
            return
        added = json.loads(out)
        (stored,) = book.rows(
            "SELECT date, opponent_rating, score_halves, opponent, event, own_rating, notes, "
            f"event_start, event_end FROM game WHERE id = {int(added['id'])}"
        )
        assert len(book.rows("SELECT id FROM game")) == 2
        day, opponent_rating, halves, opponent, event, own_rating, notes, start, end = stored
        assert start <= day <= end or flag in ("--date", "--event-start", "--event-end")
        expected: dict[str, Callable[[], object]] = {
            "--date": lambda: day == value,
            "--opponent-rating": lambda: opponent_rating == inputs.parse_rating(value),
            "--own-rating": lambda: own_rating == inputs.parse_rating(value),
            "--result": lambda: Fraction(halves, 2) == inputs.parse_score(value),
            "--opponent": lambda: opponent == (value or None),
            "--event": lambda: event == (value or None),
            "--notes": lambda: notes == value,
            "--event-start": lambda: start == value and start <= end,
            "--event-end": lambda: end == value and start <= end,
            "--player": lambda: value.strip() == "Alice",
        }
        assert expected[flag](), (flag, value, stored)


@SETTINGS
@given(
    command=st.sampled_from(["edit", "remove", "list"]),
    value=JUNK,
)
@example(command="remove", value="9" * 30)
@example(command="list", value="9" * 30)
def test_game_edit_remove_list(template: Path, command: str, value: str) -> None:
    argv = {
        "edit": ["game", "edit", value, "--opponent-rating", "1700"],
        "remove": ["game", "remove", value],
        "list": ["game", "list", "--player", "Alice", "--limit", value],
    }[command]
    with private_logbook(template) as book:
        code, out, _ = book.run(argv)
        if code or out.startswith("usage:"):  # refused, or `--help` taken as the option it is
            return
        number = int(value)
        if command == "list":
            assert len(json.loads(out)["games"]) == min(number, 1)
        else:
            assert number == 1  # the template's only game
            assert book.rows("SELECT opponent_rating FROM game") == (
                [(1700,)] if command == "edit" else []
            )


_PUBLISHED = [("--player", "Alice"), ("--month", "2024-03"), ("--rating", "1520")]


@SETTINGS
@given(flag=st.sampled_from([f for f, _ in _PUBLISHED]), value=JUNK)
def test_published_set(template: Path, flag: str, value: str) -> None:
    with private_logbook(template) as book:
        code, out, _ = book.run(["published", "set", *with_junk(_PUBLISHED, flag, value)])
        if code:
            return
        document = json.loads(out)
        stored = book.rows("SELECT month, rating FROM published_rating WHERE month != '2024-01'")
        assert stored == [(document["month"], document["rating"])]
        if flag == "--month":
            assert re.fullmatch(r"\d{4}-\d{2}", value) and document["month"] == value
        elif flag == "--rating":
            assert document["rating"] == inputs.parse_rating(value)
        elif flag == "--player":
            assert value.strip() == "Alice"


# --- every CSV column: one random cell among valid rows --------------------------------------------

_LINE_ERROR = re.compile(r"^.+:\d+: (header|row|" + "|".join(CSV_COLUMNS) + r"): .+$")
# A file that is not UTF-8 text at all: `FILE:LINE: not UTF-8` (or binary data), no column to name.
_FILE_ERROR = re.compile(r"^.+\.csv(:\d+: (not UTF-8|binary data, not text))?: ?.*$")


@SETTINGS
@given(
    column=st.sampled_from(CSV_COLUMNS),
    row_index=st.integers(min_value=0, max_value=11),
    cell=st.one_of(
        JUNK, st.text(max_size=30)
    ),  # in a file, NUL and control characters are fair game
)
@example(column="opponent", row_index=3, cell="=cmd|' /C calc'!A0")
@example(column="event", row_index=0, cell="__import__('os').system('false')")
@example(column="opponent_rating", row_index=5, cell="9" * 5000)
@example(column="date", row_index=2, cell="\x00")
def test_csv_cell(template: Path, column: str, row_index: int, cell: str) -> None:
    with private_logbook(template) as book:
        rows = game_rows(12, player="Alice", seed=row_index)
        rows[row_index][CSV_COLUMNS.index(column)] = cell
        try:
            csv_file = write_csv(book.folder / "games.csv", rows)
        except UnicodeEncodeError:
            assume(False)  # not a file anyone can write as UTF-8
        code, out, err = run_cli("import", str(csv_file), "--db", str(book.path), "--json")
        assert code in (0, 2), (code, err)
        assert "Traceback" not in err
        if code == 2:
            assert out == ""
            lines = err.splitlines()
            assert len(lines) >= 2 and lines[-1].startswith("elotui: nothing imported"), err
            for line in lines[:-1]:
                assert _LINE_ERROR.match(line) or _FILE_ERROR.match(line), line
            book.assert_unchanged()
            return
        assert json.loads(out)["imported"] == 12
        assert book.rows("SELECT count(*) FROM game") == [(13,)]
        # The cell that went in is the value stored, read by the documented rules.
        if column in ("opponent", "event"):
            values = {r[0] for r in book.rows(f"SELECT {column} FROM game")}
            assert (cell.strip() or None) in values
        elif column in ("opponent_rating", "own_rating") and cell.strip():
            values = {r[0] for r in book.rows(f"SELECT {column} FROM game")}
            assert inputs.parse_rating(cell) in values


# --- the database path itself ----------------------------------------------------------------------


@SETTINGS
@given(value=JUNK)
@example(value="")
@example(value="a/b/c.db")
@example(value="logbook.db/")
def test_db_path(value: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    assume(".." not in value.split("/") and not value.startswith("~"))
    folder = tmp_path_factory.mktemp("db-path")
    path = f"{folder}/{value}"  # always inside the test's folder
    # A command that only reads creates nothing (issue 12); one that writes creates exactly that file
    # (its folder must exist: a typo makes no folders), or refuses in one line.
    code, out, _ = outcome(["player", "list", "--db", path, "--json"])
    if code == 0:
        assert json.loads(out) == {"players": []}
        assert not Path(path).exists()
    code, out, _ = outcome(["player", "add", "Zoe", "--db", path])
    if code == 0:
        assert Path(path).is_file()


# --- every field of an elotui JSON document -------------------------------------------------------

_JSON_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=False),
    JUNK,
    st.sampled_from(["\ud800", "2024-02-30", "2024-03", "1", "0.5", "½"]),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
_PLAYER_KEYS = ["name", "fide_id", "birth_year", "start_rating", "games_before", "reached_2400",
                "fixed_k", "notes", "games", "published"]  # fmt: skip
_GAME_KEYS = ["date", "opponent", "opponent_rating", "result", "score", "event", "event_start",
              "event_end", "own_rating", "rated", "notes"]  # fmt: skip


def _document() -> dict[str, Any]:
    game = {"date": "2024-03-05", "opponent": "Bob", "opponent_rating": 1600, "result": "1",
            "event": "Club", "event_start": "2024-03-01", "event_end": "2024-03-09",
            "own_rating": 1500, "rated": True, "notes": ""}  # fmt: skip
    player = {"name": "Carol", "fide_id": 123, "birth_year": 1990, "start_rating": 1500,
              "games_before": 30, "reached_2400": False, "fixed_k": None, "notes": "",
              "games": [game, dict(game, date="2024-03-06")],
              "published": [{"month": "2024-04", "rating": 1510}]}  # fmt: skip
    return {"format": "elotui-logbook", "version": 1, "players": [player]}


@SETTINGS
@given(
    where=st.sampled_from(
        [("player", key) for key in _PLAYER_KEYS]
        + [("game", key) for key in _GAME_KEYS]
        + [("published", "month"), ("published", "rating")]
    ),
    value=_JSON_VALUES,
)
@example(where=("player", "name"), value="\ud800")
@example(where=("player", "fide_id"), value=10**30)
@example(where=("game", "notes"), value="\ud800")
@example(where=("published", "rating"), value=10**30)
@example(where=("player", "games"), value=5)
@example(where=("player", "published"), value="2024-01")
def test_json_field(template: Path, where: tuple[str, str], value: object) -> None:
    document = _document()
    player = document["players"][0]
    kind, key = where
    target = {"player": player, "game": player["games"][0], "published": player["published"][0]}
    target[kind][key] = value
    with private_logbook(template) as book:
        path = book.folder / "logbook.json"
        path.write_text(json.dumps(document), encoding="utf-8")  # \ud800 goes in as a JSON escape
        code, out, err = run_cli("import", str(path), "--db", str(book.path), "--json")
        assert code in (0, 2) and "Traceback" not in err, (code, err)
        if code == 2:
            assert out == "" and err.splitlines()[-1].startswith("elotui: "), err
            book.assert_unchanged()
            return
        games = player["games"]
        assert json.loads(out)["imported"] == (len(games) if isinstance(games, list) else 0)
        (name,) = book.rows("SELECT name FROM player WHERE name != 'Alice'")[0]
        assert name == player["name"].strip()


def test_junk_never_holds_what_argparse_takes_for_an_option() -> None:
    # The values that made test_player_add fail once in four runs (`--help` as the player's name)
    # and their kind; negative numbers stay: argparse reads them as values.
    for option in ("--help", "-h", "--json", "--", "-x", "-inf", "--version"):
        assert not is_an_argument(option)
    for value in ("-", "-1", "-1.5", "-.5", "1500", "Ana", ""):
        assert is_an_argument(value)
