"""Matchpoints on one board: ranking, Neuberg, adjusted and split scores."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, ROUND_HALF_DOWN, ROUND_HALF_UP, Decimal
from numbers import Real

from scoring.errors import ScoringError

# Law 12C2: average plus, average and average minus, in percent of the board top.

# 2 per score beaten (1 per tie) is the WBF/EBU scale, top 2(n-1); 1 per beat (½ per tie) is the
# ACBL scale, top n-1. The two differ only by the factor 2.
MATCHPOINT_SCALES = {
    2: "2 per score beaten, 1 per tie (top 2 × (results − 1))",
    1: "1 per score beaten, ½ per tie (top results − 1)",
}

ROUNDING_RULES = {
    "none": "Not rounded",
    "ebu": "Nearest 0.1, exactly .05 towards the board average (EBU)",
    "acbl": "Nearest 0.01, exactly .005 up (ACBLscore)",
    "wbf": "Nearest 0.1, exactly .05 up (WBF, one decimal)",
}


@dataclass(frozen=True)
class Adjusted:
    """An artificial score: each side's percent of the board top (need not balance)."""

    ns_percent: float
    ew_percent: float


@dataclass(frozen=True)
class Split:
    """An assigned score that differs for the two sides.

    Both scores are written as on the traveller, from North-South's point of view: NS are
    matchpointed with ns_score, EW with ew_score. Split(420, 420) is the ordinary result +420.
    """

    ns_score: int
    ew_score: int


def _check_per_beat(per_beat) -> None:
    if per_beat not in MATCHPOINT_SCALES:
        raise ScoringError(f"Matchpoints are 2 or 1 per score beaten, not {per_beat!r}.")


def _check_score(score) -> None:
    if isinstance(score, bool) or not isinstance(score, Real):
        raise ScoringError(f"A score on a traveller must be a number, not {score!r}.")


def board_top(expected: int, per_beat: int = 2) -> int:
    """The matchpoints for beating every other result when a board is played `expected` times."""
    _check_per_beat(per_beat)
    return per_beat * (expected - 1)


def matchpoints(scores: Iterable[int], per_beat: int = 2) -> list[float]:
    """Each score's matchpoints against the others, in the order given.

    per_beat=2: 2 for each score beaten and 1 for each tie; per_beat=1: 1 and ½. Equal scores
    share. Sorting once makes this O(n log n), so a board played thousands of times is cheap.
    """
    _check_per_beat(per_beat)
    scores = list(scores)
    for score in scores:
        _check_score(score)
    order = sorted(range(len(scores)), key=scores.__getitem__)
    result = [0.0] * len(scores)
    start = 0
    while start < len(order):
        end = start
        while end < len(order) and scores[order[end]] == scores[order[start]]:
            end += 1
        # `start` scores are beaten; the other end - start - 1 in the group are ties.
        shared = per_beat * start + per_beat * (end - start - 1) / 2
        for index in order[start:end]:
            result[index] = float(shared)
        start = end
    return result


def neuberg(mp: float, actual: int, expected: int, per_beat: int = 2) -> float:
    """Matchpoints won among `actual` results, factored up (or down) to `expected` results.

    The Neuberg formula (SPEC §2.1), unrounded: M' = (M + 1)·E/A − 1 on the 2-per-beat scale,
    N·S/n + (N − n)/(2n) on the 1-per-beat scale; both are (M + h)·E/A − h with h = per_beat/2.
    Returns mp unchanged when actual == expected.
    """
    _check_per_beat(per_beat)
    if not isinstance(actual, int) or actual < 1:
        raise ScoringError(f"Neuberg needs at least one actual result, not {actual!r}.")
    if not isinstance(expected, int) or expected < 1:
        raise ScoringError(f"The expected number of results must be 1 or more, not {expected!r}.")
    if actual == expected:
        # Exactly the input: (mp + h)·E/A − h would round an already fractional mp.
        return float(mp)
    half = per_beat / 2
    return (mp + half) * expected / actual - half


def adjusted_matchpoints(percent: float, expected: int, per_beat: int = 2) -> float:
    """An artificial score's matchpoints: percent of the board top per_beat·(expected − 1)."""
    _check_per_beat(per_beat)
    if not isinstance(expected, int) or expected < 1:
        raise ScoringError(f"The expected number of results must be 1 or more, not {expected!r}.")
    if isinstance(percent, bool) or not isinstance(percent, Real) or not 0 <= percent <= 100:
        raise ScoringError(f"An adjusted score is a percentage from 0 to 100, not {percent!r}.")
    # Multiply before dividing so that 60% of 34 is exactly the float 20.4.
    return percent * board_top(expected, per_beat) / 100


