"""The history screen's refresh key (issue 16 item 4): show what others wrote to a shared logbook.

On a club's server (or a file another elotui writes) games arrive from other machines; the screen
shows what it read when it loaded. The refresh key reads the logbook again, says in one line what
changed for every player ("the logbook changed: 3 new games (2 for Dupont, 1 for Martin)") or that
nothing did, then reloads the screen as after a write of its own, so the rows, the replay and the
FIDE check are the logbook's now.

What is compared, without reading every game of a club's logbook:
- the players (added, gone, a profile changed), read whole;
- every player's games summed up per list (`Repository.game_tally`: how many, their results, their
  opponents' ratings, their ids), which tells games added or removed, and a result, a rating or a
  list changed. The tally of what the screen has seen is read with its players, in the load's
  worker, and kept with the screen's state (`LoadingScreen.tally`); a write of its own is added to
  it (`tally_after`, when the screen shows the write's rows), not read again, so its own writes are
  never said to be someone else's and another's write, even one made a moment after its own, is;
- the player shown: the rows loaded too, so any edit of them (a date, an opponent, notes) is said.
A published rating changed elsewhere shows in the FIDE check after the reload without being named.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from elotui.i18n import N_, _, ngettext
from elotui.tui.logbook_access import Notice, attempt

if TYPE_CHECKING:
    from elotui.logbook.records import GameRecord, PlayerRecord, RatingList
    from elotui.logbook.repository import Repository
    from elotui.tui.screens.history.loading import LoadingScreen
    from elotui.tui.screens.history.messages import GamesChange

UNCHANGED = N_("the logbook has not changed")  # shown as _(UNCHANGED)

# Player id → their games summed up per list (`Repository.game_tally`).
Tally: TypeAlias = "Mapping[int, tuple[tuple[str, int, int, int, int], ...]]"


@dataclass(frozen=True)
class Shown:
    """What the history screen has read of the logbook, to compare with what it holds now."""

    players: tuple[PlayerRecord, ...]
    player: PlayerRecord | None
    games: tuple[GameRecord, ...]  # the rows loaded, newest first
    tally: Tally | None  # every player's games summed up (None: not read yet)


def tally_after(tally: Tally | None, change: GamesChange) -> Tally | None:
    """`tally` with a write's change of games counted in: each game removed taken out of its
    player's list, each game added counted in (what `Repository.game_tally` reads after it)."""
    if tally is None:
        return None
    sums: dict[int, dict[str, list[int]]] = {
        player_id: {name: list(rest) for name, *rest in lists} for player_id, lists in tally.items()
    }
    for sign, games in ((-1, change.removed), (1, change.added)):
        for game in games:
            counted = sums.setdefault(game.player_id, {}).setdefault(game.rating_list, [0] * 4)
            for place, value in enumerate(
                (1, game.score_halves, game.opponent_rating or 0, game.id)
            ):
                counted[place] += sign * value
    return {
        player_id: tuple(
            (name, count, halves, ratings, ids)
            for name, (count, halves, ratings, ids) in sorted(lists.items())
            if count
        )
        for player_id, lists in sums.items()
        if any(counted[0] for counted in lists.values())
    }


def shown_on(screen: LoadingScreen) -> Shown:
    """What `screen` shows now (on the UI thread)."""
    games = sorted(screen.games.values(), key=lambda game: (game.date, game.id), reverse=True)
    return Shown(tuple(screen.players), screen.player, tuple(games), screen.tally)


def read_again(repository: Repository, shown: Shown, rating_list: RatingList) -> Shown:
    """The same as `shown`, read from the logbook now (in a thread: it queries)."""
    players = tuple(repository.list_players())
    tally = repository.game_tally()
    player = next((p for p in players if shown.player and p.id == shown.player.id), None)
    if player is None:
        return Shown(players, None, (), tally)
    rows = max(len(shown.games), 1)
    games = repository.list_games(player.id, limit=rows, rating_list=rating_list)
    return Shown(players, player, tuple(games), tally)


def _count(tally: Tally, player_id: int) -> int:
    return sum(count for _list, count, *_sums in tally.get(player_id, ()))


def _games_part(counts: Counter[str], one: Callable[[int], str], many: Callable[[int], str]) -> str:
    """'2 new games for Ana', or '3 new games (2 for Ana, 1 for Bo)': `one` and `many` give the
    wording for that many games (ngettext's), `counts` the games by player."""
    total = sum(counts.values())
    if len(counts) == 1:
        ((name, count),) = counts.items()
        return one(count).format(count=count, name=name)
    each = ", ".join(
        _("{count} for {name}").format(count=count, name=name)
        for name, count in sorted(counts.items())
    )
    return many(total).format(count=total, each=each)


