"""The history screen's refresh key (issue 16 item 4): show what others wrote to a shared logbook.

On a club's server (or a file another elotui writes) games arrive from other machines; the screen
shows what it read when it loaded. The refresh key reads again what the screen shows (the players, and
the player's games on the list shown: how many on each list, and the rows loaded), says in one line
what changed ("the logbook changed: 2 more games for Ana") or that nothing did, then reloads the
screen as after a write of its own, so the rows, the replay and the FIDE check are the logbook's now.

What is compared is what is shown: a game added for another player is said when that player is opened
(the reload reads it then), and a published rating changed elsewhere shows in the FIDE check after the
reload without being named in the line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from elotui.i18n import N_, _, ngettext
from elotui.tui.logbook_access import attempt

if TYPE_CHECKING:
    from elotui.logbook.records import GameRecord, PlayerRecord, RatingList
    from elotui.logbook.repository import Repository
    from elotui.tui.screens.history.loading import LoadingScreen

UNCHANGED = N_("the logbook has not changed")  # shown as _(UNCHANGED)


@dataclass(frozen=True)
class Shown:
    """What the history screen shows of the logbook, to compare with what it holds now."""

    players: tuple[PlayerRecord, ...]
    player: PlayerRecord | None
    counts: tuple[tuple[RatingList, int], ...]  # the player's games on each list
    games: tuple[GameRecord, ...]  # the rows loaded, newest first


def shown_on(screen: LoadingScreen) -> Shown:
    """What `screen` shows now (on the UI thread)."""
    games = sorted(screen.games.values(), key=lambda game: (game.date, game.id), reverse=True)
    return Shown(
        tuple(screen.players), screen.player, tuple(sorted(screen.counts.items())), tuple(games)
    )


def read_again(repository: Repository, shown: Shown, rating_list: RatingList) -> Shown:
    """The same as `shown`, read from the logbook now (in a thread: it queries)."""
    players = tuple(repository.list_players())
    player = next((p for p in players if shown.player and p.id == shown.player.id), None)
    if player is None:
        return Shown(players, None, (), ())
    counts = tuple(sorted(repository.count_games_by_list(player.id).items()))
    rows = max(len(shown.games), 1)
    games = repository.list_games(player.id, limit=rows, rating_list=rating_list)
    return Shown(players, player, counts, tuple(games))


def what_changed(before: Shown, after: Shown) -> str:
    """One line: what differs between the two (players added or gone, games more or fewer or
    changed for the player shown), or `UNCHANGED`, in the language spoken."""
    parts: list[str] = []
    names_before = {p.id: p.name for p in before.players}
    names_after = {p.id: p.name for p in after.players}
    added = [names_after[i] for i in names_after.keys() - names_before.keys()]
    gone = [names_before[i] for i in names_before.keys() - names_after.keys()]
    if added:
        parts.append(
            ngettext(
                "{count} new player ({names})", "{count} new players ({names})", len(added)
            ).format(count=len(added), names=", ".join(sorted(added)))
        )
    if gone:
        parts.append(
            ngettext(
                "{count} player gone ({names})", "{count} players gone ({names})", len(gone)
            ).format(count=len(gone), names=", ".join(sorted(gone)))
        )
    if before.player is not None and after.player is not None:
        name = after.player.name
        more = sum(n for _list, n in after.counts) - sum(n for _list, n in before.counts)
        if more > 0:
            parts.append(
                ngettext(
                    "{count} more game for {name}", "{count} more games for {name}", more
                ).format(count=more, name=name)
            )
        elif more < 0:
            parts.append(
                ngettext(
                    "{count} game fewer for {name}", "{count} games fewer for {name}", -more
                ).format(count=-more, name=name)
            )
        elif after.counts != before.counts or after.games != before.games:
            parts.append(_("games of {name} changed").format(name=name))
        if after.player != before.player and not added and not gone:
            parts.append(_("{name}'s profile changed").format(name=name))
    elif names_before != names_after and not (added or gone):
        parts.append(_("players changed"))
    if not parts:
        return _(UNCHANGED)
    # The parts are whole clauses, joined by the language's separator.
    # TRANSLATORS: between two changes of the refresh line (French: a narrow space before ;).
    between = _("; ")
    return _("the logbook changed: {changes}").format(changes=between.join(parts))


def refresh(screen: LoadingScreen) -> None:
    """Read again, say what changed, reload (the refresh key's action)."""
    repository = screen.logbook.opened()
    if repository is None:
        return  # still opening: what it shows is being read now
    before = shown_on(screen)
    rating_list = screen.rating_list

    def compare() -> None:
        after = attempt(lambda: read_again(repository, before, rating_list))
        screen.app.call_from_thread(_said_and_reloaded, screen, after, before)

    screen.run_worker(compare, thread=True, group="refresh", exit_on_error=False)


def _said_and_reloaded(screen: LoadingScreen, after: object, before: Shown) -> None:
    if not isinstance(after, Shown):  # a Notice: the logbook could not be read
        screen.notify(str(getattr(after, "message", after)), title=_("Logbook"), severity="error")
        return
    screen.notify(what_changed(before, after), title=_("Logbook"))
    screen._idle = False  # until the reload is shown (tests and scenes wait for it)
    screen._load_players(before.player.id if before.player else None)
