"""`elotui calc`, `elotui period`, `elotui need`: the calculator on the command line.

These never import Textual or SQLAlchemy, so they start as fast as Python does.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

from elotui.cli.common import UsageError, add_command, add_list_option, print_json, print_table
from elotui.rating import inputs
from elotui.rating.text import signed

if TYPE_CHECKING:
    from elotui.rating.calculator import Method
    from elotui.rating.fide import KProfile, PeriodGame, PeriodResult
    from elotui.rating.rules import RuleSet

# The rating modules are imported inside each command, so a command loads only what it computes
# with (measured in tests/benchmarks/bench_period.py: the whole process is what the user waits for).
METHODS = ("elo", "fide")

T = TypeVar("T")


def _checked(parse: Callable[[str], T], flag: str) -> Callable[[str], T]:
    """An argparse type that names the flag in its one-line message."""

    def convert(text: str) -> T:
        try:
            return parse(text)
        except inputs.InvalidInput as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    convert.__name__ = flag
    return convert


def _parse_game(text: str) -> PeriodGame:
    from elotui.rating.fide import PeriodGame

    opponent, sep, score = text.partition(":")
    if not sep:
        raise inputs.InvalidInput(f"a game is OPPONENT_RATING:RESULT like 2100:1, not {text!r}")
    return PeriodGame(inputs.parse_rating(opponent, "opponent rating"), inputs.parse_score(score))


def _parse_date(text: str) -> date:
    from elotui.dates import BadDate, parse_date

    try:
        return parse_date(text)
    except BadDate as error:
        raise inputs.InvalidInput(str(error)) from None


_OUTCOMES = {Fraction(1): "win", Fraction(1, 2): "draw", Fraction(0): "loss"}


def _outcome(text: str) -> str:
    """A result as `period --game` and the forms take it (1, 0.5, ½, 0, win…), named win/draw/loss."""
    return _OUTCOMES[inputs.parse_score(text)]


def _hundredths(value: int) -> Decimal:
    """An exact count of hundredths as a two-decimal number: 50 → 0.50, 1000 → 10.00."""
    return Decimal(value).scaleb(-2)


def _add_rules_options(parser: argparse.ArgumentParser) -> None:
    """`--date` and `--list`: which rule set applies (rules.md §3.7; default today, standard)."""
    parser.add_argument(
        "--date", type=_checked(_parse_date, "date"), metavar="YYYY-MM-DD",
        help="the day whose FIDE rules apply: the event start (default today)",
    )  # fmt: skip
    add_list_option(parser, "the rating list whose rules apply (default standard)", "standard")


def _rules(args: argparse.Namespace) -> tuple[date, RuleSet]:
    """The day and the rule set in force on it, on the list asked for."""
    from elotui.rating.rules import rules_for

    on: date = args.date or date.today()
    return on, rules_for(args.rating_list, on)


def _uncertain_line(texts: list[str]) -> str | None:
    return f"Rule uncertain: {'; '.join(texts)}" if texts else None


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rating = _checked(inputs.parse_rating, "rating")
    opponent = _checked(lambda t: inputs.parse_rating(t, "opponent rating"), "opponent")
    k = _checked(inputs.parse_k, "K")

    calc = add_command(sub, "calc", "rating change for one game, several games, or a series")
    calc.add_argument("-r", "--rating", type=rating, required=True, help="your rating")
    calc.add_argument("-o", "--opponent", type=opponent, required=True, help="opponent rating")
    calc.add_argument("-k", type=k, default=20, help="K factor, 1-100 (default 20)")
    calc.add_argument(
        "--result", type=_checked(_outcome, "result"), metavar="1|0.5|0",
        help="the result played: 1, 0.5 (or ½), 0, or win, draw, loss",
    )  # fmt: skip
    calc.add_argument("--method", choices=METHODS, default="elo")
    calc.add_argument("--games", type=_checked(inputs.parse_games, "games"), help="several games")
    calc.add_argument("--points", help="total points over --games (halves allowed)")
    calc.add_argument("--series", type=_checked(inputs.parse_games, "series"), metavar="N")
    calc.add_argument("--exact", action="store_true", help="series without rounding each step")
    _add_rules_options(calc)
    calc.set_defaults(handler=run_calc)

    period = add_command(sub, "period", "FIDE rating change for one rating period")
    period.add_argument("-r", "--rating", type=rating, required=True, help="rating at period start")
    period.add_argument(
        "-k", type=k, help="K from the list (else from --birth-year/--games-played)"
    )
    period.add_argument("--birth-year", type=_checked(_parse_year, "birth-year"))
    period.add_argument("--games-played", type=_checked(_parse_count, "games-played"))
    period.add_argument("--reached-2400", action="store_true", help="ever published at 2400+")
    period.add_argument("--reached-2300", action="store_true", help="ever published at 2300+")
    period.add_argument(
        "--game", type=_checked(_parse_game, "game"), action="append", default=[],
        metavar="OPP:RESULT", help="a rated game, e.g. 2100:1 or 1900:0.5 (repeat)",
    )  # fmt: skip
    _add_rules_options(period)
    period.add_argument("--no-cap", action="store_true", help="ignore the K×n ≤ 700 cap (not FIDE)")
    period.set_defaults(handler=run_period)

    need = add_command(sub, "need", "least score in the remaining games to reach a target")
    need.add_argument("-r", "--rating", type=rating, required=True)
    need.add_argument("-k", type=k, required=True)
    need.add_argument(
        "--target",
        type=_checked(lambda t: inputs.parse_rating(t, "target"), "target"),
        required=True,
    )
    need.add_argument("--games", type=_checked(inputs.parse_games, "games"), required=True)
    need.add_argument("--opponent", type=opponent, required=True, help="their average rating")
    _add_rules_options(need)
    need.add_argument("--no-cap", action="store_true", help="ignore the K×n ≤ 700 cap (not FIDE)")
    need.set_defaults(handler=run_need)


def _parse_year(text: str) -> int:
    value = inputs.whole_number(text, "birth year")
    if not 1900 <= value <= 2100:
        raise inputs.InvalidInput(f"birth year must be from 1900 to 2100, not {value}")
    return value


def _parse_count(text: str) -> int:
    value = inputs.whole_number(text, "games played")
    if value < 0:
        raise inputs.InvalidInput(f"games played cannot be negative, not {value}")
    return value


# --- calc -------------------------------------------------------------------------------------


def run_calc(args: argparse.Namespace) -> int:
    from elotui.rating.calculator import Method

    method = Method(args.method)
    if args.points is not None and args.games is None:
        raise UsageError("calc: --points needs --games")
    if args.games is not None:
        if args.points is None:
            raise UsageError("calc: --games needs --points")
        try:
            points = inputs.parse_points(args.points, args.games)
        except inputs.InvalidInput as error:
            raise UsageError(f"calc: --points: {error}") from None
        return _calc_several(args, method, points)
    if args.series is not None:
        if args.result is None:
            raise UsageError("calc: --series needs --result 1|0.5|0 (or win, draw, loss)")
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

    if method is not Method.FIDE:
        return None, [], f"{method.value}: {method.text()}"
    on, rules = _rules(args)
    diff = args.rating - args.opponent
    marks = game_marks(rules, on, diff, counted_diff(rules, args.rating, args.opponent))
    return (
        rules,
        uncertain_texts(marks),
        f"{method.value} · rules {rules.name}: {method.text(rules)}",
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
    print(f"{game.rating} vs {game.opponent} · K {game.k} · {words}")
    e = game.expected
    pd = f" (PD {e.pd / 100:.2f})" if e.pd is not None else ""
    limit = rules.difference.limit if rules else None
    rule = f"  {limit}-point rule: D {e.diff} counted as {e.diff_used}" if e.clamped else ""
    print(f"Expected score {e.value * 100:.1f}%{pd}{rule}")
    if line := _uncertain_line(uncertain):
        print(line)
    print("  a draw counts half a point: this is not a strict win probability")
    print()
    rows = []
    for name, o in game.outcomes.items():
        crossing = f"{o.crossing.direction} to {o.crossing.after.name}" if o.crossing else ""
        mark = "→" if name == args.result else ""
        rows.append(
            [f"{mark}{name}", signed(o.change_cents), signed(o.rounded), o.new_rating, crossing]
        )
    print_table(["result", "change", "rounded", "new rating", "tier crossing"], rows)
    print()
    print(f"Tier: {game.tier.name}" + (f" → {chosen.tier_after.name}" if chosen else ""))
    return 0


def _calc_several(args: argparse.Namespace, method: Method, points: Fraction) -> int:
    from elotui.rating.calculator import several_games
    from elotui.rating.rounding import cents
    from elotui.rating.tiers import tier_of

    rules, uncertain, _ = _method_rules(args, method)
    result = several_games(
        args.rating, args.opponent, args.k, args.games, points, method, rules=rules
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
                "points": float(points),
                "change": cents(result.change),
                "rounded": result.rounded,
                "new_rating": result.new_rating,
                "tier": tier_of(result.rating).name,
                "tier_after": tier_of(result.new_rating).name,
                "estimate": "average-opponent shortcut: K·(P − G·E)",
            }
        )
        return 0
    print(
        f"{result.games} games, {float(points):g} points vs average {result.opponent} · K {result.k}"
        + (f" · rules {rules.name}" if rules else "")
    )
    print("Average-opponent shortcut K·(P − G·E): an estimate, not a game-by-game calculation.")
    print(f"Expected score per game {result.expected.value * 100:.1f}%")
    if line := _uncertain_line(uncertain):
        print(line)
    print(f"Change {signed(cents(result.change))} → {signed(result.rounded)}")
    print(
        f"New rating {result.new_rating} ({tier_of(result.rating).name} → {tier_of(result.new_rating).name})"
    )
    return 0


def _calc_series(args: argparse.Namespace, method: Method) -> int:
    from elotui.rating.calculator import series as run_series
    from elotui.rating.rounding import cents
    from elotui.rating.tiers import tier_of

    score = inputs.parse_score(args.result)
    rules, uncertain, _ = _method_rules(args, method)
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
    how = "exact" if args.exact else "each step rounded to a whole number"
    rules_words = f" · rules {rules.name}" if rules else ""
    print(
        f"{args.series} × {args.result} vs {args.opponent} · K {args.k} · {method.value}{rules_words}"
        f" · {how}"
    )
    print_table(
        ["game", "before", "expected", "change", "after"],
        [
            [s.game, cents(s.rating_before), f"{s.expected * 100:.1f}%", signed(cents(s.change)),
             cents(s.rating_after)]
            for s in steps
        ],
    )  # fmt: skip
    if line := _uncertain_line(uncertain):
        print(line)
    return 0


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
                "period: give either -k or a profile (--birth-year, --games-played, --reached-…)"
            )
        return args.k, "given", None
    if args.games_played is None and not args.reached_2400:
        raise UsageError("period: give -k K, or --games-played N (with --birth-year for a junior)")
    given = KProfile(
        birth_year=args.birth_year,
        games_played=args.games_played or 0,
        reached_2400=args.reached_2400,
        reached_2300=args.reached_2300,
    )
    profile = profile_with_rating(given, rules, args.rating)
    k, reason = k_factor(profile, on.year, rules)
    return k, reason, profile


def period_document(result: PeriodResult) -> dict[str, Any]:
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
                "pd": _hundredths(g.pd),
                "expected": _hundredths(g.pd),
                "delta": _hundredths(g.delta),
            }
            for g in result.games
        ],
        "n": result.n,
        "score": float(result.score),
        "sum_delta": _hundredths(result.sum_delta),
        "change": _hundredths(result.change_hundredths),
        "change_rounded": result.change_rounded,
        "per_game_rounded_total": result.per_game_rounded_total,
        "new_rating": result.new_rating,
        "unrated_next_list": result.unrated_next_list,
        "performance": result.performance,
    }


def run_period(args: argparse.Namespace) -> int:
    from elotui.rating.fide import PeriodGame, period_change
    from elotui.rating.rules.uncertain import period_marks, uncertain_texts

    on, rules = _rules(args)
    k, reason, profile = _period_k(args, on, rules)
    games = [PeriodGame(g.opponent, g.score, played_on=on) for g in args.game]
    if not games:
        raise UsageError("period: give at least one --game OPP:RESULT")
    result = period_change(args.rating, games, k, reason, apply_cap=not args.no_cap, rules=rules)
    uncertain = uncertain_texts(period_marks(rules, result, on, profile))
    if args.json:
        document = period_document(result)
        print_json({"date": on.isoformat(), **document, "rules_uncertain": uncertain})
        return 0
    cap = f", 700 cap: K {result.k} → {result.k_applied}" if result.cap_applied else ""
    if args.no_cap:
        off = " (700 cap off: not FIDE)" if rules.k_times_games_max else ""
    elif rules.k_times_games_max is None:
        off = " (no 700 cap in this era)" if result.k * result.n > 700 else ""
    else:
        off = ""
    print(
        f"Period of {on:%Y-%m} · rules {rules.name} · rating {result.rating} · K {result.k} ({reason})"
        f"{cap}{off}"
    )
    print_table(
        ["#", "opponent", "result", "D", "D used", "PD", "ΔR"],
        [
            [i, g.opponent, f"{float(g.score):g}", signed(g.diff), signed(g.diff_used),
             f"{g.pd / 100:.2f}", signed(_hundredths(g.delta))]
            for i, g in enumerate(result.games, 1)
        ],
    )  # fmt: skip
    print()
    print(
        f"Games {result.n}, score {float(result.score):g}, Σ ΔR {signed(_hundredths(result.sum_delta))}"
    )
    print(
        f"Change K×ΣΔR = {signed(_hundredths(result.change_hundredths))} → {signed(result.change_rounded)}"
        f" (rounded once; per game rounded would give {signed(result.per_game_rounded_total)})"
    )
    unrated = (
        f"  — below {result.floor}: unrated on the next list" if result.unrated_next_list else ""
    )
    print(f"New rating {result.new_rating}{unrated}")
    print(f"Performance {result.performance}")
    if line := _uncertain_line(uncertain):
        print(line)
    return 0


# --- need -------------------------------------------------------------------------------------


def run_need(args: argparse.Namespace) -> int:
    from elotui.rating.need import points_needed
    from elotui.rating.rules.uncertain import period_marks, uncertain_texts

    on, rules = _rules(args)
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
            f"{args.target} is out of reach in {args.games} games against {args.opponent}"
            f" (rules {rules.name})."
        )
    else:
        print(
            f"To reach {args.target}: at least {float(need.min_points):g} of {args.games} against "
            f"{args.opponent} (ends at {need.rating_after}; rules {rules.name})."
        )
    if line := _uncertain_line(uncertain):
        print(line)
    return 0
