"""The K values of each era and who gets them (rules.md §3.2 and §3.3, the K column)."""

from __future__ import annotations

from elotui.rating.rules import rule_set_named
from elotui.rating.rules.k import k_choices


def test_k_choices_by_era() -> None:
    # S2006: 10 once published 2400 (with 30 games), 25 until 30 games, else 15.
    assert k_choices(rule_set_named("S2006")) == {
        25: "new player (< 30 games)", 15: "under 2400", 10: "published 2400",
    }  # fmt: skip
    # S2011: 30 until 30 games.
    assert k_choices(rule_set_named("S2011"))[30] == "new player (< 30 games)"
    # S2014: 40 until 30 games and for a junior never published 2300, else 20, 10 from 2400.
    assert k_choices(rule_set_named("S2014")) == {
        40: "new player (< 30 games) or junior under 2300", 20: "under 2400", 10: "published 2400",
    }  # fmt: skip
    # RB2012: 20 for every player.
    assert k_choices(rule_set_named("RB2012", "rapid")) == {20: "every player"}
