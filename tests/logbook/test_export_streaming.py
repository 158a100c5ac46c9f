"""Exports are written as they are read (issue 13 item 3): the games come a batch at a time, the JSON
is still the one document `json.dump` would write, and a file is still written whole or not at all."""

from __future__ import annotations

import datetime as dt
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from elotui.json_stream import streamed_json
from elotui.logbook import csv_io
from elotui.logbook.files import FileRefused, export_to, whole_file
from elotui.logbook.json_io import export_document
from elotui.logbook.repository import DRAW, LOSS, WIN, NewGame, Repository, open_repository
from elotui.safe_text import json_escaped

GAMES = 5


@pytest.fixture
def repo(tmp_path: Path) -> Iterator[Repository]:
    repository = open_repository(tmp_path / "streamed.db")
    ana = repository.add_player("Ana é", start_rating=1500)  # written as it is (ensure_ascii=False)
    repository.add_player("Bob", start_rating=1600)  # no games: an empty array
    scores = (WIN, DRAW, LOSS, WIN, DRAW)
    repository.add_new_games(
        ana.id,
        [
            NewGame(dt.date(2025, 1, 1 + i), 1500 + i, scores[i], opponent=f"Opp {i}")
            for i in range(GAMES)
        ],
    )
    yield repository
    repository.close()


class WatchedOut(io.StringIO):
    """Notes how many game rows had been read from the database when the first game was written."""

    def __init__(self, rows_read: list[int], marker: str) -> None:
        super().__init__()
        self.rows_read, self.marker = rows_read, marker
        self.read_at_first_game: int | None = None

    def write(self, text: str) -> int:
        if self.read_at_first_game is None and self.marker in text:
            self.read_at_first_game = sum(self.rows_read)
        return super().write(text)


@pytest.mark.parametrize(("fmt", "marker"), [("csv", "Opp 0"), ("json", '"Opp 0"')])
def test_an_export_writes_the_first_games_before_reading_the_rest(
    repo: Repository, monkeypatch: pytest.MonkeyPatch, fmt: str, marker: str
) -> None:
    read: list[int] = []
    from elotui.logbook.records import records_from_rows

    def counted(rows: Any) -> Any:
        records = records_from_rows(rows)
        read.append(len(records))
        return records

    monkeypatch.setattr(csv_io, "EXPORT_BATCH", 2)
    monkeypatch.setattr(csv_io, "records_from_rows", counted)
    out = WatchedOut(read, marker)
    assert export_to(repo, out, repo.list_players(), fmt) == GAMES
    assert read == [2, 2, 1]  # 5 games, 2 at a time
    assert out.read_at_first_game == 2  # the first game was out while 3 were still in the database


def test_the_streamed_json_is_the_document_json_dump_writes(repo: Repository) -> None:
    out = io.StringIO()
    export_to(repo, out, repo.list_players(), "json")
    whole = json.dumps(export_document(repo, repo.list_players()), indent=2, ensure_ascii=False)
    assert out.getvalue() == json_escaped(whole) + "\n"
    assert '"name": "Ana é"' in out.getvalue()
    document = json.loads(out.getvalue())
    assert [len(player["games"]) for player in document["players"]] == [GAMES, 0]


@pytest.mark.parametrize(
    "value",
    [
        {"a": [1, 2.5, None, True], "b": {}, "c": [], "d": {"e": "é\n"}},
        [],
        {},
        "text",
        [{"x": [[], [{}]]}],
    ],
)
def test_streamed_json_writes_what_json_dumps_writes(value: Any) -> None:
    expected = json.dumps(value, indent=2, ensure_ascii=False)
    assert "".join(streamed_json(value)) == expected

    def lazy(item: Any) -> Any:  # every list as a generator: written while it is read
        if isinstance(item, list):
            return (lazy(inner) for inner in item)
        if isinstance(item, dict):
            return {key: lazy(inner) for key, inner in item.items()}
        return item

    assert "".join(streamed_json(lazy(value))) == expected


def test_a_failed_export_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    target = tmp_path / "out.csv"
    target.write_text("the old export\n")
    with pytest.raises(RuntimeError), whole_file(target) as handle:
        handle.write("half of the new one")
        raise RuntimeError("the logbook went away")
    assert target.read_text() == "the old export\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out.csv"]  # no .partial left


def test_whole_file_refuses_a_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(FileRefused, match="does not exist"), whole_file(tmp_path / "no" / "x.csv"):
        pass
