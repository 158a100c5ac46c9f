"""The logistic formula's scale: the one rating constant that is not FIDE's.

The calculator's logistic mode (`elotui.rating.elo`) uses Elo's formula E = 1/(1+10^(−D/s)), which
many web calculators give as "FIDE"; FIDE reads E from its table 8.1.2 and calls the formula only
"a close approximation" (rules.md §1.1). Its scale lives here with the rules so
that every number a rating depends on has one home; it is the same whatever the date or the list,
so it is not part of a `RuleSet`. FIDE's limit on D, however equal the number, is `RuleSet`'s.
"""

from __future__ import annotations

# A difference of this many points is odds of 10 to 1 (Elo's constant).
LOGISTIC_SCALE = 400
