"""The form of a published rating: the rating on a month's official list, to check the replay
against."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import Input

from elotui.i18n import N_, _
from elotui.rating.inputs import parse_rating
from elotui.tui.widgets.forms.base import Form
from elotui.tui.widgets.forms.parsers import parse_month
from elotui.tui.widgets.keys_in_order import TextField


class PublishedForm(Form[tuple[str, int] | None]):
    """The rating on a month's official list, to check the replay against."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", N_("Save the published rating"), id="published_form.save"),
        Binding("escape", "cancel", N_("Cancel"), id="published_form.cancel"),
    ]

    def __init__(self, player: str, month: str, rating: int | None = None) -> None:
        super().__init__()
        self.TITLE_TEXT = _("Published rating of {player}").format(player=player)

        self._month = month
        self._rating = rating

    def fields(self) -> Iterable[Widget]:
        yield from self.row(_("Month (list of)"), TextField(self._month, id="published-month"))
        yield from self.row(
            _("Rating"),
            TextField("" if self._rating is None else str(self._rating), id="published-rating"),
        )

    def on_mount(self) -> None:
        self.query_one("#published-month", Input).focus()

    def action_save(self) -> None:
        values = {
            "published-month": self.checked("published-month", parse_month),
            "published-rating": self.checked(
                "published-rating", lambda text: parse_rating(text, _("published rating"))
            ),
        }
        bad = self.first_bad(values)
        if bad is not None:
            self.refuse(bad)
            return
        self.submit((values["published-month"], values["published-rating"]))
