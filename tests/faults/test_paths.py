"""Issue 17 items 1 and 2, issue 12 item 4: a database path is a path, and only regular files are
opened or replaced.

Each test is one of the issue's reproducers, run as the user would type it. The FIFO tests run the
CLI as its own process under a timeout: a blocking open would hang the test run otherwise.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

import pytest

from elotui.logbook.schema import APPLICATION_ID

from .conftest import logbook_with_player, one_line_error, run_cli, run_process

FOREIGN_APPLICATION_ID = 7  # another program's SQLite file: not elotui's 0x454C4F54


def _foreign_database(path: Path) -> bytes:
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE notes (text TEXT)")
    connection.execute(f"PRAGMA application_id = {FOREIGN_APPLICATION_ID}")
    connection.commit()
    connection.close()
    return path.read_bytes()


def _application_id(path: Path) -> int:
    connection = sqlite3.connect(path)
    try:
        return int(connection.execute("PRAGMA application_id").fetchone()[0])
    finally:
        connection.close()


def _files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


# --- item 1: a path, never a URL fragment ---------------------------------------------------------


@pytest.mark.parametrize("name", ["o.db?x=1", "o%2Edb", "o.db#frag"])
def test_db_name_with_url_characters_is_that_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    # Today `sqlite:///o.db?x=1` opens o.db (the query string is parsed) and `o%2Edb` is URL-decoded
    # to o.db: another program's o.db was migrated. Now the file is exactly the name given.
    monkeypatch.chdir(tmp_path)
    other = _foreign_database(tmp_path / "o.db")
    code, _, err = run_cli("player", "add", "Zoe", "--db", name)
    assert code == 0, err
    assert (tmp_path / "o.db").read_bytes() == other
    assert _application_id(tmp_path / name) == APPLICATION_ID


def test_db_name_with_a_query_string_is_not_read_as_a_uri(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Today `--db 'q/a?mode=ro.db'` writes to a file `q/a`.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "q").mkdir()
    code, _, err = run_cli("player", "add", "Zoe", "--db", "q/a?mode=ro.db")
    assert code == 0, err
    assert _files(tmp_path / "q") == {"a?mode=ro.db"}


@pytest.mark.parametrize(
    "value", ["mysql://user@host/elotui", "sqlite:///x.db", "file://x.db", ":memory:"]
)
def test_db_url_or_memory_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    # Today postgresql://... creates nested folders named after the URL, :memory: a file named so.
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("player", "add", "Zoe", "--db", value)
    assert code == 2 and out == "" and one_line_error(err), err
    assert value in err
    assert _files(tmp_path) == set()


def test_db_url_in_the_environment_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("ELOTUI_DB", "mysql://user@host/elotui")
    code, _, err = run_cli("player", "add", "Zoe")
    assert code == 2 and one_line_error(err) and "$ELOTUI_DB" in err, err
    assert _files(tmp_path) == set()


# --- item 2: only regular files -------------------------------------------------------------------


def test_db_on_a_fifo_is_refused_without_hanging(tmp_path: Path) -> None:
    # Today `inspect_database` blocks forever in a read of the FIFO.
    fifo = tmp_path / "pipe.db"
    os.mkfifo(fifo)
    done = run_process("player", "list", "--db", str(fifo), timeout=60)
    assert done.returncode == 2 and one_line_error(done.stderr), done.stderr
    assert "pipe (FIFO)" in done.stderr
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_db_on_a_device_is_refused_and_leaves_no_journal(tmp_path: Path) -> None:
    # Today `--db /dev/null` tries to migrate the device and leaves /dev/null-journal (0666). The
    # device is reached through a link in tmp_path so the test never writes into /dev itself.
    # (SQLite names the journal after the link's target: /dev/null-journal.)
    link = tmp_path / "device.db"
    link.symlink_to(os.devnull)
    journal = Path(f"{os.devnull}-journal")
    journal_before = journal.stat().st_mtime_ns if os.path.lexists(journal) else None
    code, _, err = run_cli("player", "add", "Zoe", "--db", str(link))
    assert code == 2 and one_line_error(err) and "a device" in err, err
    assert _files(tmp_path) == {"device.db"}
    journal_after = journal.stat().st_mtime_ns if os.path.lexists(journal) else None
    assert journal_after == journal_before


def test_db_as_a_dangling_link_is_refused(tmp_path: Path) -> None:
    # Today the link's target is created (mode 0644).
    link = tmp_path / "logbook.db"
    target = tmp_path / "elsewhere" / "target.db"
    (tmp_path / "elsewhere").mkdir()
    link.symlink_to(target)
    code, _, err = run_cli("player", "add", "Zoe", "--db", str(link))
    assert code == 2 and one_line_error(err) and "link to nothing" in err, err
    assert not target.exists()


def test_db_with_an_unknown_user_folder_is_one_line(tmp_path: Path) -> None:
    code, _, err = run_cli("player", "add", "Zoe", "--db", "~nosuchuser-elotui/x.db")
    assert code == 2 and one_line_error(err) and "~nosuchuser-elotui" in err, err


def test_home_with_an_unknown_user_folder_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ELOTUI_DB")
    monkeypatch.setenv("ELOTUI_HOME", "~nosuchuser-elotui/data")
    code, _, err = run_cli("player", "add", "Zoe")
    assert code == 2 and one_line_error(err) and "$ELOTUI_HOME" in err, err


def test_empty_db_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("player", "add", "Zoe", "--db", "")
    assert code == 2 and one_line_error(err) and "--db is empty" in err, err
    assert _files(tmp_path) == set()


@pytest.fixture
def logbook(tmp_path: Path) -> Path:
    return logbook_with_player(tmp_path / "logbook.db", "Alice")


def _export(logbook: Path, *argv: str) -> tuple[int, str, str]:
    return run_cli("export", "--db", str(logbook), *argv)


def test_export_to_a_fifo_is_refused_and_the_fifo_stays(logbook: Path, tmp_path: Path) -> None:
    # Today the FIFO is replaced by a plain file.
    fifo = tmp_path / "out.csv"
    os.mkfifo(fifo)
    code, _, err = _export(logbook, "-o", str(fifo))
    assert code == 2 and one_line_error(err) and "pipe (FIFO)" in err, err
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_export_to_a_device_is_refused(logbook: Path, tmp_path: Path) -> None:
    # Today `-o /dev/full` replaces the device with a plain file (as root). Through a link here.
    link = tmp_path / "full.csv"
    link.symlink_to("/dev/full")
    code, _, err = _export(logbook, "-o", str(link))
    assert code == 2 and one_line_error(err) and "a device" in err, err
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)


def test_export_never_follows_a_planted_partial_link(logbook: Path, tmp_path: Path) -> None:
    # Today `out.csv.partial` is opened as it is: a link planted there has its target overwritten.
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    (tmp_path / "out.csv.partial").symlink_to(victim)
    code, _, err = _export(logbook, "-o", str(tmp_path / "out.csv"))
    assert code == 0, err
    assert victim.read_text() == "keep me\n"
    assert (tmp_path / "out.csv").read_text().startswith("player,date,")
    assert (tmp_path / "out.csv.partial").is_symlink()


def test_export_is_created_private_whatever_the_umask(logbook: Path, tmp_path: Path) -> None:
    # Today the export follows the umask: 0644, or 0666 under umask 000.
    previous = os.umask(0)
    try:
        code, _, err = _export(logbook, "-o", str(tmp_path / "out.csv"))
    finally:
        os.umask(previous)
    assert code == 0, err
    assert stat.S_IMODE((tmp_path / "out.csv").stat().st_mode) == 0o600


def test_export_dash_writes_to_stdout(logbook: Path, tmp_path: Path) -> None:
    # Today `-o -` writes a file named `-`.
    code, out, err = _export(logbook, "-o", "-", "--format", "csv")
    assert code == 0, err
    assert out.startswith("player,date,opponent,")
    assert not (Path.cwd() / "-").exists()


def test_export_to_an_empty_name_is_one_line(logbook: Path) -> None:
    # Today `-o ''` is Path('') = '.', and the write gives a traceback.
    code, _, err = _export(logbook, "-o", "")
    assert code == 2 and one_line_error(err) and "-o is empty" in err, err


# --- issue 12 item 4: no folders from a typo, no file from a command that only reads ---------------


def test_db_in_a_missing_folder_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "no" / "such" / "dir" / "x.db"
    code, _, err = run_cli("player", "add", "Zoe", "--db", str(db))
    assert code == 2 and one_line_error(err) and "does not exist" in err, err
    assert _files(tmp_path) == set()


def test_the_data_folder_is_still_made_on_first_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ELOTUI_DB")
    monkeypatch.setenv("ELOTUI_HOME", str(tmp_path / "home" / "deeper"))
    code, _, err = run_cli("player", "add", "Zoe")
    assert code == 0, err
    assert (tmp_path / "home" / "deeper" / "elotui.db").is_file()


@pytest.mark.parametrize(
    "argv",
    [
        ("player", "list"),
        ("game", "list", "--player", "Zoe"),
        ("replay", "--player", "Zoe"),
        ("export",),
        ("export", "-o", "out.csv"),
    ],
)
def test_commands_that_only_read_create_no_logbook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...]
) -> None:
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "missing.db"
    code, _, err = run_cli(*argv, "--db", str(db))
    assert _files(tmp_path) == set(), err
    if argv == ("player", "list"):
        assert code == 0, err  # no logbook: no players, said so
    else:
        assert code == 2 and one_line_error(err) and "no logbook" in err, err


@pytest.mark.parametrize(
    "argv",
    [
        ("game", "add", "--player", "Zoe", "--date", "2024-01-01", "--opponent-rating", "1500",
         "--result", "1"),
        ("game", "remove", "3"),
        ("game", "edit", "3", "--result", "0"),
        ("player", "remove", "Zoe"),
        ("player", "edit", "Zoe", "--birth-year", "1990"),
        ("published", "set", "--player", "Zoe", "--month", "2024-01", "--rating", "1500"),
        ("import", "games.csv"),
        ("import", "bad.json"),
    ],
)  # fmt: skip
def test_refused_writes_create_no_logbook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...]
) -> None:
    # Today each exits 2 and leaves a new, empty missing.db: a typo in --db became a logbook.
    files = tmp_path / "in"
    files.mkdir()
    (files / "games.csv").write_text(  # a game of a player the logbook does not have
        "player,date,opponent,opponent_rating,result\nZoe,2024-01-01,Ana,1500,1\n"
    )
    (files / "bad.json").write_text('{"players": [{"name": 7}]}')
    monkeypatch.chdir(files)
    db = tmp_path / "logbook" / "missing.db"
    db.parent.mkdir()
    code, _, err = run_cli(*argv, "--db", str(db))
    if argv[0] == "import":  # its problem as file:line, then what it did: nothing
        assert code == 2 and err.startswith(f"{argv[1]}:") and "nothing imported" in err, err
    else:
        assert code == 2 and one_line_error(err), err
    assert _files(db.parent) == set()


def test_a_refused_write_in_the_data_folder_makes_no_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ELOTUI_DB")
    monkeypatch.setenv("ELOTUI_HOME", str(tmp_path / "home"))
    code, _, err = run_cli("game", "remove", "1")
    assert code == 2 and one_line_error(err), err
    assert not (tmp_path / "home").exists()


@pytest.mark.usefixtures("a_terminal")
def test_history_creates_no_logbook(tmp_path: Path) -> None:
    db = tmp_path / "missing.db"
    code, _, err = run_cli("history", "--db", str(db))
    assert code == 2 and one_line_error(err) and "no logbook" in err, err
    assert _files(tmp_path) == set()


def test_default_data_folder_not_made_by_a_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ELOTUI_DB")
    monkeypatch.setenv("ELOTUI_HOME", str(tmp_path / "home"))
    code, out, err = run_cli("player", "list", "--json")
    assert code == 0 and out.strip().replace(" ", "").replace("\n", "") == '{"players":[]}', err
    assert not (tmp_path / "home").exists()
