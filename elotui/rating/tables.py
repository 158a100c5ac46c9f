"""The two FIDE tables (Rating Regulations B.02 2024, 8.1.1 and 8.1.2), as published, in hundredths.

Implement the table, never the logistic formula: the handbook calls the formula only an approximation
and the published rows differ from it at several differences.
"""

from __future__ import annotations

from bisect import bisect_right

# Table 8.1.2: (lowest |D| of the row, PD of the higher-rated player in hundredths). The lower-rated
# player's PD is 100 minus it. The last row (736 and above) is open-ended.
PD_ROWS: tuple[tuple[int, int], ...] = (
    (0, 50), (4, 51), (11, 52), (18, 53), (26, 54), (33, 55), (40, 56), (47, 57), (54, 58),
    (62, 59), (69, 60), (77, 61), (84, 62), (92, 63), (99, 64), (107, 65), (114, 66), (122, 67),
    (130, 68), (138, 69), (146, 70), (154, 71), (163, 72), (171, 73), (180, 74), (189, 75),
    (198, 76), (207, 77), (216, 78), (226, 79), (236, 80), (246, 81), (257, 82), (268, 83),
    (279, 84), (291, 85), (303, 86), (316, 87), (329, 88), (345, 89), (358, 90), (375, 91),
    (392, 92), (412, 93), (433, 94), (457, 95), (485, 96), (518, 97), (560, 98), (620, 99),
    (736, 100),
)  # fmt: skip

_PD_STARTS = [start for start, _ in PD_ROWS]

# Table 8.1.1: fractional score p (in hundredths, 100 down to 50) → rating difference dp.
# Scores below 0.50 mirror these: dp(p) = −dp(1 − p).
DP_UPPER_HALF: dict[int, int] = {
    100: 800, 99: 677, 98: 589, 97: 538, 96: 501, 95: 470, 94: 444, 93: 422, 92: 401, 91: 383,
    90: 366, 89: 351, 88: 336, 87: 322, 86: 309, 85: 296, 84: 284, 83: 273, 82: 262, 81: 251,
    80: 240, 79: 230, 78: 220, 77: 211, 76: 202, 75: 193, 74: 184, 73: 175, 72: 166, 71: 158,
    70: 149, 69: 141, 68: 133, 67: 125, 66: 117, 65: 110, 64: 102, 63: 95, 62: 87, 61: 80,
    60: 72, 59: 65, 58: 57, 57: 50, 56: 43, 55: 36, 54: 29, 53: 21, 52: 14, 51: 7, 50: 0,
}  # fmt: skip


def pd_hundredths(diff: int) -> int:
    """Expected score PD, in hundredths, for a player whose rating minus the opponent's is `diff`.

    `diff` is the difference after any 400-point rule; the table itself never clamps.
    """
    row = bisect_right(_PD_STARTS, abs(diff)) - 1
    higher = PD_ROWS[row][1]
    return higher if diff >= 0 else 100 - higher


def dp_for(p_hundredths: int) -> int:
    """Rating difference dp for a fractional score given in whole hundredths (0–100)."""
    if not 0 <= p_hundredths <= 100:
        raise ValueError(f"a fractional score is between 0 and 100 hundredths, not {p_hundredths}")
    if p_hundredths >= 50:
        return DP_UPPER_HALF[p_hundredths]
    return -DP_UPPER_HALF[100 - p_hundredths]
