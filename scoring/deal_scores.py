"""The duplicate score of one deal, and its breakdown into the elements the rules name.

The rubber and Chicago pads (scoring.rubber) score each deal with the same breakdown and leave out
the two duplicate-only elements, the part-score and game bonuses.
"""

from dataclasses import dataclass, replace
from functools import cache

from scoring.contracts import MINORS, STRAINS, Contract, parse_contract
from scoring.errors import ScoringError

GAME = 100  # contract points that make a game
PARTSCORE_BONUS = 50
GAME_BONUS = {False: 300, True: 500}  # by vulnerability
SLAM_BONUS = {6: {False: 500, True: 750}, 7: {False: 1000, True: 1500}}
INSULT = {1: 50, 2: 100}  # by doubling, for making a doubled or redoubled contract
DOUBLED_OVERTRICK = {False: 100, True: 200}  # each; twice that when redoubled
# A duplicate score is a multiple of 10, at most 7600 either way (13 down, redoubled, vulnerable).
MAX_SCORE = 7600

# Points for the k-th undertrick (k from 1), by (vulnerable, doubled). Redoubled undertricks
# have always cost twice the doubled ones. Seed 000, "History": the scale changed in 1935 and
# again in 1987 (1993 for rubber bridge).
UNDERTRICK_SCALES = {
    "1987": {
        (False, False): lambda k: 50,
        (True, False): lambda k: 100,
        (False, True): lambda k: 100 if k == 1 else 200 if k <= 3 else 300,
        (True, True): lambda k: 200 if k == 1 else 300,
    },
    "1935": {
        (False, False): lambda k: 50,
        (True, False): lambda k: 100,
        (False, True): lambda k: 100 if k == 1 else 200,
        (True, True): lambda k: 200 if k == 1 else 300,
    },
    "1932": {
        (False, False): lambda k: 50,
        (True, False): lambda k: 50 + 50 * k,
        (False, True): lambda k: 50 + 50 * k,
        (True, True): lambda k: 100 + 100 * k,
    },
}


@dataclass(frozen=True)
class ScoreBreakdown:
    """The elements of one deal's score, each as the rules name it, and their signed total."""

    contract_points: int
    overtricks: int
    partscore_bonus: int
    game_bonus: int
    slam_bonus: int
    insult: int
    undertricks: int  # penalty points to the defenders, positive
    total: int  # for declarer's side, signed


NOTHING = ScoreBreakdown(0, 0, 0, 0, 0, 0, 0, 0)


def check_tricks(tricks) -> int:
    """Return `tricks` if it is a number of tricks declarer can take; else raise ScoringError."""
    if type(tricks) is not int or tricks not in range(14):
        raise ScoringError("tricks must be 0 to 13")
    return tricks


def check_score(score: int) -> int:
    """A score that a duplicate board can give; ScoringError saying why not otherwise."""
    if score % 10:
        raise ScoringError(
            "A duplicate score is a multiple of 10: %(score)s is not.",
            score=score,
        )
    if abs(score) > MAX_SCORE:
        raise ScoringError(
            "A duplicate score is at most %(max_score)s either way, not %(score)s.",
            max_score=MAX_SCORE,
            score=score,
        )
    return score


def contract_points(contract: Contract) -> int:
    """Points for the odd tricks bid (not overtricks): what counts towards game."""
    if contract.strain == "NT":
        points = 40 + 30 * (contract.level - 1)
    else:
        points = (20 if contract.strain in MINORS else 30) * contract.level
    return points * 2**contract.doubled


def overtrick_points(contract: Contract, vulnerable: bool, overtricks: int) -> int:
    """Points for tricks made beyond the contract."""
    if contract.doubled:
        return overtricks * DOUBLED_OVERTRICK[vulnerable] * contract.doubled
    # Undoubled overtricks score as odd tricks do, except that notrump has no 40 for the first.
    return overtricks * (20 if contract.strain in MINORS else 30)


def undertrick_penalty(
    contract: Contract, vulnerable: bool, undertricks: int, *, undertrick_scale: str = "1987"
) -> int:
    """Penalty points the defenders score for `undertricks`, on the named scale."""
    each = _scale(undertrick_scale)[vulnerable, contract.doubled > 0]
    penalty = sum(each(k) for k in range(1, undertricks + 1))
    return 2 * penalty if contract.doubled == 2 else penalty


def _scale(name) -> dict:
    try:
        return UNDERTRICK_SCALES[str(name)]
    except KeyError:
        raise ScoringError("undertrick scale must be 1987, 1935 or 1932") from None


def score_breakdown(
    contract, vulnerable: bool, tricks: int | None, *, undertrick_scale: str = "1987"
) -> ScoreBreakdown:
    """Every element of declarer's duplicate score; `total` is their signed score.

    `contract` is a Contract or text for parse_contract; `tricks` are those declarer took (0-13,
    ignored when the deal was passed out). The undertrick scale is "1987" (current), "1935" or
    "1932"; it changes penalties only. Raises ScoringError for anything that cannot be scored.
    """
    contract = parse_contract(contract)
    if type(vulnerable) is not bool:
        raise ScoringError("vulnerable must be True or False")
    _scale(undertrick_scale)  # a wrong scale is refused even when no penalty is due
    if contract.passed_out:
        return NOTHING
    margin = check_tricks(tricks) - contract.tricks_needed
    if margin < 0:
        penalty = undertrick_penalty(
            contract, vulnerable, -margin, undertrick_scale=undertrick_scale
        )
        return replace(NOTHING, undertricks=penalty, total=-penalty)
    points = contract_points(contract)
    elements = {
        "contract_points": points,
        "overtricks": overtrick_points(contract, vulnerable, margin),
        "partscore_bonus": PARTSCORE_BONUS if points < GAME else 0,
        "game_bonus": GAME_BONUS[vulnerable] if points >= GAME else 0,
        "slam_bonus": SLAM_BONUS.get(contract.level, {}).get(vulnerable, 0),
        "insult": INSULT.get(contract.doubled, 0),
    }
    return ScoreBreakdown(**elements, undertricks=0, total=sum(elements.values()))


def deal_score(
    contract, vulnerable: bool, tricks: int | None, *, undertrick_scale: str = "1987"
) -> int:
    """Declarer's signed duplicate score: positive when made, negative when defeated."""
    return score_breakdown(contract, vulnerable, tricks, undertrick_scale=undertrick_scale).total


@cache
def declarer_scores(vulnerable: bool) -> dict[str, list[int]]:
    """Declarer's score for every contract ("4S", "3NTX", "7CXX") and every number of tricks
    taken (0 to 13), as deal_score gives it: the table a phone looks a score up in, offline."""
    return {
        str(contract): [deal_score(contract, vulnerable, tricks) for tricks in range(14)]
        for contract in (
            Contract(level, strain, doubled)
            for level in range(1, 8)
            for strain in STRAINS
            for doubled in range(3)
        )
    }
