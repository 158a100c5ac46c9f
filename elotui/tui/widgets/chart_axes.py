"""The numbers on a chart's axes, in the language spoken: "2.5" in English, "2,5" in French.

plotext writes its own tick labels with a decimal point, whatever the language. The charts give it
the ticks and labels it would have chosen (the same positions: `count` ticks evenly over the range,
plotext's default counts; as many decimals as tell two ticks apart, none when all are whole), written
by `elotui.i18n.numbers`: so English shows exactly what plotext showed, and French has its comma.
tests/i18n/test_chart_axes.py checks the English labels against plotext's own.

Chart labels are a picture of a float range, not a FIDE figure: the decimals are chosen on the float
ticks as plotext does (`plotext._utility`, private to plotext, pinned in uv.lock), and each label is
rounded by `numbers.decimal` on its exact value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from elotui.i18n import numbers

# plotext's own numbers of ticks (plotext._default: xfrequency, yfrequency).
X_TICKS = 5
Y_TICKS = 7


def tick_labels(ticks: Sequence[float]) -> list[str]:
    """The labels of `ticks`: whole numbers as they are ("1500", a rating is never grouped), else
    each with the decimals that tell the ticks apart ("2.5" / "2,5")."""
    from plotext._utility import distinguishing_digit

    if all(tick == int(tick) for tick in ticks):
        return [numbers.rating(int(tick)) for tick in ticks]
    places = distinguishing_digit(list(ticks)) + 1  # plotext's "{:.(d+1)f}"
    return [numbers.decimal(tick, places) for tick in ticks]


def ticks_between(low: float, high: float, count: int) -> tuple[list[float], list[str]]:
    """`count` ticks from `low` to `high`, evenly spaced, and their labels."""
    from plotext._utility import linspace

    ticks: list[float] = linspace(low, high, count)
    return ticks, tick_labels(ticks)


def ticks_of(values: Sequence[float], count: int) -> tuple[list[float], list[str]]:
    """The ticks of an axis plotext fits to `values` (their range; plotext widens a single value)."""
    from plotext._utility import get_lim

    low, high = get_lim(list(values))
    return ticks_between(low, high, count)


def put_ticks(
    plt: Any,
    xticks: tuple[Sequence[float], Sequence[str]] | None = None,
    yticks: tuple[Sequence[float], Sequence[str]] | None = None,
) -> None:
    """`plt.xticks` / `plt.yticks` (a plotext figure without subplots), the ticks kept in the order
    given. plotext drops duplicate (tick, label) pairs through a `set` (`_utility.brush`), whose
    order follows the labels' string hashes, which change with every process (PYTHONHASHSEED);
    where two labels do not both fit, the first drawn wins, so the same chart showed "7,5" in one
    run and "10,0" in the next. Our ticks never repeat: their order is put back, lowest first."""
    monitor = plt.monitor
    if xticks is not None:
        plt.xticks(list(xticks[0]), list(xticks[1]))
        monitor.xticks[0], monitor.xlabels[0] = list(xticks[0]), list(xticks[1])
    if yticks is not None:
        plt.yticks(list(yticks[0]), list(yticks[1]))
        monitor.yticks[0], monitor.ylabels[0] = list(yticks[0]), list(yticks[1])


def label_axes(plt: Any, xs: Sequence[float], ys: Sequence[float]) -> None:
    """Give `plt` (a plotext figure) the ticks it would draw for `xs` and `ys`, in the language spoken."""
    put_ticks(plt, ticks_of(xs, X_TICKS), ticks_of(ys, Y_TICKS))


def year_ticks(left: float, right: float, most: int = 6) -> tuple[list[float], list[str]]:
    """The x-axis labels: each year the chart shows, at the middle of its part of the axis.

    A tick at January would fall left of the axis for a year the chart starts in after January
    (plotext then draws it at the edge, under the wrong year), and a chart within one year would
    have none. At most `most` labels (every other year, or fewer, on a long logbook).
    Positions are in the chart's x unit, months (year·12 + month − 1).
    """

    def shown(year: int) -> float:  # months of the year on the axis
        return min(right, year * 12.0 + 12) - max(left, year * 12.0)

    years = list(range(int(left // 12), int(right // 12) + 1))
    # A sliver of a year at either end (under three months) gets no label: it would crowd the next.
    years = [year for year in years if shown(year) >= 3] or years[:1]
    if len(years) > most:
        years = years[:: -(-len(years) // most)]
    positions = [(max(left, year * 12.0) + min(right, year * 12.0 + 12)) / 2 for year in years]
    return positions, [str(year) for year in years]
