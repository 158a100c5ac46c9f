"""The help screen (F1): every key binding, where it works, and the sources of the rules."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, VerticalScroll
from textual.content import Content
from textual.widgets import Footer, Header, Static

from elotui.i18n import N_, _
from elotui.rating.result import letters_text
from elotui.tui.commands import spoken
from elotui.tui.screens.base import AppScreen

# The sources of the rules, one paragraph each (markup), translated where the help shows them.
SOURCES_TITLE = N_("Sources of the rules")
SOURCES = (
    N_(
        "[b]FIDE Rating Regulations[/] effective from 1 March 2024 (FIDE Handbook B.02), with the "
        "amendment to article 8.3.1 effective from [b]1 October 2025[/] (the 400-point rule no longer "
        "applies to players rated 2650 or more): table 8.1.2 (expected score PD), the 400-point rule, "
        "K 40 / 20 / 10, the 700 cap (K × games ≤ 700), one rounding of the period change, 0.5 away "
        "from zero."
    ),
    N_(
        "[b]FIDE Title Regulations[/] effective from 1 January 2024: the rating requirements of the "
        "titles (FM 2300, IM 2400, GM 2500; IM and GM also need norms)."
    ),
    N_(
        "The elo method is the logistic formula E = 1/(1+10^((Rb−Ra)/400)) with no cap; K 32 is a "
        "common generic value, not a FIDE one."
    ),
    N_(
        "Tiers (Bronze … International Master) are elotui's own markers, not the ranks of any game."
    ),
)


def sources_markup() -> str:
    lines = [f"[b $accent]{_(SOURCES_TITLE)}[/]", *(f"• {_(source)}" for source in SOURCES)]
    return "\n".join(lines) + "\n"


KEY_NAMES = {"left_square_bracket": "[", "right_square_bracket": "]"}
# The keys as a keyboard of the language spoken names them ("Entrée", "Échap", "Maj" in French).
KEY_WORDS = frozenset(
    (N_("Up"), N_("Down"), N_("Left"), N_("Right"), N_("Enter"), N_("Escape"), N_("Delete"),
     N_("Shift"), N_("Space"))
)  # fmt: skip


def key_text(key: str) -> str:
    """`ctrl+q` → `Ctrl+Q`, `f1` → `F1`, `w` → `w`, `shift+tab` → `Shift+Tab`, `right_square_bracket` → `]`."""
    if key in KEY_NAMES:
        return KEY_NAMES[key]
    *modifiers, name = key.split("+")
    if re.fullmatch(r"f\d+", name) or (modifiers and len(name) == 1):
        name = name.upper()
    elif len(name) > 1:
        name = name.capitalize()
    words = [*(m.capitalize() for m in modifiers), name]
    return "+".join(_(word) if word in KEY_WORDS else word for word in words)


def bindings_text(title: str, bindings: Iterable[BindingType]) -> Content:
    lines = [Content.styled(_(title), "bold $accent")]
    for binding in bindings:
        if not isinstance(binding, Binding) or binding.system or not spoken(binding):
            continue
        keys = binding.key_display or ", ".join(key_text(k.strip()) for k in binding.key.split(","))
        lines.append(
            Content.assemble(Content.styled(f"  {keys:<12}", "bold"), _(binding.description))
        )
    return Content("\n").join(lines)


class HelpScreen(AppScreen):
    # F1 (the app's binding) also closes it; every key goes back to the screen help was opened from.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "app.toggle_help", N_("Close help"), id="help.close"),
        Binding("q", "app.toggle_help", N_("Close help"), show=False, id="help.close_q"),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="help-body"):
            with Grid(id="help-keys"):
                for title, bindings in binding_groups(self.app.BINDINGS):
                    yield Static(bindings_text(title, bindings), classes="help-group")
            yield Static(
                _("Ctrl+P opens the command palette: it lists every action, and the themes."),
                classes="hint",
            )
            yield Static(Content.from_markup(sources_markup()), id="help-sources")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "elotui"
        self.sub_title = _("Help")


def binding_groups(everywhere: Iterable[BindingType]) -> list[tuple[str, Iterable[BindingType]]]:
    """Each group of keys the help lists; `everywhere`: the app's own (the app imports its
    screens, never the reverse)."""
    from elotui.tui.screens.calculator import CalculatorScreen, KInput
    from elotui.tui.screens.history import HistoryScreen
    from elotui.tui.screens.tournament import TournamentScreen
    from elotui.tui.screens.tournament.player_dialog import PlayerDialog
    from elotui.tui.widgets.choice import Choice
    from elotui.tui.widgets.game_dialog import GameDialog
    from elotui.tui.widgets.mode_panes import GamesTable

    return [
        (N_("Everywhere"), everywhere),
        (
            _("Calculator ({keys} work outside a text field)").format(
                keys=", ".join([*letters_text().split(), "*", "m", "a", "t"])
            ),
            CalculatorScreen.BINDINGS,
        ),
        (N_("In the K field"), KInput.BINDINGS),
        (N_("On a choice (result, method, steps, K from, ever 2400)"), Choice.BINDINGS),
        (N_("In the list of games of a period (F8 again goes there)"), GamesTable.BINDINGS),
        (N_("In the game dialog"), GameDialog.BINDINGS),
        (N_("History (F3): the logbook"), HistoryScreen.BINDINGS),
        (
            N_("Tournament (F4): a TRF's report and norms (Enter: a player)"),
            TournamentScreen.BINDINGS,
        ),
        (N_("In a tournament player's games"), PlayerDialog.BINDINGS),
        (N_("On this help screen"), HelpScreen.BINDINGS),
    ]
