"""Places in a ranking, with ties shown as "3=" the way results sheets print them."""

from collections import Counter


def places(scores, *, ndigits: int = 6) -> list[str]:
    """The place of each score in the order given, best (highest) first.

    Equal scores (to `ndigits` decimals, so that float noise in unrounded totals does not
    split a tie) share the better place and are marked "=": 1, 2=, 2=, 4. A score of None (a
    pair that played no board) is placed after every number, whatever the numbers are.
    """
    keys = [(0, 0.0) if s is None else (1, round(s, ndigits)) for s in scores]
    counts = Counter(keys)
    first = {}
    for position, key in enumerate(sorted(keys, reverse=True), start=1):
        first.setdefault(key, position)
    return [f"{first[k]}=" if counts[k] > 1 else str(first[k]) for k in keys]
