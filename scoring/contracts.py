"""Contracts: parsing what a director types into level, strain and doubling."""

import re
from dataclasses import dataclass

from scoring.errors import ScoringError

STRAINS = ("C", "D", "H", "S", "NT")
MINORS = ("C", "D")
MAJORS = ("H", "S")


# What a director may type for a strain, longest first so that "NT" is not read as "N" + "T".
_STRAIN_SPELLINGS = (
    ("NT", "NT"),
    ("N", "NT"),
    ("C", "C"),
    ("D", "D"),
    ("H", "H"),
    ("S", "S"),
    ("♣", "C"),
    ("♦", "D"),
    ("♥", "H"),
    ("♠", "S"),
    ("♧", "C"),
    ("♢", "D"),
    ("♡", "H"),
    ("♤", "S"),
)
_DOUBLINGS = {"": 0, "X": 1, "XX": 2}
_PASSES = ("P", "PASS")
_LEVEL = re.compile(r"[0-9]+")
# Phones add an emoji variation selector after suit symbols ("♥️"); it carries no meaning.
_IGNORED = re.compile(r"[\s\ufe0e\ufe0f]+")


@dataclass(frozen=True)
class Contract:
    """A final contract, or a passed-out deal (level 0, no strain, not doubled).

    Only a valid contract can be built: the fields are checked, so a Contract in hand never needs
    checking again.
    """

    level: int  # 0 when passed out, else 1..7
    strain: str  # "C", "D", "H", "S", "NT" ("" when passed out)
    doubled: int = 0  # 0, 1 (X) or 2 (XX)

    def __post_init__(self) -> None:
        # type() rather than isinstance(): True is an int, and 4.0 would pass a range check.
        if type(self.level) is not int or self.level not in range(8):
            raise ScoringError(
                "level must be 1 to 7",
            )
        if self.level == 0:
            if self.strain != "" or self.doubled != 0:
                raise ScoringError(
                    "a contract is a level 1-7 and a strain, e.g. 4S, 3NTX, or PASS",
                )
            return
        if self.strain not in STRAINS:
            raise ScoringError(
                "strain must be C, D, H, S or NT",
            )
        if type(self.doubled) is not int or self.doubled not in (0, 1, 2):
            raise ScoringError(
                "write X for doubled or XX for redoubled",
            )

    @property
    def passed_out(self) -> bool:
        return self.level == 0

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take: the book of six plus the level (0 when passed out)."""
        return self.level + 6 if self.level else 0

    def __str__(self) -> str:  # "4SX", "3NTXX", "PASS"
        if self.passed_out:
            return "PASS"
        return f"{self.level}{self.strain}{'X' * self.doubled}"


PASSED_OUT = Contract(0, "")


def parse_contract(text) -> Contract:
    """Parse "4s", "4 S x", "4♠X", "3N", "3nt", "P", "pass" (a Contract passes through).

    Case and spaces do not matter. Raises ScoringError with a director-readable message for
    anything else, naming the part that is wrong: the level, the strain or the doubling.
    """
    if isinstance(text, Contract):
        return text
    if not isinstance(text, str):
        raise ScoringError(
            "a contract is a level 1-7 and a strain, e.g. 4S, 3NTX, or PASS",
        )
    compact = _IGNORED.sub("", text).upper()
    if compact in _PASSES:
        return PASSED_OUT
    level = _LEVEL.match(compact)
    if level is None:
        raise ScoringError(
            "a contract is a level 1-7 and a strain, e.g. 4S, 3NTX, or PASS",
        )
    if int(level.group()) not in range(1, 8):
        raise ScoringError(
            "level must be 1 to 7",
        )
    rest = compact[level.end() :]
    for spelling, strain in _STRAIN_SPELLINGS:
        if rest.startswith(spelling):
            doubling = rest[len(spelling) :]
            if doubling not in _DOUBLINGS:
                raise ScoringError(
                    "write X for doubled or XX for redoubled",
                )
            return Contract(int(level.group()), strain, _DOUBLINGS[doubling])
    raise ScoringError(
        "strain must be C, D, H, S or NT",
    )
