"""A club's administration by its directors: directors, players, merges, deleting events."""

import re

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from events.models import (
    Board,
    Change,
    Club,
    Event,
    IndividualPlayer,
    Pair,
    Partnership,
    Player,
    Result,
)
from events.services.entry import board_meetings, save_line
from events.services.exports import export_file
from events.services.history import change_versions
from events.services.individuals import create_individual_event, player_ranking
from events.services.notes import note_text
from events.services.setup import name_pair
from scoring import mitchell, parse_traveller_line
from scoring.movements.individual import complete_individual
from tests.conftest import while_running
from tests.events.test_individuals import play_every_board

pytestmark = pytest.mark.django_db


def _named_event(make_event, names: dict[int, list[str]], **settings) -> Event:
    event = make_event(mitchell(3, 2), **settings)
    for number, pair_names in names.items():
        name_pair(pair=event.sections.get().pairs.get(number=number), names=pair_names)
    return event


def _play_board_one(event: Event, line: str = "4S N 10") -> Result:
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meeting = board_meetings(board=board)[0]
    with while_running(event):
        return save_line(
            board=board, line=parse_traveller_line(line), ns_pair=meeting.ns, ew_pair=meeting.ew
        )


def test_club_pages_are_for_the_clubs_directors_only(client, django_user_model, club):
    url = reverse("club-admin", args=[club.slug])
    assert client.get(url).url.startswith(reverse("login"))
    client.force_login(django_user_model.objects.create_user("stranger", password="x"))
    assert client.get(url).status_code == 404
    response = client.post(reverse("player-add", args=[club.slug]), {"name": "Intruder"})
    assert response.status_code == 404 and not Player.objects.exists()


def test_the_club_page_lists_directors_players_and_events_in_a_fixed_number_of_queries(
    director_client, club, make_event
):
    _named_event(make_event, {1: ["Ann Able", "Bob Best"], 2: ["Cy Cole", "Di Dee"]})
    url = reverse("club-admin", args=[club.slug])
    with CaptureQueriesContext(connection) as few:
        director_client.get(url)
    for number in range(20):
        Player.objects.create(club=club, name=f"Member {number:02}")
    make_event(mitchell(5, 2), name="Second Pairs")

    with CaptureQueriesContext(connection) as many:
        page = director_client.get(url).content.decode()

    assert len(many) == len(few)
    assert "Ann Able" in page and "Member 19" in page and "Second Pairs" in page
    assert "director" in page and reverse("club-backup", args=[club.slug]) in page


def test_a_director_invites_a_new_director_and_is_shown_the_link_without_a_mail_server(
    director_client, club, django_user_model
):
    response = director_client.post(
        reverse("director-add", args=[club.slug]),
        {"username": "newcomer", "email": "new@example.org"},
    )

    page = response.content.decode()
    newcomer = django_user_model.objects.get(username="newcomer")
    assert sorted(club.directors.values_list("username", flat=True)) == ["director", "newcomer"]
    assert (newcomer.email, newcomer.has_usable_password()) == ("new@example.org", False)
    assert "newcomer now directs Test Bridge Club. Nothing was mailed: give them this link" in page
    link = re.search(r'id="invitation-link" type="text" readonly value="([^"]+)"', page)[1]
    assert link.startswith("http://testserver/password/")
    assert mail.outbox == []
    assert "invited: no password yet" in page

    director_client.logout()
    form_page = director_client.get(link, follow=True)
    director_client.post(
        form_page.redirect_chain[-1][0],
        {"new_password1": "newcomers-own-pass", "new_password2": "newcomers-own-pass"},
    )
    newcomer.refresh_from_db()
    assert newcomer.check_password("newcomers-own-pass")


def test_with_a_mail_server_the_invitation_is_mailed_and_its_link_not_shown(
    director_client, club, settings
):
    settings.MAIL_SERVER = "smtp.example.org"

    page = director_client.post(
        reverse("director-add", args=[club.slug]),
        {"username": "newcomer", "email": "new@example.org"},
    ).content.decode()

    [message] = mail.outbox
    assert message.to == ["new@example.org"]
    assert "You are invited to direct Test Bridge Club on Clubscoring, as newcomer." in (
        message.body
    )
    assert "http://testserver/password/" in message.body
    assert "Then log in at http://testserver/login/ to set up" in message.body
    assert "the link to choose a password was mailed to new@example.org." in page
    assert "http://testserver/password/" not in page


