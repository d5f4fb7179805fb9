"""Setting an event up: its section, the movement's pairs, boards and table-rounds, the names."""

from django.db import transaction
from django.utils.translation import gettext

from events.models import (
    Board,
    Change,
    Club,
    Event,
    Pair,
    Partnership,
    Player,
    Result,
    Section,
    TableRound,
)
from events.services.history import bulk_create_recorded, recording
from events.services.pair_labels import label_pairs
from scoring import Movement, Sitting, board_conditions


class SetupRefused(Exception):
    """A set-up change that would lose or contradict saved results; str() says why."""


def apply_movement(*, section: Section, movement) -> None:
    """Give the section the movement's pairs, boards and table-rounds; arrow-switched rounds
    make the event one with a single winner. A barometer reveals its results at the end of each
    round (its natural rule) where the event showed every result as it came in; a director's
    end-of-session rule stays.

    Refused once results exist: changing the movement under saved lines would orphan them.
    """
    with transaction.atomic():
        # The boards held first, as a save holds its board: no line slips in under the check.
        list(Board.objects.select_for_update().filter(section=section).order_by("pk"))
        if Result.objects.filter(board__section=section).exists():
            raise SetupRefused(
                gettext("results are already entered: the movement can no longer change")
            )
        section.table_rounds.all().delete()
        section.boards.all().delete()
        keep_names = {p.number: p for p in section.pairs.all()}
        section.pairs.exclude(number__in=movement.pairs).delete()
        section.movement = movement.name
        section.tables = movement.tables
        section.rounds = movement.rounds
        section.boards_per_round = movement.boards_per_round
        becomes_barometer = movement.barometer and not section.barometer
        section.barometer = movement.barometer
        section.save()
        if movement.kind == "howell" or movement.arrow_switch_rounds or becomes_barometer:
            _natural_settings(Event.objects.get(pk=section.event_id), movement)
        pairs = _movement_pairs(section, movement, keep_names)
        label_pairs(section=section, ew_offset=movement.tables)
        bulk_create_recorded(
            Board,
            [
                Board(
                    section=section,
                    number=number,
                    dealer=board_conditions(number)[0],
                    vulnerability=board_conditions(number)[1],
                    expected_results=movement.plays_of_board(number),
                    movement_results=_movement_results(movement, number),
                )
                for number in range(1, movement.board_count + 1)
            ],
        )
        bulk_create_recorded(
            TableRound, [_table_round(section, s, pairs, movement) for s in movement.sittings]
        )


def _movement_results(movement: Movement, board: int) -> int:
    """The times the movement has `board` played with the phantom's table counted, where that
    is more than the times two pairs play it; else 0 (Board.movement_results)."""
    counted = movement.plays_of_board(board, phantom_counted=True)
    return counted if counted > movement.plays_of_board(board) else 0


def _natural_settings(event: Event, movement) -> None:
    changed = []
    # A Howell's pairs sit both ways, as an arrow switch's do: they make one field.
    if movement.kind == "howell" or movement.arrow_switch_rounds:
        event.winners = 1
        changed.append("winners")
    if movement.barometer and event.reveal == Event.Reveal.ALWAYS:
        event.reveal = Event.Reveal.END_OF_ROUND
        changed.append("reveal")
    if changed:
        event.save(update_fields=changed)


def movement_losses(*, section: Section, movement) -> list[str]:
    """What choosing `movement` would drop, in words, for the director to confirm: named pairs
    it has no number for, and the hand records of the boards (laid out again)."""
    losses = [
        gettext("pair %(pair)s (%(names)s) and its names")
        % {"pair": pair.name, "names": pair.names}
        for pair in section.pairs.exclude(number__in=movement.pairs).exclude(names="")
    ]
    dealt = section.boards.exclude(deal="").count()
    if dealt:
        losses.append(gettext("the hand records of %(count)s boards") % {"count": dealt})
    return losses


def _movement_pairs(section: Section, movement, existing: dict[int, Pair]) -> dict[int, Pair]:
    ns, ew = set(movement.ns_pairs or ()), set(movement.ew_pairs or ())
    pairs = {}
    for number in movement.pairs:
        direction = Pair.Direction.NS if number in ns else Pair.Direction.EW if number in ew else ""
        pair = existing.get(number) or Pair(section=section, number=number)
        pair.direction = direction
        pair.save()
        pairs[number] = pair
    return pairs


