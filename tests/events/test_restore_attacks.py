"""A club's backup restored through the web touches only the club it makes: each attack a probe
of the running app found is refused, or made harmless, on SQLite and PostgreSQL. After each,
another club adds a player, an event, a result and their history, and no row outside the
restored club differs."""

import copy
import gzip

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from events.models import Board, Change, Club, Player
from events.services.backup import BackupRefused, backup_club, club_models
from events.services.entry import board_meetings, save_line
from events.services.history import recording
from events.services.setup import name_pair
from scoring import mitchell, parse_traveller_line
from tests.events.restore_checks import (
    carries_on,
    checksums,
    file_of,
    rekey,
    restore,
    rows_of,
)

pytestmark = pytest.mark.django_db

LAST_BIG_KEY = 2**63 - 1
LAST_KEY = 2**31 - 1  # the history tables' keys


@pytest.fixture
def victim(make_event, club, director):
    """A club with an event, named pairs and a line saved, each with its history."""
    event = make_event(mitchell(3, 2))
    name_pair(pair=event.sections.get().pairs.get(number=1), names=["Ann Able", "Bob Best"])
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meeting = board_meetings(board=board)[0]
    with recording(club=club, kind="result", event=event, user=director):
        save_line(
            board=board,
            line=parse_traveller_line("4S N 10"),
            ns_pair=meeting.ns,
            ew_pair=meeting.ew,
        )
    return club


@pytest.fixture
def backup(victim) -> dict:
    """The victim's backup, as an attacker who read it would start from: under a free address."""
    backup = backup_club(club=victim)
    backup["objects"][0]["fields"]["slug"] = "attacker"
    return backup


def test_keys_at_the_end_of_their_columns_are_not_kept_and_every_club_goes_on(victim, backup):
    rekey(backup, "events.player", lambda key: LAST_BIG_KEY - key)
    for row in backup["objects"]:
        if row["model"].startswith("events.historical"):
            row["pk"] = LAST_KEY - row["pk"]
    before = checksums()

    summary = restore(backup)

    assert summary.kept_keys is False
    assert not Player.objects.filter(pk__gt=2**40).exists()
    assert not Player.history.filter(history_id__gt=2**30).exists()
    assert checksums(leaving_out=summary.club) == before
    assert sorted(Player.objects.filter(club=summary.club).values_list("name", flat=True)) == [
        "Ann Able",
        "Bob Best",
    ]
    carries_on(victim)


@pytest.mark.parametrize(
    ("label", "key", "message"),
    [
        (
            "events.player",
            LAST_BIG_KEY - 1,
            "a row of events.player has the primary key 9223372036854775806, which is not a "
            "whole number from 1 to 4,611,686,018,427,387,903",
        ),
        (
            "events.historicalplayer",
            LAST_KEY - 1,
            "a row of events.historicalplayer has the primary key 2147483646, which is not a "
            "whole number from 1 to 1,073,741,823",
        ),
    ],
)
def test_keys_kept_by_the_operator_leave_their_sequence_room(
    victim, backup, django_user_model, label, key, message
):
    rekey(backup, label, lambda _: key) if label == "events.player" else None
    for row in rows_of(backup, label)[:1]:
        row["pk"] = key
    data = file_of(backup)
    for model in reversed(club_models()):
        model._base_manager.all().delete()
    for model in [m for m in club_models() if m.__name__.startswith("Historical")]:
        model._base_manager.all().delete()  # the deletes above made history

    with pytest.raises(BackupRefused) as refused:
        restore(data, keep_keys=True)

    assert str(refused.value) == message
    assert not Club.objects.exists()


def test_history_planted_for_another_clubs_next_player_attaches_to_nothing(victim, backup):
    next_player = Player.objects.order_by("-pk").first().pk + 1
    planted = copy.deepcopy(rows_of(backup, "events.historicalplayer")[0])
    planted["pk"] = 10_000
    planted["fields"].update(id=next_player, name="Planted", history_type="~")
    backup["objects"].append(planted)
    before = checksums()

    summary = restore(backup)

    assert summary.left_out == 1
    assert not Player.history.filter(name="Planted").exists()
    assert checksums(leaving_out=summary.club) == before
    carries_on(victim)  # its new player, next_player or later, has its own history alone
    assert "Planted" not in str(backup_club(club=victim))


def test_history_naming_another_clubs_rows_is_refused(victim, backup):
    other = Club.objects.create(name="Other", slug="other")
    planted = copy.deepcopy(rows_of(backup, "events.historicalplayer")[0])
    planted["pk"] = 10_000
    planted["fields"]["club"] = other.pk
    backup["objects"].append(planted)
    before = checksums()

    with pytest.raises(BackupRefused) as refused:
        restore(backup)

    assert str(refused.value) == (
        f"a history row points at events.club {other.pk}, which is neither in the backup nor a "
        "row of the club deleted before it"
    )
    assert checksums() == before
    carries_on(victim)