def compared_scores(
    entries: Sequence[int | Adjusted | Split],
) -> tuple[list[int], list[int], list[int]]:
    """The lines that are matchpointed against each other (real and split results, by index),
    their NS scores, and their EW scores from EW's side (so that higher is better for EW too).
    Artificial scores take no part in the comparison."""
    played = []
    ns_scores = []
    ew_scores = []
    for index, entry in enumerate(entries):
        if isinstance(entry, Adjusted):
            continue
        if isinstance(entry, Split):
            ns_score, ew_score = entry.ns_score, entry.ew_score
        else:
            ns_score = ew_score = entry
        _check_score(ns_score)
        _check_score(ew_score)
        played.append(index)
        ns_scores.append(ns_score)
        ew_scores.append(-ew_score)
    return played, ns_scores, ew_scores


def matchpoint_traveller(
    entries: Sequence[int | Adjusted | Split],
    *,
    expected: int | None = None,
    per_beat: int = 2,
) -> list[tuple[float, float]]:
    """(NS, EW) matchpoints for every line of a traveller, in order, unrounded.

    Entries are NS scores (int), Adjusted (artificial, percent of the top for each side) or
    Split (an assigned score per side). `expected` is how many results the board should have
    (default: one per entry). Real and split results are matchpointed among themselves, each
    direction separately, and Neuberged up to `expected`; artificial scores take no part in the
    comparison (SPEC §2.1) and get their percent of the top per_beat·(expected − 1).
    """
    _check_per_beat(per_beat)
    entries = list(entries)
    if expected is None:
        expected = len(entries)
    if not isinstance(expected, int) or expected < 1:
        raise ScoringError(f"The expected number of results must be 1 or more, not {expected!r}.")

    played, ns_scores, ew_scores = compared_scores(entries)
    result: list[tuple[float, float]] = [(0.0, 0.0)] * len(entries)
    ns_mps = matchpoints(ns_scores, per_beat)
    ew_mps = matchpoints(ew_scores, per_beat)
    for index, ns_mp, ew_mp in zip(played, ns_mps, ew_mps, strict=True):
        result[index] = (
            neuberg(ns_mp, len(played), expected, per_beat),
            neuberg(ew_mp, len(played), expected, per_beat),
        )
    for index, entry in enumerate(entries):
        if isinstance(entry, Adjusted):
            result[index] = (
                adjusted_matchpoints(entry.ns_percent, expected, per_beat),
                adjusted_matchpoints(entry.ew_percent, expected, per_beat),
            )
    return result


def round_matchpoints(value: float, rule: str, top: float) -> float:
    """A board's matchpoints rounded the way a national body prints them (SPEC §2.1, §8).

    "none" leaves the value alone; "ebu" rounds to 0.1 with an exact .05 going towards the
    board average top/2; "acbl" rounds to 0.01 with an exact .005 going up; "wbf" rounds to
    0.1 with an exact .05 going up.
    """
    if rule not in ROUNDING_RULES:
        known = ", ".join(ROUNDING_RULES)
        raise ScoringError(f"Unknown matchpoint rounding {rule!r}; choose one of {known}.")
    if rule == "none":
        return float(value)
    # Neuberged values carry float noise (17.549999999999997 stands for 17.55); nine decimals
    # keep every real digit and let an exact half be seen as one.
    exact = Decimal(repr(round(value, 9)))
    if rule == "acbl":
        step = Decimal("0.01")
        return float((exact / step + Decimal("0.5")).to_integral_value(ROUND_FLOOR) * step)
    step = Decimal("0.1")
    if rule == "wbf":
        return float((exact / step + Decimal("0.5")).to_integral_value(ROUND_FLOOR) * step)
    average = Decimal(repr(top)) / 2
    # Towards average: a half below the average goes up, a half above it goes down.
    towards = ROUND_HALF_UP if exact < average else ROUND_HALF_DOWN
    if exact < 0:
        # Decimal's half rules are about magnitudes; below zero "up" means towards zero.
        towards = ROUND_HALF_DOWN
    return float(exact.quantize(step, rounding=towards))
