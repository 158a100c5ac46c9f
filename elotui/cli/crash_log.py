"""The app's unexpected errors: the traceback goes to a log file in the data folder, the terminal
gets one line naming it: the app never dies silently, nor with a screenful."""

from __future__ import annotations

import datetime as dt
import os
import traceback
from pathlib import Path

CRASH_LOG = "crash.log"


def write_crash_log(error: BaseException) -> Path:
    """Append `error`'s traceback, with the time, to the crash log (0600, in the data folder, which
    is created 0700 if need be); its path."""
    from elotui.logbook.paths import data_dir

    folder = data_dir()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = folder / CRASH_LOG
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    with os.fdopen(descriptor, "a", encoding="utf-8") as log:
        log.write(f"--- {dt.datetime.now().isoformat(timespec='seconds')}\n")
        log.write("".join(traceback.format_exception(error)))
    return path


def crash_line(error: BaseException) -> str:
    """The one line for the terminal: what stopped the app and where the details are."""
    what = f"{type(error).__name__}: {error}".strip().rstrip(":").splitlines()[0][:200]
    try:
        path = write_crash_log(error)
    except OSError as failure:
        return (
            f"elotui: the app stopped on an unexpected error ({what}); no log written ({failure})"
        )
    return f"elotui: the app stopped on an unexpected error ({what}); the details are in {path}"
