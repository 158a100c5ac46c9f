"""The calculator screen (screen.py), its fields (fields.py), layout (layout.py), the reading of its
fields (reading.py) and its period mode (period.py)."""

from elotui.tui.screens.calculator.fields import K_PRESETS, KInput, k_meaning, missing_text
from elotui.tui.screens.calculator.layout import CALC_MODES
from elotui.tui.screens.calculator.screen import CalculatorScreen

__all__ = ["CALC_MODES", "K_PRESETS", "CalculatorScreen", "KInput", "k_meaning", "missing_text"]
