"""`elotui tournament`: the title norms of each player, from a TRF written for it (tests/norm_event.py,
checked by hand there; docs/rules.md §5)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cli
from tests.norm_event import norm_event


def test_an_im_norm_met_is_shown_and_the_json_has_every_clause(tmp_path: Path) -> None:
    path = norm_event(tmp_path, last="1")
    code, out, err = run_cli("tournament", str(path))
    assert code == 0, err
    assert "The file checked: nothing found" in out
    assert "  1 Martin, Paul: norm met: IM\n" in out
    assert "WIM" not in out and "GM norm" not in out

    code, out, err = run_cli("tournament", str(path), "--json")
    assert code == 0, err
    norms = {norm["title"]: norm for norm in json.loads(out)["players"][0]["norms"]}
    im = norms["IM"]
    assert (im["met"], im["games"], im["points"], im["average"], im["performance"]) == (
        True, 9, 6.0, 2361, 2486,
    )  # fmt: skip
    assert im["raised"] == [2000, 2050]
    assert {reason["clause"] for reason in im["reasons"] if reason["met"]} == {
        "games", "score", "average", "performance", "titled", "norm-titled", "foreign",
        "own-federation", "one-federation",
    }  # fmt: skip
    assert norms["WIM"]["met"] and not norms["GM"]["met"]


def test_an_im_norm_missed_by_the_performance_says_so(tmp_path: Path) -> None:
    code, out, err = run_cli("tournament", str(norm_event(tmp_path, last="=")))
    assert code == 0, err
    assert "  1 Martin, Paul: IM norm missed: performance Rp 2441, 2450 needed (" in out


def test_the_event_type_lifts_the_federation_clauses(tmp_path: Path) -> None:
    code, out, err = run_cli(
        "tournament", str(norm_event(tmp_path, last="1")), "--json", "--event-type", "zonal"
    )
    assert code == 0, err
    document = json.loads(out)
    assert document["event_type"] == "zonal"
    im = next(n for n in document["players"][0]["norms"] if n["title"] == "IM")
    assert [r["clause"] for r in im["reasons"] if r["exempt"]] == [
        "foreign", "own-federation", "one-federation",
    ]  # fmt: skip


def test_french(tmp_path: Path) -> None:
    code, out, err = run_cli("--lang", "fr", "tournament", str(norm_event(tmp_path, last="1")))
    assert code == 0, err
    assert "1 Martin, Paul: norme atteinte\u00a0: IM" in out
