"""Keys applied in the order they arrived: the fields, choices and check boxes of every screen.

Textual 8.2.8 inserts a printable key in a focused Input (or TextArea) as soon as the field gets it,
but runs the field's own bindings (Backspace, Delete, Ctrl+U/K/W, the arrows, Home, End...) only once
the key has bubbled up to the app, and against whatever has the focus by then. When several keys
arrive in one read (fast typing, a paste, ssh, tmux, a key macro) the characters after a bound key
overtake it: `b a Backspace c` gives `ba`, `Ctrl+U 1700` an empty field, and a Tab in the burst
sends the editing keys before it to the next field. Upstream: Textual issue #6605, fix proposed in
PR #6631 (the same approach as here). When a Textual release fixes it, drop `KeysInOrder` and use
the Textual widgets again; tests/tui/test_keys_in_order.py has a test that says when.

The fix: a widget runs its own bindings itself, in the same step as the keys typed into it, so they
keep their place among them. Focus keys move the focus before the next key is handed out: Tab and
Shift+Tab are the app's priority bindings (elotui/tui/app.py), which run as the app reads the key;
so is Enter in the game dialog's opponent field (elotui/tui/widgets/game_dialog.py).

Not covered (a person waits for these; a key macro must too): a binding of a screen or dialog
(Ctrl+S, Escape, F5-F9, `a` to add a game) still goes round the app, so keys sent after it, before
the dialog has opened or closed or the mode's fields are mounted, go to the widget focused before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.widgets import Input

from elotui.tui.textual_private import app_keymap, own_bindings

if TYPE_CHECKING:
    from textual.widget import Widget as _Widget
else:
    # A plain mixin at run time: Textual takes a widget's CSS (type names, default CSS, component
    # classes) from its first DOMNode base only, which must stay the Textual widget.
    _Widget = object


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


class TextField(KeysInOrder, Input):
    """A one-line text field of the app (every form and the calculator). The forms' notes and check
    boxes are `KeysInOrder` too (elotui/tui/widgets/forms/pickers.py): TextArea stays off the
    calculator's start-up path."""
