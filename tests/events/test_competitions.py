"""Multi-session events: two sessions entered through the services, the cumulative ranking
checked against a hand computation, the director's changes, the public page and the files."""

import csv
import datetime
import html
import io
import json
import re

import openpyxl
import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from events.models import Change, Club, Competition, CompetitionSession, Event
from events.services.competitions import (
    CompetitionRefused,
    add_session,
    change_carry_over,
    competition_changes,
    create_competition,
    cumulative_standings,
    move_session,
    remove_session,
)
from events.services.notes import note_text
from events.services.setup import name_pair
from scoring import mitchell
from tests.events.test_exports import enter

pytestmark = pytest.mark.django_db

# Two sessions of a 3-table Mitchell (NS 1-3, EW 4-6); boards 1 and 2 entered, each played
# three times (top 4 a board, 8 a pair). Board 1 nobody vulnerable, board 2 NS vulnerable.
# Boards 1-2 are played by NS 1 v EW 4, NS 3 v EW 5, NS 2 v EW 6.
#
# Session 1. Board 1: NS1 +420 (2), NS2 +450 (4), NS3 -50 (0); EW4 2, EW6 0, EW5 4.
#            Board 2: NS1 +600 (1), NS2 +600 (1), NS3 +620 (4); EW4 3, EW6 3, EW5 0.
#   NS1 3 (37.5%), NS2 5 (62.5%), NS3 4 (50%), EW4 5 (62.5%), EW5 4 (50%), EW6 3 (37.5%).
# Session 2. Board 1: NS1 +420 (3), NS2 -50 (0), NS3 +420 (3); EW4 1, EW6 4, EW5 1.
#            Board 2: NS1 +630 (4), NS2 +600 (2), NS3 -100 (0); EW4 0, EW6 2, EW5 4.
#   NS1 7 (87.5%), NS2 2 (25%), NS3 3 (37.5%), EW4 1 (12.5%), EW5 5 (62.5%), EW6 6 (75%).
SESSION_1 = {
    1: {1: "4S N 10", 2: "4S N 11", 3: "3NT S 8"},
    2: {1: "3NT N 9", 2: "3NT N 9", 3: "4H N 10"},
}
SESSION_2 = {
    1: {1: "4S N 10", 2: "4S N 9", 3: "4S N 10"},
    2: {1: "3NT N 10", 2: "3NT N 9", 3: "3NT N 8"},
}
NAMES_1 = {
    1: ["Ann Able", "Bob Baker"],
    2: ["Cat Cole", "Dan Dunn"],
    3: ["Eve Evans", "Fay Ford"],
    4: ["Gus Gray", "Hal Hill"],
    5: ["Ivy Irwin", "Jo Jones"],
    6: ["Kit King", "Len Lee"],
}
# Pairs sit elsewhere in session 2 (Ann and Bob the other way round); Eve, Fay, Kit and Len
# change partners: two new partnerships, and two that played session 1 only.
NAMES_2 = {
    1: ["Gus Gray", "Hal Hill"],
    2: ["Bob Baker", "Ann Able"],
    3: ["Eve Evans", "Kit King"],
    4: ["Cat Cole", "Dan Dunn"],
    5: ["Ivy Irwin", "Jo Jones"],
    6: ["Fay Ford", "Len Lee"],
}

