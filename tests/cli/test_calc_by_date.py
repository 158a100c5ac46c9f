"""`calc`, `period` and `need` with `--date`: the rule set of that day (rules.md §3.2 and §3.7).

Every number is worked by hand in the comments from FIDE's table 8.1.2 (D → PD, rules.md §1.1) and
the rule-set table of rules.md §3.2, never read from the code.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from elotui.cli import main
from tests.conftest import run_cli


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_period_350_rule_in_2008_and_400_rule_in_2010(capsys: pytest.CaptureFixture[str]) -> None:
    # 2235 beats 1700, K 15: D = +535.
    # 2008-06 (S2006): D counts as 350 → row 345–357, PD .89; ΔR = 1 − .89 = .11; 15 × .11 = +1.65.
    old = run_json(capsys, "period", "-r", "2235", "-k", "15", "--game", "1700:1",
                   "--date", "2008-06-15")  # fmt: skip
    assert old["rules"] == "S2006"
    assert (old["games"][0]["diff_used"], old["games"][0]["pd"], old["change"]) == (350, 0.89, 1.65)
    # 2010-06 (S2009): D counts as 400 → row 392–411, PD .92; ΔR .08; 15 × .08 = +1.20.
    new = run_json(capsys, "period", "-r", "2235", "-k", "15", "--game", "1700:1",
                   "--date", "2010-06-15")  # fmt: skip
    assert new["rules"] == "S2009"
    assert (new["games"][0]["diff_used"], new["games"][0]["pd"], new["change"]) == (400, 0.92, 1.20)
    code, out, _ = run_cli("period", "-r", "2235", "-k", "15", "--game", "1700:1",
                           "--date", "2008-06-15")  # fmt: skip
    assert code == 0
    assert out.splitlines()[0].startswith("Period of 2008-06 · rules S2006 · rating 2235 · K 15")


def test_period_k_of_a_new_player_by_era(capsys: pytest.CaptureFixture[str]) -> None:
    # 1800 with 20 games played beats an 1800: D 0 → PD .50, ΔR +.50.
    # 2010 (S2009): 25 until 30 games → 25 × .50 = +12.50. 2012-06 (S2011): 30 → +15.00.
    # 2015 (S2014): 40 until 30 games → +20.00.
    argv = ["period", "-r", "1800", "--games-played", "20", "--game", "1800:1", "--date"]
    k2010 = run_json(capsys, *argv, "2010-06-15")
    k2012 = run_json(capsys, *argv, "2012-06-15")
    k2015 = run_json(capsys, *argv, "2015-06-15")
    assert (k2010["rules"], k2010["k"], k2010["change"]) == ("S2009", 25, 12.50)
    assert (k2012["rules"], k2012["k"], k2012["change"]) == ("S2011", 30, 15.00)
    assert (k2015["rules"], k2015["k"], k2015["change"]) == ("S2014", 40, 20.00)


def test_no_700_cap_before_2014_07(capsys: pytest.CaptureFixture[str]) -> None:
    # K 40 and 20 wins against equals (D 0, PD .50) → ΣΔR = 20 × .50 = 10.00.
    games = [arg for _ in range(20) for arg in ("--game", "1800:1")]
    # 2013 (S2012): no cap → K 40, 40 × 10.00 = +400.00. 40 × 20 = 800 > 700: the missing cap is
    # our decision, so the period says "rule uncertain".
    before = run_json(capsys, "period", "-r", "1800", "-k", "40", *games, "--date", "2013-06-15")
    assert (before["rules"], before["k_applied"], before["change"]) == ("S2012", 40, 400.00)
    assert before["cap_applied"] is False
    assert any("no 700 cap" in text for text in before["rules_uncertain"])
    # 2015 (S2014): K·n ≤ 700 → K = floor(700 / 20) = 35, 35 × 10.00 = +350.00.
    after = run_json(capsys, "period", "-r", "1800", "-k", "40", *games, "--date", "2015-06-15")
    assert (after["rules"], after["k_applied"], after["change"]) == ("S2014", 35, 350.00)
    assert any("700 cap of 2014" in text for text in after["rules_uncertain"])


def test_period_profile_reads_the_rating(capsys: pytest.CaptureFixture[str]) -> None:
    # -r 2800 is the list just published: ≥ 2400, so K 10 (S2025, no 30-game condition).
    top = run_json(capsys, "period", "-r", "2800", "--birth-year", "1990", "--games-played", "100",
                   "--game", "2800:1", "--date", "2026-11-01")  # fmt: skip
    assert top["k"] == 10
    # Before 2014-07 the top K also needed 30 games: with 20 played, 25 until 30 games (S2009).
    young = run_json(capsys, "period", "-r", "2800", "--games-played", "20",
                     "--game", "2800:1", "--date", "2010-06-15")  # fmt: skip
    assert young["k"] == 25
    # A junior (born 2010, 16 in 2026) at 2350 has been published ≥ 2300: no junior 40, K 20.
    junior = run_json(capsys, "period", "-r", "2350", "--birth-year", "2010", "--games-played",
                      "100", "--game", "2350:1", "--date", "2026-11-01")  # fmt: skip
    assert junior["k"] == 20
    # At 2250 the junior K is 40, unless an earlier list had them at 2300 (--reached-2300).
    argv = ["period", "-r", "2250", "--birth-year", "2010", "--games-played", "100",
            "--game", "2250:1", "--date", "2026-11-01"]  # fmt: skip
    assert run_json(capsys, *argv)["k"] == 40
    assert run_json(capsys, *argv, "--reached-2300")["k"] == 20


def test_period_marks_the_lower_rated_400_decision(capsys: pytest.CaptureFixture[str]) -> None:
    # 1500 loses to 2000 (D −500). 2023 (S2022): the lower-rated player's D counts as −400 in every
    # game (our reading of "once per event") → PD .08, ΔR −.08, 20 × −.08 = −1.60, rule uncertain.
    doc = run_json(capsys, "period", "-r", "1500", "-k", "20", "--game", "2000:0",
                   "--date", "2023-06-15")  # fmt: skip
    assert (doc["rules"], doc["change"]) == ("S2022", -1.60)
    assert any("lower-rated" in text for text in doc["rules_uncertain"])
    # 2025-06 (S2024): 400 in every game is FIDE's text: the same −1.60, nothing uncertain.
    later = run_json(capsys, "period", "-r", "1500", "-k", "20", "--game", "2000:0",
                     "--date", "2025-06-15")  # fmt: skip
    assert (later["rules"], later["change"], later["rules_uncertain"]) == ("S2024", -1.60, [])


def test_calc_fide_follows_the_date(capsys: pytest.CaptureFixture[str]) -> None:
    # As the period test: 2235 vs 1700, K 15, a win is +1.65 in 2008 (350 rule), +1.20 in 2010.
    old = run_json(capsys, "calc", "-r", "2235", "-o", "1700", "-k", "15", "--method", "fide",
                   "--date", "2008-06-15")  # fmt: skip
    new = run_json(capsys, "calc", "-r", "2235", "-o", "1700", "-k", "15", "--method", "fide",
                   "--date", "2010-06-15")  # fmt: skip
    assert (old["rules"], old["diff_used"], old["change"]["win"]) == ("S2006", 350, 1.65)
    assert (new["rules"], new["diff_used"], new["change"]["win"]) == ("S2009", 400, 1.20)
    # The logistic method has no rule set.
    elo = run_json(capsys, "calc", "-r", "1500", "-o", "1600", "--date", "2008-06-15")
    assert (elo["rules"], elo["rules_uncertain"]) == (None, [])
    code, out, _ = run_cli("calc", "-r", "2235", "-o", "1700", "-k", "15", "--method", "fide",
                           "--date", "2008-06-15")  # fmt: skip
    assert code == 0
    assert "rules S2006: FIDE table 8.1.2, D over 350 counts as 350" in out
    assert "350-point rule: D 535 counted as 350" in out


def test_need_follows_the_date_cap(capsys: pytest.CaptureFixture[str]) -> None:
    # 1500, K 40, 20 games against 1500 (D 0, PD .50 each), target 1700: change = K × (P − 10).
    argv = ["need", "-r", "1500", "-k", "40", "--target", "1700", "--games", "20",
            "--opponent", "1500", "--date"]  # fmt: skip
    # 2013 (S2012, no cap): 40 × (P − 10) ≥ 200 → P = 15 → +200 → 1700.
    before = run_json(capsys, *argv, "2013-06-15")
    assert (before["rules"], before["min_points"], before["rating_after"]) == ("S2012", 15.0, 1700)
    # 2015 (S2014, K = floor(700/20) = 35): 15.5 gives 35 × 5.5 = 192.5 → 193 → 1693, short;
    # 16 gives 35 × 6 = 210 → 1710.
    after = run_json(capsys, *argv, "2015-06-15")
    assert (after["rules"], after["min_points"], after["rating_after"]) == ("S2014", 16.0, 1710)
    # --no-cap: K 40 again → 15 → 1700.
    off = run_json(capsys, *argv, "2015-06-15", "--no-cap")
    assert (off["min_points"], off["rating_after"]) == (15.0, 1700)


def test_list_option_picks_the_rapid_rules(capsys: pytest.CaptureFixture[str]) -> None:
    # Rapid in 2013 (RB2012): K 20 for every player, whatever the profile (rules.md §3.3).
    # 1800 beats 1800: 20 × .50 = +10.00.
    doc = run_json(capsys, "period", "-r", "1800", "--games-played", "5", "--game", "1800:1",
                   "--date", "2013-06-15", "--list", "rapid")  # fmt: skip
    assert (doc["rules"], doc["k"], doc["change"]) == ("RB2012", 20, 10.00)


def test_bad_date_is_one_line_and_exit_2() -> None:
    code, out, err = run_cli("period", "-r", "2000", "-k", "20", "--game", "2100:1",
                             "--date", "2008-13-01")  # fmt: skip
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "the date 2008-13-01 does not exist" in err


def test_period_birth_year_takes_the_logbooks_range_1850_to_2200() -> None:
    # One range of years everywhere (elotui/dates.py, as the logbook stores a birth year): 1850–2200.
    # Before the one vocabulary `period` alone took 1900–2100; 1850 and 2200 are now taken.
    for year in ("1850", "2200"):
        code, _, err = run_cli("period", "-r", "2000", "--birth-year", year,
                               "--games-played", "100", "--game", "2100:1")  # fmt: skip
        assert (code, err) == (0, "")
    for year in ("1849", "2201"):
        code, out, err = run_cli("period", "-r", "2000", "--birth-year", year,
                                 "--games-played", "100", "--game", "2100:1")  # fmt: skip
        assert (code, out) == (2, "")
        assert f"birth year must be from 1850 to 2200, not {year}" in err


def test_period_header_says_the_cap_of_its_era() -> None:
    # 20 draws against 1500 from 1500, K 40: K × n = 40 × 20 = 800 (rules.md §3.2: a 700
    # cap from 2014-07, none before).
    games = [arg for _ in range(20) for arg in ("--game", "1500:0.5")]
    argv = ["period", "-r", "1500", "-k", "40", *games, "--date"]
    # 2015 (S2014): the cap lowers K to floor(700 / 20) = 35.
    code, out, _ = run_cli(*argv, "2015-06-15")
    assert code == 0
    assert out.splitlines()[0].endswith("K 40 (given), 700 cap: K 40 → 35")
    # The same with --no-cap: K stays 40, and the header says the cap is off.
    code, out, _ = run_cli(*argv, "2015-06-15", "--no-cap")
    assert code == 0
    assert out.splitlines()[0].endswith("K 40 (given) (700 cap off: not FIDE)")
    # 2010 (S2009): no cap then; 800 is over the 700 its list has later, so the header says so.
    code, out, _ = run_cli(*argv, "2010-06-15")
    assert code == 0
    assert out.splitlines()[0].endswith("K 40 (given) (no 700 cap in this era)")
    # 2010 with 10 games: 40 × 10 = 400, within 700 then or later: nothing to say.
    code, out, _ = run_cli(*argv[: 5 + 20], "--date", "2010-06-15")
    assert code == 0
    assert out.splitlines()[0].endswith("K 40 (given)")


def test_no_cap_help_names_the_cap_in_force(monkeypatch: pytest.MonkeyPatch) -> None:
    # Today's cap, not the first the list ever had (700 from 2014-07): a rule set in force with a
    # cap of 600 is said as 600.
    import elotui.rating.rules as rules
    from elotui.cli.calc_options import no_cap_help

    rules_for = rules.rules_for
    monkeypatch.setattr(
        rules,
        "rules_for",
        lambda *args: rules_for(*args)._replace(k_times_games_max=600),
    )
    assert no_cap_help() == "ignore the K×n ≤ 600 cap (not FIDE)"
