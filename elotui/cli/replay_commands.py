"""`elotui replay --player NAME`: the month-by-month FIDE check, the crossings, and (with --json) the games.

The replay is computed from the stored games every time (nothing derived is stored as truth).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from elotui.cli.common import add_command, print_table
from elotui.cli.logbook_commands import find_player, logbook_errors, open_repository, wants_json
from elotui.rating.replay_text import (
    cents,
    end_text,
    k_text,
    published_text,
    rounding_text,
    signed,
    worth_checking,
)

if TYPE_CHECKING:
    from elotui.rating.replay import Replay


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


def print_replay(result: Replay) -> None:
    print(f"{result.player} · current rating {result.current_rating or 'unrated'}")
    rows = []
    for p in result.periods:
        if not worth_checking(p):
            continue  # a month without games or lists: nothing to check
        rows.append(
            [
                p.period + (" *" if p.pre_2024_rules else ""),
                p.rating_start if p.rating_start is not None else "unrated",
                p.n,
                k_text(p),
                p.clamped or "",
                cents(p.change_hundredths),
                signed(p.change_rounded),
                rounding_text(p),
                end_text(p),
                published_text(p),
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
