"""`elotui calc`: the rating change of one game, several games, or a series, on the command line.

The rating modules are imported inside the command, so it loads only what it computes with (see
`calc_options`).
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from elotui.cli.calc_options import (
    METHODS,
    OPPONENT,
    RATING,
    K,
    add_rules_options,
    checked,
    outcome,
    rules_in_force,
    uncertain_line,
)
from elotui.cli.common import UsageError, add_command, print_json, print_table
from elotui.i18n import _, current_language
from elotui.i18n.numbers import decimal, hundredths_text, percent, points
from elotui.rating import inputs
from elotui.rating.result import Result
from elotui.rating.text import games_text, signed

if TYPE_CHECKING:
    from elotui.rating.calculator import Method
    from elotui.rating.rules import RuleSet
    from elotui.rating.tiers import Tier


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    calc = add_command(sub, "calc", _("rating change for one game, several games, or a series"))
    calc.add_argument(
        "-r", "--rating", type=RATING, required=True, metavar="R", help=_("your rating")
    )
    calc.add_argument(
        "-o", "--opponent", type=OPPONENT, required=True, metavar="R", help=_("opponent rating")
    )
    calc.add_argument("-k", type=K, default=20, metavar="K", help=_("K factor, 1-100 (default 20)"))
    calc.add_argument(
        "--result", type=checked(outcome, "result"), metavar="1|0.5|0",
        help=_("the result played: 1, 0.5 (or ½), 0, or win, draw, loss"),
    )  # fmt: skip
    calc.add_argument(
        "--method", choices=METHODS, default="elo", metavar="|".join(METHODS),
        help=_("elo: the logistic formula (default); fide: table 8.1.2 and the 400-point rule"),
    )  # fmt: skip
    calc.add_argument(
        "--games", type=checked(inputs.parse_games, "games"), metavar="N",
        help=_("several games against the same opponent rating (with --points)"),
    )  # fmt: skip
    calc.add_argument("--points", metavar="P", help=_("total points over --games (halves allowed)"))
    calc.add_argument(
        "--series", type=checked(inputs.parse_games, "series"), metavar="N",
        help=_("N games in a row with the same --result, the rating updated after each"),
    )  # fmt: skip
    calc.add_argument("--exact", action="store_true", help=_("series without rounding each step"))
    add_rules_options(calc)
    calc.set_defaults(handler=run_calc)


def run_calc(args: argparse.Namespace) -> int:
    from elotui.rating.calculator import Method

    method = Method(args.method)
    if args.points is not None and args.games is None:
        raise UsageError(_("calc: --points needs --games"))
    if args.games is not None:
        if args.points is None:
            raise UsageError(_("calc: --games needs --points"))
        try:
            total = inputs.parse_points(args.points, args.games)
        except inputs.InvalidInput as error:
            raise UsageError(f"calc: --points: {error}") from None
        return _calc_several(args, method, total)
    if args.series is not None:
        if args.result is None:
            raise UsageError(_("calc: --series needs --result 1|0.5|0 (or win, draw, loss)"))
        return _calc_series(args, method)
    return _calc_single(args, method)


def _method_rules(
    args: argparse.Namespace, method: Method
) -> tuple[RuleSet | None, list[str], str]:
    """The rule set `fide` uses on `--date` (None under `elo`, which has no rules), the texts of the
    decisions that change a game at D = rating − opponent, and the header's method words."""
    from elotui.rating.calculator import Method
    from elotui.rating.rules.difference import counted_diff
    from elotui.rating.rules.uncertain import game_marks, uncertain_texts

    on, rules = rules_in_force(args)
    if method is not Method.FIDE:
        return None, [], _("{method}: {text}").format(method=method.value, text=method.text(rules))
    diff = args.rating - args.opponent
    marks = game_marks(rules, on, diff, counted_diff(rules, args.rating, args.opponent))
    return (
        rules,
        uncertain_texts(marks),
        _("{method} · rules {rules}: {text}").format(
            method=method.value, rules=rules.name, text=method.text(rules)
        ),
    )


def _rules_document(rules: RuleSet | None, uncertain: list[str]) -> dict[str, Any]:
    return {"rules": rules.name if rules else None, "rules_uncertain": uncertain}


def _calc_single(args: argparse.Namespace, method: Method) -> int:
    from elotui.rating.calculator import single_game
    from elotui.rating.rounding import cents

    rules, uncertain, words = _method_rules(args, method)
    game = single_game(args.rating, args.opponent, args.k, method, rules=rules)
    chosen = game.outcomes[args.result] if args.result else None
    if args.json:
        print_json(
            {
                "method": method.value,
                **_rules_document(rules, uncertain),
                "rating": game.rating,
                "opponent": game.opponent,
                "opponent_rating": game.opponent,
                "k": game.k,
                "expected": game.expected.value,
                "diff": game.expected.diff,
                "diff_used": game.expected.diff_used,
                "change": {n: o.change_cents for n, o in game.outcomes.items()},
                "rounded": {n: o.rounded for n, o in game.outcomes.items()},
                "result": args.result,
                "new_rating": chosen.new_rating if chosen else None,
                "new_rating_exact": cents(chosen.new_rating_exact) if chosen else None,
                "tier": game.tier.name,
                "tier_after": chosen.tier_after.name if chosen else None,
            }
        )
        return 0
    print(
        _("{rating} vs {opponent} · K {k} · {method}").format(
            rating=game.rating, opponent=game.opponent, k=game.k, method=words
        )
    )
    e = game.expected
    pd = f" (PD {hundredths_text(e.pd)})" if e.pd is not None else ""
    limit = rules.difference.limit if rules else None
    rule = (
        "  "
        + _("{limit}-point rule: D {diff} counted as {used}").format(
            limit=limit, diff=e.diff, used=e.diff_used
        )
        if e.clamped
        else ""
    )
    print(_("Expected score {percent}").format(percent=percent(e.value)) + pd + rule)
    if line := uncertain_line(uncertain):
        print(line)
    print("  " + _("a draw counts half a point: this is not a strict win probability"))
    print()
    rows = []
    # French reads a change as the French pages write it, exact then rounded, in one column
    # ("+12,80 → +13"); English keeps its two columns, as its users' scripts read them.
    joined = current_language() == "fr"
    for name, o in game.outcomes.items():
        crossing = _crossing_text(o.crossing.direction, o.crossing.after) if o.crossing else ""
        mark = "→" if name == args.result else ""
        label = Result.from_score(o.score).label
        change = [signed(o.change_cents), signed(o.rounded)]
        if joined:
            change = [" → ".join(change)]
        rows.append([f"{mark}{label}", *change, o.new_rating, crossing])
    changes = [_("change")] if joined else [_("change"), _("rounded")]
    print_table([_("result"), *changes, _("new rating"), _("tier crossing")], rows)
    print()
    tier = _("Tier: {tier}").format(tier=game.tier.label)
    print(tier + (f" → {chosen.tier_after.label}" if chosen else ""))
    return 0


