"""Each "rule uncertain" mark names the decision it rests on (issue 10): an id and its text, on the
replay's period record and in `replay --json` (`rules_uncertain_ids`)."""

from __future__ import annotations

import datetime as dt
import json

from elotui.cli.replay_json import replay_json
from elotui.rating.replay import ReplayGame, ReplayPlayer, replay


def _wins(year: int) -> list[ReplayGame]:
    # Three one-game events, wins vs 1990 from 2000: D 10 → PD .51, ΔR .49, K 20 → 9.80 each.
    # Period 29.40 → +29; per event 10 + 10 + 10 = 30, so the once-per-period rounding (our decision
    # before 2024-03, rules.md §3.2) changes a number in a 2023 period and is FIDE's text in 2025.
    return [
        ReplayGame(dt.date(year, 6, d), 1990, 2, event=f"E{d}", event_start=dt.date(year, 6, d))
        for d in (1, 2, 3)
    ]


def _adult() -> ReplayPlayer:
    return ReplayPlayer("A", birth_year=1980, start_rating=2000, games_before=100)


def test_a_marked_period_names_the_rounding_decision_with_its_text() -> None:
    period = replay(_adult(), _wins(2023), {}).periods[0]
    assert (period.change_rounded, period.per_event_rounded_total) == (29, 30)
    assert [decision.id for decision in period.decisions] == ["rounding"]
    assert [decision.text for decision in period.decisions] == list(period.uncertain)
    assert "rounded once" in period.decisions[0].text


def test_an_unmarked_period_names_no_decision() -> None:
    period = replay(_adult(), _wins(2025), {}).periods[0]
    assert (period.change_rounded, period.uncertain, period.decisions) == (29, (), ())


def test_replay_json_lists_the_ids_beside_the_texts() -> None:
    document = json.loads(replay_json(replay(_adult(), _wins(2023), {})))
    (period,) = document["periods"]
    assert period["rules_uncertain_ids"] == ["rounding"]
    assert len(period["rules_uncertain"]) == 1 and "rounded once" in period["rules_uncertain"][0]
