"""One name, one player, on a file and on a server: names stored in NFC, a name equal to another but
for case or accents refused, a lookup that ignores case and accents and names the closest players,
and the migration that brings the names already stored to NFC (or refuses when two would become one).

"Zoé" is written here with escapes, so that which form a test types is never left to the editor:
`ZOE_NFC` has one code point for "é", `ZOE_NFD` an "e" and a combining acute accent (what macOS
keyboards give)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

from elotui.logbook import migrate, schema_upgrades
from elotui.logbook.database_file import DatabaseRefused
from elotui.logbook.engine import make_engine, make_server_engine
from elotui.logbook.paths import ServerLogbook, resolve_db_path
from elotui.logbook.repository import open_repository
from tests.conftest import run_cli

ZOE_NFC = "Zo\u00e9"
ZOE_NFD = "Zoe\u0301"


def cli(address: str, *argv: str) -> tuple[int, str, str]:
    return run_cli(*argv, "--db", address)


def names(address: str) -> list[str]:
    code, out, err = cli(address, "player", "list", "--json")
    assert code == 0, err
    return [player["name"] for player in json.loads(out)["players"]]


def refused(address: str, *argv: str) -> str:
    """The one line `elotui ARGV` exits 2 with (its `elotui: ` left off)."""
    code, out, err = cli(address, *argv)
    assert (code, out) == (2, ""), (code, out, err)
    [line] = err.splitlines()
    return line.removeprefix("elotui: ")


# --- stored in NFC, and one player whatever the form typed -------------------------------------------


def test_a_decomposed_name_is_stored_composed(logbook_address: str) -> None:
    assert cli(logbook_address, "player", "add", ZOE_NFD)[0] == 0
    assert names(logbook_address) == [ZOE_NFC]


def test_the_other_form_of_a_name_is_the_same_player(logbook_address: str) -> None:
    # Today both are added: two players that look the same.
    assert cli(logbook_address, "player", "add", ZOE_NFC)[0] == 0
    assert refused(logbook_address, "player", "add", ZOE_NFD) == (
        f"a player named '{ZOE_NFC}' already exists"
    )
    assert names(logbook_address) == [ZOE_NFC]
    # and the other form finds her
    code, _, err = cli(logbook_address, "game", "add", "--player", ZOE_NFD, "--date", "2026-01-05",
                       "--opponent-rating", "1600", "--result", "1")  # fmt: skip
    assert code == 0, err


def test_opponent_and_event_names_are_stored_composed(logbook_address: str) -> None:
    assert cli(logbook_address, "player", "add", "Ana")[0] == 0
    for opponent, event in ((ZOE_NFC, "Besan\u00e7on Open"), (ZOE_NFD, "Besanc\u0327on Open")):
        code, _, err = cli(logbook_address, "game", "add", "--player", "Ana", "--date", "2026-01-05",
                           "--opponent-rating", "1600", "--result", "1", "--opponent", opponent,
                           "--event", event)  # fmt: skip
        assert code == 0, err
    code, out, err = cli(logbook_address, "game", "list", "--player", "Ana", "--json")
    assert code == 0, err
    games = json.loads(out)["games"]
    # One opponent and one event: the replay groups an event's games by its name.
    assert {(g["opponent_name"], g["event"]) for g in games} == {(ZOE_NFC, "Besan\u00e7on Open")}


def test_a_name_equal_but_for_case_or_accents_is_refused(logbook_address: str) -> None:
    # The logbook's names are unique (product.md): a second Ana Costa is told apart in her name,
    # else `--player "ana costa"` could not tell whom it means.
    assert cli(logbook_address, "player", "add", "Ana Costa")[0] == 0
    for alike in ("ana costa", "ÁNA  COSTA", "Costa, Ana"):
        assert refused(logbook_address, "player", "add", alike) == (
            f"a player named 'Ana Costa' already exists, and {alike!r} differs from it only in "
            "case or accents; give a name that tells them apart"
        )
    assert cli(logbook_address, "player", "add", "Ana Costa (Porto)")[0] == 0
    assert cli(logbook_address, "player", "add", "Bea")[0] == 0
    assert "differs from it only" in refused(
        logbook_address, "player", "edit", "Bea", "--name", "ANA COSTA"
    )
    # A player may change the case or accents of her own name.
    assert cli(logbook_address, "player", "edit", "Ana Costa", "--name", "ANA COSTA")[0] == 0
    assert names(logbook_address) == ["ANA COSTA", "Ana Costa (Porto)", "Bea"]


def test_a_json_import_of_a_name_alike_is_refused(logbook_address: str, tmp_path: Path) -> None:
    assert cli(logbook_address, "player", "add", "Ana Costa")[0] == 0
    document = {"format": "elotui-logbook", "version": 1,
                "players": [{"name": "ana costa"}, {"name": ZOE_NFC}, {"name": ZOE_NFD.upper()}]}  # fmt: skip
    path = tmp_path / "players.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, out, err = cli(logbook_address, "import", str(path))
    assert (code, out) == (2, "")
    assert f"{path}: players[0].name: 'ana costa' is already in the logbook as 'Ana Costa'" in err
    assert f"{path}: players[2].name: 'ZOÉ' appears in the file as '{ZOE_NFC}' too" in err
    assert names(logbook_address) == ["Ana Costa"]


# --- finding a player --------------------------------------------------------------------------------


@pytest.fixture
def ana_costa(logbook_address: str) -> str:
    for name in ("Ana Costa", "Hugo Bernard"):
        assert cli(logbook_address, "player", "add", name, "--rating", "1500")[0] == 0
    return logbook_address


def test_a_lookup_ignores_case_and_accents(ana_costa: str, tmp_path: Path) -> None:
    code, _, err = cli(ana_costa, "game", "add", "--player", "ana costa", "--date", "2026-01-05",
                       "--opponent-rating", "1600", "--result", "1")  # fmt: skip
    assert code == 0, err
    for typed in ("ÁNA COSTA", "Costa, Ana", "  ana   costa "):
        code, out, err = cli(ana_costa, "game", "list", "--player", typed, "--json")
        assert code == 0, err
        assert json.loads(out)["player"] == "Ana Costa" and len(json.loads(out)["games"]) == 1
    code, out, err = cli(ana_costa, "replay", "--player", "ana costa", "--json")
    assert code == 0 and '"Ana Costa"' in out, err
    # import --player: a CSV's rows without a player, and a PGN's games, go to Ana Costa.
    csv = tmp_path / "games.csv"
    csv.write_text("date,opponent_rating,result\n2026-02-01,1700,0.5\n", encoding="utf-8")
    code, out, err = cli(ana_costa, "import", str(csv), "--player", "ana costa")
    assert code == 0 and "(Ana Costa 1)" in out, err
    pgn = tmp_path / "games.pgn"
    pgn.write_text('[Event "Club"]\n[Date "2026.03.01"]\n[White "Costa, Ana"]\n[Black "Eve"]\n'
                   '[Result "1-0"]\n[BlackElo "1600"]\n\n1. e4 1-0\n', encoding="utf-8")  # fmt: skip
    code, out, err = cli(ana_costa, "import", str(pgn), "--player", "ANA COSTA")
    assert code == 0 and "(Ana Costa 1)" in out, err


def test_a_csv_player_column_is_looked_up_the_same_way(ana_costa: str, tmp_path: Path) -> None:
    csv = tmp_path / "games.csv"
    csv.write_text(
        "player,date,opponent_rating,result\n"
        "ana costa,2026-02-01,1700,1\n"
        "Ana Csota,2026-02-02,1700,1\n",
        encoding="utf-8",
    )
    code, out, err = cli(ana_costa, "import", str(csv))
    assert (code, out) == (2, "")
    assert err.splitlines()[0] == (
        f"{csv}:3: player: no player named 'Ana Csota'; did you mean 'Ana Costa'?"
    )
    csv.write_text("player,date,opponent_rating,result\nana costa,2026-02-01,1700,1\n")
    code, out, err = cli(ana_costa, "import", str(csv))
    assert code == 0 and "(Ana Costa 1)" in out, err


@pytest.mark.usefixtures("a_terminal")  # `history` opens the app: here in this process
def test_a_name_not_found_names_the_closest_players(ana_costa: str) -> None:
    # Today: "no player named 'Ana Csota'; add one with: elotui player add 'Ana Csota'", a duplicate.
    said = "no player named 'Ana Csota'; did you mean 'Ana Costa'?"
    assert refused(ana_costa, "game", "list", "--player", "Ana Csota") == said
    assert refused(ana_costa, "replay", "--player", "Ana Csota") == said
    assert refused(ana_costa, "export", "--player", "Ana Csota") == said
    assert refused(ana_costa, "history", "--player", "Ana Csota") == said
    assert refused(ana_costa, "game", "list", "--player", "Hugo Bernad") == (
        "no player named 'Hugo Bernad'; did you mean 'Hugo Bernard'?"
    )
    # Nothing close: then adding one is the advice.
    assert refused(ana_costa, "game", "list", "--player", "Xavier") == (
        "no player named 'Xavier'; add one with: elotui player add 'Xavier'"
    )
    assert names(ana_costa) == ["Ana Costa", "Hugo Bernard"]


def _engine(address: str) -> Engine:
    logbook = resolve_db_path(address)
    if isinstance(logbook, ServerLogbook):
        return make_server_engine(logbook)
    return make_engine(logbook)


def _sql(address: str, statement: str, **values: object) -> None:
    """Run `statement` on the logbook behind elotui's back (as an older elotui could write)."""
    engine = _engine(address)
    try:
        with engine.begin() as connection:
            connection.execute(text(statement), values)
    finally:
        engine.dispose()


