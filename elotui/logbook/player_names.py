"""Whether a name in a file is the logbook's player: the way PGN writes names, case and accents ignored.

PGN writes `Surname, Given names` ("Costa, Ana"); a logbook name is usually "Ana Costa". Two names are
the same player when their keys are equal:
- `Surname, Given` is read as `Given Surname` (at the first comma);
- accents are dropped (Unicode NFKD, then the combining marks removed: "Lévy" is "Levy");
- case is folded (`str.casefold`: "STRAßE" is "strasse") and runs of spaces are one space.
"""

from __future__ import annotations

import unicodedata
from collections import Counter

from elotui.i18n import _


def name_key(name: str) -> str:
    """The form two names are compared in (see the module docstring)."""
    surname, comma, given = name.partition(",")
    text = f"{given} {surname}" if comma else name
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(plain.casefold().split())


def same_player(name: str, other: str) -> bool:
    return name_key(name) == name_key(other)


def names_listed(counts: Counter[str], *, at_most: int = 10) -> str:
    """The names of a file for a message, as written there: the most frequent first (then in
    alphabetical order), at most `at_most`, then "and N more"."""
    names = sorted(counts, key=lambda name: (-counts[name], name.casefold(), name))
    shown = ", ".join(names[:at_most])
    hidden = len(names) - at_most
    return _("{names} and {count} more").format(names=shown, count=hidden) if hidden > 0 else shown