def test_no_account_is_made_or_borrowed(victim, backup, director, django_user_model):
    someone = django_user_model.objects.create_user("someone", password="not-theirs-to-give")
    restorer = django_user_model.objects.create_user("restorer")
    backup["users"] += [f"made-{n}" for n in range(2_000)] + ["someone"]
    club_row = backup["objects"][0]
    club_row["fields"]["directors"] = [["someone"], ["ghost"], ["director"]]
    for row in rows_of(backup, "events.change"):
        row["fields"]["user"] = ["someone"]
    for row in backup["objects"]:
        if row["model"].startswith("events.historical"):
            row["fields"]["history_user"] = ["someone"]
    users = list(django_user_model.objects.order_by("pk").values_list())

    summary = restore(backup, director=restorer)

    club = summary.club
    assert list(django_user_model.objects.order_by("pk").values_list()) == users
    assert list(club.directors.all()) == [restorer]
    assert not someone.clubs.exists() and list(director.clubs.all()) == [victim]
    changes = Change.objects.filter(club=club)
    assert changes.exists()
    assert set(changes.values_list("user", "username")) == {(None, "someone")}
    assert [c.author for c in changes] == ["someone"] * changes.count()
    assert not Player.history.filter(club=club, history_user__isnull=False).exists()
    assert summary.unlinked_users == ["director", "ghost", "someone"]
    carries_on(victim)


def _nul_in_a_name(backup):
    rows_of(backup, "events.player")[0]["fields"]["name"] = "Ann\x00Able"


def _a_row_twice(backup):
    backup["objects"].append(copy.deepcopy(rows_of(backup, "events.player")[0]))


def _a_field_not_here(backup):
    rows_of(backup, "events.player")[0]["fields"]["secret"] = 1


def _a_key_that_is_text(backup):
    rows_of(backup, "events.player")[0]["pk"] = "7"


def _a_name_missing(backup):
    del rows_of(backup, "events.player")[0]["fields"]["name"]


def _a_user_by_id(backup):
    rows_of(backup, "events.change")[0]["fields"]["user"] = 1


def _a_second_club(backup):
    backup["objects"].append(copy.deepcopy(backup["objects"][0]))


def _a_name_too_long(backup):
    rows_of(backup, "events.player")[0]["fields"]["name"] = "x" * 60_000


def _seats_as_a_list(backup):
    player = rows_of(backup, "events.player")[0]["pk"]
    rows_of(backup, "events.pair")[0]["fields"]["players"] = [player]


def _a_time_no_database_reads_back(backup):
    rows_of(backup, "events.event")[0]["fields"]["created"] = "9999-12-31T23:59:59-05:00"


def _an_upload_of_a_number(backup):
    club = backup["objects"][0]["pk"]
    backup["objects"].append(
        {
            "model": "events.upload",
            "pk": 1,
            "fields": {"club": club, "name": "x.pbn", "data": 5, "file_hash": ""},
        }
    )


def _tricks_of_text(backup):
    rows_of(backup, "events.result")[0]["fields"]["tricks"] = "ten"


def _a_note_of_no_sentence(backup):
    rows_of(backup, "events.result")[0]["fields"]["note"] = {"code": "no-such", "values": {}}


def _a_note_missing_its_values(backup):
    rows_of(backup, "events.change")[0]["fields"]["note"] = [{"code": "event", "values": {}}]


PLAIN_REFUSALS = [
    (_nul_in_a_name, r"^a value holds a NUL character, which no database here stores$"),
    (_a_row_twice, r"^events.player \d+ appears twice in the backup$"),
    (_a_field_not_here, r"^events.player \d+ has no field 'secret' here$"),
    (_a_key_that_is_text, r'^a row of events.player has the primary key "7", which is not a whole'),
    (_a_name_missing, r"^events.player \d+ has no name$"),
    (_a_user_by_id, r"^events.change \d+ names a user in a way this installation does not read$"),
    (_a_second_club, r"^a backup holds exactly one club, in its first row$"),
    (_a_name_too_long, r"^events.player \d+: name: Ensure this value has at most 120 characters"),
    (_seats_as_a_list, r"^events.pair \d+ has no field 'players' here$"),
    (_a_time_no_database_reads_back, r"^events.event \d+: created is not a date from 1900 to"),
    (_an_upload_of_a_number, r"^events.upload 1: data is not base64 text$"),
    (_tricks_of_text, r"^events.result \d+: tricks: “ten” value must be an integer.$"),
    (_a_note_of_no_sentence, r"^events.result \d+: note is not a note this site can read$"),
    (_a_note_missing_its_values, r"^events.change \d+: note is not a note this site can read$"),
]


