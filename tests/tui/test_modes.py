"""The other modes of the calculator on screen: several games, series, period, reference, one test a
behaviour (their arithmetic is tested on the modes: tests/models). Expected numbers are
worked out by hand from the logistic formula (E = 1/(1+10^(D/400))) and table 8.1.2 (rules.md §1.1)."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static

from elotui.tui.widgets.choice import Choice
from elotui.tui.widgets.mode_panes import GamesTable, PeriodPane, SeveralPane
from elotui.tui.widgets.virtual_table import VirtualTable
from tests.scenes.calculator import add_game, burst, result_value
from tests.tui.conftest import shown, text, type_keys


async def test_switching_modes_keeps_what_was_typed(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600 tab 32")
    for key, mode in (("f6", "several"), ("f7", "series"), ("f8", "period"), ("f9", "reference")):
        await type_keys(pilot, key)
        assert pilot.app.screen.query_one("#panes").current == mode  # type: ignore[attr-defined]
    await type_keys(pilot, "f5")
    values = [pilot.app.screen.query_one(f"#{f}", Input).value for f in ("rating", "opponent", "k")]
    assert values == ["1500", "1600", "32"]
    assert shown(pilot.app, "win-rounded") == "+20"


async def test_several_games_average_opponent_shortcut(pilot: Pilot[None]) -> None:
    # E = 0.359935; 20 × (3.5 − 5 × 0.359935) = 20 × 1.700326 = 34.0065 → +34.01, rounded +34.
    await type_keys(pilot, "f6 1500 tab 1600")
    pilot.app.screen.query_one("#points", Input).focus()
    await type_keys(pilot, "3.5")
    app = pilot.app
    assert (
        "Average-opponent shortcut, an estimate" in app.screen.query_one(SeveralPane).shown_text()
    )
    assert "+34.01" in result_value(app, "several-change")
    assert "rounded +34" in result_value(app, "several-change")
    assert "1500 → 1534" in result_value(app, "several-new")
    assert "expected 1.80 of 5" in result_value(app, "several-expected")


async def test_several_games_points_in_halves_and_at_most_g(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "f6 1500 tab 1600")
    pilot.app.screen.query_one("#points", Input).focus()
    await type_keys(pilot, "5.5")
    assert "points must be from 0 to the 5 games played" in text(pilot.app, "#points-reason")
    assert result_value(pilot.app, "several-change") == ""
    await type_keys(pilot, "backspace backspace backspace 3.3")
    assert "halves" in text(pilot.app, "#points-reason")
    await type_keys(pilot, "backspace backspace backspace 5")
    # 20 × (5 − 1.799673) = 64.0065 → +64.01
    assert "+64.01" in result_value(pilot.app, "several-change")


async def test_series_exact_1520_48_after_game_one(pilot: Pilot[None]) -> None:
    # K 32, win: 32 × (1 − 0.359935) = 20.482 → 1520.48.
    await type_keys(pilot, "f7 1500 tab 1600 tab 32 tab w")
    pilot.app.screen.query_one("#exact", Choice).focus()
    await type_keys(pilot, "right")
    table = pilot.app.screen.query_one("#series-table", VirtualTable)
    assert table.row_count == 10
    assert table.get_row("1") == ["1", "1500.00", "36.0%", "+20.48", "1520.48"]
    assert "exact" in text(pilot.app, "#series-summary")


async def test_series_rounded_gains_shrink(pilot: Pilot[None]) -> None:
    # K 20 win: game 1 +13 → 1513; game 2: E(1513, 1600) = 1/(1+10^(87/400)) = 0.3774, 20 × 0.6226 = 12.45 → +12.
    await type_keys(pilot, "f7 1500 tab 1600 tab tab w")
    table = pilot.app.screen.query_one("#series-table", VirtualTable)
    assert table.get_row("1")[3:] == ["+13", "1513"]
    assert table.get_row("2")[3:] == ["+12", "1525"]
    gains = [int(table.get_row(str(n))[3].replace("+", "")) for n in range(1, 11)]
    assert gains == sorted(gains, reverse=True) and gains[-1] < gains[0]
    assert pilot.app.screen.query("#series-plot")  # the chart is mounted once the series is shown


async def test_series_draw_and_loss(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "f7 1500 tab 1600 tab tab l")
    table = pilot.app.screen.query_one("#series-table", VirtualTable)
    assert table.get_row("1")[3:] == ["−7", "1493"]


PERIOD = (("2100", "1"), ("1900", "0.5"), ("2450", "1"), ("2060", "0"))
# Rating 2000. D −100 → PD .36, ΔR +.64; D +100 → .64, −.14; D −450 counts −400 → .08, +.92;
# D −60 → .42, −.42. ΣΔR = +1.00; K 20 → +20.00 → 2020.


async def enter_period(pilot: Pilot[None], games: tuple[tuple[str, str], ...] = PERIOD) -> None:
    pilot.app.screen.query_one("#rating", Input).focus()
    await type_keys(pilot, "2000 f8")
    pilot.app.screen.query_one(GamesTable).focus()
    await type_keys(pilot, " ".join(add_game(o, r) for o, r in games))


async def test_period_games_and_change(pilot: Pilot[None]) -> None:
    await enter_period(pilot)
    table = pilot.app.screen.query_one(GamesTable)
    rows = [table.get_row_at(i) for i in range(table.row_count)]
    assert [r[1:] for r in rows] == [
        ["2100", "1", "−100", "−100", "0.36", "+0.64"],
        ["1900", "0.5", "+100", "+100", "0.64", "−0.14"],
        ["2450", "1", "−450", "−400", "0.08", "+0.92"],
        ["2060", "0", "−60", "−60", "0.42", "−0.42"],
    ]
    app = pilot.app
    assert "20 × +1.00 = +20.00 → rounded +20" in result_value(app, "period-change")
    assert "2000 → 2020" in result_value(app, "period-new")
    assert "400-point rule applied to 1 game" in result_value(app, "period-details")
    assert "700 cap not reached (20 × 4 = 80)" in result_value(app, "period-k")


async def test_period_games_added_before_the_rating_show_whole_numbers(pilot: Pilot[None]) -> None:
    # A game added while the rating is empty has empty D, PD and ΔR; typed then, the rating fills
    # them, and each column widens to its number as for a game added after: 2000 − 2100 = −100 (4
    # cells), PD 0.36, ΔR 1 − 0.36 = +0.64 (5 cells). The columns were cut to "−", "0." and "+0".
    await type_keys(pilot, "f8")
    pilot.app.screen.query_one(GamesTable).focus()
    await type_keys(pilot, add_game("2100", "1"))
    pilot.app.screen.query_one("#rating", Input).focus()
    await type_keys(pilot, "2000")
    table = pilot.app.screen.query_one(GamesTable)
    assert table.get_row_at(0)[3:] == ["−100", "−100", "0.36", "+0.64"]
    widths = {column.key: column.width for column in table.columns}
    assert widths["diff"] >= 4 and widths["pd"] >= 4 and widths["delta"] >= 5


async def test_period_edit_and_remove_a_game(pilot: Pilot[None]) -> None:
    await enter_period(pilot)
    table = pilot.app.screen.query_one(GamesTable)
    # The cursor is on the last game (2060, loss): edit it to a win → ΔR +.58, Σ +2.00 → +40.
    await type_keys(pilot, "e | tab backspace 1 enter |")
    assert table.get_row_at(3)[1:3] == ["2060", "1"]
    assert "→ rounded +40" in result_value(pilot.app, "period-change")
    await type_keys(pilot, "x")  # the history's export key: it deletes nothing here
    assert table.row_count == 4
    # Delete deletes, as everywhere in the app, after a yes/no question.
    await type_keys(pilot, "delete | n |")
    assert table.row_count == 4
    await type_keys(pilot, "delete | y |")
    assert table.row_count == 3
    # Left: +.64 −.14 +.92 = +1.42 → +28.40 → +28.
    assert "→ rounded +28" in result_value(pilot.app, "period-change")


async def test_period_cap_switch(pilot: Pilot[None]) -> None:
    # The switch reaches the period (rules.md §2.6: visibly off, for non-FIDE use); what the cap
    # does to K is the period mode's (tests/models/test_calculator_modes.py).
    await enter_period(pilot, (("2000", "1"),))
    assert "700 cap not reached (20 × 1 = 20)" in result_value(pilot.app, "period-k")
    pilot.app.screen.query_one("#cap", Choice).focus()
    await type_keys(pilot, "right")
    assert "700 cap OFF: not the FIDE rules" in result_value(pilot.app, "period-k")
    await type_keys(pilot, "left")
    assert "700 cap not reached" in result_value(pilot.app, "period-k")


async def test_period_month_decides_the_2650_exemption(pilot: Pilot[None]) -> None:
    # 2700 beats 2200 (D +500), K 10. Until 2025-09 the 400-point rule counts D as +400: PD .92
    # (392-411), ΔR +.08, 10 × .08 = +.80. From 2025-10 a 2650+ player keeps D +500: PD .96
    # (485-517), ΔR +.04, 10 × .04 = +.40 (rules.md §1.1 and §1.2: table 8.1.2, the 2025 amendment).
    pilot.app.screen.query_one("#rating", Input).focus()
    await type_keys(pilot, "2700 tab tab 10 f8")
    pilot.app.screen.query_one(GamesTable).focus()
    await type_keys(pilot, add_game("2200", "1"))
    month = pilot.app.screen.query_one("#period-month", Input)
    table = pilot.app.screen.query_one(GamesTable)
    month.focus()
    await type_keys(pilot, "2025-09")
    assert table.get_row_at(0)[3:] == ["+500", "+400", "0.92", "+0.08"]
    assert "10 × +0.08 = +0.80" in result_value(pilot.app, "period-change")
    await type_keys(pilot, "backspace backspace 10")
    assert table.get_row_at(0)[3:] == ["+500", "+500", "0.96", "+0.04"]
    assert "10 × +0.04 = +0.40" in result_value(pilot.app, "period-change")
    await type_keys(pilot, "backspace backspace 13")
    assert text(pilot.app, "#period-month-reason") == "Period: the month 2025-13 does not exist"
    assert result_value(pilot.app, "period-change") == ""


async def test_period_k_from_profile(pilot: Pilot[None]) -> None:
    await enter_period(pilot)
    screen = pilot.app.screen
    screen.query_one("#k-source", Choice).focus()
    await type_keys(pilot, "right tab 2012")  # born 2012, period year 2026: a junior, K 40
    assert "K 40" in result_value(pilot.app, "period-k")
    assert "junior" in result_value(pilot.app, "period-k")
    assert "40 × +1.00 = +40.00 → rounded +40" in result_value(pilot.app, "period-change")


async def test_period_list_choice_takes_its_rule_set(pilot: Pilot[None]) -> None:
    # rules.md §3.2 and §3.3: in 2015-06 the standard list is S2014, the rapid list RB2012 (the
    # K each gives is the period mode's: tests/models/test_calculator_modes.py).
    await enter_period(pilot, (("2000", "1"),))
    screen = pilot.app.screen
    screen.query_one("#period-month", Input).focus()
    await type_keys(pilot, "2015-06")
    assert screen.query_one("#rating-list", Choice).value == "standard"  # the default
    assert result_value(pilot.app, "period-k").startswith("Rules S2014 · K 20 ")
    screen.query_one("#rating-list", Choice).focus()
    await type_keys(pilot, "right")
    assert screen.query_one("#rating-list", Choice).value == "rapid"
    assert result_value(pilot.app, "period-k").startswith("Rules RB2012 · K 20 ")
    assert "FIDE rules RB2012" in str(screen.query_one("#period").query_one(".note").content)  # type: ignore[attr-defined]


async def test_what_do_i_need(pilot: Pilot[None]) -> None:
    # After ΣΔR +1.00, two more games against 2000 (PD .50): P points give 20 × (1 + P − 1) = 20P.
    # Target 2030 needs 20P ≥ 30 → P = 1.5.
    await enter_period(pilot)
    pilot.app.screen.query_one("#target", Input).focus()
    await type_keys(pilot, "2030 tab 2 tab 2000")
    assert "at least 1.5 / 2 against 2000 → 2030" in result_value(pilot.app, "period-need")


async def test_period_bad_rating_blanks_the_derived_cells(pilot: Pilot[None]) -> None:
    await enter_period(pilot)
    pilot.app.screen.query_one("#rating", Input).focus()
    await type_keys(pilot, "backspace backspace backspace backspace")
    table = pilot.app.screen.query_one(GamesTable)
    assert table.get_row_at(0)[3:] == ["", "", "", ""]
    assert result_value(pilot.app, "period-change") == ""


async def test_reference_table(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "1500 tab 1600 f9")
    table: DataTable[str] = pilot.app.screen.query_one("#reference-table", DataTable)
    assert table.row_count == 17  # −400 … +400 by 50
    # elo: 1/(1+10^1) = 9.1%, 1/(1+10^-1) = 90.9%; fide: table 8.1.2 check values.
    assert table.get_row("-400") == ["−400", "9.1%", "0.08"]
    assert table.get_row("0") == ["0", "50.0%", "0.50"]
    assert table.get_row("-100") == ["−100", "36.0%", "0.36"]
    assert table.get_row("200") == ["+200", "76.0%", "0.76"]
    assert table.get_row("400") == ["+400", "90.9%", "0.92"]
    assert "D = −100 → elo 36.0%, fide PD 0.36" in text(pilot.app, "#reference-current")


async def test_k_presets_follow_the_period_month(pilot: Pilot[None]) -> None:
    # rules.md §3.2: S2006's K values are 25 (new player), 15 (under 2400), 10 (published
    # 2400); today's presets are 40, 20, 10 and the generic 32. ↓ in K steps down the era's, and
    # stays at the lowest.
    screen = pilot.app.screen
    await type_keys(pilot, "2235 tab tab backspace backspace 25 f8")
    screen.query_one("#period-month", Input).focus()
    await type_keys(pilot, "2008-06")
    k_field = screen.query_one("#k", Input)
    k_field.focus()
    seen = []
    for _ in range(3):
        await type_keys(pilot, "down")
        seen.append(k_field.value)
    assert seen == ["15", "10", "10"]


async def test_the_k_caption_follows_the_period_month(pilot: Pilot[None]) -> None:
    # rules.md §3.2: in S2006 (2008-06) K 25 is the new player's; today it is a custom K. Outside
    # the period mode the month does not count. (Every caption: tests/models.)
    screen = pilot.app.screen
    await type_keys(pilot, "2235 tab tab backspace backspace 25 f8")
    assert text(pilot.app, "#k-meaning") == "  custom K (1–100)"  # today's month: K 25 is custom
    screen.query_one("#period-month", Input).focus()
    await type_keys(pilot, "2008-06")
    assert text(pilot.app, "#k-meaning") == "  FIDE S2006: new player (< 30 games)"
    await type_keys(pilot, "f5")
    assert text(pilot.app, "#k-meaning") == "  custom K (1–100)"


def period_note(pilot: Pilot[None]) -> str:
    return str(pilot.app.screen.query_one(PeriodPane).query_one(".note", Static).content)


async def test_the_period_note_says_the_rules_of_the_months_rule_set(pilot: Pilot[None]) -> None:
    # rules.md §3.2, read from the month's rule set even before a rating is typed: S2006
    # (2008-06) counts a D over 350 as 350 and has no cap on K × games; S2014 (2015-06) counts a D
    # over 400 as 400 in every game and caps K·n at 700. A bad month says no rule set.
    await type_keys(pilot, "f8")
    month = pilot.app.screen.query_one("#period-month", Input)
    month.focus()
    await type_keys(pilot, " ".join(["backspace"] * 7) + " 2008-06")
    assert period_note(pilot) == (
        "FIDE rules S2006: table 8.1.2, D over 350 counts as 350, no cap on K × games,"
        " one rounding per period"
    )
    await type_keys(pilot, " ".join(["backspace"] * 7) + " 2015-06")
    assert period_note(pilot) == (
        "FIDE rules S2014: table 8.1.2, D over 400 counts as 400, the 700 cap,"
        " one rounding per period"
    )
    await type_keys(pilot, "backspace backspace 13")
    assert period_note(pilot) == ""


async def test_the_list_of_games_takes_clicks_and_keys(pilot: Pilot[None]) -> None:
    # A click on a game puts the cursor on it; e edits that game, Delete deletes it, the others are
    # numbered again. PERIOD: the second game is 1900, a draw (D +100, PD .64, ΔR −.14).
    await enter_period(pilot)
    table = pilot.app.screen.query_one(GamesTable)
    assert table.cursor_row == 3  # on the game added last
    await pilot.click(GamesTable, offset=(3, 2))  # line 0 is the header: line 2 is the 2nd game
    await pilot.pause()
    assert table.cursor_row == 1
    await type_keys(pilot, "e | tab backspace backspace backspace 1 enter |")
    assert table.get_row_at(1)[1:3] == ["1900", "1"]  # the win: ΔR 1 − .64 = +.36
    assert table.get_row_at(1)[6] == "+0.36"
    await type_keys(pilot, "up delete | y |")
    assert table.row_count == 3
    assert [row[:2] for row in (table.get_row_at(i) for i in range(3))] == [
        ["1", "1900"],
        ["2", "2450"],
        ["3", "2060"],
    ]
    await type_keys(pilot, "end")
    assert table.cursor_row == 2


# --- focus and the controls that apply -----------------------------------------------------------


async def test_f6_puts_the_cursor_where_the_status_asks(pilot: Pilot[None]) -> None:
    # It said "Type the points P" with the cursor still in the opponent's field: a 3 made 16003.
    await type_keys(pilot, "1500 tab 1600 f6 3")
    screen = pilot.app.screen
    assert screen.query_one("#opponent", Input).value == "1600"
    assert screen.query_one("#points", Input).value == "3"


async def test_a_bad_average_opponent_is_named_as_its_label(pilot: Pilot[None]) -> None:
    await type_keys(pilot, "f6 1500 tab 99")
    assert text(pilot.app, "#opponent-reason").startswith("Average opponent ")
    await type_keys(pilot, "f5")
    assert text(pilot.app, "#opponent-reason").startswith("Opponent rating ")


async def test_each_mode_shows_only_the_controls_it_uses(pilot: Pilot[None]) -> None:
    screen = pilot.app.screen

    def shown_rows() -> dict[str, bool]:
        return {f: screen.query_one(f"#{f}").parent.display for f in ("result", "method", "k")}  # type: ignore[union-attr]

    await type_keys(pilot, "f6")
    assert shown_rows() == {"result": False, "method": True, "k": True}
    await type_keys(pilot, "f7")
    # The series: one result for every game, no "all" (it silently meant wins).
    result = screen.query_one("#result", Choice)
    assert shown_rows()["result"] and [key for key, _label in result.options] == [
        "win", "draw", "loss",
    ]  # fmt: skip
    assert result.value == "win"
    await type_keys(pilot, "f9")
    assert shown_rows() == {"result": False, "method": False, "k": False}
    await type_keys(pilot, "f5")
    assert [key for key, _label in result.options] == ["all", "win", "draw", "loss"]


async def test_the_cap_switch_says_why_it_is_off_in_2010(pilot: Pilot[None]) -> None:
    # It said "no cap in S2009" in the pane while the switch showed "on".
    screen = pilot.app.screen
    await type_keys(pilot, "2000 f8")
    month = screen.query_one("#period-month", Input)
    month.focus()
    await burst(pilot.app, ["ctrl+u", *"2010-05"])  # type: ignore[arg-type]
    cap = screen.query_one("#cap", Choice)
    assert cap.disabled and cap.reason == "no cap on K × games in S2009"
    assert screen.query_one("#cap").parent.label == "K × games cap"  # type: ignore[union-attr]
    await burst(pilot.app, ["ctrl+u", *"2026-01"])  # type: ignore[arg-type]
    assert not cap.disabled and cap.parent.label == "700 cap"


async def test_f8_again_goes_to_the_list_of_games(pilot: Pilot[None]) -> None:
    # The list is below some sixteen fields: F8 in the period goes there, `a` adds a game.
    await type_keys(pilot, "2000 f8 f8 a | 2100 enter 1 enter |")
    table = pilot.app.screen.query_one(GamesTable)
    assert table.has_focus and table.get_row_at(0)[1:3] == ["2100", "1"]


async def test_a_adds_a_game_from_any_field_that_is_not_a_text_field(pilot: Pilot[None]) -> None:
    from elotui.tui.widgets.game_dialog import GameDialog

    await type_keys(pilot, "2000 f8")
    screen = pilot.app.screen
    screen.query_one("#k-source", Choice).focus()
    await type_keys(pilot, "a |")
    assert isinstance(pilot.app.screen, GameDialog)
    await type_keys(pilot, "1900 tab 0 ctrl+s |")  # Ctrl+S saves, as in every form
    assert screen.query_one(GamesTable).get_row_at(0)[1:3] == ["1900", "0"]
    screen.query_one("#target", Input).focus()
    await type_keys(pilot, "a")  # typed in a text field
    assert screen.query_one("#target", Input).value == "a"


async def test_the_keys_of_hidden_controls_are_off(pilot: Pilot[None]) -> None:
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    screen = pilot.app.screen
    result = screen.query_one("#result", Choice)
    await type_keys(pilot, "2000 f8 f8")  # on the list of games: letters are keys there
    footer = {key.key for key in screen.query_one(Footer).query(FooterKey)}
    assert not {"w", "d", "l", "asterisk", "m", "t"} & footer, footer
    await type_keys(pilot, "l")
    assert result.value == "all"  # the period has no result choice: l did nothing to it
    await type_keys(pilot, "f7 w *")
    assert result.value == "win"  # the series has no "all"
