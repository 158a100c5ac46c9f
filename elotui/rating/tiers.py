"""elotui's own tier markers (product.md §3) and the FIDE title rating requirements (rules.md §2.12)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from elotui.i18n import N_, _


@dataclass(frozen=True)
class Tier:
    name: str  # in English, as JSON and CSV write it
    floor: int  # lowest rating in the tier

    @property
    def label(self) -> str:
        """The name in the language spoken ("Gold", "Or"): what a table or a screen shows."""
        return _(self.name)


TIERS: tuple[Tier, ...] = (
    Tier(N_("Bronze"), 0),
    Tier(N_("Silver"), 1200),
    Tier(N_("Gold"), 1400),
    Tier(N_("Platinum"), 1600),
    Tier(N_("Diamond"), 1800),
    Tier(N_("Elite"), 2000),
    Tier(N_("FIDE Master"), 2300),
    Tier(N_("International Master"), 2400),
)

GM_NOTE = N_("The GM title needs 2500 and norms.")  # shown with _(GM_NOTE)

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
