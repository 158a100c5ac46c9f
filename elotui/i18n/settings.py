"""The settings file: what the user chose in the app and elotui remembers (today, the language).

`settings.json` in `$ELOTUI_HOME` when it is set (as the logbook's folder: the tests' isolated home),
else in the platform's user config folder (`~/.config/elotui/` on Linux). One JSON object; keys elotui
does not know are kept when it writes, so an older and a newer elotui can share the file.

Reading never stops elotui from starting: a missing, unreadable or hand-broken file, or a language
elotui does not speak, is the same as no choice (the locale then decides). Writing replaces the file
whole (a temporary file renamed over it), so a crash leaves the old choice or the new one.
"""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path
from typing import Any

from elotui.errors import FileUnusable
from elotui.i18n import LANGUAGES, _

APP_NAME = "elotui"
HOME_ENV = "ELOTUI_HOME"  # the same variable as elotui.logbook.paths reads (this layer is below it)
FILE_NAME = "settings.json"
LANGUAGE_KEY = "language"


def settings_path() -> Path:
    """Where the settings are; `FileUnusable` when `$ELOTUI_HOME` names a folder of an unknown user
    (`~nobody/x`: elotui.logbook.paths says so in its own words when the logbook is opened)."""
    home = os.environ.get(HOME_ENV, "").strip()
    if home:
        try:
            return Path(home).expanduser() / FILE_NAME
        except RuntimeError:
            raise FileUnusable(
                _("{variable}: no home folder for {folder!r}").format(
                    variable=HOME_ENV, folder=home
                )
            ) from None
    import platformdirs  # here: only a user without $ELOTUI_HOME pays for it

    return platformdirs.user_config_path(APP_NAME, appauthor=False) / FILE_NAME


def read_settings(path: Path | None = None) -> dict[str, Any]:
    """The settings as saved, or {} when there are none that can be read."""
    try:
        text = (path or settings_path()).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, FileUnusable):
        return {}
    import json  # here: no file, no json to import

    try:
        document = json.loads(text)
    except ValueError:
        return {}
    return document if isinstance(document, dict) else {}


def saved_language(path: Path | None = None) -> str | None:
    """The language chosen in the app ("en" or "fr"), or None when there is none to trust."""
    language = read_settings(path).get(LANGUAGE_KEY)
    return language if language in LANGUAGES else None


def save_language(language: str, path: Path | None = None) -> Path:
    """Remember `language` (one of LANGUAGES: a caller's bug otherwise, `ValueError`); returns the
    file. `FileUnusable` when the folder or file cannot be written (nothing changed then)."""
    if language not in LANGUAGES:
        raise ValueError(f"not a language elotui speaks: {language!r}")
    import json

    path = path or settings_path()
    settings = read_settings(path)
    settings[LANGUAGE_KEY] = language
    temporary = path.with_name(f".{path.name}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(
            json.dumps(settings, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        os.replace(temporary, path)
    except OSError as error:
        with suppress(OSError):  # there may be no temporary file, nor even a folder for it
            temporary.unlink()
        raise FileUnusable(
            _("cannot save the settings in {path}: {reason}").format(
                path=path, reason=error.strerror or error
            )
        ) from None
    return path
