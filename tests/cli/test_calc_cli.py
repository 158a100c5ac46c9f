"""`elotui calc`, `period` and `need` through the real entry point: numbers from product.md §1.1
and rules.md."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from elotui.cli import main


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_calc_seed_example_k20(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "calc", "-r", "1500", "-o", "1600")
    assert doc["method"] == "elo"
    assert doc["k"] == 20
    assert round(doc["expected"] * 100, 1) == 36.0
    assert doc["rounded"] == {"win": 13, "draw": 3, "loss": -7}
    assert doc["change"] == {"win": 12.80, "draw": 2.80, "loss": -7.20}
    assert doc["new_rating"] is None
    assert doc["tier"] == "Gold"


def test_calc_seed_example_k32_with_result(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "calc", "-r", "1500", "-o", "1600", "-k", "32", "--result", "win")
    assert doc["rounded"] == {"win": 20, "draw": 4, "loss": -12}
    assert doc["new_rating"] == 1520
    assert doc["new_rating_exact"] == 1520.48


def test_calc_1500_vs_2000_both_methods(capsys: pytest.CaptureFixture[str]) -> None:
    elo = run_json(capsys, "calc", "-r", "1500", "-o", "2000")
    assert round(elo["expected"] * 100, 1) == 5.3
    assert elo["rounded"]["win"] == 19
    assert run_json(capsys, "calc", "-r", "1500", "-o", "2000", "-k", "32")["rounded"]["win"] == 30
    fide = run_json(capsys, "calc", "-r", "1500", "-o", "2000", "--method", "fide")
    assert fide["expected"] == 0.08
    assert fide["diff_used"] == -400
    assert fide["rounded"]["win"] == 18


def test_calc_1800_vs_1900_exact(capsys: pytest.CaptureFixture[str]) -> None:
    for k, win, draw in ((10, 6.40, 1.40), (20, 12.80, 2.80), (40, 25.60, 5.60)):
        doc = run_json(capsys, "calc", "-r", "1800", "-o", "1900", "-k", str(k))
        assert (doc["change"]["win"], doc["change"]["draw"]) == (win, draw)


def test_json_keeps_two_decimals_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calc", "-r", "1800", "-o", "1900", "--json"]) == 0
    assert '"win": 12.80' in capsys.readouterr().out


def test_calc_several_games(capsys: pytest.CaptureFixture[str]) -> None:
    # 20 × (2.5 − 5 × 0.359935) = 14.0065 → 14.01, +14.
    doc = run_json(capsys, "calc", "-r", "1500", "-o", "1600", "--games", "5", "--points", "2.5")
    assert (doc["games"], doc["points"], doc["change"], doc["rounded"]) == (5, 2.5, 14.01, 14)


def test_calc_series_exact(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(
        capsys,
        "calc",
        "-r",
        "1500",
        "-o",
        "1600",
        "-k",
        "32",
        "--series",
        "3",
        "--result",
        "win",
        "--exact",
    )
    first = doc["series"][0]
    assert (first["game"], first["rating_before"], first["rating_after"]) == (1, 1500, 1520.48)
    assert len(doc["series"]) == 3
    assert doc["series"][1]["change"] < first["change"]


def test_period_json_keys_and_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    # 2000: win vs 2100 (D −100, PD .36, +0.64), draw vs 1900 (D 100, PD .64, −0.14): ΣΔR 0.50, K 20 → +10.
    doc = run_json(
        capsys, "period", "-r", "2000", "-k", "20", "--game", "2100:1", "--game", "1900:0.5"
    )
    assert doc["games"][0] == {
        "opponent": 2100, "opponent_rating": 2100, "score": 1.0, "diff": -100, "diff_used": -100,
        "pd": 0.36, "expected": 0.36, "delta": 0.64, "event": "",
    }  # fmt: skip
    assert (doc["n"], doc["score"], doc["sum_delta"], doc["change"]) == (2, 1.5, 0.5, 10.0)
    assert (doc["change_rounded"], doc["new_rating"], doc["unrated_next_list"]) == (10, 2010, False)
    assert doc["k_applied"] == 20
    # Ra 2000, 75 % → dp 193.
    assert doc["performance"] == 2193


def test_period_k_from_profile_and_2650_rule(capsys: pytest.CaptureFixture[str]) -> None:
    before = run_json(
        capsys, "period", "-r", "2700", "-k", "10", "--game", "1900:0", "--date", "2025-09-15"
    )
    after = run_json(
        capsys, "period", "-r", "2700", "-k", "10", "--game", "1900:0", "--date", "2025-10-15"
    )
    assert (before["games"][0]["diff_used"], before["change"]) == (400, -9.2)
    assert (after["games"][0]["diff_used"], after["change"]) == (800, -10.0)
    junior = run_json(
        capsys, "period", "-r", "1500", "--birth-year", "2010", "--games-played", "100",
        "--game", "1500:1", "--date", "2026-11-01",
    )  # fmt: skip
    assert (junior["k"], junior["change"]) == (40, 20.0)


def test_period_700_cap_and_unrated_next_list(capsys: pytest.CaptureFixture[str]) -> None:
    games = [arg for _ in range(39) for arg in ("--game", "1500:0")]
    doc = run_json(capsys, "period", "-r", "1500", "-k", "20", *games)
    assert (doc["k"], doc["k_applied"]) == (20, 17)
    # 39 losses at D 0: ΣΔR −19.50, × 17 = −331.50 → −332.
    assert (doc["change"], doc["change_rounded"], doc["new_rating"]) == (-331.5, -332, 1168)
    assert doc["unrated_next_list"] is True
    off = run_json(capsys, "period", "-r", "1500", "-k", "20", "--no-cap", *games)
    assert off["k_applied"] == 20


def test_need(capsys: pytest.CaptureFixture[str]) -> None:
    # 1980 vs 1950: D 30 → PD .54. 2.5/3: 20 × (2.5 − 1.62) = 17.6 → 1998; 3/3: 27.6 → 2008.
    doc = run_json(
        capsys,
        "need",
        "-r",
        "1980",
        "-k",
        "20",
        "--target",
        "2000",
        "--games",
        "3",
        "--opponent",
        "1950",
    )
    assert (doc["min_points"], doc["rating_after"], doc["target"], doc["games"]) == (
        3.0,
        2008,
        2000,
        3,
    )
    out = run_json(
        capsys,
        "need",
        "-r",
        "1980",
        "-k",
        "20",
        "--target",
        "2100",
        "--games",
        "3",
        "--opponent",
        "1950",
    )
    assert out["min_points"] is None


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["calc", "-r", "abc", "-o", "1600"], "--rating"),
        (["calc", "-r", "99", "-o", "1600"], "100 to 3500"),
        (["calc", "-r", "1500", "-o", "3501"], "--opponent"),
        (["calc", "-r", "1500", "-o", "1600", "-k", "0"], "K must be from 1 to 100"),
        (["calc", "-r", "1500", "-o", "1600", "-k", "101"], "K must be from 1 to 100"),
        (["calc", "-r", "1500", "-o", "1600", "--games", "3", "--points", "3.5"], "--points"),
        (["calc", "-r", "1500", "-o", "1600", "--games", "3", "--points", "1.25"], "halves"),
        (["period", "-r", "2000", "-k", "20", "--game", "2100"], "--game"),
        (["period", "-r", "2000", "-k", "20", "--game", "2100:2"], "result"),
        (["period", "-r", "2000", "--game", "2100:1"], "-k"),
        (
            [
                "need",
                "-r",
                "1980",
                "-k",
                "20",
                "--target",
                "x",
                "--games",
                "3",
                "--opponent",
                "1950",
            ],
            "--target",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code: int | str | None
    try:
        code = main(argv)
    except SystemExit as raised:  # argparse's own errors exit from inside main
        code = raised.code
    assert code == 2
    err = capsys.readouterr().err
    assert fragment in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_calc_prints_a_table_and_imports_no_textual_or_sqlalchemy() -> None:
    code = (
        "import sys; from elotui.cli import main; main(['calc','-r','1500','-o','1600']);"
        "assert 'textual' not in sys.modules and 'sqlalchemy' not in sys.modules, sorted(sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "36.0%" in done.stdout
    assert "+13" in done.stdout and "+3" in done.stdout and "−7" in done.stdout