def test_when_the_mail_server_refuses_the_invitation_its_link_is_shown(
    director_client, club, settings, caplog
):
    settings.MAIL_SERVER = "127.0.0.1"
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": 9, "timeout": 5},
        }
    }

    page = director_client.post(
        reverse("director-add", args=[club.slug]),
        {"username": "newcomer", "email": "new@example.org"},
    ).content.decode()

    assert "newcomer now directs Test Bridge Club. Nothing was mailed" in page
    assert re.search(r'id="invitation-link" type="text" readonly value="http://testserver/', page)
    assert "The invitation to account" in caplog.text


def test_inviting_an_existing_account_adds_it_by_username(director_client, club, django_user_model):
    django_user_model.objects.create_user("existing", "ex@example.org", "whatever-long-1")
    url = reverse("director-add", args=[club.slug])

    first = director_client.post(url, {"username": "existing"}).content.decode()

    assert sorted(club.directors.values_list("username", flat=True)) == ["director", "existing"]
    assert "existing already has an account: they now direct Test Bridge Club and log in" in first
    assert 'id="invitation-link"' not in first


def test_an_account_is_found_by_its_name_as_django_keeps_it(
    director_client, club, django_user_model
):
    # U+F969 is a compatibility character that Django keeps as U+6578 (NFKC): once an error 500.
    django_user_model.objects.create_user("\u6578", password="whatever-long-1")

    page = director_client.post(reverse("director-add", args=[club.slug]), {"username": "\uf969"})

    assert page.status_code == 200
    assert sorted(club.directors.values_list("username", flat=True)) == ["director", "\u6578"]


def test_an_account_with_a_password_is_never_taken_for_someone_by_its_email_alone(
    director_client, club, django_user_model
):
    """Another club's director may have made an account with someone's address and chosen its
    password (where the site sends no mail, nothing checks the address): inviting that person
    under a new username must not add it."""
    django_user_model.objects.create_user("squatter", "Dave@example.org", "squatters-own-1")
    url = reverse("director-add", args=[club.slug])

    page = director_client.post(
        url, {"username": "dave", "email": "dave@example.org"}
    ).content.decode()

    assert "an account already uses dave@example.org: if it is theirs, invite it by its" in page
    assert "squatter" not in page
    assert list(club.directors.values_list("username", flat=True)) == ["director"]
    assert not django_user_model.objects.filter(username="dave").exists()


def test_an_invited_account_without_a_password_yet_is_found_by_its_email(
    director_client, club, django_user_model
):
    waiting = django_user_model.objects.create_user("waiting", "w@example.org", password=None)

    page = director_client.post(
        reverse("director-add", args=[club.slug]), {"username": "w", "email": "W@example.org"}
    ).content.decode()

    assert club.directors.filter(pk=waiting.pk).exists()
    assert "waiting now directs Test Bridge Club. Nothing was mailed" in page
    assert not django_user_model.objects.filter(username="w").exists()


def test_an_invitation_never_hands_over_a_link_into_another_clubs_account(
    director_client, club, django_user_model
):
    """An account invited elsewhere that has not chosen its password yet is added, but its
    link is not shown to a director who does not direct its other club."""
    waiting = django_user_model.objects.create_user("waiting", password=None)
    Club.objects.create(name="Elsewhere", slug="elsewhere").directors.add(waiting)

    page = director_client.post(
        reverse("director-add", args=[club.slug]), {"username": "waiting"}
    ).content.decode()

    assert club.directors.filter(pk=waiting.pk).exists()
    assert "has not chosen a password yet: the site&#x27;s administrator can give them" in page
    assert "/password/" not in page


@pytest.mark.parametrize("power", [{"is_staff": True}, {"is_superuser": True}])
def test_no_director_is_shown_a_link_into_the_sites_administrators_account(
    director_client, club, django_user_model, power
):
    django_user_model.objects.create_user("boss", password=None, **power)

    page = director_client.post(
        reverse("director-add", args=[club.slug]), {"username": "boss"}
    ).content.decode()

    assert "boss now directs Test Bridge Club but has not chosen a password yet" in page
    assert "/password/" not in page


