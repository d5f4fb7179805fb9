"""A demo club: a finished Mitchell, a Howell with results still coming in, a two-section
evening scored across the field, an individual halfway through, a two-session championship
with its cumulative ranking, a Swiss teams afternoon with its next round drawn, and a
director."""

import calendar
import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext, ngettext

from events.models import Board, Club, Event, Player, Result
from events.services.competitions import add_session, create_competition
from events.services.entry import board_meetings, save_line, save_scheduled_lines
from events.services.hand_records import queue_analysis
from events.services.individuals import create_individual_event, name_players
from events.services.setup import create_pairs_event, name_pair
from events.services.teams.lines import save_match_card
from events.services.teams.matches import save_captains_totals
from events.services.teams.registration import register_team
from events.services.teams.rounds import draw_next_round
from events.services.teams.setup import create_team_event
from scoring import howell, mitchell, parse_traveller_line
from scoring.deals import normalize_deal
from scoring.movements import rainbow_individual

DEMO_SLUG = "riverside"


class DemoRefused(Exception):
    """The demo cannot be loaded without touching a real club; str() says why."""


FIRST_NAMES = [
    "Alice",
    "Brian",
    "Carol",
    "David",
    "Eleanor",
    "Frank",
    "Grace",
    "Henry",
    "Irene",
    "James",
    "Katherine",
    "Leonard",
    "Margaret",
    "Nigel",
    "Olivia",
    "Peter",
    "Queenie",
    "Richard",
    "Sarah",
    "Thomas",
    "Ursula",
    "Victor",
    "Wendy",
    "Xavier",
    "Yvonne",
    "Zachary",
    "Anne",
    "Bernard",
]
SURNAMES = [
    "Archer",
    "Baker",
    "Clarke",
    "Dawson",
    "Ellis",
    "Fletcher",
    "Gardner",
    "Hughes",
    "Irving",
    "Jenkins",
    "Knight",
    "Lambert",
    "Marsh",
    "Norris",
    "Owen",
    "Price",
    "Quinn",
    "Reid",
    "Shaw",
    "Turner",
    "Underwood",
    "Vaughan",
    "Walsh",
    "Young",
    "Zeller",
    "Abbott",
    "Barker",
    "Cole",
]


def demo_club() -> Club | None:
    """The club marked as the demo, if one is loaded."""
    return Club.objects.filter(is_demo=True).order_by("pk").first()


@transaction.atomic
def load_demo(*, seed: int = 2026) -> Club:
    """The demo club: the one loaded before, as it is (with whatever was made in it since), or
    else a new one with its events; its director logs in as director.

    A real club at the demo's address is refused.
    """
    existing = Club.objects.select_for_update().filter(is_demo=True).order_by("pk").first()
    if existing is not None:
        return existing
    taken = Club.objects.filter(slug=DEMO_SLUG).first()
    if taken is not None:
        raise DemoRefused(
            gettext(
                "the club %(club)s already uses the demo's address %(address)s and is not the "
                "demo: it was left alone and no demo was loaded"
            )
            % {"club": repr(taken.name), "address": repr(DEMO_SLUG)}
        )
    club = Club.objects.create(name="Riverside Bridge Club", slug=DEMO_SLUG, is_demo=True)
    user_model = get_user_model()
    director = user_model.objects.filter(username="director").first()
    if director is None:
        director = user_model.objects.create_user("director", password="director")
    club.directors.add(director)
    Player.objects.bulk_create(
        Player(club=club, name=f"{first} {last}", member_number=f"{1000 + i}")
        for i, (first, last) in enumerate(zip(FIRST_NAMES, SURNAMES, strict=True))
    )
    rng = random.Random(seed)
    today = datetime.date.today()
    finished = create_pairs_event(
        club=club,
        name="Tuesday Pairs",
        date=_last(calendar.TUESDAY, today),
        movement=mitchell(7, 3),
        status=Event.Status.RUNNING,
    )
    _play(finished, rng, share=1.0)
    finished.status = Event.Status.PUBLISHED  # played first: a published event takes no lines
    finished.save(update_fields=["status"])
    running = create_pairs_event(
        club=club,
        name="Thursday Howell",
        date=_last(calendar.THURSDAY, today),
        movement=howell(4, 3),
        status=Event.Status.RUNNING,
        winners=1,
    )
    _play(running, rng, share=0.55)
    _two_sections(club, rng, today)
    _individual(club, rng, today)
    _championship(club, rng, today, director)
    _swiss_teams(club, rng, today, director)
    return club