@pytest.mark.parametrize(("tamper", "message"), PLAIN_REFUSALS)
def test_a_broken_file_is_refused_in_plain_words_and_changes_nothing(
    victim, backup, tamper, message
):
    tamper(backup)
    before = checksums()

    with pytest.raises(BackupRefused, match=message):
        restore(backup)

    assert checksums() == before
    carries_on(victim)


def _rows_over(backup):
    return file_of(backup)


def _deep(backup):
    rows_of(backup, "events.player")[0]["fields"]["name"] = "NEST"
    return file_of(backup).replace(b'"NEST"', b"[" * 200_000 + b"]" * 200_000)


def _long_name(backup):
    rows_of(backup, "events.player")[0]["fields"]["name"] = "é" * 60
    return file_of(backup)


def _longer_than_a_read(backup):
    rows_of(backup, "events.player")[0]["fields"]["name"] = "x" * 9_000_000
    return file_of(backup)


def _many_values(backup):
    backup["objects"][0]["fields"]["junk"] = [[]] * 200
    return file_of(backup)


def _many_users(backup):
    backup["users"] = [f"user {n}" for n in range(200)]
    return file_of(backup)


def _a_row_across_reads(backup):
    rows_of(backup, "events.player")[0]["fields"]["name"] = "x" * 7_000_000
    return file_of(backup)


def _escapes(backup):
    rows_of(backup, "events.player")[0]["fields"]["name"] = '"' * 300_000
    return file_of(backup)


def _bomb(backup):
    club, player = file_of(backup["objects"][0]), file_of(rows_of(backup, "events.player")[0])
    start = file_of(backup).split(b'"objects": [')[0] + b'"objects": [' + club
    return gzip.compress(start + b", " + b", ".join([player] * 5_000) + b"]}")


@pytest.mark.parametrize(
    ("limits", "file", "message"),
    [
        ({"rows": 10}, _rows_over, "the backup holds more than the limit of 10 rows"),
        (
            {"rows_per_model": 3},
            _rows_over,
            r"the backup holds more than the limit of 3 rows of events\.\w+",
        ),
        ({}, _deep, "the file nests deeper than the limit of 10 levels"),
        ({}, _escapes, "a value holds more than 10,000 escaped characters"),
        (
            {"values_per_row": 100},
            _many_values,
            r"a row of the backup \(or its list of users\) holds more than the limit of 100 values",
        ),
        ({"values_per_row": 100}, _many_users, "holds more than the limit of 100 values"),
        (
            {"row_bytes": 1_000_000, "value_bytes": 20_000_000},
            _a_row_across_reads,
            "a row of the backup spans more than the limit of 1,000,000 bytes",
        ),
        ({"value_bytes": 100}, _long_name, "a value is longer than the limit of 100 bytes"),
        (
            {"value_bytes": 1_000},
            _longer_than_a_read,
            "a value is longer than the limit of 1,000 bytes",
        ),
        (
            {"unpacked_bytes": 50_000},
            _bomb,
            "the file unpacks to more than the limit of 50,000 bytes",
        ),
        ({}, _bomb, r"events.player \d+ appears twice in the backup"),
    ],
)
def test_a_file_past_a_limit_is_refused_naming_it(victim, backup, settings, limits, file, message):
    settings.BACKUP_RESTORE_LIMITS = limits
    data = file(backup)
    before = checksums()

    with pytest.raises(BackupRefused, match=message):
        restore(data)

    assert checksums() == before
    carries_on(victim)


def test_the_restore_page_makes_a_club_only_its_director_directs(victim, backup, django_user_model):
    other_director = django_user_model.objects.create_user("elsewhere", is_staff=True)
    Club.objects.create(name="Elsewhere", slug="elsewhere").directors.add(other_director)
    rekey(backup, "events.player", lambda key: LAST_BIG_KEY - key)
    backup["objects"][0]["fields"]["directors"] = [["director"]]
    from django.test import Client

    client = Client()
    client.force_login(other_director)
    before = checksums()

    response = client.post(
        reverse("club-restore"),
        {"file": SimpleUploadedFile("b.json.gz", gzip.compress(file_of(backup)))},
    )

    club = Club.objects.get(slug="attacker")
    assert response.url == reverse("club-admin", args=["attacker"])
    assert list(club.directors.all()) == [other_director]
    assert checksums(leaving_out=club) == before
    carries_on(victim)


def test_the_restore_page_refuses_a_file_past_the_packed_limit(
    director_client, director, backup, settings
):
    settings.BACKUP_RESTORE_LIMITS = {"packed_bytes": 1_000}
    director.is_staff = True
    director.save(update_fields=["is_staff"])
    before = checksums()

    response = director_client.post(
        reverse("club-restore"), {"file": SimpleUploadedFile("big.json", file_of(backup))}
    )

    assert "big.json: the file is larger than the limit of 0.000953674 MiB." in (
        response.content.decode()
    )
    assert checksums() == before
