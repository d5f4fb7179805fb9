"""The audit trail: each director's action is a Change, and django-simple-history's rows (one per
row written: a line, a pair, a board...) point to it; any change can be undone, exactly.

`recording()` opens a change around a service call; the rows the call saves are tied to it by
simple-history's pre-create signal (one insert a row, no other query). Derived values (points,
pair totals) are not recorded: undo restores the raw rows, then rescores what they affect.
"""

from collections import defaultdict
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.models import ProtectedError, Q, QuerySet, RestrictedError
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext
from simple_history.signals import pre_create_historical_record
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from events.formats.dates import written_date
from events.models import (
    Board,
    Change,
    Club,
    Event,
    IndividualPlayer,
    Match,
    MatchBoard,
    MatchLine,
    Pair,
    Partnership,
    Player,
    Result,
    RoundDeal,
    Seat,
    Section,
    TableRound,
    Team,
    TeamMember,
    TeamRound,
    TeamSettings,
)
from events.models.changes import NOTE_LENGTH
from events.services import page_cache
from events.services.hand_records import queue_analysis
from events.services.rescoring import rescore_event
from events.services.scoring import rescore_board
from events.services.setting_words import CLUB_SETTINGS
from events.services.tables.unsaved import drop_unsaved_lines
from events.services.teams.match_scoring import rescore_team_event

# Parents first: undo restores in this order and deletes in the reverse one.
TRACKED = [
    Event,
    TeamSettings,
    Section,
    Player,
    Pair,
    Partnership,
    IndividualPlayer,
    Seat,
    Team,
    TeamMember,
    Board,
    TableRound,
    Result,
    Match,
    MatchBoard,
    MatchLine,
    TeamRound,
    RoundDeal,
]
# The models each kind of event writes: the history of a change is read from those alone.
EVENT_MODELS = {
    Event.Kind.PAIRS: {Event, Section, Player, Pair, Partnership, Board, TableRound, Result},
    # An individual's sides are pairs of its section: it writes a pairs event's rows, and its
    # players and their seats in the sides.
    Event.Kind.INDIVIDUAL: {
        Event,
        Section,
        Player,
        Pair,
        Partnership,
        IndividualPlayer,
        Seat,
        Board,
        TableRound,
        Result,
    },
    Event.Kind.TEAMS: {
        Event,
        TeamSettings,
        Player,
        Team,
        TeamMember,
        Match,
        MatchBoard,
        MatchLine,
        TeamRound,
        RoundDeal,
    },
}
# Kinds that are not undone from the history page: the status has its own buttons (reopening
# with a reason), an import is removed by deleting the event, a deleted event has no page, and
# a multi-session event's rows are not among those tracked (its page changes it back).
NOT_UNDOABLE = {Change.Kind.STATUS, Change.Kind.IMPORT, Change.Kind.EVENT, Change.Kind.COMPETITION}
# The kinds a club records with no event: its players, its settings, its multi-session events,
# an event deleted. A deleted event's own changes have no event either (SET_NULL).
CLUB_KINDS = {
    Change.Kind.PLAYER,
    Change.Kind.SETTINGS,
    Change.Kind.COMPETITION,
    Change.Kind.EVENT,
}

_current: ContextVar[Change | None] = ContextVar("current_change", default=None)


class UndoRefused(Exception):
    """A change that cannot be undone as it stands; str() says why."""


@receiver(pre_create_historical_record)
def _tie_to_current_change(sender, history_instance, **kwargs) -> None:
    change = _current.get()
    history_instance.change = change
    if change is not None:
        change.rows_written = True


@contextmanager
def recording(
    *, club: Club, kind: str, event: Event | None = None, user=None, note: str | list = ""
):
    """Record what the block saves as one change of `kind` by `user`, with its note: the
    director's words, or the site's sentences (events.services.notes).

    One insert for the change itself. A block that fails having saved nothing leaves no change.
    """
    change = Change.objects.create(
        club=club,
        event=event,
        user=user if user is not None and user.is_authenticated else None,
        kind=kind,
        note=note[:NOTE_LENGTH] if isinstance(note, str) else note,
    )
    token = _current.set(change)
    try:
        with page_cache.changed_at_end(
            event_id=change.event_id, club_id=None if change.event_id else club.pk
        ):
            yield change
    except BaseException as error:
        _forget_unless_written(change, error)
        raise
    finally:
        _current.reset(token)


