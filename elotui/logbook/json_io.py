"""JSON export and import: whole players (profile, games, published ratings) in one document.

CSV carries games only; a JSON export carries everything a replay needs, so exporting a logbook and
importing it into an empty one gives the same players, games and published ratings, hence the same
replay. The document:

    {"format": "elotui-logbook", "version": 1,
     "players": [{"name", "fide_id", "birth_year", "start_rating", "games_before", "reached_2400",
                  "fixed_k", "notes",
                  "games": [{"date", "opponent", "opponent_rating", "result", "score", "event",
                             "event_start", "event_end", "own_rating", "rated", "notes",
                             "list", "rated_period"}],
                  "published": [{"month", "rating", "list", "games", "k"}]}]}

`result` is the CSV text ("1", "0.5", "0"), `score` the same as a number; dates are `YYYY-MM-DD`,
unrated is null. `list` is the rating list ("standard", "rapid", "blitz"; missing, null or "" on import:
standard), a published rating's `games` and `k` FIDE's figures from a list file (null, or missing on
import: not given), `rated_period` the `YYYY-MM` period the game's event is pinned to (null: the list calendar).
An import adds players that are not in the logbook yet; a player already there (case and accents
ignored) is an error (nothing is merged silently), and, as for CSV, nothing is written if anything is wrong.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from elotui.dates import BadDate, parse_date
from elotui.i18n import _
from elotui.json_stream import streamed_json, write_json
from elotui.logbook.csv_io import games_oldest_first
from elotui.logbook.import_report import ImportFailed, ImportSummary, read_import_text
from elotui.logbook.player_names import PlayerNames, stored_name
from elotui.logbook.records import GameRecord
from elotui.logbook.repository import (
    PLAYER_FIELDS,
    RATING_LISTS,
    STANDARD,
    LogbookError,
    NewGame,
    PlayerBundle,
    PlayerRecord,
    RatingList,
    Repository,
    check_game_fields,
    check_month,
    check_player_fields,
    check_published,
)
from elotui.rating.calendar import checked_month
from elotui.rating.result import Result

FORMAT_NAME = "elotui-logbook"
FORMAT_VERSION = 1


def _date_text(day: dt.date | None) -> str | None:
    return day.isoformat() if day else None


def game_entry(game: GameRecord) -> dict[str, Any]:
    """A game as the document holds it."""
    return {
        "id": game.id,
        "date": game.date.isoformat(),
        "opponent": game.opponent,
        "opponent_rating": game.opponent_rating,
        "result": Result.from_halves(game.score_halves).points,
        "score": float(game.score),
        "event": game.event,
        "event_start": _date_text(game.event_start),
        "event_end": _date_text(game.event_end),
        "own_rating": game.own_rating,
        "rated": game.rated,
        "notes": game.notes,
        "list": game.rating_list,
        "rated_period": game.rated_period,
    }


def player_document(
    repository: Repository, player: PlayerRecord, rating_list: RatingList | None = None
) -> dict[str, Any]:
    """A player with games and published ratings (those of one list with `rating_list`)."""
    return _player_entry(repository, player, rating_list, lambda games: [*games])


def _player_entry(
    repository: Repository,
    player: PlayerRecord,
    rating_list: RatingList | None,
    games_as: Callable[[Iterator[dict[str, Any]]], Any],
) -> dict[str, Any]:
    """The player's entry; its games as `games_as` makes them of the games read lazily."""
    games = (game_entry(game) for game in games_oldest_first(repository, player.id, rating_list))
    published = [
        {
            "month": record.month,
            "rating": record.rating,
            "list": record.rating_list,
            "games": record.games,
            "k": record.k,
        }
        for record in repository.list_published(player.id, rating_list)
    ]
    profile = {name: getattr(player, name) for name in PLAYER_FIELDS}
    return {**profile, "games": games_as(games), "published": published}


def export_document(
    repository: Repository,
    players: Iterable[PlayerRecord],
    rating_list: RatingList | None = None,
) -> dict[str, Any]:
    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "players": [player_document(repository, player, rating_list) for player in players],
    }


def write_document(
    repository: Repository,
    out: TextIO,
    players: list[PlayerRecord],
    rating_list: RatingList | None = None,
) -> int:
    """Write `export_document`'s document to `out` as the games are read, the same text
    `json.dump(document, indent=2, ensure_ascii=False)` and a newline give, with C1 controls and
    direction overrides as \\u escapes (a terminal showing `export -o -` acts on none of them);
    returns how many games. Memory holds one player's entry without its games, and one batch."""
    counted = [0]

    def counting(games: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
        for game in games:
            counted[0] += 1
            yield game

    document = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "players": (_player_entry(repository, p, rating_list, counting) for p in players),
    }
    write_json(out, streamed_json(document))
    return counted[0]


