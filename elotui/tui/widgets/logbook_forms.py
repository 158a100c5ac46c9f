"""The history screen's forms, keyboard only: each is a `ModalScreen[T]` that `dismiss()`es a value.

- `GameForm` → a `NewGame` (add, or the new values of an edited game), or None;
- `PlayerForm` → the player's fields (a dict as `Repository.add_player` takes them), or None;
- `PublishedForm` → (month "YYYY-MM", rating), or None;
- `ConfirmDialog` → True / False; `PathPrompt` → a path, or None; `ProblemsDialog` lists bad lines.

Every field is checked when Ctrl+S is pressed: a bad one gets the `-invalid` class and its reason under
it, the focus goes to the first bad one, and nothing is returned until all are fixed. The checks include
the repository's own on text (characters it cannot store) and on an event's dates (no end before the
start), so those are marked on their field instead of refused by the write. The forms only collect
values; the screen writes them (in a thread worker) and reports a refused write (a taken name, say).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import ModalScreen
from textual.validation import ValidationResult, Validator
from textual.widget import Widget
from textual.widgets import Checkbox, Input, Label, Static, TextArea

from elotui import dates
from elotui.logbook.records import (
    FIDE_ID_MAX,
    GAMES_BEFORE_MAX,
    RATING_LISTS,
    STANDARD,
    NewGame,
    RatingList,
)
from elotui.rating.calendar import checked_month
from elotui.rating.inputs import K_MAX, K_MIN, InvalidInput, parse_rating
from elotui.safe_text import unsafe_character
from elotui.tui.widgets.keys_in_order import KeysInOrder, TextField

if TYPE_CHECKING:
    from elotui.logbook.records import GameRecord, PlayerRecord

T = TypeVar("T")

FORM_CSS = """
.form-dialog { align: center middle; }
.form-dialog > Vertical {
    width: 66; height: auto; max-height: 100%; padding: 0 1;
    border: thick $accent; background: $panel;
    overflow-y: auto; scrollbar-size-vertical: 1;  /* a short terminal: the form scrolls to the focus */
}
.form-dialog .form-title { text-style: bold; color: $accent; padding-bottom: 1; }
.form-dialog .form-row { height: 1; margin-bottom: 0; }
.form-dialog .form-row.-notes { height: 3; }
.form-dialog .form-label { width: 20; color: $text-muted; padding-top: 0; }
/* The focused field's label: bold, underlined, accent; visible in a 16-colour terminal too. */
.form-dialog .form-label.-focused { color: $accent; text-style: bold underline; }
.form-dialog Input { width: 1fr; height: 1; border: none; padding: 0 1; background: $boost; }
.form-dialog Input:focus { background: $foreground 15%; }
.form-dialog Input.-invalid { background: $error 30%; }
.form-dialog Input:focus, .form-dialog Input.-invalid, .form-dialog Input.-invalid:focus { border: none; }
.form-dialog TextArea { width: 1fr; height: 3; border: none; padding: 0 1; background: $boost; }
.form-dialog TextArea:focus { background: $foreground 15%; border: none; }
.form-dialog TextArea .text-area--cursor-line { background: transparent; }
.form-dialog TextArea.-invalid, .form-dialog TextArea.-invalid:focus { background: $error 30%; }
.form-dialog Checkbox { height: 1; border: none; padding: 0; background: $panel; }
.form-dialog Checkbox:focus { background: $foreground 15%; }
.form-dialog .form-reason { height: auto; color: $text-error; padding-left: 20; display: none; }
.form-dialog .form-reason.-shown { display: block; }
.form-dialog .form-hint { color: $text-muted; padding-top: 1; }
.form-dialog .form-field-hint { color: $text-muted; padding-left: 20; }
.form-dialog .form-gap { height: 1; }
"""


class NotesField(KeysInOrder, TextArea):
    """Free text over several lines (the notes); its editing keys keep their place in a burst."""


class TickBox(KeysInOrder, Checkbox):
    """A check box; Space or Enter toggles it, in its place in a burst."""


class ResultPicker(KeysInOrder, Widget, can_focus=True):
    """A game result: typing 1, 0.5 (or ½), 0, or w, d, l sets it; left/right or Space step through;
    Enter picks the first result if none is set yet, else goes on to the next field."""

    # One line under the field (41 columns at 120): the keys that set, change and keep a result.
    HINT = "1 ½ 0, w d l · Space, ←/→ · Enter next"

    DEFAULT_CSS = """
    ResultPicker { width: 1fr; height: 1; background: $boost; }
    ResultPicker:focus { background: $foreground 15%; }
    ResultPicker.-invalid { background: $error 30%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Previous result", show=False, id="result_picker.previous"),
        Binding("right", "step(1)", "Next result", show=False, id="result_picker.next"),
    ]
    OPTIONS: ClassVar[tuple[tuple[Fraction, str], ...]] = (
        (Fraction(1), "1 win"),
        (Fraction(1, 2), "½ draw"),
        (Fraction(0), "0 loss"),
    )
    KEYS: ClassVar[dict[str, Fraction]] = {
        "1": Fraction(1),
        "w": Fraction(1),
        "0": Fraction(0),
        "l": Fraction(0),
        # "0.5": the 0 picks a loss, then "." or "5" makes it a draw.
        ".": Fraction(1, 2),
        "5": Fraction(1, 2),
        "½": Fraction(1, 2),
        "d": Fraction(1, 2),
        "=": Fraction(1, 2),
    }

    value: reactive[Fraction | None] = reactive(None)

    def __init__(self, value: Fraction | None = None, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(ResultPicker.value, value)

    def render(self) -> str:
        parts = []
        for score, label in self.OPTIONS:
            mark = "●" if score == self.value else "○"
            parts.append(f"{mark} {label}")
        return " " + "   ".join(parts)

    async def on_key(self, event: events.Key) -> None:
        # Space and Enter are handled here, with the typed results, so they apply in the order
        # they were typed (bindings run only after the key has bubbled up: see issue 12).
        score = self.KEYS.get(event.character or "")
        if score is not None:
            self.value = score
        elif event.key == "space":
            self.action_step(1)
        elif event.key == "enter":
            if self.value is None:
                self.value = self.OPTIONS[0][0]
            else:
                self.screen.focus_next()
        else:
            return  # not ours: KeysInOrder.on_key runs next (arrows)
        event.stop()
        event.prevent_default()

    def action_step(self, step: int) -> None:
        scores = [score for score, _ in self.OPTIONS]
        index = scores.index(self.value) if self.value in scores else -1 if step > 0 else 0
        self.value = scores[(index + step) % len(scores)]


class _Form(ModalScreen[T]):
    """A form of labelled fields, each with a reason line; Ctrl+S saves, Escape cancels."""

    DEFAULT_CSS = FORM_CSS
    SCOPED_CSS = False  # the rules name `.form-dialog`, the class of the modal screen itself
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save", id="form.save"),
        Binding("escape", "cancel", "Cancel", id="form.cancel"),
    ]
    TITLE_TEXT = ""

    def __init__(self) -> None:
        super().__init__(classes="form-dialog")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.TITLE_TEXT, classes="form-title", id="form-title")
            yield from self.fields()
            yield Static("Tab next field · Ctrl+S saves · Escape cancels", classes="form-hint")

    def fields(self) -> Iterable[Widget]:
        raise NotImplementedError

    @on(events.Mount)
    def _follow_cursor_setting(self) -> None:
        settings = getattr(self.app, "settings", None)
        if settings is not None and not settings.cursor_blink:  # tests and screenshots
            for field in self.query(Input):
                field.cursor_blink = False
            for area in self.query(TextArea):
                area.cursor_blink = False

    @on(events.DescendantFocus)
    def _mark_the_focused_row(self, event: events.DescendantFocus) -> None:
        # A class on the label, not `.form-row:focus-within > .form-label`: Textual (8.2.8) does not
        # restyle a child when only its parent's :focus-within changes, so the mark would stay behind.
        row = event.widget.parent
        for label in self.query(".form-label"):
            label.set_class(label.parent is row, "-focused")

    @on(events.Mount)
    def _notes_cursor_at_end(self) -> None:
        # Typing into prefilled notes adds to them (an Input selects its text instead, to replace it).
        for area in self.query(TextArea):
            area.move_cursor(area.document.end)

    @staticmethod
    def row(label: str, field: Widget, *, classes: str = "") -> Iterable[Widget]:
        assert field.id is not None
        yield Horizontal(
            Label(label, classes="form-label"), field, classes=f"form-row {classes}".strip()
        )
        yield Static("", id=f"{field.id}-reason", classes="form-reason")

    @classmethod
    def notes_row(cls, notes: str, field_id: str) -> Iterable[Widget]:
        """Free text over a few lines (notes may hold line breaks): Enter breaks a line, Tab moves on."""
        area = NotesField(notes, id=field_id, soft_wrap=True, tab_behavior="focus")
        yield from cls.row("Notes", area, classes="-notes")

    def notes(self, field_id: str) -> Any:
        """The text of a notes field, or `_BAD` after marking it with the reason."""
        area = self.query_one(f"#{field_id}", TextArea)
        try:
            text = checked_text("the notes", notes=True)(area.text.strip())
        except InvalidInput as error:
            self.mark(field_id, str(error))
            return _BAD
        self.mark(field_id, None)
        return text

    @on(TextArea.Changed)
    def _recheck_notes(self, event: TextArea.Changed) -> None:
        area = event.text_area
        if area.id is not None and area.has_class("-invalid"):
            self.notes(area.id)

    def mark(self, field_id: str, reason: str | None) -> None:
        """Show (or clear) the reason a field cannot be saved."""
        self.query_one(f"#{field_id}").set_class(reason is not None, "-invalid")
        line = self.query_one(f"#{field_id}-reason", Static)
        line.update(reason or "")
        line.set_class(reason is not None, "-shown")

    def text(self, field_id: str) -> str:
        return self.query_one(f"#{field_id}", Input).value.strip()

    def checked(self, field_id: str, parse: Callable[[str], Any]) -> Any:
        """The parsed value of a text field, or `_BAD` after marking it with the reason.

        The parser also becomes the field's validator, so Textual's own checks (on leaving the field)
        agree with it, and the mark follows the text as the user fixes it.
        """
        field = self.query_one(f"#{field_id}", Input)
        if not any(isinstance(v, _Parsed) for v in field.validators):
            field.validators.append(_Parsed(parse))
            field.validate_on = {"blur", "submitted"}
        try:
            value = parse(field.value.strip())
        except InvalidInput as error:
            self.mark(field_id, str(error))
            return _BAD
        self.mark(field_id, None)
        return value

    @on(Input.Changed)
    def _recheck(self, event: Input.Changed) -> None:
        """Once a field is marked, its mark and reason follow what is typed."""
        field = event.input
        parser = next((v for v in field.validators if isinstance(v, _Parsed)), None)
        if parser is not None and field.id is not None:
            self.checked(field.id, parser.parse)

    def first_bad(self, values: dict[str, Any]) -> str | None:
        for field_id, value in values.items():
            if value is _BAD:
                return field_id
        return None

    def refuse(self, bad: str) -> None:
        self.query_one(f"#{bad}").focus()
        self.notify("Fix the marked fields first; nothing was saved.", severity="error", timeout=4)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def action_save(self) -> None:
        raise NotImplementedError


