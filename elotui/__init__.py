"""elotui: an Elo calculator and FIDE rating logbook for the terminal."""
