"""The member list's pages: the upload, the preview (which saves nothing), the confirmation, the
export, each for the club's directors only; hostile files get a sentence, never a 500."""

import io

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.models import Change, Club, Player, Upload


def upload(client, club, data: bytes, name="members.csv"):
    return client.post(
        reverse("members-upload", args=[club.slug]), {"file": SimpleUploadedFile(name, data)}
    )


@pytest.fixture
def ann(club):
    return Player.objects.create(club=club, name="Ann Able", member_number="1001")


def test_the_club_page_links_the_import_and_the_exports(director_client, club, ann):
    page = director_client.get(reverse("club-admin", args=[club.slug])).content.decode()
    assert reverse("members-upload", args=[club.slug]) in page
    assert reverse("members-export", args=[club.slug, "csv"]) in page
    assert reverse("members-export", args=[club.slug, "xlsx"]) in page


def test_upload_preview_and_confirm(director_client, club, ann):
    data = "Name,EBU,Contact\r\nAnn Able,1001,ann@example.org\r\nBob Best,1002,bob@x.org\r\n"
    response = upload(director_client, club, data.encode())
    kept = Upload.objects.get()
    assert (kept.kind, kept.name) == (Upload.Kind.MEMBERS, "members.csv")
    assert response.url == reverse("members-preview", args=[club.slug, kept.pk])

    page = director_client.get(response.url).content.decode()
    assert "1 new player" in page
    assert "1 player unchanged" in page
    assert Player.objects.count() == 1

    confirm = reverse("members-confirm", args=[club.slug, kept.pk])
    columns = {"headings": "on", "name": "0", "member_number": "1", "email": "2"}
    # The email column picked: the preview again, saving nothing.
    again = director_client.post(confirm, {**columns, "action": "preview", "fingerprint": ""})
    assert again.status_code == 200
    text = again.content.decode()
    assert "1 player changed" in text
    assert "email — → ann@example.org" in text
    assert Player.objects.count() == 1
    fingerprint = again.context["preview"].fingerprint

    done = director_client.post(
        confirm, {**columns, "action": "import", "fingerprint": fingerprint}, follow=True
    )
    assert "Member list imported: 1 new, 1 changed, 0 guests merged, 0 rows left out." in (
        done.content.decode()
    )
    assert set(Player.objects.values_list("name", "member_number", "email")) == {
        ("Ann Able", "1001", "ann@example.org"),
        ("Bob Best", "1002", "bob@x.org"),
    }
    assert Change.objects.get().kind == Change.Kind.PLAYER
    # Once imported, the preview sends the director back to the club.
    assert director_client.get(response.url).url == reverse("club-admin", args=[club.slug])


def test_an_import_with_a_stale_fingerprint_shows_the_preview_again(director_client, club, ann):
    upload(director_client, club, b"Name\r\nBob Best\r\n")
    kept = Upload.objects.get()
    response = director_client.post(
        reverse("members-confirm", args=[club.slug, kept.pk]),
        {"headings": "on", "name": "0", "action": "import", "fingerprint": "0" * 32},
    )
    assert response.status_code == 200
    assert (
        "The import would not do what the preview showed: look at it again. Nothing was saved."
        in response.content.decode()
    )
    assert Player.objects.count() == 1


def test_columns_picked_twice_are_refused(director_client, club):
    upload(director_client, club, b"Name,EBU\r\nBob Best,1\r\n")
    kept = Upload.objects.get()
    response = director_client.post(
        reverse("members-confirm", args=[club.slug, kept.pk]),
        {"name": "0", "email": "0", "action": "import", "fingerprint": ""},
    )
    assert "Each column can hold one thing only" in response.content.decode()
    assert Player.objects.count() == 0


def test_a_question_answered_on_the_preview(director_client, club, ann):
    other = Player.objects.create(club=club, name="Ann Able", member_number="1009")
    upload(director_client, club, b"Name,Email\r\nann able,a@x.org\r\n")
    kept = Upload.objects.get()
    preview = director_client.get(reverse("members-preview", args=[club.slug, kept.pk]))
    text = preview.content.decode()
    assert "the club has 2 players of this name" in text
    assert f'name="answer-2" value="{other.pk}"' in text
    fingerprint = preview.context["preview"].fingerprint
    confirm = reverse("members-confirm", args=[club.slug, kept.pk])
    columns = {"headings": "on", "name": "0", "email": "1", "fingerprint": fingerprint}
    unanswered = director_client.post(confirm, {**columns, "action": "import"})
    assert "Say who row 2 is. Nothing was saved." in unanswered.content.decode()
    director_client.post(confirm, {**columns, "action": "import", "answer-2": str(other.pk)})
    assert Player.objects.get(pk=other.pk).email == "a@x.org"


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("broken.xlsx", b"PK\x03\x04\x14\x00broken", "this is not an Excel workbook that can be"),
        ("photo.png", b"\x89PNG\r\n\x1a\n\x00\x00", "this is neither a CSV file nor an Excel"),
        ("empty.csv", b"", "The submitted file is empty."),
        ("blank.csv", b"\r\n\r\n", "the file holds no rows"),
        ("long.csv", b"Name\r\n" + b"x" * 200_000, "row 2 cannot be read as CSV: field larger"),
    ],
)
def test_hostile_files_are_refused_in_a_sentence(director_client, club, name, data, message):
    response = upload(director_client, club, data, name=name)
    assert response.status_code == 200
    assert message in response.content.decode()
    assert Upload.objects.count() == 0


