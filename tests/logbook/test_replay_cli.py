"""`elotui replay` end to end: games typed through the CLI, replayed from the database."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import run_cli


def replay_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    code, out, err = run_cli("replay", *argv, "--json")
    assert code == 0, err
    return json.loads(out)


@pytest.mark.usefixtures("db_env")  # on both backends (tests/conftest.py)
def test_replay_of_games_added_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli("player", "add", "Ana", "--rating", "2000", "--games-before", "50")[0] == 0
    for day, rating, result in (("2026-10-05", "2100", "1"), ("2026-10-06", "1900", "0.5")):
        code, _, err = run_cli(
            "game", "add", "--player", "Ana", "--date", day,
            "--opponent-rating", rating, "--result", result,
        )  # fmt: skip
        assert code == 0, err
    assert (
        run_cli("published", "set", "--player", "Ana", "--month", "2026-11", "--rating", "2010")[0]
        == 0
    )

    doc = replay_json(capsys, "--player", "Ana")
    # K 20 (50 games, no birth year): +0.64 (D −100, PD .36) and −0.14 (D +100, PD .64): 20 × 0.50 = +10.
    (october,) = [p for p in doc["periods"] if p["period"] == "2026-10"]
    assert (october["rating_start"], october["k"], october["n"]) == (2000, 20, 2)
    assert (october["change"], october["change_rounded"], october["rating_end"]) == (10.0, 10, 2010)
    assert (october["published"], october["matches_published"]) == (2010, True)
    assert [g["live_rating"] for g in doc["games"]] == [2012.8, 2010.0]
    for key in ("date", "opponent_rating", "score", "rating_before", "expected", "delta"):
        assert key in doc["games"][0]
    for key in ("per_game_rounded_total", "k_applied", "k_reason", "unrated"):
        assert key in october
    assert doc["player"] == "Ana"


@pytest.mark.usefixtures("db_env")  # on both backends (tests/conftest.py)
def test_replay_table_and_unknown_player(capsys: pytest.CaptureFixture[str]) -> None:
    run_cli("player", "add", "Ben", "--rating", "1500")
    run_cli(
        "game",
        "add",
        "--player",
        "Ben",
        "--date",
        "2026-09-01",
        "--opponent-rating",
        "1600",
        "--result",
        "1",
    )
    code, out, _ = run_cli("replay", "--player", "Ben")
    # K 40 (new player): D −100 → PD .36, +0.64 × 40 = +25.60 → 1526.
    assert code == 0
    assert "+25.60" in out and "1526" in out
    code, _, err = run_cli("replay", "--player", "Nobody")
    assert code == 2
    assert "Nobody" in err and len(err.strip().splitlines()) == 1


def test_replay_demo_shows_months_and_every_crossing_kind(
    capsys: pytest.CaptureFixture[str],
) -> None:
    kinds: set[str] = set()
    periods = []
    for name in ("Camille Laurent", "Hugo Bernard"):
        doc = replay_json(capsys, "--demo", "--player", name)
        kinds |= {c["kind"] for c in doc["crossings"]}
        directions = {(c["kind"], c["direction"]) for c in doc["crossings"]}
        assert {("tier", "up"), ("tier", "down")} <= directions
        assert len(doc["periods"]) > 24
        periods += doc["periods"]
    # No "floor" any more: Hugo's fall to 1368 in 2023 is above that era's 1000 floor (S2022,
    # rules.md §3.2), and the 2024-03 uplift lifts him to 1666; the 1400-floor fall was the
    # 2024 rules applied to 2023. The floor crossing is covered in tests/rating/test_replay.py.
    assert kinds == {"tier", "title", "k10"}
    assert any(p["k_applied"] is not None and p["k_applied"] < p["k"] for p in periods)  # 700 cap
    assert any("junior" in (p["k_reason"] or "") for p in periods)
    assert any(p["change_rounded"] != p["per_game_rounded_total"] for p in periods if p["n"])
    assert {p["matches_published"] for p in periods} >= {True, False}
    code, out, _ = run_cli("replay", "--demo", "--player", "Hugo Bernard")
    assert code == 0
    assert "Crossings" in out and "✗" in out


def test_replay_of_the_three_lists_of_a_demo_player(capsys: pytest.CaptureFixture[str]) -> None:
    # The demo's Hugo Bernard has games on all three lists (34 rapid, 37 blitz; docs of the demo).
    doc = replay_json(capsys, "--demo", "--player", "Hugo Bernard", "--list", "all")
    assert (doc["player"], list(doc["lists"])) == ("Hugo Bernard", ["standard", "rapid", "blitz"])
    lists = doc["lists"]
    assert (len(lists["rapid"]["games"]), len(lists["blitz"]["games"])) == (34, 37)
    for name in ("standard", "rapid", "blitz"):
        assert lists[name]["periods"], name
    # One list is the document it always was, and the same as that list inside --list all.
    assert replay_json(capsys, "--demo", "--player", "Hugo Bernard") == lists["standard"]
    assert (
        replay_json(capsys, "--demo", "--player", "Hugo Bernard", "--list", "blitz")
        == (lists["blitz"])
    )
    # The loss to a 2655 on 2025-02-13 (RB2024-12): |D| ≥ 600 with a player above 2600, not rated.
    (lost,) = [g for g in lists["blitz"]["games"] if g["opponent_rating"] == 2655]
    assert (lost["date"], lost["not_rated"], lost["counted"], lost["change"]) == (
        "2025-02-13", True, False, None,
    )  # fmt: skip
    # The first rapid and blitz periods start from the standard list (Hugo was unrated on them).
    assert lists["rapid"]["periods"][0]["start_source"] == "standard"
    code, out, _ = run_cli("replay", "--demo", "--player", "Hugo Bernard", "--list", "all")
    assert code == 0
    assert [line for line in out.splitlines() if line.startswith("— ")] == [
        "— standard list —", "— rapid list —", "— blitz list —",
    ]  # fmt: skip
    assert "2025-02-13 vs 2655: not rated:" in out
    code, _, err = run_cli("replay", "--demo", "--player", "Hugo Bernard", "--list", "classic")
    assert code == 2 and "classic" in err


@pytest.mark.usefixtures("db_env")  # on both backends (tests/conftest.py)
def test_replay_of_a_list_without_games_names_the_lists_with_some() -> None:
    run_cli("player", "add", "Cleo", "--rating", "1800")
    code, _, err = run_cli(
        "game", "add", "--player", "Cleo", "--date", "2026-10-05", "--opponent-rating", "1700",
        "--result", "1", "--list", "rapid",
    )  # fmt: skip
    assert code == 0, err
    code, out, _ = run_cli("replay", "--player", "Cleo")
    assert code == 0
    assert out.splitlines()[0] == "No standard games; rapid: 1 game: --list rapid"
    assert "period" not in out  # no empty table under it
    code, out, _ = run_cli("replay", "--player", "Cleo", "--list", "blitz")
    assert "No blitz games; rapid: 1 game: --list rapid" in out
    code, out, _ = run_cli("replay", "--player", "Cleo", "--list", "rapid")
    assert "games;" not in out and "2026-10" in out
