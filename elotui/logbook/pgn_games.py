"""The games of a PGN text as python-chess reads them, and every place where that reading is not safe.

python-chess reads the tags only (its `HeadersBuilder` visitor, as `chess.pgn.read_headers` does: the
moves are skipped, which keeps a 200,000-game file fast) and is forgiving by design: it says nothing
when a comment is never closed (every later game becomes part of that comment), when a game's moves
run into the next game's tags (no blank line between them), when a tag line is damaged (it is
dropped), or when a game's moves end without a result. `PgnGames` reads each game with that reader,
then checks the text python-chess took as the game, and says each of these as a `(line, reason)`
problem:

- a comment (`{`) or a variation (`(`) never closed, a `)` that closes nothing;
- moves that do not end with a result (`1-0`, `0-1`, `1/2-1/2`, `*`), or with another one than the
  `Result` tag's;
- a game's tags inside another game's moves or comment (any `[Event` line there counts), a tag twice
  in one game, a tag line python-chess cannot read, moves with no tags above them;
- a starting position python-chess refuses (`FEN`, `Variant`: what it would put in `game.errors`).

So every `[Event` line of a file is either a game read or a problem named. The moves are not played
through (what fills `game.errors` with illegal moves): about a millisecond a game, a hundred times
the reading of its tags, for moves the import never uses.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import NamedTuple

import chess.pgn

from elotui.i18n import _

RESULTS = frozenset({"1-0", "0-1", "1/2-1/2", "*"})
_EVENT = ("[Event ", "[Event\t")  # a game's first tag, as PGN writes it
_STRUCTURE = re.compile(r"[{;()%]")  # what the moves' shape depends on (python-chess's tokens)


class PgnGame(NamedTuple):
    line: int  # the line of the game's first tag
    headers: chess.pgn.Headers
    start: int  # where its tags start in the text
    moves: int  # where its tags end (and its moves start)


class _Tags(chess.pgn.HeadersBuilder[chess.pgn.Headers]):
    """python-chess's header reader, noting where the game's first line and its tags end."""

    def __init__(self, handle: io.StringIO) -> None:
        super().__init__()
        self.handle = handle
        self.first_line_end = 0  # the game's first line ends here
        self.tags_end = 0  # the line after the tags (or the end of the text) ends here

    def begin_headers(self) -> chess.pgn.Headers:
        self.first_line_end = self.handle.tell()
        return super().begin_headers()

    def end_headers(self) -> chess.pgn.SkipType:
        self.tags_end = self.handle.tell()
        return super().end_headers()

    def __call__(self) -> _Tags:
        """python-chess makes its visitor by calling `Visitor()`: this one is made already."""
        return self


class PgnGames:
    """Iterating gives the games of `text` in order; `problems` then holds every problem found,
    as `(line, reason)`, in the order of the file."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.problems: list[tuple[int, str]] = []
        self._start, self._line = 0, 1  # a known line start and its number (counting goes forward)

    def __iter__(self) -> Iterator[PgnGame]:
        text = self.text
        handle = io.StringIO(text)
        while True:
            tags = _Tags(handle)
            if chess.pgn.read_game(handle, Visitor=tags) is None:
                break
            end = handle.tell()
            start = _line_start(text, tags.first_line_end)
            self._line += text.count("\n", self._start, start)
            self._start = start
            moves = _line_start(text, tags.tags_end)
            if text.startswith("[", moves):
                moves = tags.tags_end  # the text ended inside the tags: no moves
            self._check_tags(tags.headers, start, moves)
            self._check_moves(tags.headers, start, moves, end)
            yield PgnGame(self._line, tags.headers, start, moves)
        self.problems.sort(key=lambda problem: problem[0])

    def tag_problem(self, game: PgnGame, tag: str, reason: str) -> None:
        """A problem with the value of `game`'s `tag`, said at its line (while iterating)."""
        at = next(_lines_starting(self.text, f"[{tag}", game.start, game.moves), game.start)
        line = game.line + self.text.count("\n", game.start, at)
        self.problems.append((line, f"{tag}: {reason}"))

    def _at(self, offset: int) -> int:
        """The line of `offset`, at or after the current game's start."""
        return self._line + self.text.count("\n", self._start, offset)

    def _problem(self, offset: int, reason: str) -> None:
        self.problems.append((self._at(offset), reason))

    def _check_tags(self, headers: chess.pgn.Headers, start: int, moves: int) -> None:
        text = self.text
        lines = int(text.startswith("[", start)) + text.count("\n[", start, moves)
        if lines != len(headers):  # a tag line dropped (python-chess cannot read it) or repeated
            names: set[str] = set()
            for line_start in _lines_starting(text, "[", start, moves):
                tag = chess.pgn.TAG_REGEX.match(_line(text, line_start, moves))
                if tag is None:
                    self._problem(line_start, _('not a PGN tag (a tag is written [Name "value"])'))
                    continue
                if tag[1] in names:
                    self._problem(
                        line_start,
                        _("the tag {tag} again in the same game: two games run together?").format(
                            tag=tag[1]
                        ),
                    )
                names.add(tag[1])
        if not lines:
            self._problem(
                start, _("moves with no tags above them (a blank line inside a game's moves?)")
            )
        # A FEN or Variant tag (rare): the position checked as python-chess's full reader does.
        if text.find("[FEN", start, moves) >= 0 or text.find("[Variant", start, moves) >= 0:
            try:
                headers.board()
            except ValueError as error:
                self._problem(
                    start,
                    _("the starting position (FEN, Variant) is not valid: {reason}").format(
                        reason=error
                    ),
                )

    def _check_moves(self, headers: chess.pgn.Headers, start: int, moves: int, end: int) -> None:
        """The moves' shape, as python-chess's full reader would take it: comments, variations and
        the result that ends them; and no other game's tags among them."""
        text = self.text
        pos = moves
        comments: list[tuple[int, int]] = []  # every comment over several lines: (start, end)
        variations: list[int] = []  # where each open variation starts
        last: tuple[int, int] | None = None  # the last stretch of moves outside those
        problem: tuple[int, str] | None = None
        while problem is None:
            found = _STRUCTURE.search(text, pos, end)
            stop = end if found is None else found.start()
            if stop > pos and not variations and not text[pos:stop].isspace():
                last = (pos, stop)
            if found is None:
                break
            at, character = found.start(), found.group()
            pos = at + 1
            if character == "{":
                close = text.find("}", pos, end)
                if close < 0:
                    comments.append((at, end))
                    problem = (
                        at,
                        _("the comment that starts here is never closed (no closing brace)"),
                    )
                elif text.find("\n", pos, close) >= 0:
                    comments.append((at, close))
                pos = close + 1
            elif character == ";" or (character == "%" and (at == 0 or text[at - 1] == "\n")):
                newline = text.find("\n", pos, end)  # a comment to the end of the line
                pos = end if newline < 0 else newline + 1
            elif character == "(":
                variations.append(at)
                last = None
            elif character == ")":
                if not variations:
                    problem = at, _("a closing parenthesis with no variation to close")
                else:
                    variations.pop()
                last = None
        if problem is None and variations:
            problem = (
                variations[0],
                _("the variation that starts here is never closed (no closing parenthesis)"),
            )
        if problem is None and len(headers):  # moves with no tags are said once, by _check_tags
            result = _last_token(text, last)
            tag = headers.get("Result", "").strip()
            if result not in RESULTS:
                problem = (
                    start,
                    _("the game's moves do not end with a result (1-0, 0-1, 1/2-1/2 or *)"),
                )
            elif tag in RESULTS and tag != result:
                problem = (
                    start,
                    _("the game's moves end with {moves} but its Result tag says {tag}").format(
                        moves=result, tag=tag
                    ),
                )
        if problem is not None:
            self._problem(*problem)
        if text.find("\n[", moves, end) >= 0:
            self._check_tags_in_moves(start, moves, end, comments)

    def _check_tags_in_moves(
        self, start: int, moves: int, end: int, comments: list[tuple[int, int]]
    ) -> None:
        """Another game's tags inside this one's moves (any `[Event` line, or a line that reads as
        a tag): that game would be lost. Said once for each run of such lines."""
        text = self.text
        after_tag = -1  # where the last such line ends
        for line_start in _lines_starting(text, "[", moves, end):
            line = _line(text, line_start, end)
            if not (line.startswith(_EVENT) or chess.pgn.TAG_REGEX.match(line)):
                continue
            first_of_its_game = line_start != after_tag + 1
            after_tag = line_start + len(line)
            if not first_of_its_game:
                continue
            comment = next((c for c, close in comments if c < line_start < close), None)
            if comment is not None:
                reason = _(
                    "a game's tags inside the comment that starts at line {line}: that game would "
                    "be lost"
                ).format(line=self._at(comment))
            else:
                reason = _(
                    "a game's tags inside the moves of the game at line {line} (no blank line "
                    "before them?): that game would be lost"
                ).format(line=self._at(start))
            self._problem(line_start, reason)


