"""Matchpoints on one board: ranking, Neuberg, adjusted and split scores."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, ROUND_HALF_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction
from numbers import Real

import numpy as np

from scoring.errors import ScoringError, words

# Law 12C2: average plus, average and average minus, in percent of the board top.

# 2 per score beaten (1 per tie) is the WBF/EBU scale, top 2(n-1); 1 per beat (½ per tie) is the
# ACBL scale, top n-1. The two differ only by the factor 2.
MATCHPOINT_SCALES = {
    2: words("2 per score beaten, 1 per tie (top 2 × (results − 1))"),
    1: words("1 per score beaten, ½ per tie (top results − 1)"),
}

# How a board played fewer times than the movement expects is scored: the missing results are
# made up by Neuberg's formula, or each counts as a tie with every result that was played; or
# the board is matchpointed on its real results alone, on its own top, an artificial score
# getting its share of that top, and a pair's percentage is its matchpoints over the tops of
# the boards it played (one program's way: a top of 8 where the full board's is 10).
MISSING_RESULT_RULES = {
    "neuberg": words("Neuberg: scaled up to the expected number of results"),
    "tie": words("A missing result ties with every result played"),
    "own": words("On its own top: the results played, not scaled up"),
}

ROUNDING_RULES = {
    "none": words("Not rounded"),
    "ebu": words("Nearest 0.1, exactly .05 towards the board average (EBU)"),
    "acbl": words("Nearest 0.01, exactly .005 up (ACBLscore)"),
    "wbf": words("Nearest 0.1, exactly .05 up (WBF, one decimal)"),
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


@dataclass(frozen=True)
class Weighted:
    """A weighted score (Law 12C1(c)): several results, each with its share in percent.

    `components` are (percent, NS score) pairs whose percents add up to 100. The line is
    matchpointed as each of its results in turn, combined by weight, and every other line
    compares with it as if it were each of those results that share of the time.
    """

    components: tuple[tuple[float, int], ...]


def _check_per_beat(per_beat) -> None:
    if per_beat not in MATCHPOINT_SCALES:
        raise ScoringError(
            "Matchpoints are 2 or 1 per score beaten, not %(per_beat)s.",
            per_beat=repr(per_beat),
        )


def _check_score(score) -> None:
    if isinstance(score, bool) or not isinstance(score, Real):
        raise ScoringError(
            "A score on a traveller must be a number, not %(score)s.",
            score=repr(score),
        )


def board_top(expected: int, per_beat: int = 2) -> int:
    """The matchpoints for beating every other result when a board is played `expected` times."""
    _check_per_beat(per_beat)
    return per_beat * (expected - 1)


def matchpoints(scores: Iterable[int], per_beat: int = 2) -> list[float]:
    """Each score's matchpoints against the others, in the order given.

    per_beat=2: 2 for each score beaten and 1 for each tie; per_beat=1: 1 and ½. Equal scores
    share.
    """
    scores = list(scores)
    return board_matchpoints(scores, per_beat=per_beat).tolist()


def board_matchpoints(scores, boards=None, per_beat: int = 2) -> np.ndarray:
    """The matchpoints of every score against the other scores on its board, many boards at once.

    `scores` are numbers (a list, or a NumPy array of ints); `boards` gives each score's board as
    an int from 0 (default: all on one board). A board has few distinct scores: each is counted
    once (np.bincount), and a score's matchpoints are per_beat for each lower score on its
    board and per_beat/2 for each other equal one, so thousands of results cost little more
    than reading them.
    """
    _check_per_beat(per_beat)
    codes, span = _order_codes(scores)
    if boards is None:
        boards = np.zeros(len(codes), dtype=np.int64)
    board_count = int(boards.max()) + 1 if len(codes) else 0
    keys = boards * span + codes
    counts = np.bincount(keys, minlength=board_count * span)
    below = np.cumsum(counts) - counts  # scores with a lower key, on this board or before it
    beaten = below[keys] - below[boards * span]
    ties = counts[keys] - 1
    return per_beat * beaten + per_beat * ties / 2


def _order_codes(scores) -> tuple[np.ndarray, int]:
    """Small ints from 0 in the order of the scores (equal scores get equal codes), and how
    many codes there can be. Bridge scores are multiples of 10 within ±7,600: their codes are
    the scores themselves, shifted and divided, without a sort."""
    if isinstance(scores, np.ndarray) and scores.dtype.kind in "iu":
        values = scores.astype(np.int64, copy=False)
    else:
        for score in scores:
            _check_score(score)
        if not all(type(score) is int for score in scores):
            ranks = {score: rank for rank, score in enumerate(sorted(set(scores)))}
            codes = np.fromiter(map(ranks.__getitem__, scores), np.int64, len(scores))
            return codes, max(len(ranks), 1)
        values = np.array(scores, dtype=np.int64)
    if not len(values):
        return values, 1
    offsets = values - values.min()
    step = int(np.gcd.reduce(offsets)) or 1
    codes = offsets // step
    span = int(codes.max()) + 1
    if span > 4 * len(codes) + 4096:  # scattered scores: rank the distinct ones instead
        distinct, codes = np.unique(values, return_inverse=True)
        span = len(distinct)
    return codes, span


def neuberg(mp: float, actual: int, expected: int, per_beat: int = 2) -> float:
    """Matchpoints won among `actual` results, factored up (or down) to `expected` results.

    The Neuberg formula (SPEC §2.1), unrounded: M' = (M + 1)·E/A − 1 on the 2-per-beat scale,
    N·S/n + (N − n)/(2n) on the 1-per-beat scale; both are (M + h)·E/A − h with h = per_beat/2.
    Returns mp unchanged when actual == expected.
    """
    _check_per_beat(per_beat)
    if not isinstance(actual, int) or actual < 1:
        raise ScoringError(
            "Neuberg needs at least one actual result, not %(actual)s.",
            actual=repr(actual),
        )
    if not isinstance(expected, int) or expected < 1:
        raise ScoringError(
            "The expected number of results must be 1 or more, not %(expected)s.",
            expected=repr(expected),
        )
    if actual == expected:
        # Exactly the input: (mp + h)·E/A − h would round an already fractional mp.
        return _as_float(mp)
    half = per_beat / 2
    return (mp + half) * expected / actual - half


def missing_as_ties(mp: float, actual: int, expected: int, per_beat: int = 2) -> float:
    """Matchpoints won among `actual` results when each of the expected − actual missing results
    counts as a tie with every result played: per_beat/2 more for each. The top stays that of a
    full board, per_beat·(expected − 1), and a board's matchpoints still add up to the full total.
    """
    _check_per_beat(per_beat)
    if not isinstance(actual, int) or actual < 1:
        raise ScoringError(
            "A board needs at least one actual result, not %(actual)s.",
            actual=repr(actual),
        )
    if not isinstance(expected, int) or expected < actual:
        raise ScoringError(
            "The expected number of results must be %(actual)s or more.",
            actual=actual,
        )
    return _as_float(mp) + per_beat * (expected - actual) / 2


def unfactored(mp: float, expected: int, actual: int, rule: str, per_beat: int = 2) -> float:
    """Matchpoints factored to `expected` results under `rule` (missing_factor's), back on the
    board's `actual` results: Neuberg undone, or the missing results' ties taken off. Some
    programs work a pair's percentage on these (a ¾ Howell's, issue 24)."""
    if rule == "tie":
        return _as_float(mp) - per_beat * (expected - actual) / 2
    return neuberg(mp, expected, actual, per_beat) if rule == "neuberg" else _as_float(mp)


def _as_float(mp):
    """mp as a float, or an array of them: neuberg and missing_as_ties take a board at once."""
    return mp.astype(float) if isinstance(mp, np.ndarray) else float(mp)


def missing_factor(rule: str):
    """The function that factors a short board's matchpoints under `rule` (on its own top
    nothing is factored: the board is scored to the results played, see results_scored_to)."""
    if rule not in MISSING_RESULT_RULES:
        known = ", ".join(MISSING_RESULT_RULES)
        raise ScoringError(
            "Unknown rule for missing results %(rule)s; choose one of %(known)s.",
            rule=repr(rule),
            known=known,
        )
    return missing_as_ties if rule == "tie" else neuberg


def results_scored_to(entries: Sequence, expected: int, rule: str) -> int:
    """The count of results a board's matchpoints and top are worked to: `expected`, or under
    the rule "own" the board's real results (an artificial score is not one), at least 1."""
    if rule != "own":
        return expected
    return max(1, sum(not isinstance(entry, Adjusted) for entry in entries))


