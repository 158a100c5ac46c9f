"""The history screen's model without an app: what a load, a page, a write and a refresh change of
what the screen shows. Numbers by hand (rules.md's K and expected-score table)."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from elotui.logbook.records import GameRecord, PlayerRecord, PublishedRecord
from elotui.logbook.repository import NewGame, open_repository
from elotui.logbook.repository.games import TalliedGame
from elotui.tui.models.history import HistoryModel, replay_view
from elotui.tui.models.logbook_changes import GamesChange, Tally

ANA = PlayerRecord(1, "Ana", start_rating=1800)


def game(game_id: int, day: int, rating_list: str = "standard") -> GameRecord:
    return GameRecord(game_id, ANA.id, dt.date(2025, 3, day), 1800, 1, rating_list=rating_list)  # type: ignore[arg-type]


def shown(model: HistoryModel, games: list[GameRecord], total: int) -> int:
    """Ana's standard list shown: `games` (newest first) of `total`."""
    generation = model.open()
    counts = {"standard": total, "rapid": 0, "blitz": 0}
    assert model.games_loaded(generation, ANA, total, games, None, counts)  # type: ignore[arg-type]
    return generation


def test_a_write_keeps_the_rows_the_newest_of_the_list() -> None:
    """Rows of the 10th, 8th and 6th shown of 5 games (two older ones not loaded)."""
    model = HistoryModel()
    generation = shown(model, [game(3, 10), game(2, 8), game(1, 6)], total=5)
    # A game of the 9th: newer than the oldest row, so among them, in date order; 6 games now.
    assert model.written(generation, GamesChange(added=(game(7, 9),)), everything_loaded=False)
    assert list(model.games) == [3, 7, 2, 1]
    assert (model.total, model.counts["standard"]) == (6, 6)
    # A game of the 2nd: older than every row while two games are not loaded: counted, not shown.
    model.written(generation, GamesChange(added=(game(8, 2),)), everything_loaded=False)
    assert list(model.games) == [3, 7, 2, 1] and model.total == 7
    # A rapid game: the rapid list's count only.
    model.written(generation, GamesChange(added=(game(9, 20, "rapid"),)), everything_loaded=False)
    assert list(model.games) == [3, 7, 2, 1] and model.counts["rapid"] == 1
    # An edit moving the 8th's game to the 11th, then a removal.
    moved = game(2, 11)
    model.written(generation, GamesChange(removed=(game(2, 8),), added=(moved,)), False)
    assert list(model.games) == [2, 3, 7, 1] and model.total == 7
    model.written(generation, GamesChange(removed=(game(7, 9),)), everything_loaded=False)
    assert list(model.games) == [2, 3, 1] and model.total == 6


def test_a_message_of_an_older_load_is_dropped() -> None:
    model = HistoryModel()
    first = shown(model, [game(1, 6)], total=1)
    second = model.open()  # another list asked for: the rows go until the new ones come
    assert model.games == {}
    assert not model.games_loaded(first, ANA, 1, [game(1, 6)], None, {})
    assert not model.written(first, GamesChange(added=(game(2, 7),)), everything_loaded=True)
    assert model.games == {} and model.current(second)


def test_a_page_is_asked_for_once_the_cursor_is_20_rows_from_the_end() -> None:
    model = HistoryModel()
    generation = shown(model, [game(i, 1) for i in range(100, 0, -1)], total=250)
    assert model.page_to_load(cursor_row=79, row_count=100) is None
    assert model.page_to_load(cursor_row=80, row_count=100) == 100
    assert model.page_to_load(cursor_row=99, row_count=100) is None  # that page is being read
    # The page comes after rows changed (an offset no longer the end): dropped, asked again.
    assert model.page_loaded(generation, 100, [game(500, 1)], row_count=101) == []
    assert model.page_to_load(cursor_row=99, row_count=100) == 100
    page = [game(1000 + i, 1) for i in range(100)]
    assert model.page_loaded(generation, 100, page, row_count=100) == page
    assert len(model.games) == 200


def test_a_refresh_asked_while_loading_is_due_once_at_rest() -> None:
    model = HistoryModel()
    model.open()
    assert not model.ask_refresh()
    assert model.rest()  # due now
    assert not model.rest()  # once
    assert model.ask_refresh()


