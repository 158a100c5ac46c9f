"""The settings file: what the user chose in the app and elotui remembers (the language), and the
keys the user rebinds (`keymap`, written by hand: elotui.tui.keymap).

`settings.json` in `$ELOTUI_HOME` when it is set (as the logbook's folder: the tests' isolated home),
else in the platform's user config folder (`~/.config/elotui/` on Linux). One JSON object; keys elotui
does not know are kept when it writes, so an older and a newer elotui can share the file.

Reading never stops elotui from starting: a missing, unreadable or hand-broken file, or a language
elotui does not speak, is the same as no choice (the locale then decides). Only a regular file of at
most `SIZE_MAX` bytes is read (`elotui.regular_files`: a FIFO or a link to a device is never read
from); a file that is there and cannot be read is ignored, and `load_settings` says why in one line
(the command line prints it on stderr, the app shows it once as a notice). Writing replaces the file
whole (`replaced_whole`: a new temporary file renamed over it, a link at the name written through to
its target), so a crash or a signal leaves the old choice or the new one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from elotui.errors import FileUnusable
from elotui.i18n import LANGUAGES, _
from elotui.regular_files import NotRegularFile, open_regular, replaced_whole

APP_NAME = "elotui"
HOME_ENV = "ELOTUI_HOME"  # the same variable as elotui.logbook.paths reads (this layer is below it)
FILE_NAME = "settings.json"
LANGUAGE_KEY = "language"
KEYMAP_KEY = "keymap"  # binding id → keys, written by the user (elotui.tui.keymap reads it)
# Bytes: a file of one choice takes a few dozen; one anywhere near this size is not elotui's.
SIZE_MAX = 64 * 1024


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


@dataclass(frozen=True)
class SavedSettings:
    """The settings as saved (`values`), and why the file was ignored when it was (`problem`, one
    line; None when it was read, or when there is none)."""

    values: dict[str, Any]
    problem: str | None = None


def load_settings(path: Path | None = None) -> SavedSettings:
    """The settings as saved, or none, with the reason when a file is there that cannot be read:
    not a regular file (a FIFO would block, a link to /dev/zero never end), more than `SIZE_MAX`
    bytes, not UTF-8, not a JSON object (a nesting too deep for the parser included)."""
    try:
        path = path or settings_path()
    except FileUnusable:  # said when the logbook is opened (elotui.logbook.paths)
        return SavedSettings({})
    try:
        descriptor = open_regular(path)
    except FileNotFoundError:
        return SavedSettings({})
    except NotRegularFile:
        return _ignored(path, _("not a regular file"))
    except OSError as error:
        return _ignored(path, error.strerror or str(error))
    try:
        with open(descriptor, "rb") as handle:
            raw = handle.read(SIZE_MAX + 1)
    except OSError as error:
        return _ignored(path, error.strerror or str(error))
    if len(raw) > SIZE_MAX:
        from elotui.i18n.numbers import count

        return _ignored(path, _("more than {size} bytes").format(size=count(SIZE_MAX)))
    import json  # here: no file, no json to import

    try:
        document = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return _ignored(path, _("not UTF-8 text"))
    except (ValueError, RecursionError):
        return _ignored(path, _("not valid JSON"))
    if not isinstance(document, dict):
        return _ignored(path, _("not a JSON object"))
    return SavedSettings(document)


def _ignored(path: Path, reason: str) -> SavedSettings:
    return SavedSettings(
        {}, _("the settings file {path} is ignored: {reason}").format(path=path, reason=reason)
    )


def read_settings(path: Path | None = None) -> dict[str, Any]:
    """The settings as saved, or {} when there are none that can be read."""
    return load_settings(path).values


def language_in(settings: dict[str, Any]) -> str | None:
    """The language chosen in the app ("en" or "fr"), or None when there is none to trust."""
    language = settings.get(LANGUAGE_KEY)
    return language if language in LANGUAGES else None


def saved_language(path: Path | None = None) -> str | None:
    """The language chosen in the app ("en" or "fr"), or None when there is none to trust."""
    return language_in(read_settings(path))


def save_language(language: str, path: Path | None = None) -> Path:
    """Remember `language` (one of LANGUAGES: a caller's bug otherwise, `ValueError`); returns the
    file. `FileUnusable` when the folder or file cannot be written (nothing changed then)."""
    if language not in LANGUAGES:
        raise ValueError(f"not a language elotui speaks: {language!r}")
    path = path or settings_path()
    settings = read_settings(path)
    settings[LANGUAGE_KEY] = language
    _write_settings(path, settings)
    return path


def forget_language(path: Path | None = None) -> Path:
    """Forget the language chosen in the app: elotui follows the system's again (`$ELOTUI_LANG`,
    else the locale: `choose_language`). `FileUnusable` as `save_language`."""
    path = path or settings_path()
    settings = read_settings(path)
    if LANGUAGE_KEY not in settings:
        return path  # nothing saved: nothing to write (and no file made)
    del settings[LANGUAGE_KEY]
    _write_settings(path, settings)
    return path


def _write_settings(path: Path, settings: dict[str, Any]) -> None:
    """Replace the settings file whole with `settings`; `FileUnusable` when it cannot be."""
    import json

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with replaced_whole(path, through_link=True) as handle:
            handle.write(json.dumps(settings, indent=2, ensure_ascii=False) + "\n")
    except NotRegularFile:
        raise FileUnusable(_cannot_save(path, _("not a regular file"))) from None
    except OSError as error:
        raise FileUnusable(_cannot_save(path, error.strerror or str(error))) from None


def _cannot_save(path: Path, reason: str) -> str:
    return _("cannot save the settings in {path}: {reason}").format(path=path, reason=reason)
