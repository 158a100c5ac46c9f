"""Tiers are elotui's own markers, named like FIDE titles ("FIDE Master", "International Master"):
wherever one is crossed it is said to be a tier ("tier" / "palier"), so it never reads as the title
whose real crossing ("IM rating met") can stand on the next line. JSON keeps the tier's name as a
value (its `kind` says "tier")."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from elotui.i18n import set_language
from elotui.rating.replay.report import Crossing
from elotui.rating.text import crossing_change
from tests.conftest import run_cli

pytestmark = pytest.mark.sqlite_only("words, no logbook")


def _crossing(kind: str, to: str) -> Crossing:
    return Crossing("2026-03", dt.date(2026, 4, 1), kind, "FIDE Master", to, "up", 2403)  # type: ignore[arg-type]


def test_a_tier_crossing_is_named_a_tier_and_a_title_is_not() -> None:
    set_language("en")
    assert crossing_change(_crossing("tier", "International Master")) == "↑ tier Int. Master"
    assert crossing_change(_crossing("title", "IM")) == "IM rating met"
    set_language("fr")
    try:
        assert crossing_change(_crossing("tier", "International Master")) == "↑ palier M. int."
    finally:
        set_language("en")


def test_calc_says_the_crossing_is_a_tier() -> None:
    # 2390 against 2400, K 20: E = 1/(1+10^(10/400)) = 0.486, a win 20 × 0.514 = +10.29 → +10,
    # so 2400: the International Master tier's floor.
    code, out, _ = run_cli("calc", "-r", "2390", "-o", "2400")
    assert code == 0, out
    assert "up to tier International Master" in out, out
    code, out, _ = run_cli("calc", "-r", "2390", "-o", "2400", "--json")
    assert json.loads(out)["tier"] == "FIDE Master"  # the JSON value stays the tier's name