# By hand, each entrant's sessions (MPs/%) and the three carry-overs:
#   Gus & Hal  5/62.5  7/87.5  -> 12 MPs, 150 %,   average 75
#   Ivy & Jo   4/50    5/62.5  ->  9 MPs, 112.5 %, average 56.25
#   Cat & Dan  5/62.5  1/12.5  ->  6 MPs,  75 %,   average 37.5
#   Fay & Len  -       6/75    ->  6 MPs,  75 %,   average 75
#   Ann & Bob  3/37.5  2/25    ->  5 MPs,  62.5 %, average 31.25
#   Eve & Fay  4/50    -       ->  4 MPs,  50 %,   average 50
#   Kit & Len  3/37.5  -       ->  3 MPs,  37.5 %, average 37.5
#   Eve & Kit  -       3/37.5  ->  3 MPs,  37.5 %, average 37.5
# Ties by countback (the better best session, then the second best): Fay & Len's 75 (6 MPs)
# beats Cat & Dan's 62.5 (5 MPs); on the average, Gus & Hal's 87.5 beats Fay & Len's 75, and
# Cat & Dan's 62.5 beats Kit & Len's and Eve & Kit's 37.5. Kit & Len and Eve & Kit are equal
# all the way: they share the place, Kit & Len (who played first) listed first.
SUM_PERCENT = [
    ("1", "Gus Gray & Hal Hill", 150.0),
    ("2", "Ivy Irwin & Jo Jones", 112.5),
    ("3", "Fay Ford & Len Lee", 75.0),
    ("4", "Cat Cole & Dan Dunn", 75.0),
    ("5", "Bob Baker & Ann Able", 62.5),
    ("6", "Eve Evans & Fay Ford", 50.0),
    ("7=", "Kit King & Len Lee", 37.5),
    ("7=", "Eve Evans & Kit King", 37.5),
]
SUM_MPS = [
    ("1", "Gus Gray & Hal Hill", 12),
    ("2", "Ivy Irwin & Jo Jones", 9),
    ("3", "Fay Ford & Len Lee", 6),
    ("4", "Cat Cole & Dan Dunn", 6),
    ("5", "Bob Baker & Ann Able", 5),
    ("6", "Eve Evans & Fay Ford", 4),
    ("7=", "Kit King & Len Lee", 3),
    ("7=", "Eve Evans & Kit King", 3),
]
AVERAGE = [
    ("1", "Gus Gray & Hal Hill", 75.0),
    ("2", "Fay Ford & Len Lee", 75.0),
    ("3", "Ivy Irwin & Jo Jones", 56.25),
    ("4", "Eve Evans & Fay Ford", 50.0),
    ("5", "Cat Cole & Dan Dunn", 37.5),
    ("6=", "Kit King & Len Lee", 37.5),
    ("6=", "Eve Evans & Kit King", 37.5),
    ("8", "Bob Baker & Ann Able", 31.25),
]


def make_session(make_event, name, date, names, lines, **settings):
    event = make_event(mitchell(3, 2), name=name, date=date, **settings)
    for pair in event.sections.get().pairs.all():
        name_pair(pair=pair, names=names[pair.number])
    enter(event, lines)
    return Event.objects.select_related("club").get(pk=event.pk)


def two_sessions(make_event, name):
    """Sessions "<name> 1" and "<name> 2" on consecutive days, both entered."""
    first = make_session(make_event, f"{name} 1", datetime.date(2026, 11, 21), NAMES_1, SESSION_1)
    second = make_session(make_event, f"{name} 2", datetime.date(2026, 11, 22), NAMES_2, SESSION_2)
    return first, second


def update_competition(competition, **fields):
    Competition.objects.filter(pk=competition.pk).update(**fields)
    competition.refresh_from_db()


def update_session(competition, position, **fields):
    """Set fields of the event that is the competition's session at `position`."""
    Event.objects.filter(pk=competition.sessions.get(position=position).event_id).update(**fields)


@pytest.fixture
def championship(club, make_event, director):
    """A two-session championship, both sessions entered, summing percentages."""
    first, second = two_sessions(make_event, "Championship")
    competition = create_competition(
        club=club, name="Autumn Championship", carry_over="sum-percent", best_of=None, user=director
    )
    add_session(competition=competition, event=first, user=director)
    add_session(competition=competition, event=second, user=director)
    return competition


def table(standings):
    return [(row.place, row.names, row.total) for row in standings.rows]