def test_an_invitation_into_another_club_ends_the_links_given_before(
    director_client, club, django_user_model, client
):
    """A director of one club who was shown a waiting account's link cannot use it once that
    account is invited into another club: only the latest invitation's link works."""
    page = director_client.post(
        reverse("director-add", args=[club.slug]), {"username": "waiting"}
    ).content.decode()
    earlier = re.search(r'id="invitation-link" type="text" readonly value="([^"]+)"', page)[1]
    waiting = django_user_model.objects.get(username="waiting")
    elsewhere = Club.objects.create(name="Elsewhere", slug="elsewhere")
    other = django_user_model.objects.create_user("other", password="other-director")
    elsewhere.directors.add(other)
    client.force_login(other)

    client.post(reverse("director-add", args=[elsewhere.slug]), {"username": "waiting"})

    assert elsewhere.directors.filter(pk=waiting.pk).exists()
    director_client.logout()
    form_page = director_client.get(earlier, follow=True).content.decode()
    assert "This link has been used already or is too old" in form_page
    assert 'name="new_password1"' not in form_page


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"username": "director"}, "director already directs Test Bridge Club."),
        ({"username": "bad name!"}, "Enter a valid username"),
        ({"username": "x" * 151}, "at most 150 characters"),
        ({"username": "newbie", "email": "not-an-address"}, "Enter a valid email address"),
        (
            {"username": "director", "email": "someone@example.org"},
            "director already has an account with another email address",
        ),
        (
            {"username": "newbie", "email": "twice@example.org"},
            "several accounts use twice@example.org: invite one of them by its username",
        ),
    ],
)
def test_a_director_that_cannot_be_invited_is_refused(
    director_client, club, director, django_user_model, fields, message
):
    director.email = "director@example.org"
    director.save()
    for name in ("twin1", "twin2"):
        django_user_model.objects.create_user(name, "twice@example.org", "x")
    response = director_client.post(reverse("director-add", args=[club.slug]), fields)
    assert message in response.content.decode()
    assert list(club.directors.values_list("username", flat=True)) == ["director"]
    assert not django_user_model.objects.filter(username="newbie").exists()


def test_remove_another_director_but_never_the_last(
    director_client, club, director, django_user_model
):
    other = django_user_model.objects.create_user("other", password="x")
    club.directors.add(other)
    director_client.post(reverse("director-remove", args=[club.slug, other.pk]))
    assert list(club.directors.all()) == [director]

    response = director_client.post(
        reverse("director-remove", args=[club.slug, director.pk]), {"confirm": "yes"}, follow=True
    )
    assert "director is the club&#x27;s last director: add another one first." in (
        response.content.decode()
    )
    assert list(club.directors.all()) == [director]


def test_a_director_taken_off_the_club_loses_the_links_they_were_shown(
    director_client, club, director, django_user_model, client
):
    """A link shown to a director for a co-director who has not chosen a password yet would
    let them back into the club after they are taken off it: it ends, and the page says so."""
    page = director_client.post(
        reverse("director-add", args=[club.slug]), {"username": "waiting"}
    ).content.decode()
    kept = re.search(r'id="invitation-link" type="text" readonly value="([^"]+)"', page)[1]
    other = django_user_model.objects.create_user("other", password="other-director")
    club.directors.add(other)
    client.force_login(other)

    removed = client.post(
        reverse("director-remove", args=[club.slug, director.pk]), follow=True
    ).content.decode()

    assert "director no longer directs Test Bridge Club." in removed
    assert "The links given to waiting to choose a password no longer work" in removed
    director_client.logout()
    form_page = director_client.get(kept, follow=True).content.decode()
    assert "This link has been used already or is too old" in form_page


def test_removing_yourself_asks_first(director_client, club, director, django_user_model):
    club.directors.add(django_user_model.objects.create_user("other", password="x"))
    url = reverse("director-remove", args=[club.slug, director.pk])

    page = director_client.post(url).content.decode()
    assert "Stop directing Test Bridge Club?" in page
    assert club.directors.filter(pk=director.pk).exists()

    response = director_client.post(url, {"confirm": "yes"})
    assert response.url == reverse("director-home")
    assert list(club.directors.values_list("username", flat=True)) == ["other"]


