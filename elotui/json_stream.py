"""JSON written as it is made: `streamed_json(value)` gives the text of
`json.dumps(value, indent=2, ensure_ascii=False)` in pieces, where any iterator in `value` (a generator
of games, say) is written as a JSON array while it is read. So a document of a million games is one
valid document on the disk without ever being one string (or one list) in memory.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

INDENT = "  "  # json's indent=2


def streamed_json(value: Any, level: int = 0) -> Iterator[str]:
    """The pieces of `json.dumps(value, indent=2, ensure_ascii=False)` for a value nested `level`
    deep; an iterator is written as an array. Keys must be text (as the exports' are)."""
    if not _holds_an_iterator(value):
        # Whole, then indented to its depth: a JSON text has no raw newline inside a string.
        yield json.dumps(value, indent=2, ensure_ascii=False).replace("\n", "\n" + INDENT * level)
        return
    inner = "\n" + INDENT * (level + 1)
    if isinstance(value, dict):
        opened = False
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"a streamed JSON object's keys are text, not {key!r}")
            yield ("," if opened else "{") + inner + json.dumps(key, ensure_ascii=False) + ": "
            yield from streamed_json(item, level + 1)
            opened = True
        yield ("\n" + INDENT * level + "}") if opened else "{}"
        return
    opened = False
    for item in value:
        yield ("," if opened else "[") + inner
        yield from streamed_json(item, level + 1)
        opened = True
    yield ("\n" + INDENT * level + "]") if opened else "[]"


def _holds_an_iterator(value: Any) -> bool:
    if isinstance(value, Iterator):
        return True
    if isinstance(value, dict):
        return any(_holds_an_iterator(item) for item in value.values())
    if isinstance(value, list | tuple):
        return any(_holds_an_iterator(item) for item in value)
    return False
