"""The JSON contract: every command prints exactly the keys the table of docs/product.md §4.3 lists.

The table is read from that file, so the documentation and the output cannot drift apart: a key added,
renamed or dropped on either side fails here. The keys of the first release are checked by name too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import run_cli
from tests.logbook.fide_list_files import SINGLE_APR25, row, txt
from tests.trf_lines import header, player_line

PRODUCT = Path(__file__).parents[2] / "docs" / "product.md"

# One command line per row label of the table ({db} and {dir} filled in by the test).
ARGV: dict[str, list[str]] = {
    "calc": ["calc", "-r", "1500", "-o", "1600", "--result", "1"],
    "calc --games N --points P": ["calc", "-r", "1500", "-o", "1600", "--games", "5", "--points", "3.5"],
    "calc --series N --result R": ["calc", "-r", "1500", "-o", "1600", "--series", "2", "--result", "1"],
    "period": ["period", "-r", "2000", "-k", "20", "--game", "2100:1", "--date", "2026-11-01",
               "--list", "rapid", "--game", "2700:0"],  # 2700: not rated (RB2024-12)
    "need": ["need", "-r", "1980", "-k", "20", "--target", "2000", "--games", "3", "--opponent", "1950"],
    "player add": ["player", "add", "Bea", "--rating", "1700"],
    "player edit": ["player", "edit", "Ana", "--notes", "club"],
    "player list": ["player", "list"],
    "player remove": ["player", "remove", "Ana", "--yes"],
    "game add": ["game", "add", "--player", "Ana", "--date", "2026-10-05", "--opponent-rating", "2010",
                 "--result", "0.5"],
    "game edit": ["game", "edit", "1", "--event", "Open"],
    "game list": ["game", "list", "--player", "Ana"],
    "game remove": ["game", "remove", "1"],
    "published set": ["published", "set", "--player", "Ana", "--month", "2026-12", "--rating", "1860"],
    "published list": ["published", "list", "--player", "Ana"],
    "published remove": ["published", "remove", "--player", "Ana", "--month", "2026-11"],
    "published import": ["published", "import", "{dir}/standard_dec26frl.txt"],
    "replay": ["replay", "--demo", "--player", "Camille Laurent"],
    "replay --list all": ["replay", "--demo", "--player", "Camille Laurent", "--list", "all"],
    "import": ["import", "{dir}/games.csv", "--player", "Ana"],
    "export -o FILE": ["export", "-o", "{dir}/out.csv"],
    "export (no -o)": ["export"],
    "tournament": ["tournament", "{dir}/event.trf", "--db", "{db}"],
    "db path": ["db", "path"],
    "db upgrade": ["db", "upgrade"],
}  # fmt: skip


def _documented() -> dict[str, dict[str, tuple[list[str], set[str]]]]:
    """label → object path → (keys in order, keys whose value has free-form keys)."""
    text = PRODUCT.read_text(encoding="utf-8")
    text = text.split('<a id="s4.3"></a>', 1)[1].split('<a id="s4.4"></a>', 1)[0]
    table: dict[str, dict[str, tuple[list[str], set[str]]]] = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 3 or not cells[2].startswith("`"):
            continue
        labels = [label.replace("`", "") for label in re.split(r"`, `", cells[0])]
        objects = [o.strip("`") for o in cells[1].split(", ")]
        keys = re.findall(r"`([a-z_0-9]+)`( \()?", cells[2])
        for label in labels:
            for obj in objects:
                table.setdefault(label.strip("`"), {})[obj] = (
                    [key for key, _ in keys],
                    {key for key, note in keys if note},
                )
    return table


DOCUMENTED = _documented()


def _objects(value: Any, path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object of a document with its path: "document", "games[]", "players[].games[]"."""
    if isinstance(value, dict):
        yield path, value
        for key, item in value.items():
            yield from _objects(item, key if path == "document" else f"{path}.{key}")
    elif isinstance(value, list):
        for item in value:
            yield from _objects(item, f"{path}[]")


