"""The points of a line chart that decide what each column of its canvas shows.

plotext draws a line series on a canvas of dots (braille: two dots across a character): it puts each
point in its dot (`plotext._utility.get_matrix_data`, floor of a rounded linear map), then joins
consecutive dots (`get_line`). Within one dot column, consecutive points in that column are joined
by vertical runs, which fill exactly the dots from the lowest point of the column to the highest;
the points in the column before and after are joined to its first and last point. So the first,
lowest, highest and last point of each column (in their order) draw exactly what all its points
draw, to the dot: 100,000 games become at most four points per column (tests/tui/test_trajectory_
columns.py compares plotext's drawings cell by cell).

The series comes a period at a time (`PeriodPoints`, immutable, so a replay's thread can make the
next ones while the screen draws these); `ColumnCache` keeps each period's part of the reduction for
one canvas, so that after a write in the last period only that period's points are read again.
Columns are those of plotext's own map (x must only grow along the series, as game dates do).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence

from elotui.tui.models.trajectory import PeriodPoints

# A point of the series: (x, y).
Point = tuple[float, float]


def deciding(points: Sequence[Point]) -> list[Point]:
    """The first, lowest, highest and last of `points` (all in one column), in their order."""
    if len(points) <= 4:
        return list(points)
    ys = [y for _x, y in points]
    lowest, highest = ys.index(min(ys)), ys.index(max(ys))
    return [points[i] for i in sorted({0, lowest, highest, len(points) - 1})]


def _deciding_of(period: PeriodPoints, start: int, end: int) -> list[Point]:
    """`deciding` for period.x/y[start:end], without making a point of every game (C-speed min/max)."""
    x, y = period.x, period.y
    if end - start <= 4:
        return list(zip(x[start:end], y[start:end], strict=True))
    part = y[start:end]
    if start == 0 and end == len(y):
        low, high = period.low, period.high
    else:
        low, high = min(part), max(part)
    lowest, highest = start + part.index(low), start + part.index(high)
    return [(x[i], y[i]) for i in sorted({start, lowest, highest, end - 1})]


# A period's part of the reduction: (column, the deciding points of its points in that column).
Part = tuple[int, list[Point]]


def period_parts(period: PeriodPoints, column: Callable[[float], int]) -> list[Part]:
    """Each column `period`'s points fall in, with their deciding points."""
    x, parts = period.x, []
    first, last = column(x[0]), column(x[-1])
    if first == last:  # the common case: a period within one column
        return [(first, _deciding_of(period, 0, len(x)))]
    start = 0
    while start < len(x):
        here = column(x[start])
        end = bisect_right(x, here, lo=start, key=column)  # x grows: the column's points are a run
        parts.append((here, _deciding_of(period, start, end)))
        start = end
    return parts


def joined(parts: Iterable[Part]) -> tuple[list[float], list[float]]:
    """The series plotext is given: each column's deciding points, from the parts in order."""
    xs: list[float] = []
    ys: list[float] = []
    column: int | None = None
    points: list[Point] = []
    for here, part in [*parts, (-1, [])]:  # a last empty part ends the last column
        if here != column:
            for x, y in deciding(points):
                xs.append(x)
                ys.append(y)
            column, points = here, []
        points.extend(part)
    return xs, ys


class ColumnCache:
    """One series' parts for one canvas (its x limits and dot columns), kept by period: drawing the
    same canvas again reads only the periods it has not seen (a write's)."""

    def __init__(self) -> None:
        self._canvas: tuple[float, float, int] | None = None
        # id of a period's points → them (kept alive, so the id stays theirs) and their parts.
        self._parts: dict[int, tuple[PeriodPoints, list[Part]]] = {}

    def reduced(
        self, periods: Sequence[PeriodPoints], left: float, right: float, columns: int
    ) -> tuple[list[float], list[float]]:
        """The points of `periods` that decide the `columns` dot columns from `left` to `right`."""
        from plotext._utility import get_matrix_data

        canvas = (left, right, columns)
        if canvas != self._canvas:
            self._canvas, self._parts = canvas, {}
        limits = [left, right]

        def column(x: float) -> int:  # plotext's own map of an x to its dot column
            return int(get_matrix_data([x], limits, columns)[0])

        kept = {}
        for period in periods:
            known = self._parts.get(id(period))
            kept[id(period)] = (
                known if known is not None else (period, period_parts(period, column))
            )
        self._parts = kept  # the periods gone (replaced by a write) are forgotten
        return joined(part for _period, parts in kept.values() for part in parts)