def test_add_and_rename_a_player_and_their_pairs_names_follow(
    director_client, director, club, make_event
):
    event = _named_event(make_event, {1: ["Ann Able", "Bob Best"]})
    director_client.post(
        reverse("player-add", args=[club.slug]), {"name": "Cy Cole", "member_number": "1003"}
    )
    assert Player.objects.filter(club=club, name="Cy Cole", member_number="1003").exists()

    ann = Player.objects.get(name="Ann Able")
    director_client.post(
        reverse("player-edit", args=[club.slug, ann.pk]),
        {"name": "Ann Abel", "member_number": "1001", "email": "ann@example.org"},
    )

    ann.refresh_from_db()
    assert (ann.name, ann.member_number, ann.email) == ("Ann Abel", "1001", "ann@example.org")
    assert event.sections.get().pairs.get(number=1).names == "Ann Abel & Bob Best"
    renamed = Player.history.get(id=ann.pk, history_type="~")
    assert (renamed.change.kind, renamed.change.user, renamed.prev_record.name) == (
        "player",
        director,
        "Ann Able",
    )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": "ann able"}, "The club already has a player called ann able: merge them"),
        ({"name": "A" * 121}, "at most 120 characters"),
        ({"name": "Ann\x00Nul"}, "Null characters are not allowed"),
        ({"name": "Ann\nNewline"}, "no control characters"),
        ({"name": "Cy Cole", "member_number": "1001"}, "Ann Able already has the number 1001"),
        ({"name": "Cy Cole", "email": "cy at home"}, "Enter a valid email address."),
        ({"name": ""}, "This field is required"),
    ],
)
def test_a_player_name_or_number_that_would_clash_or_break_a_file_is_refused(
    director_client, club, fields, message
):
    Player.objects.create(club=club, name="Ann Able", member_number="1001")
    response = director_client.post(reverse("player-add", args=[club.slug]), fields)
    assert message in response.content.decode()
    assert list(club.players.values_list("name", flat=True)) == ["Ann Able"]


def test_removing_a_player_who_has_played_asks_then_keeps_the_pairs_names(
    director_client, club, make_event
):
    event = _named_event(make_event, {1: ["Ann Able", "Bob Best"]}, status="published")
    _play_board_one(event)
    before = export_file(event=event, format_key="json")
    ann = Player.objects.get(name="Ann Able")
    url = reverse("player-remove", args=[club.slug, ann.pk])

    page = director_client.post(url).content.decode()
    assert "Ann Able has played in 1 pair. Those pairs keep the names" in page
    assert "Club Pairs" in page and Player.objects.filter(pk=ann.pk).exists()

    director_client.post(url, {"confirm": "yes"})

    assert not Player.objects.filter(pk=ann.pk).exists()
    pair = Pair.objects.get(section__event=event, number=1)
    assert pair.names == "Ann Able & Bob Best"
    assert list(pair.players.values_list("name", flat=True)) == ["Bob Best"]
    assert export_file(event=event, format_key="json") == before


def test_a_player_who_never_played_is_removed_at_once(director_client, club):
    player = Player.objects.create(club=club, name="Never Played")
    director_client.post(reverse("player-remove", args=[club.slug, player.pk]))
    assert not Player.objects.exists()


def test_merge_guests_into_a_member_after_a_confirmation(director_client, club, make_event):
    first = _named_event(make_event, {1: ["Player 1", "Bob Best"]})
    second = make_event(mitchell(3, 2), name="Second Pairs")
    name_pair(pair=second.sections.get().pairs.get(number=2), names=["Cy Cole", "Ann Able"])
    ann = Player.objects.get(name="Ann Able")
    ann.member_number = ""
    ann.save()
    guest = Player.objects.get(name="Player 1")
    guest.member_number = "1001"
    guest.save()
    url = reverse("players-merge", args=[club.slug])
    fields = {"keep": ann.pk, "duplicates": [guest.pk]}

    page = director_client.post(url, fields).content.decode()
    assert "Player 1\n    will be deleted. Ann Able takes their seat in 1 pair" in page
    assert Player.objects.filter(pk=guest.pk).exists()

    done = director_client.post(url, fields | {"confirm": "yes"}, follow=True)

    assert "Player 1 merged into Ann Able: 1 seat in pairs moved." in done.content.decode()
    assert not Player.objects.filter(pk=guest.pk).exists()
    ann.refresh_from_db()
    assert ann.member_number == "1001"
    assert Pair.objects.get(section__event=first, number=1).names == "Ann Able & Bob Best"
    assert Pair.objects.get(section__event=second, number=2).names == "Cy Cole & Ann Able"
    assert Partnership.objects.filter(player=ann).count() == 2


