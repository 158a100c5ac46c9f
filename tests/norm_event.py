"""A TRF written for the title norms (docs/rules.md §5): one player makes an IM norm, or misses it on
the performance alone. Used by the command's tests and the tournament screen's model tests."""

from __future__ import annotations

from pathlib import Path

from tests.trf_lines import Round, header, player_line

# Player 1 (FRA, no title, 2300) meets nine opponents, 2 to 10, in rounds 1 to 9, then wins round 10
# by forfeit against 2. The opponents: 2-4 IM of GER, 5-6 FM of ESP, 7 ESP, 8-9 FRA at 2400, 10 FRA
# at 2000. By hand, for the IM norm (T2024, the event starts 2025-03-01):
# - games counted: 9, the forfeit out (rules.md §5.2): at least 9;
# - Ra: 10 is the lowest, below the IM floor 2050, raised to it (one only): 8 × 2400 + 2050 = 21250,
#   / 9 = 2361.1 → 2361 ≥ 2230;
# - 6 points (wins against 5-10, losses to 2-4): 6/9 = 66.7 % → 67 %, dp 125 (table 8.1.1),
#   Rp = 2361 + 125 = 2486 ≥ 2450; 6 ≥ 3½ (35 % of 9);
# - title-holders 5 (2-6) ≥ 5 (half of 9, up); of the IM title 3 (2-4) ≥ max(3, 9/3);
# - federations: GER and ESP foreign (2 ≥ 2), 3 FRA ≤ 5 (3/5 of 9, down), 3 at most from one ≤ 6.
# So the IM norm is met. With a draw against 10 instead: 5½/9 = 61.1 % → 61 %, dp 80,
# Rp = 2361 + 80 = 2441 < 2450: missed on the performance alone.
# The GM norm misses three clauses (Ra 2378 with 10 raised to 2200, Rp, no GM): not shown. The
# player is a man (column 10 `m`): the women's norms, met too, are only in `--json`.
_OPPONENTS = [
    (2, "IM", "GER"), (3, "IM", "GER"), (4, "IM", "GER"), (5, "FM", "ESP"), (6, "FM", "ESP"),
    (7, "", "ESP"), (8, "", "FRA"), (9, "", "FRA"), (10, "", "FRA"),
]  # fmt: skip
_SWAP = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}
_POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}


def norm_event(tmp_path: Path, last: str) -> Path:
    """The event above; `last` is player 1's result against 10 (round 9)."""
    results = ["0", "0", "0", "1", "1", "1", "1", "1", last]
    mine: list[Round] = [
        (rank, "w" if n % 2 else "b", code)
        for n, ((rank, _title, _fed), code) in enumerate(zip(_OPPONENTS, results, strict=True))
    ]
    mine.append((2, "b", "+"))
    lines = [
        header("012", "Spring Open"), header("042", "2025/03/01"), header("052", "2025/03/09"),
        header("122", "90 min + 30 sec"),
        player_line(1, "Martin, Paul", rating=2300, federation="FRA", fide_id=1001, sex="m",
                    points=f"{sum(_POINTS[code] for _o, _c, code in mine):.1f}", rounds=mine),
    ]  # fmt: skip
    for n, ((rank, title, federation), code) in enumerate(zip(_OPPONENTS, results, strict=True)):
        rounds: list[Round] = [("", "", "")] * n + [(1, "b" if n % 2 else "w", _SWAP[code])]
        if rank == 2:
            rounds += [("", "", "")] * 8 + [(1, "w", "-")]
        score = sum(_POINTS[c] for _o, _c, c in rounds if c)
        rating = 2000 if rank == 10 else 2400
        lines.append(
            player_line(rank, f"Player, No{rank}", rating=rating, federation=federation,
                        fide_id=1000 + rank, title=title, points=f"{score:.1f}", rounds=rounds)
        )  # fmt: skip
    path = tmp_path / "norm.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
