"""A club's backup and its restore: identical pages and exports, or a clear refusal."""

import gzip
import io
import json
import re

import pytest
from django.apps import apps
from django.conf import settings
from django.core.management import CommandError, call_command
from django.core.serializers.json import DjangoJSONEncoder
from django.urls import reverse

from events.models import (
    Board,
    Club,
    Event,
    Pair,
    Partnership,
    Player,
    PreparedWorkbook,
    Result,
    TableAccess,
    TableCall,
    TableLine,
    TableRound,
)
from events.services.backup import (
    BackupRefused,
    backup_bytes,
    backup_club,
    club_models,
    restore_club,
)
from events.services.demo import load_demo
from events.services.entry import board_meetings, save_line
from events.services.exports import export_file
from events.services.setup import name_pair
from scoring import mitchell, parse_traveller_line
from tests.conftest import while_running

pytestmark = pytest.mark.django_db


# What differs on every request: the masked CSRF token, a Content Security Policy nonce.
_PER_REQUEST = re.compile(rb'("X-CSRFToken": |nonce=)"[^"]*"')


def _page(client, url: str) -> bytes:
    return _PER_REQUEST.sub(rb"\1", client.get(url).content)


def _pages(client, club: Club) -> dict[str, bytes]:
    """What a player sees of every event (ranking, scorecards, travellers), and every event's
    JSON export, which must be the same byte for byte."""
    pages = {}
    for event in club.events.exclude(status=Event.Status.SETUP):
        pages[f"{event.pk} ranking"] = _page(client, reverse("event", args=[event.pk]))
        for pair in Pair.objects.filter(section__event=event):
            url = reverse("scorecard", args=[event.pk, "A", pair.number])
            pages[f"{event.pk} pair {pair.number}"] = _page(client, url)
        for board in Board.objects.filter(section__event=event):
            url = reverse("traveller", args=[event.pk, "A", board.number])
            pages[f"{event.pk} board {board.number}"] = _page(client, url)
        pages[f"{event.pk} json"] = export_file(event=event, format_key="json")
    return pages


def _empty_database(django_user_model) -> None:
    """Every row of every club model (history included) and every user gone."""
    models = list(reversed(club_models()))
    history = [m for m in models if m.__name__.startswith("Historical")]
    for model in [m for m in models if m not in history] + history:  # deletes make history
        model._base_manager.all().delete()
    django_user_model.objects.all().delete()


def test_a_demo_backup_restored_into_an_empty_database_gives_identical_pages(
    client, django_user_model, tmp_path
):
    club = load_demo()
    before = _pages(client, club)
    counts = {m: m._base_manager.count() for m in club_models()}
    backup = tmp_path / "riverside.json.gz"
    call_command("backup_club", "riverside", "-o", str(backup))
    _empty_database(django_user_model)
    assert not Result.objects.exists()
    django_user_model.objects.create_user("organiser")

    call_command("restore_club", str(backup), "--keep-keys", "--user", "director=organiser")

    restored = Club.objects.get(slug="riverside")
    assert _pages(client, restored) == before
    assert {m: m._base_manager.count() for m in club_models()} == counts
    assert restored.is_demo is True
    # The one account the operator linked directs the club; no account was made.
    assert list(django_user_model.objects.values_list("username", flat=True)) == ["organiser"]
    assert list(restored.directors.values_list("username", flat=True)) == ["organiser"]
    # The keys were kept, and new rows still get keys of their own (PostgreSQL's sequences).
    event = restored.events.get(name="Tuesday Pairs")
    assert reverse("event", args=[event.pk]) in before[f"{event.pk} ranking"].decode()
    Player.objects.create(club=restored, name="New Member")


def test_a_club_deleted_by_mistake_comes_back_with_new_keys_where_its_history_stays(
    make_event, club
):
    event = make_event(mitchell(3, 2), status="published")
    name_pair(pair=event.sections.get().pairs.get(number=1), names=["Ann Able", "Bob Best"])
    _play_board_one(event)
    before = json.loads(export_file(event=event, format_key="json"))
    data = backup_bytes(club=club)
    club.delete()  # whatever history of it is kept stays

    with pytest.raises(BackupRefused, match="kept only in an empty database, and this one holds"):
        restore(data, keep_keys=True)
    summary = restore(data)

    assert summary.kept_keys is False
    after = json.loads(export_file(event=summary.club.events.get(), format_key="json"))
    assert after["event"].pop("id") != before["event"].pop("id")
    assert after == before


def restore(data: bytes, **options):
    return restore_club(source=io.BytesIO(data), **options)


def _play_board_one(event: Event) -> None:
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meeting = board_meetings(board=board)[0]
    with while_running(event):
        save_line(
            board=board,
            line=parse_traveller_line("4S N 10 # claim"),
            ns_pair=meeting.ns,
            ew_pair=meeting.ew,
        )