def _line_start(text: str, line_end: int) -> int:
    """The start of the line that ends at `line_end` (just after its newline, or the text's end)."""
    return text.rfind("\n", 0, max(line_end - 1, 0)) + 1


def _line(text: str, line_start: int, end: int) -> str:
    """The line that starts at `line_start`, without its newline (and not beyond `end`)."""
    newline = text.find("\n", line_start, end)
    return text[line_start : end if newline < 0 else newline]


def _lines_starting(text: str, prefix: str, start: int, end: int) -> Iterator[int]:
    """The starts of the lines from `start` (a line start) to `end` that begin with `prefix`."""
    if text.startswith(prefix, start) and start < end:
        yield start
    found = text.find("\n" + prefix, start, end)
    while found >= 0:
        yield found + 1
        found = text.find("\n" + prefix, found + 1, end)


def _last_token(text: str, stretch: tuple[int, int] | None) -> str | None:
    """The last of python-chess's tokens in `stretch` (a result is one of them), or None."""
    if stretch is None:
        return None
    words = text[stretch[0] : stretch[1]].rsplit(None, 1)
    if not words:
        return None
    if words[-1] in RESULTS:  # as most games end
        return words[-1]
    tokens = list(chess.pgn.MOVETEXT_REGEX.finditer(words[-1]))  # a result after a move, no space
    return tokens[-1].group(0) if tokens else None
