"""Which of a board's results are worth a question: a result the board's other results and, when
the hand is known, its double-dummy tricks make implausible.

Bridge sense, not a fixed distance: a side's tricks in a strain and the other side's tricks in
that strain add up to about 13, so every other result in the strain (by either side) says how
many tricks a declarer can take in it; double dummy says so for every declarer and strain. A
result is questioned only when every source there is disagrees with it by TRICKS_APART or more:
a made contract on the wrong side of the table, a strain the declarer could not play in, tricks
mistyped. An undoubled contract DOWN_UNDOUBLED or more down is a double missed in the entry. A
score typed alone (no contract) is questioned when more tables scored about it with the
other sign than with its own: a sign typed the wrong way round. A result
that nothing else on the board speaks to (a strain nobody else played, no hand record) is
questioned only when it is far from every other score (FAR_IMPS from the middle, none within
NEAR_IMPS).
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from statistics import median

from scoring.imps import imps

TRICKS_APART = 4
DOWN_UNDOUBLED = 5
DOWN_WHERE_DOUBLED = 2  # undoubled, in a contract most tables going down as far were doubled in
FAR_IMPS = 10
NEAR_IMPS = 3
SIDE = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}

_imps = lru_cache(maxsize=4096)(imps)


@dataclass(frozen=True)
class BoardResult:
    """One played result of a board: `score` is NS's; `level` 0 and `strain` "" when the
    result has no contract (a score typed alone) or the board was passed out."""

    key: object  # what the caller knows the result by
    score: int
    level: int = 0
    strain: str = ""  # "C", "D", "H", "S", "NT"
    doubled: int = 0
    declarer: str = ""  # "N", "E", "S", "W"
    tricks: int | None = None
    passed_out: bool = False

    @property
    def has_play(self) -> bool:
        return self.level > 0 and self.declarer in SIDE and self.tricks is not None


@dataclass(frozen=True)
class Question:
    """A result worth a look, and why: "tricks" (the tricks the field and the hand make
    implausible; `expected` the tricks they point to), "double" (an undoubled contract far
    down), "sign" (a score typed alone, its sign against the field's) or "far" (a score far
    from every other one)."""

    key: object
    reason: str
    expected: int | None = None
    sources: tuple[str, ...] = ()  # for "tricks": "field", "hand" or both, what disagrees


def suspicious_results(
    results: Sequence[BoardResult], double_dummy: Mapping[str, Mapping[str, int]] | None = None
) -> list[Question]:
    """The questions about a board's `results`, in their order. `double_dummy` is the hand's
    table of tricks, {"N": {"NT": 9, "S": 10, ...}, ...}, when a hand record is loaded."""
    questions = []
    for result in results:
        others = [other for other in results if other is not result]
        question = _question(result, others, double_dummy)
        if question is not None:
            questions.append(question)
    return questions


def _question(
    result: BoardResult,
    others: list[BoardResult],
    double_dummy: Mapping[str, Mapping[str, int]] | None,
) -> Question | None:
    if result.passed_out:
        return None
    if not result.has_play:
        return _sign_question(result, others) or _far_question(result, others)
    if result.doubled == 0 and _double_missed(result, others):
        return Question(result.key, "double")
    sources = {
        name: tricks
        for name, tricks in (
            ("field", _field_tricks(result, others)),
            ("hand", _double_dummy_tricks(result, double_dummy)),
        )
        if tricks is not None
    }
    if sources:
        if all(abs(result.tricks - tricks) >= TRICKS_APART for tricks in sources.values()):
            expected = round(sources.get("hand", sources.get("field")))
            return Question(result.key, "tricks", expected=expected, sources=tuple(sources))
        return None
    return _far_question(result, others)


def _double_missed(result: BoardResult, others: list[BoardResult]) -> bool:
    """Whether an undoubled contract went down as no side lets one go: far down, or down in a
    contract (level, strain and side) that the field doubled when it went down as far."""
    down = result.level + 6 - result.tricks
    if down >= DOWN_UNDOUBLED:
        return True
    if down < DOWN_WHERE_DOUBLED:
        return False
    contract = (result.level, result.strain, SIDE[result.declarer])
    doubled = [
        bool(other.doubled)
        for other in others
        if other.has_play
        and (other.level, other.strain, SIDE[other.declarer]) == contract
        and other.level + 6 - other.tricks >= DOWN_WHERE_DOUBLED
    ]
    return sum(doubled) * 2 > len(doubled)


def _field_tricks(result: BoardResult, others: list[BoardResult]) -> float | None:
    """The tricks the other results in the strain say this declarer takes: theirs on the same
    side, 13 less theirs on the other (None below two: one result against another says
    nothing about which is right)."""
    side = SIDE[result.declarer]
    found = [
        other.tricks if SIDE[other.declarer] == side else 13 - other.tricks
        for other in others
        if other.has_play and other.strain == result.strain
    ]
    return median(found) if len(found) >= 2 else None


def _double_dummy_tricks(
    result: BoardResult, double_dummy: Mapping[str, Mapping[str, int]] | None
) -> int | None:
    if not double_dummy:
        return None
    return double_dummy.get(result.declarer, {}).get(result.strain)


def _sign_question(result: BoardResult, others: list[BoardResult]) -> Question | None:
    """A score typed alone that more tables scored with the other sign than with its own
    (each within an IMP)."""

    def near(score: int) -> int:
        return sum(abs(_imps(other.score - score)) <= 1 for other in others)

    if result.score and near(-result.score) > near(result.score):
        return Question(result.key, "sign")
    return None


def _far_question(result: BoardResult, others: list[BoardResult]) -> Question | None:
    if len(others) < 3:
        return None
    middle = median([result.score, *(other.score for other in others)])
    if abs(_imps(round(result.score - middle))) < FAR_IMPS:
        return None
    if any(abs(_imps(other.score - result.score)) <= NEAR_IMPS for other in others):
        return None
    return Question(result.key, "far")
