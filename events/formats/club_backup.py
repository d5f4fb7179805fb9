"""A club backup file, read as a stream: its header, then its rows one at a time, within limits.

The file is UTF-8 JSON, gzip-compressed or not:
`{"format": "clubscoring-club-backup", "version": 1, "club": slug, "made": time,
"users": [username, ...], "objects": [{"model": "events.player", "pk": 7, "fields": {...}}, ...]}`,
the header's keys before "objects". Nothing is read whole: ijson parses the stream as it is
unpacked, and every limit (the packed and unpacked size, the rows in all and of one model, the
nesting depth, the length of a value) is refused with a sentence naming it as soon as it is
passed, so a file of any size costs at most the limits' worth of memory and time. A NUL
character, which SQLite stores and PostgreSQL refuses, is refused on both.
"""

import gzip
import zlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import BinaryIO

import ijson
from django.utils.translation import gettext

# yajl's C parser: fast, and the same on every machine (it reads invalid UTF-8 and too big a
# number as malformed JSON, and half of a surrogate pair as "?"). Missing, it fails at import.
_JSON = ijson.get_backend("yajl2_c")

BACKUP_FORMAT = "clubscoring-club-backup"
BACKUP_VERSION = 1
_HEADER = ("format", "version", "club", "made", "users")
# The parser reads this much at a time: yajl scans a value cut across reads again at each read,
# and hands over all that one read holds at once.
_CHUNK = 256 * 1024
# A value that spans whole reads holds text, not escapes: yajl decodes escapes slowly.
_ESCAPES = 10_000


class BackupRefused(ValueError):
    """A backup file that cannot be restored; str() says why, in words for the director."""


@dataclass(frozen=True)
class Limits:
    """What a backup may hold. The defaults admit the largest club measured (a 2,000-table
    event with its history: 104,000 rows, 49 MB unpacked, 2.4 MB packed) about three times
    over; a value may be as long as a results file a director uploaded (5 MiB, base64-encoded),
    a row as many values as the largest row (a board's double-dummy table: about 40) a few
    hundred times over."""

    packed_bytes: int = 64 * 1024 * 1024
    unpacked_bytes: int = 256 * 1024 * 1024
    rows: int = 300_000
    rows_per_model: int = 150_000
    depth: int = 10
    value_bytes: int = 8 * 1024 * 1024
    # One row, or the header's list of users: its values (a list or a map counts as one too)
    # and the bytes it spans in the file.
    values_per_row: int = 10_000
    row_bytes: int = 16 * 1024 * 1024


@dataclass(frozen=True)
class BackupHeader:
    club: str
    made: str
    users: list[str]


def _size(size: int) -> str:
    return f"{size / 1024 / 1024:g} MiB" if size >= 1024 * 1024 else f"{size:,} bytes"


class _Unpacked:
    """The file's JSON bytes, unpacked if gzip-compressed, refused past the unpacked limit, or
    once the parser has read more than a value may hold without handing over anything (a
    string, a number or blanks, which it would hold whole, at a cost growing with the square of
    their length)."""

    def __init__(self, stream: BinaryIO, limits: Limits) -> None:
        self.limits = limits
        start = stream.read(2)
        self.start = b""
        if start == b"\x1f\x8b":
            stream.seek(0)
            self.stream: BinaryIO = gzip.GzipFile(fileobj=stream, mode="rb")
        else:
            self.stream, self.start = stream, start
        self.total = 0
        # Bytes, and escapes among them, read since the parser last handed over something
        # (BackupReader resets them).
        self.unread = self.escapes = 0

    def read(self, size: int = -1) -> bytes:
        if size == 0:  # ijson asks for nothing first, to learn that the file gives bytes
            return b""
        try:
            data = self.start + self.stream.read(_CHUNK if size < 0 else size)
        except (OSError, EOFError, zlib.error):
            raise BackupRefused(
                gettext("the file is a damaged gzip file"),
            ) from None
        self.start = b""
        self.total += len(data)
        if self.total > self.limits.unpacked_bytes:
            raise BackupRefused(
                gettext("the file unpacks to more than the limit of %(size)s")
                % {"size": _size(self.limits.unpacked_bytes)},
            )
        if self.unread > self.limits.value_bytes:
            raise _too_long(self.limits)
        if self.escapes > _ESCAPES:
            raise BackupRefused(
                gettext("a value holds more than %(escapes)s escaped characters")
                % {"escapes": format(_ESCAPES, ",")},
            )
        self.unread += len(data)
        self.escapes += data.count(b"\\")
        return data


def _too_long(limits: Limits) -> BackupRefused:
    return BackupRefused(
        gettext("a value is longer than the limit of %(size)s")
        % {"size": _size(limits.value_bytes)},
    )


