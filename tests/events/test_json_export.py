"""The JSON export: its shape, its figures, and its public address."""

import json

import pytest
from django.urls import reverse

from events.formats import json_export
from events.models import Event
from events.services.entry import board_meetings, save_line
from events.services.exports import export_file, pairs_file
from events.services.imports import import_event, read_result_file
from scoring import parse_traveller_line
from tests.conftest import while_running
from tests.events.files import read_file


def _import(club, name: str) -> Event:
    data = read_file(name)
    return import_event(imported=read_result_file(data), club=club)


@pytest.mark.django_db
def test_shape_and_figures_of_a_matchpoint_event(club):
    event = _import(club, "ruter_pairs.pbn")
    results = json_export.event_results(pairs_file(event=event))
    assert results["event"] == {
        "id": event.pk,
        "name": "Kerhon parikilpailu",
        "club": "Test Bridge Club",
        "date": "2026-03-14",
        "kind": "pairs",
        "scoring": "mp",
        "status": "published",
        "settings": {
            "mp_scale": 2,
            "mp_rounding": "none",
            "missing_results": "neuberg",
            "factor_to": "played",
            "percentage_basis": "scored",
            "datum_method": "drop-one",
            "cross_imp_mode": "cross2",
            "factor_totals": False,
            "factor_boards": None,
            "winners": 2,
            "section_scoring": "section",
        },
    }
    assert results["ranking"][0] == {
        "section": "A",
        "pair": 3,
        "label": "3",
        "direction": "NS",
        "names": "Päivi Virtanen & Åke Lindholm",
        "score": 6.4,
        "percentage": 80.0,
        "place": "1",
        "boards_played": 2,
    }
    assert [(r["pair"], r["direction"], r["place"]) for r in results["ranking"]] == [
        (3, "NS", "1"), (1, "NS", "2"), (2, "NS", "3"),
        (6, "EW", "1"), (5, "EW", "2"), (4, "EW", "3"),
    ]  # fmt: skip
    board = results["boards"][0]
    assert {k: board[k] for k in ("number", "dealer", "vulnerability", "datum")} == {
        "number": 1, "dealer": "N", "vulnerability": "None", "datum": None
    }  # fmt: skip
    assert board["results"][0] == {
        "ns": 1,
        "ew": 4,
        "ns_label": "1",
        "ew_label": "4",
        "round": 1,
        "table": 1,
        "contract": "4S",
        "declarer": "N",
        "tricks": 10,
        "lead": "D2",
        "score_ns": 420,
        "score_ew": None,
        "adjusted": None,
        "weighted": None,
        "not_played": False,
        "ns_points": 3.5,
        "ew_points": 0.5,
        "fixed": False,
    }
    assert board["results"][2]["adjusted"] == {
        "ns": "A+",
        "ew": "A-",
        "ns_percent": 60,
        "ew_percent": 40,
    }
    assert (board["results"][2]["ns_points"], board["results"][2]["ew_points"]) == (2.4, 1.6)
    passed = results["boards"][1]["results"][0]
    assert (passed["contract"], passed["declarer"], passed["tricks"], passed["score_ns"]) == (
        "PASS", None, None, 0
    )  # fmt: skip


@pytest.mark.django_db
def test_butler_boards_carry_their_datum(club):
    results = json_export.event_results(pairs_file(event=_import(club, "magic_butler.pbn")))
    assert [board["datum"] for board in results["boards"]] == [190, 360, 110]
    assert results["ranking"][0]["percentage"] is None


@pytest.mark.django_db
def test_a_not_played_line(make_event):
    event = make_event()
    board = event.sections.get().boards.get(number=1)
    meeting = board_meetings(board=board)[0]
    save_line(board=board, line=parse_traveller_line("NP"), ns_pair=meeting.ns, ew_pair=meeting.ew)
    (line,) = json_export.event_results(pairs_file(event=event))["boards"][0]["results"]
    assert (line["not_played"], line["score_ns"], line["ns_points"], line["adjusted"]) == (
        True, None, None, None
    )  # fmt: skip


@pytest.mark.django_db
def test_the_json_file_is_utf8(club):
    event = _import(club, "ruter_pairs.pbn")
    data = export_file(event=event, format_key="json")
    assert "Päivi".encode() in data
    assert json.loads(data) == json_export.event_results(pairs_file(event=event))


@pytest.mark.django_db
def test_results_json_is_public_once_published(client, club):
    event = _import(club, "compscore_cross.xml")
    url = reverse("results-json", kwargs={"event_id": event.pk})
    assert url == f"/events/{event.pk}/results.json"
    response = client.get(url)
    assert response["Content-Type"] == "application/json"
    assert response.json()["ranking"][0] == {
        "section": "A",
        "pair": 3,
        "label": "3",
        "direction": "NS",  # one winner, but the pair sat North-South all session
        "names": "Eve Wood & Fay Wood",
        "score": 13.0,
        "percentage": None,
        "place": "1",
        "boards_played": 2,
    }


@pytest.mark.django_db
@pytest.mark.parametrize("status", ["setup", "running"])
def test_results_json_is_404_until_published(client, make_event, status):
    event = make_event(status=status)
    response = client.get(reverse("results-json", kwargs={"event_id": event.pk}))
    assert response.status_code == 404
    assert client.get("/events/999999/results.json").status_code == 404


@pytest.mark.django_db
def test_results_json_reads_a_constant_number_of_queries(
    client, club, make_event, django_assert_num_queries
):
    small = _import(club, "ruter_pairs.pbn")  # 2 boards, 6 lines
    large = make_event(status="published")  # 21 boards, 147 lines
    with while_running(large):
        for board in large.sections.get().boards.all():
            for meeting in board_meetings(board=board):
                line = parse_traveller_line("3NT S 9")
                save_line(board=board, line=line, ns_pair=meeting.ns, ew_pair=meeting.ew)
    # One of them the club's language, for a reader whose browser asks for none of the site's.
    with django_assert_num_queries(7):
        client.get(reverse("results-json", kwargs={"event_id": small.pk}))
    with django_assert_num_queries(7):
        response = client.get(reverse("results-json", kwargs={"event_id": large.pk}))
    assert sum(len(board["results"]) for board in response.json()["boards"]) == 147
