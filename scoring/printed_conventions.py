"""Which convention another program printed its matchpoints under, tried board by board.

A board played fewer times than the others is matchpointed by Neuberg's formula or by counting
each missing result as a tie with every result played (SPEC §2.1), and the count it is factored
to is the most results any board has (the field's top), every table of the movement, or the
count the movement gives each board as the printed tops show (a ¾ Howell's phantom table
counted); or a short board is matchpointed on its own top (the rule "own"). Some
programs print a short board on its own count, unfactored, and factor it only in the totals
(Compscore3: ../shared/realdata/README.md, mp_pairs_howell.xml, "The board value shown is not
factored"). Each convention is worked out again on every board that prints points; the one
that gives the printed figures on every board is the event's, and a board that fits it in no
way is named, never scored under a rule its figures contradict.

Printed IMPs are read the same way: each datum method (with its rounding of the datum) of a
Butler event, or each cross-IMP mode (per comparison, per score or summed), is worked out again
on every board, and the one that gives the printed IMPs on the most boards is the event's
(choose_imp_method).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.cross_imps import CROSS_IMP_MODES, cross_imps
from scoring.datum import DATUM_METHODS, datum_imps
from scoring.errors import ScoringError
from scoring.matchpoints import Adjusted, matchpoint_traveller

# Files print matchpoints and IMPs to one decimal (Ruter, Compscore, Magic Contest) or two;
# rounded to 0.1 a value is at most 0.05 off.
TOLERANCE = 0.051

# What a board is factored to: its own count of results (not factored at all), the field's top
# (the most results any board has), every table of the movement, or the count the board's
# printed tops show (per_beat × (results − 1) is a line's two sides' points).
OWN_COUNT, FIELD_TOP, EVERY_TABLE, TOPS_SHOWN = "own", "field", "tables", "tops"


@dataclass(frozen=True)
class Convention:
    rule: str  # "neuberg", "tie" or "own": scoring.matchpoints.MISSING_RESULT_RULES
    basis: str  # OWN_COUNT, FIELD_TOP, EVERY_TABLE or TOPS_SHOWN


# On its own count a board is not factored, so neither rule applies; it names no rule either.
UNFACTORED = Convention("neuberg", OWN_COUNT)


@dataclass(frozen=True)
class PrintedBoard:
    """A board's lines as matchpoint_traveller's entries, what the file printed for each line
    (None where it printed nothing to compare), and the counts of results it would be factored
    to (FIELD_TOP, EVERY_TABLE, TOPS_SHOWN). An artificial score's printed points are compared
    only under the rule "own", whose short top the artificial score shares: under Neuberg or
    the tie programs share it out in their own ways."""

    entries: Sequence
    printed: Sequence[tuple[float, float] | None]
    counts: dict[str, int]


@dataclass(frozen=True)
class ConventionChoice:
    convention: Convention  # the event's: it fits the most boards, the first such in order
    unfit: list[int]  # the boards (by index) whose printed points it does not give
    unfactored: list[int]  # the boards it fits only as printed on their own count


def fitting_conventions(
    board: PrintedBoard, conventions: Sequence[Convention], *, per_beat: int
) -> set[Convention]:
    """The conventions (UNFACTORED among them when it fits) that give the board's printed
    points, each within TOLERANCE of the printed figure."""
    own = len(board.entries)
    compared = sum(1 for entry in board.entries if not isinstance(entry, Adjusted))
    worked_out: dict[tuple, bool] = {}  # a board with nothing to factor: one rule as good
    fits = set()
    for convention in (*conventions, UNFACTORED):
        expected = max(own, board.counts.get(convention.basis, own))
        key = (convention.rule if expected > compared else "", expected)
        if key not in worked_out:
            worked_out[key] = _reproduces(board, convention.rule, expected, per_beat)
        if worked_out[key]:
            fits.add(convention)
    return fits


def choose_convention(
    boards: Sequence[PrintedBoard], conventions: Sequence[Convention], *, per_beat: int
) -> ConventionChoice:
    """The one convention for the event: the first of `conventions` that fits the most boards
    (a board printed on its own count fits any), and the boards it does not fit."""
    fits = [fitting_conventions(board, conventions, per_beat=per_beat) for board in boards]

    def agrees(convention: Convention, fit: set[Convention]) -> bool:
        return convention in fit or UNFACTORED in fit

    chosen, unfit = _most_fitted(conventions, fits, agrees)
    return ConventionChoice(
        convention=chosen,
        unfit=unfit,
        unfactored=[i for i, fit in enumerate(fits) if chosen not in fit and UNFACTORED in fit],
    )


def _most_fitted(conventions: Sequence, fits: list[set], agrees=lambda c, fit: c in fit):
    """The first of `conventions` that agrees with the most boards' fits, and the boards (by
    index) it does not agree with."""
    chosen = max(conventions, key=lambda c: sum(agrees(c, fit) for fit in fits))
    return chosen, [i for i, fit in enumerate(fits) if not agrees(chosen, fit)]


@dataclass(frozen=True)
class PrintedImps:
    """A board's played lines (adjusted ones left out): each NS score, the NS score its EW side
    is IMPed with (a split score's second), and the IMPs the file printed for the line's two
    sides (None where it printed none)."""

    ns_scores: Sequence[int]
    ew_scores: Sequence[int]
    printed: Sequence[tuple[float, float] | None]


def imp_methods(scoring: str) -> list[str]:
    """The methods an IMP event of `scoring` ("butler" or "cross-imps") may be scored by: the
    datum methods, or the cross-IMP modes."""
    return list(DATUM_METHODS if scoring == "butler" else CROSS_IMP_MODES)


def imp_rule(scoring: str, method: str):
    """Each NS score's IMPs among `scores` (a function of them), Butler against the datum of
    `method` or cross-IMPs by the mode `method`."""
    if scoring == "butler":
        return lambda scores: datum_imps(scores, method)
    return lambda scores: cross_imps(scores, method)


def imps_reproduce(board: PrintedImps, rule) -> bool | None:
    """Whether `rule` (imp_rule's) gives the board's printed IMPs, each within TOLERANCE; None
    when the board prints none."""
    if not any(printed is not None for printed in board.printed):
        return None
    try:
        ns_imps, ew_imps = rule(board.ns_scores), rule(board.ew_scores)
    except ScoringError:
        return False
    return all(
        abs(printed[0] - ns) <= TOLERANCE and abs(printed[1] + ew) <= TOLERANCE
        for printed, ns, ew in zip(board.printed, ns_imps, ew_imps, strict=True)
        if printed is not None
    )


def choose_imp_method(
    boards: Sequence[PrintedImps], scoring: str, methods: Sequence[str]
) -> tuple[str, list[int]]:
    """The one method of `methods` for the event (imp_methods'): the first that gives the
    printed IMPs of the most boards, and the boards (by index) it does not give. A board that
    prints no IMPs fits any."""
    fits = []
    for board in boards:
        fit = set()
        for method in methods:
            if imps_reproduce(board, imp_rule(scoring, method)) is not False:
                fit.add(method)
        fits.append(fit)
    return _most_fitted(methods, fits)


def _reproduces(board: PrintedBoard, rule: str, expected: int, per_beat: int) -> bool:
    try:
        points = matchpoint_traveller(
            board.entries, expected=expected, per_beat=per_beat, missing=rule
        )
    except ScoringError:
        return False
    return all(
        abs(printed[0] - ns) <= TOLERANCE and abs(printed[1] - ew) <= TOLERANCE
        for entry, printed, (ns, ew) in zip(board.entries, board.printed, points, strict=True)
        if printed is not None and (rule == "own" or not isinstance(entry, Adjusted))
    )
