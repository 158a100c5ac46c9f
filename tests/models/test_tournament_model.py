"""The tournament screen's model without an app: the rows of a TRF's players, their order, one
player's games and norms. The norm event is checked by hand in tests/norm_event.py; the 2005 sample's
figures in tests/logbook/test_tournament_file.py."""

from __future__ import annotations

from pathlib import Path

from elotui.logbook.tournament_file import read_tournament
from elotui.tui.models.tournament import PLAYER_COLUMNS, TournamentModel
from tests.norm_event import norm_event

FIDE_2005 = Path(__file__).parents[1] / "logbook" / "trf_samples" / "fide-example-2005.trf"
COLUMN = {key: place for place, (_label, key, _width) in enumerate(PLAYER_COLUMNS)}


def test_the_rows_are_the_players_in_starting_order_with_fides_columns(tmp_path: Path) -> None:
    model = TournamentModel(read_tournament(norm_event(tmp_path, last="1")))
    rows = model.rows()
    assert [key for key, _cells in rows] == [str(rank) for rank in range(1, 11)]
    first = dict(zip(COLUMN, rows[0][1], strict=True))
    # Player 1: FRA, no title, 2300; 6 points of the 9 played (the forfeit is no game), IM norm met.
    assert (first["name"], first["title"], first["fed"], first["ro"]) == (
        "Martin, Paul",
        "",
        "FRA",
        "2300",
    )
    assert (first["n"], first["norms"]) == ("9", "IM")
    assert dict(zip(COLUMN, rows[1][1], strict=True))["title"] == "IM"


def test_sorting_by_a_column_and_again_turns_the_order_round(tmp_path: Path) -> None:
    model = TournamentModel(read_tournament(norm_event(tmp_path, last="1")))
    model.sort_by("ro")  # the highest first: the 2400s (ranks 2-9), then 2300 (1), then 2000 (10)
    assert [key for key, _ in model.rows()] == ["9", "8", "7", "6", "5", "4", "3", "2", "1", "10"]
    model.sort_by("ro")
    assert [key for key, _ in model.rows()][:3] == ["10", "1", "2"]
    model.sort_by("norms")  # the one player with a norm first, the others in starting order after
    assert [key for key, _ in model.rows()][:2] == ["1", "2"]
    model.sort_by("name")
    assert model.rows()[0][0] == "1"  # "Martin" before "Player, No…"


def test_one_players_games_and_every_norm_clause(tmp_path: Path) -> None:
    model = TournamentModel(read_tournament(norm_event(tmp_path, last="=")))
    view = model.player_view(1)
    assert view.heading.startswith("1 Martin, Paul · - · FRA")
    rounds = [cells for _key, cells in view.games]
    # Nine games and the forfeit of round 10, said not to count.
    assert [cells[0] for cells in rounds] == [str(n) for n in range(1, 11)]
    assert rounds[8][1:6] == ("Player, No10", "", "FRA", "2000", "½")
    assert rounds[9][5:] == ("+", "", "not played over the board")
    lines = view.norms
    assert "IM norm missed: performance Rp 2441, 2450 needed (1.4.8)" in lines
    assert any(line.startswith("  met: opponents' average Ra 2361, 2230 needed") for line in lines)
    assert model.norms_cell(1) == "(IM)"


def test_the_fide_sample_reads_titles_written_papis_way() -> None:
    model = TournamentModel(read_tournament(FIDE_2005))
    rows = dict(model.rows())
    # Line 14: "    g Vasquez,Rodrigo" (Papi's g: GM); line 15: "m Milov" (IM).
    assert (rows["1"][COLUMN["title"]], rows["2"][COLUMN["title"]]) == ("GM", "IM")
    assert model.player_view(1).norms[0] == "GM: the player holds it or a higher title"
