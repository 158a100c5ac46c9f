"""What a replay hands its periods to (`records.PeriodSink`) when the caller keeps them: all of them
(`ReplayCollector`: the `Replay` that `loop.replay` returns and `incremental.KeptReplay` keeps).

A sink that keeps less holds less: `elotui replay --json` writes each period's games and drops them
(`elotui.cli.replay_json`), so its memory does not grow with the logbook.
"""

from __future__ import annotations

from elotui.rating.replay.report import Crossing, Replay, ReplayedGame, ReplayPeriod


class ReplayCollector:
    """Keeps every period, game and crossing; `replay` is the whole `Replay` once it is finished.

    `incremental` goes back to a period's start by cutting these lists (`forget_from`)."""

    def __init__(self) -> None:
        self.games: list[ReplayedGame] = []
        self.periods: list[ReplayPeriod] = []
        self.crossings: list[Crossing] = []
        self.replay: Replay | None = None

    def period(
        self, period: ReplayPeriod, games: list[ReplayedGame], crossings: list[Crossing]
    ) -> None:
        self.periods.append(period)
        self.games.extend(games)
        self.crossings.extend(crossings)

    def finished(self, player: str, apply_cap: bool, current_rating: int | None) -> None:
        self.replay = Replay(
            player=player,
            games=tuple(self.games),
            periods=tuple(self.periods),
            crossings=tuple(self.crossings),
            apply_cap=apply_cap,
            current_rating=current_rating,
        )

    def forget_from(self, periods: int, games: int, crossings: int) -> None:
        """Forget what came from the period of index `periods` on (its first game and crossing are
        `games` and `crossings`)."""
        del self.periods[periods:]
        del self.games[games:]
        del self.crossings[crossings:]

    @property
    def result(self) -> Replay:
        """The `Replay`, once `finished`."""
        assert self.replay is not None, "the replay is not finished"
        return self.replay
