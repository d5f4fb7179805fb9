"""A change's note and a teams round's note keep the site's sentences as a code and its values
(events.services.notes), read in the reader's language. The notes stored before, in English,
become those sentences where they are recognised; any other text (a director's reason, a note
written under another language, one cut at 200 characters) stays as it is, shown as typed.

The English sentences are copied here as they were written: the recognition must not change
when the site's messages do."""

import json
import re
from datetime import date, datetime

from django.db import migrations, models

# code: the English sentence (and its plural, for a count), as the site wrote it. More
# particular sentences come first: the first that reads a text whole is taken.
SENTENCES = {
    "round-1-seeded": ("Round 1 drawn seeded by strength.",),
    "round-1-random": ("Round 1 drawn at random from seed %(seed)s.",),
    "round-arrears-first": ("Round %(round)s drawn in arrears, before any round was finished.",),
    "round-arrears": (
        "Round %(round)s drawn from the standings after round %(after)s, one round in arrears.",
    ),
    "round-standings": ("Round %(round)s drawn from the standings after round %(after)s.",),
    "drawn-late": ("Drawn late, leaving out %(matches)s.",),
    "three-way": ("A three-way: %(teams)s.",),
    "swapped-insisting": (
        "Round %(round)s: %(first)s and %(second)s swapped, the director insisting "
        "(%(warnings)s).",
    ),
    "swapped": ("Round %(round)s: %(first)s and %(second)s swapped.",),
    "round-taken-back": ("Draw of round %(round)s taken back.",),
    "schedule-taken-back": ("Draw of the schedule's rounds 1 to %(last)s taken back.",),
    "round-robin": (
        "Round robin scheduled: %(count)s round.",
        "Round robin scheduled: %(count)s rounds.",
    ),
    "qualifying-round-robin": (
        "Qualifying round robin scheduled: %(count)s round.",
        "Qualifying round robin scheduled: %(count)s rounds.",
    ),
    "knockout-standings": ("Knock-out drawn from the standings after round %(round)s.",),
    "knockout-seeds": ("Knock-out drawn from the seeds.",),
    "knockout-winners": ("Knock-out round %(round)s drawn from round %(last)s's winners.",),
    "carry-over": ("Carry-over in %(count)s match.", "Carry-over in %(count)s matches."),
    "sat-wrong-way": ("Round %(round)s, table %(table)s: pair %(ns)s sat NS, pair %(ew)s EW",),
    "match": ("Round %(round)s, table %(table)s: %(home)s v %(away)s",),
    "match-line": ("%(team)s: board %(board)s, table %(table)s",),
    "late-pair": ("Late pair %(pair)s joins from round %(round)s",),
    "pair-leaves": ("Pair %(pair)s leaves after round %(round)s",),
    "wrong-boards-moved": (
        "Round %(round)s, table %(table)s played boards %(low)s-%(high)s, "
        "not %(old_low)s-%(old_high)s; %(count)s line moved with it",
        "Round %(round)s, table %(table)s played boards %(low)s-%(high)s, "
        "not %(old_low)s-%(old_high)s; %(count)s lines moved with it",
    ),
    "wrong-boards": (
        "Round %(round)s, table %(table)s played boards %(low)s-%(high)s, "
        "not %(old_low)s-%(old_high)s",
    ),
    "pairs-swap": ("Pairs %(first)s and %(second)s swap places from round %(round)s",),
    "competition-made": ("%(competition)s: made",),
    "competition-carry-over-best": (
        "%(competition)s: carry-over %(method)s, best %(count)s sessions",
    ),
    "competition-carry-over": ("%(competition)s: carry-over %(method)s",),
    "session-added": ("%(competition)s: %(event)s added",),
    "session-removed": ("%(competition)s: %(event)s removed",),
    "session-up": ("%(competition)s: %(event)s moved up",),
    "session-down": ("%(competition)s: %(event)s moved down",),
    "accepted-by-pair": ("entered at table %(table)s, accepted by EW %(pair)s",),
    "accepted-by-team": ("entered at table %(half)s of match %(table)s, accepted by %(team)s",),
    "accepted-by-director": ("accepted by the director for table %(table)s",),
    "line-right": ("Board %(board)d, %(ns)s v %(ew)s: %(line)s is right",),
    "replaces": ("Replaces %(event)s (event #%(id)s)",),
    "deleted": ("Deleted %(event)s (event #%(id)s)",),
    "member-list": ("Member list %(file)s",),
}
CARRY_OVER_METHODS = {
    "sum of matchpoints": "sum-mps",
    "sum of percentages": "sum-percent",
    "average percentage over the sessions played": "average-percent",
}
# The values that are numbers (a table of a second section is "B3").
NUMBERS = {"round", "after", "seed", "last", "count", "low", "high", "old_low", "old_high"}
NUMBERS |= {"board", "id", "half"}
_EVENT = re.compile(r"(?P<name>.+) \((?P<date>\d{1,2} [A-Z][a-z]{2,3} \d{4})\)")