def test_the_backups_of_two_clubs_share_no_row_and_hold_every_row_between_them(make_event, club):
    event = make_event(mitchell(3, 2), reveal="round")
    name_pair(pair=event.sections.get().pairs.get(number=1), names=["Ann Able", "Bob Best"])
    _play_board_one(event)
    other = Club.objects.create(name="Other Club", slug="other")
    Player.objects.create(club=other, name="Not Ours")

    ours, theirs = backup_club(club=club), backup_club(club=other)

    for model in club_models():
        label = model._meta.label_lower
        mine = [row["pk"] for row in ours["objects"] if row["model"] == label]
        others = [row["pk"] for row in theirs["objects"] if row["model"] == label]
        assert mine == sorted(mine) and not set(mine) & set(others), label
        assert sorted(mine + others) == sorted(model._base_manager.values_list("pk", flat=True))
    their_players = [row for row in theirs["objects"] if row["model"] == "events.player"]
    assert [row["fields"]["name"] for row in their_players] == ["Not Ours"]
    labels = list(dict.fromkeys(row["model"] for row in ours["objects"]))
    for chain in (["club", "event", "section", "board", "result"], ["pair", "partnership"]):
        positions = [labels.index(f"events.{name}") for name in chain]
        assert positions == sorted(positions), chain
    assert labels[0] == "events.club" and labels.index("events.pair") < labels.index(
        "events.result"
    )
    assert ours["users"] == ["director"]


def test_every_installed_model_with_a_path_to_a_club_is_in_its_backup():
    """Whatever app a model lives in: found by walking every installed model's references."""
    installed = apps.get_models(include_auto_created=True)
    belongs = {Club}
    while grown := {
        model
        for model in installed
        if model not in belongs
        and any(f.related_model in belongs for f in model._meta.concrete_fields if f.is_relation)
    }:
        belongs |= grown
    backed_up = set(club_models())

    many_to_many = {model for model in belongs if model._meta.auto_created}
    caches = {model for model in belongs if getattr(model, "in_backup", True) is False}
    assert belongs - many_to_many - caches == backed_up
    assert caches == {PreparedWorkbook, TableAccess, TableLine, TableCall}
    # A many-to-many table's rows go with the rows of the model that owns it.
    assert {model._meta.auto_created for model in many_to_many} <= backed_up
    assert {Club, Player, Result, Player.history.model} <= backed_up


def test_notes_adjustments_settings_and_the_movement_come_back(make_event, club, django_user_model):
    event = make_event(mitchell(3, 2), scoring="butler", reveal="session", status="published")
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meeting = board_meetings(board=board)[0]
    with while_running(event):
        save_line(
            board=board,
            line=parse_traveller_line("A+ A- # slow play"),
            ns_pair=meeting.ns,
            ew_pair=meeting.ew,
        )
    rounds = list(TableRound.objects.values_list("round", "table", "ns_pair__number", "low_board"))
    data = backup_bytes(club=club, compress=False)
    _empty_database(django_user_model)

    summary = restore(data, keep_keys=True)

    assert summary.kept_keys is True
    event = Event.objects.get()
    assert (event.scoring, event.reveal, event.status) == ("butler", "session", "published")
    result = Result.objects.get()
    assert (result.note, result.ns_adjustment, result.ew_adjustment) == ("slow play", "A+", "A-")
    assert (
        list(TableRound.objects.values_list("round", "table", "ns_pair__number", "low_board"))
        == rounds
    )


def test_a_backup_restored_beside_its_club_under_another_address_gets_new_keys(make_event, club):
    event = make_event(mitchell(3, 2), status="published")
    name_pair(pair=event.sections.get().pairs.get(number=1), names=["Ann Able", "Bob Best"])
    _play_board_one(event)
    board = Board.objects.get(section__event=event, number=1)
    before = json.loads(export_file(event=event, format_key="json"))

    summary = restore(backup_bytes(club=club), slug="test-club-copy")

    copy = summary.club
    assert summary.kept_keys is False
    assert (copy.slug, copy.name) == ("test-club-copy", "Test Bridge Club")
    copied = copy.events.get()
    assert copied.pk != event.pk
    after = json.loads(export_file(event=copied, format_key="json"))
    assert after["event"].pop("id") == copied.pk and before["event"].pop("id") == event.pk
    assert after == before
    assert Partnership.objects.filter(pair__section__event=copied).count() == 2
    assert set(Player.objects.filter(club=copy).values_list("name", flat=True)) == {
        "Ann Able",
        "Bob Best",
    }
    assert Result.objects.get(board__section__event=copied).note == "claim"
    # The original is untouched.
    assert Result.objects.get(board__section__event=event).board_id == board.pk


def test_a_club_address_in_use_is_refused_and_nothing_is_written(make_event, club):
    make_event(mitchell(3, 2))
    data = backup_bytes(club=club)
    events = Event.objects.count()

    with pytest.raises(BackupRefused, match="a club already uses the address 'test-club'"):
        restore(data)
    with pytest.raises(CommandError, match="a club already uses the address 'test-club'"):
        call_command("restore_club", _write(data))

    assert Event.objects.count() == events and Club.objects.count() == 1


