"""A wheel built from the repository, installed in a fresh venv, creates and migrates a database.

This proves the migration scripts ship inside the package (`elotui/migrations`) and are found there,
not in the checkout. It needs `uv` and the package index (for the dependencies); it takes a few seconds.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from elotui.logbook.schema import HEAD_REVISION

REPO = Path(__file__).resolve().parents[2]


def _uv() -> str:
    found = shutil.which("uv")
    if found:
        return found
    pytest.skip("uv is not on PATH")


@pytest.mark.network
@pytest.mark.slow
def test_installed_wheel_creates_and_migrates_a_database(tmp_path: Path) -> None:
    uv = _uv()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "UV_PROJECT"))}
    env["ELOTUI_HOME"] = str(tmp_path / "home")

    def sh(*argv: str, cwd: Path = tmp_path) -> str:
        done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, f"{argv}\n{done.stdout}\n{done.stderr}"
        return done.stdout

    dist = tmp_path / "dist"
    sh(uv, "build", "--wheel", "--out-dir", str(dist), str(REPO))
    (wheel,) = dist.glob("elotui-*.whl")
    with zipfile.ZipFile(wheel) as archive:  # the compiled French catalog ships (pyproject.toml)
        assert "elotui/locale/fr/LC_MESSAGES/elotui.mo" in archive.namelist()
    venv = tmp_path / "venv"
    sh(uv, "venv", "--python", sys.executable, str(venv))
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    sh(uv, "pip", "install", "--python", str(python), str(wheel))

    scripts = sh(
        str(python),
        "-c",
        "from elotui.logbook.schema_upgrades import migrations_dir; print(migrations_dir())",
    ).strip()
    assert Path(scripts).is_relative_to(venv), scripts  # the wheel's copy, not the checkout's

    db = tmp_path / "x.db"
    result = json.loads(sh(str(python), "-m", "elotui", "db", "upgrade", "--db", str(db), "--json"))
    assert result["created"] and result["to_revision"] == HEAD_REVISION
    connection = sqlite3.connect(db)
    assert connection.execute("SELECT version_num FROM alembic_version").fetchone() == (
        HEAD_REVISION,
    )
    connection.close()
    sh(str(python), "-m", "elotui", "player", "add", "Alice", "--db", str(db))
    assert "Alice" in sh(str(python), "-m", "elotui", "player", "list", "--db", str(db))
    # The installed catalog is found and read: product.md §1.1's example in French (tests/i18n).
    french = sh(str(python), "-m", "elotui", "--lang", "fr", "calc", "-r", "1500", "-o", "1600")
    assert "Score attendu 36,0\u202f%" in french and "+12,80 → +13" in french
    demo = json.loads(sh(str(python), "-m", "elotui", "--demo", "player", "list", "--json"))
    assert len(demo["players"]) >= 2  # the demo fixture ships in the wheel too