@pytest.mark.parametrize(
    ("carry_over", "expected"),
    [
        pytest.param("sum-percent", SUM_PERCENT, id="sum-of-percentages"),
        pytest.param("sum-mps", SUM_MPS, id="sum-of-matchpoints"),
        pytest.param("average-percent", AVERAGE, id="average-over-sessions-played"),
    ],
)
def test_cumulative_ranking_is_the_hand_computation(championship, carry_over, expected):
    update_competition(championship, carry_over=carry_over)
    assert table(cumulative_standings(competition=championship, public=True)) == expected


def test_each_session_column_holds_the_pairs_result_in_that_session(championship):
    standings = cumulative_standings(competition=championship, public=True)
    ann_bob = next(row for row in standings.rows if "Ann Able" in row.names)
    assert [(c.score.percentage, c.pair_number, c.counted) for c in ann_bob.cells] == [
        (37.5, 1, True),
        (25.0, 2, True),
    ]
    eve_kit = next(row for row in standings.rows if row.names == "Eve Evans & Kit King")
    assert eve_kit.cells[0].score is None
    assert [c.number for c in standings.columns] == [1, 2]


def test_best_one_of_two_counts_the_better_session(championship):
    update_competition(championship, carry_over="sum-percent", best_of=1)
    standings = cumulative_standings(competition=championship, public=True)
    # Gus & Hal 87.5, Fay & Len 75; Ivy & Jo 62.5 (their 50 dropped) and Cat & Dan 62.5
    # (their 12.5 dropped): countback on the second best, 50 beats 12.5.
    assert table(standings)[:4] == [
        ("1", "Gus Gray & Hal Hill", 87.5),
        ("2", "Fay Ford & Len Lee", 75.0),
        ("3", "Ivy Irwin & Jo Jones", 62.5),
        ("4", "Cat Cole & Dan Dunn", 62.5),
    ]
    assert [c.counted for c in standings.rows[2].cells] == [False, True]
    assert [c.counted for c in standings.rows[3].cells] == [True, False]


def test_the_public_sees_a_session_only_as_its_reveal_rule_allows(championship):
    update_session(championship, 2, reveal=Event.Reveal.END_OF_SESSION)
    standings = cumulative_standings(competition=championship, public=True)
    assert [c.shown for c in standings.columns] == [True, False]
    # Session 1 only: Cat & Dan (NS) and Gus & Hal (EW) share the top with 62.5.
    assert table(standings)[:2] == [
        ("1=", "Cat Cole & Dan Dunn", 62.5),
        ("1=", "Gus Gray & Hal Hill", 62.5),
    ]
    # The director sees everything entered.
    director_view = cumulative_standings(competition=championship, public=False)
    assert table(director_view) == SUM_PERCENT
    update_session(championship, 2, status=Event.Status.PUBLISHED)
    assert table(cumulative_standings(competition=championship, public=True)) == SUM_PERCENT


def test_a_session_being_set_up_is_not_counted_for_the_public(championship):
    update_session(championship, 2, status=Event.Status.SETUP)
    standings = cumulative_standings(competition=championship, public=True)
    assert [c.shown for c in standings.columns] == [True, False]
    assert len(standings.rows) == 6


# The director's changes


def test_sessions_are_added_in_order_moved_and_removed_each_a_recorded_change(
    championship, director
):
    first, second = (s.event for s in championship.sessions.all())
    session_2 = championship.sessions.get(event=second)
    move_session(session=session_2, step=-1, user=director)
    assert [s.event for s in championship.sessions.all()] == [second, first]
    remove_session(session=CompetitionSession.objects.get(event=second), user=director)
    assert [(s.event, s.position) for s in championship.sessions.all()] == [(first, 1)]
    assert Event.objects.filter(pk=second.pk).exists()
    notes = [note_text(c.note) for c in competition_changes(competition=championship)]
    assert notes == [
        f"Autumn Championship: {second} removed",
        f"Autumn Championship: {second} moved up",
        f"Autumn Championship: {second} added",
        f"Autumn Championship: {first} added",
        "Autumn Championship: made",
    ]
    assert {c.kind for c in competition_changes(competition=championship)} == {"series"}
    assert {c.user for c in competition_changes(competition=championship)} == {director}


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("twice", "is already a session of Autumn Championship"),
        ("other club", "is not an event of Test Bridge Club"),
        ("imps", "Butler is scored in IMPs: sessions carry matchpoints and percentages over"),
    ],
)
def test_a_session_that_cannot_be_added_is_refused_and_nothing_recorded(
    championship, make_event, case, message
):
    if case == "twice":
        event = championship.sessions.first().event
    elif case == "other club":
        other = Club.objects.create(name="Other Club", slug="other")
        event = Event.objects.create(club=other, name="Theirs", date=datetime.date(2026, 1, 1))
    else:
        event = make_event(mitchell(3, 2), name="Butler", scoring="butler")
    changes = Change.objects.count()
    with pytest.raises(CompetitionRefused, match=message):
        add_session(competition=championship, event=event)
    assert championship.sessions.count() == 2
    assert Change.objects.count() == changes


