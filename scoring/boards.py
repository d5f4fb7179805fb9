"""Dealer and vulnerability from the board number (Law 2)."""

from scoring.errors import ScoringError

SEATS = ("N", "E", "S", "W")
VULNERABILITIES = ("None", "NS", "EW", "All")
_VULNERABLE_SEATS = {"None": "", "NS": "NS", "EW": "EW", "All": "NESW"}


def board_conditions(board_number: int) -> tuple[str, str]:
    """The dealer ("N", "E", "S", "W") and vulnerability ("None", "NS", "EW", "All") of a board.

    Law 2: the dealer moves clockwise each board; the vulnerability cycle shifts by one every four
    boards, so that all sixteen combinations occur once in boards 1-16, and again in each
    following sixteen.
    """
    if type(board_number) is not int or board_number < 1:
        raise ScoringError("board number must be 1 or more")
    i = board_number - 1
    return SEATS[i % 4], VULNERABILITIES[(i + i // 4) % 4]


def is_vulnerable(vulnerability: str, declarer: str) -> bool:
    """Whether `declarer`'s side is vulnerable on a board of this vulnerability."""
    if vulnerability not in VULNERABILITIES:
        raise ScoringError("vulnerability must be None, NS, EW or All")
    if declarer not in SEATS:
        raise ScoringError("declarer must be N, E, S or W")
    return declarer in _VULNERABLE_SEATS[vulnerability]