def adjusted_matchpoints(percent: float, expected: int, per_beat: int = 2) -> float:
    """An artificial score's matchpoints: percent of the board top per_beat·(expected − 1)."""
    _check_per_beat(per_beat)
    if not isinstance(expected, int) or expected < 1:
        raise ScoringError(
            "The expected number of results must be 1 or more, not %(expected)s.",
            expected=repr(expected),
        )
    if isinstance(percent, bool) or not isinstance(percent, Real) or not 0 <= percent <= 100:
        raise ScoringError(
            "An adjusted score is a percentage from 0 to 100, not %(percent)s.",
            percent=repr(percent),
        )
    # Multiply before dividing so that 60% of 34 is exactly the float 20.4.
    return percent * board_top(expected, per_beat) / 100


def compared_scores(
    entries: Sequence[int | Adjusted | Split],
) -> tuple[list[int], list[int], list[int]]:
    """The lines that are matchpointed against each other (real and split results, by index),
    their NS scores, and their EW scores from EW's side (so that higher is better for EW too).
    Artificial scores take no part in the comparison."""
    if all(type(entry) is int for entry in entries):  # plain results only: the common board
        return list(range(len(entries))), list(entries), [-entry for entry in entries]
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
    entries: Sequence[int | Adjusted | Split | Weighted],
    *,
    expected: int | None = None,
    per_beat: int = 2,
    missing: str = "neuberg",
) -> list[tuple[float, float]]:
    """(NS, EW) matchpoints for every line of a traveller, in order, unrounded.

    Entries are NS scores (int), Adjusted (artificial, percent of the top for each side),
    Split (an assigned score per side) or Weighted (a mix of results, SPEC §2.3). `expected`
    is how many results the board should have (default: one per entry). Real, split and
    weighted results are matchpointed among themselves, each direction separately, and
    Neuberged up to `expected`; artificial scores take no part in the comparison (SPEC §2.1)
    and get their percent of the top per_beat·(expected − 1). `missing` is the rule for the
    results a short board lacks (MISSING_RESULT_RULES): Neuberg, or a tie with each one played.
    """
    _check_per_beat(per_beat)
    factor = missing_factor(missing)
    entries = list(entries)
    if expected is None:
        expected = len(entries)
    expected = results_scored_to(entries, expected, missing)
    if not isinstance(expected, int) or expected < 1:
        raise ScoringError(
            "The expected number of results must be 1 or more, not %(expected)s.",
            expected=repr(expected),
        )

    if any(isinstance(entry, Weighted) for entry in entries):
        return _weighted_traveller(entries, expected, per_beat, factor)
    played, ns_scores, ew_scores = compared_scores(entries)
    ns_mps, ew_mps = (
        factor(board_matchpoints(scores, per_beat=per_beat), len(played), expected, per_beat)
        if played
        else np.zeros(0)
        for scores in (ns_scores, ew_scores)
    )
    if len(played) == len(entries):
        return list(zip(ns_mps.tolist(), ew_mps.tolist(), strict=True))
    result: list[tuple[float, float]] = [(0.0, 0.0)] * len(entries)
    for index, ns_mp, ew_mp in zip(played, ns_mps.tolist(), ew_mps.tolist(), strict=True):
        result[index] = (ns_mp, ew_mp)
    return _with_adjusted(result, entries, expected, per_beat)


