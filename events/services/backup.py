"""A club's whole data in one file, and the club restored from it.

The file is JSON (gzip-compressed when asked): a header, the usernames it refers to, and the
club's rows as Django's serializers write them, every model in dependency order and every
model's rows by primary key. Which rows are the club's is found generically, by following the
foreign keys of the `events` models (and of any `Historical...` model, the audit trail's copies)
back to the club, so a model added later is backed up without a change here.

A restore keeps every primary key when none of them is taken (an empty database, or a club
restored where it was never loaded): the pages, links and JSON exports are then the same byte
for byte. Otherwise every row gets a new key and the references follow; history rows of rows
the club had deleted before the backup are then left out, since their keys may belong to
another club's rows here.
"""

import datetime
import gzip
import io
import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import FieldDoesNotExist, ObjectDoesNotExist, ValidationError
from django.core.management.color import no_style
from django.core.serializers.base import DeserializationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DatabaseError, connection, models, transaction
from django.db.models import Q

from events.models import Club

BACKUP_FORMAT = "clubscoring-club-backup"
BACKUP_VERSION = 1
# A backup bigger than this when unpacked is refused rather than read (a gzip bomb).
MAX_BACKUP_BYTES = 512 * 1024 * 1024
_CHUNK = 500


class BackupRefused(ValueError):
    """A backup file that cannot be restored; str() says why."""


def _historical_of(model: type[models.Model]) -> type[models.Model] | None:
    """The model a `Historical<Name>` model keeps the history of (same app), if any."""
    name = model.__name__
    if not name.startswith("Historical"):
        return None
    try:
        return apps.get_model(model._meta.app_label, name.removeprefix("Historical"))
    except LookupError:
        return None


def _foreign_keys(model: type[models.Model]) -> list[models.Field]:
    return [f for f in model._meta.concrete_fields if f.many_to_one or f.one_to_one]


def club_models() -> list[type[models.Model]]:
    """Every model holding a club's rows, each after the models its rows point at: the events
    app's models and the history models, those with a path of foreign keys to Club."""
    candidates = list(apps.get_app_config("events").get_models())
    candidates += [
        m for m in apps.get_models() if _historical_of(m) is not None and m not in candidates
    ]
    depends = {
        model: {
            f.related_model
            for f in _foreign_keys(model)
            if f.related_model in candidates and f.related_model is not model
        }
        | ({_historical_of(model)} & set(candidates))
        for model in candidates
    }
    reachable = {Club}
    while grown := {m for m in candidates if depends[m] & reachable} - reachable:
        reachable |= grown
    ordered = [Club]
    remaining = [m for m in candidates if m in reachable and m is not Club]
    while remaining:
        ready = [m for m in remaining if (depends[m] & reachable) <= set(ordered)]
        if not ready:  # a cycle of foreign keys: what is left, in the app's order
            ready = remaining
        ordered += ready
        remaining = [m for m in remaining if m not in ready]
    return ordered


def _club_rows(club: Club) -> dict[type[models.Model], models.QuerySet]:
    """Each club model's rows that belong to `club`, as querysets (subqueries, not key lists)."""
    rows: dict[type[models.Model], models.QuerySet] = {Club: Club.objects.filter(pk=club.pk)}
    for model in club_models()[1:]:
        condition = Q(pk__in=[])
        for fk in _foreign_keys(model):
            if fk.related_model in rows and fk.related_model is not model:
                condition |= Q(**{f"{fk.name}__in": rows[fk.related_model].values("pk")})
        original = _historical_of(model)
        if original in rows:
            pk_name = original._meta.pk.name
            condition |= Q(**{f"{pk_name}__in": rows[original].values("pk")})
        rows[model] = model._base_manager.filter(condition)
    return rows


def _natural_key_fks(model: type[models.Model]) -> list[str]:
    return [f.name for f in _foreign_keys(model) if hasattr(f.related_model, "natural_key")]


def _usernames(model: type[models.Model], serialized: list[dict]) -> set[str]:
    """The usernames the serialized rows refer to (foreign keys and many-to-many to users)."""
    user_model = get_user_model()
    names = set()
    fields = [
        f
        for f in [*model._meta.concrete_fields, *model._meta.many_to_many]
        if f.related_model is user_model
    ]
    for row in serialized:
        for f in fields:
            keys = row["fields"].get(f.name) or []
            names.update(key[0] for key in (keys if f.many_to_many else [keys]) if key)
    return names


def backup_club(*, club: Club) -> dict:
    """The club's whole data as plain JSON-ready data (see the module docstring)."""
    objects: list[dict] = []
    users: set[str] = set()
    for model, queryset in _club_rows(club).items():
        if related := _natural_key_fks(model):
            queryset = queryset.select_related(*related)
        queryset = queryset.order_by("pk")
        serialized = serializers.serialize("python", queryset, use_natural_foreign_keys=True)
        users |= _usernames(model, serialized)
        objects += serialized
    return {
        "format": BACKUP_FORMAT,
        "version": BACKUP_VERSION,
        "club": club.slug,
        "made": datetime.datetime.now(datetime.UTC).isoformat(),
        "users": sorted(users),
        "objects": objects,
    }


