"""`elotui calc`, `elotui period`, `elotui need` (filled in by the rating-core work)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    return None
