"""The replay: one player's games → the FIDE period-by-period report (product.md §2).

- `given`: what it reads (`ReplayPlayer`, `ReplayGame`, or anything shaped like them, and
  `ReplayOptions`, `StandardInForce`);
- `report`: what it returns (`Replay` of `ReplayedGame`, `ReplayPeriod`, `Crossing`, or the same a
  period at a time to a `PeriodSink`);
- `loop`: the period loop, `replay(player, games, published)` and, a period at a time,
  `replay_into(player, games_by_period, published, sink)`;
- `order`: the games' periods and order (`by_period`), a period at a time (`period_runs`, `periods_in`);
- `sinks`: `ReplayCollector`, the sink that keeps everything (a `Replay`);
- `lists`: the three lists together, standard first (`replay_lists`, `replay_lists_into`,
  `standard_in_force`);
- `incremental`: a replay kept for its next change (`KeptReplay`);
- `pool`: the initial-rating pool of an unrated player;
- `crossings`: tiers, titles, K 10 and the floor between consecutive lists.
The periods, lists and months are `elotui.rating.calendar`; the rules `elotui.rating.rules`; the JSON
document of `elotui replay --json` is the CLI's (`elotui.cli.replay_json`).
"""

from __future__ import annotations

from elotui.rating.replay.given import (
    GameLike,
    ListFigures,
    PlayerLike,
    Published,
    ReplayGame,
    ReplayOptions,
    ReplayPlayer,
    StandardInForce,
)
from elotui.rating.replay.lists import replay_lists, replay_lists_into, standard_in_force
from elotui.rating.replay.loop import replay, replay_into
from elotui.rating.replay.order import periods_in
from elotui.rating.replay.report import (
    Crossing,
    CrossingKind,
    PeriodSink,
    Replay,
    ReplayedGame,
    ReplayPeriod,
    StartSource,
)

__all__ = [
    "Crossing",
    "CrossingKind",
    "GameLike",
    "ListFigures",
    "PeriodSink",
    "PlayerLike",
    "Published",
    "Replay",
    "ReplayGame",
    "ReplayOptions",
    "ReplayPeriod",
    "ReplayPlayer",
    "ReplayedGame",
    "StandardInForce",
    "StartSource",
    "periods_in",
    "replay",
    "replay_into",
    "replay_lists",
    "replay_lists_into",
    "standard_in_force",
]