class _Parsed(Validator):
    """A form parser as a Textual validator."""

    def __init__(self, parse: Callable[[str], Any]) -> None:
        super().__init__()
        self.parse = parse

    def validate(self, value: str) -> ValidationResult:
        try:
            self.parse(value.strip())
        except InvalidInput as error:
            return self.failure(str(error))
        return self.success()


class _Bad:
    def __repr__(self) -> str:
        return "<bad field>"


_BAD: Any = _Bad()


# --- parsers (each raises InvalidInput with the one-line reason) ---------------------------------------


def parse_date(text: str) -> dt.date:
    if not text:
        raise InvalidInput("the date is empty")
    try:
        return dates.parse_date(text)  # the one range and shape (elotui/dates.py)
    except dates.BadDate as error:
        raise InvalidInput(str(error)) from None


def parse_month(text: str) -> str:
    try:
        return checked_month(text)
    except dates.BadDate as error:
        raise InvalidInput(str(error)) from None


def optional_date(text: str) -> dt.date | None:
    return parse_date(text) if text else None


def optional_rating(what: str) -> Callable[[str], int | None]:
    def parse(text: str) -> int | None:
        return parse_rating(text, what) if text else None

    return parse


def optional_whole(what: str, low: int, high: int) -> Callable[[str], int | None]:
    def parse(text: str) -> int | None:
        if not text:
            return None
        try:
            value = int(text)
        except ValueError:
            raise InvalidInput(f"{what} must be a whole number, not {text!r}") from None
        if not low <= value <= high:
            raise InvalidInput(f"{what} must be from {low} to {high}, not {value}")
        return value

    return parse