def _forget_unless_written(change: Change, error: BaseException) -> None:
    """Delete the change of a block that failed having saved nothing. Inside a transaction that
    is being rolled back, the change goes with it."""
    connection = transaction.get_connection()
    if connection.needs_rollback:
        return
    if isinstance(error, DatabaseError) and connection.in_atomic_block:
        # The database may have given the transaction up (PostgreSQL does after an error):
        # then the change is rolled back with it, and nothing more may run in it.
        try:
            with transaction.atomic():
                _delete_unless_written(change)
        except DatabaseError:
            pass
        return
    _delete_unless_written(change)


def _delete_unless_written(change: Change) -> None:
    # A refusal before any write (the usual one) costs no look-up.
    if not (getattr(change, "rows_written", False) and _has_rows(change)):
        change.delete()


def _has_rows(change: Change) -> bool:
    return any(model.history.filter(change=change).exists() for model in tracked_models([change]))


def tracked_models(changes: list[Change]) -> list:
    """The models whose rows these changes may have written: those of their events' kinds
    (every tracked model for a change of no event, or whose event is not at hand)."""
    kinds = set()
    for change in changes:
        if change.event_id is None or not Change.event.is_cached(change):
            return TRACKED
        kinds.add(change.event.kind)
    return [model for model in TRACKED if any(model in EVENT_MODELS[kind] for kind in kinds)]


def of_club(change: Change) -> bool:
    """Whether the change is the club's own (its players, its settings, its multi-session
    events, an event deleted, or an undo of one of those), not an event's, deleted or not."""
    while change is not None and change.event_id is None:
        if change.kind != Change.Kind.UNDO:
            # An event's settings are changed without a note, the club's with the settings in it.
            return change.kind in CLUB_KINDS and not (
                change.kind == Change.Kind.SETTINGS and change.note == ""
            )
        change = change.undoes
    return False


def club_changes(*, club: Club) -> QuerySet[Change]:
    """The club's own changes (of_club), newest first: two queries whatever their number."""
    # Only a settings change or an undo may be a deleted event's: those are told apart here.
    maybe = {
        change.pk: change
        for change in Change.objects.filter(
            club=club, event=None, kind__in=[Change.Kind.SETTINGS, Change.Kind.UNDO]
        ).select_related("undoes")
    }
    for change in maybe.values():
        if change.undoes_id in maybe:
            change.undoes = maybe[change.undoes_id]
    own = [pk for pk, change in maybe.items() if of_club(change)]
    return club.changes.filter(event=None).filter(
        Q(kind__in=CLUB_KINDS - {Change.Kind.SETTINGS}) | Q(pk__in=own)
    )


def club_settings_set(change: Change) -> list[dict] | None:
    """The club settings the change set, each {"setting", "before", "after"}: a club settings
    change's from its note, an undo's the reverse of those of the change it undid. None for
    any other change, or for one whose note does not hold the values."""
    if change.event_id is not None:
        return None
    if change.kind == Change.Kind.UNDO and change.undoes_id:
        undone = club_settings_set(change.undoes)
        if undone is None:
            return None
        return [
            {**setting, "before": setting["after"], "after": setting["before"]}
            for setting in undone
        ]
    note = change.note
    if (
        change.kind == Change.Kind.SETTINGS
        and isinstance(note, list)
        and len(note) == 1
        and isinstance(note[0], dict)
        and note[0].get("code") == "settings-changed"
    ):
        return note[0]["values"]["settings"]
    return None


def bulk_create_recorded(model, objs: list) -> list:
    """bulk_create that records each new row in the current change, in one insert more.

    The history rows are copied from the new rows by the database (INSERT ... SELECT), as
    simple-history's bulk_history_create would write them: the tracked fields, '+', the date,
    the user, the change. No historical instance is built in Python: an import of 48,000 lines
    spent half its time and memory on them.
    """
    change = _current.get()
    if change is not None:
        change.rows_written = True
    if not connection.features.can_return_rows_from_bulk_insert:  # SQLite before 3.35
        return bulk_create_with_history(objs, model, custom_historical_attrs={"change": change})
    with transaction.atomic(savepoint=False):
        created = model._default_manager.bulk_create(objs)
        if created:
            _record_created(model, [obj.pk for obj in created], change, created[0])
    return created