class BackupReader:
    """A backup file opened for reading: `header` is read on opening, `rows()` yields the rows
    one at a time, each a dict with "model", "pk" and "fields". BackupRefused says what is wrong,
    at the point it is found."""

    def __init__(self, stream: BinaryIO, limits: Limits) -> None:
        self.limits = limits
        self._source = _Unpacked(stream, limits)
        self._values = self._start = 0  # of the row being read
        self._events = _JSON.basic_parse(self._source, buf_size=_CHUNK, use_float=True)
        self.header = self._read_header()

    def _next(self) -> tuple[str, object]:
        try:
            event = next(self._events)
            self._source.unread = self._source.escapes = 0
            return event
        except StopIteration:
            raise BackupRefused(
                gettext("the file ends before the backup does"),
            ) from None
        except ijson.JSONError:
            raise BackupRefused(
                gettext("this is not a club backup: the file is not well-formed JSON")
            ) from None

    def _text(self, value: str) -> str:
        limit = self.limits.value_bytes
        if len(value) > limit or (len(value) * 4 > limit and len(value.encode()) > limit):
            raise _too_long(self.limits)
        if "\x00" in value:
            raise BackupRefused(
                gettext("a value holds a NUL character, which no database here stores"),
            )
        return value

    def _whole(self, event: str, value: object) -> object:
        """A row, or a value of the header, read whole within the limits of one row."""
        self._values, self._start = 0, self._source.total
        return self._value(event, value, 2)

    def _value(self, event: str, value: object, depth: int) -> object:
        self._values += 1
        if self._values > self.limits.values_per_row:
            raise BackupRefused(
                gettext(
                    "a row of the backup (or its list of users) holds more than the limit of "
                    "%(values_per_row)s values"
                )
                % {"values_per_row": format(self.limits.values_per_row, ",")},
            )
        if self._source.total - self._start > self.limits.row_bytes:
            raise BackupRefused(
                gettext("a row of the backup spans more than the limit of %(size)s")
                % {"size": _size(self.limits.row_bytes)},
            )
        if depth > self.limits.depth:
            raise BackupRefused(
                gettext("the file nests deeper than the limit of %(depth)s levels")
                % {"depth": self.limits.depth},
            )
        if event == "string":
            return self._text(value)
        if event in ("number", "boolean", "null"):
            return value
        if event == "start_array":
            items = []
            while (item := self._next())[0] != "end_array":
                items.append(self._value(*item, depth + 1))
            return items
        if event == "start_map":
            mapping: dict[str, object] = {}
            while (item := self._next())[0] != "end_map":
                key = self._text(item[1])
                if key in mapping:
                    raise BackupRefused(
                        gettext("the key %(key)s appears twice in one row")
                        % {"key": repr(key[:40])},
                    )
                mapping[key] = self._value(*self._next(), depth + 1)
            return mapping
        raise BackupRefused(gettext("this is not a club backup: the file is not well-formed JSON"))

    def _read_header(self) -> BackupHeader:
        if self._next()[0] != "start_map":
            raise BackupRefused(
                gettext("this is not a club backup made by Clubscoring"),
            )
        header: dict[str, object] = {}
        while True:
            event, key = self._next()
            if event != "map_key" or key == "objects":
                break
            if key not in _HEADER or key in header:
                raise BackupRefused(
                    gettext("this is not a club backup made by Clubscoring"),
                )
            header[key] = self._whole(*self._next())
            if key == "format" and header[key] != BACKUP_FORMAT:
                raise BackupRefused(
                    gettext("this is not a club backup made by Clubscoring"),
                )
            if key == "version" and header[key] != BACKUP_VERSION:
                raise BackupRefused(
                    gettext(
                        "this backup is version %(header)s; this installation restores version "
                        "%(backup_version)s"
                    )
                    % {"header": str(header[key])[:20], "backup_version": BACKUP_VERSION},
                )
        if "format" not in header or "version" not in header or event != "map_key":
            raise BackupRefused(
                gettext("this is not a club backup made by Clubscoring"),
            )
        users, club, made = header.get("users"), header.get("club", ""), header.get("made", "")
        if not isinstance(users, list) or not all(isinstance(name, str) for name in users):
            raise BackupRefused(
                gettext("the backup's list of usernames is missing or not names"),
            )
        if not isinstance(club, str) or not isinstance(made, str):
            raise BackupRefused(
                gettext("the backup's club or date is not text"),
            )
        if self._next()[0] != "start_array":
            raise BackupRefused(
                gettext("the backup's rows are not a list"),
            )
        return BackupHeader(club=club, made=made, users=users)

    def rows(self) -> Iterator[dict]:
        """Each row in the file's order; the rows counted against the limits as they come."""
        per_model: Counter[str] = Counter()
        count = 0
        while (item := self._next())[0] != "end_array":
            row = self._whole(*item)
            if (
                not isinstance(row, dict)
                or set(row) != {"model", "pk", "fields"}
                or not isinstance(row["model"], str)
                or not isinstance(row["fields"], dict)
            ):
                raise BackupRefused(
                    gettext(
                        "row %(count)s is not a row of a club backup (a model, a primary key and "
                        "fields)"
                    )
                    % {"count": count + 1},
                )
            count += 1
            per_model[row["model"]] += 1
            if count > self.limits.rows:
                raise BackupRefused(
                    gettext("the backup holds more than the limit of %(rows)s rows")
                    % {"rows": format(self.limits.rows, ",")},
                )
            if per_model[row["model"]] > self.limits.rows_per_model:
                raise BackupRefused(
                    gettext(
                        "the backup holds more than the limit of %(rows_per_model)s rows of %(row)s"
                    )
                    % {
                        "rows_per_model": format(self.limits.rows_per_model, ","),
                        "row": row["model"][:60],
                    },
                )
            yield row
        if self._next()[0] != "end_map":
            raise BackupRefused(
                gettext("the backup goes on after its rows"),
            )
        try:
            next(self._events)
        except StopIteration:
            return
        except ijson.JSONError:
            pass
        raise BackupRefused(
            gettext("the backup goes on after its rows"),
        )
