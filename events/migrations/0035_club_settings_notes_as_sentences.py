"""A club settings' change noted before in English ("Time zone: Europe/London → Europe/Oslo;
New events' scoring: Matchpoints → Cross-IMPs") becomes the settings changed and their values
before and after (the "settings-changed" sentence of events.services.notes), read in the
reader's language; one too long to hold its values ("Changed: Time zone, National body") the
settings' names ("settings-named"). Any other text (one written under another language) stays
as it is, shown as typed.

0034 left these notes as text. The English is copied here as the club settings page wrote it:
the recognition must not change when the site's messages do."""

from django.db import migrations

# Values read as text (a time zone) or as a number (a count); any other setting's values are
# its choices' English labels.
TEXT, NUMBER = "text", "number"
NATIONAL_BODIES = {
    "(none)": "",
    "English Bridge Union (EBU)": "ebu",
    "American Contract Bridge League (ACBL)": "acbl",
    "Australian Bridge Federation (ABF)": "abf",
    "Nederlandse Bridge Bond (NBB)": "nbb",
    "Fédération Française de Bridge (FFB)": "ffb",
    "Norsk Bridgeforbund (NBF)": "nbf",
    "Another national body": "other",
}
# A default the form had no value for was written "None" ("(blank)" for a yes or no).
UNSET = {"None": None}
# label: the setting's name and how its values were written.
SETTINGS = {
    "Time zone": ("time_zone", TEXT),
    "National body": ("national_body", NATIONAL_BODIES),
    "Language": ("language", {"English": "en-gb", "Français": "fr", "Norsk bokmål": "nb"}),
    "New events' scoring": (
        "scoring",
        {
            "Matchpoints": "mp",
            "IMPs against a datum (Butler)": "butler",
            "Cross-IMPs": "cross-imps",
            **UNSET,
        },
    ),
    "New events' matchpoint scale": (
        "mp_scale",
        {"2 per score beaten (EBU, WBF)": 2, "1 per score beaten (ACBL)": 1, **UNSET},
    ),
    "New events' matchpoint rounding": (
        "mp_rounding",
        {
            "Not rounded": "none",
            "Nearest 0.1, exactly .05 towards the board average (EBU)": "ebu",
            "Nearest 0.01, exactly .005 up (ACBLscore)": "acbl",
            "Nearest 0.1, exactly .05 up (WBF, one decimal)": "wbf",
            **UNSET,
        },
    ),
    "New events' East-West numbered on": (
        "ew_numbered_on",
        {"Yes": True, "No": False, "(blank)": None},
    ),
    "New events' reveal": (
        "reveal",
        {
            "Always: every result as it is entered": "always",
            "At the end of each round": "round",
            "When the director publishes": "session",
            **UNSET,
        },
    ),
    "New events' boards a round": ("boards_per_round", NUMBER),
    "Most players a team registers": ("team_max_players", NUMBER),
    "Fewest players a team registers": ("team_min_players", NUMBER),
}
NAMED = "Changed: "


def _value(written: str, values):
    """A setting's value as stored, from its English words; KeyError when it is none."""
    if values is TEXT:
        if not written or " " in written:
            raise KeyError(written)
        return written
    if values is NUMBER:
        if written in UNSET:
            return None
        if not (written.isascii() and written.isdigit()):
            raise KeyError(written)
        return int(written)
    return values[written]


def _setting(line: str) -> dict:
    """One "label: before → after"; KeyError when it is none of the page's."""
    label, _, change = line.partition(": ")
    before, arrow, after = change.partition(" → ")
    name, values = SETTINGS[label]
    if not arrow:
        raise KeyError(line)
    return {"setting": name, "before": _value(before, values), "after": _value(after, values)}


def recognised(text: str) -> list[dict] | None:
    """The sentence the club settings page wrote as `text`, or None when it is not one."""
    try:
        if text.startswith(NAMED):
            names = [SETTINGS[label][0] for label in text.removeprefix(NAMED).split(", ")]
            return [{"code": "settings-named", "values": {"settings": names}}]
        settings = [_setting(line) for line in text.split("; ")]
    except KeyError:
        return None
    return [{"code": "settings-changed", "values": {"settings": settings}}]


def english(note) -> str | list:
    """A note as the page wrote it in English before: its sentence of the club's settings in
    words; anything else (a setting the page did not have then) as it is."""
    if isinstance(note, str) or len(note) != 1:
        return note
    try:
        return _english(note[0])
    except KeyError:
        return note


def _english(said: dict) -> str:
    labels = {name: label for label, (name, _) in SETTINGS.items()}
    if said["code"] == "settings-named":
        return NAMED + ", ".join(labels[name] for name in said["values"]["settings"])
    if said["code"] != "settings-changed":
        raise KeyError(said["code"])
    lines = []
    for setting in said["values"]["settings"]:
        label = labels[setting["setting"]]
        values = SETTINGS[label][1]
        before, after = (_written(setting[when], values) for when in ("before", "after"))
        lines.append(f"{label}: {before} → {after}")
    return "; ".join(lines)


def _written(value, values) -> str:
    if values in (TEXT, NUMBER):
        return "None" if value is None else str(value)
    for written, stored in values.items():
        if stored == value and type(stored) is type(value):  # True is not 1
            return written
    raise KeyError(value)


def _rewrite(apps, reading) -> None:
    Change = apps.get_model("events", "Change")
    rows = list(Change.objects.filter(kind="settings", event=None).only("pk", "note"))
    changed = []
    for row in rows:
        note = reading(row.note)
        if note is not None and note != row.note:
            row.note = note
            changed.append(row)
    Change.objects.bulk_update(changed, ["note"], batch_size=500)


def forwards(apps, schema_editor):
    _rewrite(apps, lambda note: recognised(note) if isinstance(note, str) else None)


def backwards(apps, schema_editor):
    _rewrite(apps, english)


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0034_notes_as_sentences"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
