"""Victory points: IMP margins converted on the WBF and national scales."""

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import ceil, floor, isfinite, log, sqrt
from numbers import Real

from scoring.errors import Message, ScoringError, words

# R = tau³ with tau = (√5 − 1)/2, the golden-ratio constant of the WBF 2013 scales.
_R = sqrt(5) - 2

FRACTIONAL_MARGINS = {
    "round": words("Round the IMP margin to the nearest whole IMP (an exact half away from zero)"),
    "interpolate": words("Interpolate between the two whole-IMP rows of the WBF continuous table"),
}


def blitz(boards: int) -> float:
    """The WBF scales' blitz margin 15·√boards (SPEC §1.1); not a whole number in general."""
    return 15 * sqrt(boards)


def _wbf_formula(margin: int, boards: int, total: int = 20) -> float:
    """The winner's VPs on the WBF continuous curve, uncapped and unrounded."""
    half = total / 2
    return half + half * (1 - _R ** (margin / blitz(boards))) / (1 - _R)


@cache
def wbf_table(boards: int, total: int = 20) -> tuple[int, ...]:
    """The WBF continuous table: winner's VPs in hundredths for margins 0..ceil(blitz).

    Each value is the formula capped at the total (20, or 10 for the half scale of a three-way
    match) and rounded half up to 0.01, then corrected for concavity as the official tables are
    (SPEC §1.1): while one IMP is worth more than the IMP before it, add 0.01 to the middle
    value. Margins beyond the table win the whole total.
    """
    last = ceil(blitz(boards))
    cap = total * 100
    table = [min(cap, floor(_wbf_formula(m, boards, total) * 100 + 0.5)) for m in range(last + 1)]
    corrected = True
    while corrected:
        corrected = False
        for i in range(1, last):
            if table[i + 1] - table[i] > table[i] - table[i - 1]:
                table[i] += 1
                corrected = True
    return tuple(table)


def _imps_for_vps(vps: float, boards: int, total: int = 20) -> float:
    """The IMP margin where the WBF continuous curve reaches `vps` (its inverse, SPEC §1.1)."""
    return blitz(boards) * log(1 - (1 - _R) * (vps / (total / 2) - 1)) / log(_R)


@cache
def wbf_discrete_bounds(boards: int, total: int = 20) -> tuple[int, ...]:
    """The largest IMP margin still awarding 10, 11, … 19 VPs on the WBF discrete scale.

    As the EBU generator builds it (SPEC §1.2): invert the continuous curve at 10.5, 11.5, …
    19.5, round down, then narrow a band while the band above it is narrower, starting again
    from the bottom after every change. The draw band runs from −upper[0] to +upper[0].
    With total=10, the 10-VP half scale of a three-way match: 5, 6, … 9 VPs, the curve
    inverted at 5.5, 6.5, … 9.5 (SPEC §1.2).
    """
    half = total // 2
    upper = [floor(_imps_for_vps(half + 0.5 + i, boards, total)) for i in range(half)]
    i = 0
    while i < half - 1:
        below = 2 * upper[0] + 1 if i == 0 else upper[i] - upper[i - 1]
        if upper[i + 1] - upper[i] < below:
            upper[i] -= 1
            i = 0
        else:
            i += 1
    return tuple(upper)


@dataclass(frozen=True)
class Bands:
    """A printed VP table: the first IMP margin of each band and the winner's VPs in it."""

    first_margins: tuple[int, ...]
    winner_vps: tuple[int, ...]

    @classmethod
    def from_cutoffs(cls, draw: int, cutoffs: tuple[int, ...]) -> "Bands":
        """Bands for a scale that adds one VP at each cutoff margin, starting from `draw`."""
        return cls((0, *cutoffs), tuple(range(draw, draw + len(cutoffs) + 1)))

    def winner(self, margin: int) -> int:
        return self.winner_vps[bisect_right(self.first_margins, margin) - 1]


