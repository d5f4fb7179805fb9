"""A traveller line's note (Result.note) is what the director typed, or the site's sentences
read in the reader's language, as a change's note is (events.services.notes): an import's
reason for keeping a line with the file's points, written before in the importer's language
("the contract '42' cannot be read (level must be 1 to 7)"), becomes the "contract-unread"
sentence where it is the English; any other text stays as it is, shown as typed.

The English is copied here as the import wrote it: the recognition must not change when the
site's messages do."""

import ast
import json
import re

from django.db import migrations, models

UNREAD = "the contract %(contract)s cannot be read (%(why)s)"
_UNREAD = re.compile(r"the contract (?P<contract>'.*'|\".*\") cannot be read \((?P<why>.+)\)")
# Why the engine could not read a contract (scoring.contracts.parse_contract's refusals).
ENGINE = (
    "a contract is a level 1-7 and a strain, e.g. 4S, 3NTX, or PASS",
    "level must be 1 to 7",
    "strain must be C, D, H, S or NT",
    "write X for doubled or XX for redoubled",
)
MODELS = ("Result", "HistoricalResult")


def recognised(text: str) -> list[dict] | None:
    """The import's English sentence `text` is, or None when it is not one."""
    said = _UNREAD.fullmatch(text)
    if said is None or said["why"] not in ENGINE:
        return None
    try:
        contract = ast.literal_eval(said["contract"])
    except (ValueError, SyntaxError):
        return None
    if not isinstance(contract, str) or repr(contract) != said["contract"]:
        return None
    why = {"code": "engine", "values": {"message": said["why"], "values": {}}}
    return [{"code": "contract-unread", "values": {"contract": said["contract"], "why": why}}]


def english(note) -> str:
    """A note as it was stored before: the import's sentence in English, a typed one as it is."""
    if isinstance(note, str):
        return note
    if [said.get("code") for said in note] == ["contract-unread"]:
        values = note[0]["values"]
        why = values["why"]["values"]
        message = why["message"] % why["values"] if why["values"] else why["message"]
        return UNREAD % {"contract": values["contract"], "why": message}
    return json.dumps(note)


def forwards(apps, schema_editor):
    for name in MODELS:
        model = apps.get_model("events", name)
        rows = list(model.objects.exclude(note="").only("pk", "note"))
        for row in rows:
            row.note = json.dumps(recognised(row.note) or row.note)
        model.objects.bulk_update(rows, ["note"], batch_size=500)
        model.objects.filter(note="").update(note=json.dumps(""))


def backwards(apps, schema_editor):
    for name in MODELS:
        model = apps.get_model("events", name)
        model.objects.filter(note=json.dumps("")).update(note="")
        rows = list(model.objects.exclude(note="").only("pk", "note"))
        for row in rows:
            row.note = english(json.loads(row.note))[:200]
        model.objects.bulk_update(rows, ["note"], batch_size=500)


class Migration(migrations.Migration):
    # Not one transaction: PostgreSQL alters no table whose rows this transaction updated
    # (their foreign keys' checks wait to its end). The rows are rewritten in one of their own.
    atomic = False

    dependencies = [
        ("events", "0035_club_settings_notes_as_sentences"),
    ]

    operations = [
        # Room for the sentences' JSON while it is text.
        migrations.AlterField(
            model_name="result",
            name="note",
            field=models.TextField(blank=True),
        ),
        migrations.AlterField(
            model_name="historicalresult",
            name="note",
            field=models.TextField(blank=True),
        ),
        migrations.RunPython(forwards, backwards, atomic=True),
        migrations.AlterField(
            model_name="result",
            name="note",
            field=models.JSONField(blank=True, default=str),
        ),
        migrations.AlterField(
            model_name="historicalresult",
            name="note",
            field=models.JSONField(blank=True, default=str),
        ),
    ]
