"""`elotui player|game|published|import|export|replay|db` (filled in by the logbook work)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    return None
