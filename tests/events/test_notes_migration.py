"""Migration 0034: the English notes stored before become the site's sentences where they are
recognised, anything else stays as typed; and back."""

import importlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.utils import translation

from events.models import Change, TeamRound
from events.services.notes import note_text
from events.services.teams.rounds import draw_next_round

migration = importlib.import_module("events.migrations.0034_notes_as_sentences")
BEFORE = [("events", "0033_event_percentage_basis")]
# The latest: the migrations after 0034 are undone and made again with it.
AFTER = MigrationLoader(None).graph.leaf_nodes("events")


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        (
            "Round 3 drawn from the standings after round 2. Drawn late, leaving out "
            "table 2 (Hearts v Spades).",
            [
                ("round-standings", {"round": 3, "after": 2}),
                ("drawn-late", {"matches": "table 2 (Hearts v Spades)"}),
            ],
        ),
        (  # a name holding ". " is cut nowhere but between sentences
            "Round 1 drawn at random from seed 7. Round 1: St. Albans and Dr. No swapped.",
            [
                ("round-1-random", {"seed": 7}),
                ("swapped", {"round": 1, "first": "St. Albans", "second": "Dr. No"}),
            ],
        ),
        (
            "Round 2, table 4 played boards 4-6, not 13-15; 3 lines moved with it",
            [
                (
                    "wrong-boards-moved",
                    {"round": 2, "table": 4, "low": 4, "high": 6, "old_low": 13}
                    | {"old_high": 15, "count": 3},
                )
            ],
        ),
        ("Round robin scheduled: 1 round.", [("round-robin", {"count": 1})]),
        (
            "Autumn: carry-over sum of percentages, best 2 sessions",
            [
                (
                    "competition-carry-over-best",
                    {
                        "competition": "Autumn",
                        "method": {
                            "code": "carry-over-method",
                            "values": {"method": "sum-percent"},
                        },
                        "count": 2,
                    },
                )
            ],
        ),
        (
            "Autumn: Monday Pairs (7 Dec 2026) added",
            [
                (
                    "session-added",
                    {
                        "competition": "Autumn",
                        "event": {
                            "code": "event",
                            "values": {"name": "Monday Pairs", "date": "2026-12-07"},
                        },
                    },
                )
            ],
        ),
        (
            "entered at table B3, accepted by EW 5",
            [("accepted-by-pair", {"table": "B3", "pair": 5})],
        ),
        (
            "Deleted Monday Pairs (7 Dec 2026) (event #12)",
            [
                (
                    "deleted",
                    {
                        "event": {
                            "code": "event",
                            "values": {"name": "Monday Pairs", "date": "2026-12-07"},
                        },
                        "id": 12,
                    },
                )
            ],
        ),
        ("Hearts: board 3, table 2", [("match-line", {"team": "Hearts", "board": 3, "table": 2})]),
        ("keyed on the wrong row", None),
        ("Tour 1 tiré par ordre de force.", None),  # written under French: kept as it is
        ("Round 1 drawn seeded by strength. and more", None),
    ],
)
def test_the_site_english_sentences_are_recognised_and_nothing_else(text, sentences):
    expected = sentences and [{"code": c, "values": values} for c, values in sentences]
    assert migration.recognised(text) == expected
    if expected:
        with translation.override("en-gb"):
            assert note_text(expected) == migration.english(expected) == text


@pytest.mark.django_db(transaction=True)
def test_the_migration_keeps_each_note_and_the_reader_reads_it_in_their_language(
    make_team_event,
):
    event = make_team_event(teams=4, first_round="seeded")
    with translation.override("en"):
        draw_next_round(event=event)
    draw = Change.objects.get(kind=Change.Kind.MATCH)
    typed = Change.objects.create(club=event.club, event=event, kind="status", note="a ruling")
    executor = MigrationExecutor(connection)
    try:
        executor.migrate(BEFORE)
        old = executor.loader.project_state(BEFORE).apps
        # Back as before: English text.
        assert old.get_model("events", "Change").objects.get(pk=draw.pk).note == (
            "Round 1 drawn seeded by strength."
        )
        assert old.get_model("events", "TeamRound").objects.get(event_id=event.pk).note == (
            "Round 1 drawn seeded by strength."
        )
        assert old.get_model("events", "Change").objects.get(pk=typed.pk).note == "a ruling"
        executor = MigrationExecutor(connection)
    finally:
        executor.migrate(AFTER)

    assert Change.objects.get(pk=draw.pk).note == [{"code": "round-1-seeded", "values": {}}]
    assert TeamRound.objects.get(event=event).note == [{"code": "round-1-seeded", "values": {}}]
    assert Change.objects.get(pk=typed.pk).note == "a ruling"
    assert TeamRound.history.get(event_id=event.pk).note == [
        {"code": "round-1-seeded", "values": {}}
    ]
    with translation.override("nb"):
        assert note_text(TeamRound.objects.get(event=event).note) == (
            "Runde 1 trukket seedet etter styrke."
        )