def what_changed(before: Shown, after: Shown) -> str:
    """One line: what differs between the two (players added, gone or changed; games added,
    removed or changed for every player), or `UNCHANGED`, in the language spoken."""
    parts: list[str] = []
    players_before = {p.id: p for p in before.players}
    players_after = {p.id: p for p in after.players}
    added = sorted(players_after[i].name for i in players_after.keys() - players_before.keys())
    gone = sorted(players_before[i].name for i in players_before.keys() - players_after.keys())
    if added:
        parts.append(
            ngettext(
                "{count} new player ({names})", "{count} new players ({names})", len(added)
            ).format(count=len(added), names=", ".join(added))
        )
    if gone:
        parts.append(
            ngettext(
                "{count} player gone ({names})", "{count} players gone ({names})", len(gone)
            ).format(count=len(gone), names=", ".join(gone))
        )
    more: Counter[str] = Counter()
    fewer: Counter[str] = Counter()
    changed: set[str] = set()
    if before.tally is not None and after.tally is not None:
        for player_id, player in players_after.items():
            difference = _count(after.tally, player_id) - _count(before.tally, player_id)
            if difference > 0:
                more[player.name] = difference
            elif difference < 0:
                fewer[player.name] = -difference
            elif after.tally.get(player_id) != before.tally.get(player_id):
                changed.add(player.name)
    # The player shown: any edit of the rows loaded (a date, an opponent, notes) is a change too.
    shown = after.player
    if (
        shown is not None
        and before.player is not None
        and after.games != before.games
        and shown.name not in more | fewer
    ):
        changed.add(shown.name)
    if more:
        parts.append(
            _games_part(
                more,
                lambda n: ngettext(
                    "{count} new game for {name}", "{count} new games for {name}", n
                ),
                lambda n: ngettext("{count} new game ({each})", "{count} new games ({each})", n),
            )
        )
    if fewer:
        parts.append(
            _games_part(
                fewer,
                lambda n: ngettext(
                    "{count} game removed for {name}", "{count} games removed for {name}", n
                ),
                lambda n: ngettext(
                    "{count} game removed ({each})", "{count} games removed ({each})", n
                ),
            )
        )
    if changed:
        parts.append(_("games of {name} changed").format(name=", ".join(sorted(changed))))
    for player_id in sorted(players_after.keys() & players_before.keys()):
        if players_after[player_id] != players_before[player_id]:
            parts.append(_("{name}'s profile changed").format(name=players_after[player_id].name))
    if not parts:
        return _(UNCHANGED)
    # The parts are whole clauses, joined by the language's separator.
    # TRANSLATORS: between two changes of the refresh line (French: a narrow space before ;).
    between = _("; ")
    return _("the logbook changed: {changes}").format(changes=between.join(parts))


def refresh(screen: LoadingScreen) -> None:
    """Read again, say what changed, reload (the refresh key's action). Asked while the screen
    loads or writes, it waits for the screen to be at rest (`LoadingScreen.at_rest`): compared
    with a load half shown or a write of its own not yet counted in, the logbook would seem to
    have changed by what the screen itself is doing."""
    if not screen.loaded:
        screen.refresh_asked = True
        return
    repository = screen.logbook.opened()
    if repository is None:
        return  # still opening: what it shows is being read now
    before = shown_on(screen)
    rating_list = screen.rating_list

    def compare() -> None:
        try:
            after = attempt(lambda: read_again(repository, before, rating_list))
        except Exception as error:  # the driver's own refusal (the server gone), as the load
            from elotui.logbook.schema_refusals import one_line

            after = Notice(one_line(error))
        screen.app.call_from_thread(_said_and_reloaded, screen, after, before)

    screen.run_worker(compare, thread=True, group="refresh", exit_on_error=False)


def _said_and_reloaded(screen: LoadingScreen, after: Shown | Notice, before: Shown) -> None:
    if isinstance(after, Notice):  # the logbook could not be read; the screen keeps what it shows
        screen.notify(
            _("The logbook cannot be read: {reason}").format(reason=after.message),
            title=_("Logbook"),
            severity="error",
        )
        return
    screen.notify(what_changed(before, after), title=_("Logbook"))
    if after.tally is not None:
        screen.tally = after.tally  # what the screen is about to show (its reload reads it again)
    screen._idle = False  # until the reload is shown (tests and scenes wait for it)
    screen._load_players(before.player.id if before.player else None)