def test_players_of_one_pair_cannot_be_merged(director_client, club, make_event):
    _named_event(make_event, {1: ["Ann Able", "Bob Best"]})
    ann, bob = Player.objects.get(name="Ann Able"), Player.objects.get(name="Bob Best")
    response = director_client.post(
        reverse("players-merge", args=[club.slug]),
        {"keep": ann.pk, "duplicates": [bob.pk], "confirm": "yes"},
    )
    assert (
        "Ann Able &amp; Bob Best play together as pair 1 in Club Pairs (20 Nov 2026): two "
        "players of one pair cannot be the same person."
    ) in response.content.decode()
    assert Player.objects.count() == 2


def test_the_kept_player_cannot_also_be_a_duplicate(director_client, club):
    ann = Player.objects.create(club=club, name="Ann Able")
    response = director_client.post(
        reverse("players-merge", args=[club.slug]),
        {"keep": ann.pk, "duplicates": [ann.pk], "confirm": "yes"},
    )
    assert "Ann Able is the player kept: leave them unticked." in response.content.decode()
    assert Player.objects.filter(pk=ann.pk).exists()


def test_players_of_another_club_cannot_be_merged(director_client, club):
    ann = Player.objects.create(club=club, name="Ann Able")
    other = Club.objects.create(name="Other", slug="other")
    theirs = Player.objects.create(club=other, name="Ann Able")
    response = director_client.post(
        reverse("players-merge", args=[club.slug]),
        {"keep": ann.pk, "duplicates": [theirs.pk], "confirm": "yes"},
    )
    assert "Select a valid choice" in response.content.decode()
    assert Player.objects.filter(pk=theirs.pk).exists()


def _individual(director_client, club, director, names: dict[int, str], **settings) -> Event:
    """An 8-player individual whose players are named on the director's page and have played
    every board; player 8 sits North and 5 South in side 1 (round 1, table 1)."""
    event = create_individual_event(
        club=club,
        movement=complete_individual(8, 2, rounds=2),
        user=director,
        name="Club Individual",
        date="2026-11-23",
        status="running",
    )
    fields = {f"player-{n}": names.get(n, "") for n in range(1, 9)}
    director_client.post(reverse("director-players", args=[event.pk]), fields)
    play_every_board(event)
    Event.objects.filter(pk=event.pk).update(**settings)
    return event


def _standing(event: Event) -> list[tuple]:
    """Each player's number, name, club player, place and score, by number."""
    ranking = player_ranking(section=event.sections.get())
    return sorted(
        (s.individual.number, s.individual.name, s.individual.player_id, s.place, s.score)
        for s in ranking
    )


def test_removing_a_member_who_played_in_an_individual_asks_then_keeps_the_name(
    director_client, director, club
):
    ann = Player.objects.create(club=club, name="Ann Able", member_number="1001")
    event = _individual(director_client, club, director, {8: "Ann Able", 5: "Bob Best"})
    section = event.sections.get()
    before = _standing(event)
    url = reverse("player-remove", args=[club.slug, ann.pk])

    page = director_client.post(url).content.decode()

    assert "Ann Able has played in 1 individual. There the player keeps the name" in page
    assert "Club Individual" in page and Player.objects.filter(pk=ann.pk).exists()

    done = director_client.post(url, {"confirm": "yes"}, follow=True).content.decode()

    assert "Ann Able removed from the players. 1 individual keeps the name." in done
    assert not Player.objects.filter(pk=ann.pk).exists()
    individual = section.individuals.get(number=8)
    assert (individual.name, individual.player) == ("Ann Able", None)
    assert section.pairs.get(number=1).names == "8 Ann Able & 5 Bob Best"
    assert _standing(event) == [
        (number, name, None if number == 8 else player, place, score)
        for number, name, player, place, score in before
    ]
    # One change of the club's history, as a removal from pairs is: what undo would put back.
    removal = Change.objects.get(kind=Change.Kind.PLAYER, event=None)
    [unlinked] = change_versions([removal])[removal.pk].of(IndividualPlayer)
    assert unlinked.pk == individual.pk and unlinked.changed_fields() == ["player_id"]
    assert (unlinked.before.player_id, unlinked.after.player_id) == (ann.pk, None)


