"""What the restore's attack tests share: a club's backup as a file to tamper with, the
checksums of every row outside a club, and another club carrying on after a restore."""

import datetime
import hashlib
import io
import json

from django.apps import apps
from django.core.serializers.json import DjangoJSONEncoder

from events.models import Board, Club, Player, Result
from events.services.backup import backup_club, restore_club
from events.services.entry import board_meetings, save_line
from events.services.history import recording
from events.services.setup import create_pairs_event
from scoring import mitchell, parse_traveller_line


def file_of(backup: dict) -> bytes:
    return json.dumps(backup, cls=DjangoJSONEncoder).encode()


def restore(backup: dict | bytes, **options):
    data = backup if isinstance(backup, bytes) else file_of(backup)
    return restore_club(source=io.BytesIO(data), **options)


def rows_of(backup: dict, model: str) -> list[dict]:
    return [row for row in backup["objects"] if row["model"] == model]


def checksums(*, leaving_out: Club | None = None) -> dict[str, str]:
    """A checksum of every table's rows (every installed model, many-to-many tables included),
    the rows of the club `leaving_out` left out. The director's session is left out too: it is
    the director's own, and a page's message may be kept in it."""
    theirs: set[tuple[str, int]] = set()
    if leaving_out is not None:
        theirs = {(row["model"], row["pk"]) for row in backup_club(club=leaving_out)["objects"]}
        theirs |= {("events.club", leaving_out.pk)}
    sums = {}
    for model in apps.get_models(include_auto_created=True):
        label = model._meta.label_lower
        if label == "sessions.session":
            continue
        columns = [f.attname for f in model._meta.concrete_fields]
        pointers = [
            (f.related_model._meta.label_lower, index)
            for index, f in enumerate(model._meta.concrete_fields, start=1)
            if f.is_relation and model._meta.auto_created
        ]
        rows = [
            row
            for row in model._base_manager.order_by("pk").values_list("pk", *columns)
            if (label, row[0]) not in theirs
            and not any((target, row[index]) in theirs for target, index in pointers)
        ]
        sums[label] = hashlib.sha256(repr(rows).encode()).hexdigest()
    return sums


def carries_on(club: Club) -> None:
    """The club adds a player, an event and a result, each with its own history and nothing
    else's: no key is exhausted, no history waits for the club's next rows."""
    with recording(club=club, kind="player", note="a new member"):
        player = Player.objects.create(club=club, name="New Member")
    assert list(Player.history.filter(id=player.pk).values_list("history_type", flat=True)) == ["+"]
    event = create_pairs_event(
        club=club,
        name="After the restore",
        date=datetime.date(2026, 11, 26),
        movement=mitchell(3, 2),
        status="running",
    )
    board = Board.objects.select_related("section__event").get(section__event=event, number=1)
    meeting = board_meetings(board=board)[0]
    save_line(
        board=board, line=parse_traveller_line("3NT N 9"), ns_pair=meeting.ns, ew_pair=meeting.ew
    )
    result = Result.objects.get(board=board)
    assert result.score_ns == 400
    assert Result.history.filter(id=result.pk).count() == 1
    assert Board.history.filter(id=board.pk).count() == 1


def rekey(backup: dict, label: str, new_key) -> None:
    """Give every row of `label` the key new_key(old key), and every reference to it too (the
    file stays whole: only its keys change)."""
    target = apps.get_model(label)
    moved = {}
    for row in rows_of(backup, label):
        old = row["pk"]
        row["pk"] = moved[old] = new_key(old)
    for row in backup["objects"]:
        model = apps.get_model(row["model"])
        fields = row["fields"]
        for f in model._meta.concrete_fields:
            if f.is_relation and f.related_model is target and fields.get(f.name) in moved:
                fields[f.name] = moved[fields[f.name]]
        for f in model._meta.many_to_many:
            if f.related_model is target and f.name in fields:
                fields[f.name] = [moved.get(key, key) for key in fields[f.name]]
        if model.__name__ == f"Historical{target.__name__}" and fields.get("id") in moved:
            fields["id"] = moved[fields["id"]]
