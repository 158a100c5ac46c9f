"""The initial-rating pool of one unrated stretch (8.2, rules.md §2.8–§2.9), kept as totals per period.

The pool holds rated games against rated opponents of the current unrated stretch within the window of
the rule set (26 months) ending with the current period. "First event" is the first event that enters
the pool after the player starts unrated (or is delisted: the procedure restarts). An event is the games
sharing an event name; a game without one is an event on its own. The first event is ignored while its
score so far is at most the rule set's limit (0, or ½ before 2014-07). Ru itself is
`rules.initial.initial_from_totals`.
"""

from __future__ import annotations

from collections import deque


class InitialPool:
    def __init__(self) -> None:
        self.first_event: object = None  # key of the first event, once a game entered
        self.first_event_halves = 0
        # per period: [first month, n, Σopp, halves] for other events and for the first event
        self.rest: deque[list[int]] = deque()
        self.first: deque[list[int]] = deque()

    def add(self, month: int, event_key: object, opponent: int, halves: int) -> None:
        if self.first_event is None:
            self.first_event = event_key
        if event_key == self.first_event:
            self.first_event_halves += halves
            target = self.first
        else:
            target = self.rest
        if not target or target[-1][0] != month:
            target.append([month, 0, 0, 0])
        row = target[-1]
        row[1] += 1
        row[2] += opponent
        row[3] += halves

    def totals(
        self, last_month: int, window_months: int, first_event_ignored_up_to: int
    ) -> tuple[int, int, int]:
        """(n, Σopp, halves) of the pool: periods starting in the window ending with `last_month`."""
        oldest = last_month - window_months + 1
        for rows in (self.rest, self.first):
            while rows and rows[0][0] < oldest:
                rows.popleft()
        n = total = halves = 0
        counts_first = self.first_event_halves > first_event_ignored_up_to
        for rows in (self.rest, self.first) if counts_first else (self.rest,):
            for _, games, opponents, points in rows:
                n += games
                total += opponents
                halves += points
        return n, total, halves

    def copy(self) -> InitialPool:
        """A pool with the same games that changes apart from this one (a replay's kept state)."""
        kept = InitialPool()
        kept.first_event = self.first_event
        kept.first_event_halves = self.first_event_halves
        kept.rest = deque([list(row) for row in self.rest])
        kept.first = deque([list(row) for row in self.first])
        return kept
