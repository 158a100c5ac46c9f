"""One way to write a number: the true minus everywhere, and zero without a sign, in the CLI and the app."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from elotui.rating import text
from elotui.tui import formatting
from tests.conftest import run_cli


def test_zero_has_no_sign_in_the_cli_and_the_app() -> None:
    assert (text.signed(0), text.signed(Decimal("0.00")), text.signed(Decimal("-0.00"))) == (
        "0", "0.00", "0.00",
    )  # fmt: skip
    assert text.cents(0) == "0.00"
    # The app's helpers write the same zero (and the same signs) as the CLI's.
    assert (formatting.signed_int(0), formatting.signed_int(-7), formatting.signed_int(13)) == (
        "0", "−7", "+13",
    )  # fmt: skip
    assert formatting.signed_cents(Fraction(0)) == "0.00"
    assert formatting.signed_hundredths(0) == "0.00"
    assert formatting.signed_hundredths(-14) == "−0.14"


def test_period_writes_d_and_delta_r_with_the_same_minus() -> None:
    # 2000: draw vs 2000 (D 0, PD .50, ΔR 0.00), win vs 2100 (D −100, PD .36, ΔR +0.64), draw vs
    # 1900 (D +100, PD .64, ΔR −0.14): ΣΔR +0.50, K 20 → +10.00 → +10, 2010.
    code, out, _ = run_cli(
        "period", "-r", "2000", "-k", "20", "--game", "2000:0.5", "--game", "2100:1",
        "--game", "1900:0.5", "--date", "2026-11-01",
    )  # fmt: skip
    assert code == 0
    rows = out.splitlines()[3:6]
    assert [row.split() for row in rows] == [
        ["1", "2000", "0.5", "0", "0", "0.50", "0.00"],
        ["2", "2100", "1", "−100", "−100", "0.36", "+0.64"],
        ["3", "1900", "0.5", "+100", "+100", "0.64", "−0.14"],
    ]
    assert "-" not in "".join(rows).replace("--", "")  # no ASCII hyphen used as a minus
    assert "Change K×ΣΔR = +10.00 → +10" in out