def _crossing_text(direction: str, after: Tier) -> str:
    """ "up to tier Gold" / "monte au palier Or": named as a tier, never read as a FIDE title."""
    if direction == "up":
        return _("up to tier {tier}").format(tier=after.label)
    return _("down to tier {tier}").format(tier=after.label)


def _calc_several(args: argparse.Namespace, method: Method, total: Fraction) -> int:
    from elotui.rating.calculator import several_games
    from elotui.rating.rounding import cents
    from elotui.rating.tiers import tier_of

    rules, uncertain, _words = _method_rules(args, method)
    result = several_games(
        args.rating, args.opponent, args.k, args.games, total, method, rules=rules
    )
    if args.json:
        print_json(
            {
                "method": method.value,
                **_rules_document(rules, uncertain),
                "rating": result.rating,
                "opponent": result.opponent,
                "opponent_rating": result.opponent,
                "k": result.k,
                "expected": result.expected.value,
                "games": result.games,
                "points": float(total),
                "change": cents(result.change),
                "rounded": result.rounded,
                "new_rating": result.new_rating,
                "tier": tier_of(result.rating).name,
                "tier_after": tier_of(result.new_rating).name,
                "estimate": _("average-opponent shortcut: K·(P − G·E)"),  # a sentence: translated
            }
        )
        return 0
    games = games_text(result.games)
    print(
        _("{games}, {points} points vs average {opponent} · K {k}").format(
            games=games, points=points(total), opponent=result.opponent, k=result.k
        )
        + (" · " + _("rules {rules}").format(rules=rules.name) if rules else "")
    )
    print(_("Average-opponent shortcut K·(P − G·E): an estimate, not a game-by-game calculation."))
    print(_("Expected score per game {percent}").format(percent=percent(result.expected.value)))
    if line := uncertain_line(uncertain):
        print(line)
    print(
        _("Change {change} → {rounded}").format(
            change=signed(cents(result.change)), rounded=signed(result.rounded)
        )
    )
    print(
        _("New rating {rating} (tier {tier} → {tier_after})").format(
            rating=result.new_rating,
            tier=tier_of(result.rating).label,
            tier_after=tier_of(result.new_rating).label,
        )
    )
    return 0


def _calc_series(args: argparse.Namespace, method: Method) -> int:
    from elotui.rating.calculator import series as run_series
    from elotui.rating.rounding import cents
    from elotui.rating.tiers import tier_of

    score = inputs.parse_score(args.result)
    rules, uncertain, _words = _method_rules(args, method)
    steps = run_series(
        args.rating, args.opponent, args.k, args.series, score, method, exact=args.exact,
        rules=rules,
    )  # fmt: skip
    last = steps[-1].rating_after
    if args.json:
        print_json(
            {
                "method": method.value,
                **_rules_document(rules, uncertain),
                "rating": args.rating,
                "opponent": args.opponent,
                "opponent_rating": args.opponent,
                "k": args.k,
                "result": args.result,
                "exact": args.exact,
                "expected": steps[0].expected,
                "series": [
                    {
                        "game": s.game,
                        "rating_before": cents(s.rating_before),
                        "expected": s.expected,
                        "change": cents(s.change),
                        "rating_after": cents(s.rating_after),
                    }
                    for s in steps
                ],
                "new_rating": cents(last),
                "tier": tier_of(args.rating).name,
                "tier_after": tier_of(float(last)).name,
            }
        )
        return 0
    how = _("exact") if args.exact else _("each step rounded to a whole number")
    rules_words = " · " + _("rules {rules}").format(rules=rules.name) if rules else ""
    print(
        _("{games} × {result} vs {opponent} · K {k} · {method}").format(
            games=args.series, result=Result.from_score(score).label, opponent=args.opponent,
            k=args.k,
            method=method.value,
        )
        + f"{rules_words} · {how}"
    )  # fmt: skip
    print_table(
        [_("game"), _("before"), _("expected"), _("change"), _("after")],
        [
            [s.game, decimal(cents(s.rating_before), 2), percent(s.expected),
             signed(cents(s.change)), decimal(cents(s.rating_after), 2)]
            for s in steps
        ],
    )  # fmt: skip
    if line := uncertain_line(uncertain):
        print(line)
    return 0
