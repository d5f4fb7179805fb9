"""Migration 0036: a traveller line's note becomes a typed text or the site's sentences; the
import's English reason for keeping a line fixed is recognised, anything else stays as typed;
and back."""

import importlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.utils import translation

from events.models import Result
from events.services.imports import import_event, read_result_file
from events.services.notes import note_text
from tests.events.test_fixed_scores import UNREAD, pbn

migration = importlib.import_module("events.migrations.0036_line_notes_as_sentences")
BEFORE = [("events", "0035_club_settings_notes_as_sentences")]
AFTER = MigrationLoader(None).graph.leaf_nodes("events")  # the latest


def unread(contract: str, why: str) -> list[dict]:
    engine = {"code": "engine", "values": {"message": why, "values": {}}}
    return [{"code": "contract-unread", "values": {"contract": contract, "why": engine}}]


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        (
            "the contract '42' cannot be read (level must be 1 to 7)",
            unread("'42'", "level must be 1 to 7"),
        ),
        (
            "the contract '2Q' cannot be read (strain must be C, D, H, S or NT)",
            unread("'2Q'", "strain must be C, D, H, S or NT"),
        ),
        (
            'the contract "4S\'" cannot be read (write X for doubled or XX for redoubled)',
            unread('"4S\'"', "write X for doubled or XX for redoubled"),
        ),
        (
            "the contract 'x' cannot be read (a contract is a level 1-7 and a strain, e.g. 4S, "
            "3NTX, or PASS)",
            unread("'x'", "a contract is a level 1-7 and a strain, e.g. 4S, 3NTX, or PASS"),
        ),
        ("the contract '42' cannot be read (it is late)", None),  # no refusal of the engine's
        ("the contract 42 cannot be read (level must be 1 to 7)", None),  # not quoted
        ("le contrat '42' ne peut pas être lu (le niveau doit être de 1 à 7)", None),
        ("claimed", None),
        ("=1+2", None),
    ],
)
def test_the_imports_english_is_recognised_and_nothing_else(text, sentences):
    assert migration.recognised(text) == sentences
    if sentences:
        with translation.override("en-gb"):
            assert note_text(sentences) == migration.english(sentences) == text


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_each_note_and_the_reader_reads_it_in_their_language(club):
    event = import_event(imported=read_result_file(pbn({2: UNREAD})), club=club)
    fixed = Result.objects.get(board__section__event=event, ns_pair__number=1)
    typed = Result.objects.get(board__section__event=event, ns_pair__number=2)
    Result.objects.filter(pk=typed.pk).update(note="claimed")
    history = Result.history.get(id=fixed.pk)
    executor = MigrationExecutor(connection)
    try:
        executor.migrate(BEFORE)
        old = executor.loader.project_state(BEFORE).apps
        lines = old.get_model("events", "Result").objects
        # Back as before: English text, an empty note empty.
        assert dict(lines.filter(board__section__event=event.pk).values_list("pk", "note")) == {
            fixed.pk: "the contract '42' cannot be read (level must be 1 to 7)",
            typed.pk: "claimed",
            **{
                pk: ""
                for pk in lines.filter(board__section__event=event.pk)
                .exclude(pk__in=[fixed.pk, typed.pk])
                .values_list("pk", flat=True)
            },
        }
        assert old.get_model("events", "HistoricalResult").objects.get(
            history_id=history.history_id
        ).note == ("the contract '42' cannot be read (level must be 1 to 7)")
        executor = MigrationExecutor(connection)
    finally:
        executor.migrate(AFTER)

    notes = list(
        Result.objects.filter(board__section__event=event)
        .order_by("ns_pair__number")
        .values_list("note", flat=True)
    )
    assert notes == [unread("'42'", "level must be 1 to 7"), "claimed", "", ""]
    assert Result.history.get(history_id=history.history_id).note == notes[0]
    assert Result.objects.filter(board__section__event=event, note="").count() == 2
    with translation.override("fr"):
        assert note_text(notes[0]) == (
            "le contrat '42' ne peut pas être lu (le niveau doit être de 1 à 7)"
        )
