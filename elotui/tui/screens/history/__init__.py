"""The history screen (F3), one file per part: `screen` (layout and what the workers' messages show),
`loading` (the thread workers and the replay's view), `edits` (the keys that write), `updates` (what
a write shows), `navigation` (paging, players, lists), `messages`, `cells` (the games and crossings
rows), `fide_check` (its rows and note), `files` (import, export) and `steady_footer`.
"""

from elotui.tui.screens.history.cells import GAME_COLUMNS, game_cells
from elotui.tui.screens.history.loading import PAGE, replay_view
from elotui.tui.screens.history.screen import HistoryScreen

__all__ = ["GAME_COLUMNS", "PAGE", "HistoryScreen", "game_cells", "replay_view"]