UPDATE_BATCH = 100


def bulk_update_recorded(model, objs: list, fields: list[str]) -> None:
    """bulk_update that records each row's new state in the current change: a few statements
    for thousands of rows, where saving each row runs two."""
    change = _current.get()
    if change is not None and objs:
        change.rows_written = True
    # Small batches: an UPDATE of many rows is one CASE a field with a branch a row, which the
    # database reads for every row it updates.
    bulk_update_with_history(
        objs, model, fields, batch_size=UPDATE_BATCH, custom_historical_attrs={"change": change}
    )


# Rows copied into the history by one INSERT ... SELECT: well under any database's limit on
# parameters.
HISTORY_BATCH = 500


def _record_created(model, pks: list[int], change: Change | None, first) -> None:
    """The '+' history rows of the rows `pks` of `model`, just created, in `change`."""
    history = model.history.model
    user = history.get_default_history_user(first)
    given = {
        "history_date": timezone.now(),
        "history_type": "+",
        "history_change_reason": None,
        "history_user_id": user.pk if user is not None else None,
        "change_id": change.pk if change is not None else None,
    }
    tracked = {f.attname for f in history.tracked_fields}
    quote = connection.ops.quote_name
    columns, selected, params = [], [], []
    for history_field in history._meta.concrete_fields:
        if history_field.primary_key:
            continue
        columns.append(quote(history_field.column))
        if history_field.attname in tracked:
            selected.append(quote(model._meta.get_field(history_field.attname).column))
        else:  # a KeyError here is a history field this copy does not know how to fill
            selected.append("%s")
            params.append(history_field.get_db_prep_save(given[history_field.attname], connection))
    pk_column = quote(model._meta.pk.column)
    with connection.cursor() as cursor:
        for start in range(0, len(pks), HISTORY_BATCH):
            batch = pks[start : start + HISTORY_BATCH]
            cursor.execute(
                f"INSERT INTO {quote(history._meta.db_table)} ({', '.join(columns)}) "
                f"SELECT {', '.join(selected)} FROM {quote(model._meta.db_table)} "
                f"WHERE {pk_column} IN ({', '.join(['%s'] * len(batch))}) ORDER BY {pk_column}",
                [*params, *batch],
            )


@dataclass
class Version:
    """One row a change touched: its state before the change and after it (None: absent)."""

    model: type
    pk: int
    before: object | None
    after: object | None
    first_id: int  # the change's first and last history rows of it
    last_id: int
    known: bool = True  # False when the state before was never recorded

    def changed_fields(self) -> list[str]:
        """The attnames the change set (every tracked one when the row was added or removed)."""
        names = [f.attname for f in self.model.history.model.tracked_fields if not f.primary_key]
        if self.before is None or self.after is None:
            return names
        return [n for n in names if getattr(self.before, n) != getattr(self.after, n)]


@dataclass
class ChangeRows:
    versions: list[Version] = field(default_factory=list)

    def of(self, model) -> list[Version]:
        return [v for v in self.versions if v.model is model]


def change_versions(changes: list[Change]) -> dict[int, ChangeRows]:
    """For each change, every row it touched with its state before and after: two queries a
    tracked model at most, whatever the number of changes."""
    found: dict[int, ChangeRows] = defaultdict(ChangeRows)
    for model in tracked_models(changes):
        history = model.history.model
        rows = list(history.objects.filter(change__in=changes).order_by("history_id"))
        if not rows:
            continue
        touched: dict[tuple[int, int], list] = defaultdict(list)
        for row in rows:
            touched[(row.change_id, row.id)].append(row)
        # The version before a change's first edit of a row that existed already.
        edited = {first[0].id for first in touched.values() if first[0].history_type == "~"}
        earlier: dict[int, list] = defaultdict(list)
        if edited:
            for row in history.objects.filter(id__in=edited).order_by("history_id"):
                earlier[row.id].append(row)
        for (change_id, pk), own in touched.items():
            first, last = own[0], own[-1]
            known = True
            if first.history_type == "+":
                before = None
            elif first.history_type == "-":
                before = first
            else:
                previous = [r for r in earlier[pk] if r.history_id < first.history_id]
                before = previous[-1] if previous else None
                known = bool(previous)
            after = None if last.history_type == "-" else last
            found[change_id].versions.append(
                Version(model, pk, before, after, first.history_id, last.history_id, known)
            )
    return found


