"""Issue 17, done when: random bytes and random paths to `--db`, `import` and `export -o`.

Each run is the real `elotui` as its own process, in a sandbox folder of its own, under a timeout (a
FIFO opened for reading would otherwise hang it for ever). For every run:
- the exit code is 0 or 2, and nothing prints a traceback; a refusal ends with an `elotui` line;
- no hang (the timeout raises);
- nothing outside the named file is touched: every other entry of the sandbox (a victim file, the
  FIFO, links, a folder) is byte-identical and of the same kind afterwards, nothing new appears but
  the named file and SQLite's own files beside it (and beside a link's target), and
  /dev/null-journal is not made.

The example counts are small on purpose (each run is a process start, ~0.5 s; the machine has two
shared cores): the paths are drawn from a short list of the dangerous kinds, so few runs cover them.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from .conftest import game_rows, logbook_with_player, run_cli, write_csv

FUZZ = settings(
    max_examples=8,
    deadline=None,
    database=None,  # the suite must not depend on a .hypothesis/ folder (issue 12)
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
TIMEOUT_S = 90  # far above a normal run (~1 s); only a hang reaches it

# Names with the characters a URL, a shell or SQLite's URI syntax would read.
NAMES = st.sampled_from([
    "x.db", "o.db?x=1", "o%2Edb", "q?mode=ro.db", "a#b.db", "file:x.db", ":memory:", "-", "",
    "postgresql://u@h/db", "sqlite:///x.db", "~nosuchuser/x.db", "sp ace.db", "ünï.db", "x.db/",
    "missing/x.db", "..", ".", "link-victim.db", "link-devnull.db", "link-dangling.db", "fifo.db",
    "folder", "victim.db", "junk.db",
])  # fmt: skip
KINDS = st.sampled_from([".csv", ".pgn", ".json"])


def _bytes() -> st.SearchStrategy[bytes]:
    header = b"player,date,opponent,opponent_rating,result,event,event_start,event_end,own_rating,rated\n"
    text = st.text(max_size=300)
    return st.one_of(
        st.binary(max_size=600),
        text.map(lambda t: t.encode("utf-8")),
        text.map(lambda t: t.encode("utf-16")),
        st.binary(max_size=300).map(lambda b: header + b),
        st.binary(max_size=200).map(lambda b: b"\xef\xbb\xbf" + header + b),
        st.integers(min_value=4000, max_value=6000).map(
            lambda n: b'{"version": ' + b"9" * n + b"}"
        ),
        st.binary(max_size=200).map(lambda b: b'[Event "x"]\n[White "Alice"]\n' + b),
    )


def _sandbox(root: Path, template: Path) -> Path:
    """A folder holding one of each dangerous kind, next to the files a run may name."""
    box = root / "box"
    box.mkdir()
    (box / "victim.txt").write_text("keep me\n")
    shutil.copyfile(template, box / "victim.db")
    (box / "junk.db").write_bytes(b"not a database at all\n" * 10)
    (box / "folder").mkdir()
    (box / "folder" / "inside.txt").write_text("keep me too\n")
    os.mkfifo(box / "fifo.db")
    os.mkfifo(box / "fifo.csv")
    (box / "link-victim.db").symlink_to(box / "victim.txt")
    (box / "link-devnull.db").symlink_to(os.devnull)
    (box / "link-dangling.db").symlink_to(box / "nowhere" / "x.db")
    (box / "out.csv.partial").symlink_to(box / "victim.txt")  # planted for export
    shutil.copyfile(template, box / "good.db")
    return box


def _state(box: Path) -> dict[str, tuple[str, bytes | str]]:
    state: dict[str, tuple[str, bytes | str]] = {}
    for path in sorted(box.rglob("*")):
        mode = path.lstat().st_mode
        name = str(path.relative_to(box))
        if stat.S_ISLNK(mode):
            state[name] = ("link", os.readlink(path))
        elif stat.S_ISREG(mode):
            state[name] = ("file", path.read_bytes())
        elif stat.S_ISDIR(mode):
            state[name] = ("folder", "")
        else:
            state[name] = (oct(stat.S_IFMT(mode)), "")
    return state


def _allowed_to_change(box: Path, named: str) -> set[str]:
    """The named file, SQLite's files beside it (and beside a link's target), its backups."""
    if not named:
        return set()
    path = box / named
    targets = [path]
    if path.is_symlink():
        targets.append(Path(os.path.realpath(path)))
    allowed: set[str] = set()
    for target in targets:
        for suffix in ("", "-wal", "-shm", "-journal"):
            candidate = Path(f"{target}{suffix}")
            if candidate.is_relative_to(box):
                allowed.add(str(candidate.relative_to(box)))
    return allowed


def _run(box: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ELOTUI_HOME": str(box / "home"), "ELOTUI_DB": str(box / "env.db")}
    try:
        return subprocess.run(
            [sys.executable, "-m", "elotui", *argv],
            capture_output=True, text=True, timeout=TIMEOUT_S, cwd=box, env=env, check=False,
        )  # fmt: skip
    except subprocess.TimeoutExpired:
        pytest.fail(f"elotui {' '.join(argv)!r} hung for {TIMEOUT_S} s")


def _check(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode in (0, 2), (done.args, done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout, done.stderr
    if done.returncode == 2:
        lines = done.stderr.strip().splitlines()
        assert lines and lines[-1].startswith("elotui"), done.stderr


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz-template")
    db = logbook_with_player(folder / "logbook.db", "Alice")
    code, _, err = run_cli("import", str(write_csv(folder / "games.csv", game_rows(3))),
                           "--db", str(db))  # fmt: skip
    assert code == 0, err
    return db


def _journal_state() -> int | None:
    journal = f"{os.devnull}-journal"
    return os.lstat(journal).st_mtime_ns if os.path.lexists(journal) else None


def _assert_only(box: Path, before: dict[str, tuple[str, bytes | str]], allowed: set[str]) -> None:
    after = _state(box)
    changed = {name for name in before.keys() | after.keys() if before.get(name) != after.get(name)}
    # elotui's data folder is where the environment points; runs that write there are not
    # under test here (ELOTUI_DB is set to env.db beside it).
    changed = {name for name in changed if not name.startswith(("home", "env.db"))}
    backups = {name for name in changed if ".bak-" in name}
    assert changed - allowed - backups == set(), sorted(changed - allowed - backups)


@pytest.mark.slow  # a process per example
@FUZZ
@given(name=NAMES, write=st.booleans())
def test_db_paths(
    template: Path, tmp_path_factory: pytest.TempPathFactory, name: str, write: bool
) -> None:
    box = _sandbox(tmp_path_factory.mktemp("db"), template)
    before, journal = _state(box), _journal_state()
    argv = ["player", "add", "Zoe"] if write else ["player", "list"]
    _check(_run(box, *argv, "--db", name))
    _assert_only(box, before, _allowed_to_change(box, name) if write else set())
    assert _journal_state() == journal


@pytest.mark.slow  # a process per example
@FUZZ
@given(content=_bytes(), kind=KINDS, name=st.sampled_from(["", "fifo", "folder", "link"]))
def test_import_bytes_and_paths(
    template: Path, tmp_path_factory: pytest.TempPathFactory, content: bytes, kind: str, name: str
) -> None:
    box = _sandbox(tmp_path_factory.mktemp("import"), template)
    path = box / f"input{kind}"
    if name == "fifo":
        os.mkfifo(path)
    elif name == "folder":
        path.mkdir()
    elif name == "link":
        path.symlink_to(os.devnull)
    else:
        path.write_bytes(content)
    before = _state(box)
    done = _run(box, "import", path.name, "--player", "Alice", "--db", "good.db")
    _check(done)
    _assert_only(box, before, _allowed_to_change(box, "good.db"))


@pytest.mark.slow  # a process per example
@FUZZ
@given(name=NAMES.filter(lambda n: n not in ("good.db",)), fmt=st.sampled_from(["csv", "json"]))
def test_export_paths(
    template: Path, tmp_path_factory: pytest.TempPathFactory, name: str, fmt: str
) -> None:
    box = _sandbox(tmp_path_factory.mktemp("export"), template)
    before, journal = _state(box), _journal_state()
    done = _run(box, "export", "--format", fmt, "-o", name, "--db", "good.db")
    _check(done)
    # The named output may be made or replaced; a link named is replaced, never written through.
    _assert_only(box, before, {name.rstrip("/")} | _allowed_to_change(box, "good.db"))
    assert (box / "victim.txt").read_text() == "keep me\n"
    assert _journal_state() == journal
