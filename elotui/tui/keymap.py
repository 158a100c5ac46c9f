"""The keys a user rebinds: the `keymap` object of the settings file, binding id → keys.

`{"keymap": {"app.history": "f4", "form.save": "ctrl+s,ctrl+w"}}` moves the history to F4 and lets
Ctrl+W save a form too. Every binding of the app has an id (the help screen lists them with their
keys); Textual applies the keymap itself (`App.set_keymap`), as Posting does. An entry that cannot be
applied (keys that are not text, an id no binding has) is said in one warning line and ignored; the
others still apply.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from elotui.i18n import _
from elotui.safe_text import shown

# One key ("f4", "ctrl+h", "question_mark", "?") or several separated by commas; no spaces inside.
_KEYS = re.compile(r"[^\s,]+(\s*,\s*[^\s,]+)*")


def usable_entries(keymap: object) -> tuple[dict[str, str], list[str]]:
    """The entries of the settings file's `keymap` whose keys can be bound, and one line for each
    that cannot (or for a keymap that is not an object). Cheap: the ids are checked later
    (`unknown_ids`), as that imports every screen."""
    if keymap is None:
        return {}, []
    if not isinstance(keymap, dict):
        return {}, [_("the keymap of the settings file is ignored: it is not a JSON object")]
    usable: dict[str, str] = {}
    problems: list[str] = []
    for binding_id, keys in keymap.items():
        if isinstance(keys, str) and _KEYS.fullmatch(keys.strip()):
            usable[binding_id] = keys.strip()
        else:
            problems.append(
                _(
                    "the keymap's entry {id} is ignored: its keys must be text such as "
                    '"f4" or "ctrl+h,f5"'
                ).format(id=shown(binding_id))
            )
    return usable, problems


def unknown_ids(binding_ids: Iterable[str]) -> list[str]:
    """One line for each of `binding_ids` that no binding of the app or of Textual has."""
    known = every_binding_id()
    return [
        _("the keymap's entry {id} is ignored: no key binding has this id").format(
            id=shown(binding_id)
        )
        for binding_id in binding_ids
        if binding_id not in known
    ]


def every_binding_id() -> set[str]:
    """The id of every binding of every screen, dialog and widget, the app's and Textual's.

    Imports every module of the app, so that a binding of a screen not shown yet counts: called only
    when there is a keymap, after the first paint."""
    import importlib
    import pkgutil

    from textual.binding import Binding
    from textual.dom import DOMNode

    import elotui.tui

    for module in pkgutil.walk_packages(elotui.tui.__path__, "elotui.tui."):
        importlib.import_module(module.name)
    ids: set[str] = set()
    classes: list[type[DOMNode]] = [DOMNode]
    while classes:
        node_class = classes.pop()
        classes.extend(node_class.__subclasses__())
        for binding in node_class.__dict__.get("BINDINGS", ()):
            if isinstance(binding, Binding) and binding.id:
                ids.add(binding.id)
    return ids