_REASON_MAX = 160


class _Checker:
    """Collects `FILE: where: reason` lines while reading a document."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.errors: list[str] = []

    def fail(self, where: str, reason: str) -> None:
        if len(reason) > _REASON_MAX:  # a long value quoted in it: keep the line readable
            reason = reason[:_REASON_MAX] + "…"
        self.errors.append(f"{self.label}: {where}: {reason}")

    def optional_int(self, value: Any, where: str) -> int | None:
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(
                where, _("expected a whole number or null, not {value!r}").format(value=value)
            )
            return None
        return value

    def optional_date(self, value: Any, where: str) -> dt.date | None:
        if value is None:
            return None
        if not isinstance(value, str):
            self.fail(where, _("expected a date YYYY-MM-DD, not {value!r}").format(value=value))
            return None
        try:
            return parse_date(value)  # the one range and shape (elotui/dates.py)
        except BadDate as error:
            self.fail(where, str(error))
            return None

    def items(self, value: Any, where: str) -> list[Any]:
        """A list of entries (null or missing: none)."""
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(where, _("expected a list, not {value!r}").format(value=value))
            return []
        return value

    def optional_text(self, value: Any, where: str) -> str | None:
        if value is None or isinstance(value, str):
            return value
        self.fail(where, _("expected text or null, not {value!r}").format(value=value))
        return None

    def rating_list(self, value: Any, where: str) -> RatingList:
        """A rating list; missing, null or "" is the standard list."""
        if value is None or value == "":
            return STANDARD
        for name in RATING_LISTS:
            if value == name:
                return name
        self.fail(
            where,
            _("expected standard, rapid or blitz (or null), not {value!r}").format(value=value),
        )
        return STANDARD

    def optional_period(self, value: Any, where: str) -> str | None:
        if value is None:
            return None
        if isinstance(value, str):
            try:
                return checked_month(value)
            except BadDate as error:
                self.fail(where, str(error))
                return None
        self.fail(where, _("expected YYYY-MM or null, not {value!r}").format(value=value))
        return None


def _read_game(check: _Checker, item: Any, where: str) -> NewGame | None:
    if not isinstance(item, dict):
        check.fail(where, "expected an object")
        return None
    before = len(check.errors)
    day = check.optional_date(item.get("date"), f"{where}.date")
    if item.get("date") is None:
        check.fail(f"{where}.date", _("missing"))
    result = item.get("result")
    if result is None and isinstance(item.get("score"), int | float):
        result = str(item["score"]).removesuffix(".0")
    parsed = Result.parse(str(result)) if result is not None else None
    if parsed is None:
        check.fail(f"{where}.result", _("expected 1, 0.5 or 0, not {value!r}").format(value=result))
    rated = item.get("rated", True)
    if not isinstance(rated, bool):
        check.fail(f"{where}.rated", _("expected true or false, not {value!r}").format(value=rated))
    notes = check.optional_text(item.get("notes"), f"{where}.notes")
    game_fields: dict[str, Any] = {
        "opponent": check.optional_text(item.get("opponent"), f"{where}.opponent"),
        "opponent_rating": check.optional_int(
            item.get("opponent_rating"), f"{where}.opponent_rating"
        ),
        "event": check.optional_text(item.get("event"), f"{where}.event"),
        "event_start": check.optional_date(item.get("event_start"), f"{where}.event_start"),
        "event_end": check.optional_date(item.get("event_end"), f"{where}.event_end"),
        "own_rating": check.optional_int(item.get("own_rating"), f"{where}.own_rating"),
        "rating_list": check.rating_list(item.get("list"), f"{where}.list"),
        "rated_period": check.optional_period(item.get("rated_period"), f"{where}.rated_period"),
    }
    if len(check.errors) > before or day is None or parsed is None:
        return None
    game = NewGame(
        date=day,
        score=parsed.score,
        rated=bool(rated),
        notes=notes or "",
        **game_fields,
    )
    try:
        check_game_fields(game)
    except LogbookError as error:
        check.fail(where, str(error))
        return None
    return game


def _read_player(check: _Checker, item: Any, where: str) -> PlayerBundle | None:
    if not isinstance(item, dict):
        check.fail(where, "expected an object")
        return None
    before = len(check.errors)
    profile: dict[str, Any] = {}
    name = item.get("name")
    if not isinstance(name, str) or not name.strip():
        check.fail(f"{where}.name", _("missing or empty"))
    else:
        profile["name"] = stored_name(name.strip())
    for field in ("fide_id", "birth_year", "start_rating", "fixed_k"):
        profile[field] = check.optional_int(item.get(field), f"{where}.{field}")
    games_before = item.get("games_before", 0)
    profile["games_before"] = check.optional_int(games_before, f"{where}.games_before") or 0
    reached = item.get("reached_2400", False)
    if not isinstance(reached, bool):
        check.fail(
            f"{where}.reached_2400",
            _("expected true or false, not {value!r}").format(value=reached),
        )
    profile["reached_2400"] = bool(reached)
    profile["notes"] = check.optional_text(item.get("notes"), f"{where}.notes") or ""
    if len(check.errors) == before:
        try:
            check_player_fields(profile)
        except LogbookError as error:
            check.fail(where, str(error))

    games: list[NewGame] = []
    for index, game_item in enumerate(check.items(item.get("games"), f"{where}.games")):
        game = _read_game(check, game_item, f"{where}.games[{index}]")
        if game is not None:
            games.append(game)
    published: list[tuple[str, int, RatingList, int | None, int | None]] = []
    months: dict[tuple[str, str], str] = {}  # (list, month) → where it was first given
    for index, entry in enumerate(check.items(item.get("published"), f"{where}.published")):
        spot = f"{where}.published[{index}]"
        if not isinstance(entry, dict):
            check.fail(spot, "expected an object")
            continue
        month, rating = entry.get("month"), entry.get("rating")
        try:
            check_month(str(month))
        except LogbookError as error:
            check.fail(f"{spot}.month", str(error))
            continue
        value = check.optional_int(rating, f"{spot}.rating")
        if value is None:
            check.fail(f"{spot}.rating", _("missing"))
            continue
        rating_list = check.rating_list(entry.get("list"), f"{spot}.list")
        if (rating_list, str(month)) in months:
            # The database would refuse it too, but without the file and the place.
            where_first = months[(rating_list, str(month))]
            check.fail(
                f"{spot}.month",
                _("{month} is already given at {where}").format(month=month, where=where_first),
            )
            continue
        months[(rating_list, str(month))] = spot
        rated = check.optional_int(entry.get("games"), f"{spot}.games")  # FIDE's, from a list
        k = check.optional_int(entry.get("k"), f"{spot}.k")
        try:
            check_published(str(month), value, rating_list, rated, k)
        except LogbookError as error:
            check.fail(spot, str(error))
            continue
        published.append((str(month), value, rating_list, rated, k))
    if len(check.errors) > before:
        return None
    return PlayerBundle(profile=profile, games=games, published=published)


def _first_words(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return text if len(text) <= 80 else text[:80] + "…"


def import_json(repository: Repository, path: Path) -> ImportSummary:
    label = str(path)
    text = read_import_text(path)
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        failed = _("{file}:{line}: not a JSON document ({error})")
        raise ImportFailed(
            [failed.format(file=label, line=error.lineno, error=error.msg)]
        ) from None
    except RecursionError:
        raise ImportFailed(
            [_("{file}: not a JSON document (nested too deeply)").format(file=label)]
        ) from None
    except ValueError as error:
        # json's int() of a number with more digits than `sys.get_int_max_str_digits()` allows
        # (4300): a ValueError that is not a JSONDecodeError.
        raise ImportFailed(
            [
                _("{file}: not a usable JSON document ({error})").format(
                    file=label, error=_first_words(error)
                )
            ]
        ) from None
    check = _Checker(label)
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        raise ImportFailed([_("{file}: format: not an elotui logbook export").format(file=label)])
    if document.get("version") != FORMAT_VERSION:
        raise ImportFailed(
            [
                _("{file}: version: {version!r} is not supported").format(
                    file=label, version=document.get("version")
                )
            ]
        )
    existing = PlayerNames(repository.player_ids_by_name())
    bundles: list[PlayerBundle] = []
    seen = PlayerNames(())
    for index, item in enumerate(check.items(document.get("players"), "players")):
        bundle = _read_player(check, item, f"players[{index}]")
        if bundle is None:
            continue
        name, where = bundle.profile["name"], f"players[{index}].name"
        if alike := existing.alike(name):
            said = _("{name!r} is already in the logbook as {other!r}")
            if name in alike:
                said = _("{name!r} is already in the logbook")
            check.fail(where, said.format(name=name, other=alike[0]))
        elif alike := seen.alike(name):
            said = _("{name!r} appears in the file as {other!r} too")
            if name in alike:
                said = _("{name!r} appears twice in the file")
            check.fail(where, said.format(name=name, other=alike[0]))
        seen.add(name)
        bundles.append(bundle)
    if check.errors:
        raise ImportFailed(check.errors)
    imported = repository.add_players_with_games(bundles)
    return ImportSummary(
        label, imported, {bundle.profile["name"]: len(bundle.games) for bundle in bundles}, {}
    )
