"""elotui: an Elo calculator and FIDE rating logbook for the terminal."""

__version__ = "0.1.0"
