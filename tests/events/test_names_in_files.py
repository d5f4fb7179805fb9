"""Names full of the characters a file must escape (quotes, angle brackets, ampersands,
apostrophes, backslashes) come back exactly from our USEBIO and PBN files, for a pairs event,
an individual and a teams event: each USEBIO file is well-formed XML whose elements carry only
the attributes we wrote, and each file reads back with the names it was written with."""

import datetime
import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse

from events.formats.team_files import TeamsFile
from events.models import Club, Event
from events.services.imports import read_result_file
from events.services.individuals import create_individual_event, name_players
from events.services.setup import create_pairs_event, name_pairs
from events.services.teams.matches import save_captains_totals
from events.services.teams.registration import register_team
from events.services.teams.rounds import draw_next_round, round_matches
from events.services.teams.setup import create_team_event
from scoring import mitchell
from scoring.movements.individual import rainbow_individual
from tests.events.test_individuals import play_every_board

pytestmark = pytest.mark.django_db

# No " & " (a pair's two names), " - " (PBN's list of names) or comma (PBN's Site): those
# separate names in the files, as they do in the other programs' files.
NAMES = [
    'Tom "Ace" O\'Neil',
    '"><x onload="1',
    "Ann&Bo <b>Smith</b>",
    'AT&amp;T\'s "Q"',
    'back\\slash "quoted\\"',
    "]]> <!-- x --> 'single'",
    "</PLAYER_NAME><PLAYER_NAME>Eve",
    'Zoë <&> "\'"',
]
EVENT_NAME = 'The "Big" <Pairs> & Co\'s'
CLUB_NAME = 'Bridge & <Chess> "Club" O\'Hare'
# The attributes each element of ours may carry; an attribute anywhere else was made by a name.
ATTRIBUTES = {
    "USEBIO": {"Version"},
    "EVENT": {"EVENT_TYPE"},
    "BOARD": {"EVENT_TYPE"},
    "PARTICIPANTS": {"EVENT_TYPE"},
    "TEAM": {"TEAM_ID", "TEAM_NAME"},
    "SESSION": {"SESSION_ID"},
    "SECTION": {"SECTION_ID"},
}


def pairs_event(club) -> tuple[Event, set[str]]:
    event = create_pairs_event(
        club=club,
        name=EVENT_NAME,
        date=datetime.date(2026, 11, 20),
        movement=mitchell(3, 2),
        status="running",
    )
    pairs = event.sections.get().pairs.order_by("number")[: len(NAMES) // 2]
    name_pairs(names={pair: NAMES[2 * k : 2 * k + 2] for k, pair in enumerate(pairs)})
    play_every_board(event, seed=3)
    return event, set(NAMES)


def individual_event(club) -> tuple[Event, set[str]]:
    event = create_individual_event(
        club=club,
        movement=rainbow_individual(5, 1, rounds=3),
        name=EVENT_NAME,
        date=datetime.date(2026, 11, 23),
    )
    name_players(section=event.sections.get(), names=dict(enumerate(NAMES, start=1)))
    play_every_board(event, seed=5)
    return event, set(NAMES)


def teams_event(club) -> tuple[Event, set[str]]:
    event = create_team_event(club=club, name=EVENT_NAME, date=datetime.date(2026, 11, 22))
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
    event.refresh_from_db()
    for k in range(4):
        register_team(
            event=event, name=NAMES[k], players=[NAMES[k + 4], *(f"Player {k}{s}" for s in "bcd")]
        )
    draw_next_round(event=event)
    for margin, match in enumerate(round_matches(event=event, round=1), start=3):
        save_captains_totals(match=match, home_imps=margin, away_imps=0)
    return event, set(NAMES) | {f"Player {k}{s}" for k in range(4) for s in "bcd"}


KINDS = {"pairs": pairs_event, "individual": individual_event, "teams": teams_event}


def export(client, event, key: str) -> bytes:
    response = client.get(reverse("download", args=[event.pk, key]))
    assert response.status_code == 200
    return response.content


def names_read_back(data: bytes) -> tuple[str, str, set[str]]:
    """The event's name, the club's and every team's and player's name, as our reader reads
    the file back."""
    imported = read_result_file(data)
    if isinstance(imported, TeamsFile):
        names = {t.name for t in imported.teams} | {p for t in imported.teams for p in t.players}
    elif imported.players:
        names = {name for name in imported.players.values() if name}
    else:
        names = {name for pair in imported.pairs for name in pair.names}
    return imported.name, imported.club_name, names


@pytest.fixture
def hostile_club(club) -> Club:
    Club.objects.filter(pk=club.pk).update(name=CLUB_NAME)
    club.refresh_from_db()
    return club


@pytest.mark.parametrize("kind", KINDS)
def test_names_full_of_markup_come_back_exactly_from_our_usebio_file(
    director_client, hostile_club, kind
):
    event, names = KINDS[kind](hostile_club)

    data = export(director_client, event, "usebio")

    root = ET.fromstring(data)
    for element in root.iter():
        assert set(element.attrib) <= ATTRIBUTES.get(element.tag, set()), element.tag
    written = {e.text for e in root.iter("PLAYER_NAME") if e.text}
    written |= {e.get("TEAM_NAME") for e in root.iterfind(".//PARTICIPANTS/TEAM")}
    assert written == names
    assert root.find("EVENT").findtext("EVENT_DESCRIPTION") == EVENT_NAME
    assert root.find("CLUB").findtext("CLUB_NAME") == CLUB_NAME
    assert names_read_back(data) == (EVENT_NAME, CLUB_NAME, names)


@pytest.mark.parametrize("kind", KINDS)
def test_names_full_of_quotes_and_backslashes_come_back_exactly_from_our_pbn_file(
    director_client, hostile_club, kind
):
    event, names = KINDS[kind](hostile_club)

    data = export(director_client, event, "pbn")

    assert '[Event "The \\"Big\\" <Pairs> & Co\'s"]' in data.decode("utf-8-sig")
    assert names_read_back(data) == (EVENT_NAME, CLUB_NAME, names)
