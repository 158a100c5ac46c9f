"""What an import reports: `ImportSummary` (games added, left out and why) or `ImportFailed` (nothing
added, every problem one line). The CSV, PGN, TRF and JSON imports all report with these."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from elotui.i18n import N_, _, ngettext
from elotui.i18n.numbers import count
from elotui.logbook.paths import NotText, UnreadableFile, read_named_text_as
from elotui.logbook.repository import ImportedGames, LogbookError

# The reason `skipped_reasons` (JSON) gives for the games already in the logbook.
SKIP_ALREADY_THERE = N_("games already in the logbook")  # a JSON key: said with _() only in text


class ImportFailed(LogbookError):
    """The file was not imported; `errors` lists every problem, one line each (the `details`)."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = errors
        more = _(" (and {n} more)").format(n=count(len(errors) - 1)) if len(errors) > 1 else ""
        super().__init__(_("nothing imported: {problem}").format(problem=errors[0]) + more)

    @property
    def headline(self) -> str:
        n = len(self.errors)
        return ngettext(
            "nothing imported ({n} problem)", "nothing imported ({n} problems)", n
        ).format(n=count(n))

    @property
    def details(self) -> list[str]:
        return list(self.errors)


def read_import_text(path: Path, *, else_latin1: bool = False) -> str:
    """The text of a file to import (UTF-8 only: `FILE:LINE: not UTF-8` otherwise, unless
    `else_latin1`), every way of failing to read it told as the import's error. Every import reads
    through here."""
    return read_import_text_as(path, otherwise="latin-1" if else_latin1 else None)[0]


def read_import_text_as(path: Path, *, otherwise: str | None = None) -> tuple[str, str]:
    """`read_import_text`, else in the encoding `otherwise`, and the encoding it was read in."""
    try:
        return read_named_text_as(path, otherwise=otherwise)
    except NotText as error:
        raise ImportFailed([str(error)]) from None
    except UnreadableFile as error:
        raise LogbookError(str(error)) from None
    except OSError as error:
        raise LogbookError(
            _("cannot read {path}: {reason}").format(path=path, reason=error.strerror)
        ) from None


@dataclass(frozen=True)
class ImportSummary:
    file: str
    imported: int
    games_by_player: dict[str, int] = field(default_factory=dict)  # games imported, by player
    skipped: dict[str, int] = field(default_factory=dict)  # reason → games of the file left out
    already_in_logbook: int = 0  # games left out because the logbook has them already
    players_added: tuple[str, ...] = ()  # players the import created (a TRF's `--add-players`)
    warnings: tuple[str, ...] = ()  # what the import guessed, one line each (a TRF's dates, list)

    @property
    def skipped_total(self) -> int:
        """Every game of the file that was left out, the ones already in the logbook included."""
        return sum(self.skipped.values()) + self.already_in_logbook

    def message(self, where: str) -> str:
        """One line: what the import of `where` added, and how many of its games were there already."""
        already = self.already_in_logbook
        if already and not self.imported:
            if already == 1:
                return _("nothing imported from {file}: its game is already in the logbook").format(
                    file=where
                )
            return _(
                "nothing imported from {file}: all {games} games are already in the logbook"
            ).format(file=where, games=count(already))
        players = ", ".join(f"{name} {count}" for name, count in self.games_by_player.items())
        details = [players] if players else []
        if already:
            details.append(
                _("{games} already in the logbook, skipped").format(games=count(already))
            )
        text = ngettext(
            # English keeps its "(s)" (its output is unchanged); French gets the right form.
            "imported {games} game(s) from {file}",
            "imported {games} game(s) from {file}",
            self.imported,
        ).format(games=count(self.imported), file=where)
        return text + (f" ({'; '.join(details)})" if details else "")

    def as_json(self) -> dict[str, Any]:
        reasons = dict(self.skipped)
        if self.already_in_logbook:
            reasons[SKIP_ALREADY_THERE] = self.already_in_logbook
        return {
            "file": self.file,
            "imported": self.imported,
            "players": self.games_by_player,
            "skipped": self.skipped_total,
            "skipped_reasons": reasons,
            "already_in_logbook": self.already_in_logbook,
            "players_added": list(self.players_added),
            "warnings": list(self.warnings),
        }


def imported_summary(
    label: str,
    result: ImportedGames,
    games_by_player: Mapping[str, int],
    player_ids: Mapping[str, int],
    skipped: Mapping[str, int],
    *,
    players_added: tuple[str, ...] = (),
    warnings: tuple[str, ...] = (),
) -> ImportSummary:
    """The summary of an import whose rows went through `Repository.import_games`."""
    names = {player_id: name for name, player_id in player_ids.items()}
    left = Counter(games_by_player)
    left.subtract({names[player_id]: count for player_id, count in result.already_there.items()})
    return ImportSummary(
        label,
        result.added,
        {name: count for name, count in left.items() if count > 0},
        dict(skipped),
        result.already_there_total,
        players_added,
        warnings,
    )