@transaction.atomic
def reset_demo() -> list[str]:
    """Delete the demo club with everything in it, the events made in it since it was loaded
    included, so that load_demo builds it afresh; what was deleted, a line each (nothing
    without a demo club). Only the club marked as the demo is ever deleted."""
    club = Club.objects.select_for_update().filter(is_demo=True).order_by("pk").first()
    if club is None:
        return []
    players = club.players.count()
    deleted = [
        ngettext(
            "the club %(club)s, its %(players)d player and the history of its changes",
            "the club %(club)s, its %(players)d players and the history of its changes",
            players,
        )
        % {"club": club.name, "players": players}
    ]
    deleted += [
        gettext("the event %(name)s of %(date)s (id %(id)d)")
        % {"name": event.name, "date": event.date.isoformat(), "id": event.pk}
        for event in club.events.order_by("date", "name", "pk")
    ]
    deleted += [
        gettext("the competition %(name)s") % {"name": name}
        for name in club.competitions.order_by("name").values_list("name", flat=True)
    ]
    club.delete()
    return deleted


def _last(weekday: int, today: datetime.date) -> datetime.date:
    """The latest day on or before `today` that is a `weekday` (calendar.MONDAY ...): an event
    named after its day of the week is played on that day."""
    return today - datetime.timedelta(days=(today.weekday() - weekday) % 7)


def _two_sections(club: Club, rng: random.Random, today: datetime.date) -> None:
    """A congress evening: two 7-table Mitchells on the same boards, matchpointed across the
    field, its 28 pairs club members and visitors."""
    evening = create_pairs_event(
        club=club,
        name="Congress Evening",
        date=today - datetime.timedelta(days=3),
        movement=mitchell(7, 3),
        sections=2,
        section_scoring="field",
        status=Event.Status.RUNNING,
    )
    names = [f"{first} {last}" for first in FIRST_NAMES for last in SURNAMES[::-1]]
    rng.shuffle(names)
    _play(evening, rng, share=1.0, partnerships=[[names.pop(), names.pop()] for _ in range(28)])
    evening.status = Event.Status.PUBLISHED
    evening.save(update_fields=["status"])


# A typical hand for each board of the demo's teams matches: contract, declarer, tricks.
TEAMS_BOARDS = [("4S", "N", 10), ("3NT", "S", 9), ("2H", "E", 8), ("6D", "W", 12)]
TEAMS_BOARDS += [("1NT", "N", 7), ("4H", "E", 10)]


def _swiss_teams(club: Club, rng: random.Random, today: datetime.date, director) -> None:
    """A Swiss of 13 teams, 7 rounds of 6 boards: three rounds played (both tables' lines for
    most matches, the captains' totals for two a round), round 4 drawn from the standings."""
    event = create_team_event(
        club=club,
        name="Saturday Swiss Teams",
        date=_last(calendar.SATURDAY, today),
        user=director,
        boards_per_match=len(TEAMS_BOARDS),
        rounds=7,
        draw_seed=rng.randrange(10_000),
    )
    members = [p.name for p in Player.objects.filter(club=club)]
    members += [
        f"{first} {last}" for first, last in zip(FIRST_NAMES, reversed(SURNAMES), strict=True)
    ]
    rng.shuffle(members)
    names = set()
    for number in range(13):
        players = members[4 * number : 4 * number + 4]
        # A team is known by its captain's surname, or full name when two share one.
        name = players[0].split()[-1] if players[0].split()[-1] not in names else players[0]
        names.add(name)
        register_team(event=event, name=name, players=players, user=director)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    for _ in range(3):
        matches = [m for m in draw_next_round(event=event, user=director) if not m.is_bye]
        for k, match in enumerate(matches):
            if k % 3 == 2:
                home, away = rng.randrange(0, 40), rng.randrange(0, 40)
                save_captains_totals(match=match, home_imps=home, away_imps=away, user=director)
                continue
            lines = {
                (number, table): parse_traveller_line(_variation(rng, contract, declarer, tricks))
                for number, (contract, declarer, tricks) in enumerate(TEAMS_BOARDS, start=1)
                for table in (1, 2)
            }
            save_match_card(match=match, lines=lines, user=director)
    draw_next_round(event=event, user=director)


