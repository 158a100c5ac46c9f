"""Hooks into a running Textual app for the tests, the scenes and the benchmarks: when the app has
nothing left to do (`is_quiet`), and a call after each paint (`on_each_paint`).

They use private Textual names, as elotui/tui/textual_private.py does for the app's own needs;
tests/tui/test_textual_private.py checks these too, so a Textual upgrade that changes one fails
there with its name. Not shipped: the app does not need them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.app import App
    from textual.message_pump import MessagePump
    from textual.screen import Screen


def is_quiet(app: App[Any]) -> bool:
    """Nothing left to do in `app`: no message waiting or being handled by the app or any widget
    of any screen, no callback waiting for the next refresh, no worker running.

    Tests and scenes wait for this (never for a time): Textual's own `Pilot.pause()` waits for the
    messages queued when it is called and then for the process to look idle by its CPU time, which
    a loaded machine fakes. A message being handled is not in a queue: call this
    right after `Pilot.pause()`, which waits for every widget to finish the one it has, and count
    the app quiet only twice in a row (`scenes.settle`). Private: `MessagePump._next_callbacks`
    and `Screen._callbacks` (the queue's size is public: `message_queue_size`)."""
    if any(not worker.is_finished for worker in app.workers):
        return False
    nodes: list[MessagePump] = [app]
    for screen in app.screen_stack:
        if screen._callbacks:
            return False
        nodes.extend(screen.walk_children(with_self=True))
    return not any(node.message_queue_size or node._next_callbacks for node in nodes)


def on_each_paint(screen: Screen[Any], callback: Callable[[], None]) -> None:
    """Call `callback` after each paint of `screen` (the keystroke benchmark's clock).

    `Screen._compositor_refresh`: the paint itself; no public event follows a paint."""
    paint = screen._compositor_refresh

    def paint_then_call() -> None:
        paint()
        callback()

    screen._compositor_refresh = paint_then_call  # type: ignore[method-assign]
