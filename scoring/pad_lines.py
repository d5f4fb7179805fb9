"""One deal as a player types it on a rubber or Chicago pad (scoring.rubber records it).

A deal is one typed line (case-insensitive, spaces between parts):

    contract side result [honours]

    contract := a contract as on a traveller: 4S, 4SX, 3NTXX, 4 S X, 4♠X
    side     := we | they                         (the declaring side)
    result   := tricks taken (0-13) | = | +n | -n
    honours  := hon side 100|150                  (h, hon, honours or honors; any order, h150 too)

e.g. `4SX they 10`, `2NT we +1`, `5C they -2`, `6D they = hon they 150`.
"""

import re
from dataclasses import dataclass

from scoring.contracts import Contract, parse_contract
from scoring.errors import Message, ScoringError
from scoring.rubber import HONOURS, SIDES

HONOURS_WORDS = ("h", "hon", "hons", "honours", "honors")
PAD_LINE_HELP = Message(
    "Type contract, side, tricks: 4SX they 10, 2NT we +1, 6D they = hon they 150."
)
_RESULT = re.compile(r"^(=|[+-]\d{1,2}|\d{1,2})$")
_GLUED_HONOURS = re.compile(r"^(h|hon|hons|honours|honors)(100|150)$")


@dataclass(frozen=True)
class PadDeal:
    """One deal typed on a pad, ready for Rubber.record / Chicago.record."""

    contract: Contract
    side: str
    tricks: int
    honours: tuple[str, int] | None = None


def parse_pad_line(text: str) -> PadDeal:
    """Read `4SX they 10 [hon we 100]`; ScoringError saying what to fix otherwise."""
    tokens = text.replace(",", " ").lower().split()
    sides = [i for i, token in enumerate(tokens) if token in SIDES]
    if not tokens:
        raise ScoringError(
            "Type a deal. Type contract, side, tricks: 4SX they 10, 2NT we +1, 6D "
            "they = hon they 150.",
        )
    if tokens in (["p"], ["pass"]):
        raise ScoringError(
            "A passed-out deal scores nothing: leave it off the pad and deal again.",
        )
    if not sides or sides[0] == 0:
        raise ScoringError(
            "After the contract write who declared, we or they, then the tricks: 4SX they 10."
        )
    contract = parse_contract(" ".join(tokens[: sides[0]]))
    if contract.passed_out:
        raise ScoringError(
            "A passed-out deal scores nothing: leave it off the pad and deal again.",
        )
    side = tokens[sides[0]]
    rest = tokens[sides[0] + 1 :]
    if not rest or not _RESULT.match(rest[0]):
        raise ScoringError(
            "%(contract)s %(side)s: add the tricks declarer took (e.g. "
            "%(tricks_needed)s), or =, +1, -2.",
            contract=contract,
            side=side,
            tricks_needed=contract.tricks_needed,
        )
    return PadDeal(contract, side, _tricks(rest[0], contract), _honours(rest[1:]))


def _tricks(result: str, contract: Contract) -> int:
    if result == "=":
        return contract.tricks_needed
    if result[0] in "+-":
        return contract.tricks_needed + int(result)
    return int(result)


def _honours(tokens: list[str]) -> tuple[str, int] | None:
    if not tokens:
        return None
    if glued := _GLUED_HONOURS.match(tokens[0]):
        tokens = [glued[1], glued[2], *tokens[1:]]
    words = set(tokens[1:])
    sides = words & set(SIDES)
    amounts = words & {str(amount) for amount in HONOURS}
    if tokens[0] not in HONOURS_WORDS or len(tokens) != 3 or len(sides) != 1 or len(amounts) != 1:
        raise ScoringError(
            "Could not read %(tokens)s: honours are written hon, who held them (we "
            "or they) and 100 or 150, e.g. hon they 150.",
            tokens=repr(" ".join(tokens)),
        )
    return sides.pop(), int(amounts.pop())
