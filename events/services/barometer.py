"""A barometer's ranking after each round, as the projector shows it: every board of a round is
complete when the round is (each table plays its own copy of the round's boards), so the
ranking after the last complete round is final for those rounds, and the pairs that rose or
fell most in it are news."""

from dataclasses import dataclass

from events.models import Event, Pair, Section
from events.services.navigation import event_sections
from events.services.publication import results_visible
from events.services.rankings import RankingGroup, revealed_round, section_ranking

MOVERS = 3  # the pairs that rose (and fell) most, as many as the projector shows


@dataclass(frozen=True)
class Move:
    """A pair's places before and after the round: `places` gained (negative: lost)."""

    pair: Pair
    before: str
    after: str
    places: int


@dataclass(frozen=True)
class MovedGroup:
    """One ranking (the room, or a direction) after the round, and who moved most in it."""

    group: RankingGroup
    risers: list[Move]
    fallers: list[Move]


@dataclass(frozen=True)
class BarometerRanking:
    """A barometer section after its last complete round (`round`, 0 before any is)."""

    section: Section
    round: int
    groups: list[MovedGroup]


def barometer_sections(*, event: Event) -> list[Section]:
    """The event's sections that play a barometer."""
    return [section for section in event_sections(event=event) if section.barometer]


def barometer_rankings(*, event: Event) -> list[BarometerRanking]:
    """Each barometer section's ranking after the last round every table has finished, with the
    pairs that rose or fell most in that round; none while the reveal rule hides every result."""
    rankings = []
    for section in barometer_sections(event=event):
        shown = revealed_round(section=section) if results_visible(event) else 0
        groups = []
        if shown:
            after = section_ranking(section=section, up_to_round=shown)
            before = section_ranking(section=section, up_to_round=shown - 1) if shown > 1 else []
            for index, group in enumerate(after):
                moves = _moves(before[index], group) if before else []
                groups.append(
                    MovedGroup(
                        group=group,
                        risers=[m for m in moves if m.places > 0][:MOVERS],
                        fallers=[m for m in reversed(moves) if m.places < 0][:MOVERS],
                    )
                )
        rankings.append(BarometerRanking(section=section, round=shown, groups=groups))
    return rankings


def _moves(before: RankingGroup, after: RankingGroup) -> list[Move]:
    """Every pair's move, the greatest rise first and the greatest fall last; a pair placed
    only now (it played no board before) did not move."""
    earlier = {s.pair.pk: s for s in before.standings if s.boards_played}
    moves = [
        Move(
            pair=s.pair,
            before=earlier[s.pair.pk].place,
            after=s.place,
            places=_place_number(earlier[s.pair.pk].place) - _place_number(s.place),
        )
        for s in after.standings
        if s.pair.pk in earlier and s.boards_played
    ]
    return sorted(moves, key=lambda m: (-m.places, _place_number(m.after)))


def _place_number(place: str) -> int:
    """ "3" or "3=" as 3."""
    return int(place.rstrip("="))
