"""How one score on a board was reached, step by step, computed by the code that scores it.

Each function here takes a board's scores as the scoring functions do and returns the steps
together with the final number; the steps call the same functions (matchpoints, neuberg,
adjusted_matchpoints, round_matchpoints, datum_formed, imp_band, comparison_imps), so an
explanation cannot arrive at a number other than the one the board was scored with.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.adjusted_scores import FIXED_PERCENT, adjusted_percent
from scoring.cross_imps import CROSS_IMP_MODES, comparison_imps, cross_imp_divisor
from scoring.datum import Datum, datum_formed
from scoring.errors import ScoringError, words
from scoring.imps import ImpBand, imp_band, imp_table, imps
from scoring.matchpoints import (
    ROUNDING_RULES,
    Adjusted,
    Split,
    Weighted,
    adjusted_matchpoints,
    board_top,
    compared_scores,
    matchpoints,
    missing_factor,
    round_matchpoints,
    score_spreads,
    spread_matchpoints,
)

SIDES = ("NS", "EW")


def _check_side(side: str) -> None:
    if side not in SIDES:
        raise ScoringError(
            "A side is NS or EW, not %(side)s.",
            side=repr(side),
        )


@dataclass(frozen=True)
class Rank:
    """One score on the board from the explained side, and how the explained score fared."""

    score: int
    outcome: str  # "this score", "beaten", "tied", "lost to" (words(): a page translates them)
    line: int  # the index of its line among the entries explained


@dataclass(frozen=True)
class MatchpointSteps:
    ranks: list[Rank]  # best first, from the explained side
    beaten: int
    tied: int
    lost_to: int
    per_beat: int
    within: float  # matchpoints among the results actually played
    actual: int
    expected: int
    neuberged: float  # `within` factored to the expected number of results
    top: int
    rounding: str
    final: float
    missing: str = "neuberg"  # the event's rule for missing results (MISSING_RESULT_RULES)

    @property
    def neuberg_applies(self) -> bool:
        return self.actual != self.expected

    @property
    def half(self) -> float:
        """The h of the Neuberg formula (M + h)·E/A − h: 1 on the 2-per-beat scale, ½ on 1."""
        return self.per_beat / 2

    @property
    def rounded(self) -> bool:
        return self.final != self.neuberged

    @property
    def rounding_rule(self) -> str:
        return ROUNDING_RULES[self.rounding]


def _outcome(score: int, mine: int) -> str:
    """How the explained score `mine` fared against another score."""
    if score < mine:
        return words("beaten")
    return words("tied") if score == mine else words("lost to")


def explain_matchpoints(
    entries: Sequence[int | Adjusted | Split],
    index: int,
    side: str,
    *,
    expected: int,
    per_beat: int = 2,
    rounding: str = "none",
    missing: str = "neuberg",
) -> MatchpointSteps:
    """The matchpoints of line `index` for `side` as matchpoint_traveller and
    round_matchpoints give them: the comparison, the Neuberg factoring (or the ties with the
    missing results), the rounding."""
    _check_side(side)
    played, ns_scores, ew_scores = compared_scores(entries)
    if index not in played:
        raise ScoringError("An artificial score is not compared with the others.")
    scores = ns_scores if side == "NS" else ew_scores  # from the side: higher is better
    position = played.index(index)
    mine = scores[position]
    others = scores[:position] + scores[position + 1 :]
    beaten = sum(1 for score in others if score < mine)
    tied = sum(1 for score in others if score == mine)
    lost_to = len(others) - beaten - tied
    ranks = [
        Rank(score, words("this score") if at == position else _outcome(score, mine), played[at])
        for at, score in enumerate(scores)
    ]
    ranks.sort(key=lambda rank: (-rank.score, rank.outcome != "this score"))
    within = matchpoints(scores, per_beat)[position]
    return MatchpointSteps(
        ranks=ranks,
        beaten=beaten,
        tied=tied,
        lost_to=lost_to,
        **_scaled(within, len(played), expected, per_beat, rounding, missing),
    )


def _scaled(
    within: float, actual: int, expected: int, per_beat: int, rounding: str, missing: str
) -> dict:
    """The steps after the comparison, the same on any board: the matchpoints factored to the
    expected number of results under the event's rule for missing results, then rounded."""
    neuberged = missing_factor(missing)(within, actual, expected, per_beat)
    top = board_top(expected, per_beat)
    return {
        "per_beat": per_beat,
        "within": within,
        "actual": actual,
        "expected": expected,
        "neuberged": neuberged,
        "top": top,
        "rounding": rounding,
        "final": round_matchpoints(neuberged, rounding, top),
        "missing": missing,
    }


@dataclass(frozen=True)
class WeightedPart:
    """One part of a line on a board with a weighted score, from the explained side."""

    percent: float
    score: int
    within: float  # its matchpoints against the other lines, a weighted line's parts by weight


@dataclass(frozen=True)
class WeightedSteps:
    parts: list[WeightedPart]  # the explained line's parts; one at 100% for a plain line
    others: list[list[tuple[float, int]]]  # every other line's (percent, score), best first
    per_beat: int
    within: float  # the parts' matchpoints combined by weight
    actual: int
    expected: int
    neuberged: float
    top: int
    rounding: str
    final: float
    missing: str = "neuberg"  # the event's rule for missing results (MISSING_RESULT_RULES)

    neuberg_applies = MatchpointSteps.neuberg_applies
    half = MatchpointSteps.half
    rounded = MatchpointSteps.rounded
    rounding_rule = MatchpointSteps.rounding_rule


