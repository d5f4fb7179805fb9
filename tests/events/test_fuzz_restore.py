"""The restore driven by crafted backups (keys out of range, references to other clubs' rows,
shifted keys, planted history, usernames, deep and long values) at small limits: each is
refused in plain words or restored as a club of its own, no row outside that club changes, and
the other clubs still add players, events, results and their history."""

import copy
import re

import pytest
from django.apps import apps
from django.db import transaction
from hypothesis import given, settings
from hypothesis import strategies as st

from events.models import Club, Player
from events.services.backup import BackupRefused, backup_club
from tests.events.fuzzing import FUZZ
from tests.events.restore_checks import carries_on, checksums, file_of, rekey, restore
from tests.events.test_restore_attacks import backup as backup
from tests.events.test_restore_attacks import victim as victim

pytestmark = pytest.mark.django_db

LIMITS = {"rows": 400, "rows_per_model": 200, "depth": 10, "value_bytes": 500}
KEYS = st.one_of(
    st.sampled_from([0, -1, 1, 2, 2**31 - 1, 2**31, 2**62, 2**63 - 1, 2**63, 2**64]),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([True, None, "1", 1.5, [], {}]),
)
VALUES = st.one_of(
    KEYS,
    st.text(max_size=30),
    st.sampled_from(["\x00", "\ud800", "x" * 501, "=1+1", "<script>", "2026-13-45"]),
    st.sampled_from(["9999-12-31T23:59:59-05:00", "0001-01-01T00:00:00+05:00", "AAAA", "!"]),
    st.recursive(st.none(), lambda inner: st.lists(inner, max_size=2), max_leaves=12),
)
# Error text a refusal must never show: an exception's words, not the director's.
NOT_PLAIN = re.compile(r"Traceback|Error\b|positional|argument|__|0x[0-9a-f]{6}|\bNone\b")


def _row(data, backup: dict) -> dict:
    return data.draw(st.sampled_from(backup["objects"]), label="row")


def _a_key(data, backup, other):
    _row(data, backup)["pk"] = data.draw(KEYS, label="key")


def _a_reference(data, backup, other):
    row = _row(data, backup)
    model = apps.get_model(row["model"])
    references = [f.name for f in model._meta.concrete_fields if f.is_relation]
    if references:
        name = data.draw(st.sampled_from(references), label="field")
        theirs = [other.pk, *Player.objects.filter(club=other).values_list("pk", flat=True)]
        row["fields"][name] = data.draw(st.one_of(st.sampled_from(theirs), KEYS), label="to")


def _shifted_keys(data, backup, other):
    label = data.draw(st.sampled_from(sorted({row["model"] for row in backup["objects"]})))
    shift = data.draw(st.integers(min_value=1, max_value=2**40), label="shift")
    rekey(backup, label, lambda key: key + shift)


def _planted_history(data, backup, other):
    history = [row for row in backup["objects"] if row["model"].startswith("events.historical")]
    planted = copy.deepcopy(data.draw(st.sampled_from(history), label="history"))
    planted["pk"] = data.draw(st.integers(min_value=1, max_value=2**31 - 1), label="history id")
    planted["fields"]["id"] = data.draw(
        st.one_of(st.integers(min_value=1, max_value=2**63 - 1), st.just(other.pk)), label="of"
    )
    backup["objects"].append(planted)


def _usernames(data, backup, other):
    names = data.draw(st.lists(st.text(min_size=1, max_size=20), max_size=5), label="names")
    backup["users"] += names
    backup["objects"][0]["fields"]["directors"] = [[name] for name in [*names, "director"]]
    for row in backup["objects"]:
        if "history_user" in row["fields"] and names:
            row["fields"]["history_user"] = [data.draw(st.sampled_from(names))]


def _a_value(data, backup, other):
    row = _row(data, backup)
    if row["fields"]:
        name = data.draw(st.sampled_from(sorted(row["fields"])), label="field")
        row["fields"][name] = data.draw(VALUES, label="value")


ATTACKS = [_a_key, _a_reference, _shifted_keys, _planted_history, _usernames, _a_value]


@pytest.fixture
def other(victim):
    """A second club of the same site, with a player of its own, to point at."""
    other = Club.objects.create(name="Other Club", slug="other")
    Player.objects.create(club=other, name="Not Theirs")
    return other


@settings(FUZZ, max_examples=min(FUZZ.max_examples, 30))
@given(data=st.data())
def test_a_crafted_backup_changes_nothing_outside_the_club_it_makes(
    victim, other, backup, django_settings_limits, data
):
    crafted = copy.deepcopy(backup)
    for attack in data.draw(st.lists(st.sampled_from(ATTACKS), min_size=1, max_size=3)):
        attack(data, crafted, other)
    before = checksums()
    with transaction.atomic():
        try:
            summary = restore(file_of(crafted))
        except BackupRefused as refused:
            assert not NOT_PLAIN.search(str(refused)), str(refused)
            assert checksums() == before
        else:
            assert checksums(leaving_out=summary.club) == before
            assert "Not Theirs" not in str(backup_club(club=summary.club))
        carries_on(victim)
        carries_on(other)
        transaction.set_rollback(True)


@pytest.fixture
def django_settings_limits(settings):
    settings.BACKUP_RESTORE_LIMITS = LIMITS
