"""elotui's own tier markers (product.md §3) and the FIDE title rating requirements (rules.md §2.12)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Tier:
    name: str
    floor: int  # lowest rating in the tier


TIERS: tuple[Tier, ...] = (
    Tier("Bronze", 0),
    Tier("Silver", 1200),
    Tier("Gold", 1400),
    Tier("Platinum", 1600),
    Tier("Diamond", 1800),
    Tier("Elite", 2000),
    Tier("FIDE Master", 2300),
    Tier("International Master", 2400),
)

GM_NOTE = "The GM title needs 2500 and norms."

# Rating requirements of the titles, "at some time" (Title Regulations 2024, 1.3 and 1.5.3).
TITLE_REQUIREMENTS: dict[str, int] = {
    "WCM": 2000,
    "WFM": 2100,
    "CM": 2200,
    "WIM": 2200,
    "FM": 2300,
    "WGM": 2300,
    "IM": 2400,
    "GM": 2500,
}
TITLES_NEEDING_NORMS = frozenset({"IM", "GM", "WIM", "WGM"})


def tier_of(rating: float) -> Tier:
    """The tier a rating falls in; a fractional rating counts by its value (1599.9 is still Gold)."""
    found = TIERS[0]
    for tier in TIERS:
        if rating >= tier.floor:
            found = tier
    return found


@dataclass(frozen=True)
class TierChange:
    before: Tier
    after: Tier
    direction: Literal["up", "down"]


def tier_change(before: float, after: float) -> TierChange | None:
    """The tier crossing from `before` to `after`, or None when both are in the same tier."""
    old, new = tier_of(before), tier_of(after)
    if old == new:
        return None
    return TierChange(old, new, "up" if new.floor > old.floor else "down")
