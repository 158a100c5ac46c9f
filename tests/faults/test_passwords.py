"""A server's password: no part of it is ever printed, and one given in `--db` is warned of.

`--db postgresql://user:password@host/db` is read by the URL parser, which ends the password at its
first `@`: an unescaped `@` in it would put the rest in the host, printed in every refusal. Such a URL
is refused without being shown. A password in `--db` is in the list of running processes, readable by
every user of the computer: one warning line points to PGPASSWORD and ~/.pgpass (the environment and
that file are the user's own). No server is needed: every URL here is refused or fails to connect.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import run_cli

FIRST, SECOND = "pw1x9", "pw2y8"  # the two halves of a password holding an `@`
WARNING = (
    "elotui: the password in --db can be read by every user of this computer in the list of"
    " running processes; give it in PGPASSWORD or ~/.pgpass instead"
)
README = Path(__file__).resolve().parents[2] / "README.md"


def _nowhere(tmp_path: Path) -> str:
    return f"host={tmp_path}"  # a socket folder where no server listens


@pytest.mark.parametrize(
    "url",
    [
        f"postgresql://ana:{FIRST}@{SECOND}@db.example/club",
        f"postgresql://ana:{FIRST}@{SECOND}@db.example",
        f"postgresql://ana:{FIRST}@{SECOND}/more@db.example/club",
        f"postgres://ana:{FIRST}@{SECOND}@db.example:5432/club",
        f"mysql://ana:{FIRST}@{SECOND}@db.example/club",
        f"postgresql+pg8000://ana:{FIRST}@{SECOND}@db.example/club",
        f"mysql://ana:{FIRST}?{SECOND}@db.example/club",
    ],
)
@pytest.mark.parametrize("command", [("db", "path"), ("player", "list")])
def test_no_part_of_a_password_is_printed(url: str, command: tuple[str, ...]) -> None:
    # Today the part after the first `@` is in the error line (the host, for the parser).
    code, out, err = run_cli(*command, "--db", url)
    assert code == 2 and out == "", err  # refused, before any connection
    assert FIRST not in err and SECOND not in err, err
    assert "Traceback" not in err


def test_a_password_in_the_query_is_not_printed_either(tmp_path: Path) -> None:
    url = f"postgresql://ana@/club?password={FIRST}&{_nowhere(tmp_path)}"
    code, out, err = run_cli("db", "path", "--db", url)
    assert code == 0 and out.startswith("postgresql://ana@/club?") and "password=***" in out, out
    code, out, err = run_cli("player", "list", "--db", url)
    assert code == 2 and "cannot use the logbook at" in err, err  # no server there
    assert FIRST not in out + err


def test_an_unescaped_at_sign_in_a_password_is_refused_saying_how_to_write_it() -> None:
    code, _, err = run_cli("player", "list", "--db", f"postgresql://ana:{FIRST}@{SECOND}@h/club")
    lines = err.splitlines()
    assert code == 2 and lines[0] == WARNING
    assert lines[1:] == [
        "elotui: --db: an @ in the URL's password (or after its host) is written %40; or leave"
        " the password out and give it in PGPASSWORD or ~/.pgpass"
    ]


def test_a_password_given_in_db_is_warned_of_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Today nothing says that `ps` shows it to everyone.
    url = f"postgresql://ana:{FIRST}@/club?{_nowhere(tmp_path)}"
    code, _, err = run_cli("player", "list", "--db", url)
    assert code == 2 and err.splitlines()[0] == WARNING and len(err.splitlines()) == 2, err
    code, out, err = run_cli("db", "path", "--db", url)
    assert code == 0 and err.splitlines() == [WARNING] and FIRST not in out
    # Without a password in it, or in $ELOTUI_DB (not in the list of processes): no warning.
    code, _, err = run_cli("db", "path", "--db", f"postgresql://ana@/club?{_nowhere(tmp_path)}")
    assert (code, err) == (0, "")
    monkeypatch.setenv("ELOTUI_DB", url)
    code, _, err = run_cli("db", "path")
    assert (code, err) == (0, "")


def test_the_readme_says_where_a_password_goes_instead() -> None:
    postgresql_part = README.read_text(encoding="utf-8").split("### A club logbook on PostgreSQL")[
        1
    ]
    first_steps = " ".join(postgresql_part.split("\n## ")[0].split())  # lines joined
    assert "list of running processes" in first_steps
    assert "`PGPASSWORD`" in first_steps and "`~/.pgpass`" in first_steps
