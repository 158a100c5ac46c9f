"""What `elotui calc`, `period` and `need` share: argument types that name their flag, the rule set
options (`--date`, `--list`), and number formatting for their output.

These never import Textual or SQLAlchemy, so the commands start as fast as Python does.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from datetime import date
from decimal import Decimal
from typing import TYPE_CHECKING, TypeVar

from elotui.cli.common import add_list_option
from elotui.i18n import _
from elotui.rating import inputs

if TYPE_CHECKING:
    from elotui.rating.fide import PeriodGame
    from elotui.rating.rules import RuleSet

# The rating modules are imported inside each command, so a command loads only what it computes
# with (measured in tests/benchmarks/bench_period.py: the whole process is what the user waits for).
METHODS = ("elo", "fide")

T = TypeVar("T")


def checked(parse: Callable[[str], T], flag: str) -> Callable[[str], T]:
    """An argparse type that names the flag in its one-line message."""

    def convert(text: str) -> T:
        try:
            return parse(text)
        except inputs.InvalidInput as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    convert.__name__ = flag
    return convert


def parse_game(text: str) -> PeriodGame:
    """`OPP:RESULT`, or `OPP:RESULT@EVENT` for a game of another event than the period's."""
    from elotui.rating.fide import PeriodGame

    game, at, event = text.partition("@")
    opponent, sep, score = game.partition(":")
    if not sep or (at and not event.strip()):
        raise inputs.InvalidInput(
            _("a game is OPP:RESULT like 2100:1, or OPP:RESULT@EVENT, not {text!r}").format(
                text=text
            )
        )
    return PeriodGame(
        inputs.parse_rating(opponent, _("opponent rating")),
        inputs.parse_score(score),
        event=event.strip() if at else None,
    )


def parse_date_arg(text: str) -> date:
    from elotui.dates import BadDate, parse_date

    try:
        return parse_date(text)
    except BadDate as error:
        raise inputs.InvalidInput(str(error)) from None


def outcome(text: str) -> str:
    """A result as `period --game` and the forms take it (1, 0.5, ½, 0, win…), named win/draw/loss."""
    from elotui.rating.result import Result

    return Result.from_score(inputs.parse_score(text)).word


def hundredths(value: int) -> Decimal:
    """An exact count of hundredths as a two-decimal number: 50 → 0.50, 1000 → 10.00."""
    return Decimal(value).scaleb(-2)


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """`--date` and `--list`: which rule set applies (rules.md §3.7; default today, standard)."""
    parser.add_argument(
        "--date", type=checked(parse_date_arg, "date"), metavar="YYYY-MM-DD",
        help=_("the day whose FIDE rules apply: the event start (default today)"),
    )  # fmt: skip
    add_list_option(parser, _("the rating list whose rules apply (default standard)"), "standard")


def rules_in_force(args: argparse.Namespace) -> tuple[date, RuleSet]:
    """The day and the rule set in force on it, on the list asked for."""
    from elotui.rating.rules import rules_for

    on: date = args.date or date.today()
    return on, rules_for(args.rating_list, on)


def no_cap_help() -> str:
    """`--no-cap`'s help, with today's cap on K × games read from the rule set in force."""
    from elotui.rating.rules import rules_for

    cap = rules_for("standard", date.today()).k_times_games_max
    return _("ignore the K×n ≤ {cap} cap (not FIDE)").format(cap=cap)


def uncertain_line(texts: list[str]) -> str | None:
    return _("Rule uncertain: {decisions}").format(decisions="; ".join(texts)) if texts else None


RATING = checked(inputs.parse_rating, "rating")
OPPONENT = checked(lambda t: inputs.parse_rating(t, _("opponent rating")), "opponent")
K = checked(inputs.parse_k, "K")
