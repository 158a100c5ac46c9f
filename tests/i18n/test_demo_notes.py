"""The demo's notes in the language it is built in (issue 15, part 3); names and events unchanged."""

from __future__ import annotations

import json
from pathlib import Path

from elotui.i18n import set_language
from elotui.logbook.demo import DEMO_DIR, NOTES, build_demo_database

NBSP = "\u00a0"  # before a colon, as the whole French catalog writes it


def fixture_notes() -> dict[str, str]:
    players = json.loads((DEMO_DIR / "players.json").read_text(encoding="utf-8"))
    return {player["name"]: player["notes"] for player in players if player.get("notes")}


def test_every_note_of_the_fixture_is_marked_for_the_catalog() -> None:
    notes = fixture_notes()
    assert len(notes) == 3  # the three players of the demo, each with a note
    assert set(notes.values()) <= set(NOTES)


def test_the_demo_built_in_french_has_french_notes(tmp_path: Path) -> None:
    set_language("fr")
    repository = build_demo_database(tmp_path / "demo.db")
    try:
        stored = {player.name: player.notes for player in repository.list_players()}
    finally:
        repository.close()
    # The names as they are (the fixture's keys), the notes in French.
    assert set(stored) == set(fixture_notes())
    assert (
        stored["Camille Laurent"]
        == f"Démo{NBSP}: une jeune qui monte au classement de maître international."
    )
    assert stored["Hugo Bernard"] == (
        f"Démo{NBSP}: un joueur de club qui passe sous 1400 et est classé à nouveau."
    )


def test_the_demo_built_in_english_keeps_the_fixtures_notes(tmp_path: Path) -> None:
    repository = build_demo_database(tmp_path / "demo.db")
    try:
        stored = {player.name: player.notes for player in repository.list_players()}
    finally:
        repository.close()
    assert stored == fixture_notes()