def _championship(club: Club, rng: random.Random, today: datetime.date, director) -> None:
    """Two published sessions played by the same partnerships at other tables, summed by
    percentage."""
    names = [p.name for p in Player.objects.filter(club=club)]
    rng.shuffle(names)
    partnerships = [[names.pop(), names.pop()] for _ in range(6)]
    competition = create_competition(
        club=club, name="Autumn Championship", carry_over="sum-percent", best_of=None, user=director
    )
    for number in (1, 2):
        session = create_pairs_event(
            club=club,
            name=f"Autumn Championship, session {number}",
            date=today - datetime.timedelta(days=9 - number),
            movement=mitchell(3, 3),
            status=Event.Status.RUNNING,
        )
        _play(
            session,
            rng,
            share=1.0,
            partnerships=partnerships[number - 1 :] + partnerships[: number - 1],
        )
        session.status = Event.Status.PUBLISHED
        session.save(update_fields=["status"])
        add_session(competition=competition, event=session, user=director)


def _individual(club: Club, rng: random.Random, today: datetime.date) -> None:
    """A 5-table Rainbow individual, 20 players, three of its five rounds played."""
    event = create_individual_event(
        club=club,
        name="Friday Individual",
        date=_last(calendar.FRIDAY, today),
        movement=rainbow_individual(5, 3),
        status=Event.Status.RUNNING,
    )
    section = event.sections.get()
    names = [p.name for p in Player.objects.filter(club=club)]
    rng.shuffle(names)
    name_players(section=section, names=dict(enumerate(names[:20], start=1)))
    boards = list(section.boards.select_related("section__event").order_by("number"))
    _deal(boards, _shuffled_deals(len(boards), rng))
    save_scheduled_lines(event=event, lines=_played_lines(boards, rng, share=0.6))
    queue_analysis(event=event)


def _play(
    event: Event, rng: random.Random, *, share: float, partnerships: list[list[str]] | None = None
) -> None:
    """Name every pair (by `partnerships` in pair order, section by section, else at random),
    deal every board (the same deal in every section), and enter a result near what the cards
    make for the first `share` of the rounds, with one director's ruling, as in real life; the
    worker works out the hands' double-dummy tables."""
    sections = list(event.sections.all())
    pairs = [pair for section in sections for pair in section.pairs.all()]
    if partnerships is None:
        names = [p.name for p in Player.objects.filter(club=event.club)]
        rng.shuffle(names)
        partnerships = [[names.pop(), names.pop()] for _ in pairs]
    for pair, names in zip(pairs, partnerships, strict=True):
        name_pair(pair=pair, names=names)
    deals: list[str] = []
    lines = []
    for section in sections:
        boards = list(section.boards.select_related("section__event").order_by("number"))
        deals = deals or _shuffled_deals(len(boards), rng)
        _deal(boards, deals)
        lines += _played_lines(boards, rng, share)
    save_scheduled_lines(event=event, lines=lines)
    ruled = Result.objects.filter(board__section=sections[0]).order_by("pk").first()
    save_line(
        board=ruled.board,
        line=parse_traveller_line("A+ A- # slow play warning, then a revoke"),
        result=ruled,
        ns_pair=ruled.ns_pair.number,
        ew_pair=ruled.ew_pair.number,
    )
    queue_analysis(event=event)


