"""Migration 0035: the club settings' changes noted in English before 0034 made notes sentences
become the settings and their values, read in the reader's language; anything else stays as
typed; and back."""

import importlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.utils import translation

from events.models import Change
from events.services.club_settings import change_club_settings
from events.services.notes import note_text

migration = importlib.import_module("events.migrations.0035_club_settings_notes_as_sentences")
BEFORE = [("events", "0034_notes_as_sentences")]
AFTER = MigrationLoader(None).graph.leaf_nodes("events")  # the latest


def changed(*settings) -> list[dict]:
    names = ("setting", "before", "after")
    return [
        {
            "code": "settings-changed",
            "values": {"settings": [dict(zip(names, s, strict=True)) for s in settings]},
        }
    ]


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        (
            "Time zone: Europe/London → Europe/Oslo",
            changed(("time_zone", "Europe/London", "Europe/Oslo")),
        ),
        (
            "Time zone: UTC → Pacific/Auckland; "
            "National body: (none) → Norsk Bridgeforbund (NBF); "
            "New events' scoring: Matchpoints → Cross-IMPs; "
            "New events' boards a round: 3 → 4",
            changed(
                ("time_zone", "UTC", "Pacific/Auckland"),
                ("national_body", "", "nbf"),
                ("scoring", "mp", "cross-imps"),
                ("boards_per_round", 3, 4),
            ),
        ),
        (
            "Language: English → Norsk bokmål; New events' East-West numbered on: No → Yes; "
            "Most players a team registers: 6 → 7",
            changed(
                ("language", "en-gb", "nb"),
                ("ew_numbered_on", False, True),
                ("team_max_players", 6, 7),
            ),
        ),
        (
            "New events' matchpoint scale: 2 per score beaten (EBU, WBF) → 1 per score beaten "
            "(ACBL); New events' reveal: Always: every result as it is entered → At the end of "
            "each round",
            changed(("mp_scale", 2, 1), ("reveal", "always", "round")),
        ),
        (
            "New events' matchpoint rounding: Not rounded → Nearest 0.1, exactly .05 towards "
            "the board average (EBU)",
            changed(("mp_rounding", "none", "ebu")),
        ),
        (
            "Changed: Time zone, National body, New events' scoring, New events' reveal",
            [
                {
                    "code": "settings-named",
                    "values": {"settings": ["time_zone", "national_body", "scoring", "reveal"]},
                }
            ],
        ),
        ("Time zone: Europe/London", None),
        ("New events' scoring: Matchpoints → Bridge", None),
        ("New events' boards a round: 3 → three", None),
        ("Changed: Time zone, the weather", None),
        ("Fuseau horaire: UTC → Europe/Paris", None),  # written under French: kept as it is
        ("a director's own words", None),
    ],
)
def test_the_settings_pages_english_is_recognised_and_nothing_else(text, sentences):
    assert migration.recognised(text) == sentences
    if sentences:
        with translation.override("en-gb"):
            assert note_text(sentences) == migration.english(sentences) == text


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_each_note_and_the_reader_reads_it_in_their_language(club, director):
    written = Change.objects.create(
        club=club, kind="settings", note="Time zone: Europe/London → Europe/Oslo"
    )
    long = Change.objects.create(club=club, kind="settings", note="Changed: Time zone, Language")
    typed = Change.objects.create(club=club, kind="settings", note="a director's own words")
    change_club_settings(
        club=club,
        user=director,
        time_zone="Europe/Paris",
        national_body="ffb",
        event_defaults={},
        defaults_before={},
    )
    made = Change.objects.latest("pk")
    executor = MigrationExecutor(connection)
    try:
        executor.migrate(BEFORE)
        old = executor.loader.project_state(BEFORE).apps.get_model("events", "Change")
        # Back as before: English text.
        assert old.objects.get(pk=written.pk).note == "Time zone: Europe/London → Europe/Oslo"
        assert old.objects.get(pk=long.pk).note == "Changed: Time zone, Language"
        assert old.objects.get(pk=made.pk).note == (
            "Time zone: UTC → Europe/Paris; National body: (none) → Fédération Française de "
            "Bridge (FFB)"
        )
        executor = MigrationExecutor(connection)
    finally:
        executor.migrate(AFTER)

    notes = {
        change.pk: change.note
        for change in Change.objects.filter(pk__in=[written.pk, long.pk, typed.pk, made.pk])
    }
    assert notes == {
        written.pk: changed(("time_zone", "Europe/London", "Europe/Oslo")),
        long.pk: [{"code": "settings-named", "values": {"settings": ["time_zone", "language"]}}],
        typed.pk: "a director's own words",
        made.pk: changed(("time_zone", "UTC", "Europe/Paris"), ("national_body", "", "ffb")),
    }
    with translation.override("fr"):
        assert [note_text(notes[pk]) for pk in (written.pk, long.pk)] == [
            "Fuseau horaire\u00a0: Europe/London → Europe/Oslo",
            "Modifié\u00a0: Fuseau horaire, Langue",
        ]
    with translation.override("nb"):
        assert note_text(notes[written.pk]) == "Tidssone: Europe/London → Europe/Oslo"
