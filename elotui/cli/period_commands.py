"""`elotui period` (one FIDE rating period) and `elotui need` (the least score to reach a target)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING, Any

from elotui.cli.calc_options import (
    OPPONENT,
    RATING,
    K,
    add_rules_options,
    checked,
    hundredths,
    no_cap_help,
    parse_game,
    rules_in_force,
    uncertain_line,
)
from elotui.cli.common import UsageError, add_command, print_json, print_table
from elotui.i18n import _, ngettext
from elotui.i18n.numbers import hundredths_text, points
from elotui.rating import inputs
from elotui.rating.text import signed

if TYPE_CHECKING:
    from elotui.rating.fide import KProfile, PeriodGame, PeriodResult
    from elotui.rating.rules import RuleSet


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    period = add_command(sub, "period", _("FIDE rating change for one rating period"))
    period.add_argument(
        "-r", "--rating", type=RATING, required=True, metavar="R", help=_("rating at period start")
    )
    period.add_argument(
        "-k", type=K, metavar="K", help=_("K from the list (else from --birth-year/--games-played)")
    )
    period.add_argument(
        "--birth-year", type=checked(inputs.birth_year, "birth-year"), metavar="Y",
        help=_("the player's birth year (the junior K 40), with --games-played"),
    )  # fmt: skip
    period.add_argument(
        "--games-played", type=checked(inputs.games_played, "games-played"), metavar="N",
        help=_("rated games before this period (K 40 under 30 games)"),
    )  # fmt: skip
    period.add_argument("--reached-2400", action="store_true", help=_("ever published at 2400+"))
    period.add_argument("--reached-2300", action="store_true", help=_("ever published at 2300+"))
    period.add_argument(
        "--game", type=checked(parse_game, "game"), action="append", default=[],
        metavar="OPP:RESULT[@EVENT]",
        help=_(
            "a rated game, e.g. 2100:1 or 1900:0.5 (repeat); the games are one event from --date,"
            " a game of another event names it: 2100:1@B"
        ),
    )  # fmt: skip
    add_rules_options(period)
    no_cap = no_cap_help()
    period.add_argument("--no-cap", action="store_true", help=no_cap)
    period.set_defaults(handler=run_period)

    need = add_command(sub, "need", _("least score in the remaining games to reach a target"))
    need.add_argument(
        "-r", "--rating", type=RATING, required=True, metavar="R", help=_("rating at period start")
    )
    need.add_argument("-k", type=K, required=True, metavar="K", help=_("K for the period"))
    need.add_argument(
        "--target", type=checked(lambda t: inputs.parse_rating(t, _("target")), "target"),
        required=True, metavar="R", help=_("the rating to reach at the end of the period"),
    )  # fmt: skip
    need.add_argument(
        "--games", type=checked(inputs.parse_games, "games"), required=True, metavar="N",
        help=_("the games still to play in the period"),
    )  # fmt: skip
    need.add_argument(
        "--opponent", type=OPPONENT, required=True, metavar="R",
        help=_("their average rating"),
    )  # fmt: skip
    add_rules_options(need)
    need.add_argument("--no-cap", action="store_true", help=no_cap)
    need.set_defaults(handler=run_need)


# --- period -----------------------------------------------------------------------------------


def _period_k(
    args: argparse.Namespace, on: date, rules: RuleSet
) -> tuple[int, str, KProfile | None]:
    """K and why under the rule set of the day: given with -k, else from the profile and -r.

    `-r` is the rating at the period start, i.e. the list just published: at 2400 or more the player
    has been published at 2400 (K 10 for good, with the 30 games before 2014-07), at 2300 or more at
    2300 (no junior K). `--reached-2400/2300` say it for an earlier list."""
    from elotui.rating.fide import KProfile, k_factor
    from elotui.rating.rules.k import profile_with_rating

    profile_given = (
        args.birth_year is not None
        or args.games_played is not None
        or args.reached_2400
        or args.reached_2300
    )
    if args.k is not None:
        if profile_given:
            raise UsageError(
                _("period: give either -k or a profile (--birth-year, --games-played, --reached-…)")
            )
        return args.k, _("given"), None
    if args.games_played is None and not args.reached_2400:
        raise UsageError(
            _("period: give -k K, or --games-played N (with --birth-year for a junior)")
        )
    given = KProfile(
        birth_year=args.birth_year,
        games_played=args.games_played or 0,
        reached_2400=args.reached_2400,
        reached_2300=args.reached_2300,
    )
    profile = profile_with_rating(given, rules, args.rating)
    k, reason = k_factor(profile, on.year, rules)
    return k, reason, profile


def _print_games(
    result: PeriodResult, games: Sequence[PeriodGame], rules: RuleSet, rating: int
) -> None:
    """One row per `--game` in its order; a game the rules do not rate says why instead of its ΔR."""
    from elotui.rating.rules.period_change import event_count
    from elotui.rating.text import not_rated_reason

    several = event_count(games) > 1
    rated = iter(result.games)
    rows: list[list[object]] = []
    reasons: list[str] = []
    for i, game in enumerate(games):
        event = [game.event or "—"] if several else []
        if i in result.not_rated:
            own = rating if game.own is None else game.own
            rows.append(
                [i + 1, game.opponent, points(game.score), *event, signed(own - game.opponent),
                 "", "", _("not rated")]
            )  # fmt: skip
            reasons.append(f"#{i + 1} {not_rated_reason(rules, own, game.opponent)}")
            continue
        g = next(rated)
        rows.append(
            [i + 1, g.opponent, points(g.score), *event, signed(g.diff), signed(g.diff_used),
             hundredths_text(g.pd), signed(hundredths(g.delta))]
        )  # fmt: skip
    event_head = [_("event")] if several else []
    print_table(["#", _("opponent"), _("result"), *event_head, "D", _("D used"), "PD", "ΔR"], rows)
    for reason in reasons:
        print(reason)


def events_line(games: Sequence[PeriodGame], start: date) -> str:
    """How the games make events: one from the period's date unless some name another."""
    from elotui.rating.rules.period_change import event_count

    tags = sorted({g.event for g in games if g.event})
    if not tags:
        return _(
            "One event from {date}; a game of another event names it: OPP:RESULT@EVENT."
        ).format(date=start.isoformat())
    count = event_count(games)
    untagged = len(tags) < count
    names = [_("the untagged games from {date}").format(date=start.isoformat())] if untagged else []
    names += [f"@{tag}" for tag in tags]
    return ngettext("{n} event: {events}.", "{n} events: {events}.", count).format(
        n=count, events=", ".join(names)
    )


