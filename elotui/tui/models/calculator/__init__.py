"""The calculator's modes without Textual: one object per mode, each with a pure `compute(values,
today)` that returns the view its pane shows (values.py: the fields' values and what every view
has; modes.py: the single game, several games, series and reference; period_mode.py: the period)."""

from elotui.tui.models.calculator.modes import (
    Control,
    Mode,
    ReferenceMode,
    ReferenceView,
    SeriesMode,
    SeriesView,
    SeveralMode,
    SeveralView,
    SingleMode,
    SingleView,
)
from elotui.tui.models.calculator.period_mode import PeriodMode, PeriodResults, PeriodView
from elotui.tui.models.calculator.values import (
    K_PRESETS,
    Notes,
    PeriodGameValues,
    Values,
    View,
    k_meaning,
)

# The modes in the order of their keys (F5 to F9), by name.
MODES: dict[str, Mode] = {
    mode.name: mode
    for mode in (SingleMode(), SeveralMode(), SeriesMode(), PeriodMode(), ReferenceMode())
}

__all__ = [
    "K_PRESETS",
    "MODES",
    "Control",
    "Mode",
    "Notes",
    "PeriodGameValues",
    "PeriodMode",
    "PeriodResults",
    "PeriodView",
    "ReferenceMode",
    "ReferenceView",
    "SeriesMode",
    "SeriesView",
    "SeveralMode",
    "SeveralView",
    "SingleMode",
    "SingleView",
    "Values",
    "View",
    "k_meaning",
]
