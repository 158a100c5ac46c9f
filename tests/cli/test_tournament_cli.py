"""`elotui tournament FILE.trf`: findings before the report, the table's columns, CSV, the period
line of a logbook player, French, and refusals as one line with exit code 2."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from tests.conftest import run_cli
from tests.trf_lines import header, player_line

SAMPLES = Path(__file__).parents[1] / "logbook" / "trf_samples"


def _event(tmp_path: Path, *, points: str = "1.5") -> Path:
    path = tmp_path / "event.trf"
    path.write_text(
        "\n".join([
            header("012", "October Open"), header("042", "2026/10/10"), header("052", "2026/10/11"),
            header("122", "90 min + 30 sec"),
            player_line(1, "Costa, Ana", rating=2000, fide_id=1001, points=points,
                        rounds=[(2, "w", "1"), (3, "b", "=")]),
            player_line(2, "Berg, Bea", rating=1900, fide_id=1002, points="0.0",
                        rounds=[(1, "b", "0"), (0, "-", "Z")]),
            player_line(3, "Dias, Cy", points="0.5", rounds=[(0, "-", "Z"), (1, "w", "=")]),
        ]) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    return path


def test_the_findings_come_before_the_report_and_the_report_is_made(tmp_path: Path) -> None:
    path = _event(tmp_path, points="2.5")  # line 5: the rounds give 1 + ½ = 1.5
    code, out, err = run_cli("tournament", str(path))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "The file checked: 1 finding"
    assert lines[1] == f"  {path}:5: Costa, Ana: points 2.5 (columns 81-84), the rounds give 1.5"
    assert "October Open · from 2026-10-10 · standard list · rules S2025" in lines
    # Ana 2000 beat Bea 1900: D 100, We .64, chg +0.36; K 20 (under 2400, from the file): +7.20 → +7.
    ana = next(line for line in lines if "Costa, Ana" in line and "2000" in line)
    # Rc 1900; Rp: 1900 + dp(100 %) = 1900 + 800 = 2700.
    assert ana.split()[-5:] == ["1900", "+0.36", "+7.20", "+7", "2700"]
    assert any(line.startswith("Unrated players") for line in lines)


def test_csv_has_one_row_a_player(tmp_path: Path) -> None:
    code, out, _ = run_cli("tournament", str(_event(tmp_path)), "--csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0
    assert [(r["rank"], r["n"], r["chg"], r["k_chg"], r["k_chg_rounded"]) for r in rows] == [
        ("1", "1", "0.36", "7.20", "7"),  # the draw with unrated Cy is not counted
        ("2", "1", "-0.36", "-7.20", "-7"),
        ("3", "1", "", "", ""),  # unrated: 1 game against a rated player, no chg
    ]


def test_a_logbook_player_gets_the_period_line(tmp_path: Path) -> None:
    db = str(tmp_path / "logbook.db")
    for argv in (
        ["player", "add", "Ana Costa", "--rating", "2000", "--fide-id", "1001",
         "--games-before", "40"],
        ["game", "add", "--player", "Ana Costa", "--date", "2026-10-02", "--opponent-rating",
         "2000", "--result", "0", "--event", "League"],
    ):  # fmt: skip
        assert run_cli(*argv, "--db", db)[0] == 0
    code, out, err = run_cli("tournament", str(_event(tmp_path)), "--db", db)
    assert code == 0
    assert "no round dates (line 132)" in err  # the Open's games dated by 052, as the import does
    # League: a loss at D 0 (−.50); the Open: +.36. Period 2026-10, K 20: 20 × −.14 = −2.80 → −3.
    assert out.splitlines()[-1] == (
        "Ana Costa (rank 1): this tournament +7.20; your period 2026-10: −3 after the cap (2 games;"
        " other events: League 1)"
    )


def test_french(tmp_path: Path) -> None:
    code, out, _ = run_cli("tournament", str(_event(tmp_path)), "--lang", "fr")
    assert code == 0
    assert "Le fichier vérifié\u00a0: rien trouvé" in out


def test_refusals_are_one_line_with_exit_code_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("001    x    Costa, Ana\n", encoding="utf-8")
    code, out, err = run_cli("tournament", str(bad))
    assert (code, out) == (2, "")
    assert err == f"elotui: {bad}:1: starting rank: 'x' is not a number\n"
    code, out, err = run_cli("tournament", str(_event(tmp_path)), "--csv", "--json")
    assert (code, out, err) == (2, "", "elotui: give --json or --csv, not both\n")
    code, _, err = run_cli("tournament", str(tmp_path / "none.trf"))
    assert code == 2 and err.count("\n") == 1
