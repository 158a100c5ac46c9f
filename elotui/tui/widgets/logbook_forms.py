"""The forms moved to elotui/tui/widgets/forms/; their names stay importable from here for the modules
that still do (the history screen, tests/faults). Import from `elotui.tui.widgets.forms` instead, then
delete this module."""

from elotui.tui.widgets.forms import *  # noqa: F403
from elotui.tui.widgets.forms import __all__ as __all__
