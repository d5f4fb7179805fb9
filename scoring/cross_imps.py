"""Cross-IMPs: every score against every other."""

from collections import Counter
from collections.abc import Iterable

from scoring.errors import ScoringError, words
from scoring.imps import imp_table, imps

# PBN 2.1 §3.4.12 names; ACBLscore calls "cross" Total IMPs and "cross2" Average IMPs.
CROSS_IMP_MODES = {
    "cross": words("Sum of the IMPs against every other score (PBN Cross; ACBL Total IMPs)"),
    "cross1": words("Sum divided by the number of scores (PBN Cross1)"),
    "cross2": words("Sum divided by the number of comparisons (PBN Cross2; ACBL Average IMPs)"),
}


def cross_imps(
    scores: Iterable[int], mode: str = "cross2", table: str = "wbf", *, cap: int | None = None
) -> list[float]:
    """Each NS score's IMPs against every other NS score on the board, in order, unrounded.

    mode "cross" sums them; "cross1" divides the sum by the number of scores; "cross2" by the
    number of comparisons (scores − 1), the mean over the other tables. A single score has
    nothing to compare with and gets 0. `cap` limits each comparison to that many IMPs (the
    Polish averaged Cavendish caps at 17). EW get the negation; the NS values sum to 0.
    """
    if mode not in CROSS_IMP_MODES:
        known = ", ".join(CROSS_IMP_MODES)
        raise ScoringError(
            "Unknown cross-IMP mode %(mode)s; choose one of %(known)s.",
            mode=repr(mode),
            known=known,
        )
    imp_table(table)
    if cap is not None and (not isinstance(cap, int) or cap < 0):
        raise ScoringError(
            "A cap on IMPs per comparison must be a whole number, not %(cap)s.",
            cap=repr(cap),
        )
    scores = list(scores)
    count = len(scores)
    if count < 2:
        return [0.0] * count
    # Equal scores IMP the same against everything, so compare each distinct score once.
    frequency = Counter(scores)
    totals = {}
    for score in frequency:
        total = 0
        for other, times in frequency.items():
            total += comparison_imps(score, other, table, cap=cap) * times
        totals[score] = total
    divisor = cross_imp_divisor(mode, count)
    return [totals[score] / divisor for score in scores]


def comparison_imps(score: int, other: int, table: str = "wbf", *, cap: int | None = None) -> int:
    """One comparison of cross-IMPs: the IMPs `score` wins against `other`, capped if asked."""
    won = imps(score - other, table)
    return won if cap is None else max(-cap, min(cap, won))


def cross_imp_divisor(mode: str, count: int) -> int:
    """What a score's sum of comparisons is divided by on a board with `count` scores."""
    return {"cross": 1, "cross1": count, "cross2": count - 1}[mode]
