"""The tournament screen's model: a TRF's report as rows, their order, one player's games and norms,
without Textual.

`TournamentModel` takes what `logbook.tournament_file.read_tournament` read (`TournamentFile`) and
answers the screen: the heading, the findings, the player rows in the order chosen (`sort_by`), and
one player's games and title norms (`player_view`). The cells are the `elotui tournament` table's:
FIDE's columns (Ro, K, N, W, Rc, K·chg, Rp) and the norms met or one clause short
(`rating.norms.norms_to_show`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from elotui.i18n import N_, _, ngettext
from elotui.i18n.numbers import points
from elotui.rating.norms import norm_summary, norms_to_show
from elotui.rating.rounding import round_half_up
from elotui.rating.text import cents, list_label, signed

if TYPE_CHECKING:
    from elotui.logbook.tournament_file import TournamentFile
    from elotui.rating.norms import NormVerdict
    from elotui.rating.tournament import PlayerReport

Row = tuple[str, tuple[str, ...]]  # (row key: the starting rank, cells)

# (label: an English message id or FIDE's name, key, width) of the players' table.
PLAYER_COLUMNS = (
    ("#", "rank", 4), (N_("name"), "name", 22), (N_("title"), "title", 3), ("Fed", "fed", 3),
    ("Ro", "ro", 4), ("K", "k", 5), ("N", "n", 2), ("W", "w", 4), ("Rc", "rc", 4),
    ("K·chg", "k_chg", 7), ("Rp", "rp", 4), (N_("norms"), "norms", 16),
)  # fmt: skip
GAME_COLUMNS = (
    (N_("round"), "round", 5), (N_("opponent"), "opponent", 22), (N_("title"), "title", 3),
    ("Fed", "fed", 3), (N_("rating"), "rating", 6), (N_("result"), "result", 6),
    ("W−We", "delta", 6), (N_("not counted"), "why", 24),
)  # fmt: skip

_RESULTS = {
    "1": "1",
    "=": "½",
    "0": "0",
    "+": "+",
    "-": "−",
    "W": "1 (W)",
    "D": "½ (D)",
    "L": "0 (L)",
}


class PlayerView(NamedTuple):
    """One player as Enter shows them: a heading, the games and the norms, every clause."""

    heading: str
    games: list[Row]
    norms: list[str]


@dataclass
class TournamentModel:
    read: TournamentFile
    sort_key: str = "rank"
    descending: bool = False

    def __post_init__(self) -> None:
        self._players = {player.rank: player for player in self.read.report.players}
        # Every player's norms judged once, when the model is made (in the screen's thread).
        self._shown = {rank: self._norms_to_show(rank) for rank in self._players}

    # --- what the screen shows above the table ----------------------------------------------------

    @property
    def heading(self) -> str:
        read, report = self.read, self.read.report
        return _("{event} · from {start} · {list} list · rules {rules}").format(
            event=read.trf.event or read.label,
            start=report.start.isoformat(),
            list=list_label(read.rating_list),
            rules=report.rules.name,
        )

    @property
    def findings(self) -> tuple[str, ...]:
        return self.read.findings

    # --- the players' table -------------------------------------------------------------------------

    def sort_by(self, key: str) -> None:
        """Order the rows by column `key`; the same column again turns the order round."""
        if key == self.sort_key:
            self.descending = not self.descending
        else:
            self.sort_key, self.descending = key, key in _HIGH_FIRST

    def rows(self) -> list[Row]:
        value = _SORT_VALUES[self.sort_key]
        players = list(self.read.report.players)
        known = [p for p in players if value(self, p) is not None]
        unknown = [p for p in players if value(self, p) is None]
        known.sort(key=lambda p: (value(self, p), p.rank), reverse=self.descending)
        return [(str(p.rank), self._cells(p)) for p in known + unknown]

    def _cells(self, player: PlayerReport) -> tuple[str, ...]:
        entry = self.read.trf.players[player.rank]
        k = "" if player.k is None else str(player.k)
        if player.cap_applied:
            k = f"{player.k}→{player.k_applied}"
        return (
            str(player.rank), player.name, entry.title, entry.federation,
            "" if player.ro is None else str(player.ro), k, str(player.n), points(player.w),
            "" if player.rc is None else str(round_half_up(player.rc)),
            "" if player.k_chg is None else cents(player.k_chg),
            "" if player.rp is None else str(player.rp), self.norms_cell(player.rank),
        )  # fmt: skip

    def shown_norms(self, rank: int) -> list[NormVerdict]:
        """The norms worth a line: met, or one clause short (not the women's for a man)."""
        return self._shown[rank]

    def _norms_to_show(self, rank: int) -> list[NormVerdict]:
        women = self.read.trf.players[rank].sex != "m"
        return norms_to_show(self.read.norms[rank], women=women)

    def norms_cell(self, rank: int) -> str:
        """ "IM" for a norm met, "(GM)" for one a clause short."""
        return " ".join(
            verdict.title if verdict.met else f"({verdict.title})"
            for verdict in self.shown_norms(rank)
        )

    # --- one player ---------------------------------------------------------------------------------

    def player_view(self, rank: int) -> PlayerView:
        player = self._players[rank]
        trf = self.read.trf
        entry = trf.players[rank]
        report_games = {game.round: game for game in player.games}
        games: list[Row] = []
        for game in entry.rounds:
            if game.opponent is None or game.kind == "bye":
                continue
            opponent = trf.players[game.opponent]
            counted = report_games.get(game.number)
            why = _("not played over the board") if game.kind != "played" else ""
            if counted is not None and not counted.counted:
                why = counted.why_not
            delta = "" if counted is None or counted.delta is None else cents(counted.delta)
            games.append(
                (
                    str(game.number),
                    (
                        str(game.number),
                        opponent.name,
                        opponent.title,
                        opponent.federation,
                        "" if opponent.rating is None else str(opponent.rating),
                        _RESULTS.get(game.code, game.code),
                        delta,
                        why,
                    ),
                )
            )
        change = "" if player.k_chg_rounded is None else f" · K·chg {signed(player.k_chg_rounded)}"
        heading = f"{rank} {player.name} · {entry.title or '-'} · {entry.federation or '-'}{change}"
        return PlayerView(heading, games, self.norm_lines(rank))

    def norm_lines(self, rank: int) -> list[str]:
        """Every norm judged, each clause on its line: what the table's cell says in full."""
        shown = {verdict.title for verdict in self.shown_norms(rank)}
        lines: list[str] = []
        for verdict in self.read.norms[rank]:
            if verdict.held:
                held = _("{title}: the player holds it or a higher title")
                lines.append(held.format(title=verdict.title))
                continue
            n = len(verdict.missed)
            missed = ngettext(
                "{title} norm: {n} clause missed", "{title} norm: {n} clauses missed", n
            )
            state = (
                norm_summary(verdict)
                if verdict.title in shown
                else missed.format(title=verdict.title, n=n)
            )
            lines.append(state)
            lines.extend(f"  {reason.text}" for reason in verdict.reasons)
        return lines


def _norm_rank(model: TournamentModel, player: PlayerReport) -> Any:
    """Met norms first (GM before IM...), then those one clause short; none: no value."""
    shown = model.shown_norms(player.rank)
    if not shown:
        return None
    return max((2 if v.met else 1, -["GM", "IM", "WGM", "WIM"].index(v.title)) for v in shown)


_SORT_VALUES: dict[str, Callable[[TournamentModel, PlayerReport], Any]] = {
    "rank": lambda m, p: p.rank,
    "name": lambda m, p: p.name.casefold(),
    "title": lambda m, p: m.read.trf.players[p.rank].title or None,
    "fed": lambda m, p: m.read.trf.players[p.rank].federation or None,
    "ro": lambda m, p: p.ro,
    "k": lambda m, p: p.k,
    "n": lambda m, p: p.n,
    "w": lambda m, p: p.w,
    "rc": lambda m, p: p.rc,
    "k_chg": lambda m, p: p.k_chg,
    "rp": lambda m, p: p.rp,
    "norms": _norm_rank,
}
# The columns whose first order is the highest first (a rating officer looks for the top).
_HIGH_FIRST = frozenset({"ro", "k", "n", "w", "rc", "k_chg", "rp", "norms"})
SORT_KEYS = tuple(_SORT_VALUES)
