"""A club's member list imported from a file, and exported.

An import is planned before anything is saved: each row of the file is matched to a player by
national member number, then by name (case and accents aside, "Surname, First" read both ways),
and is new, changed, unchanged, a question (two players of its name, or one with another
number) or bad (named with its reason; it is left out). The confirmation plans again from the
kept file and saves only the plan the director saw (its fingerprint), all or nothing, as one
change in the club's history. Guests that a row matches are merged into the member, as
merge_players merges duplicates. Players the file does not name stay as they are; a blank cell
changes nothing.
"""

import hashlib
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext

from events.formats.cells import starts_formula
from events.formats.imported import FileRefused
from events.formats.member_lists import Member, MemberList, read_member_list
from events.formats.member_lists import render_csv as render_members_csv
from events.formats.member_lists import render_xlsx as render_members_xlsx
from events.models import Change, Club, Player, Upload
from events.services.clubs import ClubRefused, change_player, merge_players
from events.services.history import bulk_create_recorded, bulk_update_recorded, recording
from events.services.member_headings import (
    Columns,
    Entry,
    column_labels,
    entries,
    recognised_columns,
)
from events.services.notes import sentence

NAME_LENGTH = Player._meta.get_field("name").max_length
NUMBER_LENGTH = Player._meta.get_field("member_number").max_length
EMAIL_LENGTH = Player._meta.get_field("email").max_length


class MemberListRefused(Exception):
    """A member list that cannot be read or saved; str() says why, and nothing was saved."""


def too_large(size: int) -> str:
    """Why a file of `size` bytes is refused, or "" when it is within the limit (settings)."""
    limit = settings.MEMBER_LIST_MAX_BYTES
    if size <= limit:
        return ""
    return gettext("the file is %(size)s: a member list can be up to %(limit)s") % {
        "size": filesizeformat(size),
        "limit": filesizeformat(limit),
    }


def read_list(data: bytes) -> MemberList:
    """The file's rows within the size and row limits (settings), or MemberListRefused."""
    if refusal := too_large(len(data)):
        raise MemberListRefused(refusal)
    try:
        read = read_member_list(data, max_rows=settings.MEMBER_LIST_MAX_ROWS)
    except FileRefused as refused:
        raise MemberListRefused(str(refused)) from None
    if not read.rows:
        raise MemberListRefused(gettext("the file holds no rows"))
    return read


def store_list(*, club: Club, user, name: str, data: bytes) -> Upload:
    """Keep a readable member list until the director confirms its import."""
    read_list(data)
    return Upload.objects.create(
        club=club,
        user=user if user is not None and user.is_authenticated else None,
        kind=Upload.Kind.MEMBERS,
        name=name[:255],
        data=data,
        file_hash=hashlib.sha256(data).hexdigest(),
    )


def name_key(name: str) -> str:
    """A name as it is matched: case and accents aside, spaces single, and "Surname, First"
    turned to "First Surname" (so that either spelling finds the other)."""
    if name.count(",") == 1:
        surname, first = name.split(",")
        name = f"{first} {surname}"
    folded = unicodedata.normalize("NFKD", name.casefold())
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).split())


def written_name(name: str) -> str:
    """The name a new player is given: "Surname, First" as "First Surname"."""
    if name.count(",") == 1:
        surname, first = name.split(",")
        name = f"{first} {surname}"
    return " ".join(name.split())


NEW, CHANGED, UNCHANGED, QUESTION, BAD, LEFT_OUT = (
    "new",
    "changed",
    "unchanged",
    "question",
    "bad",
    "left out",
)


@dataclass
class PlannedRow:
    """What the import does with one row of the file."""

    entry: Entry
    action: str
    player: Player | None = None
    changes: dict[str, tuple[str, str]] = field(default_factory=dict)  # field: before, after
    guests: list[Player] = field(default_factory=list)  # merged into the player
    candidates: list[Player] = field(default_factory=list)  # for a question
    reason: str = ""  # for a bad row or a question
    new_name: str = ""

    @property
    def shown_changes(self) -> list[tuple[str, str, str]]:
        """Each change as the preview names it: what, before, after."""
        return [(_labels()[what], *values) for what, values in self.changes.items()]


def _labels() -> dict[str, str]:
    """What a player's fields are called in a sentence."""
    return {
        "name": gettext("name"),
        "member_number": gettext("member number"),
        "email": gettext("email"),
        "guest": gettext("guest"),
    }


@dataclass
class MemberPlan:
    rows: list[PlannedRow]

    def of(self, action: str) -> list[PlannedRow]:
        return [row for row in self.rows if row.action == action]

    @property
    def counts(self) -> dict[str, int]:
        return {
            action: len(self.of(action))
            for action in (NEW, CHANGED, UNCHANGED, QUESTION, BAD, LEFT_OUT)
        }

    @property
    def fingerprint(self) -> str:
        """What the plan saves, in short: the same only for the same saves."""
        parts = [
            f"{r.entry.row}|{r.action}|{r.player.pk if r.player else ''}|{r.new_name}|"
            f"{sorted(r.changes.items())}|{[g.pk for g in r.guests]}"
            for r in self.rows
        ]
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def _cleaned(text: str) -> str:
    """A cell's text as read back: a leading quote that kept a formula as text taken off."""
    return text[1:] if text.startswith("'") and starts_formula(text[1:]) else text


