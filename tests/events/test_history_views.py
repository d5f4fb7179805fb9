"""The audit trail and the publication rules through the director's pages."""

import datetime

import pytest
from django.urls import reverse

from events.models import Change, Event, Pair, Result
from events.services.entry import board_meetings
from events.services.notes import note_text
from events.services.setup import name_pair
from scoring import mitchell
from tests.events.files import confirm as confirm_upload
from tests.events.files import upload as upload_file

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def post_line(client, event, board, line, ns, ew, result=None):
    data = {"line": line, "ns": ns, "ew": ew, "mode": f"board:{board}"}
    if result is not None:
        data["result"] = result.pk
    return client.post(reverse("line-save", args=[event.pk, board]), data, **HTMX)


def first_meeting(event, number=1):
    return board_meetings(board=event.sections.get().boards.get(number=number))[0]


def ranking_html(client, event):
    content = client.get(reverse("director-panels", args=[event.pk])).content.decode()
    return content[content.index("<table") :]


def test_a_result_changed_and_undone_through_the_pages(director_client, make_event, director):
    event = make_event(mitchell(3, 2))
    meetings = board_meetings(board=event.sections.get().boards.get(number=1))
    for meeting, text in zip(meetings, ["4S N 10", "3NT S 9", "4S N 11"], strict=True):
        post_line(director_client, event, 1, text, meeting.ns, meeting.ew)
    ranked = ranking_html(director_client, event)
    first = meetings[0]
    line = Result.objects.get(ns_pair__number=first.ns, board__number=1)
    post_line(director_client, event, 1, "4S N 9", first.ns, first.ew, result=line)
    assert ranking_html(director_client, event) != ranked

    history = director_client.get(reverse("director-history", args=[event.pk]))
    content = history.content.decode()
    words = f"Board 1, NS {first.ns} v EW {first.ew}: 4S N 10 (+420) -&gt; 4S N 9 (-50)"
    assert words in content
    assert content.index(words) < content.index(f"Board 1, NS {first.ns} v EW {first.ew}: entered")
    change = Change.objects.filter(kind="result").first()  # the newest
    assert change.user == director
    assert change.event == event
    # simple-history's own record of who, from the request.
    assert Result.history.get(change=change).history_user == director
    page = director_client.get(reverse("director-undo", args=[event.pk, change.pk]))
    assert words in page.content.decode() and "Undo this change" in page.content.decode()

    response = director_client.post(
        reverse("director-undo", args=[event.pk, change.pk]), {"note": "wrong row"}
    )
    assert response.url == reverse("director-history", args=[event.pk])
    line.refresh_from_db()
    assert (line.tricks, line.score_ns) == (10, 420)
    assert ranking_html(director_client, event) == ranked
    content = director_client.get(reverse("director-history", args=[event.pk])).content.decode()
    assert f"Undo of change #{change.pk} (Traveller line)" in content
    assert "wrong row" in content and "undone" in content
    assert Change.objects.get(kind="undo").undoes == change


def test_history_filters_by_kind(director_client, make_event):
    event = make_event(mitchell(3, 2))
    meeting = first_meeting(event)
    post_line(director_client, event, 1, "4S N 10", meeting.ns, meeting.ew)
    settings = reverse("director-settings", args=[event.pk])
    form = director_client.get(settings).context["form"]
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    director_client.post(settings, data | {"scoring": "butler"})
    url = reverse("director-history", args=[event.pk])
    settings_only = director_client.get(url, {"kind": "settings"}).content.decode()
    assert "Scoring: Matchpoints -&gt; IMPs against a datum (Butler)" in settings_only
    assert "entered 4S N 10" not in settings_only
    everything = director_client.get(url).content.decode()
    assert "entered 4S N 10" in everything and "Scoring: Matchpoints" in everything


def test_history_page_reads_a_fixed_number_of_queries(
    director_client, make_event, django_assert_max_num_queries
):
    event = make_event(mitchell(3, 2))
    meetings = board_meetings(board=event.sections.get().boards.get(number=1))
    for meeting in meetings:
        post_line(director_client, event, 1, "3NT S 9", meeting.ns, meeting.ew)
    url = reverse("director-history", args=[event.pk])
    # Session and user, the event, then the history's own queries (tests/events/test_history).
    with django_assert_max_num_queries(3 + 14):
        content = director_client.get(url).content.decode()
    assert content.count("entered 3NT S 9 (+400)") == 3


