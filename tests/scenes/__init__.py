"""Named scenes of the app, the keys that bring each screen to a state worth showing: `calculator`
(the calculator's modes and the help; also `settle`, `burst` and the key scripts every app test uses)
and `history` (the history screen on the demo logbook, with its own `settle`).

The snapshot tests and `scripts/screenshots.py` both play them, so what the README shows is what the
tests check. They live with the tests, not in the package: the wheel does not ship them.
"""