def _write(data: bytes) -> str:
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".json.gz", delete=False) as handle:
        handle.write(data)
    return handle.name


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"not json", "this is not a club backup: the file is not well-formed JSON"),
        (b"\x1f\x8b\x08\x00broken", "the file is a damaged gzip file"),
        (b'{"format": "something else"}', "this is not a club backup made by Clubscoring"),
        (
            b'{"format": "clubscoring-club-backup", "version": 99}',
            "this backup is version 99; this installation restores version 1",
        ),
    ],
)
def test_a_file_that_is_not_a_backup_is_refused(data, message):
    with pytest.raises(BackupRefused, match=message):
        restore(data)


def _player_of_another_club(backup: dict, other: Club) -> None:
    row = {"model": "events.player", "pk": 998, "fields": {"club": other.pk, "name": "Spy"}}
    backup["objects"].append(row)


def _event_left_out(backup: dict, other: Club) -> None:
    next(row for row in backup["objects"] if row["model"] == "events.event")["pk"] = 999


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (_player_of_another_club, r"events.player 998 points at events.club \d+, which is not in"),
        (_event_left_out, r"events.section \d+ points at events.event \d+, which is not in"),
    ],
)
def test_rows_pointing_outside_the_backup_are_refused(make_event, club, tamper, message):
    make_event(mitchell(3, 2))
    other = Club.objects.create(name="Other Club", slug="other")
    backup = backup_club(club=club)
    backup["objects"][0]["fields"]["slug"] = "new-address"
    tamper(backup, other)

    with pytest.raises(BackupRefused, match=message):
        restore(_file(backup))

    assert not Club.objects.filter(slug="new-address").exists()
    assert not Player.objects.filter(name="Spy").exists()


def test_a_row_of_another_app_is_refused(club):
    backup = backup_club(club=club)
    backup["objects"].append({"model": "auth.user", "pk": 5, "fields": {"username": "root"}})
    with pytest.raises(BackupRefused, match=r"rows of 'auth\.user', which are not club data"):
        restore(gzip.compress(_file(backup)), slug="another-address")


def _file(backup: dict) -> bytes:
    return json.dumps(backup, cls=DjangoJSONEncoder).encode()


def test_a_clubs_settings_come_back_and_an_older_backup_gets_the_sites_time_zone(
    make_event, club, django_user_model
):
    make_event(mitchell(3, 2))
    club.time_zone, club.national_body = "Pacific/Auckland", "nbf"
    club.event_defaults = {"scoring": "butler", "mp_scale": 1, "boards_per_round": 4}
    club.save()
    backup = backup_club(club=club)
    older = json.loads(_file(backup))
    for name in ("time_zone", "national_body", "event_defaults"):
        del older["objects"][0]["fields"][name]
    older["objects"][0]["fields"]["slug"] = "older"
    _empty_database(django_user_model)

    restore(_file(backup), keep_keys=True)
    restore(_file(older))

    restored = Club.objects.get(slug="test-club")
    assert (restored.time_zone, restored.national_body, restored.event_defaults) == (
        "Pacific/Auckland",
        "nbf",
        {"scoring": "butler", "mp_scale": 1, "boards_per_round": 4},
    )
    older = Club.objects.get(slug="older")
    assert (older.time_zone, older.national_body, older.event_defaults) == (
        settings.TIME_ZONE,
        "",
        {},
    )


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("time_zone", "Mars/Olympus", "time_zone: Mars/Olympus is not a time zone"),
        ("national_body", "bbo", "national_body: Value 'bbo' is not a valid choice"),
        ("event_defaults", ["mp"], "event_defaults: The defaults for new events are not a set"),
        ("event_defaults", {"date": "2026-01-01"}, "event_defaults: The defaults for new"),
        ("event_defaults", {"scoring": ["mp"]}, "event_defaults: The defaults for new"),
    ],
)
def test_a_backup_with_a_bad_club_setting_is_refused(club, name, value, message):
    backup = backup_club(club=club)
    backup["objects"][0]["fields"] |= {"slug": "new-address", name: value}

    with pytest.raises(BackupRefused, match=message):
        restore(_file(backup))

    assert not Club.objects.filter(slug="new-address").exists()


def test_a_backup_made_before_players_had_an_email_is_restored(club):
    Player.objects.create(club=club, name="Ann Able", member_number="1001")
    backup = backup_club(club=club)
    backup["objects"][0]["fields"]["slug"] = "before-emails"
    for row in backup["objects"]:
        if row["model"] in ("events.player", "events.historicalplayer"):
            del row["fields"]["email"]

    summary = restore(_file(backup))

    assert list(summary.club.players.values_list("name", "email")) == [("Ann Able", "")]
