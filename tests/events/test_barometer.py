"""A barometer session keyed in through the director's entry view, round after round: the
projector's ranking after each round, and the pairs that moved most in it, against the
matchpoints worked out here from the scores typed; the movement page that offers it."""

import datetime
import random
import re
from collections import Counter

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.models import Board, Event, Result, Section
from events.services.entry import board_meetings, save_line
from events.services.individuals import create_individual_event
from scoring import barometer_howell, barometer_individual, barometer_mitchell, parse_traveller_line
from scoring.movements import complete_individual

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
# Part scores: the same at any vulnerability, so that any of them may be typed on any board.
SCORES = [90, 110, 120, 140, 150, 170, -90, -110, -120, -140, -150, -170]
ROW = re.compile(
    r'<tr data-pair="(\w+)">\s*<td class="num place">([^<]*)</td>.*?'
    r'<td class="num score">([^<]*)</td>',
    re.S,
)
MOVE = re.compile(r'<li data-pair="(\w+)">.*?<span>([^<]*) → ([^<]*)</span>', re.S)


def key_in(client, event, board, ns, ew, score):
    response = client.post(
        reverse("line-save", args=[event.pk, board]),
        {"line": f"{ns} {ew} {score:+d}", "ns": "", "ew": "", "mode": f"board:{board}"},
        **HTMX,
    )
    assert response.headers.get("HX-Trigger") == '{"result-saved": {}}', response.content


def places_of(percentages: dict[int, float]) -> dict[int, str]:
    """Places as a results sheet prints them: ties share the better place, marked "="."""
    counts = Counter(round(p, 6) for p in percentages.values())
    return {
        pair: str(1 + sum(round(o, 6) > round(p, 6) for o in percentages.values()))
        + ("=" if counts[round(p, 6)] > 1 else "")
        for pair, p in percentages.items()
    }


def percentages_after(scores: dict[int, dict[tuple[int, int], int]], boards: int, pairs):
    """Each pair's percentage over boards 1..`boards`: 2 matchpoints a score beaten, 1 a score
    tied, against the other North-South scores on the board; East-West the rest of the top."""
    got, tops = Counter(), Counter()
    for board in range(1, boards + 1):
        lines = scores[board]
        top = 2 * (len(lines) - 1)
        for (ns, ew), score in lines.items():
            points = sum(2 if o < score else 1 if o == score else 0 for o in lines.values()) - 1
            got[ns] += points
            got[ew] += top - points
            tops[ns] += top
            tops[ew] += top
    return {pair: 100 * got[pair] / tops[pair] for pair in pairs}


def projector(event):
    page = Client().get(reverse("barometer-projector", args=[event.pk])).content.decode()
    shown = re.search(r'data-round="(\d+)"', page)
    risers = page.partition('<ul class="risers">')[2].partition("</ul>")[0]
    fallers = page.partition('<ul class="fallers">')[2].partition("</ul>")[0]
    return (
        int(shown.group(1)),
        [(int(pair), place, score) for pair, place, score in ROW.findall(page)],
        MOVE.findall(risers),
        MOVE.findall(fallers),
    )


def test_a_barometer_of_6_tables_and_4_rounds_keyed_in_ranks_after_each_round(
    director_client, make_event
):
    movement = barometer_howell(6, 2, rounds=4)
    event = make_event(movement)
    assert Event.objects.get(pk=event.pk).reveal == Event.Reveal.END_OF_ROUND
    assert Section.objects.get(event=event).barometer
    rng = random.Random(24)
    scores: dict[int, dict[tuple[int, int], int]] = {}
    for played in range(1, 5):
        tables = [s for s in movement.sittings if s.round == played]
        for index, sitting in enumerate(tables):
            if index == len(tables) - 1:
                # One table still playing: the projector shows the round before.
                assert projector(event)[0] == played - 1
            for board in movement.boards_at(played, sitting.table):
                score = rng.choice(SCORES)
                scores.setdefault(board, {})[sitting.ns_pair, sitting.ew_pair] = score
                key_in(director_client, event, board, sitting.ns_pair, sitting.ew_pair, score)
        shown, rows, risers, fallers = projector(event)
        assert shown == played
        after = percentages_after(scores, 2 * played, movement.pairs)
        places = places_of(after)
        expected = sorted(movement.pairs, key=lambda p: (-round(after[p], 6), p))
        assert rows == [(p, places[p], f"{after[p]:.2f}") for p in expected]
        if played == 1:
            assert risers == fallers == []
            continue
        before = places_of(percentages_after(scores, 2 * (played - 1), movement.pairs))
        moved = {p: int(before[p].rstrip("=")) - int(places[p].rstrip("=")) for p in movement.pairs}
        best_rise = sorted((m for m in moved.values() if m > 0), reverse=True)[:3]
        worst_fall = sorted(m for m in moved.values() if m < 0)[:3]
        assert [moved[int(p)] for p, _, _ in risers] == best_rise
        assert [moved[int(p)] for p, _, _ in fallers] == worst_fall
        for pair, was, now in risers + fallers:
            assert (was, now) == (before[int(pair)], places[int(pair)])
    assert Result.objects.filter(board__section__event=event).count() == 6 * 8
    assert {r.round for r in Result.objects.filter(board__number__in=(7, 8))} == {4}