def test_merging_a_guest_who_played_in_an_individual_moves_the_player_to_the_member(
    director_client, director, club, make_event
):
    ann = Player.objects.create(club=club, name="Ann Able", member_number="1001")
    event = _individual(director_client, club, director, {8: "Ann Abel", 5: "Bob Best"})
    section = event.sections.get()
    guest = Player.objects.get(name="Ann Abel", guest=True)
    pairs = _named_event(make_event, {1: ["Ann Abel", "Cy Cole"]})
    before = _standing(event)
    url = reverse("players-merge", args=[club.slug])
    fields = {"keep": ann.pk, "duplicates": [guest.pk]}

    page = director_client.post(url, fields).content.decode()

    assert "Ann Able takes their seat in 1 pair" in page
    assert "Ann Able takes their place in 1 individual" in page
    assert "Club Individual" in page and Player.objects.filter(pk=guest.pk).exists()

    done = director_client.post(url, fields | {"confirm": "yes"}, follow=True).content.decode()

    assert (
        "Ann Abel merged into Ann Able: 1 seat in pairs moved. 1 place in individuals moved."
    ) in done
    assert not Player.objects.filter(pk=guest.pk).exists()
    individual = section.individuals.get(number=8)
    assert (individual.name, individual.player) == ("Ann Able", ann)
    side_one = section.pairs.get(number=1)
    assert side_one.names == "8 Ann Able & 5 Bob Best"
    assert Pair.objects.get(section__event=pairs, number=1).names == "Ann Able & Cy Cole"
    assert _standing(event) == [
        (number, "Ann Able" if number == 8 else name, ann.pk if number == 8 else player, *rest)
        for number, name, player, *rest in before
    ]
    merge = Change.objects.get(kind=Change.Kind.PLAYER, event=None)
    [moved] = change_versions([merge])[merge.pk].of(IndividualPlayer)
    assert (moved.before.player_id, moved.before.name) == (guest.pk, "Ann Abel")
    assert (moved.after.player_id, moved.after.name) == (ann.pk, "Ann Able")
    [side] = [v for v in change_versions([merge])[merge.pk].of(Pair) if v.pk == side_one.pk]
    assert (side.before.names, side.after.names) == ("8 Ann Abel & 5 Bob Best", side_one.names)


def test_two_players_of_one_individual_cannot_be_merged(director_client, director, club):
    event = _individual(director_client, club, director, {8: "Ann Able", 3: "Ann Abel"})
    ann, guest = Player.objects.get(name="Ann Able"), Player.objects.get(name="Ann Abel")
    named = list(event.sections.get().individuals.values_list("number", "name", "player"))

    response = director_client.post(
        reverse("players-merge", args=[club.slug]),
        {"keep": ann.pk, "duplicates": [guest.pk], "confirm": "yes"},
    )

    assert (
        "two of these players play in Club Individual (23 Nov 2026) as players 3, 8: two players "
        "of one individual cannot be the same person."
    ) in response.content.decode()
    assert Player.objects.filter(pk=guest.pk).exists()
    assert list(event.sections.get().individuals.values_list("number", "name", "player")) == named
    assert not Change.objects.filter(event=None).exists()


def test_renaming_a_player_renames_them_in_the_individuals_they_played_in(
    director_client, director, club
):
    event = _individual(director_client, club, director, {8: "Ann Able", 5: "Bob Best"})
    section = event.sections.get()
    ann = Player.objects.get(name="Ann Able")
    url = reverse("player-edit", args=[club.slug, ann.pk])

    page = director_client.get(url).content.decode()

    assert "Their name in the 1 individual Ann Able played in changes too." in page
    assert '<td>Club Individual</td><td class="num">8</td><td>Ann Able</td>' in page

    director_client.post(url, {"name": "Ann Abel", "member_number": "", "email": ""})

    assert section.individuals.get(number=8).name == "Ann Abel"
    assert section.pairs.get(number=1).names == "8 Ann Abel & 5 Bob Best"


