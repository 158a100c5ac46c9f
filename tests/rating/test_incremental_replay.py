"""The incremental replay (`elotui.rating.replay.incremental`, issue 13 item 2) against a full replay:
after random edits anywhere in the history (games added, removed, changed, pinned; published ratings
entered and removed), the kept replay equals `replay` / `replay_lists` of the games as they are then,
in the logbook's order (date, then id). Under every rule set of every list (the era builders of
test_replay_by_era.py), and across the whole history with the three lists at once."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elotui.rating.calendar import month_label
from elotui.rating.replay import ReplayGame, ReplayPlayer, replay, replay_lists
from elotui.rating.replay.incremental import KeptReplay
from elotui.rating.replay.lists import KeptLists
from elotui.rating.rules import RatingList, RuleSet
from tests.rating.test_replay_by_era import EVERY_RULE_SET, Raw, build, games_strategy

# One edit: (kind, which game or month: a share of those there are, a game as the era builder draws it)
raw_game = games_strategy.filter(len).map(lambda games: games[0])
edit = st.tuples(
    st.sampled_from(["add", "remove", "change", "pin", "unpin", "publish", "unpublish"]),
    st.integers(min_value=0, max_value=10_000),
    raw_game,
    st.integers(min_value=1000, max_value=2800),  # a published rating
)
players = st.builds(
    ReplayPlayer,
    name=st.just("P"),
    birth_year=st.sampled_from([None, 1950, 1990, 2005]),
    start_rating=st.one_of(st.none(), st.integers(min_value=1000, max_value=2700)),
    games_before=st.integers(min_value=0, max_value=40),
    reached_2400=st.booleans(),
    fixed_k=st.sampled_from([None, None, None, 30]),
)


def in_logbook_order(games: Sequence[ReplayGame]) -> list[ReplayGame]:
    return sorted(games, key=lambda g: (g.date, g.id or 0))


class Logbook:
    """The games and entered lists as the edits leave them (what a full replay reads)."""

    def __init__(self, games: list[ReplayGame], months: list[str]) -> None:
        self.games = {g.id: g for g in games}
        self.published: dict[str, int] = {}
        self.months = months  # months an entry may be for
        self.next_id = max((g.id or 0 for g in games), default=0) + 1

    def pick(self, share: int) -> ReplayGame | None:
        if not self.games:
            return None
        return list(self.games.values())[share * len(self.games) // 10_001]

    def new_game(self, made: ReplayGame) -> ReplayGame:
        game = made._replace(id=self.next_id)
        self.next_id += 1
        self.games[game.id] = game
        return game


def apply_edit(
    book: Logbook,
    kept: KeptReplay | KeptLists,
    kind: str,
    share: int,
    made: ReplayGame,
    rating: int,
) -> None:
    """Apply one edit to the logbook and, as the history screen does, to the kept replay."""

    def change(**what: object) -> None:
        if isinstance(kept, KeptLists):
            kept.change("standard", **what)  # type: ignore[arg-type]
        else:
            kept.change(**what)  # type: ignore[arg-type]

    game = book.pick(share)
    if kind == "add":
        change(added=[book.new_game(made)])
    elif kind in ("remove", "change", "pin", "unpin") and game is not None:
        del book.games[game.id]
        if kind == "remove":
            change(removed=[game.id])
            return
        if kind == "change":
            edited = made._replace(id=game.id)
        else:  # pinned to the period of a month up to a year from its date, or unpinned
            month = book.months[share % len(book.months)] if kind == "pin" else None
            edited = game._replace(rated_period=month)
        book.games[game.id] = edited
        change(removed=[game.id], added=[edited])
    elif kind in ("publish", "unpublish"):
        month = book.months[share % len(book.months)]
        if kind == "publish":
            book.published[month] = rating
        else:
            book.published.pop(month, None)
        change(published=dict(book.published))


def months_around(games: Sequence[ReplayGame], first: dt.date) -> list[str]:
    """Months an entry or a pin may name: those of the games and the year after the first day."""
    days = [g.date for g in games] + [first + dt.timedelta(days=31 * i) for i in range(13)]
    return sorted({month_label(day.year * 12 + day.month - 1) for day in days})


@pytest.mark.parametrize(
    ("rules", "following"),
    EVERY_RULE_SET,
    ids=[f"{r.rating_list}-{r.name}-{r.starts}" for r, _ in EVERY_RULE_SET],
)
@settings(max_examples=12, deadline=None)
@given(raw=games_strategy, player=players, edits=st.lists(edit, max_size=8), cap=st.booleans())
def test_edits_in_one_era_replay_as_a_full_replay(
    rules: RuleSet,
    following: RuleSet | None,
    raw: Raw,
    player: ReplayPlayer,
    edits: list[
        tuple[
            str,
            int,
            tuple[int, int, int | None, int | None, int, int | None, str | None, bool],
            int,
        ]
    ],
    cap: bool,
) -> None:
    games = build(rules, following, raw)
    book = Logbook(games, months_around(games, rules.starts))
    rating_list = rules.rating_list
    kept = KeptReplay(player, in_logbook_order(games), {}, apply_cap=cap, rating_list=rating_list)
    for kind, share, made, rating in edits:
        # The edit's game, made in the same era (the era builder, one game at a time).
        (new,) = build(rules, following, [made])
        apply_edit(book, kept, kind, share, new, rating)
        expected = replay(
            player, in_logbook_order(list(book.games.values())), book.published,
            apply_cap=cap, rating_list=rating_list,
        )  # fmt: skip
        assert kept.replay == expected


# Every era of every list: games from 1990 to 2027 (the first rapid and blitz lists are 2012's).
HISTORY = (dt.date(1990, 1, 1), dt.date(2027, 12, 31))
LISTS: tuple[RatingList, ...] = ("standard", "rapid", "blitz")


def spread(raw: Raw, lists: Sequence[int]) -> dict[RatingList, list[ReplayGame]]:
    """The era builder's games moved over the whole history, each on one of the three lists."""
    span = (HISTORY[1] - HISTORY[0]).days
    by_list: dict[RatingList, list[ReplayGame]] = {name: [] for name in LISTS}
    for i, (share, played, ends, opp, halves, own, event, rated) in enumerate(raw):
        start = HISTORY[0] + dt.timedelta(days=share * (span - 10) // 10_000)
        on = start + dt.timedelta(days=played)
        end = None if ends is None else on + dt.timedelta(days=ends)
        game = ReplayGame(on, opp, halves, own, rated, event, start, end, id=i + 1)
        by_list[LISTS[lists[i % len(lists)]]].append(game)
    return by_list


@settings(max_examples=150, deadline=None)
@given(
    raw=st.lists(games_strategy.filter(len).map(lambda g: g[0]), max_size=60),
    lists=st.lists(st.integers(min_value=0, max_value=2), min_size=1, max_size=5),
    player=players,
    edits=st.lists(st.tuples(st.sampled_from(LISTS), edit), max_size=10),
)
def test_edits_anywhere_in_the_three_lists_replay_as_a_full_replay(
    raw: Raw,
    lists: list[int],
    player: ReplayPlayer,
    edits: list[
        tuple[
            RatingList,
            tuple[
                str,
                int,
                tuple[int, int, int | None, int | None, int, int | None, str | None, bool],
                int,
            ],
        ]
    ],
) -> None:
    """Standard edits replay rapid and blitz from where their standard list in force changed."""
    by_list = spread(raw, lists)
    every = [g for games in by_list.values() for g in games]
    months = months_around(every, dt.date(2021, 6, 1))
    books = {name: Logbook(games, months) for name, games in by_list.items()}
    next_id = len(raw) + 1
    kept = KeptLists(
        player, {name: in_logbook_order(games) for name, games in by_list.items()}, {}, lists=LISTS
    )
    for rating_list, (kind, share, made, rating) in edits:
        book = books[rating_list]
        book.next_id = next_id  # ids are the logbook's: one sequence for the three lists
        (new,) = spread([made], [0])["standard"]
        proxy = _OneList(kept, rating_list)
        apply_edit(book, proxy, kind, share, new, rating)  # type: ignore[arg-type]
        next_id = max(next_id, book.next_id)
        expected = replay_lists(
            player,
            {name: in_logbook_order(list(b.games.values())) for name, b in books.items()},
            {name: b.published for name, b in books.items()},
            lists=LISTS,
        )
        assert kept.results == expected


@dataclasses.dataclass
class _OneList:
    """`KeptLists.change` for one list, called as `KeptReplay.change` is."""

    kept: KeptLists
    rating_list: RatingList

    def change(self, **what: object) -> None:
        self.kept.change(self.rating_list, **what)  # type: ignore[arg-type]


def test_a_change_in_the_last_period_replays_only_that_period() -> None:
    """Three monthly periods (2023-01 to 2023-03), a game added in the last: the first two periods
    are kept as they were (the same objects), only 2023-03 is replayed."""
    player = ReplayPlayer("P", birth_year=1980, start_rating=1800, games_before=50)
    games = [ReplayGame(dt.date(2023, month, 10), 1800, 2, id=month) for month in (1, 2, 3)]
    kept = KeptReplay(player, games)
    before = kept.replay
    kept.seen()
    after = kept.change(added=[ReplayGame(dt.date(2023, 3, 20), 1800, 2, id=4)])
    assert kept.replayed_from_period == 2 and kept.replayed_from_game == 2
    assert after.periods[0] is before.periods[0] and after.periods[1] is before.periods[1]
    # K 20 (50 games before, under 2400), wins against 1800 (PD table 8.1.2, rules.md §1.1): January at
    # D 0, PD 0.50, +10 → 1810; February at D 10, PD 0.51, +9.8 → +10 → 1820; March's two wins at
    # D 20, PD 0.53: ΔR 0.47 + 0.47 = 0.94, ·20 = 18.8 → +19.
    assert after.periods[2].rating_start == 1820
    assert after.periods[2].change_rounded == 19
    assert after == replay(player, [*games, ReplayGame(dt.date(2023, 3, 20), 1800, 2, id=4)])


def test_an_edit_before_the_first_period_replays_everything() -> None:
    player = ReplayPlayer("P", start_rating=1800)
    kept = KeptReplay(player, [ReplayGame(dt.date(2023, 3, 10), 1800, 2, id=1)])
    earlier = ReplayGame(dt.date(2022, 11, 10), 1800, 0, id=2)
    assert kept.change(added=[earlier]) == replay(player, [earlier, *kept.games[1:]])
    assert kept.replayed_from_period == 0


def test_adding_a_kept_id_again_is_refused_and_changes_nothing() -> None:
    player = ReplayPlayer("P", start_rating=1800)
    game = ReplayGame(dt.date(2023, 3, 10), 1800, 2, id=1)
    kept = KeptReplay(player, [game])
    before = kept.replay
    with pytest.raises(ValueError, match="game id 1 is kept already"):
        kept.change(added=[game._replace(score_halves=0)])
    assert kept.replay == before == replay(player, [game])


def test_a_standard_list_entered_later_unrates_an_earlier_blitz_start() -> None:
    """No standard games: the standard list in force is the profile's 1263 in every month, so a
    blitz game of 2013-05 starts rated with it (rules.md §3.3). A standard list entered for 2021-01
    makes the standard periods start in 2020-12; before them the standard rating is not known
    (`StandardInForce`), so the blitz replay starts unrated again, as a full replay says (found by
    the test above: the change reaches months before the first standard period)."""
    player = ReplayPlayer("P", start_rating=1263)
    # A second blitz period after 2021: the change is replayed from there, not from the start.
    blitz = [
        ReplayGame(dt.date(2013, 5, 10), 1500, 2, id=1),
        ReplayGame(dt.date(2022, 1, 10), 1500, 2, id=2),
    ]
    kept = KeptLists(player, {"blitz": blitz}, {}, lists=LISTS)
    assert kept.results["blitz"].periods[0].start_source == "standard"
    kept.change("standard", published={"2021-01": 2036})
    expected = replay_lists(player, {"blitz": blitz}, {"standard": {"2021-01": 2036}}, lists=LISTS)
    assert kept.results == expected
    assert expected["blitz"].periods[0].start_source == "unrated"
