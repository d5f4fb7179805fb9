"""Knock-outs: the bracket, byes for a field that is not a power of two, the carry-over.

The carry-over follows the Bermuda Bowl's conditions (SPEC §4.4): the higher-ranked team that
won the earlier meeting by N IMPs starts N/2 up; if it lost, the other team starts N/3 up; at
most 16 IMPs. A fraction of an IMP makes a tie impossible. The shares and the cap are the
event's settings.
"""

from collections.abc import Hashable, Sequence
from fractions import Fraction
from math import ceil
from numbers import Rational

from scoring.errors import ScoringError

Team = Hashable


def knockout_carry_over(
    margin: int,
    *,
    won_share: Fraction = Fraction(1, 2),
    lost_share: Fraction = Fraction(1, 3),
    maximum: Rational = 16,
) -> Fraction:
    """The IMPs the higher-ranked team starts with (negative: the other team's start).

    `margin` is the higher-ranked team's IMP margin in the earlier meeting (negative if it
    lost): +21 starts it at 21/2 = 10½; −21 starts the other team at 21/3 = 7, returned as −7.
    """
    if isinstance(margin, bool) or not isinstance(margin, Rational):
        raise ScoringError(
            "An IMP margin must be a whole number, not %(margin)s.",
            margin=repr(margin),
        )
    share = won_share if margin >= 0 else lost_share
    carried = min(Fraction(maximum), abs(margin) * Fraction(share))
    return carried if margin >= 0 else -carried


def bracket_order(size: int) -> list[int]:
    """Seeds 1..size in bracket order: each neighbouring pair a first-round match, 1 v 16,
    8 v 9, 4 v 13, 5 v 12, … so that seeds 1 and 2 can only meet in the final."""
    if size < 2 or size & (size - 1):
        raise ScoringError(
            "A bracket holds a power of two teams, 2 or more, not %(size)s.",
            size=size,
        )
    order = [1, 2]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def knockout_bracket(teams: Sequence[Team]) -> list[tuple[Team, Team | None]]:
    """The first round of a knock-out for teams listed strongest first (seed 1 first).

    The bracket is the next power of two; the missing seeds are byes, so the top seeds get
    them: `(team, None)`, in its place in the bracket. The winners of neighbouring matches
    meet in the next round (`next_knockout_round`).
    """
    field = list(teams)
    if len(set(field)) != len(field) or None in field:
        raise ScoringError("Each team is in the knock-out once (and None is no team).")
    if len(field) < 2:
        raise ScoringError("A knock-out needs two teams or more.")
    size = 1 << (len(field) - 1).bit_length()
    order = bracket_order(size)
    seeded = {seed: field[seed - 1] for seed in range(1, len(field) + 1)}
    return [(seeded[order[k]], seeded.get(order[k + 1])) for k in range(0, size, 2)]


def next_knockout_round(winners: Sequence[Team]) -> list[tuple[Team, Team]]:
    """The next round from the winners of the last one, in bracket order: 1st v 2nd, …"""
    if len(winners) < 2 or len(winners) % 2:
        raise ScoringError("The next round needs an even number of winners, 2 or more.")
    return [(winners[k], winners[k + 1]) for k in range(0, len(winners), 2)]


def extra_boards(scheduled: int) -> int:
    """Boards played to break a tied knock-out match (EBU White Book §143.2): an eighth of
    the scheduled boards, rounded up, at least 2; repeated while still tied."""
    if isinstance(scheduled, bool) or not isinstance(scheduled, int) or scheduled < 1:
        raise ScoringError(
            "A match has a whole number of boards, 1 or more, not %(scheduled)s.",
            scheduled=repr(scheduled),
        )
    return max(2, ceil(scheduled / 8))
