"""`replay --json` is written as it is made (issue 13 item 3), and its text is byte for byte the
`json.dumps(replay_document(...), ensure_ascii=False)` it always was (elotui/cli/replay_json.py
writes each game with a template instead of encoding a dict: these tests hold the two together).
From a logbook, `elotui replay` reads the games as a stream and hands the replay a period at a time
(`LogbookReader.games_as_stream`, `order.periods_in`): the same text as the whole replay's, with
one period's games in memory at a time."""

from __future__ import annotations

import datetime as dt
import io
import json
from collections.abc import Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elotui.cli import replay_json
from elotui.logbook import reader as reader_module
from elotui.logbook.paths import resolve_db_path
from elotui.logbook.reader import open_reader
from elotui.logbook.records import RATING_LISTS, records_of_rows
from elotui.logbook.repository import NewGame, Repository, open_repository
from elotui.rating.replay import ReplayGame, ReplayPlayer, replay, replay_lists, replay_lists_into
from elotui.rating.replay.order import by_period, period_runs, periods_in
from elotui.rating.rules import RatingList
from elotui.safe_text import json_escaped, unsafe_character
from tests.conftest import SQLITE_ONLY, run_cli
from tests.rating.test_replay_order import dated


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


def _games_of_lists(
    raw: list[tuple[int, int | None, int, int | None, str | None, str | None, bool, int | None]],
) -> dict[RatingList, list[ReplayGame]]:
    first = dt.date(2021, 6, 1)
    built = [
        ReplayGame(first + dt.timedelta(days=d), opp, halves, own_rating=own, event=event,
                   opponent=opponent, rated=rated, id=id_)
        for d, opp, halves, own, event, opponent, rated, id_ in raw
    ]  # fmt: skip
    return {"standard": built, "blitz": built[::2]}


PUBLISHED: dict[RatingList, dict[str, int]] = {"blitz": {"2022-01": 2100}}
LISTS: tuple[RatingList, ...] = ("standard", "blitz")


def _cli_text(
    player: ReplayPlayer, games: dict[RatingList, list[ReplayGame]], lists: tuple[RatingList, ...]
) -> str:
    """What `elotui replay --json` writes of these games (`--list all` when several lists): the
    CLI's writers (`json_writers`), handed the replay a period at a time."""
    out = io.StringIO()
    writers = replay_json.json_writers(out, player.name, True, lists, keyed=len(lists) > 1)
    replay_lists_into(
        player, lambda name: period_runs(*by_period(games.get(name, ()))), PUBLISHED, writers
    )
    return out.getvalue()


@settings(max_examples=150, deadline=None)
@given(games, st.one_of(st.none(), st.integers(min_value=1000, max_value=2800)), st.booleans())
def test_the_written_text_is_json_dumps_of_the_document(
    raw: list[tuple[int, int | None, int, int | None, str | None, str | None, bool, int | None]],
    start: int | None,
    small_batches: bool,
) -> None:
    player = ReplayPlayer("P\u202e", birth_year=2008, start_rating=start, games_before=3)
    by_list = _games_of_lists(raw)
    results = replay_lists(player, by_list, PUBLISHED, lists=LISTS)
    with pytest.MonkeyPatch.context() as patch:
        if small_batches:  # several batches, the last one short
            patch.setattr(replay_json, "GAMES_BATCH", 3)
        for name, result in results.items():
            document = _dumps(replay_json.replay_document(result))
            assert replay_json.replay_json(result) == document
            assert _cli_text(player, by_list, (name,)) == document
        everything = {
            "player": "P\u202e",
            "apply_cap": True,
            "lists": {name: replay_json.replay_document(r) for name, r in results.items()},
        }
        text = _cli_text(player, by_list, LISTS)
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


# --- `elotui replay` from a logbook: the games read as a stream, a period at a time ---------------

stored_games = st.lists(
    st.tuples(
        st.integers(min_value=0, max_value=1300),  # days from 2009-05-01 (`dated`): three eras
        st.one_of(
            st.none(), st.integers(min_value=-10, max_value=70)
        ),  # event's end after the game
        st.one_of(st.none(), st.integers(min_value=-3, max_value=6)),  # a pin, months from the date
        st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(1)]),
        st.sampled_from(["standard", "standard", "rapid"]),
    ),
    max_size=25,
)