def undone_changes(changes: list[Change]) -> set[int]:
    """The ids of these changes that an undo (not itself undone since) has taken back."""
    undos = list(Change.objects.filter(undoes__in=changes).values_list("pk", "undoes"))
    redone = set(
        Change.objects.filter(undoes__in=[pk for pk, _ in undos]).values_list("undoes", flat=True)
    )
    return {undone for pk, undone in undos if pk not in redone}


def undo_refusal(change: Change) -> str:
    """Why the change cannot be undone from the history page, or "" when it can."""
    if change.kind in NOT_UNDOABLE:
        return gettext("%(kind)s changes are not undone here") % {
            "kind": str(change.get_kind_display()).lower()
        }
    if change.event_id is None and not of_club(change):
        return gettext("the event is gone")
    if change.pk in undone_changes([change]):
        return gettext("this change is already undone")
    if change.event_id is None:
        if change.kind == Change.Kind.SETTINGS and club_settings_set(change) is None:
            return gettext(
                "the state before this change was not recorded, so it cannot be put back"
            )
        return ""
    if change.event.is_locked:
        return gettext("the event is published: reopen it, with a reason, before changing it")
    if (
        change.kind == Change.Kind.REPAIR
        and Result.objects.filter(
            Q(ns_pair__in=_added_pairs(change)) | Q(ew_pair__in=_added_pairs(change))
        ).exists()
    ):
        # Undoing it deletes the late pair, and every line of it with the pair.
        return gettext("lines are entered for the pair this repair added: delete them first")
    if (
        change.kind == Change.Kind.MOVEMENT
        and Result.objects.filter(board__section__event_id=change.event_id).exists()
    ):
        # Its boards would go, and every line entered on them since with them.
        return gettext(
            "results are entered on this movement: delete them first to change the movement"
        )
    return ""


def _added_pairs(change: Change):
    return Pair.history.filter(change=change, history_type="+").values("id")


def undo_change(*, change: Change, user=None, note: str = "") -> Change:
    """Put back every row `change` touched as it was just before, record that as a change of
    its own, and rescore what it affects (an event's change; a club's changes no score);
    refused (UndoRefused, nothing changed) when a later change touched the same values, or the
    earlier state was never recorded."""
    with transaction.atomic():
        if change.event_id is not None:
            # Undos of one event queue here: two at once cannot take back one change twice.
            change.event = Event.objects.select_for_update().get(pk=change.event_id)
        else:
            # And undos of one club's own changes here.
            change.club = Club.objects.select_for_update().get(pk=change.club_id)
        refusal = undo_refusal(change)
        if refusal:
            raise UndoRefused(refusal)
        event = change.event
        versions = change_versions([change])[change.pk].versions
        if event is not None:
            # Then every board and every pair of the event by id, as every save takes them
            # (scoring.lock_board), before any row is put back: undos are rare, saves must not
            # wait on a lock an undo took out of order.
            list(Board.objects.select_for_update().filter(section__event=event).order_by("pk"))
            list(Pair.objects.select_for_update().filter(section__event=event).order_by("pk"))
            list(Match.objects.select_for_update().filter(event=event).order_by("pk"))
        settings = club_settings_set(change) if event is None else None
        _check_unchanged_since(change, versions)
        if settings:
            _check_settings_unchanged_since(change, settings)
        _check_players_there(versions)
        try:
            with recording(
                club=change.club, event=event, user=user, kind=Change.Kind.UNDO, note=note
            ) as undo:
                undo.undoes = change
                undo.save(update_fields=["undoes"])
                _put_back(versions, guests=event is not None)
                if settings:
                    _put_back_settings(change.club, settings)
                if event is not None:
                    drop_unsaved_lines(event_id=event.pk)
                    _rescore(event, versions)
                    _reanalyse(event, versions)
                if versions:
                    # The links put back are checked now, where a refusal can say why, and not
                    # at the commit, where the database's refusal would be the page's error.
                    connection.check_constraints(
                        table_names=sorted({v.model._meta.db_table for v in versions})
                    )
        except (IntegrityError, RestrictedError, ProtectedError):
            raise UndoRefused(
                gettext(
                    "a later change stands in the way (a line or a pair entered since): "
                    "undo it first"
                )
                if event is not None
                else gettext(
                    "a later change stands in the way (an event, a pair or a team it changed is "
                    "deleted since)"
                )
            ) from None
    return undo


