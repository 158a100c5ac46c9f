"""Which FIDE rating list a PGN game belongs to, from its `TimeControl` tag.

FIDE's Laws of Chess define the lists by the time each player has for the whole game, counting an
increment as 60 moves' worth (base + 60 × increment):
- blitz: more than 3 minutes and at most 10;
- rapid: more than 10 minutes and less than 60;
- standard: everything else (60 minutes or more).
A game of 3 minutes or less (bullet) is on no FIDE list: it is imported on the blitz list, the nearest,
as not rated (`fide_rated`), so the logbook keeps it and the replay leaves it out.

The tag's forms (PGN standard §9.6.1): `S` (sudden death, S seconds), `S+I` (I seconds' increment a
move), `M/S` (M moves in S seconds), several periods joined by `:`, `*S` (sandclock), `?` (unknown)
and `-` (no time control). Only a single `S` or `S+I` period says how long the game is; every other
form, a missing tag and text that is not a time control are standard, the list a game is rated on
unless there is reason to think otherwise (a multi-period control such as `40/5400+30:1800+30` is a
standard game's). Seconds are whole numbers, so the comparison is exact.

One definition for every date (a decision, rules.md §4.4): no earlier definitions are modelled, so a
game of any year is classified by today's (rules.md §1.12). The time control decides which list a PGN
game goes to (`--list` overrides it) and whether it is rated at all; it changes no rating rule.
"""

from __future__ import annotations

import re

from elotui.logbook.records import BLITZ, RAPID, STANDARD, RatingList

BLITZ_MAX_SECONDS = 10 * 60  # blitz: the game's time for a player is at most this
BLITZ_ABOVE_SECONDS = 3 * 60  # ... and more than this (rules.md §1.12: "more than 3 minutes")
RAPID_BELOW_SECONDS = 60 * 60  # rapid: more than BLITZ_MAX_SECONDS and less than this
INCREMENT_MOVES = 60  # an increment counts as this many moves

_SINGLE_PERIOD = re.compile(r"([0-9]+)(?:\+([0-9]+))?")  # not \d: it takes every script's digits


# The tag's time-control forms (`S`, `S+I`, `M/S`, `M/S+I`, periods joined by `:`): TRF26's encoded
# time control (its `222` line) is written in them too.
_TIME_CONTROL = re.compile(r"(?:[0-9]+/)?[0-9]+(?:\+[0-9]+)?(?::(?:[0-9]+/)?[0-9]+(?:\+[0-9]+)?)*")


def is_time_control(tag: str) -> bool:
    """Whether `tag` is a time control in the tag's periods form (not `?`, `-`, `*S` or text)."""
    return _TIME_CONTROL.fullmatch(tag.strip()) is not None


def game_seconds(tag: str | None) -> int | None:
    """A player's time for the whole game (base + 60 × increment) for `S` or `S+I`, else None."""
    match = _SINGLE_PERIOD.fullmatch((tag or "").strip())
    if match is None:
        return None
    base, increment = int(match[1]), int(match[2] or 0)
    return base + INCREMENT_MOVES * increment


def fide_rated(tag: str | None) -> bool:
    """False for a game too fast for any FIDE list (3 minutes or less); a tag that says no length
    (none, `?`, several periods) is a standard game's, rated."""
    seconds = game_seconds(tag)
    return seconds is None or seconds > BLITZ_ABOVE_SECONDS


def list_for_time_control(tag: str | None) -> RatingList:
    """The rating list of a game with this `TimeControl` tag (None: no tag)."""
    seconds = game_seconds(tag)
    if seconds is None:
        return STANDARD
    if seconds <= BLITZ_MAX_SECONDS:
        return BLITZ
    if seconds < RAPID_BELOW_SECONDS:
        return RAPID
    return STANDARD
