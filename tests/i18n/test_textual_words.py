"""Every word Textual shows on elotui's screens in English is marked for the catalog (issue 15, part 1).

The keys panel and the footer show the descriptions of the bindings of the screen and of the focused
widget (`Screen.active_bindings`, which the app's screens translate); the palette lists Textual's own
commands. Their English texts are Textual's, so they are marked by hand in elotui/tui/textual_words.py:
this test reads the bindings of every Textual widget elotui imports (found in elotui's sources, not
listed here) and fails on a description that is not marked, as after a Textual upgrade that adds a key.
"""

from __future__ import annotations

import ast
from pathlib import Path

from textual import widgets
from textual.app import App
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets._select import SelectOverlay

from elotui.i18n import _, set_language
from elotui.tui.textual_words import KEYS, PALETTE, SYSTEM_COMMANDS
from elotui.tui.widgets.virtual_table import VirtualTable

ELOTUI = Path(__file__).resolve().parents[2] / "elotui"


def imported_widgets() -> set[type[DOMNode]]:
    """The classes elotui imports from `textual.widgets` (Input, DataTable...)."""
    found: set[type[DOMNode]] = set()
    for source in ELOTUI.rglob("*.py"):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "textual.widgets":
                found.update(getattr(widgets, alias.name) for alias in node.names)
    return found


def descriptions(node_class: type[DOMNode]) -> set[str]:
    """The descriptions of the bindings `node_class` has, its own and its bases'."""
    found: set[str] = set()
    for klass in node_class.__mro__:
        for binding in vars(klass).get("BINDINGS", ()):
            if not isinstance(binding, Binding):
                binding = Binding(*binding)
            if binding.description:
                found.add(binding.description)
    return found


def test_the_widgets_found_are_the_ones_elotui_is_made_of() -> None:
    # The walk finds real imports (a walk that found none would pass the next test for nothing).
    assert {widgets.Input, widgets.DataTable, widgets.OptionList} <= imported_widgets()


def test_every_key_textual_describes_on_elotuis_screens_is_marked() -> None:
    # SelectOverlay: the list a Select opens (not imported, but it has the focus when open).
    # VirtualTable: elotui's own table (the history's, the series', the period's), with DataTable's
    # keys and words, and the Textual bindings it inherits (ScrollView's).
    classes: set[type[DOMNode]] = {
        App, Screen, ModalScreen, SelectOverlay, VirtualTable, *imported_widgets()
    }  # fmt: skip
    marked = set(KEYS) | set(SYSTEM_COMMANDS)
    missing = {
        f"{klass.__name__}: {text!r}"
        for klass in classes
        for text in descriptions(klass)
        if text not in marked
    }
    assert not missing, f"mark these in elotui/tui/textual_words.py and translate them: {missing}"


def test_the_marked_words_are_french_in_french() -> None:
    # Each one translated (the catalog test checks none is empty; here: that these are the ids
    # looked up). A sample from each group, the French of the glossary's style.
    set_language("fr")
    assert _("Go to start") == "Aller au début"
    assert _("Cursor up") == "Curseur en haut"
    assert _("Quit the application as soon as possible") == "Quitter l’application au plus vite"
    assert _(PALETTE[1]) == "Aucune commande trouvée"
    untranslated = [text for text in (*KEYS, *SYSTEM_COMMANDS) if _(text) == text]
    assert untranslated == ["palette"]  # the same word in French


def test_the_tables_keys_have_ids_and_french_words() -> None:
    # Its own bindings, marked with N_() (the keys panel translates them) and named by an id (a
    # keymap can rebind them). Their French: DataTable's words in the glossary's style.
    own = [binding for binding in VirtualTable.BINDINGS if isinstance(binding, Binding)]
    assert len(own) == len(VirtualTable.BINDINGS)
    assert all(binding.id and binding.id.startswith("table.") for binding in own)
    set_language("fr")
    assert _("Cursor up") == "Curseur en haut"
    assert [text for text in (binding.description for binding in own) if _(text) == text] == []
