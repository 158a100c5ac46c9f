"""Text from outside (argv, a form, an imported file) that cannot attack a terminal.

A name holding ESC sequences (`\\x1b[2J`, a title change, a fake prompt) or a right-to-left override
would be run by the terminal that prints it, or would show one thing and be another. So:

- on the way in, the repository refuses such characters in every name and text field
  (`unsafe_character`; the CLI, the app's forms and the imports all reach it, and the CSV/PGN imports
  check their cells with it too, to say `FILE:LINE`);
- on the way out, tables (CLI and app) show any already stored (an older logbook) escaped, as
  `\\x1b` or `\\u202e`, with `printable`.

Refused: C0 controls U+0000-U+001F (notes keep tab and newline), DEL U+007F, C1 controls
U+0080-U+009F, the bidirectional embeddings and overrides U+202A-U+202E and isolates U+2066-U+2069,
and the line and paragraph separators U+2028/U+2029 (they break a line as a newline does).

In a name (everything but notes), also every other format character (Unicode category Cf: a
zero-width space or joiner, the BOM, a left-to-right mark, a soft hyphen): invisible, it would make a
second "Zoé" that looks like the first. Notes keep them (an emoji sequence joins with U+200D, some
scripts need U+200C): they never tell players apart.

This module imports nothing of elotui's, so every layer may use it.
"""

from __future__ import annotations

import re
import unicodedata

from elotui.i18n import _

_NOT_C0 = "\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029"
_UNSAFE = re.compile(f"[\x00-\x1f{_NOT_C0}]")
_UNSAFE_BEYOND_C0 = re.compile(f"[{_NOT_C0}]")
_UNSAFE_IN_NOTES = re.compile(f"[\x00-\x08\x0b-\x1f{_NOT_C0}]")  # tab and newline are text here


def _escape(character: str) -> str:
    code = ord(character)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def unsafe_character(text: str, *, notes: bool = False) -> str | None:
    """The first character of `text` a terminal could act on, or in a name an invisible format
    character, as `U+001B`, or None if there is none.

    `notes=True`: a tab and a newline are text there (a note may have several lines), and so are
    the format characters.
    """
    found = (_UNSAFE_IN_NOTES if notes else _UNSAFE).search(text)
    if found is not None:
        return _code(found.group())
    # `isprintable` is False for every format character (and for a few harmless ones, such as a
    # no-break space): the scan, one character at a time, is only for those few names.
    if notes or text.isprintable():
        return None
    invisible = next((char for char in text if unicodedata.category(char) == "Cf"), None)
    return None if invisible is None else _code(invisible)


def _code(character: str) -> str:
    return f"U+{ord(character):04X}"


def is_invisible(code: str) -> bool:
    """Whether the character `unsafe_character` found (`U+200B`) is a format character that is no
    terminal control: one a user would call invisible rather than a control."""
    character = chr(int(code.removeprefix("U+"), 16))
    return _UNSAFE.match(character) is None and unicodedata.category(character) == "Cf"


def refusal(text: str, what: str, *, notes: bool = False) -> str | None:
    """Why elotui does not store `text` as `what`, in one line, or None: characters that cannot be
    UTF-8 (a lone surrogate, from argv or a JSON escape), terminal or direction controls, and in
    a name invisible format characters. The repository and the forms both ask here, each raising its own error with the reason."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _("{what} holds characters that are not valid text").format(what=what)
    unsafe = unsafe_character(text, notes=notes)
    if unsafe is None:
        return None
    if is_invisible(unsafe):
        return _("{what} holds an invisible character ({character}), which elotui refuses").format(
            what=what, character=unsafe
        )
    return _("{what} holds a control character ({character}), which elotui refuses").format(
        what=what, character=unsafe
    )


def printable(text: str) -> str:
    """`text` with every character `unsafe_character` refuses written as an escape (`\\x1b`)."""
    if _UNSAFE.search(text) is None:
        return text
    return _UNSAFE.sub(lambda match: _escape(match.group()), text)


SHOWN_MAX = 40  # characters of an outside value quoted in a message; the rest is cut


def shown(text: str, limit: int = SHOWN_MAX) -> str:
    """`text` quoted for a one-line message: `repr` (a newline shows as `\\n`), cut after `limit`."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def json_escaped(text: str) -> str:
    """JSON text with every unsafe character written as a `\\uXXXX` escape: the same document
    (a JSON reader gets the characters back), but nothing a terminal would act on. JSON itself
    escapes only U+0000-U+001F; C1 controls and direction overrides would go out raw. Only valid
    on JSON text, where such characters can only be inside strings."""
    # Not C0: JSON escapes those inside strings, and outside them they are its own white space.
    if _UNSAFE_BEYOND_C0.search(text) is None:
        return text
    return _UNSAFE_BEYOND_C0.sub(lambda match: f"\\u{ord(match.group()):04x}", text)
