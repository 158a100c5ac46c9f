"""`elotui period` and the calculator's period mode apply the replay's rules: a game the rule set
does not rate, and the games of one event (the 400-point limit once per event). Numbers by hand
from table 8.1.2 and docs/rules.md."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest

from elotui.cli import main
from elotui.tui.models.calculator import PeriodMode, Values


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


# RB2024-12 (rapid and blitz from 2024-12): a game with |D| ≥ 600 and a player above 2600 is not
# rated. 2700 beats 2050: |D| = 650 ≥ 600 and 2700 > 2600, so the game counts for nothing: change
# 0, no game in n. Counted, it would be D +650 → 400 (PD .92), ΔR +.08, K 10 → +0.80. The second
# game, 2700 beats 2300: D +400 (PD .92), ΔR +.08 → K 10 × .08 = +0.80 → 2701.
RAPID_2025 = ("--date", "2025-11-10", "--list", "rapid", "-r", "2700", "-k", "10")


def test_period_leaves_out_a_game_the_rules_do_not_rate(capsys: pytest.CaptureFixture[str]) -> None:
    alone = run_json(capsys, "period", *RAPID_2025, "--game", "2050:1")
    assert (alone["n"], alone["change"], alone["new_rating"]) == (0, 0, 2700)
    assert alone["not_rated"] == [{"game": 1, "opponent_rating": 2050, "score": 1.0}]
    doc = run_json(capsys, "period", *RAPID_2025, "--game", "2050:1", "--game", "2300:1")
    assert (doc["n"], doc["change"], doc["new_rating"]) == (1, 0.80, 2701)
    assert main(["period", *RAPID_2025, "--game", "2050:1", "--game", "2300:1"]) == 0
    out = capsys.readouterr().out
    assert "#1 not rated: |D| 650 ≥ 600, a player above 2600 (RB2024-12)" in out
    # The standard list has no such rule: the same game is rated, and S2025 exempts 2650+ from the
    # 400-point limit: D +650 in full → PD .99 (620–735), ΔR +.01 → +0.10.
    standard = run_json(capsys, "period", *RAPID_2025[:2], *RAPID_2025[4:], "--game", "2050:1")
    assert (standard["n"], standard["change"]) == (1, 0.10)


def test_period_mode_leaves_out_a_game_the_rules_do_not_rate() -> None:
    values = Values(
        rating=2700, k=10, period_month=date(2025, 11, 1), rating_list="rapid",
        period_games={"g1": (2050, Fraction(1)), "g2": (2300, Fraction(1))},
    )  # fmt: skip
    view = PeriodMode().compute(values, date(2026, 1, 15))
    assert view.results is not None and view.results.period is not None
    period = view.results.period
    assert (period.n, Decimal(period.change_hundredths) / 100) == (1, Decimal("0.80"))
    assert view.games[0][1][3:] == ("+650", "not rated", "", "")
    assert view.games[1][1][3:] == ("+400", "+400", "0.92", "+0.08")
    assert "K 10" in view.results.k_line and "(10 × 1 = 10)" in view.results.k_line


# S2022 (2022-10 to 2024-02): D over 400 counts as 400 for the higher-rated player in one game per
# event (the one with the largest D), in full in the others. 2000 beats 1500 (D +500) and 1550
# (D +450), K 20.
# One event: the +500 game takes the limit: D 400 → PD .92, ΔR +.08; the +450 game counts in full:
# PD .94 (433–456), ΔR +.06. Σ .14 × 20 = +2.80 → 2003.
# Two events: each game takes the limit: .08 + .08 = .16 × 20 = +3.20.
S2022 = ("--date", "2023-05-10", "-r", "2000", "-k", "20")


def test_period_games_are_one_event(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "period", *S2022, "--game", "1500:1", "--game", "1550:1")
    assert [g["diff_used"] for g in doc["games"]] == [400, 450]
    assert (doc["change"], doc["events"]) == (2.80, 1)
    assert main(["period", *S2022, "--game", "1500:1", "--game", "1550:1"]) == 0
    assert "One event from 2023-05-10" in capsys.readouterr().out


def test_period_games_of_another_event_are_tagged(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "period", *S2022, "--game", "1500:1@B", "--game", "1550:1")
    assert [g["diff_used"] for g in doc["games"]] == [400, 400]
    assert [g["event"] for g in doc["games"]] == ["B", ""]
    assert (doc["change"], doc["events"]) == (3.20, 2)
    assert main(["period", *S2022, "--game", "1500:1@B", "--game", "1550:1"]) == 0
    assert "2 events: the untagged games from 2023-05-10, @B." in capsys.readouterr().out


def test_an_empty_event_tag_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["period", *S2022, "--game", "1500:1@"]) == 2
    assert "OPP:RESULT@EVENT" in capsys.readouterr().err


def test_period_mode_games_are_one_event() -> None:
    values = Values(
        rating=2000, k=20, period_month=date(2023, 5, 1),
        period_games={"g1": (1500, Fraction(1)), "g2": (1550, Fraction(1))},
    )  # fmt: skip
    view = PeriodMode().compute(values, date(2026, 1, 15))
    assert view.results is not None and view.results.period is not None
    assert Decimal(view.results.period.change_hundredths) / 100 == Decimal("2.80")
    assert [cells[4] for _key, cells in view.games] == ["+400", "+450"]
