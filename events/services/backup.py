"""A club's whole data in one file, and a club restored from it.

The file (events.formats.club_backup) is JSON, gzip-compressed when asked: a header, the
usernames it refers to, and the club's rows as Django's serializers write them, every model in
dependency order and every model's rows by primary key. Which rows are the club's is found
generically, by following the foreign keys of every installed model (the audit trail's
`Historical...` copies included) back to the club, so a model added later is backed up without
a change here.

A restore trusts nothing in the file. It reads the file as a stream within limits (settings'
BACKUP_RESTORE_LIMITS), and makes a new club, all or nothing: every row gets the database's next
key and every reference inside the file follows; a reference to a row that is not in the file
is refused; no sequence is moved and no account is made or linked, the file's usernames staying
as text on the changes they made. History of rows the club deleted before its backup is left
out, since it has no row here to belong to. Only the operator's `manage.py restore_club
--keep-keys`, into an empty database, keeps the file's keys (pages, links and exports the same
byte for byte) and links the usernames the operator names to accounts.
"""

import datetime
import gzip
import json
import logging
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import BinaryIO

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import DatabaseError, IntegrityError, connection, connections, models, transaction
from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from events.formats.club_backup import (
    BACKUP_FORMAT,
    BACKUP_VERSION,
    BackupReader,
    BackupRefused,
    Limits,
)
from events.models import Change, Club
from events.services.notes import readable

__all__ = ["BackupRefused", "RestoreSummary", "backup_bytes", "backup_club", "restore_club"]

_CHUNK = 500
logger = logging.getLogger(__name__)
# The years a date or time of a restored row may fall in: clubs' events, not PostgreSQL's limits.
_YEARS = (1900, 2199)


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
    """Every installed model holding a club's rows (those with a path of foreign keys to Club,
    or a history model of one), each after the models its rows point at; but a cache of
    derived data, which says so (`in_backup = False`)."""
    candidates = list(apps.get_models())
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
    reachable = {m for m in reachable if getattr(m, "in_backup", True)}
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


def restore_limits() -> Limits:
    """The limits a restore reads a file within: settings.BACKUP_RESTORE_LIMITS over the
    defaults."""
    return Limits(**settings.BACKUP_RESTORE_LIMITS)


@dataclass
class RestoreSummary:
    club: Club
    kept_keys: bool
    rows: dict[str, int] = field(default_factory=dict)  # "events.result": 147
    # The file's usernames linked to no account here: kept as text on the changes they made.
    unlinked_users: list[str] = field(default_factory=list)
    left_out: int = 0  # history rows of rows deleted before the backup (new keys only)


def restore_club(
    *,
    source: BinaryIO,
    slug: str | None = None,
    director=None,
    keep_keys: bool = False,
    accounts: Mapping[str, object] | None = None,
    limits: Limits | None = None,
) -> RestoreSummary:
    """Create the club the backup file `source` holds, all or nothing; BackupRefused says why
    not, in words for the director.

    `slug` restores it under another address. `director` (the director restoring it from the
    web) becomes its only director. `keep_keys` (the operator's command, into an empty database
    only) keeps the file's primary keys; `accounts` maps usernames in the file to this site's
    users, whose changes and direction of the club are then linked to them.
    """
    if keep_keys and (taken := _any_club_row()):
        raise BackupRefused(
            gettext(
                "the file's keys are kept only in an empty database, and this one holds rows of "
                "%(rows)s: restore without keeping keys"
            )
            % {"rows": taken}
        )
    reader = BackupReader(source, limits or restore_limits())
    restorer = _Restorer(
        keep_keys=keep_keys, accounts=dict(accounts or {}), slug=slug, director=director
    )
    try:
        with transaction.atomic():
            for row in reader.rows():
                restorer.add(row)
            return restorer.finish()
    except BackupRefused:
        raise
    except IntegrityError:
        raise BackupRefused(
            gettext(
                "the backup's rows of %(rows)s break a rule of the database (a value that must "
                "be unique appears twice, or a required value is missing)"
            )
            % {"rows": restorer.saving}
        ) from None
    except (DatabaseError, TypeError, ValueError, ArithmeticError):
        # What no check above foresaw: refused all the same, and logged for the developers.
        logger.exception("A club backup's rows of %s could not be stored", restorer.saving)
        raise BackupRefused(
            gettext("the backup's rows of %(rows)s cannot be stored in this database")
            % {"rows": restorer.saving}
        ) from None