@dataclass(frozen=True)
class VpScale:
    """A victory-point scale: what it is called, the VPs shared per match, and the winner's VPs.

    `winner(margin, boards)` takes a whole, non-negative IMP margin and returns the winner's VPs
    in units of 10**-decimals; `boards` is the range of match lengths the scale is made for.
    """

    label: str
    total: int
    decimals: int
    winner: Callable[[int, int], int]
    boards: range


def _wbf_winner(margin: int, boards: int, total: int = 20) -> int:
    table = wbf_table(boards, total)
    return table[margin] if margin < len(table) else total * 100


def _wbf_discrete_winner(margin: int, boards: int, total: int = 20) -> int:
    return total // 2 + bisect_left(wbf_discrete_bounds(boards, total), margin)


ANY_LENGTH = range(1, 1000)


def _table_scale(label: str, total: int, rows: dict[range, Bands]) -> VpScale:
    """A scale printed as IMP bands, with one row of bands per range of match lengths."""

    def winner(margin: int, boards: int) -> int:
        return next(bands for lengths, bands in rows.items() if boards in lengths).winner(margin)

    lengths = range(min(row.start for row in rows), max(row.stop for row in rows))
    return VpScale(label, total, 0, winner, lengths)


_TWENTY_POINT = Bands.from_cutoffs(10, (1, 3, 5, 8, 11, 14, 17, 20, 24, 28))
# The 30-point scales jump from 15-15 to 18-12 at 1 IMP.
_THIRTY_POINT = Bands(
    (0, 1, 2, 3, 4, 5, 7, 9, 11, 14, 17, 20, 24, 28),
    (15, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30),
)

VP_SCALES: dict[str, VpScale] = {
    "wbf": VpScale(words("WBF continuous 20-VP scale (2013)"), 20, 2, _wbf_winner, ANY_LENGTH),
    "wbf-discrete": VpScale(
        words("WBF discrete 20-VP scale in whole VPs (EBU tables)"),
        20,
        0,
        _wbf_discrete_winner,
        ANY_LENGTH,
    ),
    "wbf-10": VpScale(
        words("WBF continuous 10-VP half scale (three-way matches)"),
        10,
        2,
        lambda margin, boards: _wbf_winner(margin, boards, 10),
        ANY_LENGTH,
    ),
    "wbf-discrete-10": VpScale(
        words("WBF discrete 10-VP half scale (three-way matches)"),
        10,
        0,
        lambda margin, boards: _wbf_discrete_winner(margin, boards, 10),
        ANY_LENGTH,
    ),
    "10-4board": _table_scale(
        words("10-VP scale for 4-board matches"),
        10,
        {range(4, 5): Bands.from_cutoffs(5, (1, 3, 6, 10, 14))},
    ),
    "20-table": _table_scale(
        words("20-VP table (20-0 from 28 IMPs)"), 20, {ANY_LENGTH: _TWENTY_POINT}
    ),
    "30-table": _table_scale(
        words("30-VP table (30-0 from 28 IMPs)"), 30, {ANY_LENGTH: _THIRTY_POINT}
    ),
    "acbl-20": _table_scale(
        words("ACBL 20-VP scale by match length"),
        20,
        {
            range(1, 9): _TWENTY_POINT,
            range(9, 12): Bands.from_cutoffs(10, (1, 3, 6, 10, 14, 18, 22, 26, 31, 36)),
            range(12, 16): Bands.from_cutoffs(10, (1, 4, 7, 11, 15, 20, 25, 30, 36, 42)),
            range(16, 21): Bands.from_cutoffs(10, (2, 5, 9, 14, 19, 25, 32, 39, 47, 56)),
            range(21, 28): Bands.from_cutoffs(10, (3, 7, 12, 18, 25, 33, 42, 51, 61, 72)),
            range(28, 37): Bands.from_cutoffs(10, (4, 9, 15, 22, 30, 39, 49, 60, 72, 85)),
        },
    ),
    "acbl-30": _table_scale(
        words("Older ACBL 30-VP Swiss scale"),
        30,
        {
            range(6, 9): _THIRTY_POINT,
            range(9, 12): Bands(
                (0, 1, 2, 3, 5, 7, 9, 12, 15, 18, 22, 26, 31, 36),
                (15, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30),
            ),
        },
    ),
}