@pytest.mark.parametrize(
    ("language", "asked"),
    [
        ("fr", "Ann Able a joué dans 1 individuel."),
        ("nb", "Ann Able har spilt i 1 individuell turnering."),
    ],
)
def test_the_removal_of_a_player_of_an_individual_is_asked_in_the_directors_language(
    director_client, director, club, settings, language, asked
):
    _individual(director_client, club, director, {8: "Ann Able"})
    ann = Player.objects.get(name="Ann Able")
    director_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language

    page = director_client.get(reverse("player-remove", args=[club.slug, ann.pk]))

    assert asked in page.content.decode()


def _named_by_page(director_client, event: Event, names: dict[int, str]) -> Change:
    """Name an individual's players (or a pairs event's pair 1) on the director's page; the
    change it records."""
    if event.is_individual:
        url = reverse("director-players", args=[event.pk])
        fields = {f"player-{n}": names.get(n, "") for n in range(1, 9)}
    else:
        url = reverse("director-pairs", args=[event.pk])
        fields = {f"pair-1-{seat}": name for seat, name in names.items()}
    director_client.post(url, fields)
    return Change.objects.filter(event=event).first()  # the newest


def _undone(director_client, event: Event, change: Change) -> str:
    """Undo the change on the event's history pages; the notice the director reads then."""
    url = reverse("director-undo", args=[event.pk, change.pk])
    response = director_client.post(url, {"note": ""}, follow=True)
    return str(list(response.context["messages"])[-1])


@pytest.mark.parametrize("kind", ["pairs", "individual"])
def test_a_naming_undone_after_a_merge_or_removal_is_refused_as_changed_since(
    director_client, director, club, make_event, kind
):
    """The merge and the removal are changes of the club's history: the event's earlier naming
    they changed again is refused, for an individual as for pairs, naming them."""
    ann = Player.objects.create(club=club, name="Ann Able")
    if kind == "pairs":
        event = make_event(mitchell(3, 2))
        naming = _named_by_page(director_client, event, {1: "Ann Abel", 2: "Bob Best"})
    else:
        event = _individual(director_client, club, director, {})
        naming = _named_by_page(director_client, event, {8: "Ann Abel", 5: "Bob Best"})
    guest = Player.objects.get(name="Ann Abel")
    director_client.post(
        reverse("players-merge", args=[club.slug]),
        {"keep": ann.pk, "duplicates": [guest.pk], "confirm": "yes"},
    )
    merge = Change.objects.get(event=None)
    director_client.post(reverse("player-remove", args=[club.slug, ann.pk]), {"confirm": "yes"})
    removal = Change.objects.filter(event=None).first()
    named = list(Pair.objects.filter(section__event=event).values_list("number", "names"))

    refused = _undone(director_client, event, naming)

    assert refused.startswith("Not undone: what this change set has been changed again since")
    assert f"#{merge.pk} (player" in refused and f"#{removal.pk} (player" in refused
    assert list(Pair.objects.filter(section__event=event).values_list("number", "names")) == named


@pytest.mark.parametrize("kind", ["pairs", "individual"])
def test_a_change_that_would_put_back_a_removed_player_is_refused(
    director_client, director, club, make_event, kind
):
    ann = Player.objects.create(club=club, name="Ann Able")
    if kind == "pairs":
        event = make_event(mitchell(3, 2))
        _named_by_page(director_client, event, {1: "Ann Able", 2: "Bob Best"})
        renaming = _named_by_page(director_client, event, {1: "Zed Young", 2: "Bob Best"})
    else:
        event = _individual(director_client, club, director, {8: "Ann Able"})
        renaming = _named_by_page(director_client, event, {8: "Zed Young"})
    # Ann plays nowhere now: she goes at once.
    director_client.post(reverse("player-remove", args=[club.slug, ann.pk]))
    assert not Player.objects.filter(pk=ann.pk).exists()

    refused = _undone(director_client, event, renaming)

    assert refused == (
        "Not undone: it would put back Ann Able, removed from the club's players or merged into "
        "another since."
    )
    assert Player.objects.filter(name="Zed Young").exists()
    assert not Change.objects.filter(kind=Change.Kind.UNDO).exists()
    connection.check_constraints()  # nothing put back points to a player that is gone