def _problem(entry: Entry) -> str:
    """Why the row cannot be saved, or ""."""
    if not entry.name:
        return gettext("there is no name")
    if len(entry.name) > NAME_LENGTH:
        return gettext("the name is longer than %(n)s characters") % {"n": NAME_LENGTH}
    for what, text in (
        ("name", entry.name),
        ("member_number", entry.member_number),
        ("email", entry.email),
    ):
        if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in text):
            return gettext("the %(what)s holds a control character") % {"what": _labels()[what]}
    if len(entry.member_number) > NUMBER_LENGTH:
        return gettext("the member number is longer than %(n)s characters") % {"n": NUMBER_LENGTH}
    if entry.email:
        try:
            if len(entry.email) > EMAIL_LENGTH:
                raise ValidationError("too long")
            validate_email(entry.email)
        except ValidationError:
            return gettext("%(email)s is not an email address") % {"email": entry.email[:60]}
    return ""


def plan_import(
    *, club: Club, rows, columns: Columns, answers: dict[int, str] | None = None
) -> MemberPlan:
    """What importing these rows with these columns would do, saving nothing. `answers` are the
    director's to the questions, by row: a player's id, "new" or "skip"."""
    answers = answers or {}
    players = list(club.players.order_by("pk"))
    by_number = {p.member_number: p for p in players if p.member_number}
    by_key: dict[str, list[Player]] = defaultdict(list)
    for player in players:
        by_key[name_key(player.name)].append(player)
    claimed: dict[int, int] = {}  # player id: the row that matched them
    numbers: dict[str, int] = {}  # member number: its row
    names: dict[str, int] = {}  # name: its first row
    planned = []
    for raw in entries(rows, columns):
        entry = Entry(raw.row, _cleaned(raw.name), _cleaned(raw.member_number), _cleaned(raw.email))
        reason = _problem(entry)
        key = name_key(entry.name)
        if not reason and entry.member_number in numbers:
            reason = gettext("row %(row)s has the same member number") % {
                "row": numbers[entry.member_number]
            }
        if not reason and not entry.member_number and key in names:
            reason = gettext("it repeats row %(row)s") % {"row": names[key]}
        if reason:
            planned.append(PlannedRow(entry, BAD, reason=reason))
            continue
        if entry.member_number:
            numbers[entry.member_number] = entry.row
        names.setdefault(key, entry.row)
        row = _match(entry, key, by_number, by_key, answers.get(entry.row, ""))
        if row.player is not None and row.player.pk in claimed:
            row = PlannedRow(
                entry,
                BAD,
                reason=gettext("it is %(name)s, as row %(row)s is")
                % {"name": row.player.name, "row": claimed[row.player.pk]},
            )
        elif row.player is not None:
            claimed[row.player.pk] = entry.row
        planned.append(row)
    # A guest is merged into one member only.
    merged: set[int] = set()
    for row in planned:
        row.guests = [g for g in row.guests if g.pk not in claimed and g.pk not in merged]
        merged.update(g.pk for g in row.guests)
        if row.action == UNCHANGED and row.guests:
            row.action = CHANGED
    return MemberPlan(planned)


def _match(entry: Entry, key: str, by_number, by_key, answer: str) -> PlannedRow:
    named = by_key.get(key, [])
    members = [p for p in named if not p.guest]
    guests = [p for p in named if p.guest]
    player = by_number.get(entry.member_number) if entry.member_number else None
    if player is None and answer:
        if answer == "skip":
            return PlannedRow(entry, LEFT_OUT)
        if answer == "new":
            return PlannedRow(entry, NEW, new_name=written_name(entry.name))
        player = next((p for p in named if str(p.pk) == answer), None)
    if player is None:
        clashing = len(members) == 1 and (
            entry.member_number and members[0].member_number not in ("", entry.member_number)
        )
        if len(members) > 1 or clashing:
            reason = (
                gettext("the club has %(n)s players of this name") % {"n": len(members)}
                if len(members) > 1
                else gettext("the club's %(name)s has another member number, %(number)s")
                % {"name": members[0].name, "number": members[0].member_number}
            )
            return PlannedRow(entry, QUESTION, candidates=members, reason=reason)
        if members:
            player = members[0]
        elif guests:
            player = guests[0]
        else:
            return PlannedRow(entry, NEW, new_name=written_name(entry.name))
    # A row found by its name keeps the club's spelling; one found by its number is renamed.
    changes = {}
    if name_key(player.name) != key:
        changes["name"] = (player.name, written_name(entry.name))
    if entry.member_number and entry.member_number != player.member_number:
        changes["member_number"] = (player.member_number, entry.member_number)
    if entry.email and entry.email != player.email:
        changes["email"] = (player.email, entry.email)
    if player.guest:
        changes["guest"] = (gettext("guest"), gettext("member"))
    others = [g for g in guests if g.pk != player.pk]
    return PlannedRow(entry, CHANGED if changes else UNCHANGED, player, changes, others)


