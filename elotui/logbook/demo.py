"""The demo logbook: two players over several years, built from the fixture in `elotui/logbook/demo/`.

`players.json` holds the profiles (and published ratings by month), `games.csv` the games in the
import format, `rapide-de-montpellier.trf` a made-up tournament's report file, whose games go to
the logbook players found in it (Margaux Vidal) as `elotui import FILE.trf` takes them, and `lists/`
a year of FIDE's standard list files (zipped TXT, 2025-02 to 2026-01) holding only Hugo Bernard's
line, read as `elotui published import` reads them: his FIDE check compares FIDE's games and K too,
with one mismatch of each kind (8 games on the 2025-08 list, the logbook has 7; K 40 on the
2025-06 list, the replay uses 20; 1557 published on the 2025-03 list, the replay gives 1615).
`elotui --demo` works on a throwaway database built fresh from them in a temporary folder, so
nothing the user does there outlives the session and the fixture itself is never written to.

The players' notes are written in English in the fixture and stored in the language spoken when the
demo is built (at each start: the demo is never kept), from their French in the catalog (`NOTES`
marks them); names and events stay as they are.

The players' names are read without SQLAlchemy (`demo_player_names`): `elotui history --demo --player
NAME` checks NAME with them before the app starts, and builds the demo after its first frame.
"""

from __future__ import annotations

import atexit
import json
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from elotui.i18n import N_, _

if TYPE_CHECKING:
    from elotui.logbook.repository import Repository

DEMO_DIR = Path(__file__).resolve().parent / "demo"
DEMO_FILENAME = "elotui-demo.db"
DEMO_TOURNAMENT = "rapide-de-montpellier.trf"  # a made-up tournament: its report file
DEMO_LISTS = "lists"  # a year of FIDE's list files, holding only the demo players' lines

# The notes of players.json, word for word, marked for the catalog (tests/i18n/test_demo_notes.py
# fails on a note of the fixture that is not here).
NOTES = (
    N_("Demo: a junior who climbs to the IM rating."),
    N_("Demo: a club player who falls below 1400 and is rated again."),
    N_("Demo: a club player since 2008, through FIDE's rule changes."),
)


def demo_player_names() -> list[str]:
    return [str(item["name"]) for item in _players()]


def _players() -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = json.loads(
        (DEMO_DIR / "players.json").read_text(encoding="utf-8")
    )
    return players


def build_demo_database(path: Path) -> Repository:
    """Create the demo logbook at `path` (a new file) and return its repository."""
    from elotui.logbook.csv_io import import_csv
    from elotui.logbook.list_import import import_list_files
    from elotui.logbook.repository import PLAYER_FIELDS, PlayerBundle, open_repository
    from elotui.logbook.trf_io import import_trf

    if path.exists():
        raise FileExistsError(path)
    repository = open_repository(path)
    bundles = [
        PlayerBundle(
            profile={name: _spoken(name, item[name]) for name in PLAYER_FIELDS if name in item},
            published=sorted(
                (month, int(rating)) for month, rating in item.get("published", {}).items()
            ),
        )
        for item in _players()
    ]
    repository.add_players_with_games(bundles)
    import_csv(repository, DEMO_DIR / "games.csv")
    import_trf(repository, DEMO_DIR / DEMO_TOURNAMENT)
    import_list_files(
        repository, sorted((DEMO_DIR / DEMO_LISTS).glob("*.zip")), repository.list_players()
    )
    return repository


def _spoken(field: str, value: Any) -> Any:
    """A profile's value as the demo stores it: its notes in the language spoken, the rest as is."""
    return _(value) if field == "notes" and isinstance(value, str) else value


def open_demo_repository() -> Repository:
    """A fresh demo logbook in a temporary folder that is removed when the process ends."""
    folder = Path(tempfile.mkdtemp(prefix="elotui-demo-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return build_demo_database(folder / DEMO_FILENAME)
