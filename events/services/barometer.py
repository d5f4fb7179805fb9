"""A barometer's ranking after each round, as the projector shows it: every board of a round is
complete when the round is (each table plays its own copy of the round's boards), so the
ranking after the last complete round is final for those rounds, and the pairs (an
individual's players) that rose or fell most in it are news."""

from dataclasses import dataclass

from events.models import Event, Section
from events.services.individuals import player_ranking
from events.services.navigation import event_sections
from events.services.publication import results_visible
from events.services.rankings import revealed_round, section_ranking

MOVERS = 3  # the entries that rose (and fell) most, as many as the projector shows


@dataclass(frozen=True)
class Entry:
    """One line of the ranking: a pair, or an individual's player."""

    label: str
    names: str
    place: str
    score: float
    percentage: float | None
    boards_played: int


@dataclass(frozen=True)
class Move:
    """An entry's place before the round, and the `places` it gained (negative: lost)."""

    entry: Entry
    before: str
    places: int


@dataclass(frozen=True)
class RankedGroup:
    """One ranking (the room, or a direction) after the round, and who moved most in it."""

    title: str  # the direction in the reader's language, or "" for the room
    entries: list[Entry]
    risers: list[Move]
    fallers: list[Move]


@dataclass(frozen=True)
class BarometerRanking:
    """A barometer section after its last complete round (`round`, 0 before any is)."""

    section: Section
    round: int
    groups: list[RankedGroup]


def barometer_rankings(*, event: Event) -> list[BarometerRanking]:
    """Each barometer section's ranking after the last round every table has finished, with the
    entries that rose or fell most in that round; no ranking while the reveal rule hides every
    result."""
    rankings = []
    for section in event_sections(event=event):
        if not section.barometer:
            continue
        shown = revealed_round(section=section) if results_visible(event) else 0
        groups = []
        if shown:
            after = _ranking(event, section, shown)
            before = _ranking(event, section, shown - 1) if shown > 1 else []
            for index, (title, entries) in enumerate(after):
                moves = _moves(before[index][1], entries) if before else []
                groups.append(
                    RankedGroup(
                        title=title,
                        entries=entries,
                        risers=[m for m in moves if m.places > 0][:MOVERS],
                        fallers=[m for m in reversed(moves) if m.places < 0][:MOVERS],
                    )
                )
        rankings.append(BarometerRanking(section=section, round=shown, groups=groups))
    return rankings


def _ranking(event: Event, section: Section, round: int) -> list[tuple[str, list[Entry]]]:
    """The ranking after `round`: an individual's players, else the pairs by group."""
    if event.is_individual:
        standings = player_ranking(section=section, up_to_round=round)
        return [
            (
                "",
                [
                    Entry(
                        str(s.individual.number),
                        s.individual.name,
                        s.place,
                        s.score,
                        s.percentage,
                        s.boards_played,
                    )
                    for s in standings
                ],
            )
        ]
    return [
        (
            group.heading,
            [
                Entry(s.pair.name, s.pair.names, s.place, s.score, s.percentage, s.boards_played)
                for s in group.standings
            ],
        )
        for group in section_ranking(section=section, up_to_round=round)
    ]


def _moves(before: list[Entry], after: list[Entry]) -> list[Move]:
    """Every entry's move, the greatest rise first and the greatest fall last; one placed only
    now (it played no board before) did not move."""
    earlier = {e.label: e for e in before if e.boards_played}
    moves = [
        Move(
            entry=e,
            before=earlier[e.label].place,
            places=_place_number(earlier[e.label].place) - _place_number(e.place),
        )
        for e in after
        if e.label in earlier and e.boards_played
    ]
    return sorted(moves, key=lambda m: (-m.places, _place_number(m.entry.place)))


def _place_number(place: str) -> int:
    """ "3" or "3=" as 3."""
    return int(place.rstrip("="))
