"""A value shown on screen that repaints in place."""

from __future__ import annotations

from textual.visual import VisualType
from textual.widgets import Static


class Value(Static):
    """A shown value: repainted in place, without a layout pass, and only when its text changes.

    A keystroke updates several of these (the K caption, the status line, the other modes' results);
    a layout pass of the whole screen for each would cost more than a frame. Their size is fixed in
    `app.tcss`, so the layout never needs to change. (The single game's results, a dozen values
    that all change with each key, are drawn by one widget instead: `panes.SinglePane`.)
    """

    def update(self, content: VisualType = "", *, layout: bool = False) -> None:
        if content == self.content:
            return
        super().update(content, layout=layout)