def _with_adjusted(result, entries, expected: int, per_beat: int) -> list[tuple[float, float]]:
    for index, entry in enumerate(entries):
        if isinstance(entry, Adjusted):
            result[index] = (
                adjusted_matchpoints(entry.ns_percent, expected, per_beat),
                adjusted_matchpoints(entry.ew_percent, expected, per_beat),
            )
    return result


def _weighted_traveller(
    entries, expected: int, per_beat: int, factor=neuberg
) -> list[tuple[float, float]]:
    """matchpoint_traveller when a line is weighted (SPEC §2.3): every line is a spread of
    scores, one score with weight 1 for a plain line; two lines compare score by score, each
    comparison counting the product of the two weights. Slower than ranking once, and only
    used for a board with a weighted line."""
    played, ns_spreads, ew_spreads = [], [], []
    for index, entry in enumerate(entries):
        if isinstance(entry, Adjusted):
            continue
        played.append(index)
        ns_spread, ew_spread = score_spreads(entry)
        ns_spreads.append(ns_spread)
        ew_spreads.append(ew_spread)
    result: list[tuple[float, float]] = [(0.0, 0.0)] * len(entries)
    for i, index in enumerate(played):
        ns_mp, ew_mp = (
            sum(
                spread_matchpoints(spreads[i], spreads[j], per_beat)
                for j in range(len(played))
                if j != i
            )
            for spreads in (ns_spreads, ew_spreads)
        )
        result[index] = (
            factor(float(ns_mp), len(played), expected, per_beat),
            factor(float(ew_mp), len(played), expected, per_beat),
        )
    return _with_adjusted(result, entries, expected, per_beat)


