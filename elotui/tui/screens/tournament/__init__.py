"""The tournament screen (F4): a TRF's rating report and title norms (`screen.TournamentScreen`)."""

from elotui.tui.screens.tournament.screen import TournamentScreen

__all__ = ["TournamentScreen"]