def _table_round(section: Section, sitting, pairs: dict[int, Pair], movement) -> TableRound:
    boards = movement.boards_of_set(sitting.board_set) if sitting.board_set else []
    return TableRound(
        section=section,
        round=sitting.round,
        table=sitting.table,
        ns_pair=pairs.get(sitting.ns_pair),
        ew_pair=pairs.get(sitting.ew_pair),
        low_board=min(boards) if boards else None,
        high_board=max(boards) if boards else None,
    )


def section_movement(*, section: Section) -> Movement:
    """The section's movement as its table-rounds now stand (after any repair), as an engine
    Movement: what table cards and guide cards are printed from."""
    numbers = dict(section.pairs.values_list("pk", "number"))
    directions = dict(section.pairs.values_list("number", "direction"))
    sittings = [
        Sitting(
            round=tr.round,
            table=tr.table,
            ns_pair=numbers.get(tr.ns_pair_id),
            ew_pair=numbers.get(tr.ew_pair_id),
            board_set=(tr.low_board - 1) // section.boards_per_round + 1 if tr.low_board else None,
        )
        for tr in section.table_rounds.all()
    ]
    fixed = all(directions.values())
    return Movement(
        name=section.movement,
        kind="mitchell" if fixed else "howell",
        tables=section.tables,
        boards_per_round=section.boards_per_round,
        sittings=tuple(sittings),
        ns_pairs=tuple(n for n, d in directions.items() if d == "NS") if fixed else None,
        ew_pairs=tuple(n for n, d in directions.items() if d == "EW") if fixed else None,
        barometer=section.barometer,
    )


SECTION_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def create_event(*, club: Club, sections: int = 1, **settings) -> Event:
    """A pairs event with its sections (A, B, ...), the movement still to choose; `settings`
    are Event fields."""
    if not 1 <= sections <= len(SECTION_LETTERS):
        raise SetupRefused(
            gettext("an event has 1 to %(most)s sections, not %(count)s")
            % {"most": len(SECTION_LETTERS), "count": sections}
        )
    with transaction.atomic():
        event = Event.objects.create(club=club, **settings)
        for letter in SECTION_LETTERS[:sections]:
            Section.objects.create(event=event, letter=letter)
    return event


def create_pairs_event(*, club: Club, movement, sections: int = 1, **settings) -> Event:
    """A pairs event whose sections are each laid out by `movement`, on the same boards."""
    with transaction.atomic():
        event = create_event(club=club, sections=sections, **settings)
        for section in event.sections.all():
            apply_movement(section=section, movement=movement)
    event.refresh_from_db()  # the settings the movement implies (winners, reveal)
    return event


def create_event_on_movement(*, club: Club, movement, user, sections: int = 1, **settings) -> Event:
    """A new pairs event laid out by `movement` in one go (each section by it), all or nothing;
    the movement is the director's change in the audit trail, as when it is chosen on the
    movement page."""
    with transaction.atomic():
        event = create_event(club=club, sections=sections, **settings)
        with recording(club=club, event=event, user=user, kind=Change.Kind.MOVEMENT):
            for section in event.sections.all():
                apply_movement(section=section, movement=movement)
    event.refresh_from_db()  # the settings the movement implies (winners, reveal)
    return event


def named_player(club: Club, name: str) -> Player:
    """The club's player of this name (any case), or a new guest: a name typed in one step."""
    player = Player.objects.filter(club=club, name__iexact=name).first()
    if player is None:
        player = Player.objects.create(club=club, name=name, guest=True)
    return player


def pairs_to_name(*, section: Section) -> list[Pair]:
    """The section's pairs, each with its players, for the form that names them."""
    return list(section.pairs.prefetch_related("players"))


def name_pairs(*, names: dict[Pair, list[str]]) -> None:
    """Name several pairs at once: all of them, or (on any failure) none."""
    with transaction.atomic():
        for pair, pair_names in names.items():
            name_pair(pair=pair, names=pair_names)


def name_pair(*, pair: Pair, names: list[str]) -> None:
    """Seat the named players in the pair: club members by name, anyone else as a guest."""
    club = pair.section.event.club
    with transaction.atomic():
        Partnership.objects.filter(pair=pair).delete()
        for seat, name in enumerate((n.strip() for n in names if n.strip()), start=1):
            Partnership.objects.create(pair=pair, player=named_player(club, name), seat=seat)
        pair.names = " & ".join(p.name for p in pair.players.order_by("partnership__seat"))
        pair.save(update_fields=["names"])
