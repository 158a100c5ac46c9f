"""The history screen (F3): `screen` (the screen: layout, keys, what the workers' messages show),
its widgets (`player_bar`, `games_table`, `replay_panels`, `fide_check`, `steady_footer`), the
thread workers (`workers`), their `messages`, the writes (`edits`, `files`) and the cells. Its
state and what to show are its model's (`elotui/tui/models/history.py`).
"""

from elotui.tui.screens.history.screen import HistoryScreen

__all__ = ["HistoryScreen"]