def explain_weighted_matchpoints(
    entries: Sequence[int | Adjusted | Split | Weighted],
    index: int,
    side: str,
    *,
    expected: int,
    per_beat: int = 2,
    rounding: str = "none",
    missing: str = "neuberg",
) -> WeightedSteps:
    """The matchpoints of line `index` for `side` on a board with a weighted score (SPEC §2.3),
    as matchpoint_traveller gives them: each part of the line against every other line (whose
    parts count by their weight), the parts combined by weight, factored to the expected count
    under the event's rule for missing results, and rounded."""
    _check_side(side)
    column = 0 if side == "NS" else 1
    played = [i for i, entry in enumerate(entries) if not isinstance(entry, Adjusted)]
    if index not in played:
        raise ScoringError("An artificial score is not compared with the others.")
    spreads = {i: score_spreads(entries[i])[column] for i in played}
    others = [spreads[i] for i in played if i != index]
    parts = [
        WeightedPart(
            float(weight * 100),
            score,
            float(sum(spread_matchpoints([(1, score)], other, per_beat) for other in others)),
        )
        for weight, score in spreads[index]
    ]
    within = float(sum(spread_matchpoints(spreads[index], other, per_beat) for other in others))
    return WeightedSteps(
        parts=parts,
        others=sorted(
            ([(float(weight * 100), score) for weight, score in other] for other in others),
            key=lambda other: -max(score for _, score in other),
        ),
        **_scaled(within, len(played), expected, per_beat, rounding, missing),
    )


@dataclass(frozen=True)
class AdjustedSteps:
    code: str  # "A+", "A", "A-"
    fixed_percent: int  # what the code stands for under Law 12C2(a)
    session_percent: float | None  # the pair's percentage on its other boards, under 12C2(c)
    assigned_percent: float | None  # a percentage the director or the file gave instead
    percent: float
    expected: int
    top: int
    unrounded: float
    rounding: str
    final: float

    @property
    def rounded(self) -> bool:
        return self.final != self.unrounded

    @property
    def rounding_rule(self) -> str:
        return ROUNDING_RULES[self.rounding]


def explain_adjusted_matchpoints(
    code: str,
    *,
    assigned_percent: float | None = None,
    rule: str = "fixed",
    session_percent: float | None = None,
    expected: int,
    per_beat: int = 2,
    rounding: str = "none",
) -> AdjustedSteps:
    """An artificial score's matchpoints: its percent (assigned, or what `code` stands for
    under `rule`) of the board top, rounded."""
    percent = (
        adjusted_percent(code, rule=rule, session_percent=session_percent)
        if assigned_percent is None
        else assigned_percent
    )
    top = board_top(expected, per_beat)
    unrounded = adjusted_matchpoints(percent, expected, per_beat)
    return AdjustedSteps(
        code=code,
        fixed_percent=FIXED_PERCENT.get(code, 50),
        session_percent=session_percent if rule == "session" else None,
        assigned_percent=assigned_percent,
        percent=percent,
        expected=expected,
        top=top,
        unrounded=unrounded,
        rounding=rounding,
        final=round_matchpoints(unrounded, rounding, top),
    )


@dataclass(frozen=True)
class DatumSteps:
    datum: Datum
    score: int  # the line's North-South score
    difference: int  # score − datum
    band: ImpBand
    table: str  # the IMP table's name
    side: str
    final: int  # the side's IMPs

    @property
    def mean_is_whole(self) -> bool:
        return self.datum.mean.denominator == 1


def explain_datum_imps(
    scores: Sequence[int], index: int, side: str, *, method: str, table: str = "wbf"
) -> DatumSteps:
    """The IMPs of score `index` (NS scores, as datum_imps takes them) against the datum,
    for `side`: EW get the negation."""
    _check_side(side)
    datum = datum_formed(scores, method)
    difference = scores[index] - datum.datum
    ns_imps = imps(difference, table)
    return DatumSteps(
        datum=datum,
        score=scores[index],
        difference=difference,
        band=imp_band(difference, table),
        table=imp_table(table).label,
        side=side,
        final=ns_imps if side == "NS" else -ns_imps,
    )


@dataclass(frozen=True)
class Comparison:
    other: int  # the other line's North-South score
    difference: int
    imps: int


@dataclass(frozen=True)
class CrossSteps:
    score: int
    comparisons: list[Comparison]
    total: int
    divisor: int
    mode: str  # its description
    side: str
    final: float  # the side's IMPs

    @property
    def ns_value(self) -> float:
        return self.final if self.side == "NS" else -self.final


def explain_cross_imps(
    scores: Sequence[int],
    index: int,
    side: str,
    *,
    mode: str,
    table: str = "wbf",
    cap: int | None = None,
) -> CrossSteps:
    """Score `index` against every other NS score, as cross_imps adds and divides them."""
    _check_side(side)
    if mode not in CROSS_IMP_MODES:
        known = ", ".join(CROSS_IMP_MODES)
        raise ScoringError(
            "Unknown cross-IMP mode %(mode)s; choose one of %(known)s.",
            mode=repr(mode),
            known=known,
        )
    mine = scores[index]
    comparisons = [
        Comparison(other, mine - other, comparison_imps(mine, other, table, cap=cap))
        for position, other in enumerate(scores)
        if position != index
    ]
    comparisons.sort(key=lambda c: -c.other)
    total = sum(c.imps for c in comparisons)
    divisor = cross_imp_divisor(mode, len(scores)) if comparisons else 1
    value = total / divisor if comparisons else 0.0
    return CrossSteps(
        score=mine,
        comparisons=comparisons,
        total=total,
        divisor=divisor,
        mode=CROSS_IMP_MODES[mode],
        side=side,
        final=value if side == "NS" else -value,
    )
