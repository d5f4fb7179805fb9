"""Individual events: laying one out, naming its players, and their ranking and scorecards.

The sides of each round are pairs of the section (events.models.individuals), so entry,
matchpoints and travellers are the pairs ones; here a player collects the sides they sat in.
"""

from dataclasses import dataclass

from django.db import transaction

from events.models import (
    Board,
    Change,
    Club,
    Event,
    IndividualPlayer,
    Pair,
    Player,
    Result,
    Seat,
    Section,
)
from events.services.history import bulk_create_recorded, recording
from events.services.scoring import Totals, pair_totals
from events.services.setup import apply_movement, create_event
from events.services.travellers import ScorecardLine, scorecard
from scoring import places
from scoring.movements.individual import SEAT_ORDER, SIDE_SEATS, IndividualMovement
from scoring.places import ranking_key, tie_key


@dataclass(frozen=True)
class PlayerStanding:
    individual: IndividualPlayer
    place: str
    score: float
    percentage: float | None
    boards_played: int


@dataclass(frozen=True)
class PlayerLine:
    """A board of a player's scorecard: the side's line, and who partnered the player."""

    round: int | None
    seat: str
    partner: IndividualPlayer
    opponents: tuple[IndividualPlayer, IndividualPlayer]
    line: ScorecardLine
    side: Pair  # the player's side on the board: whose score its explanation explains


def create_individual_event(
    *, club: Club, movement: IndividualMovement, user=None, **settings
) -> Event:
    """A new individual event laid out by `movement`, its players numbered 1..n, unnamed; with
    `user`, the movement is the director's change in the audit trail."""
    with transaction.atomic():
        settings = {**settings, "kind": Event.Kind.INDIVIDUAL, "winners": 1}
        event = create_event(club=club, **settings)
        section = event.sections.get()
        if user is None:
            _lay_out(section, movement)
        else:
            with recording(club=club, event=event, user=user, kind=Change.Kind.MOVEMENT):
                _lay_out(section, movement)
    event.refresh_from_db()  # the settings the movement implies (reveal)
    return event


def _lay_out(section: Section, movement: IndividualMovement) -> None:
    apply_movement(section=section, movement=movement.pairs_movement())
    seat_players(
        section=section,
        players=dict.fromkeys(range(1, movement.players + 1), ""),
        side_seats={
            side.number: tuple(zip(side.players, SIDE_SEATS[side.direction], strict=True))
            for side in movement.sides
        },
    )


def seat_players(
    *, section: Section, players: dict[int, str], side_seats: dict[int, tuple]
) -> None:
    """Number and name an imported individual's players and seat them in its sides (pairs by
    number): `side_seats` {side: ((player, seat), (player, seat))}."""
    individuals = {
        i.number: i
        for i in bulk_create_recorded(
            IndividualPlayer, [IndividualPlayer(section=section, number=n) for n in sorted(players)]
        )
    }
    sides = {p.number: p for p in section.pairs.all()}
    bulk_create_recorded(
        Seat,
        [
            Seat(side=sides[side], individual=individuals[player], seat=seat)
            for side, seated in side_seats.items()
            for player, seat in seated
        ],
    )
    # Named or not, every side is named by its players.
    name_players(section=section, names={n: name for n, name in players.items() if name})


def players_to_name(*, section: Section) -> list[IndividualPlayer]:
    """The individual's players, by number, for the form that names them."""
    return list(section.individuals.all())


def name_players(*, section: Section, names: dict[int, str]) -> None:
    """Name players by number: club members by name, anyone else as a guest; a blank name
    makes the player unnamed again. All of them, or (on any failure) none."""
    club = section.event.club
    with transaction.atomic():
        for individual in section.individuals.filter(number__in=names):
            name = names[individual.number].strip()
            player = None
            if name:
                player = Player.objects.filter(club=club, name__iexact=name).first()
                player = player or Player.objects.create(club=club, name=name, guest=True)
            individual.player, individual.name = player, player.name if player else ""
            individual.save()
        name_sides(section=section)


def name_sides(*, section: Section) -> None:
    """Each side is named by its two players, as travellers and entry rows show it."""
    seats: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(side__section=section).select_related("individual"):
        seats.setdefault(seat.side_id, []).append(seat)
    for side in section.pairs.all():
        ordered = sorted(seats.get(side.pk, []), key=lambda s: SEAT_ORDER.index(s.seat))
        names = " & ".join(s.individual.label for s in ordered)
        if side.names != names:
            side.names = names
            side.save(update_fields=["names"])


def player_totals(*, section: Section, up_to_round: int | None = None) -> dict[int, Totals]:
    """IndividualPlayer id -> the sum of the totals of the sides the player sat in: all the
    lines (the sides' stored totals), or those up to a round."""
    if up_to_round is None:
        sides = {p.pk: Totals(p.score, p.top_total, p.boards_played) for p in section.pairs.all()}
    else:
        sides = pair_totals(Result.objects.filter(board__section=section, round__lte=up_to_round))
    totals: dict[int, Totals] = {}
    for individual_id, side_id in Seat.objects.filter(side__section=section).values_list(
        "individual_id", "side_id"
    ):
        totals[individual_id] = totals.get(individual_id, Totals()) + sides.get(side_id, Totals())
    return totals


