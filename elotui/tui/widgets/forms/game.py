"""The form of one game of the logbook: every stored field, from the date to the notes."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Static

from elotui.i18n import N_, _
from elotui.logbook.records import STANDARD, NewGame, RatingList
from elotui.rating.inputs import InvalidInput
from elotui.rating.result import letters_text
from elotui.tui.widgets.forms.base import BAD, Form
from elotui.tui.widgets.forms.parsers import (
    checked_text,
    optional_date,
    optional_rating,
    parse_date,
)
from elotui.tui.widgets.forms.pickers import ListPicker, ResultPicker, TickBox
from elotui.tui.widgets.keys_in_order import TextField

if TYPE_CHECKING:
    from elotui.logbook.records import GameRecord


class GameForm(Form[NewGame | None]):
    """Add or edit a game: every stored field, from the date to the notes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", N_("Save the game"), id="game_form.save"),
        Binding("escape", "cancel", N_("Cancel"), id="game_form.cancel"),
    ]

    def __init__(
        self,
        player: str,
        today: dt.date,
        game: GameRecord | None = None,
        rating_list: RatingList = STANDARD,
    ) -> None:
        """`rating_list`: the list a new game starts on (an edited game keeps its own)."""
        super().__init__()
        self.game = game
        self._rating_list = game.rating_list if game else rating_list
        self.TITLE_TEXT = (
            _("Edit game {id} of {player}").format(id=game.id, player=player)
            if game
            else _("Add a game for {player}").format(player=player)
        )
        self._today = today

    def fields(self) -> Iterable[Widget]:
        game = self.game

        def shown(value: object | None) -> str:
            if value is None:
                return ""
            return value.isoformat() if isinstance(value, dt.date) else str(value)

        yield from self.row(
            _("Date"), TextField((game.date if game else self._today).isoformat(), id="game-date")
        )
        yield from self.row(
            _("Opponent"), TextField(shown(game.opponent if game else None), id="game-opponent")
        )
        yield from self.row(
            _("Opponent rating"),
            TextField(
                shown(game.opponent_rating if game else None),
                id="game-opponent-rating",
                placeholder=_("empty: unrated opponent"),
            ),
        )
        yield from self.row(
            _("Result"), ResultPicker(game.score if game else None, id="game-result")
        )
        yield Static(ResultPicker.hint(), classes="form-field-hint")

        yield from self.row(
            _("Event"), TextField(shown(game.event if game else None), id="game-event")
        )
        yield from self.row(
            _("Event from"),
            TextField(
                shown(game.event_start if game else None),
                id="game-event-start",
                placeholder=_("YYYY-MM-DD, or empty"),
            ),
        )
        yield from self.row(
            _("Event to"),
            TextField(
                shown(game.event_end if game else None),
                id="game-event-end",
                placeholder=_("YYYY-MM-DD, or empty"),
            ),
        )
        yield from self.row(
            _("Own rating (Ro)"),
            TextField(
                shown(game.own_rating if game else None),
                id="game-own-rating",
                placeholder=_("empty: period start"),
            ),
        )
        yield from self.row(
            _("Rated"), TickBox(_("not a forfeit"), game.rated if game else True, id="game-rated")
        )
        yield from self.row(_("List"), ListPicker(self._rating_list, id="game-list"))
        yield from self.notes_row(game.notes if game else "", "game-notes")

    def on_mount(self) -> None:
        # The date is selected: typing replaces it, an arrow key keeps it for editing.
        self.query_one("#game-date", Input).focus()

    def event_end(self, text: str) -> dt.date | None:
        """The event's last day: a date, not before its first (the repository refuses that too)."""
        end = optional_date(text)
        try:
            start = optional_date(self.text("game-event-start"))
        except InvalidInput:
            start = None  # the start field has its own reason
        if start is not None and end is not None and end < start:
            raise InvalidInput(
                _("the event cannot end before it starts ({start})").format(start=start.isoformat())
            )
        return end

    @on(Input.Changed, "#game-event-start")
    def _recheck_event_end(self) -> None:
        """An end marked for coming before the start follows the start as it is fixed."""
        if self.query_one("#game-event-end").has_class("-invalid"):
            self.checked("game-event-end", self.event_end)

    def action_save(self) -> None:
        values = {
            "game-date": self.checked("game-date", parse_date),
            "game-opponent": self.checked("game-opponent", checked_text(_("the opponent"))),
            "game-opponent-rating": self.checked(
                "game-opponent-rating", optional_rating(_("opponent rating"))
            ),
        }
        result = self.query_one("#game-result", ResultPicker).value
        self.mark(
            "game-result",
            _("choose a result: 1, 0.5 or 0 (or {letters})").format(letters=letters_text(", "))
            if result is None
            else None,
        )
        values["game-result"] = BAD if result is None else result
        values |= {
            "game-event": self.checked("game-event", checked_text(_("the event"))),
            "game-event-start": self.checked("game-event-start", optional_date),
            "game-event-end": self.checked("game-event-end", self.event_end),
            "game-own-rating": self.checked("game-own-rating", optional_rating(_("own rating"))),
            "game-notes": self.notes("game-notes"),
        }
        bad = self.first_bad(values)  # in the order of the fields: the focus goes to the first
        if bad is not None:
            self.refuse(bad)
            return
        assert result is not None
        self.submit(
            NewGame(
                date=values["game-date"],
                opponent_rating=values["game-opponent-rating"],
                score=result,
                opponent=values["game-opponent"] or None,
                event=values["game-event"] or None,
                event_start=values["game-event-start"],
                event_end=values["game-event-end"],
                own_rating=values["game-own-rating"],
                rated=self.query_one("#game-rated", Checkbox).value,
                notes=values["game-notes"],
                rating_list=self.query_one("#game-list", ListPicker).value,
                # Not in the form: an edited game keeps its pinned period.
                rated_period=self.game.rated_period if self.game else None,
            )
        )