def _played_lines(boards: list[Board], rng: random.Random, share: float) -> list:
    """A line near what the cards make for each meeting on `boards` of the first `share` of
    their section's rounds: (board, meeting, line)."""
    last_round = max(1, round(boards[0].section.rounds * share))
    lines = []
    for board in boards:
        contract, declarer, tricks = _expected_contract(board.deal)
        for meeting in board_meetings(board=board):
            if meeting.round <= last_round:
                line = _variation(rng, contract, declarer, tricks)
                lines.append((board, meeting, parse_traveller_line(line)))
    return lines


def _shuffled_deals(count: int, rng: random.Random) -> list[str]:
    deck = [suit + rank for suit in "SHDC" for rank in "AKQJT98765432"]
    deals = []
    for _ in range(count):
        rng.shuffle(deck)
        hands = [
            ".".join("".join(c[1] for c in deck[13 * h : 13 * h + 13] if c[0] == s) for s in "SHDC")
            for h in range(4)
        ]
        deals.append(normalize_deal("N:" + " ".join(hands)))
    return deals


def _deal(boards: list[Board], deals: list[str]) -> None:
    """Store the hands of each board, in board order; their analysis waits for the worker."""
    for board, deal in zip(boards, deals, strict=True):
        board.deal = deal
    Board.objects.bulk_update(boards, ["deal"])


HIGH_CARD_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}
GAME_TRICKS = {"NT": 9, "S": 10, "H": 10, "D": 11, "C": 11}


def _expected_contract(deal: str) -> tuple[str, str, int]:
    """What most tables would bid and make, judged from the cards as players judge them (the
    double-dummy table comes later, from the worker): the side with more high-card points
    declares its longest fit of eight cards or more (a major on a tie), else no trumps, taking
    six tricks and one more for every three points over 14 (17 in no trumps) and for each
    trump past eight; at game or slam when that makes, else a part-score. Declarer is the
    hand longer in trumps, or in no trumps the stronger one."""
    hands = dict(zip("NESW", (hand.split(".") for hand in deal[2:].split()), strict=True))
    points = {
        seat: sum(HIGH_CARD_POINTS.get(card, 0) for suit in hand for card in suit)
        for seat, hand in hands.items()
    }
    side = max(("N", "S"), ("E", "W"), key=lambda seats: sum(points[s] for s in seats))
    strength = sum(points[seat] for seat in side)
    fits = {strain: [len(hands[seat][i]) for seat in side] for i, strain in enumerate("SHDC")}
    strain = max("SHDC", key=lambda st: (sum(fits[st]), st in "SH"))
    fit = sum(fits[strain])
    if fit >= 8:
        declarer = max(side, key=lambda seat: (fits[strain][side.index(seat)], points[seat]))
        made = 6 + (strength - 14) // 3 + fit - 8
    else:
        strain, declarer = "NT", max(side, key=points.get)
        made = 6 + (strength - 17) // 3
    made = min(13, made)
    game = GAME_TRICKS[strain]
    if made >= 12:
        level = made - 6
    elif made >= game:
        level = game - 6
    else:
        level = max(1, min(made - 6, game - 7))
    return f"{level}{strain}", declarer, made


def _variation(rng: random.Random, contract: str, declarer: str, tricks: int) -> str:
    """One table's result: mostly the double-dummy tricks, give or take one."""
    roll = rng.random()
    if roll < 0.08:  # overbid and doubled, one down
        return "P" if contract.startswith("1") else f"{contract}X {declarer} -1"
    if roll < 0.25:
        declarer = {"N": "S", "S": "N", "E": "W", "W": "E"}[declarer]
    tricks = min(13, max(0, tricks + rng.choice([-1, 0, 0, 0, 0, 1])))
    return f"{contract} {declarer} {tricks}"
