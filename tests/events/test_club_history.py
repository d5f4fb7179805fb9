"""A club's own history through its director's pages: its players merged, removed, renamed,
its settings changed, each read and undone there as an event's changes are on the event's."""

import threading

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from events.models import Change, Club, IndividualPlayer, Pair, Partnership, Player, Upload
from events.services.clubs import change_player, merge_players, remove_player
from events.services.history_text import change_lines
from tests.events.test_club_admin import _individual, _named_by_page, _named_event
from tests.events.test_club_settings import settings_fields

pytestmark = pytest.mark.django_db


def _newest_of_club() -> Change:
    return Change.objects.filter(event=None).first()


def _merged(director_client, club, keep: Player, duplicates: list[Player]) -> Change:
    director_client.post(
        reverse("players-merge", args=[club.slug]),
        {"keep": keep.pk, "duplicates": [d.pk for d in duplicates], "confirm": "yes"},
    )
    return _newest_of_club()


def _removed(director_client, club, player: Player) -> Change:
    director_client.post(reverse("player-remove", args=[club.slug, player.pk]), {"confirm": "yes"})
    return _newest_of_club()


def _renamed(director_client, club, player: Player, name: str) -> Change:
    director_client.post(reverse("player-edit", args=[club.slug, player.pk]), {"name": name})
    return _newest_of_club()


def _undo(client, club, change: Change):
    url = reverse("club-undo", args=[club.slug, change.pk])
    return client.post(url, {"note": "by mistake"}, follow=True)


def _notice(response) -> str:
    return str(list(response.context["messages"])[-1])


def _history(director_client, club) -> str:
    return director_client.get(reverse("club-history", args=[club.slug])).content.decode()


def _links() -> dict:
    """The club's players, each pair's seats and names, each individual's players' names and
    club players: what a change of the club's players touches."""
    return {
        "players": sorted(Player.objects.values_list("pk", "name", "member_number", "guest")),
        "seats": sorted(Partnership.objects.values_list("pk", "pair_id", "seat", "player_id")),
        "pairs": sorted(Pair.objects.values_list("pk", "names")),
        "individuals": sorted(IndividualPlayer.objects.values_list("pk", "name", "player_id")),
    }


@pytest.fixture
def ann_twice(director_client, director, club, make_event):
    """Ann Able, member 1001, of a pairs event, and the guest "Ann Abel" a director typed for
    her in another pairs event and in an individual."""
    _named_event(make_event, {1: ["Ann Able", "Bob Best"]}, name="Monday Pairs")
    ann = Player.objects.get(name="Ann Able")
    ann.member_number = "1001"
    ann.save()
    _named_event(make_event, {2: ["Cy Cole", "Ann Abel"]}, name="Tuesday Pairs")
    _individual(director_client, club, director, {8: "Ann Abel", 5: "Bob Best"})
    return Player.objects.get(name="Ann Able"), Player.objects.get(name="Ann Abel")


def test_a_merge_is_read_and_undone_from_the_clubs_history(director_client, club, ann_twice):
    ann, guest = ann_twice
    before = _links()
    merge = _merged(director_client, club, ann, [guest])
    assert not Player.objects.filter(pk=guest.pk).exists()
    assert Partnership.objects.filter(player=ann).count() == 2

    admin = director_client.get(reverse("club-admin", args=[club.slug])).content.decode()
    assert f'href="{reverse("club-history", args=[club.slug])}"' in admin
    page = _history(director_client, club)
    assert "Ann Abel merged into Ann Able" in page
    assert (
        "Tuesday Pairs (20 Nov 2026), pair 2: Cy Cole &amp; Ann Abel -&gt; Cy Cole &amp; Ann Able"
    ) in page
    assert "Club Individual (23 Nov 2026), player 8: Ann Abel -&gt; Ann Able" in page
    undo_url = reverse("club-undo", args=[club.slug, merge.pk])
    assert f'href="{undo_url}"' in page
    confirm = director_client.get(undo_url).content.decode()
    assert "Ann Abel merged into Ann Able" in confirm and "Undo this change" in confirm

    response = _undo(director_client, club, merge)

    assert response.redirect_chain == [(reverse("club-history", args=[club.slug]), 302)]
    assert _notice(response) == f"Change #{merge.pk} undone."
    # The guest back as they were, with their seats, their place and the names that followed.
    assert _links() == before
    connection.check_constraints()
    undo = Change.objects.get(kind=Change.Kind.UNDO)
    assert (undo.club, undo.event, undo.undoes, undo.note) == (club, None, merge, "by mistake")
    page = response.content.decode()
    assert f"Undo of change #{merge.pk} (Player)" in page and "by mistake" in page
    assert "Players back: Ann Abel" in page
    assert (
        "Tuesday Pairs (20 Nov 2026), pair 2: Cy Cole &amp; Ann Able -&gt; Cy Cole &amp; Ann Abel"
    ) in page
    assert f'href="{undo_url}"' not in page  # the merge reads undone


