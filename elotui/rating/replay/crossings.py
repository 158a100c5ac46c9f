"""Crossings between consecutive lists: tiers, title rating requirements, K 10 and the floor.

Each is dated on the list day and filed under the period whose result that list publishes. A first
rating (initial or after delisting) is a tier crossing from "unrated", direction up. A fall below the
floor is a floor crossing only (from the tier held to "unrated"), not also a tier crossing. Titles and
tiers already met by the first list are not crossings. The k10 crossing is reported whatever a fixed K
says (it names the FIDE K that ends).
"""

from __future__ import annotations

import datetime as dt
from typing import Literal

from elotui.i18n import _, ngettext
from elotui.rating.replay.report import Crossing
from elotui.rating.tiers import TITLE_REQUIREMENTS, TITLES_NEEDING_NORMS, tier_of

# Title Regulations 1.3: CM/FM/WCM/WFM by rating need 30 rated games by then.
TITLE_GAMES_REQUIRED = 30
TITLES_NEEDING_GAMES = frozenset({"CM", "FM", "WCM", "WFM"})


def titles_met_by(rating: int) -> set[str]:
    return {t for t, need in TITLE_REQUIREMENTS.items() if rating >= need}


def crossings_between(
    label: str,
    list_day: dt.date,
    before: int | None,
    after: int | None,
    result: int | None,
    titles_met: set[str],
    games_played: int,
    k_before: int,
    *,
    floor: int,
    top_from: int,
    became_top: bool,
    titles: bool = True,
) -> list[Crossing]:
    """The crossings from the list in force during a period to the next one (updates `titles_met`).

    `titles`: whether this list's ratings meet title requirements (the standard list only).
    """
    found: list[Crossing] = []
    if before is not None and after is None:
        assert result is not None
        found.append(
            Crossing(
                label, list_day, "floor", tier_of(before).name, "unrated", "down", result,
                _("below {floor}: unrated from the next list").format(floor=floor),
            )
        )  # fmt: skip
        return found
    if after is None:
        return found
    if before is None:
        found.append(
            Crossing(
                label, list_day, "tier", "unrated", tier_of(after).name, "up", after,
                _("first published rating"),
            )
        )  # fmt: skip
    else:
        old, new = tier_of(before), tier_of(after)
        if old != new:
            direction: Literal["up", "down"] = "up" if new.floor > old.floor else "down"
            found.append(Crossing(label, list_day, "tier", old.name, new.name, direction, after))
    for title, need in sorted(TITLE_REQUIREMENTS.items(), key=lambda item: (item[1], item[0])):
        if not titles or title in titles_met or after < need:
            continue
        titles_met.add(title)
        # A note of clauses, each a whole message (its "; " with it: French puts a narrow space
        # before it), said in the language of the replay (a JSON value that is words:
        # product.md §4.3).
        note = _("{title} rating requirement met ({need})").format(title=title, need=need)
        if title in TITLES_NEEDING_NORMS:
            note += _("; the {title} title also needs {title} norms").format(title=title)
        if title in TITLES_NEEDING_GAMES:
            if games_played < TITLE_GAMES_REQUIRED:
                note += ngettext(
                    "; {count} rated game so far, the title needs {required}",
                    "; {count} rated games so far, the title needs {required}",
                    games_played,
                ).format(count=games_played, required=TITLE_GAMES_REQUIRED)
            else:
                note += _("; {required} rated games reached ({count})").format(
                    required=TITLE_GAMES_REQUIRED, count=games_played
                )
        found.append(Crossing(label, list_day, "title", None, title, "up", after, note))
    if became_top:
        found.append(
            Crossing(
                label, list_day, "k10", str(k_before), "10", "up", after,
                _("first published {rating}: K 10 for good").format(rating=top_from),
            )
        )  # fmt: skip
    return found
