"""Board-a-match: win, tie or lose each board against the other table."""

from numbers import Real

from scoring.errors import ScoringError, words

# 1 for a win is the usual scale; British clubs often play point-a-board as 2/1/0.
POINTS_PER_BOARD = {
    1: words("1 for a win, ½ for a tie"),
    2: words("2 for a win, 1 for a tie"),
}


def board_a_match(our_score: int, their_score: int, per_board: int = 1) -> float:
    """A team's board-a-match points on one board: per_board for a win, half for a tie, 0.

    our_score is the team's score at one table and their_score the opponents' score at the
    other table with the same cards, both from the same direction (as on the match card).
    """
    if per_board not in POINTS_PER_BOARD:
        raise ScoringError(
            "Board-a-match awards 1 or 2 points for a win, not %(per_board)s.",
            per_board=repr(per_board),
        )
    for score in (our_score, their_score):
        if isinstance(score, bool) or not isinstance(score, Real):
            raise ScoringError(
                "A score must be a number, not %(score)s.",
                score=repr(score),
            )
    if our_score > their_score:
        return float(per_board)
    if our_score == their_score:
        return per_board / 2
    return 0.0