def test_a_merge_that_moved_a_member_number_gives_it_back(director_client, club):
    ann = Player.objects.create(club=club, name="Ann Able")
    guest = Player.objects.create(club=club, name="Ann Abel", member_number="1001", guest=True)
    before = _links()
    merge = _merged(director_client, club, ann, [guest])
    assert Player.objects.get(pk=ann.pk).member_number == "1001"
    assert change_lines(change=merge) == [
        "Ann Abel merged into Ann Able",
        "Ann Able, national member number: (blank) -> 1001",
    ]

    _undo(director_client, club, merge)

    assert _links() == before


def test_a_removal_is_undone_with_the_players_seats_and_places(
    director_client, director, club, make_event
):
    _named_event(make_event, {1: ["Ann Able", "Bob Best"]}, status="published")
    ann = Player.objects.get(name="Ann Able")
    _individual(director_client, club, director, {8: "Ann Able", 5: "Bob Best"})
    before = _links()
    removal = _removed(director_client, club, ann)
    assert not Player.objects.filter(pk=ann.pk).exists()
    assert change_lines(change=removal) == ["Removed from the players: Ann Able"]

    response = _undo(director_client, club, removal)

    assert _notice(response) == f"Change #{removal.pk} undone."
    assert _links() == before
    connection.check_constraints()


def test_a_rename_reads_in_the_readers_language_and_is_undone_with_the_names_that_followed(
    director_client, director, club, make_event
):
    _named_event(make_event, {1: ["Ann Able", "Bob Best"]})
    ann = Player.objects.get(name="Ann Able")
    _individual(director_client, club, director, {8: "Ann Able"})
    before = _links()
    renaming = _renamed(director_client, club, ann, "Ann Abel")
    assert change_lines(change=renaming) == [
        "Renamed: Ann Able -> Ann Abel",
        "Club Pairs (20 Nov 2026), pair 1: Ann Able & Bob Best -> Ann Abel & Bob Best",
        "Club Individual (23 Nov 2026), player 8: Ann Able -> Ann Abel",
    ]
    with translation.override("fr"):
        assert change_lines(change=renaming)[::2] == [
            "Nom changé\u00a0: Ann Able -> Ann Abel",
            "Club Individual (23 novembre 2026), joueur 8\u00a0: Ann Able -> Ann Abel",
        ]
    with translation.override("nb"):
        assert change_lines(change=renaming)[::2] == [
            "Navn endret: Ann Able -> Ann Abel",
            "Club Individual (23. november 2026), spiller 8: Ann Able -> Ann Abel",
        ]

    _undo(director_client, club, renaming)

    assert _links() == before


def test_an_undo_a_later_change_stands_in_the_way_of_is_refused_naming_it(
    director_client, club, ann_twice
):
    ann, guest = ann_twice
    merge = _merged(director_client, club, ann, [guest])
    # The merged names change again: the pairs' and the individual's follow the new one.
    renaming = _renamed(director_client, club, ann, "Ann Able-Smith")
    after = _links()

    response = _undo(director_client, club, merge)

    notice = _notice(response)
    assert notice.startswith(
        f"Not undone: what this change set has been changed again since by change "
        f"#{renaming.pk} (player, "
    )
    assert notice.endswith("): undo that first.")
    assert response.status_code == 200 and "Undo this change" in response.content.decode()
    assert _links() == after
    assert not Change.objects.filter(kind=Change.Kind.UNDO).exists()
    # Undone in turn, newest first, both go.
    _undo(director_client, club, renaming)
    assert _notice(_undo(director_client, club, merge)) == f"Change #{merge.pk} undone."
    assert Player.objects.filter(pk=guest.pk, name="Ann Abel").exists()


