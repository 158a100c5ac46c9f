"""A damaged PGN imports nothing and says where: python-chess's header reader forgives an unclosed
comment (every later game becomes part of it), moves running into the next game's tags, a damaged tag
line, moves without a result. An import never takes fewer games than the file's `[Event` lines without
naming the ones left out and why."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from elotui.logbook.import_report import ImportFailed
from elotui.logbook.pgn_io import import_pgn
from elotui.logbook.repository import open_repository

from .conftest import count_rows, logbook_with_player, run_cli

OPPONENTS = ("Bob", "Carl", "Dora", "Eve", "Fay")


def game(number: int, moves: str = "1. e4 e5 2. Nf3 Nc6", result: str = "1-0") -> str:
    """Game `number` of Alice's (11 lines and a blank one): its tags start at line 12 × (number − 1) + 1."""
    return (
        f'[Event "Club {number}"]\n[Site "Paris"]\n[Date "2024.03.0{number}"]\n[Round "{number}"]\n'
        f'[White "Alice"]\n[Black "{OPPONENTS[number - 1]}"]\n[Result "{result}"]\n'
        f'[WhiteElo "1500"]\n[BlackElo "1600"]\n\n{moves} {result}\n\n'
    )


def first_line(number: int) -> int:
    return 12 * (number - 1) + 1


def moves_line(number: int) -> int:
    return first_line(number) + 10


def import_file(tmp_path: Path, text: str) -> tuple[int, str, str, Path]:
    logbook = logbook_with_player(tmp_path / "logbook.db", "Alice")
    path = tmp_path / "games.pgn"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli("import", str(path), "--player", "Alice", "--db", str(logbook))
    return code, out, err, logbook


def test_an_unclosed_comment_imports_nothing_and_names_the_games_it_hides(tmp_path: Path) -> None:
    # Today: 2 games imported (the comment of game 2 runs to the end of the file), exit 0, no word.
    text = "".join(
        game(n, moves="1. e4 { unclosed e5" if n == 2 else "1. e4 e5") for n in range(1, 6)
    )
    code, out, err, logbook = import_file(tmp_path, text)
    path = tmp_path / "games.pgn"
    assert code == 2 and out == "", (out, err)
    assert count_rows(logbook) == 0
    assert f"{path}:{moves_line(2)}: the comment that starts here is never closed" in err, err
    for hidden in (3, 4, 5):
        assert (
            f"{path}:{first_line(hidden)}: a game's tags inside the comment that starts at line "
            f"{moves_line(2)}: that game would be lost"
        ) in err, err
    assert err.splitlines()[-1] == "elotui: nothing imported (4 problems)"


def test_a_comment_closed_in_a_later_game_names_the_games_between(tmp_path: Path) -> None:
    # The `}` that closes game 2's comment is game 4's: games 3 and 4 would be lost.
    text = "".join(
        game(n, moves={2: "1. e4 { open", 4: "1. e4 { a note } e5"}.get(n, "1. e4 e5"))
        for n in range(1, 6)
    )
    code, _, err, logbook = import_file(tmp_path, text)
    assert code == 2 and count_rows(logbook) == 0
    hidden = [int(m) for m in re.findall(r":(\d+): a game's tags inside the comment", err)]
    assert hidden == [first_line(3), first_line(4)], err


def test_an_unterminated_variation_is_refused(tmp_path: Path) -> None:
    # Today: imported; the variation swallows the game's result (python-chess's full reader would
    # take `1-0` as a move of the variation).
    text = game(1) + game(2, moves="1. e4 e5 (1... c5 2. Nf3") + game(3)
    code, _, err, logbook = import_file(tmp_path, text)
    path = tmp_path / "games.pgn"
    assert code == 2 and count_rows(logbook) == 0
    assert f"{path}:{moves_line(2)}: the variation that starts here is never closed" in err, err


def test_a_game_whose_moves_end_without_a_result_is_refused(tmp_path: Path) -> None:
    # Today: imported from its Result tag. Moves cut short are a damaged game (PGN ends every
    # game's moves with its result).
    text = game(1) + game(2).replace("Nc6 1-0", "Nc6") + game(3)
    code, _, err, logbook = import_file(tmp_path, text)
    path = tmp_path / "games.pgn"
    assert code == 2 and count_rows(logbook) == 0
    assert (
        f"{path}:{first_line(2)}: the game's moves do not end with a result "
        "(1-0, 0-1, 1/2-1/2 or *)"
    ) in err, err


def test_moves_that_end_with_another_result_than_the_tag_are_refused(tmp_path: Path) -> None:
    text = game(1) + game(2).replace("Nc6 1-0", "Nc6 0-1") + game(3)
    code, _, err, _logbook = import_file(tmp_path, text)
    assert code == 2
    assert f":{first_line(2)}: the game's moves end with 0-1 but its Result tag says 1-0" in err


def test_no_blank_line_before_a_game_names_the_game_it_would_lose(tmp_path: Path) -> None:
    # Today: game 2's tags are read as game 1's moves, its moves as a game with no tags: 2 of 3.
    text = game(1).removesuffix("\n") + game(2) + game(3)
    code, _, err, logbook = import_file(tmp_path, text)
    assert code == 2 and count_rows(logbook) == 0
    assert (
        f":{first_line(2) - 1}: a game's tags inside the moves of the game at line 1 "
        "(no blank line before them?): that game would be lost"
    ) in err, err