def checked_text(what: str, *, notes: bool = False) -> Callable[[str], str]:
    """Text as the repository stores it (its `_check_text`): only characters that can be UTF-8, and
    no terminal or direction controls (a pasted ESC or right-to-left override: elotui/safe_text.py)."""

    def parse(text: str) -> str:
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise InvalidInput(f"{what} holds characters that are not valid text") from None
        unsafe = unsafe_character(text, notes=notes)
        if unsafe is not None:
            raise InvalidInput(f"{what} holds a control character ({unsafe}), which elotui refuses")
        return text

    return parse


def required_text(what: str) -> Callable[[str], str]:
    check = checked_text(what)

    def parse(text: str) -> str:
        if not text:
            raise InvalidInput(f"{what} is empty")
        return check(text)

    return parse


# --- the forms ----------------------------------------------------------------------------------------


class ListPicker(Widget, can_focus=True):
    """A game's rating list: typing s, r or b sets it; left/right or Space step through; Enter goes
    on to the next field. Always set (a new game takes the last list used, else the one shown)."""

    DEFAULT_CSS = """
    ListPicker { width: 1fr; height: 1; background: $boost; }
    ListPicker:focus { background: $foreground 15%; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Previous list", show=False, id="list_picker.previous"),
        Binding("right", "step(1)", "Next list", show=False, id="list_picker.next"),
    ]
    KEYS: ClassVar[dict[str, RatingList]] = {name[0]: name for name in RATING_LISTS}

    value: reactive[RatingList] = reactive[RatingList](STANDARD)

    def __init__(self, value: RatingList = STANDARD, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.set_reactive(ListPicker.value, value)

    def render(self) -> str:
        return " " + "   ".join(
            f"{'●' if name == self.value else '○'} {name}" for name in RATING_LISTS
        )

    def on_key(self, event: events.Key) -> None:
        # As ResultPicker: typed keys, Space and Enter here, in the order they were typed.
        chosen = self.KEYS.get(event.character or "")
        if chosen is not None:
            self.value = chosen
        elif event.key == "space":
            self.action_step(1)
        elif event.key == "enter":
            self.screen.focus_next()
        else:
            return
        event.stop()
        event.prevent_default()

    def action_step(self, step: int) -> None:
        self.value = RATING_LISTS[(RATING_LISTS.index(self.value) + step) % len(RATING_LISTS)]


class GameForm(_Form[NewGame | None]):
    """Add or edit a game: every stored field, from the date to the notes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save the game", id="game_form.save"),
        Binding("escape", "cancel", "Cancel", id="game_form.cancel"),
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
        self.TITLE_TEXT = f"Edit game {game.id} of {player}" if game else f"Add a game for {player}"
        self._today = today

    def fields(self) -> Iterable[Widget]:
        game = self.game

        def shown(value: object | None) -> str:
            if value is None:
                return ""
            return value.isoformat() if isinstance(value, dt.date) else str(value)

        yield from self.row(
            "Date", TextField((game.date if game else self._today).isoformat(), id="game-date")
        )
        yield from self.row(
            "Opponent", TextField(shown(game.opponent if game else None), id="game-opponent")
        )
        yield from self.row(
            "Opponent rating",
            TextField(
                shown(game.opponent_rating if game else None),
                id="game-opponent-rating",
                placeholder="empty: unrated opponent",
            ),
        )
        yield from self.row("Result", ResultPicker(game.score if game else None, id="game-result"))
        yield Static(ResultPicker.HINT, classes="form-field-hint")
        yield from self.row(
            "Event", TextField(shown(game.event if game else None), id="game-event")
        )
        yield from self.row(
            "Event from",
            TextField(
                shown(game.event_start if game else None),
                id="game-event-start",
                placeholder="YYYY-MM-DD, or empty",
            ),
        )
        yield from self.row(
            "Event to",
            TextField(
                shown(game.event_end if game else None),
                id="game-event-end",
                placeholder="YYYY-MM-DD, or empty",
            ),
        )
        yield from self.row(
            "Own rating (Ro)",
            TextField(
                shown(game.own_rating if game else None),
                id="game-own-rating",
                placeholder="empty: period start",
            ),
        )
        yield from self.row(
            "Rated", TickBox("not a forfeit", game.rated if game else True, id="game-rated")
        )
        yield from self.row("List", ListPicker(self._rating_list, id="game-list"))
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
            raise InvalidInput(f"the event cannot end before it starts ({start.isoformat()})")
        return end

    @on(Input.Changed, "#game-event-start")
    def _recheck_event_end(self) -> None:
        """An end marked for coming before the start follows the start as it is fixed."""
        if self.query_one("#game-event-end").has_class("-invalid"):
            self.checked("game-event-end", self.event_end)

    def action_save(self) -> None:
        values = {
            "game-date": self.checked("game-date", parse_date),
            "game-opponent": self.checked("game-opponent", checked_text("the opponent")),
            "game-opponent-rating": self.checked(
                "game-opponent-rating", optional_rating("opponent rating")
            ),
        }
        result = self.query_one("#game-result", ResultPicker).value
        self.mark(
            "game-result", "choose a result: 1, 0.5 or 0 (or w, d, l)" if result is None else None
        )
        values["game-result"] = _BAD if result is None else result
        values |= {
            "game-event": self.checked("game-event", checked_text("the event")),
            "game-event-start": self.checked("game-event-start", optional_date),
            "game-event-end": self.checked("game-event-end", self.event_end),
            "game-own-rating": self.checked("game-own-rating", optional_rating("own rating")),
            "game-notes": self.notes("game-notes"),
        }
        bad = self.first_bad(values)  # in the order of the fields: the focus goes to the first
        if bad is not None:
            self.refuse(bad)
            return
        assert result is not None
        self.dismiss(
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


class PlayerForm(_Form[dict[str, Any] | None]):
    """Add a player, or edit one: the fields `Repository.add_player` / `update_player` take."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save the player", id="player_form.save"),
        Binding("escape", "cancel", "Cancel", id="player_form.cancel"),
    ]

    def __init__(self, player: PlayerRecord | None = None) -> None:
        super().__init__()
        self.player = player
        self.TITLE_TEXT = f"Edit player {player.name}" if player else "Add a player"

    def fields(self) -> Iterable[Widget]:
        p = self.player

        def shown(value: int | None) -> str:
            return "" if value is None else str(value)

        yield from self.row("Name", TextField(p.name if p else "", id="player-name"))
        yield from self.row(
            "Rating at start",
            TextField(
                shown(p.start_rating if p else None),
                id="player-rating",
                placeholder="empty: unrated",
            ),
        )
        yield from self.row(
            "Birth year", TextField(shown(p.birth_year if p else None), id="player-birth-year")
        )
        yield from self.row(
            "Games before",
            TextField(str(p.games_before if p else 0), id="player-games-before"),
        )
        yield from self.row(
            "Fixed K",
            TextField(
                shown(p.fixed_k if p else None), id="player-k", placeholder="empty: FIDE steps"
            ),
        )
        yield from self.row(
            "FIDE id", TextField(shown(p.fide_id if p else None), id="player-fide-id")
        )
        yield from self.row(
            "Ever 2400",
            TickBox("published 2400+ before", p.reached_2400 if p else False, id="player-2400"),
        )
        yield from self.notes_row(p.notes if p else "", "player-notes")

    def on_mount(self) -> None:
        self.query_one("#player-name", Input).focus()

    def action_save(self) -> None:
        values = {
            "player-name": self.checked("player-name", required_text("the name")),
            "player-rating": self.checked("player-rating", optional_rating("rating")),
            "player-birth-year": self.checked(
                "player-birth-year",
                optional_whole("birth year", dates.EARLIEST_YEAR, dates.LATEST_YEAR),
            ),
            "player-games-before": self.checked(
                "player-games-before", optional_whole("games before", 0, GAMES_BEFORE_MAX)
            ),
            "player-k": self.checked("player-k", optional_whole("K", K_MIN, K_MAX)),
            "player-fide-id": self.checked(
                "player-fide-id", optional_whole("FIDE id", 1, FIDE_ID_MAX)
            ),
            "player-notes": self.notes("player-notes"),
        }
        bad = self.first_bad(values)
        if bad is not None:
            self.refuse(bad)
            return
        self.dismiss(
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


class PublishedForm(_Form[tuple[str, int] | None]):
    """The rating on a month's official list, to check the replay against."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Save the published rating", id="published_form.save"),
        Binding("escape", "cancel", "Cancel", id="published_form.cancel"),
    ]

    def __init__(self, player: str, month: str, rating: int | None = None) -> None:
        super().__init__()
        self.TITLE_TEXT = f"Published rating of {player}"
        self._month = month
        self._rating = rating

    def fields(self) -> Iterable[Widget]:
        yield from self.row("Month (list of)", TextField(self._month, id="published-month"))
        yield from self.row(
            "Rating",
            TextField("" if self._rating is None else str(self._rating), id="published-rating"),
        )

    def on_mount(self) -> None:
        self.query_one("#published-month", Input).focus()

    def action_save(self) -> None:
        values = {
            "published-month": self.checked("published-month", parse_month),
            "published-rating": self.checked(
                "published-rating", lambda text: parse_rating(text, "published rating")
            ),
        }
        bad = self.first_bad(values)
        if bad is not None:
            self.refuse(bad)
            return
        self.dismiss((values["published-month"], values["published-rating"]))


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question: y or Enter says yes, n or Escape no."""

    DEFAULT_CSS = FORM_CSS
    SCOPED_CSS = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,enter", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str, detail: str = "") -> None:
        super().__init__(classes="form-dialog")
        self._question = question
        self._detail = detail

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self._question, classes="form-title", id="confirm-question")
            if self._detail:
                yield Static(self._detail, id="confirm-detail")
            yield Static("y / Enter: yes · n / Escape: no", classes="form-hint")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class PathPrompt(_Form[Path | None]):
    """A file path to import from or export to."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "save", "Go", id="path_prompt.go"),
        Binding("escape", "cancel", "Cancel", id="path_prompt.cancel"),
    ]

    def __init__(self, title: str, hint: str, value: str = "", *, must_exist: bool = False) -> None:
        super().__init__()
        self.TITLE_TEXT = title
        self._hint = hint
        self._value = value
        self._must_exist = must_exist

    def fields(self) -> Iterable[Widget]:
        yield Static(self._hint, classes="form-hint", id="path-hint")
        yield Static("", classes="form-gap")
        yield from self.row("File", TextField(self._value, id="path-file"))

    def on_mount(self) -> None:
        self.query_one("#path-file", Input).focus()

    @on(Input.Submitted, "#path-file")
    def submitted(self) -> None:
        self.action_save()

    def action_save(self) -> None:
        def parse(text: str) -> Path:
            if not text:
                raise InvalidInput("the file name is empty")
            path = Path(text).expanduser()
            if self._must_exist and not path.is_file():
                raise InvalidInput(f"{path}: no such file")
            return path

        path = self.checked("path-file", parse)
        if path is _BAD:
            self.refuse("path-file")
            return
        self.dismiss(path)


class ProblemsDialog(ModalScreen[None]):
    """The lines an import refused (`FILE:LINE: column: reason`), in a list that scrolls."""

    DEFAULT_CSS = (
        FORM_CSS
        + """
    ProblemsDialog > Vertical { width: 100; height: 80%; }
    ProblemsDialog VerticalScroll { height: 1fr; background: $boost; }
    """
    )
    SCOPED_CSS = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "close", "Close", id="problems.close"),
    ]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__(classes="form-dialog")
        self._title = title
        self._lines = lines

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self._title, classes="form-title", id="problems-title")
            with VerticalScroll(id="problems-list"):
                yield Static("\n".join(self._lines), id="problems-lines", markup=False)
            yield Static("↑/↓ scroll · Enter or Escape closes", classes="form-hint")

    def on_mount(self) -> None:
        self.query_one("#problems-list").focus()

    def action_close(self) -> None:
        self.dismiss(None)