def test_the_movement_page_offers_the_barometers_and_sets_the_end_of_round_rule(
    director_client, club
):
    event = Event.objects.create(club=club, name="Barometer", date="2026-11-26")
    Section.objects.create(event=event)
    url = reverse("director-movement", args=[event.pk])
    page = director_client.get(url, {"tables": "6"}).content.decode()
    names = re.findall(r"<strong>([^<]*)</strong>", page)
    assert "Barometers: every table plays the same boards in a round" in page
    choice = names.index("6-table barometer (Howell)")
    response = director_client.post(url, {"tables": "6", "choice": choice}, follow=True)
    assert "once every table has played the round" in response.content.decode()
    event.refresh_from_db()
    section = event.sections.get()
    assert (section.barometer, section.movement, event.reveal) == (
        True,
        "6-table barometer (Howell)",
        Event.Reveal.END_OF_ROUND,
    )
    # Every table plays the round's boards: boards 1-3 (the club's three a round) in round 1.
    assert set(section.table_rounds.filter(round=1).values_list("low_board", "high_board")) == {
        (1, 3)
    }


def test_a_director_s_end_of_session_rule_stays_and_a_pairs_event_without_one_has_no_projector(
    make_event, client
):
    kept = make_event(barometer_mitchell(5, 3), reveal=Event.Reveal.END_OF_SESSION)
    assert Event.objects.get(pk=kept.pk).reveal == Event.Reveal.END_OF_SESSION
    page = client.get(reverse("barometer-projector", args=[kept.pk])).content.decode()
    assert "shown when the director publishes" in page and "<tr data-pair" not in page
    plain = make_event()
    assert client.get(reverse("barometer-projector", args=[plain.pk])).status_code == 404


def test_the_event_pages_link_to_the_projector_of_a_barometer_only(
    make_event, client, director_client
):
    barometer, plain = make_event(barometer_howell(4, 3, rounds=6)), make_event()
    link = reverse("barometer-projector", args=[barometer.pk])
    assert link in client.get(reverse("event", args=[barometer.pk])).content.decode()
    director_page = reverse("director-event", args=[barometer.pk])
    assert link in director_client.get(director_page).content.decode()
    assert "/barometer/" not in client.get(reverse("event", args=[plain.pk])).content.decode()


def test_an_individual_barometer_s_projector_ranks_its_players(club, client):
    movement = barometer_individual(complete_individual(8, 2, rounds=3))
    event = create_individual_event(
        club=club,
        movement=movement,
        name="Individual barometer",
        date=datetime.date(2026, 11, 26),
        status="running",
    )
    assert Event.objects.get(pk=event.pk).reveal == Event.Reveal.END_OF_ROUND
    rng = random.Random(8)
    for board in Board.objects.filter(section__event=event, number__lte=2).select_related(
        "section__event"
    ):
        for meeting in board_meetings(board=board):
            line = parse_traveller_line(f"{rng.choice(SCORES):+d}")
            save_line(board=board, line=line, ns_pair=meeting.ns, ew_pair=meeting.ew)
    page = client.get(reverse("barometer-projector", args=[event.pk])).content.decode()
    rows = ROW.findall(page)
    assert len(rows) == 8 and "<th>Player</th>" in page and 'data-round="1"' in page
    # A player scores what the side they sat in scored: two boards, each played at both tables
    # (a top of 2), all in round 1.
    points = Counter()
    for line in Result.objects.filter(board__section__event=event):
        points[line.ns_pair_id] += line.ns_points
        points[line.ew_pair_id] += line.ew_points
    section = event.sections.get()
    percentages = {
        player.number: 100 * sum(points[seat.side_id] for seat in player.seats.all()) / 4
        for player in section.individuals.all()
    }
    places = places_of(percentages)
    expected = sorted(percentages, key=lambda p: (-round(percentages[p], 6), p))
    assert rows == [(str(p), places[p], f"{percentages[p]:.2f}") for p in expected]


