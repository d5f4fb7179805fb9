"""Rankings: the pairs of a section in order, with places, as the event's reveal rule allows."""

from dataclasses import dataclass

from events.models import Event, Pair, Section
from scoring import places


@dataclass(frozen=True)
class Standing:
    pair: Pair
    place: str
    score: float
    percentage: float | None


@dataclass(frozen=True)
class RankingGroup:
    title: str  # "North-South", "East-West", or "" for one ranking of the whole room
    standings: list[Standing]


def section_ranking(*, section: Section) -> list[RankingGroup]:
    """The section's ranking: one group, or NS and EW groups for two winners."""
    event = section.event
    pairs = list(section.pairs.all())
    two_winners = event.winners == 2 and all(p.direction for p in pairs)
    if two_winners:
        groups = [
            ("North-South", [p for p in pairs if p.direction == Pair.Direction.NS]),
            ("East-West", [p for p in pairs if p.direction == Pair.Direction.EW]),
        ]
    else:
        groups = [("", pairs)]
    return [RankingGroup(title, _standings(event, members)) for title, members in groups]


def _standings(event: Event, pairs: list[Pair]) -> list[Standing]:
    most_boards = max((p.boards_played for p in pairs), default=0)

    def total(pair: Pair) -> float:
        if event.factor_totals and pair.boards_played:
            return pair.score * most_boards / pair.boards_played
        return pair.score

    # Matchpoint pairs who played different numbers of boards compare by percentage.
    def key(pair: Pair) -> float:
        if event.is_imps:
            return total(pair)
        return pair.percentage if pair.percentage is not None else -1.0

    pairs = sorted(pairs, key=lambda p: (-key(p), p.number))
    return [
        Standing(pair=p, place=place, score=total(p), percentage=p.percentage)
        for p, place in zip(pairs, places([key(p) for p in pairs]), strict=True)
    ]
