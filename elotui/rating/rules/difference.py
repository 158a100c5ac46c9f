"""The counted difference D of a game under a rule set (350, 400 every game, 400 once per event, the
2650 exemption, no limit), and the tables the replay reads instead of applying the rule per game."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import NamedTuple

from elotui.i18n import _
from elotui.rating.rules.rule_set import RuleSet
from elotui.rating.tables import pd_hundredths


def counted_diff(rules: RuleSet, own: int, opponent: int, *, upgrade_spent: bool = False) -> int:
    """D after the rule set's difference rule, for the player rated `own` (tested on `own` only).

    `upgrade_spent`: under a once-per-event rule, this game is not the one of its event in which the
    higher-rated player benefits from the limit, so a D above the limit counts in full. A lower-rated
    player's D below −limit is limited in every game (rules.md §3.2 note, a decision).
    """
    diff = own - opponent
    rule = rules.difference
    if rule.limit is None or (rule.exempt_from is not None and own >= rule.exempt_from):
        return diff
    if diff > rule.limit:
        return diff if upgrade_spent and rule.once_per_event else rule.limit
    if diff < -rule.limit:
        return -rule.limit
    return diff


def difference_text(rules: RuleSet) -> str:
    """The rule set's difference rule in a few words: "D over 350 counts as 350"."""
    rule = rules.difference
    if rule.limit is None:
        return _("no limit on D (the table runs to 735)")
    text = _("D over {limit} counts as {limit}").format(limit=rule.limit)
    if rule.once_per_event:
        text += _(", once per event for the higher rated")
    if rule.exempt_from is not None:
        text += _(" (not for {rating}+)").format(rating=rule.exempt_from)
    return text


def upgraded_games(
    rules: Sequence[RuleSet], events: Sequence[Hashable], diffs: Sequence[int]
) -> set[int]:
    """Under once-per-event rules, the games (indices) in which the limit helps the higher-rated
    player: per event, the game with the largest D above the limit (the first of equal ones).

    `rules`, `events` and `diffs` are per game: its rule set, its event key, its raw D.
    """
    best: dict[Hashable, int] = {}
    for index, (game_rules, event, diff) in enumerate(zip(rules, events, diffs, strict=True)):
        rule = game_rules.difference
        if not rule.once_per_event or rule.limit is None or diff <= rule.limit:
            continue
        held = best.get(event)
        if held is None or diff > diffs[held]:
            best[event] = index
    return set(best.values())


def not_rated(rules: RuleSet, own: int, opponent: int) -> bool:
    """The game is not rated at all (rapid and blitz from 2024-12: |D| ≥ 600 and a player over 2600)."""
    gap = rules.difference.not_rated_gap
    if gap is None:
        return False
    return abs(own - opponent) >= gap[0] and max(own, opponent) > gap[1]


# --- tables for the replay's loop ---------------------------------------------------------------------

# Raw D from −SPAN to +SPAN is looked up in the tables; past that (a gap of more than 1200 points,
# rare in a logbook) the replay calls `counted_diff`. Each table costs a call per entry to build.
SPAN = 1200


class DiffTables(NamedTuple):
    """Per rule set, D → (D counted, PD in hundredths) for every raw D in [−SPAN, SPAN], built by
    `counted_diff` and table 8.1.2, so the replay reads the rule instead of applying it again.

    Index a table with `D + SPAN`. `limited` is for a player below the exemption, `exempt` at or above
    it, `spent` for a game of a once-per-event rule whose event's upgrade went to another game.
    """

    rules: RuleSet
    exempt_from: int  # own rating from which `exempt` is used (above any rating when no exemption)
    once_per_event: bool
    limited_diff: tuple[int, ...]
    limited_pd: tuple[int, ...]
    exempt_diff: tuple[int, ...]
    exempt_pd: tuple[int, ...]
    spent_diff: tuple[int, ...]
    spent_pd: tuple[int, ...]


_TABLES: dict[RuleSet, DiffTables] = {}


def diff_tables(rules: RuleSet) -> DiffTables:
    """The tables of a rule set, built once per process."""
    found = _TABLES.get(rules)
    if found is not None:
        return found
    exempt_from = rules.difference.exempt_from
    own_low, own_high = (0, 10**9) if exempt_from is None else (exempt_from - 1, exempt_from)
    # counted_diff depends on `own` only through the exemption, so one own rating each side of it
    # gives every D: D = own − opponent with opponent = own − D.
    diffs = range(-SPAN, SPAN + 1)
    limited = [counted_diff(rules, own_low, own_low - d) for d in diffs]
    # Without an exemption or a once-per-event rule those tables are the same: built once.
    exempt = limited
    if exempt_from is not None:
        exempt = [counted_diff(rules, own_high, own_high - d) for d in diffs]
    spent = limited
    if rules.difference.once_per_event:
        spent = [counted_diff(rules, own_low, own_low - d, upgrade_spent=True) for d in diffs]
    pd_of = {d: pd_hundredths(d) for d in {*limited, *exempt, *spent}}
    found = DiffTables(
        rules,
        10**9 if exempt_from is None else exempt_from,
        rules.difference.once_per_event,
        tuple(limited),
        tuple(pd_of[d] for d in limited),
        tuple(exempt),
        tuple(pd_of[d] for d in exempt),
        tuple(spent),
        tuple(pd_of[d] for d in spent),
    )
    _TABLES[rules] = found
    return found