def test_a_damaged_tag_line_is_named_not_dropped(tmp_path: Path) -> None:
    # Today python-chess drops the line: the game has no White, so it is "not the player's".
    text = game(1) + game(2).replace('[White "Alice"]', '[White "Alice]') + game(3)
    code, _, err, logbook = import_file(tmp_path, text)
    assert code == 2 and count_rows(logbook) == 0
    assert f":{first_line(2) + 4}: not a PGN tag" in err, err


@pytest.mark.parametrize(
    ("damaged", "line", "reason"),
    [
        # A `)` whose `(` was lost: python-chess's full reader would ignore it.
        (game(2, moves="1. e4 e5 2... c5) 3. Nf3"), moves_line(2),
         "a closing parenthesis with no variation to close"),
        # A blank line inside the moves: the rest is a game with no tags (and no player).
        (game(2, moves="1. e4 e5\n\n2. Nf3 Nc6"), moves_line(2) + 2,
         "moves with no tags above them (a blank line inside a game's moves?)"),
        # Game 2 lost its moves and the blank line after its tags: game 3's tags become its own.
        (game(2).split("\n\n")[0] + "\n", first_line(2) + 9,
         "the tag Event again in the same game: two games run together?"),
    ],
    ids=["a stray parenthesis", "a blank line in the moves", "a tag twice"],
)  # fmt: skip
def test_each_damage_is_named_at_its_line(
    tmp_path: Path, damaged: str, line: int, reason: str
) -> None:
    code, _, err, logbook = import_file(tmp_path, game(1) + damaged + game(3))
    assert code == 2 and count_rows(logbook) == 0
    assert f"{tmp_path / 'games.pgn'}:{line}: {reason}" in err, err


def test_a_whole_valid_file_still_imports(tmp_path: Path) -> None:
    # Comments over lines, nested variations, a `;` comment, a `%` line, a comment after the result.
    moves = "1. e4 { a comment\nover two lines } e5 (1... c5 (1... e6) 2. Nf3) ; to the end\n2. Nf3"
    text = game(1, moves=moves) + "% an escaped line\n\n" + game(2, result="1/2-1/2") + game(3)
    text = text.replace("Nc6 1-0\n", "Nc6 1-0 { after the result }\n")
    code, out, err, logbook = import_file(tmp_path, text)
    assert code == 0, err
    assert count_rows(logbook) == 3, out


# --- the count of [Event lines --------------------------------------------------------------------

DAMAGES = st.sampled_from(["drop", "brace", "parenthesis", "newline", "line"])


def _damaged(text: str, damage: str, where: int) -> str:
    """`text` with one thing broken at a place chosen by `where`."""
    if damage == "drop":  # a character the moves' shape depends on
        places = [i for i, c in enumerate(text) if c in "})\n-*"]
        i = places[where % len(places)]
        return text[:i] + text[i + 1 :]
    if damage in ("brace", "parenthesis"):
        i = where % len(text)
        return text[:i] + ("{" if damage == "brace" else "(") + text[i:]
    lines = text.split("\n")
    i = where % len(lines)
    if damage == "newline":  # a blank line added
        return "\n".join([*lines[:i], "", *lines[i:]])
    return "\n".join(lines[:i] + lines[i + 1 :])  # a line gone


def test_an_import_never_takes_fewer_games_than_the_event_lines_without_saying(
    tmp_path: Path,
) -> None:
    repository = open_repository(tmp_path / "logbook.db")
    repository.add_player("Alice")
    path = tmp_path / "games.pgn"
    whole = "".join(
        game(
            n, moves="1. e4 { a note } e5 (1... c5) 2. Nf3", result=("1-0", "0-1", "1/2-1/2")[n % 3]
        )
        for n in range(1, 6)
    )

    @settings(
        max_examples=150,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(st.lists(st.tuples(DAMAGES, st.integers(0, 10**6)), min_size=1, max_size=2))
    def check(damages: list[tuple[str, int]]) -> None:
        text = whole
        for damage, where in damages:
            text = _damaged(text, damage, where)
        path.write_text(text, encoding="utf-8")
        events = len(re.findall(r"^\[Event ", text, flags=re.MULTILINE))
        games_before = len(repository.games_for_replay(repository.find_player("Alice").id))
        try:
            summary = import_pgn(repository, path, player="Alice", keep_duplicates=True)
        except ImportFailed as failed:
            games = len(repository.games_for_replay(repository.find_player("Alice").id))
            assert games == games_before  # all or nothing
            assert all(re.match(rf"{re.escape(str(path))}(:\d+)?: ", e) for e in failed.errors)
        else:
            taken = summary.imported + sum(summary.skipped.values())
            assert taken >= events, (text, summary)

    try:
        check()
    finally:
        repository.close()


def test_a_starting_position_python_chess_refuses_is_named(tmp_path: Path) -> None:
    # What python-chess's full reader would put in `game.errors`; its header reader never looks.
    bad = '[FEN "8/8/8/8 w - - 0 1"]\n[SetUp "1"]\n'
    good = '[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n[SetUp "1"]\n'
    text = (
        game(1) + game(2).replace("[Site", bad + "[Site") + game(3).replace("[Site", good + "[Site")
    )
    code, _, err, logbook = import_file(tmp_path, text.replace("1. e4 e5 2. Nf3 Nc6", "1. Kf2"))
    assert code == 2 and count_rows(logbook) == 0
    assert f":{first_line(2)}: the starting position (FEN, Variant) is not valid: " in err, err
    assert err.count("starting position") == 1, err  # game 3's position is a valid one