def score_spreads(entry) -> tuple[list[tuple[Fraction, int]], list[tuple[Fraction, int]]]:
    """An entry's (weight, score) spread for NS and for EW (EW's scores from EW's side)."""
    if isinstance(entry, Weighted):
        components = list(entry.components)
        for percent, score in components:
            _check_score(score)
            if isinstance(percent, bool) or not isinstance(percent, Real) or percent <= 0:
                raise ScoringError(
                    "A weight is a percentage above 0, not %(percent)s.",
                    percent=repr(percent),
                )
        total = sum(Fraction(str(percent)) for percent, _ in components)
        if len(components) < 2 or total != 100:
            raise ScoringError(
                "A weighted score is two or more results whose weights add up to 100%%, "
                "not %(total)s%%.",
                total=format(float(total), "g"),
            )
        ns = [(Fraction(str(percent)) / 100, score) for percent, score in components]
        return ns, [(weight, -score) for weight, score in ns]
    ns_score, ew_score = (
        (entry.ns_score, entry.ew_score) if isinstance(entry, Split) else (entry, entry)
    )
    _check_score(ns_score)
    _check_score(ew_score)
    return [(Fraction(1), ns_score)], [(Fraction(1), -ew_score)]


def spread_matchpoints(mine, theirs, per_beat: int) -> Fraction:
    """What spread `mine` wins against spread `theirs`: per_beat a beat, half a tie, weighted."""
    won = Fraction(0)
    for weight, score in mine:
        for other_weight, other in theirs:
            if score > other:
                won += weight * other_weight * per_beat
            elif score == other:
                won += weight * other_weight * Fraction(per_beat, 2)
    return won


def round_matchpoints(value: float, rule: str, top: float) -> float:
    """A board's matchpoints rounded the way a national body prints them (SPEC §2.1, §8).

    "none" leaves the value alone; "ebu" rounds to 0.1 with an exact .05 going towards the
    board average top/2; "acbl" rounds to 0.01 with an exact .005 going up; "wbf" rounds to
    0.1 with an exact .05 going up.
    """
    if rule not in ROUNDING_RULES:
        known = ", ".join(ROUNDING_RULES)
        raise ScoringError(
            "Unknown matchpoint rounding %(rule)s; choose one of %(known)s.",
            rule=repr(rule),
            known=known,
        )
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


def round_each(values: Iterable[float], rule: str, top: float) -> list[float]:
    """round_matchpoints of every value, each distinct value rounded once (a board has few)."""
    values = list(values)
    rounded = {value: round_matchpoints(value, rule, top) for value in set(values)}
    return [rounded[value] for value in values]