def _check_unchanged_since(change: Change, versions: list[Version]) -> None:
    later: set[int] = set()
    for model in TRACKED:
        mine = [v for v in versions if v.model is model]
        if not mine:
            continue
        if any(not v.known for v in mine):
            raise UndoRefused(
                gettext("the state before this change was not recorded, so it cannot be put back")
            )
        live = {obj.pk: obj for obj in model.objects.filter(pk__in=[v.pk for v in mine])}
        for version in mine:
            current = live.get(version.pk)
            if version.after is None:
                differs = current is not None
            else:
                differs = current is None or any(
                    getattr(current, name) != getattr(version.after, name)
                    for name in version.changed_fields()
                )
            if differs:
                later.update(
                    model.history.filter(id=version.pk, history_id__gt=version.last_id)
                    .exclude(change=change)
                    .exclude(change=None)
                    .values_list("change", flat=True)
                )
                later.add(0)
    if later:
        raise UndoRefused(_changed_since(later - {0}))


def _changed_since(later: set[int]) -> str:
    """Why a change changed again since by the changes `later` (ids) is not undone."""
    named = [
        # The time as the reader's language writes it, in the club's time zone.
        f"#{c.pk} ({str(c.get_kind_display()).lower()}, {written_date(c.created, 'time')})"
        for c in Change.objects.filter(pk__in=later).order_by("pk")
    ]
    if named:
        return gettext(
            "what this change set has been changed again since by change %(changes)s: "
            "undo that first"
        ) % {"changes": ", ".join(named)}
    return gettext("what this change set has been changed again since")


def _setting_value(club: Club, name: str):
    return getattr(club, name) if name in CLUB_SETTINGS else club.event_defaults.get(name)


def _check_settings_unchanged_since(change: Change, settings: list[dict]) -> None:
    """Refuse to put back club settings changed again since, naming the changes that did."""
    moved = {
        setting["setting"]
        for setting in settings
        if _setting_value(change.club, setting["setting"]) != setting["after"]
    }
    if not moved:
        return
    later = club_changes(club=change.club).filter(
        pk__gt=change.pk, kind__in=[Change.Kind.SETTINGS, Change.Kind.UNDO]
    )
    raise UndoRefused(
        _changed_since(
            {
                c.pk
                for c in later.select_related("undoes")
                if moved & {setting["setting"] for setting in club_settings_set(c) or []}
            }
        )
    )


def _put_back_settings(club: Club, settings: list[dict]) -> None:
    """The club's settings as they were before (a default for new events that was not set goes)."""
    defaults = dict(club.event_defaults)
    for setting in settings:
        name, value = setting["setting"], setting["before"]
        if name in CLUB_SETTINGS:
            setattr(club, name, value)
        elif value is None:
            defaults.pop(name, None)
        else:
            defaults[name] = value
    club.event_defaults = defaults
    club.save(update_fields=[*CLUB_SETTINGS, "event_defaults"])