def period_document(result: PeriodResult, games: Sequence[PeriodGame]) -> dict[str, Any]:
    """The period as JSON: the rated games, each with its event ("" for the period's own), and the
    games the rules do not rate."""
    from elotui.rating.rules.period_change import event_count

    rated = [g for i, g in enumerate(games) if i not in result.not_rated]
    return {
        "rating": result.rating,
        "rules": result.rules,
        "k": result.k,
        "k_applied": result.k_applied,
        "k_reason": result.k_reason,
        "cap_applied": result.cap_applied,
        "games": [
            {
                "opponent": g.opponent,
                "opponent_rating": g.opponent,
                "score": float(g.score),
                "diff": g.diff,
                "diff_used": g.diff_used,
                "pd": hundredths(g.pd),
                "expected": hundredths(g.pd),
                "delta": hundredths(g.delta),
                "event": typed.event,
            }
            for g, typed in zip(result.games, rated, strict=True)
        ],
        "events": event_count(games),
        "not_rated": [
            {"game": i + 1, "opponent_rating": games[i].opponent, "score": float(games[i].score)}
            for i in result.not_rated
        ],
        "n": result.n,
        "score": float(result.score),
        "sum_delta": hundredths(result.sum_delta),
        "change": hundredths(result.change_hundredths),
        "change_rounded": result.change_rounded,
        "per_game_rounded_total": result.per_game_rounded_total,
        "new_rating": result.new_rating,
        "unrated_next_list": result.unrated_next_list,
        "performance": result.performance,
    }


