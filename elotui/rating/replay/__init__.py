"""The replay: one player's games → the FIDE period-by-period report (product.md §2).

- `records`: what it reads (`ReplayPlayer`, `ReplayGame`, or anything shaped like them) and returns
  (`Replay` of `ReplayedGame`, `ReplayPeriod`, `Crossing`);
- `loop`: the period loop, `replay(player, games, published)`;
- `lists`: the three lists together, standard first (`replay_lists`, `standard_in_force`);
- `pool`: the initial-rating pool of an unrated player;
- `crossings`: tiers, titles, K 10 and the floor between consecutive lists.
The periods, lists and months are `elotui.rating.calendar`; the rules `elotui.rating.rules`; the JSON
document of `elotui replay --json` is the CLI's (`elotui.cli.replay_json`).
"""

from __future__ import annotations

from elotui.rating.replay.lists import StandardInForce, replay_lists, standard_in_force
from elotui.rating.replay.loop import replay
from elotui.rating.replay.records import (
    Crossing,
    CrossingKind,
    GameLike,
    PlayerLike,
    Replay,
    ReplayedGame,
    ReplayGame,
    ReplayPeriod,
    ReplayPlayer,
    StartSource,
)

__all__ = [
    "Crossing",
    "CrossingKind",
    "GameLike",
    "PlayerLike",
    "Replay",
    "ReplayGame",
    "ReplayPeriod",
    "ReplayPlayer",
    "ReplayedGame",
    "StandardInForce",
    "StartSource",
    "replay",
    "replay_lists",
    "standard_in_force",
]
