"""`replay --json` is written as it is made (issue 13 item 3), and its text is byte for byte the
`json.dumps(replay_document(...), ensure_ascii=False)` it always was (elotui/cli/replay_json.py
writes each game with a template instead of encoding a dict: these tests hold the two together)."""

from __future__ import annotations

import datetime as dt
import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elotui.cli import replay_json
from elotui.rating.replay import Replay, ReplayGame, ReplayPlayer, replay, replay_lists
from elotui.rating.rules import RatingList
from elotui.safe_text import json_escaped, unsafe_character


def _dumps(document: object) -> str:
    """What the document's text was before it was streamed (terminal controls escaped)."""
    return json_escaped(json.dumps(document, ensure_ascii=False)) + "\n"


names = st.one_of(st.none(), st.sampled_from(["Ana", 'Zoë "Z"', "B\x9bob", "Ev\u202e", "", "1"]))
games = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=900),  # day offset from 2021-06-01 (three rule eras)
        st.one_of(st.none(), st.integers(min_value=1000, max_value=2900)),  # opponent's rating
        st.sampled_from([0, 1, 2]),  # score in halves
        st.one_of(st.none(), st.integers(min_value=1000, max_value=2900)),  # own rating
        names,  # event
        names,  # opponent
        st.booleans(),  # rated
        st.one_of(st.none(), st.integers(min_value=1, max_value=10**6)),  # id
    ),
    max_size=40,
)


def _replays(raw: list[tuple[int, int | None, int, int | None, str | None, str | None, bool,
             int | None]], start: int | None) -> dict[RatingList, Replay]:  # fmt: skip
    first = dt.date(2021, 6, 1)
    built = [
        ReplayGame(first + dt.timedelta(days=d), opp, halves, own_rating=own, event=event,
                   opponent=opponent, rated=rated, id=id_)
        for d, opp, halves, own, event, opponent, rated, id_ in raw
    ]  # fmt: skip
    player = ReplayPlayer("P\u202e", birth_year=2008, start_rating=start, games_before=3)
    by_list: dict[RatingList, list[ReplayGame]] = {"standard": built, "blitz": built[::2]}
    return replay_lists(player, by_list, {"blitz": {"2022-01": 2100}}, lists=("standard", "blitz"))


@settings(max_examples=150, deadline=None)
@given(games, st.one_of(st.none(), st.integers(min_value=1000, max_value=2800)), st.booleans())
def test_the_written_text_is_json_dumps_of_the_document(
    raw: list[tuple[int, int | None, int, int | None, str | None, str | None, bool, int | None]],
    start: int | None,
    small_batches: bool,
) -> None:
    results = _replays(raw, start)
    with pytest.MonkeyPatch.context() as patch:
        if small_batches:  # several batches, the last one short
            patch.setattr(replay_json, "GAMES_BATCH", 3)
        for result in results.values():
            assert replay_json.replay_json(result) == _dumps(replay_json.replay_document(result))
        everything = {
            "player": "P\u202e",
            "apply_cap": True,
            "lists": {name: replay_json.replay_document(r) for name, r in results.items()},
        }
        text = replay_json.lists_json("P\u202e", True, results)
    assert text == _dumps(everything)
    assert unsafe_character(text.replace("\n", " ")) is None


def test_the_first_games_are_written_before_the_rest_are_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(replay_json, "GAMES_BATCH", 2)
    player = ReplayPlayer("Ana", birth_year=1980, start_rating=1800, games_before=100)
    played = [ReplayGame(dt.date(2025, 10, 1 + i), 1700, 2, opponent=f"Opp {i}") for i in range(7)]
    result = replay(player, played, {})
    made: list[int] = []
    games_text = replay_json._games_text

    def counted(batch: tuple[object, ...], texts: dict[object, str]) -> str:
        made.append(len(batch))
        return games_text(batch, texts)  # type: ignore[arg-type]

    monkeypatch.setattr(replay_json, "_games_text", counted)
    written_when: list[int] = []

    class Out(io.StringIO):
        def write(self, text: str) -> int:
            if '"Opp 0"' in text:
                written_when.append(sum(made))
            return super().write(text)

    replay_json.write_replay_json(Out(), result)
    assert made == [2, 2, 2, 1]  # 7 games, two at a time
    assert written_when == [2]  # the first two were out before the other five were made