def _pattern(english: str) -> re.Pattern:
    parts = re.split(r"%\((\w+)\)([sd])", english)
    regex = ""
    for k, part in enumerate(parts):
        if k % 3 == 0:
            regex += re.escape(part)
        elif k % 3 == 1:
            if part in NUMBERS:
                regex += rf"(?P<{part}>\d+)"
            elif part == "table":
                regex += rf"(?P<{part}>[A-Z]?\d+)"
            else:
                regex += rf"(?P<{part}>.+?)"
    return re.compile(regex)


PATTERNS = [(code, _pattern(english)) for code, said in SENTENCES.items() for english in said]


def _value(name: str, text: str):
    if text.isdigit():
        return int(text)
    if name == "event" and (event := _EVENT.fullmatch(text)):
        try:
            day = datetime.strptime(event["date"], "%d %b %Y").date()
        except ValueError:
            return text
        return {"code": "event", "values": {"name": event["name"], "date": day.isoformat()}}
    if name == "method" and text in CARRY_OVER_METHODS:
        return {"code": "carry-over-method", "values": {"method": CARRY_OVER_METHODS[text]}}
    return text


def _sentence(text: str) -> dict | None:
    for code, pattern in PATTERNS:
        if said := pattern.fullmatch(text):
            values = {name: _value(name, value) for name, value in said.groupdict().items()}
            return {"code": code, "values": values}
    return None


def recognised(text: str) -> list[dict] | None:
    """The site's English sentences `text` is made of, one after another, or None when it is
    not all of them. Sentences are joined by a space after their full stop, and a name may
    hold ". " too: every way of cutting the text there is tried."""
    pieces = re.split(r"(?<=\.) ", text)
    # read[i]: the sentences of pieces[:i], when they read whole
    read: list[list[dict] | None] = [[]] + [None] * len(pieces)
    for end in range(1, len(pieces) + 1):
        # The shortest last sentence first: a sentence ends at the first full stop it can.
        for start in reversed(range(end)):
            if read[start] is None:
                continue
            said = _sentence(" ".join(pieces[start:end]))
            if said is not None:
                read[end] = [*read[start], said]
                break
    return read[-1]


def stored(text: str, empty) -> str:
    """The note as JSON text: the sentences recognised, or the text as it is."""
    if not text:
        return json.dumps(empty)
    return json.dumps(recognised(text) or text)


def english(note) -> str:
    """A note in English again, as it was stored before."""
    if isinstance(note, str):
        return note
    if isinstance(note, list):
        return " ".join(filter(None, (english(part) for part in note)))
    values = {name: _english_value(value) for name, value in note["values"].items()}
    code = note["code"]
    if code == "bye":
        return "bye"
    if code == "event":
        day = date.fromisoformat(values["date"])
        return f"{values['name']} ({day.day} {day:%b %Y})"
    if code == "carry-over-method":
        return {key: label for label, key in CARRY_OVER_METHODS.items()}[values["method"]]
    if code == "warnings":
        return "; ".join(english(warning) for warning in note["values"]["warnings"])
    said = dict(SENTENCES, **_WRITTEN_ONLY)[code]
    return (said[1] if len(said) > 1 and values["count"] != 1 else said[0]) % values


# Sentences the site writes inside others, not recognised alone.
_WRITTEN_ONLY = {
    "table-match": ("table %(table)s (%(home)s v %(away)s)",),
    "rematch": ("%(home)s and %(away)s met in round %(round)s: a rematch",),
    "had-bye": ("%(team)s has had a bye before",),
}


def _english_value(value):
    if isinstance(value, dict):
        return english(value)
    if isinstance(value, list):
        return ", ".join(str(_english_value(item)) for item in value)
    return value


MODELS = {"Change": "", "TeamRound": [], "HistoricalTeamRound": []}


def forwards(apps, schema_editor):
    for name, empty in MODELS.items():
        model = apps.get_model("events", name)
        rows = list(model.objects.only("pk", "note"))
        for row in rows:
            row.note = stored(row.note, empty)
        model.objects.bulk_update(rows, ["note"], batch_size=500)


def backwards(apps, schema_editor):
    for name in MODELS:
        model = apps.get_model("events", name)
        rows = list(model.objects.only("pk", "note"))
        for row in rows:
            row.note = english(json.loads(row.note))[: 200 if name == "Change" else None]
        model.objects.bulk_update(rows, ["note"], batch_size=500)


class Migration(migrations.Migration):
    # Not one transaction: PostgreSQL alters no table whose rows this transaction updated
    # (their foreign keys' checks wait to its end). The rows are rewritten in one of their own.
    atomic = False

    dependencies = [
        ("events", "0033_event_percentage_basis"),
    ]

    operations = [
        # Room for the sentences' JSON while it is text.
        migrations.AlterField(
            model_name="change",
            name="note",
            field=models.TextField(blank=True),
        ),
        migrations.RunPython(forwards, backwards, atomic=True),
        migrations.AlterField(
            model_name="change",
            name="note",
            field=models.JSONField(blank=True, default=str),
        ),
        migrations.AlterField(
            model_name="historicalteamround",
            name="note",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AlterField(
            model_name="teamround",
            name="note",
            field=models.JSONField(blank=True, default=list),
        ),
    ]
