"""Butler: IMPs against a datum, with the variants clubs and federations use."""

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from math import floor
from numbers import Real

from scoring.errors import ScoringError, words
from scoring.imps import imps

DATUM_METHODS = {
    "drop-one": words(
        "Drop the highest and the lowest score, mean of the rest, nearest 10 "
        "(UK clubs; PBN Butler-2)"
    ),
    "acbl": words(
        "Drop the highest 5% and the lowest 5%, mean of the rest, nearest 10, "
        "an exact 5 to the even ten (ACBLscore computed datum)"
    ),
    "mean": words("Mean of all scores, nearest 10 (PBN Butler)"),
    "median": words("Median of all scores, nearest 10"),
}


def _nearest_ten_half_away(value: Fraction) -> int:
    """Nearest multiple of 10, an exact 5 away from zero (so negating scores negates it)."""
    tens = floor(abs(value) / 10 + Fraction(1, 2))
    return 10 * tens if value >= 0 else -10 * tens


def _nearest_ten_half_even(value: Fraction) -> int:
    """Nearest multiple of 10, an exact 5 to the even ten: 425 -> 420, 435 -> 440."""
    return 10 * round(value / 10)  # round() of a Fraction goes to even on an exact half


def acbl_dropped(results: int, trim_percent: float = 5) -> int:
    """How many scores the ACBL method drops at each end of a board with `results` scores.

    ACBLscore drops "5% high and 5% low" without saying how to count a fraction of a score.
    We take the nearest whole number of scores, an exact half going up: none below 10 results,
    one from 10 to 29, two from 30 to 49, and so on. Dropping one score from a club field of
    six or eight would discard 12–17% at each end, three times the stated 5%; a field that
    small keeps every score (the plain mean).
    """
    if isinstance(trim_percent, bool) or not isinstance(trim_percent, Real):
        raise ScoringError(
            "The share of scores to drop must be a number, not %(trim_percent)s.",
            trim_percent=repr(trim_percent),
        )
    if not 0 <= trim_percent < 50:
        raise ScoringError(
            "The share of scores to drop must be from 0 to 50%%, not %(trim_percent)s%%.",
            trim_percent=trim_percent,
        )
    share = Fraction(results) * Fraction(str(trim_percent)) / 100
    dropped = floor(share + Fraction(1, 2))
    # Always keep at least one score to take the mean of.
    return min(dropped, (results - 1) // 2)


@dataclass(frozen=True)
class Datum:
    """How a board's datum was formed: the scores in order, the ones its method set aside at
    each end, the mean of the ones it kept, and that mean rounded to the nearest 10."""

    method: str
    ordered: list[int]
    dropped_low: list[int]
    dropped_high: list[int]
    kept: list[int]
    mean: Fraction
    datum: int


def butler_datum(scores: Iterable[int], method: str = "drop-one", *, trim_percent=5) -> int:
    """The datum (a multiple of 10) that each NS score on a board is IMPed against.

    "drop-one": one highest and one lowest score dropped (only one even if tied), mean of the
    rest, nearest 10 with an exact 5 away from zero; fewer than 3 scores: the plain mean.
    "acbl": `trim_percent` (5) of the scores dropped at each end (see acbl_dropped), mean,
    nearest 10 with an exact 5 to the even ten. "mean": all scores. "median": the middle score
    (mean of the two middle ones for an even count). "mean" and "median" round like "drop-one".
    """
    return datum_formed(scores, method, trim_percent=trim_percent).datum


def datum_formed(scores: Iterable[int], method: str = "drop-one", *, trim_percent=5) -> Datum:
    """The datum of butler_datum with the steps that form it (see Datum)."""
    if method not in DATUM_METHODS:
        known = ", ".join(DATUM_METHODS)
        raise ScoringError(
            "Unknown datum method %(method)s; choose one of %(known)s.",
            method=repr(method),
            known=known,
        )
    scores = list(scores)
    if not scores:
        raise ScoringError("A datum needs at least one score on the board.")
    for score in scores:
        if isinstance(score, bool) or not isinstance(score, Real):
            raise ScoringError(
                "A score on a traveller must be a number, not %(score)s.",
                score=repr(score),
            )
    ordered = sorted(scores)
    count = len(ordered)
    if method == "median":
        # The middle score, or the two middle ones for an even count.
        dropped = (count - 1) // 2
    elif method == "drop-one":
        dropped = 1 if count >= 3 else 0
    elif method == "acbl":
        dropped = acbl_dropped(count, trim_percent)
    else:
        dropped = 0
    kept = ordered[dropped : count - dropped]
    mean = Fraction(sum(Fraction(score) for score in kept), len(kept))
    rounded = _nearest_ten_half_even(mean) if method == "acbl" else _nearest_ten_half_away(mean)
    return Datum(
        method=method,
        ordered=ordered,
        dropped_low=ordered[:dropped],
        dropped_high=ordered[count - dropped :],
        kept=kept,
        mean=mean,
        datum=rounded,
    )


def datum_imps(
    scores: Iterable[int], method: str = "drop-one", table: str = "wbf", *, trim_percent=5
) -> list[int]:
    """Each NS score's IMPs against the board's datum, in order (EW get the negation)."""
    scores = list(scores)
    datum = butler_datum(scores, method, trim_percent=trim_percent)
    return [imps(score - datum, table) for score in scores]
