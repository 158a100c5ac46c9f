"""The JSON document of `elotui replay --json` (product.md §4): the CLI's contract, built from a
`elotui.rating.replay.Replay`. Exact hundredths become two-decimal numbers, scores 1 / 0.5 / 0.

`replay_document` is the document as Python values (what a reader of the JSON gets back);
`write_replay_json` writes its text, `json.dumps(replay_document(result), ensure_ascii=False)` and a
newline, byte for byte, as it goes: a batch of games at a time, so the text of 100,000 games (30 MB)
is never one string, nor its 100,000 dicts one list.

`ReplayJsonWriter` writes the same text from a replay that is not kept: a sink the replay hands each
period to (`rating.replay.replay_into`), which writes the period's games and drops them, so memory
holds one period's games whatever the logbook's size. The document names the current rating before
the games, and that is known only after the last period: the games' text waits in a temporary file
(in memory while it is small) until then.
"""

from __future__ import annotations

import io
import json
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from itertools import islice
from typing import IO, Any, TextIO

from elotui.json_stream import json_text, write_json
from elotui.rating.replay import Crossing, Replay, ReplayedGame, ReplayPeriod
from elotui.rating.result import Result
from elotui.rating.rules import RatingList

# The keys of a game, in the document's order: `_game_document` and `_games_text` both follow it.
GAME_KEYS = (
    "id", "date", "period",
    "opponent_name",  # `opponent` is the rating in calc/period (product.md §4)
    "opponent_rating", "score", "event", "rating_before", "diff_used", "expected", "delta",
    "change", "live_rating", "counted", "pooled", "not_rated",
)  # fmt: skip
GAMES_BATCH = 2000  # games written at once: one write of about 600 KB
SPOOLED_IN_MEMORY = 4_000_000  # characters of games' text kept in memory before a temporary file


def _cents(hundredths: int | None) -> float | None:
    """Exact hundredths as a JSON number: `h / 100` prints as the exact two-decimal value (1280 →
    12.8, −5 → −0.05), since the shortest repr of the nearest double is that decimal (checked for
    every |h| ≤ 2,000,000 when this was written; ratings and changes stay far below)."""
    return None if hundredths is None else hundredths / 100


def _game_document(g: ReplayedGame) -> dict[str, Any]:
    return dict(
        zip(
            GAME_KEYS,
            (g.id, g.date.isoformat(), g.period, g.opponent, g.opponent_rating,
             Result.from_halves(g.score_halves).json_number, g.event, g.rating_before,
             g.diff_used, _cents(g.expected), _cents(g.delta), _cents(g.change_hundredths),
             _cents(g.live_hundredths), g.counted, g.pooled, g.not_rated),
            strict=True,
        )
    )  # fmt: skip


# One game's JSON text, `json.dumps(_game_document(g), ensure_ascii=False)`, filled in with `%`:
# each value already its JSON text (`%s` of an int or a float is its repr, as json writes it).
_GAME_TEMPLATE = "{" + ", ".join(f'"{key}": %s' for key in GAME_KEYS) + "}"


def _games_text(games: Sequence[ReplayedGame], texts: dict[object, str]) -> str:
    """The games' JSON texts joined by ", ", as json.dumps joins a list's items.

    Faster than a dict per game encoded by json (half the time for 100,000 games, measured with
    tests/benchmarks/bench_logbook.py): one tuple and one `%` per game. `texts` caches the JSON text
    of the names, events, dates and periods, which games share (`json_text`, escaped as the rest of
    the document)."""
    null = "null"
    score = tuple(json.dumps(Result.from_halves(halves).json_number) for halves in range(3))
    boolean = ("false", "true")
    template = _GAME_TEMPLATE
    pieces: list[str] = []
    append = pieces.append
    for (id_, date, period, opponent, opponent_rating, halves, event, counted, pooled,
         rating_before, diff_used, _clamped, expected, delta, change, live, not_rated) in games:  # fmt: skip
        date_text = texts.get(date)
        if date_text is None:
            date_text = texts[date] = json_text(date.isoformat())
        opponent_text = texts.get(opponent)
        if opponent_text is None:
            opponent_text = texts[opponent] = json_text(opponent)
        event_text = texts.get(event)
        if event_text is None:
            event_text = texts[event] = json_text(event)
        period_text = texts.get(period)
        if period_text is None:
            period_text = texts[period] = json_text(period)
        append(
            template
            % (
                null if id_ is None else id_, date_text, period_text, opponent_text,
                null if opponent_rating is None else opponent_rating, score[halves], event_text,
                null if rating_before is None else rating_before,
                null if diff_used is None else diff_used,
                null if expected is None else expected / 100,
                null if delta is None else delta / 100,
                null if change is None else change / 100,
                null if live is None else live / 100,
                boolean[counted], boolean[pooled], boolean[not_rated],
            )
        )  # fmt: skip
    return ", ".join(pieces)


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
        "published_games": p.published_games,
        "matches_games": p.matches_games,
        "published_k": p.published_k,
        "matches_k": p.matches_k,
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
        "games": [_game_document(g) for g in result.games],
        "periods": [_period_document(p) for p in result.periods],
        "crossings": [_crossing_document(c) for c in result.crossings],
    }