def test_history_is_for_the_clubs_directors(client, make_event, django_user_model):
    event = make_event(mitchell(3, 2))
    client.force_login(django_user_model.objects.create_user("other", password="x-pass-123"))
    assert client.get(reverse("director-history", args=[event.pk])).status_code == 404


def test_a_named_movement_change_asks_first_then_is_undone(director_client, make_event):
    event = make_event(mitchell(5, 3))
    section = event.sections.get()
    name_pair(pair=section.pairs.get(number=10), names=["Ann Able", "Bob Baker"])
    url = reverse("director-movement", args=[event.pk])
    # 4 tables: the first proposal is a Howell of 8 pairs.
    response = director_client.post(url, {"tables": "4", "choice": "0"})
    content = response.content.decode()
    assert "This movement drops" in content
    assert "pair 10 (Ann Able &amp; Bob Baker) and its names" in content
    assert section.pairs.count() == 10

    response = director_client.post(url, {"tables": "4", "choice": "0", "confirm": "on"})
    assert response.status_code == 302
    assert section.pairs.count() == 8
    change = Change.objects.get(kind="movement")
    director_client.post(reverse("director-undo", args=[event.pk, change.pk]), {"note": ""})
    assert section.pairs.count() == 10
    assert section.pairs.get(number=10).names == "Ann Able & Bob Baker"
    section.refresh_from_db()
    assert section.movement == "5-table Mitchell"


def test_a_movement_without_names_changes_at_once(director_client, make_event):
    event = make_event(mitchell(5, 3))
    response = director_client.post(
        reverse("director-movement", args=[event.pk]), {"tables": "4", "choice": "0"}
    )
    assert response.status_code == 302
    assert event.sections.get().pairs.count() == 8


def test_deleting_a_line_without_javascript_asks_on_a_page(director_client, make_event):
    event = make_event(mitchell(3, 2))
    meeting = first_meeting(event)
    post_line(director_client, event, 1, "4S N 10", meeting.ns, meeting.ew)
    line = Result.objects.get()
    url = reverse("line-delete", args=[event.pk, line.pk])
    page = director_client.post(url, {"mode": "board:1"})
    content = page.content.decode()
    assert "Delete this line?" in content
    assert f"Board 1, NS {meeting.ns} v EW {meeting.ew}: 4S N 10 (+420)" in content
    assert Result.objects.filter(pk=line.pk).exists()

    response = director_client.post(url, {"mode": "board:1", "confirm": "on"})
    assert response.status_code == 302
    assert not Result.objects.filter(pk=line.pk).exists()
    assert Change.objects.filter(kind="result").count() == 2


def test_the_entry_grid_confirms_deletion_by_script_and_the_server(director_client, make_event):
    event = make_event(mitchell(3, 2))
    meeting = first_meeting(event)
    post_line(director_client, event, 1, "4S N 10", meeting.ns, meeting.ew)
    content = director_client.get(reverse("director-board", args=[event.pk, 1])).content.decode()
    assert '<form class="line-delete" data-confirm="Delete this line?"' in content


def publish(client, event):
    client.post(
        reverse("director-status", args=[event.pk]), {"status": "published", "confirm": "on"}
    )
    event.refresh_from_db()


def test_a_published_event_refuses_every_change_until_reopened(director_client, make_event):
    event = make_event(mitchell(3, 2))
    meeting = first_meeting(event)
    post_line(director_client, event, 1, "4S N 10", meeting.ns, meeting.ew)
    line = Result.objects.get()
    publish(director_client, event)
    assert event.status == "published"

    response = post_line(director_client, event, 1, "4S N 9", meeting.ns, meeting.ew, line)
    assert "reopen it, with a reason, before changing it" in response.content.decode()
    delete = director_client.post(
        reverse("line-delete", args=[event.pk, line.pk]), {"confirm": "on", "mode": "board:1"}
    )
    assert "Not deleted: " in delete.content.decode()  # the page says why, without JS
    line.refresh_from_db()
    assert line.tricks == 10
    director_client.post(
        reverse("director-pairs", args=[event.pk]), {"pair-1-1": "Ann", "pair-1-2": "Bob"}
    )
    assert Pair.objects.get(section__event=event, number=1).names == ""
    settings = reverse("director-settings", args=[event.pk])
    form = director_client.get(settings).context["form"]
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    director_client.post(settings, data | {"scoring": "butler"})
    director_client.post(
        reverse("director-movement", args=[event.pk]), {"tables": "4", "choice": "0"}
    )
    event.refresh_from_db()
    assert event.scoring == "mp" and event.sections.get().tables == 3
    director_client.post(reverse("director-status", args=[event.pk]), {"status": "setup"})
    event.refresh_from_db()
    assert event.status == "published"
    assert not Change.objects.exclude(kind__in=["result", "status"]).exists()


