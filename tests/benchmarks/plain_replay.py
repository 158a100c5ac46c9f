"""The baseline replay: what a plain script does with a player's games, no ORM, no framework.

A `sqlite3` select of the player's games, a monthly FIDE replay loop (400 rule, table PD, 700 cap,
rounding once per month; K fixed at 20: the baseline needs no K rules to cost as much as a replay)
and, as a command, `json.dumps` of the same per-game keys `elotui replay --json` writes, so both
write the same amount of JSON. Used by bench_logbook.py (as a process) and by the bare logbook app
(bare_logbook_app.py, imported).

    python plain_replay.py LOGBOOK NAME|ALL
"""

from __future__ import annotations

import json
import sqlite3
import sys
from bisect import bisect_right
from typing import Any

# Where each PD step starts (FIDE table 8.1.2): |D| of 0-3 gives 50, 4-10 gives 51, …
STARTS = [0,4,11,18,26,33,40,47,54,62,69,77,84,92,99,107,114,122,130,138,146,154,163,171,180,189,
          198,207,216,226,236,246,257,268,279,291,303,316,329,345,358,375,392,412,433,457,485,518,
          560,620,736]  # fmt: skip

GAMES = (
    "select id, date, opponent, opponent_rating, score_halves, event, rated,"
    " coalesce(event_end, date) from game where player_id = ? and rating_list = 'standard'"
    " order by coalesce(event_end, date), date, id"
)


def replay(rows: list[Any] | Any, rating: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The games (with their live rating) and the periods of rows as `GAMES` selects them."""
    games: list[dict[str, Any]] = []
    periods: list[dict[str, Any]] = []
    month: str | None = None
    total = n = 0

    def close() -> None:
        nonlocal rating, total, n
        if month is not None:
            k = min(20, 700 // n) if n else 20
            change = k * total
            rounded = (abs(change) + 50) // 100 * (1 if change >= 0 else -1)
            periods.append({"period": month, "rating_start": rating, "k": 20, "k_applied": k,
                            "n": n, "change": change / 100, "change_rounded": rounded,
                            "rating_end": rating + rounded})  # fmt: skip
            rating += rounded
        total, n = 0, 0

    for gid, day, opponent, opp, halves, event, rated, end in rows:
        if end[:7] != month:
            close()
            month = end[:7]
        counted = opp is not None and bool(rated)
        diff = pd = delta = None
        if counted:
            diff = max(-400, min(400, rating - opp))
            pd = 50 + bisect_right(STARTS, abs(diff)) - 1
            pd = pd if diff >= 0 else 100 - pd
            delta = halves * 50 - pd
            total += delta
            n += 1
        games.append({"id": gid, "date": day, "period": month, "opponent_name": opponent,
                      "opponent_rating": opp, "score": halves / 2, "event": event,
                      "rating_before": rating, "diff_used": diff,
                      "expected": None if pd is None else pd / 100,
                      "delta": None if delta is None else delta / 100,
                      "change": None if delta is None else 20 * delta / 100,
                      "live_rating": rating + 20 * total / 100, "counted": counted,
                      "pooled": False, "not_rated": False})  # fmt: skip
    close()
    return games, periods


def main() -> None:
    path, wanted = sys.argv[1], sys.argv[2]
    connection = sqlite3.connect(path)
    everyone = connection.execute(
        "select id, start_rating, name from player order by id"
    ).fetchall()
    for player_id, rating, name in everyone:
        if wanted not in ("ALL", name):
            continue
        games, periods = replay(connection.execute(GAMES, (player_id,)), rating)
        sys.stdout.write(json.dumps({"player": name, "games": games, "periods": periods}))


if __name__ == "__main__":
    main()