@override_settings(MEMBER_LIST_MAX_BYTES=100)
def test_a_file_past_the_size_limit_is_refused(director_client, club):
    response = upload(director_client, club, b"Name\r\n" + b"x" * 200)
    assert "members.csv: the file is 206\xa0bytes: a member list can be up to 100\xa0bytes." in (
        response.content.decode()
    )
    assert Upload.objects.count() == 0


def test_a_long_name_and_control_characters_are_bad_rows(director_client, club):
    data = ("Name\r\n" + "N" * 60_000 + "\r\nEve\x1bEvans\r\nFay Fox\r\n").encode()
    upload(director_client, club, data)
    kept = Upload.objects.get()
    text = director_client.get(reverse("members-preview", args=[club.slug, kept.pk])).content
    text = text.decode()
    assert "the name is longer than 120 characters" in text
    assert "the name holds a control character" in text
    assert "N" * 200 not in text  # the preview shows the long name cut short
    assert "1 new player" in text


def test_the_exports(director_client, club, ann):
    Player.objects.filter(pk=ann.pk).update(email="ann@example.org")
    Player.objects.create(club=club, name="A Guest", guest=True)
    csv = director_client.get(reverse("members-export", args=[club.slug, "csv"]))
    assert csv["Content-Disposition"] == 'attachment; filename="test-club-members.csv"'
    assert csv.content.decode("utf-8-sig").splitlines() == [
        "Name,Member number,Email",
        "Ann Able,1001,ann@example.org",
    ]
    xlsx = director_client.get(reverse("members-export", args=[club.slug, "xlsx"]))
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx.content)).worksheets[0]
    assert [[c.value for c in row] for row in sheet.iter_rows()] == [
        ["Name", "Member number", "Email"],
        ["Ann Able", "1001", "ann@example.org"],
    ]
    assert director_client.get(f"/director/clubs/{club.slug}/members.pdf").status_code == 404


def test_another_clubs_director_sees_nothing(client, django_user_model, club, ann):
    other = django_user_model.objects.create_user("other", password="x")
    Club.objects.create(name="Other", slug="other").directors.add(other)
    client.force_login(other)
    assert client.get(reverse("members-export", args=[club.slug, "csv"])).status_code == 404
    kept = Upload.objects.create(club=club, kind=Upload.Kind.MEMBERS, name="m.csv", data=b"x")
    assert client.get(reverse("members-preview", args=[club.slug, kept.pk])).status_code == 404
    assert upload(client, club, b"Name\r\nEve\r\n").status_code == 404
    assert Player.objects.count() == 1


def test_a_results_upload_is_not_a_member_list(director_client, club):
    kept = Upload.objects.create(club=club, name="r.pbn", data=b"[Event]")
    assert director_client.get(
        reverse("members-preview", args=[club.slug, kept.pk])
    ).status_code == (404)


def test_the_preview_takes_the_same_queries_for_any_number_of_rows(director_client, club, ann):
    counts = []
    for rows in (2, 300):
        lines = ["Name,EBU"] + [f"Player {n},{2000 + n}" for n in range(rows)]
        upload(director_client, club, ("\r\n".join(lines) + "\r\n").encode())
        kept = Upload.objects.latest("pk")
        with CaptureQueriesContext(connection) as queries:
            page = director_client.get(reverse("members-preview", args=[club.slug, kept.pk]))
        assert f"{rows} new players" in page.content.decode()
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_a_player_without_a_member_number_is_offered_as_one_in_the_readers_language(
    director_client, club, ann
):
    Player.objects.create(club=club, name="Ann Able")
    upload(director_client, club, b"Name,Email\r\nann able,a@x.org\r\n")
    url = reverse("members-preview", args=[club.slug, Upload.objects.get().pk])
    french = director_client.get(url, headers={"accept-language": "fr"}).content.decode()
    assert "Ann Able (1001)" in french and "Ann Able (sans numéro de licence)" in french
