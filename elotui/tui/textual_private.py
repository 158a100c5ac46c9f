"""Every private Textual name the app uses, in one place (Textual is pinned at 8.2.8).

Each one is here because no public API does the job; tests/tui/test_textual_private.py checks that
each still exists and still means what it is used for, so a Textual upgrade that changes one fails
there with its name, not somewhere in a screen. Remove an entry when Textual offers a public way.
"""

from __future__ import annotations

from textual.binding import BindingsMap
from textual.dom import DOMNode


def own_bindings(node: DOMNode) -> BindingsMap:
    """The bindings of `node` itself (its class's BINDINGS and its bases'), without its ancestors'.

    `DOMNode._bindings`: Textual has no public accessor for a node's own bindings (`active_bindings`
    follows the focus, which may have moved on by the time a key of a burst is handled)."""
    return node._bindings