class _Encoder(DjangoJSONEncoder):
    """Django's encoder, but times keep their microseconds (Django's drops them to milli)."""

    def default(self, o):
        if isinstance(o, datetime.datetime | datetime.time):
            return o.isoformat()
        return super().default(o)


def backup_bytes(*, club: Club, compress: bool = True) -> bytes:
    """The backup file's content: UTF-8 JSON, gzip-compressed unless `compress` is false."""
    data = json.dumps(backup_club(club=club), cls=_Encoder, ensure_ascii=False).encode("utf-8")
    return gzip.compress(data, mtime=0) if compress else data


def read_backup(data: bytes) -> dict:
    """A backup file's content (gzip or not), checked to be one of ours; BackupRefused if not."""
    if data[:2] == b"\x1f\x8b":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as unpacked:
                data = unpacked.read(MAX_BACKUP_BYTES + 1)
        except (OSError, EOFError) as error:
            raise BackupRefused(f"the file is a damaged gzip file ({error})") from None
        if len(data) > MAX_BACKUP_BYTES:
            raise BackupRefused(f"the file unpacks to more than {MAX_BACKUP_BYTES} bytes")
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):  # RecursionError: nested too deep
        raise BackupRefused("this is not a club backup: the file is not JSON") from None
    if not isinstance(document, dict) or document.get("format") != BACKUP_FORMAT:
        raise BackupRefused("this is not a club backup made by Clubscoring")
    if document.get("version") != BACKUP_VERSION:
        raise BackupRefused(
            f"this backup is version {document.get('version')!r}; this installation restores "
            f"version {BACKUP_VERSION}"
        )
    if not isinstance(document.get("objects"), list) or not isinstance(document.get("users"), list):
        raise BackupRefused("the backup's rows or users are missing")
    return document


@dataclass
class RestoreSummary:
    club: Club
    kept_keys: bool
    rows: dict[str, int] = field(default_factory=dict)  # "events.result": 147
    created_users: list[str] = field(default_factory=list)
    left_out: int = 0  # history rows of rows deleted before the backup (new keys only)


def restore_club(
    *, backup: dict, slug: str | None = None, directors: Iterable = ()
) -> RestoreSummary:
    """Create the club the backup holds, all or nothing; BackupRefused says why not.

    `slug` restores it under another address; `directors` are users added to its directors
    (the director restoring it from the web). Usernames the backup names but this database
    lacks are created without a usable password (`manage.py changepassword` sets one).
    """
    try:
        with transaction.atomic():
            return _restore(backup, slug, list(directors))
    except BackupRefused:
        raise
    except (
        DeserializationError,
        ValidationError,
        DatabaseError,
        FieldDoesNotExist,
        ObjectDoesNotExist,
        LookupError,
        TypeError,
        ValueError,
        AttributeError,
    ) as error:
        raise BackupRefused(f"the backup's rows cannot be restored: {error}") from None


def _restore(backup: dict, slug: str | None, directors: list) -> RestoreSummary:
    allowed = {m._meta.label_lower: m for m in club_models()}
    raw = backup["objects"]
    for row in raw:
        if not isinstance(row, dict) or row.get("model") not in allowed:
            label = row.get("model") if isinstance(row, dict) else row
            raise BackupRefused(f"the backup holds rows of {label!r}, which are not club data here")
        if row.get("pk") is None:
            raise BackupRefused(f"a row of {row['model']} has no primary key")
    if sum(row["model"] == "events.club" for row in raw) != 1:
        raise BackupRefused("a backup holds exactly one club")
    created_users = _create_missing_users(backup["users"])
    rows = list(zip(raw, serializers.deserialize("python", raw), strict=True))
    order = {model: index for index, model in enumerate(allowed.values())}
    rows.sort(key=lambda row: (order[type(row[1].object)], row[1].object.pk))
    objects = [deserialized for _, deserialized in rows]
    club = next(o.object for o in objects if isinstance(o.object, Club))
    club.slug = slug or club.slug
    if Club.objects.filter(slug=club.slug).exists():
        raise BackupRefused(
            f"a club already uses the address {club.slug!r}: restore under another address, "
            "or delete that club first"
        )
    for deserialized in objects:
        _check_values(deserialized.object)
    in_file = {(type(o.object), o.object.pk) for o in objects}
    dangling = _check_references(objects, in_file)
    # History rows are not part of the question: a club deleted by mistake leaves its history.
    kept_keys = not _taken({key for key in in_file if _historical_of(key[0]) is None} | dangling)
    taken_history = _taken({key for key in in_file if _historical_of(key[0]) is not None})
    summary = RestoreSummary(club=club, kept_keys=kept_keys, created_users=created_users)
    new_keys: dict[type[models.Model], dict] = {}
    for row, deserialized in rows:
        obj = deserialized.object
        model, old = type(obj), obj.pk
        if not kept_keys:
            if not _rekey(obj, new_keys):
                summary.left_out += 1
                continue
            obj.pk = None
        elif (model, old) in taken_history:
            if _same_row(model, row):
                continue  # the history the deleted club left behind: already here
            obj.pk = None
        deserialized.save()
        new_keys.setdefault(model, {})[old] = obj.pk
        summary.rows[model._meta.label_lower] = summary.rows.get(model._meta.label_lower, 0) + 1
    club.directors.add(*directors)
    _reset_sequences(list(allowed.values()))
    return summary