def test_several_players_alike_are_named_and_the_exact_name_asked_for(
    logbook_address: str,
) -> None:
    # "Zoe" and "Zoé": an older elotui took both.
    assert cli(logbook_address, "player", "add", "Zoe")[0] == 0
    _sql(logbook_address, "INSERT INTO player (name) VALUES (:name)", name=ZOE_NFC)
    assert refused(logbook_address, "game", "list", "--player", "ZOE") == (
        f"several players are named 'ZOE' when case and accents are ignored: 'Zoe', '{ZOE_NFC}'; "
        "give the exact name"
    )
    for exact in ("Zoe", ZOE_NFC, ZOE_NFD):
        code, out, err = cli(logbook_address, "game", "list", "--player", exact, "--json")
        assert code == 0 and json.loads(out)["player"] in ("Zoe", ZOE_NFC), err


# --- the migration -----------------------------------------------------------------------------------


def _nfc_revision() -> tuple[str, str]:
    """(the revision that stores names in NFC, the one before it), found by its file's name."""
    scripts = ScriptDirectory.from_config(schema_upgrades.alembic_config())
    [script] = [s for s in scripts.walk_revisions() if s.path.endswith("_player_names_nfc.py")]
    assert isinstance(script.down_revision, str)
    return script.revision, script.down_revision


