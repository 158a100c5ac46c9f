"""What an app notifies, kept for a test to read.

Textual takes a notice off the screen, and out of `App._notifications`, once its timeout has passed.
On a loaded machine a test's step can take longer than that, so a test that reads the notices on
screen afterwards may find them gone. `keep_notices` keeps every notice the app gives, in order,
whatever the time.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from textual.app import App


class Notice(NamedTuple):
    message: str
    title: str


def keep_notices(app: App[Any]) -> list[Notice]:
    """The notices `app` gives from now on (a screen's and a widget's go through the app's)."""
    told: list[Notice] = []
    notify = app.notify

    def keep_and_notify(message: str, *, title: str = "", **options: Any) -> None:
        told.append(Notice(message, title))
        notify(message, title=title, **options)

    app.notify = keep_and_notify  # type: ignore[method-assign]
    return told
