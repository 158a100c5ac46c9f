"""The app's screens, one per function key: help (F1), calculator (F2), history (F3)."""