def test_reopening_needs_a_reason_and_players_see_the_correction(
    director_client, client, make_event
):
    event = make_event(mitchell(3, 2))
    meeting = first_meeting(event)
    post_line(director_client, event, 1, "4S N 10", meeting.ns, meeting.ew)
    line = Result.objects.get()
    publish(director_client, event)
    reopen = reverse("director-reopen", args=[event.pk])
    assert (
        "Reopen for correction"
        in director_client.get(reverse("director-event", args=[event.pk])).content.decode()
    )

    refused = director_client.post(reopen, {"reason": "  "})
    assert "say why the published results need correcting" in refused.content.decode()
    event.refresh_from_db()
    assert event.reopened_on is None

    director_client.post(reopen, {"reason": "Board 1: wrong declarer"})
    event.refresh_from_db()
    assert event.status == "published" and event.reopened_on is not None
    assert "Being corrected" in client.get(reverse("event", args=[event.pk])).content.decode()
    post_line(director_client, event, 1, "4S S 10", meeting.ns, meeting.ew, line)
    line.refresh_from_db()
    assert line.declarer == "S"

    publish(director_client, event)
    assert event.reopened_on is None and event.corrected_on is not None
    public = client.get(reverse("event", args=[event.pk])).content.decode()
    assert f"Corrected on {event.corrected_on:%-d %B %Y}" in public
    history = director_client.get(reverse("director-history", args=[event.pk])).content.decode()
    assert "Board 1: wrong declarer" in history
    assert "Reopened for correction" in history and "Published again, corrected" in history
    assert "Status: Running -&gt; Published" in history


def upload(client, club, name="compscore_cross.xml"):
    return upload_file(client, club, name)


def confirm(client, club, name="compscore_cross.xml", **choice):
    upload_file(client, club, name)
    return confirm_upload(client, club, **choice)


def test_a_second_import_of_the_same_file_says_so_and_asks(director_client, club):
    assert "imported before" not in upload(director_client, club).content.decode()
    confirm_upload(director_client, club)
    first = Event.objects.get()
    assert len(first.file_hash) == 64

    preview = upload(director_client, club).content.decode()
    assert "This file was imported before" in preview
    assert f'value="{first.pk}"' in preview and 'value="new"' in preview

    # Confirming again without choosing makes nothing.
    again = confirm_upload(director_client, club)
    assert "choose to replace that event or to import it as a new one" in again.content.decode()
    assert Event.objects.count() == 1

    confirm_upload(director_client, club, earlier="new")
    assert Event.objects.count() == 2


def test_a_second_imports_preview_dates_the_first_as_the_readers_language_does(
    director_client, club, settings
):
    confirm(director_client, club)
    first = Event.objects.get()
    created = datetime.datetime(2026, 11, 27, 14, 30, tzinfo=datetime.UTC)
    Event.objects.filter(pk=first.pk).update(created=created)
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"

    preview = upload(director_client, club).content.decode()

    assert f"{first.name} (16 mars 2026)</a> le 27 novembre 2026 14:30" in preview


def test_replacing_an_earlier_import_deletes_it_and_records_it(director_client, club, director):
    confirm(director_client, club)
    first = Event.objects.get()
    response = confirm(director_client, club, earlier=str(first.pk))
    second = Event.objects.get()
    assert second.pk != first.pk
    assert response.url == reverse("director-event", args=[second.pk])
    change = Change.objects.get(event=second)
    assert (change.kind, change.user) == ("import", director)
    assert note_text(change.note) == f"Replaces {first} (event #{first.pk})"
    assert Result.history.filter(change=change, history_type="-").count() == 6
    assert Result.history.filter(change=change, history_type="+").count() == 6
    history = director_client.get(reverse("director-history", args=[second.pk])).content.decode()
    assert "6 traveller lines imported" in history
    assert "6 traveller lines of the replaced event deleted" in history


def test_choosing_an_event_that_is_not_an_earlier_import_is_refused(
    director_client, club, make_event
):
    confirm(director_client, club)
    other = make_event(mitchell(3, 2))
    response = confirm(director_client, club, earlier=str(other.pk))
    assert "choose to replace that event" in response.content.decode()
    assert Event.objects.filter(pk=other.pk).exists() and Event.objects.count() == 2