def run_period(args: argparse.Namespace) -> int:
    from elotui.rating.fide import period_change
    from elotui.rating.rules.period_change import typed_games
    from elotui.rating.rules.uncertain import later_cap, period_marks, uncertain_texts

    on, rules = rules_in_force(args)
    k, reason, profile = _period_k(args, on, rules)
    games = typed_games(args.game, on)
    if not games:
        raise UsageError(_("period: give at least one --game OPP:RESULT"))
    result = period_change(args.rating, games, k, reason, apply_cap=not args.no_cap, rules=rules)
    uncertain = uncertain_texts(period_marks(rules, result, on, profile))
    if args.json:
        document = period_document(result, games)
        print_json({"date": on.isoformat(), **document, "rules_uncertain": uncertain})
        return 0
    cap = (
        _(", {cap} cap: K {k} → {applied}").format(
            cap=rules.k_times_games_max, k=result.k, applied=result.k_applied
        )
        if result.cap_applied
        else ""
    )
    # An era without a cap names the one its list has later, when that one would have lowered K.
    later = later_cap(rules)
    if args.no_cap:
        off = (
            _(" ({cap} cap off: not FIDE)").format(cap=rules.k_times_games_max)
            if rules.k_times_games_max
            else ""
        )
    elif rules.k_times_games_max is None and later is not None and result.k * result.n > later:
        off = _(" (no {cap} cap in this era)").format(cap=later)
    else:
        off = ""
    print(
        _("Period of {month} · rules {rules} · rating {rating} · K {k} ({reason})").format(
            month=f"{on:%Y-%m}", rules=rules.name, rating=result.rating, k=result.k, reason=reason
        )
        + f"{cap}{off}"
    )
    _print_games(result, games, rules, args.rating)
    print()
    print(
        _("Games {n}, score {score}, Σ ΔR {sum}").format(
            n=result.n, score=points(result.score), sum=signed(hundredths(result.sum_delta))
        )
    )
    print(events_line(games, on))
    print(
        _(
            "Change K×ΣΔR = {change} → {rounded} (rounded once; per game rounded would give {total})"
        ).format(
            change=signed(hundredths(result.change_hundredths)),
            rounded=signed(result.change_rounded),
            total=signed(result.per_game_rounded_total),
        )
    )
    unrated = (
        "  — " + _("below {floor}: unrated on the next list").format(floor=result.floor)
        if result.unrated_next_list
        else ""
    )
    print(_("New rating {rating}").format(rating=result.new_rating) + unrated)
    print(_("Performance {rating}").format(rating=result.performance))
    if line := uncertain_line(uncertain):
        print(line)
    return 0


# --- need -------------------------------------------------------------------------------------


def run_need(args: argparse.Namespace) -> int:
    from elotui.rating.need import points_needed
    from elotui.rating.rules.uncertain import period_marks, uncertain_texts

    on, rules = rules_in_force(args)
    need = points_needed(
        args.rating, args.k, args.target, args.games, args.opponent,
        played_on=on, apply_cap=not args.no_cap, rules=rules,
    )  # fmt: skip
    uncertain = uncertain_texts(period_marks(rules, need.result, on)) if need.result else []
    if args.json:
        print_json(
            {
                "rating": args.rating,
                "k": args.k,
                "rules": rules.name,
                "rules_uncertain": uncertain,
                "target": need.target,
                "games": need.games,
                "opponent": need.opponent,
                "opponent_rating": need.opponent,
                "min_points": float(need.min_points) if need.min_points is not None else None,
                "rating_after": need.rating_after,
            }
        )
        return 0
    if need.min_points is None:
        print(
            _(
                "{target} is out of reach in {games} games against {opponent} (rules {rules})."
            ).format(target=args.target, games=args.games, opponent=args.opponent, rules=rules.name)
        )
    else:
        print(
            _(
                "To reach {target}: at least {points} of {games} against {opponent}"
                " (ends at {rating}; rules {rules})."
            ).format(
                target=args.target, points=points(need.min_points), games=args.games,
                opponent=args.opponent, rating=need.rating_after, rules=rules.name,
            )
        )  # fmt: skip
    if line := uncertain_line(uncertain):
        print(line)
    return 0
