"""Whether a repaired movement can still be settled: every pair meeting each set of boards once.

After a table plays the wrong boards a pair may be due to meet a set a second time. The tables
of the rounds still to play can be given other sets (several tables may share a set in a round,
the boards passed between them); the tables already played keep theirs. A movement no such
choice settles can never print its table cards again.
"""

from collections.abc import Sequence

# A settlement is looked for among at most this many choices; past it the movement is taken as
# one that may still settle (no director is refused on a search cut short).
SEARCH_LIMIT = 50_000


def can_settle(
    played: Sequence[tuple[int, int, int]],
    to_play: Sequence[tuple[int, int, int]],
    sets: Sequence[int],
    *,
    limit: int = SEARCH_LIMIT,
) -> bool:
    """Whether the tables `to_play`, each (pair, pair, set it is given now), can be given sets
    from `sets` so that no pair meets a set twice, the tables `played` (the same shape) keeping
    theirs. Each table tries its own set first, so a movement that needs no change settles at
    once."""
    met: dict[int, set[int]] = {}
    for first, second, board_set in played:
        for pair in (first, second):
            if board_set in met.setdefault(pair, set()):
                return False
            met[pair].add(board_set)
    tries = 0

    def settle(index: int) -> bool:
        nonlocal tries
        if index == len(to_play):
            return True
        first, second, own = to_play[index]
        for board_set in [own, *(s for s in sets if s != own)]:
            tries += 1
            if tries > limit:
                raise _CutShort
            if board_set in met.get(first, ()) or board_set in met.get(second, ()):
                continue
            met.setdefault(first, set()).add(board_set)
            met.setdefault(second, set()).add(board_set)
            if settle(index + 1):
                return True
            met[first].discard(board_set)
            met[second].discard(board_set)
        return False

    try:
        return settle(0)
    except _CutShort:
        return True


class _CutShort(Exception):
    """The search passed its limit."""
