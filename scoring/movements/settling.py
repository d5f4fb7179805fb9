"""How a repaired movement is settled: every pair meeting each set of boards once.

After a table plays the wrong boards a pair may be due to meet a set a second time. It is
settled the way a director can: one wrong-boards repair at a time, each giving the table of the
later meeting a set neither of its pairs meets at any other table (one no table plays in that
round if there is one, else shared with another table, the boards passed between them). The
problems panel names these repairs, and a wrong-boards repair that would leave a meeting no such
repair settles is refused: its table cards could never print again.
"""

from collections import defaultdict
from collections.abc import Sequence

Place = tuple[int, int]  # (round, table)


def meetings_twice(seats: dict[Place, tuple[int, int, int]]) -> dict[tuple[int, int], list[Place]]:
    """(pair, set) -> the places, in order, of each set a pair meets more than once; `seats`
    maps each place where two pairs play to (pair, pair, the first board of its set)."""
    seen: dict[tuple[int, int], list[Place]] = defaultdict(list)
    for place, (ns, ew, board_set) in seats.items():
        seen[ns, board_set].append(place)
        seen[ew, board_set].append(place)
    # Only the few meetings twice are sorted: the grid asks after every saved line.
    twice = {meeting: sorted(places) for meeting, places in seen.items() if len(places) > 1}
    return dict(sorted(twice.items()))


def settlement(
    seats: dict[Place, tuple[int, int, int]], sets: Sequence[int]
) -> dict[Place, int | None]:
    """The repairs that settle the movement `seats` (as `meetings_twice` takes it), one after
    the other: place -> the set it is then given, or None where no set is left for it (a
    meeting no repair settles). Empty when every pair meets each set once already."""
    seats = dict(seats)
    repairs: dict[Place, int | None] = {}
    while True:
        open_meetings = [
            places[-1] for places in meetings_twice(seats).values() if places[-1] not in repairs
        ]
        if not open_meetings:
            return repairs
        place = open_meetings[0]
        ns, ew, _ = seats[place]
        met = {s for other, (a, b, s) in seats.items() if other != place and {a, b} & {ns, ew}}
        in_round = {s for (r, _), (_, _, s) in seats.items() if r == place[0]}
        fresh = [s for s in sets if s not in met]
        idle = [s for s in fresh if s not in in_round]
        repairs[place] = (idle or fresh or [None])[0]
        if repairs[place] is not None:
            seats[place] = (ns, ew, repairs[place])
