"""What players read: a pair's scorecard and a board's traveller."""

from collections import Counter
from dataclasses import dataclass

from django.db.models import Q

from events.models import Board, Event, Pair, Player, Result
from events.services.scoring import field_boards


@dataclass(frozen=True)
class ScorecardLine:
    board: Board
    result: Result
    direction: str  # "NS" or "EW": where the pair sat on this board
    opponents: Pair
    score: int | None  # from the pair's side; None for a weighted score (no table scored its mean)
    points: float | None
    percentage: float | None

    @property
    def is_top(self) -> bool:
        return self.percentage is not None and self.percentage >= 99.95

    @property
    def is_bottom(self) -> bool:
        return self.percentage is not None and self.percentage <= 0.05


def traveller_boards(*, event: Event) -> list[Board]:
    """The boards whose travellers the event's page links, with their sections: every board,
    or when a traveller shows the whole field, one a board set (its first section's)."""
    boards = list(Board.objects.filter(section__event=event).select_related("section"))
    if not event.across_field:
        return boards
    first: dict[int, str] = {}
    for board in boards:
        set_ = board.section.board_set
        first[set_] = min(first.get(set_, board.section.letter), board.section.letter)
    return [b for b in boards if b.section.letter == first[b.section.board_set]]


def seated_players(*, pair: Pair) -> list[Player]:
    """The pair's players in the order of their seats."""
    return list(pair.players.order_by("partnership__seat"))


def scorecard(*, pair: Pair, up_to_round: int | None = None) -> list[ScorecardLine]:
    """Every board the pair played (up to a round, if given), in board order, scored from the
    pair's side."""
    results = (
        _up_to(Result.objects.filter(Q(ns_pair=pair) | Q(ew_pair=pair)), up_to_round)
        .select_related("board", "ns_pair", "ew_pair")
        .order_by("board__number")
    )
    return [_scorecard_line(pair, r) for r in results]


def pair_scorecards(lines: list[Result]) -> dict[int, list[ScorecardLine]]:
    """Every pair's scorecard from a section's lines (each with its board and pairs), by pair
    id, as scorecard() gives them."""
    cards: dict[int, list[ScorecardLine]] = {}
    for result in lines:
        for pair in (result.ns_pair, result.ew_pair):
            cards.setdefault(pair.pk, []).append(_scorecard_line(pair, result))
    return cards


def _scorecard_line(pair: Pair, result: Result) -> ScorecardLine:
    is_ns = result.ns_pair_id == pair.pk
    if result.weights:
        score, points = None, result.ns_points if is_ns else result.ew_points
    elif is_ns:
        score, points = result.score_ns, result.ns_points
    else:
        ew_score = result.score_ns if result.score_ew is None else result.score_ew
        score, points = (None if ew_score is None else -ew_score), result.ew_points
    percentage = 100 * points / result.top if points is not None and result.top else None
    return ScorecardLine(
        board=result.board,
        result=result,
        direction="NS" if is_ns else "EW",
        opponents=result.ew_pair if is_ns else result.ns_pair,
        score=score,
        points=points,
        percentage=percentage,
    )


def traveller(*, board: Board, up_to_round: int | None = None) -> list[Result]:
    """The board's lines (up to a round, if given), best North-South score first; adjusted and
    not-played lines last. Across the field: every section's lines on the board."""
    lines = Result.objects.filter(board__in=field_boards(board))
    lines = lines.select_related("ns_pair__section", "ew_pair__section")
    return sorted(_up_to(lines, up_to_round), key=_traveller_order)


def board_travellers(lines: list[Result]) -> dict[int, list[Result]]:
    """Each board's traveller from a section's lines, each with its board and pairs (across the
    field those of every section that plays the same deals), by board number, as traveller()
    gives them."""
    travellers: dict[int, list[Result]] = {}
    for result in lines:
        travellers.setdefault(result.board.number, []).append(result)
    for results in travellers.values():
        results.sort(key=_traveller_order)
    return travellers


def _traveller_order(result: Result):
    """Best North-South score first; adjusted and not-played lines last."""
    return (
        result.score_ns is None,
        -(result.score_ns or 0),
        result.ns_pair.section.letter,
        result.ns_pair.number,
    )


def _up_to(results, up_to_round: int | None):
    return results if up_to_round is None else results.filter(round__lte=up_to_round)


def score_frequencies(results: list[Result]) -> list[tuple[int, int]]:
    """How often each North-South score occurred, best score first."""
    # A weighted line's score_ns is a mean no table scored.
    counts = Counter(r.score_ns for r in results if r.score_ns is not None and not r.weights)
    return sorted(counts.items(), reverse=True)