@pytest.fixture
def repository(db_address: str) -> Iterator[Repository]:
    opened = open_repository(resolve_db_path(db_address))
    yield opened
    opened.close()


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(raw=stored_games, start=st.one_of(st.none(), st.integers(min_value=1000, max_value=2500)))
def test_replay_reads_the_logbook_as_a_stream_and_writes_what_a_whole_replay_writes(
    repository: Repository,
    db_address: str,
    raw: list[tuple[int, int | None, int | None, Fraction, RatingList]],
    start: int | None,
) -> None:
    # On both backends: each example is a new player of the same logbook.
    name = f"P{len(repository.list_players())}"
    player = repository.add_player(name, start_rating=start, birth_year=1990)
    for index, (offset, end_after, pin_after, score, rating_list) in enumerate(raw):
        day, end, pin = dated(offset, end_after, pin_after)
        repository.add_game(
            player.id,
            NewGame(day, 1400 + 37 * index % 900, score, event=None if end is None else "Open",
                    event_start=None if end is None else min(day, end), event_end=end,
                    rating_list=rating_list, rated_period=pin),
        )  # fmt: skip
    repository.set_published(player.id, "2011-01", 1700)
    reader = open_reader(resolve_db_path(db_address))
    assert reader is not None
    try:
        for rating_list in ("standard", "rapid"):
            whole = repository.games_for_replay(player.id, rating_list)
            out_of_line, in_date_order = reader.games_as_stream(player.id, rating_list)
            streamed = [(m, list(g)) for m, g in periods_in(in_date_order, out_of_line)]
            assert streamed == [(m, list(g)) for m, g in period_runs(*by_period(whole))]
    finally:
        reader.close()
    record = repository.find_player(name)
    games = {name: repository.games_for_replay(player.id, name) for name in RATING_LISTS}
    published = {name: {p.month: p.rating for p in repository.list_published(player.id, name)}
                 for name in RATING_LISTS}  # fmt: skip
    results = replay_lists(record, games, published)
    code, out, err = run_cli("replay", "--json", "--player", name, "--db", db_address)
    assert (code, err) == (0, "")
    assert out == replay_json.replay_json(results["standard"])
    code, out, err = run_cli(
        "replay", "--json", "--list", "all", "--player", name, "--db", db_address
    )
    assert (code, err) == (0, "")
    everything = {
        "player": name,
        "apply_cap": True,
        "lists": {shown: replay_json.replay_document(r) for shown, r in results.items()},
    }
    assert out == _dumps(everything)


@SQLITE_ONLY
def test_replay_json_holds_one_period_of_games_at_a_time(
    repository: Repository, db_address: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 150 games, one every 3 days from 2020-01-01 (monthly periods, no events): when the writer gets
    # a period, the stream has read that period's games and the game that closed it, no further.
    player = repository.add_player("Ana", start_rating=1800)
    for i in range(150):
        day = dt.date(2020, 1, 1) + dt.timedelta(days=3 * i)
        repository.add_game(player.id, NewGame(day, 1700 + i, Fraction(i % 3, 2)))
    read = [0]

    def counted(rows: Iterable[Sequence[Any]]) -> Iterator[Any]:
        for record in records_of_rows(rows):
            read[0] += 1
            yield record

    monkeypatch.setattr(reader_module, "records_of_rows", counted)
    handed: list[tuple[int, int]] = []
    period = replay_json.ReplayJsonWriter.period

    def watched(self: replay_json.ReplayJsonWriter, *args: Any) -> None:
        handed.append((len(args[1]), read[0]))
        period(self, *args)

    monkeypatch.setattr(replay_json.ReplayJsonWriter, "period", watched)
    code, out, err = run_cli("replay", "--json", "--player", "Ana", "--db", db_address)
    assert (code, err) == (0, "")
    assert len(json.loads(out)["games"]) == 150
    so_far = 0
    for games, read_then in handed:
        so_far += games
        assert read_then <= so_far + 1
    assert so_far == 150 and len(handed) >= 15  # 450 days: about fifteen monthly periods


@SQLITE_ONLY
def test_a_stored_date_out_of_range_in_one_list_prints_nothing_of_the_others(
    repository: Repository, db_address: str
) -> None:
    # A game of an older elotui on 9999-12-31 in the blitz list: `--list all` replays standard and
    # rapid first, and still prints no half document, only the message naming the game.
    import sqlite3

    player = repository.add_player("Ana", start_rating=1800)
    repository.add_game(player.id, NewGame(dt.date(2024, 3, 2), 1700, Fraction(1)))
    repository.close()
    connection = sqlite3.connect(db_address)
    connection.execute(
        "INSERT INTO game (player_id, date, opponent_rating, score_halves, rated, notes,"
        " rating_list) VALUES (?, '9999-12-31', 1600, 2, 1, '', 'blitz')",
        (player.id,),
    )
    connection.commit()
    connection.close()
    for extra in (["--json"], []):
        code, out, err = run_cli("replay", "--list", "all", "--player", "Ana", "--db", db_address,
                                 *extra)  # fmt: skip
        assert (code, out) == (2, "")
        assert "game 2 is on 9999-12-31" in err and "elotui game remove 2" in err
