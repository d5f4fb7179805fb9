"""A demo club: a finished Mitchell, a Howell with results still coming in, and a director."""

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction

from events.models import Club, Event, Player, Result
from events.services.entry import board_meetings, save_line
from events.services.setup import create_pairs_event, name_pair
from scoring import howell, mitchell, parse_traveller_line

DEMO_SLUG = "riverside"
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


@transaction.atomic
def load_demo(*, seed: int = 2026) -> Club:
    """Create (or re-create) the demo club and its events; the director logs in as director."""
    Club.objects.filter(slug=DEMO_SLUG).delete()
    club = Club.objects.create(name="Riverside Bridge Club", slug=DEMO_SLUG)
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
        date=today - datetime.timedelta(days=1),
        movement=mitchell(7, 3),
        status=Event.Status.PUBLISHED,
    )
    _play(finished, rng, share=1.0)
    running = create_pairs_event(
        club=club,
        name="Thursday Howell",
        date=today,
        movement=howell(4, 3),
        status=Event.Status.RUNNING,
        winners=1,
    )
    _play(running, rng, share=0.55)
    return club


def _play(event: Event, rng: random.Random, *, share: float) -> None:
    """Name every pair and enter a plausible result for the first `share` of the rounds."""
    section = event.sections.get()
    names = [p.name for p in Player.objects.filter(club=event.club)]
    rng.shuffle(names)
    for pair in section.pairs.all():
        name_pair(pair=pair, names=[names.pop(), names.pop()])
    last_round = max(1, round(section.rounds * share))
    for board in section.boards.select_related("section__event"):
        contract, declarer, tricks = _par(rng)
        for meeting in board_meetings(board=board):
            if meeting.round > last_round:
                continue
            line = _variation(rng, contract, declarer, tricks)
            save_line(
                board=board, line=parse_traveller_line(line), ns_pair=meeting.ns, ew_pair=meeting.ew
            )
    # One director's ruling, as in real life.
    ruled = Result.objects.filter(board__section=section).order_by("pk").first()
    if ruled is not None:
        save_line(
            board=ruled.board,
            line=parse_traveller_line("A+ A-"),
            result=ruled,
            ns_pair=ruled.ns_pair.number,
            ew_pair=ruled.ew_pair.number,
        )


def _par(rng: random.Random) -> tuple[str, str, int]:
    level = rng.choice([1, 2, 2, 3, 3, 4, 4, 4, 5, 6])
    strain = rng.choice(["C", "D", "H", "S", "NT", "NT", "S", "H"])
    if level == 4 and strain in "CD":
        level = 5
    declarer = rng.choice("NESW")
    return f"{level}{strain}", declarer, level + 6


def _variation(rng: random.Random, contract: str, declarer: str, tricks: int) -> str:
    roll = rng.random()
    if roll < 0.1:
        return "P" if contract.startswith("1") else f"{contract}X {declarer} {tricks - 2}"
    if roll < 0.25:
        partner = {"N": "S", "S": "N", "E": "W", "W": "E"}[declarer]
        declarer = partner
    tricks = min(13, max(0, tricks + rng.choice([-1, 0, 0, 0, 1, 1])))
    return f"{contract} {declarer} {tricks}"