def test_a_player_added_who_has_played_since_stays_and_says_so(director_client, club, make_event):
    director_client.post(reverse("player-add", args=[club.slug]), {"name": "Cy Cole"})
    added = _newest_of_club()
    event = make_event()
    _named_by_page(director_client, event, {1: "Cy Cole", 2: "Bob Best"})
    after = _links()

    response = _undo(director_client, club, added)

    assert _notice(response) == (
        "Not undone: Cy Cole played in a pair, a team or an individual since: undoing it would "
        "take them off the club's players."
    )
    assert _links() == after


def test_a_removal_from_an_event_deleted_since_is_refused_not_failed(
    director_client, club, make_event
):
    event = _named_event(make_event, {1: ["Ann Able", "Bob Best"]})
    removal = _removed(director_client, club, Player.objects.get(name="Ann Able"))
    director_client.post(reverse("event-delete", args=[event.pk]), {"confirm": "yes"})
    after = _links()

    response = _undo(director_client, club, removal)

    assert response.status_code == 200
    assert _notice(response) == (
        "Not undone: a later change stands in the way (an event, a pair or a team it changed is "
        "deleted since)."
    )
    assert _links() == after
    connection.check_constraints()


def test_a_settings_change_is_undone_and_one_changed_again_since_is_refused(director_client, club):
    url = reverse("club-settings", args=[club.slug])
    director_client.post(url, settings_fields(time_zone="Pacific/Auckland"))
    first = _newest_of_club()
    director_client.post(
        url, settings_fields(time_zone="Europe/Oslo", **{"defaults-scoring": "butler"})
    )
    second = _newest_of_club()

    refused = _notice(_undo(director_client, club, first))
    assert refused.startswith(
        f"Not undone: what this change set has been changed again since by change "
        f"#{second.pk} (settings, "
    )
    response = _undo(director_client, club, second)

    assert _notice(response) == f"Change #{second.pk} undone."
    club.refresh_from_db()
    assert (club.time_zone, club.event_defaults["scoring"]) == ("Pacific/Auckland", "mp")
    assert (
        "Time zone: Europe/Oslo → Pacific/Auckland" in response.content.decode()
    )  # the undo's own line
    _undo(director_client, club, first)
    club.refresh_from_db()
    assert club.time_zone == "UTC"


def test_the_clubs_history_leaves_out_a_deleted_events_changes(director_client, club, make_event):
    event = make_event(name="Gone Pairs")
    naming = _named_by_page(director_client, event, {1: "Ann Able", 2: "Bob Best"})
    url = reverse("director-settings", args=[event.pk])
    form = director_client.get(url).context["form"]
    fields = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    director_client.post(url, fields | {"scoring": "butler"})
    assert Change.objects.filter(event=event).count() == 2
    director_client.post(reverse("event-delete", args=[event.pk]), {"confirm": "yes"})
    assert Change.objects.filter(event=None).count() == 3  # the two of the event too

    response = director_client.get(reverse("club-history", args=[club.slug]))

    assert [e.change.kind for e in response.context["entries"]] == [Change.Kind.EVENT]
    assert "Deleted Gone Pairs (20 Nov 2026)" in response.content.decode()
    assert director_client.get(reverse("club-undo", args=[club.slug, naming.pk])).status_code == 404
    settings = director_client.get(reverse("club-settings", args=[club.slug]))
    assert list(settings.context["changes"]) == []


def test_a_director_of_another_club_neither_reads_nor_undoes_it(
    director_client, club, ann_twice, django_user_model
):
    ann, guest = ann_twice
    merge = _merged(director_client, club, ann, [guest])
    after = _links()
    other = django_user_model.objects.create_user("director-b", password="x")
    Club.objects.create(name="Club B", slug="club-b").directors.add(other)
    client = Client()
    client.force_login(other)

    assert client.get(reverse("club-history", args=[club.slug])).status_code == 404
    assert client.get(reverse("club-undo", args=[club.slug, merge.pk])).status_code == 404
    assert _undo(client, club, merge).status_code == 404
    # Nor through their own club's addresses.
    assert _undo(client, Club.objects.get(slug="club-b"), merge).status_code == 404
    assert _links() == after and not Change.objects.filter(kind=Change.Kind.UNDO).exists()