def test_deleting_an_event_names_what_goes_then_deletes_it(director_client, club, make_event):
    event = _named_event(make_event, {1: ["Ann Able", "Bob Best"]}, status="published")
    _play_board_one(event, "A+ A- # revoke")
    url = reverse("event-delete", args=[event.pk])

    page = director_client.get(url).content.decode()
    assert "1 result (1 adjusted, 1 with a note)" in page
    assert "6 pairs (1 named) and the movement's 9 table-rounds" in page
    assert "6 boards (0 with a hand record)" in page
    assert "This event is published" in page
    # Each count agrees with its own word in French: one adjusted, six pairs of which one named.
    french = director_client.get(url, headers={"accept-language": "fr"}).content.decode()
    assert "1 résultat (1 ajusté, 1 avec une note)" in french
    assert "6 paires (1 nommée)" in french
    director_client.post(url)  # no confirmation: nothing happens
    assert Event.objects.filter(pk=event.pk).exists()

    response = director_client.post(url, {"confirm": "yes"})

    assert response.url == reverse("club-admin", args=[club.slug])
    assert not Event.objects.exists() and not Result.objects.exists()
    assert Player.objects.count() == 2
    deleted = Change.objects.get(kind="event")
    assert note_text(deleted.note) == f"Deleted {event} (event #{event.pk})"
    assert Result.history.get(history_type="-").change == deleted


def test_the_backup_button_downloads_the_club_and_the_sites_administrator_restores_it(
    director_client, director, club, make_event
):
    event = _named_event(make_event, {1: ["Ann Able", "Bob Best"]}, status="published")
    _play_board_one(event)
    response = director_client.get(reverse("club-backup", args=[club.slug]))
    assert response["Content-Disposition"].startswith('attachment; filename="test-club-backup-')
    backup = response.content
    director.is_staff = True
    director.save(update_fields=["is_staff"])

    upload = SimpleUploadedFile("test-club.json.gz", backup)
    response = director_client.post(
        reverse("club-restore"), {"file": upload, "slug": "test-club-copy"}
    )

    copy = Club.objects.get(slug="test-club-copy")
    assert response.url == reverse("club-admin", args=["test-club-copy"])
    assert list(copy.directors.values_list("username", flat=True)) == ["director"]
    assert Result.objects.filter(board__section__event__club=copy).get().score_ns == 420


def test_a_restore_over_a_club_in_use_or_of_a_bad_file_is_refused(director_client, director, club):
    director.is_staff = True
    director.save(update_fields=["is_staff"])
    response = director_client.post(
        reverse("club-restore"), {"file": SimpleUploadedFile("x.json", b"{}")}
    )
    assert "Not restored: this is not a club backup made by Clubscoring." in (
        response.content.decode()
    )

    backup = director_client.get(reverse("club-backup", args=[club.slug])).content
    response = director_client.post(
        reverse("club-restore"), {"file": SimpleUploadedFile("b.json.gz", backup)}
    )
    assert (
        "Not restored: a club already uses the address &#x27;test-club&#x27;"
        in response.content.decode()
    )
    assert Club.objects.count() == 1


def test_the_club_page_counts_a_players_pairs_and_places_in_individuals(
    director_client, director, club, make_event
):
    ann = Player.objects.create(club=club, name="Ann Able")
    _individual(director_client, club, director, {8: "Ann Able", 5: "Bob Best"})
    pairs = _named_event(make_event, {1: ["Ann Able", "Cy Cole"]})
    assert pairs.sections.get().pairs.get(number=1).partnership_set.filter(player=ann).exists()

    page = director_client.get(reverse("club-admin", args=[club.slug])).content.decode()

    row = page.split("Ann Able</")[1].split("</tr>")[0]
    assert re.findall(r'<td class="num">(\d+)</td>', row) == ["2"]  # a pair and an individual
