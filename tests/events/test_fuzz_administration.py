"""Garbage in the club administration, history, undo, reopen and import pages: a clear message
or a 4xx, never a 500, and a refusal changes nothing."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from hypothesis import assume, given
from hypothesis import strategies as st

from events.models import Change, Player, Upload
from events.services.entry import board_meetings, save_line
from events.services.imports import store_upload
from scoring import mitchell, parse_traveller_line
from tests.events.files import read_file
from tests.events.fuzzing import FUZZ, GARBAGE, answered, fuzz_client, maybe, refused, snapshot

pytestmark = pytest.mark.django_db

IDS = st.one_of(st.integers(min_value=0, max_value=10**30), st.sampled_from([1, 2, 3]))


@pytest.fixture
def evening(make_event, club):
    """A running 3-table Mitchell with one line saved as a recorded change, and two players."""
    event = make_event(mitchell(3, 2))
    board = event.sections.get().boards.select_related("section__event").get(number=1)
    meeting = board_meetings(board=board)[0]
    save_line(
        board=board, line=parse_traveller_line("4S N 10"), ns_pair=meeting.ns, ew_pair=meeting.ew
    )
    Player.objects.create(club=club, name="Ann Able")
    Player.objects.create(club=club, name="Ann Able (guest)", guest=True)
    return event


@FUZZ
@given(username=GARBAGE, email=GARBAGE, user_id=IDS, confirm=maybe("yes"))
def test_directors_pages(director, club, evening, username, email, user_id, confirm):
    assume(user_id != director.pk)  # leaving the club oneself, after asking, is allowed
    client = fuzz_client(director)
    before = snapshot()
    directors = set(club.directors.all())
    added = client.post(
        reverse("director-add", args=[club.slug]), {"username": username, "email": email}
    )
    page = answered(added)
    if 'id="invitation"' not in page:
        assert refused(page)
        assert snapshot() == before and set(club.directors.all()) == directors
    answered(
        client.post(reverse("director-remove", args=[club.slug, user_id]), {"confirm": confirm})
    )
    assert club.directors.filter(pk=director.pk).exists()


@FUZZ
@given(name=GARBAGE, number=GARBAGE, player_id=IDS, keep=GARBAGE, duplicates=GARBAGE)
def test_players_pages(director, club, evening, name, number, player_id, keep, duplicates):
    client = fuzz_client(director)
    for url in (
        reverse("player-add", args=[club.slug]),
        reverse("player-edit", args=[club.slug, player_id]),
    ):
        before = snapshot()
        response = client.post(url, {"name": name, "member_number": number})
        page = answered(response)
        if response.status_code == 200:
            assert refused(page) or "<form" in page
            assert snapshot() == before
    answered(client.get(reverse("player-remove", args=[club.slug, player_id])))
    before = snapshot()
    merge = {"keep": keep, "duplicates": duplicates, "confirm": "yes"}
    response = client.post(reverse("players-merge", args=[club.slug]), merge)
    if response.status_code == 200:
        assert refused(answered(response))
        assert snapshot() == before


@FUZZ
@given(event_id=IDS, change_id=IDS, kind=GARBAGE, note=GARBAGE, reason=GARBAGE, confirm=GARBAGE)
def test_history_undo_reopen_and_delete(
    director, club, evening, event_id, change_id, kind, note, reason, confirm
):
    client = fuzz_client(director)
    for pk in (evening.pk, event_id):
        answered(client.get(reverse("director-history", args=[pk]), {"kind": kind}))
        answered(client.get(reverse("director-undo", args=[pk, change_id])))
        before = snapshot()
        undo = client.post(reverse("director-undo", args=[pk, change_id]), {"note": note})
        answered(undo)
        if not Change.objects.filter(kind="undo").exists():
            assert snapshot() == before
        answered(client.post(reverse("director-reopen", args=[pk]), {"reason": reason}))
        answered(client.post(reverse("event-delete", args=[pk]), {"confirm": confirm}))


@FUZZ
@given(upload_id=IDS, earlier=GARBAGE, slug=GARBAGE.filter(lambda s: "/" not in s), data=GARBAGE)
def test_import_preview_confirm_and_restore(director, club, upload_id, earlier, slug, data):
    director.is_staff = True  # restoring a club is the site's administrator's
    director.save(update_fields=["is_staff"])
    client = fuzz_client(director)
    kept = store_upload(club=club, user=director, name="mp.xml", data=read_file("compscore_mp.xml"))
    for pk in (kept.pk, upload_id):
        answered(client.get(reverse("import-preview", args=[club.slug, pk])))
        answered(client.post(reverse("import-confirm", args=[club.slug, pk]), {"earlier": earlier}))
    before = snapshot()
    restore = client.post(
        reverse("club-restore"),
        {"file": SimpleUploadedFile("backup.json", data.encode("utf-8", "replace")), "slug": slug},
    )
    assert refused(answered(restore))
    assert snapshot() == before
    assert Upload.objects.filter(pk=kept.pk).exists()


@FUZZ
@given(
    time_zone=maybe("Pacific/Auckland"),
    body=maybe("nbf"),
    scoring=maybe("butler"),
    scale=maybe("1"),
    boards=maybe("4"),
)
def test_club_settings_page(director, club, time_zone, body, scoring, scale, boards):
    client = fuzz_client(director)
    before, changes = snapshot(), Change.objects.count()
    response = client.post(
        reverse("club-settings", args=[club.slug]),
        {
            "time_zone": time_zone,
            "national_body": body,
            "defaults-scoring": scoring,
            "defaults-mp_scale": scale,
            "defaults-mp_rounding": "none",
            "defaults-reveal": "always",
            "defaults-boards_per_round": boards,
            "defaults-team_min_players": 4,
            "defaults-team_max_players": 6,
        },
    )
    page = answered(response)
    if response.status_code == 200:
        assert refused(page)
        assert snapshot() == before and Change.objects.count() == changes
    else:
        assert response.status_code == 302
    answered(client.get(reverse("event-new", args=[club.slug])))
