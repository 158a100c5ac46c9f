"""The baseline of the logbook's screens: a bare Textual app with a `DataTable` filled by `sqlite3`.

    python bare_logbook_app.py LOGBOOK NAME [--write]

It shows the player's newest games (the history's columns, the first page of rows, newest first)
and nothing else: no SQLAlchemy, no replay before the first rows. With `--write`, Ctrl+S adds a
game dated today, as the history's Add game dialog does, the simple way: a `sqlite3` insert, then
every game read again and replayed by the plain loop (plain_replay.py), the first page shown again
with the live ratings, and the new month's line `YYYY-MM  S… start → end` (what the write
benchmark waits for, as it waits for the month's row of elotui's FIDE check).
"""

from __future__ import annotations

import sqlite3
import sys
from datetime import date
from pathlib import Path
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

sys.path.insert(0, str(Path(__file__).parent))
import plain_replay

PAGE = 100  # rows read for the first page (more than a screen shows, as the history reads)
NEWEST = (
    "select id, date, opponent, opponent_rating, score_halves from game where player_id = ?"
    " order by date desc, id desc limit ?"
)
RESULTS = {0: "0", 1: "½", 2: "1"}


class BareLogbook(App[None]):
    CSS = "#games { height: 30; }"  # room below for the month's line
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "add_game", "Add a game")]

    def __init__(self, path: str, name: str, write: bool) -> None:
        super().__init__()
        self.connection = sqlite3.connect(path)
        self.player_id, self.rating = self.connection.execute(
            "select id, start_rating from player where name = ?", (name,)
        ).fetchone()
        self.write = write

    def compose(self) -> ComposeResult:
        yield DataTable(id="games", cursor_type="row")
        yield Static(id="check")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label, width in (("date", 10), ("opponent", 12), ("opp.", 4), ("res", 3), ("live", 8)):
            table.add_column(label, width=width)
        self.show_page({})

    def show_page(self, live: dict[int, float]) -> None:
        table = self.query_one(DataTable)
        table.clear()
        for gid, day, opponent, rating, halves in self.connection.execute(
            NEWEST, (self.player_id, PAGE)
        ):
            shown = f"{live[gid]:.2f}" if gid in live else ""
            table.add_row(day, opponent or "", str(rating or ""), RESULTS[halves], shown)

    def action_add_game(self) -> None:
        if not self.write:
            return
        today = date.today().isoformat()
        with self.connection:
            self.connection.execute(
                "insert into game (player_id, date, opponent, opponent_rating, score_halves,"
                " rated, notes, rating_list) values (?, ?, 'Bench Opp', 2000, 2, 1, '', 'standard')",
                (self.player_id, today),
            )
        rows = self.connection.execute(plain_replay.GAMES, (self.player_id,)).fetchall()
        games, periods = plain_replay.replay(rows, self.rating)
        self.show_page({game["id"]: game["live_rating"] for game in games[-PAGE:]})
        last = periods[-1]
        self.query_one("#check", Static).update(
            f"{last['period']}  S… {last['rating_start']} → {last['rating_end']}"
        )


if __name__ == "__main__":
    BareLogbook(sys.argv[1], sys.argv[2], "--write" in sys.argv[3:]).run()
