"""argparse's own words (usage, its errors, the help's headings) in the language elotui speaks.

argparse says them through the module-level `gettext` functions of the standard library, in the
domain of whatever program runs it, looked up when each is said: `speak_argparse()` points those two
names of the `argparse` module at elotui's catalog, so "usage:" and "invalid choice" come out in French
with the rest. The messages below are argparse's own (Python 3.11 to 3.13), copied exactly so that the
extractor puts them in elotui's catalog; one that a later Python words differently is simply said in
English. Only what a user can meet is here (not argparse's errors about a program's own mistakes).
"""

from __future__ import annotations

import argparse

from elotui.i18n import N_, _, ngettext

ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("can't open '%(filename)s': %(error)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
)


def speak_argparse() -> None:
    """Make argparse say its words through elotui's catalog (see the module docstring)."""
    ngettext("expected %s argument", "expected %s arguments", 2)  # marks argparse's one plural
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
