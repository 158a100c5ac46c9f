"""The calculator screen (screen.py), its fields (fields.py), layout (layout.py), the reading of its
fields (reading.py) and the period's list of games (period_games.py). What each mode computes is
its model's: elotui.tui.models.calculator."""

from elotui.tui.screens.calculator.fields import KInput
from elotui.tui.screens.calculator.screen import CalculatorScreen

__all__ = ["CalculatorScreen", "KInput"]
