"""Names as the logbook stores them, and which player a name typed or read in a file means.

Stored: every name (a player's, an opponent's, an event's) is kept in Unicode NFC (`stored_name`), so
"Zoé" typed as one character and as "e" plus a combining accent (as macOS keyboards give it) is one
name, and one player.

Compared: PGN writes `Surname, Given names` ("Costa, Ana"); a logbook name is usually "Ana Costa". Two
names are the same player when their keys are equal (`name_key`):
- `Surname, Given` is read as `Given Surname` (at the first comma);
- accents are dropped (Unicode NFKD, then the combining marks removed: "Lévy" is "Levy");
- case is folded (`str.casefold`: "STRAßE" is "strasse") and runs of spaces are one space.

So a player is looked up (`--player NAME`, a CSV's player column, the PGN import's player) by their
exact name first, then by key (`PlayerNames.find`); and a new name whose key is another player's is
refused (`PlayerNames.alike`): the logbook's names are unique (product.md), a second "Ana Costa" is
told apart in its name.
"""

from __future__ import annotations

import bisect
import unicodedata
from collections import Counter
from collections.abc import Iterable

from elotui.i18n import _, ngettext
from elotui.logbook.records import InvalidData, NotFound
from elotui.safe_text import shown

CLOSE_ENOUGH = 0.6  # difflib's ratio from which a name is offered as "did you mean"
CLOSE_AT_MOST = 3  # names offered
# Names not found that get the closest names offered, per `PlayerNames`: comparing costs up to 2 ms
# a name with 300 players, and a CSV of 10,000 unknown names would wait 20 s for its refusal.
SUGGESTED_AT_MOST = 50


def stored_name(text: str) -> str:
    """`text` as the logbook stores a name: Unicode NFC (one code point for "é" wherever it can)."""
    return unicodedata.normalize("NFC", text)


def given_name_first(name: str) -> str:
    """`Surname, Given names` (PGN's, FIDE's lists') as a logbook writes it: "Costa, Ana" → "Ana
    Costa"; a name without a comma as it is (spaces tidied)."""
    surname, comma, given = name.partition(",")
    return " ".join(f"{given} {surname}".split()) if comma else " ".join(name.split())


def name_key(name: str) -> str:
    """The form two names are compared in (see the module docstring)."""
    text = given_name_first(name)
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(char for char in decomposed if not unicodedata.combining(char))
    return " ".join(plain.casefold().split())


def same_player(name: str, other: str) -> bool:
    return name_key(name) == name_key(other)


class PlayerNames:
    """The logbook's player names, to tell which one a name means."""

    def __init__(self, names: Iterable[str]) -> None:
        self._names = set(names)
        self._suggested = 0  # names not found given the closest names (`SUGGESTED_AT_MOST`)
        self._by_key: dict[str, list[str]] = {}
        for name in sorted(self._names):
            self._by_key.setdefault(name_key(name), []).append(name)

    def alike(self, name: str) -> list[str]:
        """The names that are `name`, case and accents ignored (itself included), in order."""
        return list(self._by_key.get(name_key(name), ()))

    def add(self, name: str) -> None:
        if name not in self._names:
            self._names.add(name)
            bisect.insort(self._by_key.setdefault(name_key(name), []), name)

    def refuse_alike(self, name: str) -> None:
        """`InvalidData` when `name` (stored as it is) would be a second player of a name already
        here, exactly or case and accents ignored."""
        alike = self.alike(name)
        if name in alike:
            raise InvalidData(_("a player named {name!r} already exists").format(name=name))
        if alike:
            raise InvalidData(
                _(
                    "a player named {existing} already exists, and {name} differs from it only in "
                    "case or accents; give a name that tells them apart"
                ).format(existing=shown(alike[0]), name=shown(name))
            )

    def find(self, wanted: str) -> str:
        """The player name `wanted` means: itself (spaces trimmed, NFC), else the one name equal to
        it case and accents ignored. `NotFound` when there is none (naming the closest names, if
        any) or several (naming them: the exact name tells them apart)."""
        name = stored_name(wanted.strip())
        if name in self._names:
            return name
        alike = self.alike(name)
        if len(alike) == 1:
            return alike[0]
        if alike:
            raise NotFound(
                _(
                    "several players are named {player} when case and accents are ignored: "
                    "{names}; give the exact name"
                ).format(player=shown(name), names=_quoted(alike))
            )
        close = self._closest(name)
        if close:
            raise NotFound(
                ngettext(
                    "no player named {player}; did you mean {names}?",
                    "no player named {player}; did you mean one of {names}?",
                    len(close),
                ).format(player=shown(name), names=_quoted(close))
            )
        raise no_player_named(name)

    def _closest(self, name: str) -> list[str]:
        if self._suggested >= SUGGESTED_AT_MOST:
            return []
        self._suggested += 1
        import difflib  # only for a name not found: the reader's fast start does without it

        keys = difflib.get_close_matches(
            name_key(name), self._by_key, n=CLOSE_AT_MOST, cutoff=CLOSE_ENOUGH
        )
        return [match for key in keys for match in self._by_key[key]][:CLOSE_AT_MOST]


def no_player_named(name: str) -> NotFound:
    """There is no player `name`, nor one with a name close to it."""
    return NotFound(
        _("no player named {player}; add one with: elotui player add {player}").format(
            player=shown(stored_name(name.strip()))
        )
    )


def _quoted(names: Iterable[str]) -> str:
    return ", ".join(map(shown, names))


def names_listed(counts: Counter[str], *, at_most: int = 10) -> str:
    """The names of a file for a message, as written there: the most frequent first (then in
    alphabetical order), at most `at_most`, then "and N more"."""
    names = sorted(counts, key=lambda name: (-counts[name], name.casefold(), name))
    listed = ", ".join(names[:at_most])
    hidden = len(names) - at_most
    return (
        _("{names} and {count} more").format(names=listed, count=hidden) if hidden > 0 else listed
    )
