"""JSON text that is safe to print, and JSON written as it is made.

`json_text(value)` is a value's JSON text with what a terminal would act on escaped
(`safe_text.json_escaped`): the one place elotui's JSON output is escaped (the export's document,
`replay --json`). `streamed_json(value)` gives the text of `json.dumps(value, indent=2,
ensure_ascii=False)`, escaped the same way, in pieces, where any iterator in `value` (a generator of
games, say) is written as a JSON array while it is read. So a document of a million games is one
valid document on the disk without ever being one string (or one list) in memory. `write_json`
writes such pieces and the closing newline.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from json.encoder import encode_basestring
from typing import Any, TextIO

from elotui.safe_text import json_escaped

INDENT = "  "  # json's indent=2


def json_text(value: Any) -> str:
    """`json.dumps(value, ensure_ascii=False)`, with every character a terminal would act on (a C1
    control, a direction override: a name stored by an older elotui may hold one) written as a
    `\\uXXXX` escape: the same value for a JSON reader, nothing a terminal acts on."""
    if isinstance(value, str):  # the most common value, without json.dumps' checks
        return json_escaped(encode_basestring(value))
    return json_escaped(json.dumps(value, ensure_ascii=False, check_circular=False))


def write_json(out: TextIO, pieces: Iterable[str]) -> None:
    """Write a JSON document made in pieces (each already `json_text`'s or `streamed_json`'s), then
    a newline."""
    for piece in pieces:
        out.write(piece)
    out.write("\n")


def streamed_json(value: Any, level: int = 0) -> Iterator[str]:
    """The pieces of `json.dumps(value, indent=2, ensure_ascii=False)` for a value nested `level`
    deep, escaped as `json_text` escapes; an iterator is written as an array. Keys must be text (as
    the exports' are)."""
    if not _holds_an_iterator(value):
        # Whole, then indented to its depth: a JSON text has no raw newline inside a string.
        text = json.dumps(value, indent=2, ensure_ascii=False)
        yield json_escaped(text).replace("\n", "\n" + INDENT * level)
        return
    inner = "\n" + INDENT * (level + 1)
    if isinstance(value, dict):
        opened = False
        for key, item in value.items():
            if not isinstance(key, str):
                raise TypeError(f"a streamed JSON object's keys are text, not {key!r}")
            yield ("," if opened else "{") + inner + json_text(key) + ": "
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