@pytest.mark.parametrize(
    ("position", "step", "message"),
    [(1, -1, "session 1 is already the first"), (2, 1, "session 2 is already the last")],
)
def test_a_session_is_not_moved_past_either_end(championship, position, step, message):
    session = championship.sessions.get(position=position)
    with pytest.raises(CompetitionRefused, match=message):
        move_session(session=session, step=step)
    assert [s.position for s in championship.sessions.all()] == [1, 2]


# Director pages


def test_director_makes_a_competition_adds_sessions_and_chooses_the_carry_over(
    director_client, club, make_event
):
    first, second = two_sessions(make_event, "Evening")
    response = director_client.post(
        reverse("competition-new", args=[club.slug]),
        {"name": "Winter Series", "carry_over": "average-percent", "best_of": ""},
    )
    competition = Competition.objects.get(name="Winter Series")
    assert response["Location"] == reverse("director-competition", args=[competition.pk])
    add = reverse("competition-session-add", args=[competition.pk])
    director_client.post(add, {"event": second.pk})
    director_client.post(add, {"event": first.pk})
    session = competition.sessions.get(event=first)
    director_client.post(
        reverse("competition-session", args=[competition.pk, session.pk]), {"action": "up"}
    )
    assert [s.event for s in competition.sessions.all()] == [first, second]
    director_client.post(
        reverse("competition-carry-over", args=[competition.pk]),
        {"carry_over": "sum-mps", "best_of": ""},
    )
    competition.refresh_from_db()
    assert (competition.carry_over, competition.best_of) == ("sum-mps", None)
    page = director_client.get(reverse("director-competition", args=[competition.pk]))
    rows = [(r.place, r.names, r.total) for r in page.context["standings"].rows]
    assert rows == SUM_MPS
    assert "Winter Series: carry-over sum of matchpoints" in page.content.decode()


