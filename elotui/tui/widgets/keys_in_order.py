"""Keys applied in the order they arrived: the fields, choices and check boxes of every screen.

Textual 8.2.8 inserts a printable key in a focused Input (or TextArea) as soon as the field gets it,
but runs the field's own bindings (Backspace, Delete, Ctrl+U/K/W, the arrows, Home, End...) only once
the key has bubbled up to the app, and against whatever has the focus by then. When several keys
arrive in one read (fast typing, a paste, ssh, tmux, a key macro) the characters after a bound key
overtake it: `b a Backspace c` gives `ba`, `Ctrl+U 1700` an empty field, and a Tab in the burst
sends the editing keys before it to the next field. Upstream: Textual issue #6605, fix proposed in
PR #6631 (the same approach as here). When a Textual release fixes it, drop `KeysInOrder` and use
the Textual widgets again; tests/tui/test_keys_in_order.py has a test that says when.

The fix, in two parts:
- a widget runs its own bindings itself, in the same step as the keys typed into it, so they keep
  their place among them (`KeysInOrder`);
- the app hands such a widget one key at a time: it reads the next key only once the widget has
  applied the last one (`KeysOneAtATime`). So a key that moves the focus as the widget applies it
  (Enter on a game's result, a chosen radio) has moved it before the next key is handed out, and
  the next key goes to the new field. (Without this, the keys of a burst were all queued on the
  field focused when they were read: `d Enter Club` in the game form gave the `l` to the result.)
  The widget must move the focus at once (`screen.focus_next()`, `screen.set_focus()`), not with
  `focus()`, which waits its turn in the app's queue behind the next keys. Tab and Shift+Tab are
  the app's priority bindings (elotui/tui/app.py), run as the app reads the key, after the keys
  before them were applied; so is Enter in the game dialog's opponent field
  (elotui/tui/widgets/game_dialog.py), whose Enter would otherwise move the focus only when the
  dialog gets the field's message.

Not covered (a person waits for these; a key macro must too): a binding of a screen or dialog
(Ctrl+S, Escape, F5-F9, `a` to add a game) still goes round the app, so keys sent after it, before
the dialog has opened or closed or the mode's fields are mounted, go to the widget focused before.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from textual import events
from textual.widgets import Input

from elotui.tui.textual_private import app_keymap, own_bindings

if TYPE_CHECKING:
    from textual.app import App
    from textual.widget import Widget as _Widget

    _App = App[Any]
else:
    # Plain mixins at run time: Textual takes a widget's CSS (type names, default CSS, component
    # classes) from its first DOMNode base only, which must stay the Textual widget.
    _Widget = object
    _App = object


class KeysInOrder(_Widget):
    """Put first in the bases of a widget (`class X(KeysInOrder, Input)`): its own bindings run as
    soon as it gets a key, like a typed character, instead of after the key has gone round the app.

    The bindings are those the app would have run first anyway: the focused widget is the first
    node of the app's binding chain, and priority bindings were checked before the key got here.
    """

    async def on_key(self, event: events.Key) -> None:
        if event.is_printable and self.check_consume_key(event.key, event.character):
            return  # typed text: the widget's own key handler inserts it, in this same step
        bindings = own_bindings(self)
        keymap = app_keymap(self.app)
        if keymap:  # the keys the user rebound, as Textual applies them to the binding chain
            bindings = bindings.copy()
            bindings.apply_keymap(keymap)
        for binding in bindings.key_to_bindings.get(event.key, ()):
            # `App.run_action` with this widget as the namespace, as the app runs a binding (it
            # says whether the action ran; `Widget.run_action` does not).
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()  # handled: it must not reach the app and run a second time
                return

    _applied: asyncio.Event | None = None

    async def keys_applied(self) -> None:
        """Wait until this widget has applied the keys given to it (`KeysOneAtATime`): its
        queue is worked in order, so a call queued behind them runs once they are applied."""
        applied = self._applied = asyncio.Event()
        if self.call_later(applied.set):
            await applied.wait()

    def on_unmount(self) -> None:
        # Removed with keys still queued (its dialog closed by one of them): they are dropped
        # with it, and the app must not wait for them.
        if self._applied is not None:
            self._applied.set()


class KeysOneAtATime(_App):
    """Put first in an app's bases: a key given to a `KeysInOrder` widget is applied before the
    app reads the next one, so what it does to the focus is done before the next key is handed out.
    """

    async def on_event(self, event: events.Event) -> None:
        handed_out = isinstance(event, events.Key) and not event.is_forwarded
        await super().on_event(event)
        # Forwarded now: given to the focused widget (a priority binding, Tab, keeps it).
        if handed_out and event.is_forwarded and isinstance(self.focused, KeysInOrder):
            await self.focused.keys_applied()


class TextField(KeysInOrder, Input):
    """A one-line text field of the app (every form and the calculator). The forms' notes and check
    boxes are `KeysInOrder` too (elotui/tui/widgets/forms/pickers.py): TextArea stays off the
    calculator's start-up path."""
