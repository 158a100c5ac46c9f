"""`elotui replay --player NAME`: the month-by-month FIDE check, the crossings, and (with --json) the games.

The replay is computed from the stored games every time (nothing derived is stored as truth).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from elotui.cli.common import add_command, print_table
from elotui.cli.logbook_commands import find_player, logbook_errors, open_repository, wants_json

if TYPE_CHECKING:
    from elotui.rating.replay import Replay, ReplayPeriod


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    replay = add_command(
        sub, "replay", "replay a player's games: FIDE check per month and crossings"
    )
    replay.add_argument("--player", required=True, metavar="NAME")
    replay.add_argument(
        "--demo", action="store_true", default=argparse.SUPPRESS,
        help="replay from a throwaway copy of the demo logbook",
    )  # fmt: skip
    replay.add_argument("--no-cap", action="store_true", help="ignore the K×n ≤ 700 cap (not FIDE)")
    replay.set_defaults(handler=run_replay)


@logbook_errors
def run_replay(args: argparse.Namespace) -> int:
    from elotui.rating.replay import replay, replay_json

    repository = open_repository(args)
    try:
        player = find_player(repository, args.player)
        games = repository.games_for_replay(player.id)
        published = {p.month: p.rating for p in repository.list_published(player.id)}
    finally:
        repository.close()
    result = replay(player, games, published, apply_cap=not args.no_cap)
    if wants_json(args):
        sys.stdout.write(replay_json(result))
        return 0
    print_replay(result)
    return 0


def _signed(value: int | None) -> str:
    return "" if value is None else f"{value:+}".replace("-", "−")


def _cents(hundredths: int | None) -> str:
    if hundredths is None:
        return ""
    sign = "−" if hundredths < 0 else "+"
    return f"{sign}{abs(hundredths) // 100}.{abs(hundredths) % 100:02d}"


def _k(period: ReplayPeriod) -> str:
    if period.k is None:
        return ""
    capped = f"→{period.k_applied}" if period.cap_applied else ""
    return f"{period.k}{capped} {period.k_reason}"


def _end(period: ReplayPeriod) -> str:
    if period.unrated:
        pool = f"pool {period.pool_games}, Ru {period.initial_rating}" if period.pool_games else ""
        first = " published" if period.initial_published else ""
        return f"unrated ({pool}{first})" if pool else "unrated"
    note = " ↓ unrated next" if period.unrated_next else ""
    return f"{period.rating_end}{note}"


def _published(period: ReplayPeriod) -> str:
    if period.published is None:
        return ""
    return f"{period.published} {'✓' if period.matches_published else '✗'}"


def print_replay(result: Replay) -> None:
    print(f"{result.player} · current rating {result.current_rating or 'unrated'}")
    rows = []
    for p in result.periods:
        if p.n == 0 and not p.published and p.start_source != "published":
            continue  # a month without games or lists: nothing to check
        rounding = ""
        if p.per_game_rounded_total is not None and p.change_rounded is not None:
            rounding = f"{_signed(p.per_game_rounded_total)} ({_signed(p.per_game_rounded_total - p.change_rounded)})"
        rows.append(
            [
                p.period + (" *" if p.pre_2024_rules else ""),
                p.rating_start if p.rating_start is not None else "unrated",
                p.n,
                _k(p),
                p.clamped or "",
                _cents(p.change_hundredths),
                _signed(p.change_rounded),
                rounding,
                _end(p),
                _published(p),
            ]
        )
    print_table(
        ["period", "start", "games", "K (why)", "400", "exact", "rounded", "per game (diff)", "end",
         "published"],
        rows,
    )  # fmt: skip
    if any(p.pre_2024_rules for p in result.periods):
        print(
            "* before March 2024: computed with the current rules (the older ones are not modelled)"
        )
    print()
    if not result.crossings:
        print("No crossings.")
        return
    print("Crossings")
    print_table(
        ["list of", "kind", "from", "to", "rating", "note"],
        [
            [c.date.isoformat(), c.kind, c.from_ or "", f"{c.to} {'↑' if c.direction == 'up' else '↓'}",
             c.rating, c.note]
            for c in result.crossings
        ],
    )  # fmt: skip
