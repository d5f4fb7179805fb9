"""Places in a ranking, with ties shown as "3=" the way results sheets print them."""

from collections import Counter


def places(scores, *, ndigits: int = 6) -> list[str]:
    """The place of each score in the order given, best (highest) first.

    Equal scores (to `ndigits` decimals, so that float noise in unrounded totals does not
    split a tie) share the better place and are marked "=": 1, 2=, 2=, 4. A score of None (a
    pair that played no board) is placed after every number, whatever the numbers are.
    """
    keys = [(0, 0.0) if s is None else (1, tie_key(s, ndigits)) for s in scores]
    counts = Counter(keys)
    first = {}
    for position, key in enumerate(sorted(keys, reverse=True), start=1):
        first.setdefault(key, position)
    return [f"{first[k]}=" if counts[k] > 1 else str(first[k]) for k in keys]


def tie_key(score: float, ndigits: int = 6) -> float:
    """A score as ties are told, to `ndigits` decimals: sort by it, then by number, and equal
    scores keep one order whatever order their float noise came in."""
    return round(score, ndigits)


def ranking_key(*, boards: int, score: float, percentage: float | None, imps: bool):
    """What a pair's (or player's) place is decided by, higher being better: the total at
    IMPs, the percentage at matchpoints (a total with no top to measure it by counts as -1, below
    every percentage, so that pairs who played different numbers of boards compare fairly).
    None for one who played no board: `places` puts them after everyone who played."""
    if not boards:
        return None
    if imps:
        return score
    return percentage if percentage is not None else -1.0
