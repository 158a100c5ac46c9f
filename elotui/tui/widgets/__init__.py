"""The app's widgets: the calculator's fields, choices and result panes, the game dialog, the chart,
and the history screen's forms (forms/)."""
