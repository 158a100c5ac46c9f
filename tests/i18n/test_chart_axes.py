"""The charts' axis numbers (issue 15, part 2): plotext's own in English, with a decimal comma in French.

The series chart of 10 games shows games 0 to 10 on x: 5 ticks 0, 2.5, 5, 7.5, 10 (spaced 2.5: one
decimal tells them apart, so plotext writes "0.0" ... "10.0"). Its ratings, 1500 to 1530 on y: 7
ticks spaced 5, all whole: "1500" ... "1530", the same in both languages (a rating has no decimals
and is never grouped).
"""

from __future__ import annotations

from typing import Any

import pytest
from plotext._utility import get_labels, linspace

from elotui.i18n import set_language
from elotui.tui.widgets.chart_axes import X_TICKS, Y_TICKS, ticks_between, ticks_of


def test_english_labels_are_plotexts_own() -> None:
    ticks, labels = ticks_of([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], X_TICKS)
    assert ticks == [0, 2.5, 5, 7.5, 10]
    assert labels == ["0.0", "2.5", "5.0", "7.5", "10.0"]
    # And what plotext itself would write, on a few ranges of the charts (so a plotext that
    # changes its labels fails here).
    for low, high, count in ((0, 10, 5), (1500, 1530, 7), (1612.4, 1690.7, 7), (2, 3, 5)):
        ticks = linspace(low, high, count)
        assert ticks_between(low, high, count)[1] == get_labels(ticks)


def test_french_labels_have_a_decimal_comma() -> None:
    set_language("fr")
    assert ticks_of(list(range(11)), X_TICKS)[1] == ["0,0", "2,5", "5,0", "7,5", "10,0"]
    # From 2 to 3 in 4 steps of 0.25: two decimals tell 2.25 from 2.5.
    assert ticks_between(2, 3, 5)[1] == ["2,00", "2,25", "2,50", "2,75", "3,00"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_whole_ratings_are_the_same_in_both_languages(language: str) -> None:
    set_language(language)
    labels = ticks_between(1500, 1530, Y_TICKS)[1]
    assert labels == ["1500", "1505", "1510", "1515", "1520", "1525", "1530"]


def test_one_value_is_widened_as_plotext_widens_it() -> None:
    # plotext draws a lone value v from v/2 to 3v/2: one game at 1600 → 800 to 2400, in 6 steps
    # of 266.67 (not whole: one decimal, "800.0", "1066.7").
    ticks, labels = ticks_of([1600], Y_TICKS)
    assert (ticks[0], ticks[-1]) == (800, 2400)
    assert labels[:2] == ["800.0", "1066.7"]


def test_ticks_stay_in_the_order_given() -> None:
    # plotext keeps its ticks in a set's order (by the labels' string hashes, new in every
    # process): where two labels clash, which one shows changed from run to run (the French series
    # at 80×24 showed "7,5" or "10,0"). With 30 different ranges of 5 ticks, a set's order is not
    # lowest first for some of them (each of the 5! orders as likely), whatever the hash seed.
    from textual_plotext.plot import Plot

    from elotui.tui.widgets.chart_axes import put_ticks

    for low in range(30):
        ticks, labels = ticks_between(low / 10, 10 + low, X_TICKS)
        plt: Any = Plot()  # (plotext is untyped: its monitor is not in the stubs)
        put_ticks(plt, (ticks, labels), (ticks, labels))
        assert plt.monitor.xticks[0] == ticks and plt.monitor.xlabels[0] == labels
        assert plt.monitor.yticks[0] == ticks and plt.monitor.ylabels[0] == labels