@pytest.fixture
def logbook(tmp_path: Path, db_address: str) -> str:
    """Ana with one game (id 1) and a published rating, on each backend; a CSV of one more game."""
    db = db_address
    for argv in (
        ["player", "add", "Ana", "--rating", "1850", "--fide-id", "4100018"],
        ["game", "add", "--player", "Ana", "--date", "2026-10-04", "--opponent", "B. Silva",
         "--opponent-rating", "1920", "--result", "1"],
        ["published", "set", "--player", "Ana", "--month", "2026-11", "--rating", "1859"],
    ):  # fmt: skip
        code, _, err = run_cli(*argv, "--db", db)
        assert code == 0, err
    (tmp_path / "games.csv").write_text(
        "player,date,opponent,opponent_rating,result,event,event_start,event_end,own_rating,rated\n"
        "Ana,2026-10-06,C. Dias,1780,0,,,,,yes\n",
        encoding="utf-8",
    )
    (tmp_path / "standard_dec26frl.txt").write_bytes(
        txt(
            [SINGLE_APR25, row(SINGLE_APR25, {"ID Number": "4100018", "APR25": "1859", "Gms": "1"})]
        )
    )
    (tmp_path / "event.trf").write_text(
        "\n".join([
            header("012", "October Open"), header("042", "2026/10/10"), header("052", "2026/10/11"),
            player_line(1, "Ana", rating=1850, fide_id=4100018, points="1.5",
                        rounds=[(2, "w", "1"), (3, "b", "=")]),
            player_line(2, "Berg, Bea", rating=1900, fide_id=2, points="0.0",
                        rounds=[(1, "b", "0"), (0, "-", "Z")]),
            player_line(3, "Dias, Cy", points="0.5", rounds=[(0, "-", "Z"), (1, "w", "=")]),
        ]) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    return db


def test_every_row_of_the_table_has_a_command_line_here() -> None:
    assert set(DOCUMENTED) == set(ARGV)


@pytest.mark.parametrize("label", list(ARGV))
def test_command_prints_exactly_the_documented_keys(
    label: str, logbook: str, tmp_path: Path
) -> None:
    argv = [a.replace("{dir}", str(tmp_path)) for a in ARGV[label]]  # where `logbook` put games.csv
    code, out, err = run_cli(*argv, "--json", "--db", logbook)
    assert code == 0, err
    documented = DOCUMENTED[label]
    free = {f"{key}" if path == "document" else f"{path}.{key}"
            for path, (_, notes) in documented.items() for key in notes}  # fmt: skip
    seen: set[str] = set()
    for path, obj in _objects(json.loads(out), "document"):
        if path in free:
            continue
        assert path in documented, f"{label}: object {path} is not in docs/product.md"
        assert list(obj) == documented[path][0], f"{label}: {path}"
        seen.add(path)
    assert seen == set(documented), f"{label}: documented but not printed: {set(documented) - seen}"


# The keys of the first release, which scripts were promised: none of them may go (§4.3).
REQUIRED = {
    ("calc", "document"): "method rating opponent k expected change rounded new_rating tier",
    ("calc", "change"): "win draw loss",
    ("calc --games N --points P", "document"): "games points change rounded",
    ("calc --series N --result R", "series[]"): "game rating_before expected change rating_after",
    ("period", "document"): "rating k k_applied k_reason games n score sum_delta change "
    "change_rounded new_rating unrated_next_list performance",
    ("period", "games[]"): "opponent score diff diff_used pd delta",
    ("need", "document"): "target games min_points rating_after",
    ("replay", "document"): "player games periods crossings",
    ("replay", "games[]"): "date opponent_rating score rating_before expected delta live_rating",
    ("replay", "periods[]"): "period rating_start k k_applied k_reason n change change_rounded "
    "per_game_rounded_total rating_end published matches_published unrated",
    ("replay", "crossings[]"): "period date kind from to direction rating",
}


@pytest.mark.parametrize(("label", "path"), list(REQUIRED))
def test_the_product_specification_keys_are_kept(label: str, path: str) -> None:
    assert set(REQUIRED[label, path].split()) <= set(DOCUMENTED[label][path][0])