def _round_half_away(margin: Fraction) -> int:
    whole = floor(abs(margin) + Fraction(1, 2))
    return whole if margin >= 0 else -whole


def _interpolated_wbf(margin: Fraction, boards: int) -> int:
    """Hundredths between the two whole-IMP rows around a fractional margin, half up."""
    below = floor(margin)
    low = _wbf_winner(below, boards)
    high = _wbf_winner(below + 1, boards)
    return floor(low + (high - low) * (margin - below) + Fraction(1, 2))


def victory_points(imp_margin, boards: int, scale: str = "wbf", *, fractional: str = "round"):
    """(VPs for, VPs against) for a match won (or lost, when negative) by imp_margin IMPs.

    The two always sum to the scale's total (20, 30 or 10), exactly. "wbf" gives floats with
    two decimals; the other scales give whole numbers. A fractional margin (averaged
    cross-IMPs, carry-over) is rounded to the nearest IMP by default; fractional="interpolate"
    reads between the two whole-IMP rows of the WBF continuous table instead, which keeps its
    official values at whole margins and never lets one IMP be worth more than the one before.
    """
    if scale not in VP_SCALES:
        known = ", ".join(VP_SCALES)
        raise ScoringError(
            "Unknown victory-point scale %(scale)s; choose one of %(known)s.",
            scale=repr(scale),
            known=known,
        )
    vp_scale = VP_SCALES[scale]
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise ScoringError(
            "A match has a whole number of boards, 1 or more, not %(boards)s.",
            boards=repr(boards),
        )
    if boards not in vp_scale.boards:
        first, last = vp_scale.boards[0], vp_scale.boards[-1]
        label = Message(vp_scale.label)  # the scale's name, translated with the sentence
        if first == last:
            raise ScoringError(
                "The %(label)s is for matches of %(first)s boards, not %(boards)s.",
                label=label,
                first=first,
                boards=boards,
            )
        raise ScoringError(
            "The %(label)s is for matches of %(first)s to %(last)s boards, not %(boards)s.",
            label=label,
            first=first,
            last=last,
            boards=boards,
        )
    if fractional not in FRACTIONAL_MARGINS:
        known = ", ".join(FRACTIONAL_MARGINS)
        raise ScoringError(
            "Unknown way to treat a fractional margin %(fractional)s; use %(known)s.",
            fractional=repr(fractional),
            known=known,
        )
    if isinstance(imp_margin, bool) or not isinstance(imp_margin, Real) or not isfinite(imp_margin):
        raise ScoringError(
            "An IMP margin must be a number, not %(imp_margin)s.",
            imp_margin=repr(imp_margin),
        )

    margin = Fraction(imp_margin)
    if margin.denominator == 1:
        winner = vp_scale.winner(abs(int(margin)), boards)
    elif fractional == "interpolate":
        if scale != "wbf":
            raise ScoringError("Only the WBF continuous scale can interpolate a fractional margin.")
        winner = _interpolated_wbf(abs(margin), boards)
    else:
        winner = vp_scale.winner(abs(_round_half_away(margin)), boards)

    total = vp_scale.total * 10**vp_scale.decimals
    for_us, against = (winner, total - winner) if margin >= 0 else (total - winner, winner)
    if vp_scale.decimals == 0:
        return for_us, against
    # Built from whole hundredths, so the two floats always add up to the total exactly.
    unit = 10**vp_scale.decimals
    return for_us / unit, against / unit