def _head(player: str, current_rating: int | None, apply_cap: bool) -> str:
    """The document's text up to its first game."""
    return (
        f'{{"player": {json_text(player)}, "current_rating": {json_text(current_rating)}, '
        f'"apply_cap": {json_text(apply_cap)}, "games": ['
    )


def _tail(periods: list[dict[str, Any]], crossings: list[dict[str, Any]]) -> str:
    """The document's text after its last game."""
    return f'], "periods": {json_text(periods)}, "crossings": {json_text(crossings)}}}'


def _replay_pieces(result: Replay) -> Iterator[str]:
    """The text of `replay_document(result)` (one line, no newline), in pieces."""
    yield _head(result.player, result.current_rating, result.apply_cap)
    texts: dict[object, str] = {}
    games = iter(result.games)
    separator = ""
    while batch := tuple(islice(games, GAMES_BATCH)):
        yield separator + _games_text(batch, texts)
        separator = ", "
    periods = [_period_document(p) for p in result.periods]
    crossings = [_crossing_document(c) for c in result.crossings]
    yield _tail(periods, crossings)


def write_replay_json(out: TextIO, result: Replay) -> None:
    """Write `replay_document(result)` as one line of JSON, as it is made."""
    write_json(out, _replay_pieces(result))


def _lists_head(player: str, apply_cap: bool) -> str:
    return f'{{"player": {json_text(player)}, "apply_cap": {json_text(apply_cap)}, "lists": {{'


class ReplayJsonWriter:
    """A sink (`rating.replay.PeriodSink`) writing one list's document to `out` once the replay is
    finished, the same text `write_replay_json` writes of the whole `Replay`: `lead` before it and
    `trail` after it (the newline; in `--list all`, the document's key and the braces around)."""

    def __init__(self, out: IO[str], lead: str = "", trail: str = "\n") -> None:
        self._out, self._lead, self._trail = out, lead, trail
        # The games' text until the current rating, which the document names first, is known.
        self._games = tempfile.SpooledTemporaryFile(  # noqa: SIM115 (closed in `finished` or `close`)
            max_size=SPOOLED_IN_MEMORY, mode="w+", encoding="utf-8", newline=""
        )
        self._texts: dict[object, str] = {}
        self._separator = ""
        self._periods: list[dict[str, Any]] = []
        self._crossings: list[dict[str, Any]] = []

    def period(
        self, period: ReplayPeriod, games: list[ReplayedGame], crossings: list[Crossing]
    ) -> None:
        for start in range(0, len(games), GAMES_BATCH):
            batch = games[start : start + GAMES_BATCH]
            self._games.write(self._separator + _games_text(batch, self._texts))
            self._separator = ", "
        self._periods.append(_period_document(period))
        self._crossings.extend(_crossing_document(c) for c in crossings)

    def finished(self, player: str, apply_cap: bool, current_rating: int | None) -> None:
        out = self._out
        out.write(self._lead + _head(player, current_rating, apply_cap))
        with self._games as games:
            games.seek(0)
            shutil.copyfileobj(games, out)
        out.write(_tail(self._periods, self._crossings) + self._trail)

    def close(self) -> None:
        """Let go of the games' text: a replay stopped before its end (a date out of range) leaves
        no temporary file behind. Closing twice is harmless."""
        self._games.close()


def json_writers(
    out: IO[str], player: str, apply_cap: bool, lists: Sequence[RatingList], *, keyed: bool
) -> dict[RatingList, ReplayJsonWriter]:
    """A writer for each list, to be finished in the order of `lists`: one document (one list), or
    with `keyed` the document of `--list all`: each list's document keyed by its name
    (standard, rapid, blitz), in the order of `lists`."""
    if not keyed:
        (only,) = lists
        return {only: ReplayJsonWriter(out)}
    writers = {}
    for index, name in enumerate(lists):
        lead = (_lists_head(player, apply_cap) if index == 0 else ", ") + f"{json_text(name)}: "
        trail = "}}\n" if index == len(lists) - 1 else ""
        writers[name] = ReplayJsonWriter(out, lead, trail)
    return writers


def replay_json(result: Replay) -> str:
    """`write_replay_json`'s text."""
    out = io.StringIO()
    write_replay_json(out, result)
    return out.getvalue()
