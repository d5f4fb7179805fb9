"""One deal as a player types it on a rubber or Chicago pad (scoring.rubber records it).

A deal is one typed line (case-insensitive, spaces between parts):

    contract side result [honours]

    contract := a contract as on a traveller: 4S, 4SX, 3NTXX, 4 S X, 4♠X
    side     := we | they                         (the declaring side; or the reader's words)
    result   := tricks taken (0-13) | = | +n | -n
    honours  := hon side 100|150                  (h, hon, honours or honors; any order, h150 too)

e.g. `4SX they 10`, `2NT we +1`, `5C they -2`, `6D they = hon they 150`.

The sides are written we and they, or in the words of the reader's language, which the caller
passes in as `words` (French {"we": "nous", "they": "eux"}); the messages name those words.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass

from scoring.contracts import Contract, parse_contract
from scoring.errors import Message, ScoringError
from scoring.rubber import HONOURS, SIDES

HONOURS_WORDS = ("h", "hon", "hons", "honours", "honors")
ENGLISH = {"we": "we", "they": "they"}
_RESULT = re.compile(r"^(=|[+-]\d{1,2}|\d{1,2})$")
_GLUED_HONOURS = re.compile(r"^(h|hon|hons|honours|honors)(100|150)$")


@dataclass(frozen=True)
class PadDeal:
    """One deal typed on a pad, ready for Rubber.record / Chicago.record."""

    contract: Contract
    side: str
    tricks: int
    honours: tuple[str, int] | None = None


def pad_line_help(words: Mapping[str, str] = ENGLISH) -> Message:
    """How to type a deal, with the sides written in `words`."""
    return Message(
        "Type contract, side, tricks: 4SX %(they)s 10, 2NT %(we)s +1, 6D %(they)s = hon "
        "%(they)s 150.",
        **words,
    )


def parse_pad_line(text: str, *, words: Mapping[str, str] = ENGLISH) -> PadDeal:
    """Read `4SX they 10 [hon we 100]`, the sides written in English or in `words` (each side's
    word in the reader's language); ScoringError saying what to fix otherwise."""
    tokens = text.replace(",", " ").lower().split()
    side_of = _sides(words)
    sides = [i for i, token in enumerate(tokens) if token in side_of]
    if not tokens:
        raise ScoringError(
            "Type a deal. Type contract, side, tricks: 4SX %(they)s 10, 2NT %(we)s +1, 6D "
            "%(they)s = hon %(they)s 150.",
            **words,
        )
    if tokens in (["p"], ["pass"]):
        raise ScoringError(
            "A passed-out deal scores nothing: leave it off the pad and deal again.",
        )
    if not sides or sides[0] == 0:
        raise ScoringError(
            "After the contract write who declared, %(we)s or %(they)s, then the tricks: 4SX "
            "%(they)s 10.",
            **words,
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
    honours = _honours(rest[1:], side_of, words)
    return PadDeal(contract, side_of[side], _tricks(rest[0], contract), honours)


def _sides(words: Mapping[str, str]) -> dict[str, str]:
    """Each word typed for a side (in English or in `words`, lower case) and its side."""
    return {side: side for side in SIDES} | {words[side].lower(): side for side in SIDES}


def _tricks(result: str, contract: Contract) -> int:
    if result == "=":
        return contract.tricks_needed
    if result[0] in "+-":
        return contract.tricks_needed + int(result)
    return int(result)


def _honours(
    tokens: list[str], side_of: dict[str, str], words: Mapping[str, str]
) -> tuple[str, int] | None:
    if not tokens:
        return None
    if glued := _GLUED_HONOURS.match(tokens[0]):
        tokens = [glued[1], glued[2], *tokens[1:]]
    typed = set(tokens[1:])
    sides = typed & side_of.keys()
    amounts = typed & {str(amount) for amount in HONOURS}
    if tokens[0] not in HONOURS_WORDS or len(tokens) != 3 or len(sides) != 1 or len(amounts) != 1:
        raise ScoringError(
            "Could not read %(tokens)s: honours are written hon, who held them (%(we)s "
            "or %(they)s) and 100 or 150, e.g. hon %(they)s 150.",
            tokens=repr(" ".join(tokens)),
            **words,
        )
    return side_of[sides.pop()], int(amounts.pop())