@pytest.mark.parametrize(
    ("url", "data", "message"),
    [
        (
            "competition-carry-over",
            {"carry_over": "sum-mps", "best_of": "0"},
            "greater than or equal to 1",
        ),
        (
            "competition-carry-over",
            {"carry_over": "sum-imps", "best_of": ""},
            "Select a valid choice",
        ),
        (
            "competition-session-add",
            {"event": "999999"},
            "Choose one of the club&#x27;s events not yet a session.",
        ),
    ],
)
def test_bad_input_on_the_director_page_says_what_to_fix(
    director_client, championship, url, data, message
):
    response = director_client.post(reverse(url, args=[championship.pk]), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    championship.refresh_from_db()
    assert (championship.carry_over, championship.best_of) == ("sum-percent", None)
    assert championship.sessions.count() == 2


def test_a_refused_move_is_a_message_not_an_error(director_client, championship):
    session = championship.sessions.get(position=1)
    url = reverse("competition-session", args=[championship.pk, session.pk])
    response = director_client.post(url, {"action": "up"}, follow=True)
    assert "Not changed: session 1 is already the first." in response.content.decode()
    response = director_client.post(url, {"action": "sideways"}, follow=True)
    assert "Not changed: choose to move the session up or down" in response.content.decode()


def test_another_clubs_director_does_not_find_the_competition(
    client, championship, django_user_model
):
    other = django_user_model.objects.create_user("other", password="x")
    client.force_login(other)
    assert client.get(reverse("director-competition", args=[championship.pk])).status_code == 404
    response = client.post(
        reverse("competition-carry-over", args=[championship.pk]), {"carry_over": "sum-mps"}
    )
    assert response.status_code == 404


# Public page and files


def test_public_page_shows_the_cumulative_ranking_with_links_to_each_session(client, championship):
    page = client.get(reverse("competition", args=[championship.pk])).content.decode()
    first, second = (s.event for s in championship.sessions.all())
    assert f'href="{first.get_absolute_url()}"' in page
    assert f'href="{second.get_absolute_url()}"' in page
    assert "150.00" in page
    club_page = client.get(reverse("club", args=[championship.club.slug])).content.decode()
    assert championship.get_absolute_url() in club_page


def test_a_competition_none_of_whose_sessions_started_is_not_public(client, championship):
    Event.objects.filter(pk__in=championship.sessions.values("event")).update(status="setup")
    assert client.get(reverse("competition", args=[championship.pk])).status_code == 404
    url = reverse("competition-download", args=[championship.pk, "csv"])
    assert client.get(url).status_code == 404
    assert (
        championship.get_absolute_url()
        not in client.get(reverse("club", args=["test-club"])).content.decode()
    )


def download(client, competition, key):
    return client.get(reverse("competition-download", args=[competition.pk, key]))


def test_excel_holds_the_cumulative_ranking(client, championship):
    response = download(client, championship, "xlsx")
    assert (
        response["Content-Disposition"]
        == 'attachment; filename="autumn-championship-cumulative.xlsx"'
    )
    sheet = openpyxl.load_workbook(io.BytesIO(response.content))["Cumulative"]
    assert sheet["A1"].value.startswith("Autumn Championship: cumulative ranking")
    header = [c.value for c in sheet[2]]
    assert header == [
        "Place",
        "Names",
        "1. Championship 1",
        "2. Championship 2",
        "Total %",
        "Played",
    ]
    rows = [[c.value for c in row] for row in sheet.iter_rows(min_row=3, max_row=4)]
    assert rows == [
        [1, "Gus Gray & Hal Hill", 62.5, 87.5, 150.0, 2],
        [2, "Ivy Irwin & Jo Jones", 50.0, 62.5, 112.5, 2],
    ]
    assert sheet["E3"].number_format == "0.00"
    assert sheet["D8"].value is None  # Eve & Fay did not play session 2


def test_excel_marks_a_session_not_counted(client, championship):
    update_competition(championship, best_of=1)
    sheet = openpyxl.load_workbook(io.BytesIO(download(client, championship, "xlsx").content))[
        "Cumulative"
    ]
    cat_dan = next(
        row for row in sheet.iter_rows(min_row=3) if row[1].value == "Cat Cole & Dan Dunn"
    )
    assert (cat_dan[2].value, cat_dan[2].font.i) == (62.5, False)
    assert (cat_dan[3].value, cat_dan[3].font.i) == (12.5, True)


def test_csv_lists_the_sessions_and_which_count(client, championship):
    update_competition(championship, best_of=1)
    content = download(client, championship, "csv").content
    assert content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
    assert rows[0] == [
        "Place",
        "Names",
        "1. Championship 1",
        "2. Championship 2",
        "Total %",
        "Played",
        "Counted",
    ]
    assert rows[4] == ["4", "Cat Cole & Dan Dunn", "62.5", "12.5", "62.5", "2", "1"]


def test_json_has_each_session_and_entrant(client, championship):
    data = json.loads(download(client, championship, "json").content)
    assert data["competition"]["carry_over"] == "sum-percent"
    assert [s["name"] for s in data["competition"]["sessions"]] == [
        "Championship 1",
        "Championship 2",
    ]
    assert data["ranking"][0] == {
        "place": "1",
        "names": "Gus Gray & Hal Hill",
        "total": 150.0,
        "played": 2,
        "sessions": [
            {
                "pair": 4,
                "label": "4",
                "section": "A",
                "matchpoints": 5.0,
                "percentage": 62.5,
                "counted": True,
            },
            {
                "pair": 1,
                "label": "1",
                "section": "A",
                "matchpoints": 7.0,
                "percentage": 87.5,
                "counted": True,
            },
        ],
    }


def test_files_follow_each_sessions_reveal_rule_for_the_public(
    client, director_client, championship
):
    update_session(championship, 2, reveal=Event.Reveal.END_OF_SESSION)
    public = json.loads(download(Client(), championship, "json").content)
    assert [s["shown"] for s in public["competition"]["sessions"]] == [True, False]
    assert public["ranking"][0]["names"] == "Cat Cole & Dan Dunn"
    directed = json.loads(download(director_client, championship, "json").content)
    assert directed["ranking"][0]["names"] == "Gus Gray & Hal Hill"


def test_unknown_format_is_not_found(client, championship):
    assert download(client, championship, "pdf").status_code == 404


def test_public_page_reads_a_few_queries_a_session_however_many_pairs(
    client, championship, django_assert_max_num_queries
):
    # One of them the club's language, for a reader whose browser asks for none of the site's.
    with django_assert_max_num_queries(10):
        page = client.get(reverse("competition", args=[championship.pk]))
    assert len(page.context["standings"].rows) == 8


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": "", "carry_over": "sum-mps"}, "This field is required."),
        ({"name": "Series\x00", "carry_over": "sum-mps"}, "Null characters are not allowed."),
        ({"name": "Series\tA", "carry_over": "sum-mps"}, "no control characters"),
        ({"name": "Series", "carry_over": "sum-mps", "best_of": "-2"}, "greater than or equal"),
    ],
)
def test_a_competition_with_bad_input_is_not_made(director_client, club, data, message):
    response = director_client.post(reverse("competition-new", args=[club.slug]), data)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Competition.objects.exists()


