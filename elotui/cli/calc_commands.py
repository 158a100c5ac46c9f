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

from elotui.cli.common import UsageError, add_command, print_json, print_table
from elotui.rating import inputs
from elotui.rating.text import signed

if TYPE_CHECKING:
    from elotui.rating.calculator import Method
    from elotui.rating.fide import PeriodGame, PeriodResult

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
    calc.set_defaults(handler=run_calc)

    period = add_command(sub, "period", "FIDE rating change for one rating period")
    period.add_argument("-r", "--rating", type=rating, required=True, help="rating at period start")
    period.add_argument(
        "-k", type=k, help="K from the list (else from --birth-year/--games-played)"
    )
    period.add_argument("--birth-year", type=_checked(_parse_year, "birth-year"))
    period.add_argument("--games-played", type=_checked(_parse_count, "games-played"))
    period.add_argument("--reached-2400", action="store_true", help="ever published at 2400+")
    period.add_argument(
        "--game", type=_checked(_parse_game, "game"), action="append", default=[],
        metavar="OPP:RESULT", help="a rated game, e.g. 2100:1 or 1900:0.5 (repeat)",
    )  # fmt: skip
    period.add_argument("--date", type=_checked(_parse_date, "date"), help="YYYY-MM-DD")
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


def _calc_single(args: argparse.Namespace, method: Method) -> int:
    from elotui.rating.calculator import single_game
    from elotui.rating.rounding import cents

    game = single_game(args.rating, args.opponent, args.k, method)
    chosen = game.outcomes[args.result] if args.result else None
    if args.json:
        print_json(
            {
                "method": method.value,
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
    print(f"{game.rating} vs {game.opponent} · K {game.k} · {method.value}: {method.description}")
    e = game.expected
    pd = f" (PD {e.pd / 100:.2f})" if e.pd is not None else ""
    rule = f"  400-point rule: D {e.diff} counted as {e.diff_used}" if e.clamped else ""
    print(f"Expected score {e.value * 100:.1f}%{pd}{rule}")
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

    result = several_games(args.rating, args.opponent, args.k, args.games, points, method)
    if args.json:
        print_json(
            {
                "method": method.value,
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
    )
    print("Average-opponent shortcut K·(P − G·E): an estimate, not a game-by-game calculation.")
    print(f"Expected score per game {result.expected.value * 100:.1f}%")
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
    steps = run_series(
        args.rating, args.opponent, args.k, args.series, score, method, exact=args.exact
    )
    last = steps[-1].rating_after
    if args.json:
        print_json(
            {
                "method": method.value,
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
    print(f"{args.series} × {args.result} vs {args.opponent} · K {args.k} · {method.value} · {how}")
    print_table(
        ["game", "before", "expected", "change", "after"],
        [
            [s.game, cents(s.rating_before), f"{s.expected * 100:.1f}%", signed(cents(s.change)),
             cents(s.rating_after)]
            for s in steps
        ],
    )  # fmt: skip
    return 0


# --- period -----------------------------------------------------------------------------------


def _period_k(args: argparse.Namespace, on: date) -> tuple[int, str]:
    from elotui.rating.fide import KProfile, k_factor

    if args.k is not None:
        if args.birth_year is not None or args.games_played is not None or args.reached_2400:
            raise UsageError("period: give either -k or a profile (--birth-year, --games-played)")
        return args.k, "given"
    if args.games_played is None and not args.reached_2400:
        raise UsageError("period: give -k K, or --games-played N (with --birth-year for a junior)")
    profile = KProfile(
        birth_year=args.birth_year,
        games_played=args.games_played or 0,
        reached_2400=args.reached_2400,
    )
    return k_factor(profile, on.year)


def period_document(result: PeriodResult) -> dict[str, Any]:
    return {
        "rating": result.rating,
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

    on = args.date or date.today()
    k, reason = _period_k(args, on)
    games = [PeriodGame(g.opponent, g.score, played_on=on) for g in args.game]
    if not games:
        raise UsageError("period: give at least one --game OPP:RESULT")
    result = period_change(args.rating, games, k, reason, apply_cap=not args.no_cap)
    if args.json:
        print_json({"date": on.isoformat(), **period_document(result)})
        return 0
    cap = f", 700 cap: K {result.k} → {result.k_applied}" if result.cap_applied else ""
    off = " (700 cap off: not FIDE)" if args.no_cap else ""
    print(f"Period of {on:%Y-%m} · rating {result.rating} · K {result.k} ({reason}){cap}{off}")
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
    unrated = "  — below 1400: unrated on the next list" if result.unrated_next_list else ""
    print(f"New rating {result.new_rating}{unrated}")
    print(f"Performance {result.performance}")
    return 0


# --- need -------------------------------------------------------------------------------------


def run_need(args: argparse.Namespace) -> int:
    from elotui.rating.need import points_needed

    need = points_needed(args.rating, args.k, args.target, args.games, args.opponent)
    if args.json:
        print_json(
            {
                "rating": args.rating,
                "k": args.k,
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
        print(f"{args.target} is out of reach in {args.games} games against {args.opponent}.")
    else:
        print(
            f"To reach {args.target}: at least {float(need.min_points):g} of {args.games} against "
            f"{args.opponent} (ends at {need.rating_after})."
        )
    return 0
