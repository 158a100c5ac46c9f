"""The form of a player of the logbook: the fields `Repository.add_player` / `update_player` take."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Checkbox, Input

from elotui import dates
from elotui.i18n import N_, _, pgettext
from elotui.logbook.records import FIDE_ID_MAX, GAMES_BEFORE_MAX
from elotui.rating.inputs import K_MAX, K_MIN
from elotui.tui.widgets.forms.base import Form
from elotui.tui.widgets.forms.parsers import optional_rating, optional_whole, required_text
from elotui.tui.widgets.forms.pickers import TickBox
from elotui.tui.widgets.keys_in_order import TextField

if TYPE_CHECKING:
    from elotui.logbook.records import PlayerRecord


class PlayerForm(Form[dict[str, Any] | None]):
    """Add a player, or edit one: the fields `Repository.add_player` / `update_player` take."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", N_("Save the player"), id="player_form.save"),
        Binding("escape", "cancel", N_("Cancel"), id="player_form.cancel"),
    ]

    def __init__(self, player: PlayerRecord | None = None) -> None:
        super().__init__()
        self.player = player
        self.TITLE_TEXT = (
            _("Edit player {name}").format(name=player.name) if player else _("Add a player")
        )

    def fields(self) -> Iterable[Widget]:
        p = self.player

        def shown(value: int | None) -> str:
            return "" if value is None else str(value)

        yield from self.row(_("Name"), TextField(p.name if p else "", id="player-name"))
        yield from self.row(
            _("Rating at start"),
            TextField(
                shown(p.start_rating if p else None),
                id="player-rating",
                placeholder=_("empty: unrated"),
            ),
        )
        yield from self.row(
            _("Birth year"), TextField(shown(p.birth_year if p else None), id="player-birth-year")
        )
        yield from self.row(
            _("Games before"),
            TextField(str(p.games_before if p else 0), id="player-games-before"),
        )
        yield from self.row(
            _("Fixed K"),
            TextField(
                shown(p.fixed_k if p else None), id="player-k", placeholder=_("empty: FIDE steps")
            ),
        )
        yield from self.row(
            _("FIDE id"), TextField(shown(p.fide_id if p else None), id="player-fide-id")
        )
        yield from self.row(
            _("Ever 2400"),
            TickBox(_("published 2400+ before"), p.reached_2400 if p else False, id="player-2400"),
        )
        yield from self.notes_row(p.notes if p else "", "player-notes")

    def on_mount(self) -> None:
        self.query_one("#player-name", Input).focus()

    def action_save(self) -> None:
        values = {
            "player-name": self.checked("player-name", required_text(_("the name"))),
            "player-rating": self.checked(
                "player-rating", optional_rating(pgettext("reason", "rating"))
            ),
            "player-birth-year": self.checked(
                "player-birth-year",
                optional_whole(_("birth year"), dates.EARLIEST_YEAR, dates.LATEST_YEAR),
            ),
            "player-games-before": self.checked(
                "player-games-before", optional_whole(_("games before"), 0, GAMES_BEFORE_MAX)
            ),
            "player-k": self.checked("player-k", optional_whole(_("K"), K_MIN, K_MAX)),
            "player-fide-id": self.checked(
                "player-fide-id", optional_whole(_("FIDE id"), 1, FIDE_ID_MAX)
            ),
            "player-notes": self.notes("player-notes"),
        }
        bad = self.first_bad(values)
        if bad is not None:
            self.refuse(bad)
            return
        self.submit(
            {
                "name": values["player-name"],
                "start_rating": values["player-rating"],
                "birth_year": values["player-birth-year"],
                "games_before": values["player-games-before"] or 0,
                "fixed_k": values["player-k"],
                "fide_id": values["player-fide-id"],
                "reached_2400": self.query_one("#player-2400", Checkbox).value,
                "notes": values["player-notes"],
            }
        )
