"""The JSON document of `elotui replay --json` (product.md §4): the CLI's contract, built from a
`elotui.rating.replay.Replay`. Exact hundredths become two-decimal numbers, scores 1 / 0.5 / 0.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from elotui.bulk import gc_paused
from elotui.rating.replay import Crossing, Replay, ReplayedGame, ReplayPeriod
from elotui.rating.result import Result
from elotui.rating.rules import RatingList
from elotui.safe_text import json_escaped, unsafe_character


def _cents(hundredths: int | None) -> float | None:
    """Exact hundredths as a JSON number: `h / 100` prints as the exact two-decimal value (1280 →
    12.8, −5 → −0.05), since the shortest repr of the nearest double is that decimal (checked for
    every |h| ≤ 2,000,000 when this was written; ratings and changes stay far below)."""
    return None if hundredths is None else hundredths / 100


def _game_documents(games: Sequence[ReplayedGame]) -> list[dict[str, Any]]:
    """The `games[]` of the document. One comprehension over the tuples' fields, with the
    hundredths divided inline (see `_cents`): the per-game function calls and attribute reads were a
    third of `replay --json`'s time for 100,000 games (tests/benchmarks/bench_logbook.py)."""
    score = tuple(Result.from_halves(halves).json_number for halves in range(3))
    return [
        {
            "id": id_,
            "date": date.isoformat(),
            "period": period,
            "opponent_name": opponent,  # `opponent` is the rating in calc/period (product.md §4)
            "opponent_rating": opponent_rating,
            "score": score[halves],
            "event": event,
            "rating_before": rating_before,
            "diff_used": diff_used,
            "expected": None if expected is None else expected / 100,
            "delta": None if delta is None else delta / 100,
            "change": None if change is None else change / 100,
            "live_rating": None if live is None else live / 100,
            "counted": counted,
            "pooled": pooled,
            "not_rated": not_rated,
        }
        for (id_, date, period, opponent, opponent_rating, halves, event, counted, pooled,
             rating_before, diff_used, _clamped, expected, delta, change, live, not_rated) in games
    ]  # fmt: skip


def _period_document(p: ReplayPeriod) -> dict[str, Any]:
    return {
        "period": p.period,
        "rating_start": p.rating_start,
        "start_source": p.start_source,
        "unrated": p.unrated,
        "k": p.k,
        "k_applied": p.k_applied,
        "k_reason": p.k_reason,
        "cap_applied": p.cap_applied,
        "games_played_before": p.games_played_before,
        "n": p.n,
        "score": p.score_halves / 2,
        "sum_delta": _cents(p.sum_delta),
        "change": _cents(p.change_hundredths),
        "change_rounded": p.change_rounded,
        "per_event_rounded_total": p.per_event_rounded_total,
        "per_game_rounded_total": p.per_game_rounded_total,
        "clamped": p.clamped,
        "performance": p.performance,
        "rating_end": p.rating_end,
        "unrated_next_list": p.unrated_next,  # the name `period` gives it (product.md §4)
        "published": p.published,
        "matches_published": p.matches_published,
        "rules": p.rules,
        "rules_uncertain": list(p.uncertain),
        "rules_uncertain_ids": [decision.id for decision in p.decisions],  # the same order
        "pool_games": p.pool_games,
        "initial_rating": p.initial_rating,
        "initial_published": p.initial_published,
        "raised_to": p.raised_to,
    }


def _crossing_document(c: Crossing) -> dict[str, Any]:
    return {
        "period": c.period,
        "date": c.date.isoformat(),
        "kind": c.kind,
        "from": c.from_,
        "to": c.to,
        "direction": c.direction,
        "rating": c.rating,
        "note": c.note,
    }


def replay_document(result: Replay) -> dict[str, Any]:
    """The `replay` JSON document: exact hundredths as two-decimal numbers, scores as 1 / 0.5 / 0."""
    return {
        "player": result.player,
        "current_rating": result.current_rating,
        "apply_cap": result.apply_cap,
        "games": _game_documents(result.games),
        "periods": [_period_document(p) for p in result.periods],
        "crossings": [_crossing_document(c) for c in result.crossings],
    }


def replay_json(result: Replay) -> str:
    """`replay_document(result)` as JSON text: plain ints, floats and strings, so the C encoder does
    the work (100,000 games in a fraction of a second)."""
    return _json_text(lambda: replay_document(result), [result])


def lists_json(player: str, apply_cap: bool, results: Mapping[RatingList, Replay]) -> str:
    """`replay --list all`: the one-list document of each list, keyed by list (standard, rapid,
    blitz)."""

    def document() -> dict[str, Any]:
        return {
            "player": player,
            "apply_cap": apply_cap,
            "lists": {name: replay_document(result) for name, result in results.items()},
        }

    return _json_text(document, list(results.values()))


def _json_text(document_of: Callable[[], dict[str, Any]], replays: list[Replay]) -> str:
    """The document as one line of JSON. A name or event holding a C1 control or a direction
    override (stored by an older elotui) is written as a \\u escape, as every JSON output does; only
    those strings come from outside, so the whole text (20 MB for 100,000 games) is scanned again
    only when one of them holds such a character.

    The document is built and encoded with the collector paused: 100,000 fresh dicts and no cycles,
    which it would otherwise walk again and again (as in the replay, `elotui.bulk`). It holds no
    cycle either (fresh dicts and lists of plain values), so the encoder's check for one is skipped
    (a tenth of the encoding's time)."""
    with gc_paused():
        text = json.dumps(document_of(), ensure_ascii=False, check_circular=False)
    if any(_holds_unsafe_text(result) for result in replays):
        text = json_escaped(text)
    return text + "\n"


def _holds_unsafe_text(result: Replay) -> bool:
    texts = {result.player}
    texts.update({game.opponent for game in result.games if game.opponent})
    texts.update({game.event for game in result.games if game.event})
    return unsafe_character(" ".join(texts)) is not None
