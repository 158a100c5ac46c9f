"""How a replay's periods and crossings are written, and the signed numbers every report shows.

Pure text formatting (no I/O) shared by the CLI commands, the replay table and the app's history screen,
so they can never word or round a number differently. Numbers are written by `elotui.i18n.numbers`
(in the language spoken: "+12.80" or "+12,80"); `signed`, `cents` and `rating_cents` keep their
names here for their many callers.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from elotui.i18n import N_, _, ngettext, numbers
from elotui.i18n.numbers import MINUS
from elotui.rating.rules.k import KReason

if TYPE_CHECKING:
    from elotui.rating.replay import Crossing, ReplayedGame, ReplayPeriod
    from elotui.rating.rules import RuleSet

__all__ = ["MINUS"]  # U+2212, as docs/product.md writes changes (defined in elotui.i18n.numbers)


def signed(value: int | Decimal | None) -> str:
    """+13, −7, 0, +12.80, 0.00; empty for None (zero has no sign: `numbers.signed`)."""
    return numbers.signed(value)


def cents(hundredths: int | None) -> str:
    """An exact change kept in hundredths: 12714 → +127.14, −5 → −0.05, 0 → 0.00; empty for None."""
    return numbers.signed_hundredths(hundredths)


def rating_cents(hundredths: int | None) -> str:
    """A rating kept in hundredths, unsigned: 161280 → 1612.80; empty for None."""
    return numbers.hundredths_text(hundredths)


def k_value(period: ReplayPeriod) -> str:
    """K, and where the rule set's K×n cap lowered it, the K applied: "40→26"; empty when unrated."""
    if period.k is None:
        return ""
    return f"{period.k}→{period.k_applied}" if period.cap_applied else str(period.k)


def k_text(period: ReplayPeriod) -> str:
    """K and why: "40→26 junior (born 2007), never 2300"."""
    if period.k is None:
        return ""
    return f"{k_value(period)} {period.k_reason}"


def rules_text(period: ReplayPeriod) -> str:
    """The period's rule set and our decisions that changed it: "S2011 · rule uncertain: …"."""
    if not period.uncertain:
        return period.rules
    return _("{rules} · rule uncertain: {decisions}").format(
        rules=period.rules, decisions="; ".join(period.uncertain)
    )


def uplift_text(period: ReplayPeriod) -> str:
    """The one-time uplift of the list the period feeds, as its own row: "2024-03 uplift +160"."""
    if period.uplift is None:
        return ""
    return _("{month} uplift {change}").format(
        month=period.list_month, change=signed(period.uplift)
    )


def raise_text(period: ReplayPeriod) -> str:
    """The 2022-10 raise of a rapid or blitz list to standard − 100, shown like a published rating:
    "2022-10 raise to 1750"."""
    if period.raised_to is None:
        return ""
    return _("{month} raise to {rating}").format(month=period.list_month, rating=period.raised_to)


def not_rated_text(game: ReplayedGame, rules: RuleSet) -> str:
    """Why a game entered as rated was not rated by `rules` (the rule set of its period):
    "not rated: |D| 605 ≥ 600, a player above 2600 (RB2024-12)"."""
    if not game.not_rated or game.rating_before is None:
        return ""
    return not_rated_reason(rules, game.rating_before, game.opponent_rating or 0)


def not_rated_reason(rules: RuleSet, own: int, opponent: int) -> str:
    """Why `rules` does not rate a game between `own` and `opponent` ("" when it does not say)."""
    gap = rules.difference.not_rated_gap
    if gap is None:
        return ""
    return _("not rated: |D| {diff} ≥ {gap}, a player above {above} ({rules})").format(
        diff=abs(own - opponent), gap=gap[0], above=gap[1], rules=rules.name
    )


def end_text(period: ReplayPeriod) -> str:
    """The rating at the end, or the initial-rating pool of an unrated period."""
    if period.unrated:
        if not period.pool_games:
            return _("unrated")
        if period.initial_published:
            return _("unrated (pool {games}, Ru {rating} published)").format(
                games=period.pool_games, rating=period.initial_rating
            )
        return _("unrated (pool {games}, Ru {rating})").format(
            games=period.pool_games, rating=period.initial_rating
        )
    if period.unrated_next:
        return _("{rating} ↓ unrated next").format(rating=period.rating_end)
    return f"{period.rating_end}"


def end_short(period: ReplayPeriod) -> str:
    """`end_text` in a few characters (the FIDE check's column): "2028", "1382 ↓" (unrated next), "Ru 1450" (the
    initial rating of the pool so far), "Ru 1450 ✓" (published as the first rating)."""
    if period.unrated:
        if period.initial_rating is None:
            return _("unrated")
        return f"Ru {period.initial_rating}" + (" ✓" if period.initial_published else "")
    return f"{period.rating_end}" + (" ↓" if period.unrated_next else "")


def published_text(period: ReplayPeriod) -> str:
    """The entered list that publishes this period's result, with ✓ (matches) or ✗."""
    if period.published is None:
        return ""
    return f"{period.published} {'✓' if period.matches_published else '✗'}"