def test_the_clubs_history_takes_the_same_queries_whatever_its_changes(
    director_client, club, make_event
):
    url = reverse("club-history", args=[club.slug])

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            director_client.get(url)
        return len(captured)

    _named_event(make_event, {1: ["Ann Able", "Bob Best"], 2: ["Cy Cole", "Di Dunn"]})
    _named_event(make_event, {1: ["Ed Eyre", "Fay Ford"], 2: ["Gus Gray", "Hal Hunt"]})
    ann, bob, ed, fay = (
        Player.objects.get(name=n) for n in ("Ann Able", "Bob Best", "Ed Eyre", "Fay Ford")
    )
    _renamed(director_client, club, ann, "Ann Abel")
    _merged(director_client, club, ann, [Player.objects.get(name="Di Dunn")])
    _removed(director_client, club, bob)
    few = queries()
    _renamed(director_client, club, ed, "Ed Ayre")
    _merged(director_client, club, ed, [Player.objects.get(name="Hal Hunt")])
    _removed(director_client, club, fay)

    assert queries() == few


def test_a_member_list_import_is_undone_whole(director_client, club, make_event):
    # Names typed make guests: the list makes Ann a member, with her number and email.
    _named_event(make_event, {1: ["Ann Able", "Bob Best"]})
    before = _links()
    data = b"Name,EBU,Contact\r\nAnn Able,1001,ann@example.org\r\nCy Cole,1003,\r\n"
    director_client.post(
        reverse("members-upload", args=[club.slug]),
        {"file": SimpleUploadedFile("members.csv", data)},
    )
    kept = Upload.objects.get()
    confirm = reverse("members-confirm", args=[club.slug, kept.pk])
    columns = {"headings": "on", "name": "0", "member_number": "1", "email": "2"}
    preview = director_client.post(confirm, {**columns, "action": "preview", "fingerprint": ""})
    fingerprint = preview.context["preview"].fingerprint
    director_client.post(confirm, {**columns, "action": "import", "fingerprint": fingerprint})
    imported = _newest_of_club()
    assert Player.objects.filter(name="Cy Cole", member_number="1003").exists()
    assert change_lines(change=imported) == [
        "Ann Able, national member number: (blank) -> 1001",
        "Ann Able, email: (blank) -> ann@example.org",
        "Ann Able: a member now",
        "New players: Cy Cole",
    ]
    assert "Member list members.csv" in _history(director_client, club)

    response = _undo(director_client, club, imported)

    assert _notice(response) == f"Change #{imported.pk} undone."
    assert _links() == before


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "change",
    [
        lambda player, other: remove_player(player=player),
        lambda player, other: merge_players(keep=other, duplicates=[player]),
        lambda player, other: change_player(player=player, name="Ann Abel-Smith"),
    ],
    ids=["remove", "merge", "rename"],
)
def test_a_change_of_the_clubs_players_waits_for_the_clubs_lock(club, change):
    """An undo of the club's own changes holds the club's row (events.services.history): a
    change of its players waits until the undo is done, so the two never cross."""
    if connection.vendor != "postgresql":
        pytest.skip("SQLite lets one writer in at a time")
    player = Player.objects.create(club=club, name="Ann Abel")
    other = Player.objects.create(club=club, name="Ann Able")
    locked, release, done = threading.Event(), threading.Event(), threading.Event()

    def undoing():
        try:
            with transaction.atomic():
                Club.objects.select_for_update().get(pk=club.pk)
                locked.set()
                release.wait(10)
        finally:
            connection.close()

    def changing():
        try:
            locked.wait(10)
            change(Player.objects.get(pk=player.pk), Player.objects.get(pk=other.pk))
            done.set()
        finally:
            connection.close()

    threads = [threading.Thread(target=undoing), threading.Thread(target=changing)]
    for thread in threads:
        thread.start()
    assert locked.wait(10)
    assert not done.wait(0.5)  # queued behind the lock
    release.set()
    for thread in threads:
        thread.join(10)
    assert done.is_set()
