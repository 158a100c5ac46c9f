"""Each private Textual name of elotui/tui/textual_private.py still does what the app uses it for.

A Textual upgrade that renames or changes one fails here, with the name, instead of somewhere in a
screen. Textual is pinned (8.2.8): when it is upgraded, fix the entry or drop it for a public API.
"""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import Input

from elotui.tui import textual_private


class Bound(Input):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("f12", "bell", "Bell")]


def test_own_bindings_are_the_widgets_and_its_bases() -> None:
    bindings = textual_private.own_bindings(Bound())
    assert [b.action for b in bindings.key_to_bindings.get("f12", ())] == ["bell"], (
        "DOMNode._bindings changed: KeysInOrder cannot find a widget's own bindings"
    )
    # Input's own editing keys come with it (its BINDINGS, inherited).
    assert [b.action for b in bindings.key_to_bindings["backspace"]] == ["delete_left"], (
        "DOMNode._bindings no longer holds the inherited bindings"
    )