@pytest.fixture
def logbook_before_nfc(logbook_address: str) -> Iterator[str]:
    """A logbook as the elotui before the NFC revision left it (its schema, its rows)."""
    _, before = _nfc_revision()
    logbook = resolve_db_path(logbook_address)
    migrate.upgrade_database(logbook)
    migrate.downgrade_database(logbook, before)
    yield logbook_address


def test_the_migration_brings_names_to_nfc(logbook_before_nfc: str) -> None:
    address = logbook_before_nfc
    _sql(address, "INSERT INTO player (id, name) VALUES (1, :name), (2, 'Ana')", name=ZOE_NFD)
    _sql(
        address,
        "INSERT INTO game (player_id, date, score_halves, opponent, event, rated, notes) VALUES"
        " (2, '2026-01-05', 2, :opponent, :event, :rated, :notes)",
        rated=True,
        opponent=ZOE_NFD, event="Besanc\u0327on Open", notes="Zoe\u0301's notes are left as typed",
    )  # fmt: skip
    repository = open_repository(resolve_db_path(address))
    try:
        assert repository.upgrade is not None and repository.upgrade.changed
        assert [p.name for p in repository.list_players()] == ["Ana", ZOE_NFC]
        [game] = repository.list_games(repository.find_player("Ana").id)
        assert (game.opponent, game.event) == (ZOE_NFC, "Besan\u00e7on Open")
        assert game.notes == "Zoe\u0301's notes are left as typed"
        assert repository.find_player(ZOE_NFD).id == 1
    finally:
        repository.close()


def test_the_migration_refuses_when_two_names_would_become_one(logbook_before_nfc: str) -> None:
    address = logbook_before_nfc
    _, before = _nfc_revision()
    _sql(address, "INSERT INTO player (id, name) VALUES (1, :nfc), (2, :nfd), (3, 'Ana')",
         nfc=ZOE_NFC, nfd=ZOE_NFD)  # fmt: skip
    with pytest.raises(DatabaseRefused) as refusal:
        open_repository(resolve_db_path(address))
    message = str(refusal.value)
    assert "\n" not in message
    assert "players 1 'Zo\\xe9' and 2 'Zoe\\u0301' would have the same name" in message
    assert "nothing changed" in message
    # Nothing changed: the schema and both names are as they were.
    engine = _engine(address)
    try:
        with engine.connect() as connection:
            assert connection.execute(text("SELECT version_num FROM alembic_version")).all() == [
                (before,)
            ]
            rows = connection.execute(text("SELECT id, name FROM player ORDER BY id")).all()
            assert rows == [(1, ZOE_NFC), (2, ZOE_NFD), (3, "Ana")]
    finally:
        engine.dispose()
    # The CLI says the same in one line.
    line = refused(address, "player", "list")
    assert "would have the same name" in line