def _check_players_there(versions: list[Version]) -> None:
    """Refuse to put back a link to a club player since removed or merged into another (the
    club's changes, which no event's history undoes): the database would refuse it at commit."""
    wanted: set[int] = set()
    for version in versions:
        if version.before is None:
            continue
        changed = version.changed_fields()
        for link in version.model._meta.concrete_fields:
            if link.is_relation and link.related_model is Player and link.attname in changed:
                wanted.add(getattr(version.before, link.attname))
    wanted.discard(None)
    # The players the change itself deleted come back with it.
    wanted -= {v.pk for v in versions if v.model is Player and v.before is not None}
    wanted -= set(Player.objects.filter(pk__in=wanted).values_list("pk", flat=True))
    if wanted:
        gone = Player.history.filter(id__in=wanted, history_type="-").order_by("name", "id")
        names = dict.fromkeys(gone.values_list("name", flat=True)) or [f"#{pk}" for pk in wanted]
        raise UndoRefused(
            gettext(
                "it would put back %(players)s, removed from the club's players or merged into "
                "another since"
            )
            % {"players": ", ".join(names)}
        )


def _put_back(versions: list[Version], *, guests: bool) -> None:
    """Put the rows back as they were. The players the change added are an event's guests
    when `guests` (one another pair, team or individual plays as since stays); else (a club's
    change) they go, the undo refused when they play somewhere since."""

    def added(model) -> list[int]:
        return [v.pk for v in versions if v.model is model and v.before is None and v.after]

    for model in reversed(TRACKED):
        if model is not Player and added(model):
            model.objects.filter(pk__in=added(model)).delete()
    for model in TRACKED:
        mine = [v for v in versions if v.model is model and v.before is not None]
        live = {o.pk: o for o in model.objects.filter(pk__in=[v.pk for v in mine if v.after])}
        # The rows changed first, then those deleted: a merged player's member number leaves
        # the kept player before the merged one comes back with it.
        for version in sorted(mine, key=lambda v: v.after is None):
            fields = version.changed_fields()
            obj = live.get(version.pk) or model(pk=version.pk)
            for name in fields:
                setattr(obj, name, getattr(version.before, name))
            if version.after is None:
                obj.save(force_insert=True)
            elif fields:
                obj.save(update_fields=[_field_name(model, name) for name in fields])
    # The players the change made go last, once the rows put back (an individual's players) no
    # longer name them.
    if made := added(Player):
        players = Player.objects.filter(pk__in=made)
        unseated = players.filter(
            pairs__isnull=True, teams__isnull=True, individualplayer__isnull=True
        )
        if guests:
            players = unseated
        elif playing := list(
            players.exclude(pk__in=unseated.values("pk")).values_list("name", flat=True)
        ):
            raise UndoRefused(
                gettext(
                    "%(players)s played in a pair, a team or an individual since: undoing it "
                    "would take them off the club's players"
                )
                % {"players": ", ".join(sorted(playing))}
            )
        players.delete()


def _field_name(model, attname: str) -> str:
    return next(f.name for f in model._meta.concrete_fields if f.attname == attname)


def _reanalyse(event: Event, versions: list[Version]) -> None:
    """Boards dealt again by the undo forget the old deal's analysis; the worker does the new."""
    redealt = [
        v.pk
        for v in versions
        if v.model in (Board, RoundDeal) and v.before is not None and "deal" in v.changed_fields()
    ]
    if redealt:
        queue_analysis(event=event, changed=redealt)


def _rescore(event: Event, versions: list[Version]) -> None:
    """Rescore what the rows put back affect: the whole event after a settings or movement
    change, else the boards of the lines and the pairs that played them; every match of a
    teams event."""
    if event.is_teams:
        rescore_team_event(event=event)
        return
    movement = any(
        v.model in (Section, Board, TableRound)
        or (v.model is Pair and (v.before is None or v.after is None))
        for v in versions
    )
    settings = any(
        set(v.changed_fields())
        - {"name", "date", "reveal", "status", "reopened_on", "start_time", "round_minutes"}
        for v in versions
        if v.model is Event
    )
    if movement or settings:
        rescore_event(event=Event.objects.get(pk=event.pk))
        return
    lines = [v for v in versions if v.model is Result]
    rows = [row for v in lines for row in (v.before, v.after) if row]
    pair_ids = {pk for row in rows for pk in (row.ns_pair_id, row.ew_pair_id)}
    boards = Board.objects.filter(pk__in={row.board_id for row in rows}).select_related(
        "section__event"
    )
    for board in boards:
        rescore_board(board=board, former_pair_ids=pair_ids)
