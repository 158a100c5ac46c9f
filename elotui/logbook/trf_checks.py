"""A TRF checked against itself: what a rating officer would see wrong in it before FIDE does.

Each finding is one `FILE:LINE: reason` line; none stops the report (the file is read: `trf_file`).
- the points column (81-84) against the round results (1, ½, 0; forfeits + and -, short games W D L,
  byes H F U Z), for the 1-½-0 scoring TRF16 knows (a TRF26 `162` line with another scoring is not
  checked);
- `062` (players) and `072` (rated players) against the `001` lines;
- a pairing the two lines disagree on: B's round names another opponent, or results that do not
  add up (A beat B, B's line does not show a loss to A);
- a forfeit written as a played game: a played result without a colour (`-`), or one side's forfeit
  against the other side's played result;
- a round date of `132` outside `042`-`052`;
- a rated player without a FIDE id (FIDE cannot rate the games).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction

from elotui.i18n import _
from elotui.logbook.trf_file import TrfFile, TrfPlayer, TrfRound

# What each result code scores on the 1-½-0 scale, in half points, and the code the opponent's line
# must show.
_HALVES: dict[str, int] = {
    "1": 2, "=": 1, "0": 0, "+": 2, "-": 0, "W": 2, "D": 1, "L": 0,
    "H": 1, "F": 2, "U": 2, "Z": 0, "": 0,
}  # fmt: skip
_MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+", "W": "L", "L": "W", "D": "D"}
_PLAYED = frozenset("1=0")


def trf_findings(lines: Sequence[str], trf: TrfFile, label: str) -> list[str]:
    """Every finding of the file, in line order."""
    found: list[tuple[int, str]] = [
        *_header_counts(lines, trf),
        *_round_dates(lines, trf),
        *_players(lines, trf),
    ]
    found.sort(key=lambda finding: finding[0])
    return [f"{label}:{line}: {reason}" for line, reason in found]


def _header(lines: Sequence[str], code: str) -> tuple[int, str] | None:
    for number, line in enumerate(lines, 1):
        if line[:3] == code:
            return number, line[4:].strip()
    return None


def _header_counts(lines: Sequence[str], trf: TrfFile) -> Iterator[tuple[int, str]]:
    players = len(trf.players)
    rated = sum(1 for player in trf.players.values() if player.rating is not None)
    for code, counted, said in (
        ("062", players, _("062 says {said} players; the file has {counted}")),
        ("072", rated, _("072 says {said} rated players; the file has {counted}")),
    ):
        header = _header(lines, code)
        if header is None or not header[1]:
            continue
        number, text = header
        if not text.isdigit() or int(text) != counted:
            yield number, said.format(said=text, counted=counted)


def _round_dates(lines: Sequence[str], trf: TrfFile) -> Iterator[tuple[int, str]]:
    if not trf.round_dates or (trf.start is None and trf.end is None):
        return
    header = _header(lines, "132")
    number = header[0] if header else 0
    for round_number, day in sorted(trf.round_dates.items()):
        if (trf.start and day < trf.start) or (trf.end and day > trf.end):
            yield (
                number,
                _(
                    "round {round} is dated {date}, outside the event's dates {start} to {end} (042, 052)"
                ).format(
                    round=round_number,
                    date=day.isoformat(),
                    start=trf.start.isoformat() if trf.start else "?",
                    end=trf.end.isoformat() if trf.end else "?",
                ),
            )


def _players(lines: Sequence[str], trf: TrfFile) -> Iterator[tuple[int, str]]:
    scored_other_way = _header(lines, "162") is not None
    for player in trf.players.values():
        if player.rating is not None and player.fide_id is None:
            yield (
                player.line,
                _("{name} is rated {rating} but has no FIDE id (columns 58-68)").format(
                    name=player.name, rating=player.rating
                ),
            )
        if not scored_other_way:
            yield from _points(lines[player.line - 1], player)
        for game in player.rounds:
            yield from _pairing(trf, player, game)


def _points(line: str, player: TrfPlayer) -> Iterator[tuple[int, str]]:
    written = line[80:84].strip()
    if not written:
        return
    try:
        points = Fraction(written)
    except ValueError:
        yield (
            player.line,
            _("points {points} (columns 81-84) is not a number").format(points=written),
        )
        return
    total = Fraction(sum(_HALVES.get(game.code, 0) for game in player.rounds), 2)
    if points != total:
        yield (
            player.line,
            _("{name}: points {points} (columns 81-84), the rounds give {total}").format(
                name=player.name, points=written, total=_points_text(total)
            ),
        )


def _points_text(value: Fraction) -> str:
    return f"{value.numerator // value.denominator}.{5 if value.denominator == 2 else 0}"


def _pairing(trf: TrfFile, player: TrfPlayer, game: TrfRound) -> Iterator[tuple[int, str]]:
    where = _("round {round}").format(round=game.number)
    if game.code in _PLAYED and game.opponent is not None and game.colour == "-":
        yield (
            player.line,
            _(
                "{where}: {name} has a played result ({code}) without a colour: a forfeit written as "
                "a game?"
            ).format(where=where, name=player.name, code=game.code),
        )
    if game.opponent is None or game.opponent not in trf.players or game.code not in _MIRROR:
        return
    other = trf.players[game.opponent]
    if other.rank < player.rank and _answered(other, game.number, player.rank):
        return  # the pair is said once, at the first of its two lines
    theirs = other.rounds[game.number - 1] if game.number <= len(other.rounds) else None
    if theirs is None or theirs.opponent != player.rank:
        yield (
            player.line,
            _(
                "{where}: {name} played {other} (rank {rank}), whose line {line} names another opponent"
            ).format(
                where=where, name=player.name, other=other.name, rank=other.rank, line=other.line
            ),
        )
        return
    if theirs.code == _MIRROR[game.code]:
        return
    if {game.code, theirs.code} & _PLAYED and {game.code, theirs.code} & {"+", "-"}:
        yield player.line, _(
            "{where}: {name} has {code} against {other}, whose line {line} has {theirs}: a forfeit "
            "written as a played game on one side"
        ).format(
            where=where, name=player.name, code=game.code, other=other.name, line=other.line,
            theirs=theirs.code,
        )  # fmt: skip
        return
    yield player.line, _(
        "{where}: {name} has {code} against {other}, whose line {line} has {theirs} (expected "
        "{expected})"
    ).format(
        where=where, name=player.name, code=game.code, other=other.name, line=other.line,
        theirs=theirs.code or "-", expected=_MIRROR[game.code],
    )  # fmt: skip


def _answered(player: TrfPlayer, number: int, opponent: int) -> bool:
    """The player's line names `opponent` in round `number` (so the pair was checked from it)."""
    if number > len(player.rounds):
        return False
    game = player.rounds[number - 1]
    return game.opponent == opponent and game.code in _MIRROR