def player_ranking(*, section: Section, up_to_round: int | None = None) -> list[PlayerStanding]:
    """Every player of the section, best first: by percentage at matchpoints, by total at
    IMPs; a player who played no board comes last."""
    event = section.event
    totals = player_totals(section=section, up_to_round=up_to_round)
    individuals = list(section.individuals.all())
    of = {i.pk: totals.get(i.pk, Totals()) for i in individuals}

    def key(individual: IndividualPlayer) -> float | None:
        total = of[individual.pk]
        return ranking_key(
            boards=total.boards,
            score=total.score,
            percentage=total.percentage,
            imps=event.is_imps,
        )

    individuals.sort(key=lambda i: (key(i) is None, -tie_key(key(i) or 0), i.number))
    return [
        PlayerStanding(i, place, of[i.pk].score, of[i.pk].percentage, of[i.pk].boards)
        for i, place in zip(individuals, places([key(i) for i in individuals]), strict=True)
    ]


def player_scorecard(
    *, individual: IndividualPlayer, up_to_round: int | None = None
) -> list[PlayerLine]:
    """Every board the player played, round by round: their side's line, partner, opponents."""
    seats = Seat.objects.filter(side__section_id=individual.section_id).select_related("individual")
    at_side: dict[int, list[Seat]] = {}
    for seat in seats:
        at_side.setdefault(seat.side_id, []).append(seat)
    lines = []
    for mine in individual.seats.select_related("side"):
        partner = next(s.individual for s in at_side[mine.side_id] if s.pk != mine.pk)
        for line in scorecard(pair=mine.side, up_to_round=up_to_round):
            others = sorted(at_side[line.opponents.pk], key=lambda s: SEAT_ORDER.index(s.seat))
            lines.append(
                PlayerLine(
                    line.result.round,
                    mine.seat,
                    partner,
                    (others[0].individual, others[1].individual),
                    line,
                    mine.side,
                )
            )
    return sorted(lines, key=lambda p: (p.round or 0, p.line.board.number))


def side_players(*, section: Section) -> dict[int, dict[str, IndividualPlayer]]:
    """Side (pair) id -> seat -> player, for a whole section at once."""
    sides: dict[int, dict[str, IndividualPlayer]] = {}
    for seat in Seat.objects.filter(side__section=section).select_related("individual"):
        sides.setdefault(seat.side_id, {})[seat.seat] = seat.individual
    return sides


def seated_individuals(*, side: Pair) -> list[IndividualPlayer]:
    """The side's two players, North then South or East then West: whose scorecards a page
    about the side links."""
    return [seat.individual for seat in side.seats.select_related("individual")]


def side_labels(*, section: Section) -> dict[int, str]:
    """Side number -> its players' numbers, "8+5", as the entry grid shows a side."""
    labels: dict[int, list[tuple[str, int]]] = {}
    for number, seat, player in Seat.objects.filter(side__section=section).values_list(
        "side__number", "seat", "individual__number"
    ):
        labels.setdefault(number, []).append((SEAT_ORDER.index(seat), player))
    return {n: "+".join(str(p) for _, p in sorted(seats)) for n, seats in labels.items()}


@dataclass(frozen=True)
class GuideLine:
    """A round of a player's guide card: where they sit, with whom, on which boards."""

    round: int
    table: int | None  # None: the player sits out
    seat: str = ""
    partner: IndividualPlayer | None = None
    boards: tuple[int, int] | None = None


def player_guides(*, section: Section) -> list[tuple[IndividualPlayer, list[GuideLine]]]:
    """Each player's guide card, round by round, a sit-out where the movement has one."""
    sides = side_players(section=section)
    at = {}
    for tr in section.table_rounds.all():
        boards = (tr.low_board, tr.high_board) if tr.low_board else None
        for side_id in (tr.ns_pair_id, tr.ew_pair_id):
            at[side_id] = (tr.round, tr.table, boards)
    lines: dict[int, dict[int, GuideLine]] = {}
    for side_id, seats in sides.items():
        if side_id not in at:
            continue
        round, table, boards = at[side_id]
        for seat, player in seats.items():
            partner = next((p for s, p in seats.items() if s != seat), None)
            lines.setdefault(player.pk, {})[round] = GuideLine(round, table, seat, partner, boards)
    return [
        (
            individual,
            [
                lines.get(individual.pk, {}).get(r) or GuideLine(r, None)
                for r in range(1, section.rounds + 1)
            ],
        )
        for individual in section.individuals.all()
    ]


def sides_of_players(*, board: Board, players: tuple[int, int, int, int]) -> tuple:
    """The sides (pair numbers) a line naming North, South, East and West means: the side of
    North and South (either way round) and that of East and West; of several, one that plays
    `board`. None for a direction no side of the section has."""
    section = board.section
    numbers = dict(section.pairs.values_list("pk", "number"))
    on_board = set()
    for tr in section.table_rounds.filter(
        low_board__lte=board.number, high_board__gte=board.number
    ):
        on_board |= {tr.ns_pair_id, tr.ew_pair_id}
    found = []
    seating = side_players(section=section)
    for pair, seats in (((players[0], players[1]), "NS"), ((players[2], players[3]), "EW")):
        sides = [
            side_id
            for side_id, seated in seating.items()
            if set(seated) == set(seats) and {p.number for p in seated.values()} == set(pair)
        ]
        sides.sort(key=lambda side_id: side_id not in on_board)
        found.append(numbers[sides[0]] if sides else None)
    return tuple(found)