def fide_games_text(period: ReplayPeriod) -> str:
    """FIDE's games for the list this period feeds, with ✓ (the logbook's n) or ✗; empty if not given."""
    if period.published_games is None:
        return ""
    return f"{period.published_games} {'✓' if period.matches_games else '✗'}"


def fide_k_text(period: ReplayPeriod) -> str:
    """FIDE's K as of the list in force, with ✓ (the replay's K) or ✗; empty when not compared."""
    if period.published_k is None or period.matches_k is None:
        return ""
    return f"{period.published_k} {'✓' if period.matches_k else '✗'}"


def fide_check_notes(period: ReplayPeriod) -> list[str]:
    """What each mismatch with FIDE's figures most likely means, in words: "FIDE rated 9 games in
    2025-11, the logbook has 7: 2 games missing"; "FIDE holds K 40, the replay used 20: check the
    birth year or games played". A rating that differs while the games and K agree: the games'
    own numbers."""
    notes: list[str] = []
    if period.matches_games is False and period.published_games is not None:
        fide, ours = period.published_games, period.n
        if fide > ours:
            notes.append(
                ngettext(
                    "FIDE rated {fide} games in {period}, the logbook has {ours}: {n} game missing",
                    "FIDE rated {fide} games in {period}, the logbook has {ours}: {n} games missing",
                    fide - ours,
                ).format(fide=fide, period=period.period, ours=ours, n=fide - ours)
            )
        else:
            notes.append(
                ngettext(
                    "FIDE rated {fide} games in {period}, the logbook has {ours}: {n} game too"
                    " many (not rated by FIDE, or rated in another period)",
                    "FIDE rated {fide} games in {period}, the logbook has {ours}: {n} games too"
                    " many (not rated by FIDE, or rated in another period)",
                    ours - fide,
                ).format(fide=fide, period=period.period, ours=ours, n=ours - fide)
            )
    if period.matches_k is False and period.published_k is not None and period.k is not None:
        if period.k_rule is KReason.FIXED:
            why = _("the player's fixed K replaces FIDE's steps")
        elif 10 in (period.published_k, period.k):
            why = _("check whether the player was ever published at 2400")
        else:
            why = _("check the birth year or games played")
        notes.append(
            _("{period}: FIDE holds K {fide}, the replay used {ours}: {why}").format(
                fide=period.published_k, ours=period.k, period=period.period, why=why
            )
        )
    if (
        period.matches_published is False
        and not notes
        and (period.matches_games is not None or period.matches_k is not None)
    ):
        notes.append(
            _(
                "FIDE published {fide} on the {month} list, the replay gives {ours}: the games"
                " and K agree, check the results and the opponents' ratings"
            ).format(fide=period.published, month=period.list_month, ours=period.next_list)
        )
    return notes


def rounding_text(period: ReplayPeriod) -> str:
    """The per-game-rounded total and its difference from the period rounding: "+129 (+2)"."""
    difference = period.rounding_difference
    if difference is None:
        return ""
    return f"{signed(period.per_game_rounded_total)} ({signed(difference)})"


_LIST_LABELS = {"standard": N_("standard"), "rapid": N_("rapid"), "blitz": N_("blitz")}


def list_label(rating_list: str) -> str:
    """A rating list's name in the language spoken ("rapid" → "rapide"); the option value and JSON
    keep the English name."""
    return _(_LIST_LABELS.get(rating_list, rating_list))


def games_text(n: int) -> str:
    """A count of games with its word: "1 game", "100000 games" / "100 000 parties"."""
    return ngettext("{n} game", "{n} games", n).format(n=numbers.count(n))


def worth_checking(period: ReplayPeriod) -> bool:
    """A month with games or an entered list (empty months have nothing to check)."""
    return bool(
        period.n or period.published or period.published_games or period.start_source == "published"
    )


def cut(text: str, width: int) -> str:
    """Text that fits `width` columns, a cut shown by "…": cut("Arthur Lefebvre", 12) → "Arthur Lefe…"."""
    return text if len(text) <= width else f"{text[: width - 1]}…"


def short_tier(name: str) -> str:
    """A tier's name (in English, as `Tier.name`) said in a narrow column: "International Master" →
    "Int. Master" ("M. international" in French)."""
    if name == "International Master":
        return _("Int. Master")
    return _(name)


def crossing_change(crossing: Crossing) -> str:
    """What changed, in a few words: "↑ tier Platinum", "↓ unrated", "FM rating met", "K 40 → 10".
    A tier is named as one ("tier FIDE Master"): elotui's own marker, never read as the FIDE title
    whose crossing ("FM rating met") can stand on the next line."""
    if crossing.kind == "title":
        return _("{title} rating met").format(title=crossing.to)
    if crossing.kind == "k10":
        return f"K {crossing.from_} → 10"
    arrow = "↑" if crossing.direction == "up" else "↓"
    if crossing.kind == "tier":
        return _("{arrow} tier {tier}").format(arrow=arrow, tier=short_tier(crossing.to))
    return f"{arrow} {short_tier(crossing.to)}"
