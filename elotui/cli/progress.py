"""A progress bar on stderr for a long command (a list file, an import of a million rows), shown
only when stderr is a terminal: a script's stderr gets nothing."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

# Where a bar is told how far the work is: (done, in units of the bar's total; what is worked on).
Advance = Callable[[float, str], None]


@contextmanager
def terminal_progress(total: float) -> Iterator[Advance | None]:
    """A rich progress bar of `total` units on stderr, erased when done; None when stderr is not
    a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich import progress as rich
    from rich.console import Console

    with rich.Progress(
        rich.TextColumn("{task.description}"), rich.BarColumn(),
        rich.TextColumn("{task.percentage:>3.0f} %"), rich.TimeRemainingColumn(),
        console=Console(stderr=True), transient=True,
    ) as bar:  # fmt: skip
        task = bar.add_task("", total=total)

        def advance(done: float, description: str) -> None:
            bar.update(task, completed=done, description=description)

        yield advance
