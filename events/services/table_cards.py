"""What the director prints for a section: its table cards, the round-by-round guide, and a
guide card for each pair (each player of an individual)."""

from dataclasses import dataclass

from events.models import Event, IndividualPlayer, Pair, Section
from events.services.individuals import GuideLine, player_guides, side_labels
from events.services.pair_labels import section_labels, several_sections
from events.services.setup import section_movement
from events.services.tables.access import event_tables, table_url
from scoring.movements import model


@dataclass(frozen=True)
class TableCards:
    # Each table's lines, by table, with the address of the table's own page (its QR code).
    cards: list[tuple[int, tuple[model.TableRound, ...], str]]
    guide: list[tuple[int, list[model.TableRound]]]  # each round's lines, by round
    pair_guides: list[tuple[Pair, tuple[model.GuideLine, ...]]]
    player_guides: list[tuple[IndividualPlayer, list[GuideLine]]]
    labels: dict[int, str]  # pair (or side) number -> how the cards name it
    several_sections: bool


def table_cards(*, event: Event, section: Section) -> TableCards:
    """The section's cards as its movement now stands (after any repair): raises ScoringError
    when a repair has left a pair to meet boards twice."""
    movement = section_movement(section=section)
    cards = movement.table_cards()
    pair_guides = [(pair, movement.pair_guide(pair.number)) for pair in section.pairs.all()]
    by_round: dict[int, list] = {}
    for table in sorted(cards):
        for line in cards[table]:
            by_round.setdefault(line.round, []).append(line)
    pages = {
        access.table: table_url(access=access)
        for access in event_tables(event=event)
        if access.section_id == section.pk
    }
    return TableCards(
        cards=[(table, lines, pages[table]) for table, lines in sorted(cards.items())],
        guide=sorted(by_round.items()),
        pair_guides=[] if event.is_individual else pair_guides,
        player_guides=player_guides(section=section) if event.is_individual else [],
        labels=(side_labels if event.is_individual else section_labels)(section=section),
        several_sections=several_sections(event_id=event.pk),
    )
