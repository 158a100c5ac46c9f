"""What changed in a shared logbook since the history screen read it (the refresh key, Ctrl+R).

On a club's server (or a file another elotui writes) games arrive from other machines; the screen
shows what it read when it loaded. The refresh key reads the logbook again, says in one line what
changed for every player ("the logbook changed: 3 new games (2 for Dupont, 1 for Martin)") or that
nothing did, then reloads the screen as after a write of its own, so the rows, the replay and the
FIDE check are the logbook's now.

What is compared, without reading every game of a club's logbook:
- the players (added, gone, a profile changed), read whole;
- every player's games summed up per list (`Repository.game_tally`: how many, their results, their
  opponents' ratings, their ids) and the largest game id: the games with a larger id are read whole
  (`Repository.games_since`, few), and those are the games added; every other game missing from a
  player's count was removed; a sum that differs once the new games are taken out is a result, a
  rating or a list changed. Added, removed and changed are said apart, never netted ("2 new
  games, 1 removed for Ana", not "1 new game"). The tally of what the screen has seen is read with
  its players, in the load's worker, and kept in the screen's model (`HistoryModel.tally`); a
  write of its own is added to it (`tally_after`, when the screen shows the write's rows), not read
  again, so its own writes are never said to be someone else's and another's write, even one made
  a moment after its own, is;
- the player shown: the rows loaded too, so any edit of them (a date, an opponent, notes) is said.
A published rating changed elsewhere shows in the FIDE check after the reload without being named.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from elotui.i18n import N_, _, ngettext
from elotui.logbook.records import GameRecord

if TYPE_CHECKING:
    from elotui.logbook.records import PlayerRecord, RatingList
    from elotui.logbook.repository import Repository
    from elotui.logbook.repository.games import TalliedGame
    from elotui.rating.replay import Published

UNCHANGED = N_("the logbook has not changed")  # shown as _(UNCHANGED)

# One player's games summed up per list: (list, how many, half points, opponents' ratings, ids).
Lists: TypeAlias = "tuple[tuple[str, int, int, int, int], ...]"
# Player id → their `Lists` (`Repository.game_tally`; players without games left out).
Sums: TypeAlias = "Mapping[int, Lists]"
# What a tally sums of a game: a row's, or one read by `Repository.games_since`.
Summed: TypeAlias = "GameRecord | TalliedGame"


class GamesChange(NamedTuple):
    """What a write changed of a player's games: the games as they were (an edit is both) and as
    they are, and an entered list (list, month, the rating with FIDE's games and K if any)."""

    removed: tuple[GameRecord, ...] = ()
    added: tuple[GameRecord, ...] = ()
    published: tuple[RatingList, str, Published] | None = None


class Tally(NamedTuple):
    """What the screen has seen of every player's games: their sums (`Repository.game_tally`,
    with its own writes counted in by `tally_after`), the largest game id then, and its own games
    added since, as (player id, game id): their ids are larger too, but they are not new to it."""

    sums: Sums
    newest: int
    own: frozenset[tuple[int, int]] = frozenset()

    @classmethod
    def read(cls, repository: Repository) -> Tally:
        sums, newest = repository.game_tally()
        return cls(sums, newest)


@dataclass(frozen=True)
class LogbookSnapshot:
    """What the history screen has read of the logbook, to compare with what it holds now."""

    players: tuple[PlayerRecord, ...]
    player: PlayerRecord | None
    games: tuple[GameRecord, ...]  # the rows loaded, newest first
    tally: Tally | None  # every player's games summed up (None: not read yet)
    # Read again only: the games with a larger id than the tally seen before had (`read_again`).
    arrivals: tuple[TalliedGame, ...] = ()


def _summed(lists: Lists, sign: int, games: Iterable[Summed]) -> Lists:
    """One player's `lists` with `games` (theirs) counted in (`sign` 1) or taken out (-1), as
    `Repository.game_tally` would read them: the lists in the order of their names, none empty."""
    sums = {name: [count, halves, ratings, ids] for name, count, halves, ratings, ids in lists}
    for game in games:
        counted = sums.setdefault(game.rating_list, [0] * 4)
        for place, value in enumerate((1, game.score_halves, game.opponent_rating or 0, game.id)):
            counted[place] += sign * value
    return tuple(
        (name, count, halves, ratings, ids)
        for name, (count, halves, ratings, ids) in sorted(sums.items())
        if count
    )


def tally_after(tally: Tally | None, change: GamesChange) -> Tally | None:
    """`tally` with a write's change of games counted in: each game removed taken out of its
    player's list, each game added counted in (what `Repository.game_tally` reads after it), and
    each game added with a larger id than the tally's known as the screen's own."""
    if tally is None:
        return None
    sums = dict(tally.sums)
    for sign, games in ((-1, change.removed), (1, change.added)):
        for player_id in {game.player_id for game in games}:
            theirs = [game for game in games if game.player_id == player_id]
            lists = _summed(sums.get(player_id, ()), sign, theirs)
            if lists:
                sums[player_id] = lists
            else:
                sums.pop(player_id, None)
    own = tally.own - {(game.player_id, game.id) for game in change.removed}
    own |= {(game.player_id, game.id) for game in change.added if game.id > tally.newest}
    return Tally(sums, tally.newest, own)


def read_again(
    repository: Repository, shown: LogbookSnapshot, rating_list: RatingList
) -> LogbookSnapshot:
    """The same as `shown`, read from the logbook now (in a thread: it queries)."""
    players = tuple(repository.list_players())
    # The games added since, then the tally: a game written between the two is in the tally only,
    # so it is told as added (`_changes_of`), never as another game removed.
    seen = shown.tally
    arrivals = tuple(repository.games_since(seen.newest)) if seen is not None else ()
    tally = Tally.read(repository)
    player = next((p for p in players if shown.player and p.id == shown.player.id), None)
    if player is None:
        return LogbookSnapshot(players, None, (), tally, arrivals)
    rows = max(len(shown.games), 1)
    games = repository.list_games(player.id, limit=rows, rating_list=rating_list)
    return LogbookSnapshot(players, player, tuple(games), tally, arrivals)


def _count(sums: Sums, player_id: int) -> int:
    return sum(count for _list, count, *_sums in sums.get(player_id, ()))


def _changes_of(
    player_id: int, seen: Tally, now: Tally, new: Sequence[Summed]
) -> tuple[int, int, bool]:
    """A player's games added elsewhere, removed elsewhere, and whether others of theirs changed
    (a result, a rating, a list), between the tally `seen` and `now`; `new`: their games with a
    larger id than `seen.newest`, read just before `now`."""
    theirs = [game for game in new if (player_id, game.id) not in seen.own]
    own = sum(1 for owner, _game in seen.own if owner == player_id)
    own_gone = own - (len(new) - len(theirs))
    # The games seen that were there before `seen.newest`, against those of them there now.
    gone = (_count(seen.sums, player_id) - own) - (_count(now.sums, player_id) - len(new))
    gone += own_gone
    if gone < 0:
        # More games than the new ones account for: written while the refresh read (after
        # `games_since`), or on a server committed after a game with a larger id was. Added too.
        return len(theirs) - gone, 0, False
    before = seen.sums.get(player_id, ())
    changed = not gone and _summed(now.sums.get(player_id, ()), -1, theirs) != before
    return len(theirs), gone, changed


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


def _games_parts(more: Counter[str], fewer: Counter[str]) -> list[str]:
    """The clauses of the games added and removed, by player: one for each, or for one player
    who has both, one clause naming both ("2 new games, 1 removed for Ana")."""
    if len(more) == 1 and more.keys() == fewer.keys():
        ((name, came),) = more.items()
        # TRANSLATORS: games removed, said after the games added ("2 new games, 1 removed for Ana").
        removed = ngettext("{count} removed", "{count} removed", fewer[name]).format(
            count=fewer[name]
        )
        return [
            ngettext(
                "{count} new game, {removed} for {name}",
                "{count} new games, {removed} for {name}",
                came,
            ).format(count=came, removed=removed, name=name)
        ]
    parts: list[str] = []
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
    return parts


def what_changed(before: LogbookSnapshot, after: LogbookSnapshot) -> str:
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
        arrived: dict[int, list[Summed]] = {}
        for game in after.arrivals:
            arrived.setdefault(game.player_id, []).append(game)
        for player_id, player in players_after.items():
            new = arrived.get(player_id, [])
            came, went, edited = _changes_of(player_id, before.tally, after.tally, new)
            more[player.name], fewer[player.name] = came, went
            if edited:
                changed.add(player.name)
    more, fewer = +more, +fewer  # the players with none left out
    # The player shown: any edit of the rows loaded (a date, an opponent, notes) is a change too.
    shown = after.player
    if (
        shown is not None
        and before.player is not None
        and after.games != before.games
        and shown.name not in more | fewer
    ):
        changed.add(shown.name)
    parts += _games_parts(more, fewer)
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