def test_a_mitchell_numbered_per_direction_shows_its_pairs_by_label(club, make_event):
    unnamed = {number: [] for number in range(1, 7)}
    event = make_session(
        make_event,
        "Per direction",
        datetime.date(2026, 11, 21),
        unnamed,
        SESSION_1,
        ew_numbered_on=False,
    )
    competition = create_competition(
        club=club, name="Labels", carry_over="sum-percent", best_of=None
    )
    add_session(competition=competition, event=event)

    standings = cumulative_standings(competition=competition, public=False)

    rows = {row.names: row.cells[0] for row in standings.rows}
    assert (rows["Pair 1 EW"].pair_number, rows["Pair 1 EW"].pair_label) == (4, "1 EW")
    assert rows["Pair 1 NS"].pair_label == "1 NS"


@pytest.mark.parametrize(
    ("language", "made", "added", "carry_over"),
    [
        (
            "fr",
            "{name}\u00a0: créé",
            "{name}\u00a0: {event} ajouté",
            "{name}\u00a0: report somme des points de match",
        ),
        (
            "nb",
            "{name}: opprettet",
            "{name}: {event} lagt til",
            "{name}: overføring sum av matchpoeng",
        ),
    ],
)
def test_the_history_written_under_english_reads_in_the_readers_language(
    championship, director, director_client, language, made, added, carry_over
):
    with translation.override("en"):
        change_carry_over(
            competition=championship, carry_over="sum-mps", best_of=None, user=director
        )
    first, second = (s.event for s in championship.sessions.all())
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    url = reverse("director-competition", args=[championship.pk])
    page = html.unescape(director_client.get(url).content.decode())
    with translation.override(language):  # the sessions' dates as the reader writes them
        notes = [
            carry_over.format(name=championship.name),
            added.format(name=championship.name, event=second),
            added.format(name=championship.name, event=first),
            made.format(name=championship.name),
        ]
    shown = re.findall(r"<li>[^<]* · director · ([^<]*)</li>", page)
    assert shown == notes