def _same_row(model: type[models.Model], row: dict) -> bool:
    """Whether the database holds this very row, with the same key and values."""
    existing = model._base_manager.filter(pk=row["pk"])
    fields = serializers.serialize("python", existing, use_natural_foreign_keys=True)[0]["fields"]
    return json.loads(json.dumps(fields, cls=_Encoder)) == row["fields"]


def _check_values(obj: models.Model) -> None:
    """Refuse a value the field does not allow (too long, not a choice, out of range) before
    the database sees it; empty values are the database's to allow or not."""
    for f in obj._meta.concrete_fields:
        value = getattr(obj, f.attname)
        if f.is_relation or value is None or value in f.empty_values:
            continue
        try:
            f.clean(value, obj)
        except ValidationError as error:
            raise BackupRefused(
                f"{obj._meta.label_lower} {obj.pk}: {f.name}: {' '.join(error.messages)}"
            ) from None


def _create_missing_users(usernames: list) -> list[str]:
    user_model = get_user_model()
    field = user_model._meta.get_field(user_model.USERNAME_FIELD)
    for name in usernames:
        if not isinstance(name, str):
            raise BackupRefused(f"{name!r} is not a username")
        try:
            field.clean(name, None)
        except ValidationError as error:
            raise BackupRefused(f"the username {name!r}: {' '.join(error.messages)}") from None
    existing = set(
        user_model._default_manager.filter(
            **{f"{user_model.USERNAME_FIELD}__in": usernames}
        ).values_list(user_model.USERNAME_FIELD, flat=True)
    )
    created = sorted(set(usernames) - existing)
    for name in created:
        user = user_model(**{user_model.USERNAME_FIELD: name})
        user.set_unusable_password()
        user.save()
    return created


def _check_references(objects: list, in_file: set) -> set:
    """Refuse a row pointing at a row outside the backup, except a history row's pointer to a
    row deleted before the backup (no database constraint): those are returned."""
    dangling = set()
    user_model = get_user_model()
    for deserialized in objects:
        obj = deserialized.object
        targets = [
            (fk, fk.related_model, getattr(obj, fk.attname))
            for fk in _foreign_keys(type(obj))
            if fk.related_model is not user_model
        ]
        original = _historical_of(type(obj))
        if original is not None:
            targets.append((None, original, getattr(obj, original._meta.pk.attname)))
        for fk, target, value in targets:
            if value is None or (target, value) in in_file:
                continue
            if fk is not None and fk.db_constraint:
                raise BackupRefused(
                    f"{obj._meta.label_lower} {obj.pk} points at {target._meta.label_lower} "
                    f"{value}, which is not in the backup"
                )
            dangling.add((target, value))
    return dangling


def _taken(keys: set) -> set:
    """Those of these (model, primary key) rows that already exist in this database."""
    by_model: dict = {}
    for model, pk in keys:
        by_model.setdefault(model, []).append(pk)
    taken = set()
    for model, pks in by_model.items():
        for start in range(0, len(pks), _CHUNK):
            found = model._base_manager.filter(pk__in=pks[start : start + _CHUNK])
            taken |= {(model, pk) for pk in found.values_list("pk", flat=True)}
    return taken


def _rekey(obj: models.Model, new_keys: dict) -> bool:
    """Point the row's references at the new keys; False for a history row of a row that is
    not in the backup (left out)."""
    for fk in _foreign_keys(type(obj)):
        keys = new_keys.get(fk.related_model)
        value = getattr(obj, fk.attname)
        if keys is None or value is None:
            continue
        setattr(obj, fk.attname, keys.get(value))
    original = _historical_of(type(obj))
    if original is not None:
        new = new_keys.get(original, {}).get(getattr(obj, original._meta.pk.attname))
        if new is None:
            return False
        setattr(obj, original._meta.pk.attname, new)
    return True


def _reset_sequences(model_list: list) -> None:
    """Rows saved with their own keys do not advance PostgreSQL's sequences: set them past."""
    statements = connection.ops.sequence_reset_sql(no_style(), model_list)
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