def _any_club_row() -> str | None:
    for model in club_models():
        if model._base_manager.exists():
            return model._meta.label_lower
    return None


def _label(model: type[models.Model]) -> str:
    return model._meta.label_lower


def _highest_key(key_field: models.Field) -> int:
    """The highest key a column holds on every database (SQLite's hold more than PostgreSQL's)."""
    return BaseDatabaseOperations.integer_field_ranges[key_field.get_internal_type()][1]


class _Restorer:
    """A restore in progress: the rows read so far, saved a batch of one model at a time, and
    the file's keys mapped to the keys they were saved under."""

    def __init__(self, *, keep_keys: bool, accounts: dict, slug: str | None, director) -> None:
        self.keep_keys = keep_keys
        self.accounts = accounts
        self.slug = slug
        self.director = director
        self.models = {_label(m): m for m in club_models()}
        self.user_model = get_user_model()
        self.keys: dict[type[models.Model], dict[int, int]] = {}
        # Keys of rows deleted before the backup that the file has history of, by model.
        self.deleted: dict[type[models.Model], set[int]] = {}
        # History rows' references to rows not read before them: checked at the end.
        self.unexplained: set[tuple[type[models.Model], int]] = set()
        self.pending: list[tuple[dict, int, dict]] = []  # values, the file's key, m2m keys
        self.pending_model: type[models.Model] | None = None
        self.pending_keys: set[int] = set()
        self.saving = gettext("the club")
        self.club_read = False
        self.club: Club | None = None  # once saved
        self.file_directors: list[str] = []
        self.counts: Counter[str] = Counter()
        self.unlinked: set[str] = set()
        self.left_out = 0

    # Reading a row --------------------------------------------------------------------------

    def add(self, row: dict) -> None:
        model = self.models.get(row["model"])
        if model is None:
            raise BackupRefused(
                gettext("the backup holds rows of %(model)s, which are not club data here")
                % {"model": repr(row["model"][:60])}
            )
        if (model is Club) == self.club_read:
            raise BackupRefused(gettext("a backup holds exactly one club, in its first row"))
        self.club_read = True
        key = self._file_key(model, row["pk"], gettext("primary key"))
        pending = model is self.pending_model and key in self.pending_keys
        if pending or key in self.keys.get(model, ()):
            raise BackupRefused(
                gettext("%(row)s appears twice in the backup") % {"row": f"{_label(model)} {key}"}
            )
        if model is not self.pending_model or len(self.pending) >= _CHUNK:
            self._flush()
            self.pending_model = model
        values, m2m = self._build(model, key, row["fields"])
        if values is None:
            self.left_out += 1
            return
        self.pending.append((values, key, m2m))
        self.pending_keys.add(key)

    def _file_key(self, model: type[models.Model], value: object, what: str) -> int:
        low, high = 1, _highest_key(model._meta.pk)
        if self.keep_keys:
            high //= 2  # keys kept must leave the table's sequence room to go on
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise BackupRefused(
                gettext(
                    "a row of %(model)s has the %(what)s %(value)s, which is not a whole number "
                    "from %(low)s to %(high)s"
                )
                % {
                    "model": _label(model),
                    "what": what,
                    "value": json.dumps(value)[:30],
                    "low": low,
                    "high": f"{high:,}",
                }
            )
        return value

    def _build(self, model: type[models.Model], key: int, fields: dict):
        """The row's column values (by attname) with its references mapped, and its
        many-to-many keys; (None, None) for the history of a row deleted before the backup, on
        new keys."""
        where = f"{_label(model)} {key}"
        values: dict[str, object] = {}
        m2m: dict[models.Field, list[int]] = {}
        named: dict[str, str | None] = {}
        names = set(fields)
        for f in model._meta.concrete_fields:
            if f.primary_key:
                continue
            if f.name not in names:
                values[f.attname] = self._missing(f, where)
                continue
            names.discard(f.name)
            value = fields[f.name]
            if f.related_model is self.user_model:
                values[f.attname], named[f.name] = self._user(value, where)
            elif f.is_relation:
                values[f.attname] = self._reference(model, f, value, where)
            else:
                values[f.attname] = self._value(f, value, where)
        for f in model._meta.many_to_many:
            # A table of its own (a pair's seats) has rows of its own in the file, not a list.
            if f.name in names and f.remote_field.through._meta.auto_created:
                names.discard(f.name)
                m2m[f] = self._many(model, f, fields[f.name], where)
        if names:
            raise BackupRefused(
                gettext("%(row)s has no field %(field)s here")
                % {"row": where, "field": repr(sorted(names)[0][:60])}
            )
        if model is Change and values["user_id"] is None and not values["username"]:
            values["username"] = named.get("user") or ""
        original = _historical_of(model)
        if original is not None and not self._history_of(values, original, where):
            return None, None
        if self.keep_keys:
            values[model._meta.pk.attname] = key
        if model is Club:
            self._club(values)
        return values, m2m

    @staticmethod
    def _missing(f: models.Field, where: str):
        """The value of a field the row does not name: its default, if it has one."""
        if f.has_default():
            return f.get_default()
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False):
            return timezone.now()
        if f.null:
            return None
        raise BackupRefused(gettext("%(row)s has no %(field)s") % {"row": where, "field": f.name})

    def _value(self, f: models.Field, value: object, where: str):
        """A plain field's value, converted and checked as a form would: its type, length,
        choices and range, and a time or date within what every database reads back (SQLite's
        columns check none of them, PostgreSQL's stores years it cannot return)."""
        if value is None:
            if not f.null:
                raise BackupRefused(
                    gettext("%(row)s: %(field)s is empty, which it may not be")
                    % {"row": where, "field": f.name}
                )
            return None
        if isinstance(value, dict | list) and not isinstance(f, models.JSONField):
            raise BackupRefused(
                gettext("%(row)s: %(field)s is not a plain value") % {"row": where, "field": f.name}
            )
        if isinstance(f, models.BinaryField) and not isinstance(value, str):
            raise BackupRefused(
                gettext("%(row)s: %(field)s is not base64 text") % {"row": where, "field": f.name}
            )
        try:
            value = f.to_python(value)
            if value not in f.empty_values:
                f.validate(value, None)
                f.run_validators(value)
        except ValidationError as error:
            raise BackupRefused(f"{where}: {f.name}: {' '.join(error.messages)}") from None
        except (TypeError, ValueError, ArithmeticError):  # a parser of Django's takes text only
            raise BackupRefused(
                gettext("%(row)s: %(field)s is not a value of its kind")
                % {"row": where, "field": f.name}
            ) from None
        if isinstance(f, models.JSONField) and f.name == "note" and not readable(value):
            raise BackupRefused(
                gettext("%(row)s: %(field)s is not a note this site can read")
                % {"row": where, "field": f.name}
            )
        if isinstance(value, datetime.date) and not _YEARS[0] <= value.year <= _YEARS[1]:
            raise BackupRefused(
                gettext("%(row)s: %(field)s is not a date from %(first)s to %(last)s")
                % {"row": where, "field": f.name, "first": _YEARS[0], "last": _YEARS[1]}
            )
        if isinstance(value, datetime.datetime) and value.tzinfo is not None:
            value = value.astimezone(datetime.UTC)
        internal = f.get_internal_type()
        if isinstance(value, int) and internal in BaseDatabaseOperations.integer_field_ranges:
            low, high = BaseDatabaseOperations.integer_field_ranges[internal]
            if not low <= value <= high:
                raise BackupRefused(
                    gettext("%(row)s: %(field)s is out of range") % {"row": where, "field": f.name}
                )
        return value

    def _reference(self, model: type[models.Model], f: models.Field, value: object, where: str):
        target = f.related_model
        if value is None:
            return None
        value = self._file_key(
            target,
            value,
            gettext("reference to %(model)s in %(field)s")
            % {"model": _label(target), "field": f.name},
        )
        if target is self.pending_model and value in self.pending_keys:
            self._flush()
        if value in self.keys.get(target, {}):
            return self.keys[target][value]
        if _historical_of(model) is None or target not in self.models.values():
            raise BackupRefused(
                gettext("%(row)s points at %(target)s, which is not in the backup before it")
                % {"row": where, "target": f"{_label(target)} {value}"}
            )
        # History may name a row the club deleted before its backup: the file must hold that
        # row's history too (checked at the end); on new keys the reference is left empty.
        self.unexplained.add((target, value))
        return value if self.keep_keys else None

    def _user(self, value: object, where: str) -> tuple[int | None, str | None]:
        """The account a username in the file is linked to (None unless the operator linked
        it), and the username."""
        if value is None:
            return None, None
        if not (isinstance(value, list) and len(value) == 1 and isinstance(value[0], str)):
            raise BackupRefused(
                gettext("%(row)s names a user in a way this installation does not read")
                % {"row": where}
            )
        name = value[0][:150]
        account = self.accounts.get(name)
        if account is None:
            self.unlinked.add(name)
        return (account.pk if account is not None else None), name

    def _many(self, model: type[models.Model], f: models.Field, values: object, where: str):
        if not isinstance(values, list):
            raise BackupRefused(
                gettext("%(row)s: %(field)s is not a list") % {"row": where, "field": f.name}
            )
        if f.related_model is self.user_model:
            self.file_directors = [str(v[0])[:150] for v in values if isinstance(v, list) and v]
            return []
        keys = []
        for value in values:
            value = self._file_key(
                f.related_model, value, gettext("reference in %(field)s") % {"field": f.name}
            )
            if value not in self.keys.get(f.related_model, {}):
                raise BackupRefused(
                    gettext("%(row)s points at %(target)s, which is not in the backup before it")
                    % {"row": where, "target": f"{_label(f.related_model)} {value}"}
                )
            keys.append(self.keys[f.related_model][value])
        return keys

    def _history_of(self, values: dict, original: type[models.Model], where: str) -> bool:
        """Point a history row at the row it is the history of; False if that row was deleted
        before the backup and the keys are new (the row is then left out)."""
        attname = original._meta.pk.attname
        value = self._file_key(
            original,
            values[attname],
            gettext("reference to %(model)s") % {"model": _label(original)},
        )
        if original is self.pending_model and value in self.pending_keys:
            self._flush()
        if value in self.keys.get(original, {}):
            values[attname] = self.keys[original][value]
            return True
        self.deleted.setdefault(original, set()).add(value)
        return self.keep_keys

    def _club(self, values: dict) -> None:
        slug = values["slug"] = self.slug or values["slug"]
        try:
            Club._meta.get_field("slug").clean(slug, None)
        except ValidationError as error:
            messages = " ".join(error.messages)
            raise BackupRefused(
                gettext("the address %(address)s: %(messages)s")
                % {"address": repr(str(slug)[:60]), "messages": messages}
            ) from None
        if Club.objects.filter(slug=slug).exists():
            raise BackupRefused(
                gettext(
                    "a club already uses the address %(address)s: restore under another address, "
                    "or delete that club first"
                )
                % {"address": repr(slug)}
            )
        if not self.keep_keys:
            values["is_demo"] = False  # load_demo --reset deletes the demo: this is theirs

    # Saving ---------------------------------------------------------------------------------

    def _flush(self) -> None:
        """Save the pending rows of one model, a few statements of many rows each, and learn
        their keys here. Saved raw, as Django's loaddata saves: no signal (the history comes from
        the file) and no field's pre_save (a line's "updated" keeps the file's time)."""
        if not self.pending:
            return
        model = self.pending_model
        self.saving = _label(model)
        pk = model._meta.pk
        fields = [f for f in model._meta.concrete_fields if self.keep_keys or f is not pk]
        database = connections[model._base_manager.db]  # not the proxy: it is asked per value
        quote = database.ops.quote_name
        columns = ", ".join(quote(f.column) for f in fields)
        one_row = "(" + ", ".join(["%s"] * len(fields)) + ")"
        insert = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES"
        returning = f"RETURNING {quote(pk.column)}"
        rows = [
            [f.get_db_prep_save(values[f.attname], database) for f in fields]
            for values, _, _ in self.pending
        ]
        saved: list[int] = []
        if database.vendor == "postgresql":
            # One row a statement, sent together (psycopg's pipeline): a statement of many rows
            # costs psycopg more to read than the database to run.
            database.ensure_connection()
            # psycopg's own cursor: its errors as Django's (a row breaking a constraint is an
            # IntegrityError, refused in words), as Django's cursors raise them.
            with database.wrap_database_errors, database.connection.cursor() as cursor:
                cursor.executemany(f"{insert} {one_row} {returning}", rows, returning=True)
                while True:
                    saved.append(cursor.fetchone()[0])
                    if not cursor.nextset():
                        break
        else:
            size = max(1, database.ops.bulk_batch_size(fields, self.pending))
            with database.cursor() as cursor:
                for start in range(0, len(rows), size):
                    part = rows[start : start + size]
                    cursor.execute(
                        f"{insert} {', '.join([one_row] * len(part))} {returning}",
                        [value for row in part for value in row],
                    )
                    saved += [row[0] for row in cursor.fetchall()]
        keys = self.keys.setdefault(model, {})
        for (_, old, _), new in zip(self.pending, saved, strict=True):
            keys[old] = new
        if model is Club:
            self.club = Club.objects.get(pk=saved[0])
        for f in {f for _, _, m2m in self.pending for f in m2m}:
            through = f.remote_field.through
            source, target = f.m2m_field_name(), f.m2m_reverse_field_name()
            through._base_manager.bulk_create(
                through(**{f"{source}_id": keys[old], f"{target}_id": value})
                for _, old, m2m in self.pending
                for value in m2m.get(f, ())
            )
        self.counts[self.saving] += len(saved)
        self.pending, self.pending_keys = [], set()

    def finish(self) -> RestoreSummary:
        self._flush()
        if self.club is None:
            raise BackupRefused(gettext("the backup holds no club"))
        for target, value in self.unexplained:
            if value not in self.keys.get(target, {}) and value not in self.deleted.get(target, ()):
                raise BackupRefused(
                    gettext(
                        "a history row points at %(target)s, which is neither in the backup nor "
                        "a row of the club deleted before it"
                    )
                    % {"target": f"{_label(target)} {value}"}
                )
        if self.director is not None:
            self.club.directors.set([self.director])
        else:
            linked = [self.accounts[name] for name in self.file_directors if name in self.accounts]
            self.club.directors.set(linked)
        self.unlinked |= set(self.file_directors) - set(self.accounts)
        if self.keep_keys:
            self._move_sequences()
        return RestoreSummary(
            club=self.club,
            kept_keys=self.keep_keys,
            rows=dict(self.counts),
            unlinked_users=sorted(self.unlinked),
            left_out=self.left_out,
        )

    def _move_sequences(self) -> None:
        """Rows saved with their own keys do not advance PostgreSQL's sequences: set each past
        the file's keys, those of deleted rows its history names included, so that no new row
        ever takes a key the restored history speaks of."""
        highest = {model: max(keys) for model, keys in self.keys.items() if keys}
        for model, keys in self.deleted.items():
            highest[model] = max(highest.get(model, 0), *keys)
        for model, key in self.unexplained:
            highest[model] = max(highest.get(model, 0), key)
        with connection.cursor() as cursor:
            for model, key in highest.items():
                table, column = model._meta.db_table, model._meta.pk.column
                if connection.vendor == "postgresql":
                    cursor.execute(
                        "SELECT setval(pg_get_serial_sequence(%s, %s), %s)", [table, column, key]
                    )
                else:  # SQLite's AUTOINCREMENT keeps each table's highest key in sqlite_sequence
                    cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s", [table])
                    cursor.execute(
                        "INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, key]
                    )
