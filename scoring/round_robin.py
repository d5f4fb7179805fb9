"""Round robins: every team meets every other, scheduled by the circle method (SPEC §4.5).

The same construction as the complete Howell schedules (SPEC §5.3): one team stays put, the
others turn round it a place a round. With an odd number of teams a bye takes the fixed place,
so each team sits out once. A double round robin plays the schedule twice, home and away
swapped the second time.
"""

from collections.abc import Hashable, Sequence

from scoring.errors import ScoringError

Team = Hashable


def round_robin(
    teams: Sequence[Team], *, double: bool = False
) -> list[list[tuple[Team, Team | None]]]:
    """The schedule, round by round: each round's matches (home, away) in table order, then
    `(team, None)` for the team with the bye.

    n teams play n − 1 rounds (n rounds when n is odd); each pair meets once (twice in a
    double round robin, home once and away once); each team is at home in half its matches,
    rounded up or down. The same teams always give the same schedule.
    """
    field = list(teams)
    if len(set(field)) != len(field):
        raise ScoringError("A team is in the round robin twice.")
    if None in field:
        raise ScoringError("A team cannot be None: None stands for the bye.")
    if len(field) < 2:
        raise ScoringError("A round robin needs two teams or more.")
    if len(field) % 2:
        field.append(None)
    fixed, turning = field[-1], field[:-1]
    size = len(turning)
    rounds = []
    for r in range(size):
        # Round 1 turns round the last team, as the Howell schedules do (SPEC §5.3).
        centre = (r - 1) % size
        pairs = [(fixed, turning[centre]) if r % 2 == 0 else (turning[centre], fixed)]
        pairs += [
            (turning[(centre + k) % size], turning[(centre - k) % size])
            for k in range(1, len(field) // 2)
        ]
        rounds.append(_with_bye_last(pairs))
    if double:
        rounds += [[(b, a) if b is not None else (a, None) for a, b in rnd] for rnd in rounds]
    return rounds


def _with_bye_last(pairs):
    matches = [(a, b) for a, b in pairs if a is not None and b is not None]
    byes = [(a if a is not None else b, None) for a, b in pairs if a is None or b is None]
    return matches + byes
