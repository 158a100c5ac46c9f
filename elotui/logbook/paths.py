"""Where the logbook lives: `--db PATH`, else `$ELOTUI_DB`, else `elotui.db` in the user data folder.

`$ELOTUI_HOME` replaces the platform's user data folder (tests point it into a temporary folder so
they never touch a real one). Nothing here creates a folder; `ensure_parent` does, on first use.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "elotui"
DB_FILENAME = "elotui.db"
DB_ENV = "ELOTUI_DB"
HOME_ENV = "ELOTUI_HOME"


def data_dir() -> Path:
    """The folder for elotui's own files: `$ELOTUI_HOME`, else the platform's user data folder."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser()
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def resolve_db_path(cli_value: str | os.PathLike[str] | None = None) -> Path:
    """The database file to use; the file and its folder need not exist yet."""
    if cli_value:
        return Path(cli_value).expanduser()
    from_env = os.environ.get(DB_ENV)
    if from_env:
        return Path(from_env).expanduser()
    return data_dir() / DB_FILENAME


def ensure_parent(path: Path) -> None:
    """Create the folder that will hold `path` (the data folder on first use)."""
    path.parent.mkdir(parents=True, exist_ok=True)