def _queries_of_the_projector(event, client) -> int:
    cache.clear()  # the page itself, and what it is worked out from, asked afresh
    with CaptureQueriesContext(connection) as queries:
        page = client.get(reverse("barometer-projector", args=[event.pk])).content.decode()
    assert 'data-round="2"' in page
    return len(queries)


def test_the_projector_takes_the_same_queries_whatever_the_size(make_event, client):
    counts = []
    for tables in (3, 8):
        movement = barometer_howell(tables, 1, rounds=3)
        event = make_event(movement)
        for board in Board.objects.filter(section__event=event, number__lte=2).select_related(
            "section__event"
        ):
            for meeting in board_meetings(board=board):
                save_line(
                    board=board,
                    line=parse_traveller_line("+110"),
                    ns_pair=meeting.ns,
                    ew_pair=meeting.ew,
                )
        counts.append(_queries_of_the_projector(event, client))
    assert counts[0] == counts[1], counts


def test_a_new_individual_may_be_a_barometer(director_client, club):
    form = director_client.get(reverse("individual-new", args=[club.slug])).context["form"]
    posted = {name: form[name].value() for name in form.fields} | {
        "name": "Individual barometer",
        "date": "2026-11-27",
        "movement": "rainbow-5",
        "rounds": "4",
        "barometer": "on",
    }
    posted = {name: value for name, value in posted.items() if value is not None}

    response = director_client.post(
        reverse("individual-new", args=[club.slug]), posted, follow=True
    )

    assert "once every table has played the round" in response.content.decode()
    event = club.events.get(name="Individual barometer")
    section = event.sections.get()
    assert (event.reveal, section.barometer, section.movement) == (
        Event.Reveal.END_OF_ROUND,
        True,
        "5-table Rainbow barometer individual",
    )
    # Round 3 plays boards 7-9 (three a round) at every table.
    assert set(section.table_rounds.filter(round=3).values_list("low_board", "high_board")) == {
        (7, 9)
    }


def test_a_barometer_s_table_cards_share_no_boards(director_client, make_event):
    event = make_event(barometer_howell(4, 3, rounds=5))
    page = director_client.get(reverse("director-cards", args=[event.pk])).content.decode()
    assert "shared with" not in page and "relay" not in page
    # Round 1's boards at each of the four tables: in the summary, on each table's card, and on
    # the guide card of each of the eight pairs.
    assert page.count("1–3") == 4 + 4 + 8


def test_the_projector_s_refresh_is_its_ranking_alone(make_event, client):
    event = make_event(barometer_mitchell(4, 2, rounds=4))
    url = reverse("barometer-projector", args=[event.pk])
    page = client.get(url).content.decode()
    assert f'hx-get="{url}"' in page and "every 20s" in page
    fragment = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.startswith('\n<main id="projector"') and "<html" not in fragment
    assert "once every table has finished round 1" in fragment


def test_the_projector_names_a_mitchells_two_rankings_in_the_readers_language(
    director_client, make_event
):
    movement = barometer_mitchell(4, 2, rounds=4)
    event = make_event(movement, winners=2)
    for sitting in (s for s in movement.sittings if s.round == 1):
        for board in movement.boards_at(1, sitting.table):
            key_in(director_client, event, board, sitting.ns_pair, sitting.ew_pair, 110)

    url = reverse("barometer-projector", args=[event.pk])
    page = Client(headers={"accept-language": "fr"}).get(url).content.decode()

    assert re.findall(r"<h2>([^<]*)</h2>", page)[:2] == ["Nord-Sud", "Est-Ouest"]