@dataclass(frozen=True)
class ListPreview:
    """A kept file as the preview shows it: what it was read as, its columns' labels, the
    columns used, the plan, the questions it asks (answered or not), and the fingerprint the
    confirmation sends back."""

    kind: str
    labels: list[str]
    columns: Columns
    plan: MemberPlan
    questions: list[PlannedRow]
    fingerprint: str


def preview_list(
    *, upload: Upload, columns: Columns | None = None, answers: dict[int, str] | None = None
) -> ListPreview:
    """The preview of a kept member list, with the columns its headings name unless given."""
    read = read_list(bytes(upload.data))
    columns = columns or recognised_columns(read.rows)
    unanswered = plan_import(club=upload.club, rows=read.rows, columns=columns)
    plan = (
        plan_import(club=upload.club, rows=read.rows, columns=columns, answers=answers)
        if answers
        else unanswered
    )
    return ListPreview(
        read.kind,
        column_labels(read.rows),
        columns,
        plan,
        unanswered.of(QUESTION),
        unanswered.fingerprint,
    )


@dataclass(frozen=True)
class Imported:
    new: int
    changed: int
    merged: int
    left_out: int


def import_members(
    *, upload: Upload, columns: Columns, answers: dict[int, str], fingerprint: str, user=None
) -> Imported:
    """Plan the kept file again and save it, all or nothing, as one change in the club's
    history; refused (MemberListRefused, nothing saved) when the plan before the answers is not
    the one previewed (`fingerprint`), a question is unanswered, or a merge is refused."""
    club = upload.club
    with transaction.atomic():
        Club.objects.select_for_update().only("pk").get(pk=club.pk)
        upload = Upload.objects.select_for_update().get(pk=upload.pk)
        if upload.status != Upload.Status.WAITING:
            raise MemberListRefused(gettext("this file is imported already"))
        rows = read_list(bytes(upload.data)).rows
        plan = plan_import(club=club, rows=rows, columns=columns)
        if plan.fingerprint != fingerprint:
            raise MemberListRefused(
                gettext("the import would not do what the preview showed: look at it again")
            )
        if answers:
            plan = plan_import(club=club, rows=rows, columns=columns, answers=answers)
        if asked := plan.of(QUESTION):
            raise MemberListRefused(gettext("say who row %(row)s is") % {"row": asked[0].entry.row})
        merged = 0
        if plan.of(NEW) or plan.of(CHANGED):  # a list that changes nothing leaves no change
            note = [sentence("member-list", file=upload.name)]
            with recording(club=club, kind=Change.Kind.PLAYER, user=user, note=note):
                merged = _save(club, plan)
        upload.status = Upload.Status.IMPORTED
        upload.save(update_fields=["status"])
    return Imported(
        new=len(plan.of(NEW)),
        changed=len(plan.of(CHANGED)),
        merged=merged,
        left_out=len(plan.of(BAD)) + len(plan.of(LEFT_OUT)),
    )


def _save(club: Club, plan: MemberPlan) -> int:
    merged = 0
    updated = []
    for row in plan.of(CHANGED):
        player, entry = row.player, row.entry
        if row.guests:  # merged first: the kept player may take a guest's member number
            try:
                merge_players(keep=player, duplicates=row.guests)
            except ClubRefused as refused:
                raise MemberListRefused(
                    gettext("row %(row)s (%(name)s): %(reason)s")
                    % {"row": entry.row, "name": entry.name, "reason": refused}
                ) from None
            merged += len(row.guests)
            player.refresh_from_db()
        values = {what: after for what, (_, after) in row.changes.items() if what != "guest"}
        if player.guest:
            values["guest"] = False
        if "name" in values:  # the names of the pairs they sit in follow
            change_player(player=player, **values)
        elif values:
            for what, value in values.items():
                setattr(player, what, value)
            updated.append(player)
    bulk_update_recorded(Player, updated, ["member_number", "email", "guest"])
    bulk_create_recorded(
        Player,
        [
            Player(
                club=club,
                name=row.new_name,
                member_number=row.entry.member_number,
                email=row.entry.email,
            )
            for row in plan.of(NEW)
        ],
    )
    return merged


def _members(club: Club) -> list[Member]:
    players = club.players.filter(guest=False).order_by("name", "pk")
    return [Member(p.name, p.member_number, p.email) for p in players]


def members_csv(*, club: Club) -> bytes:
    """The club's members (guests left out) as CSV, read back by the import unchanged."""
    return render_members_csv(_members(club))


def members_xlsx(*, club: Club) -> bytes:
    """The club's members (guests left out) as an Excel workbook."""
    return render_members_xlsx(_members(club), title=gettext("%(club)s members") % {"club": club})