def test_its_own_write_is_not_said_to_be_someone_elses() -> None:
    """Ana had games 1 and 2 (standard draws against 1800: a half point each, ids summing 3) when the
    tally was read (newest id 2). The screen adds game 3; someone else adds game 4. The refresh
    says one new game, not two."""
    model = HistoryModel()
    generation = shown(model, [game(2, 8), game(1, 6)], total=2)
    model.players_read([ANA], Tally({1: (("standard", 2, 2, 3600, 3),)}, newest=2))
    model.rest()
    model.written(generation, GamesChange(added=(game(3, 9),)), everything_loaded=True)
    assert model.tally == Tally({1: (("standard", 3, 3, 5400, 6),)}, 2, frozenset({(1, 3)}))
    before = model.snapshot()
    now = Tally({1: (("standard", 4, 4, 7200, 10),)}, newest=4)
    arrivals = tuple(TalliedGame(1, game_id, "standard", 1, 1800) for game_id in (3, 4))
    after = replace(before, tally=now, arrivals=arrivals)
    assert model.refreshed(before, after) == "the logbook changed: 1 new game for Ana"
    assert model.tally == now and not model.at_rest  # until the reload is shown


def test_a_game_added_is_replayed_from_the_kept_replays(tmp_path: Path) -> None:
    """Ana, 1800 and no games: a win against 1950 with K 40 (fewer than 30 games): D −150, her
    expected score 0.30, so +0.70 × 40 = +28.00: 1828.00. The write's replay is the kept one
    changed, and equals a fresh load's."""
    repository = open_repository(tmp_path / "logbook.db")
    ana = repository.add_player("Ana", start_rating=1800)
    model = HistoryModel()
    generation = model.open()
    view = replay_view(ana, repository)
    assert view.live == {} and view.replay.current_rating == 1800
    assert model.games_loaded(generation, ana, 0, [], view, {"standard": 0})
    model.rest()
    kept = model.kept_for_write()
    assert kept is not None
    record = repository.add_game(ana.id, NewGame(dt.date(2026, 3, 14), 1950, Fraction(1)))
    change = GamesChange(added=(record,))
    assert model.write_replayed(generation, kept.change(view, change))
    assert model.written(generation, change, everything_loaded=True)
    assert model.live == {record.id: 182800}
    assert list(model.games) == [record.id] and model.total == 1
    assert model.live == replay_view(ana, repository).live


def test_the_replay_shown_checks_fide_s_games_and_k(tmp_path: Path) -> None:
    """Ana, 1800, no birth year, no games before: K 40 (fewer than 30 games). A win against 1950 in
    2026-03: +28.00, 1828. FIDE's 2026-03 list (in force during that period) holds K 20: not the
    replay's 40. Its 2026-04 list (fed by 2026-03) publishes 1828 with 2 games: the logbook has 1.
    A rating typed over the 2026-04 list keeps FIDE's games, also in the replay a write changes."""
    repository = open_repository(tmp_path / "logbook.db")
    ana = repository.add_player("Ana", start_rating=1800)
    repository.add_game(ana.id, NewGame(dt.date(2026, 3, 14), 1950, Fraction(1)))
    repository.import_published([
        PublishedRecord(0, ana.id, "2026-03", 1800, "standard", None, 20),
        PublishedRecord(0, ana.id, "2026-04", 1828, "standard", 2, None),
    ])  # fmt: skip
    view = replay_view(ana, repository)
    march = next(p for p in view.replay.periods if p.period == "2026-03")
    assert (march.n, march.k, march.rating_end) == (1, 40, 1828)
    assert (march.published, march.matches_published) == (1828, True)
    assert (march.published_games, march.matches_games) == (2, False)
    assert (march.published_k, march.matches_k) == (20, False)

    model = HistoryModel()
    generation = model.open()
    assert model.games_loaded(generation, ana, 1, [], view, {"standard": 1})
    model.rest()
    kept = model.kept_for_write()
    assert kept is not None
    typed = repository.set_published(ana.id, "2026-04", 1830)
    change = GamesChange(published=(typed.rating_list, typed.month, typed.for_replay()))
    assert model.write_replayed(generation, kept.change(view, change))
    assert model.view is not None
    march = next(p for p in model.view.replay.periods if p.period == "2026-03")
    assert (march.published, march.matches_published) == (1830, False)
    assert (march.published_games, march.matches_games) == (2, False)
