"""Widgets of the calculator: the result panes, the one-line choice, the game dialog."""
