"""An event's history, and its club's, in a director's words: "Board 5, NS 3 v EW 7: 4S N 10
(+420) -> 4S N 9 (-50)", "Scoring: Matchpoints -> Cross-IMPs", "Pair 3: Ann & Bob -> Ann & Cy",
"Ann A. merged into Ann Able"."""

from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

from events.models import (
    Board,
    Change,
    Club,
    Event,
    IndividualPlayer,
    Match,
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
)
from events.models.event import event_label
from events.services.field_words import shown
from events.services.hand_record_upload import number_ranges
from events.services.history import (
    NOT_UNDOABLE,
    Version,
    change_versions,
    club_changes,
    club_settings_set,
    undone_changes,
)
from events.services.individuals import side_labels
from events.services.line_text import scored_text
from events.services.movement_text import movement_name
from events.services.notes import note_text
from events.services.setting_words import setting_lines
from events.services.teams.history_text import TEAMS_MODELS, team_lines, team_numbers

# Event fields that are not settings: the status has words of its own.
STATUS_FIELDS = {"status", "reopened_on", "corrected_on"}
QUIET_FIELDS = {"created", "file_hash"}


@dataclass(frozen=True)
class HistoryEntry:
    change: Change
    lines: list[str]
    undone: bool
    refusal: str  # why it cannot be undone; "" when it can

    @property
    def undoable(self) -> bool:
        return not self.refusal


def event_history(*, event: Event, kind: str = "", limit: int = 200) -> list[HistoryEntry]:
    """The event's changes, newest first (of one kind, if given), each described line by line;
    a fixed number of queries whatever the number of changes."""
    changes = event.changes.select_related("user", "event", "club", "undoes")
    if kind:
        changes = changes.filter(kind=kind)
    changes = list(changes[:limit])
    versions = change_versions(changes)
    numbers = numbers_of(event, [v for rows in versions.values() for v in rows.versions])
    return _entries(
        changes,
        lambda change: describe(change, versions[change.pk].versions, numbers),
        locked=event.is_locked,
    )


# The kinds of a club's changes whose rows are read: the others write none (a club's or a
# multi-session event's settings), or every row of an event deleted.
CLUB_ROWS = {Change.Kind.PLAYER, Change.Kind.UNDO}


def club_history(*, club: Club, kind: str = "", limit: int = 200) -> list[HistoryEntry]:
    """The club's own changes (its players, its settings, its multi-session events, its events
    deleted), newest first (of one kind, if given), each described line by line; a fixed
    number of queries whatever the number of changes."""
    changes = club_changes(club=club).select_related("user", "club", "undoes")
    if kind:
        changes = changes.filter(kind=kind)
    changes = list(changes[:limit])
    versions = change_versions([c for c in changes if c.kind in CLUB_ROWS])
    places = places_of([v for rows in versions.values() for v in rows.versions])
    return _entries(
        changes,
        lambda change: describe(change, versions[change.pk].versions, {}, places=places),
        locked=False,
    )


def _entries(changes: list[Change], lines, *, locked: bool) -> list[HistoryEntry]:
    """Each change with its lines (`lines(change)`) and why it cannot be undone, as far as
    the page tells without looking further (the page of its undo tells the rest)."""
    undone = undone_changes(changes)
    entries = []
    for change in changes:
        if change.pk in undone:
            refusal = "undone"
        elif change.kind in NOT_UNDOABLE:
            refusal = gettext("%(kind)s changes are not undone here") % {
                "kind": str(change.get_kind_display()).lower()
            }
        elif locked:
            refusal = gettext("reopen the event to undo")
        else:
            refusal = ""
        entries.append(HistoryEntry(change, lines(change), change.pk in undone, refusal))
    return entries


def change_lines(*, change: Change) -> list[str]:
    """What one change did, in words (for the page that confirms its undo)."""
    versions = change_versions([change])[change.pk].versions
    if change.event_id is None:
        return describe(change, versions, {}, places=places_of(versions))
    return describe(change, versions, numbers_of(change.event, versions))


# The links to a club player a merge moves to the player kept: the model and its fields.
PLAYER_LINKS = [
    (Partnership, ("player_id",)),
    (IndividualPlayer, ("player_id",)),
    (TeamMember, ("player_id",)),
    (Team, ("captain_id",)),
    (MatchLine, ("north_id", "south_id", "east_id", "west_id")),
]


def places_of(versions: list[Version]) -> dict[tuple[type, int], str]:
    """What a club's change names its rows by, as it touches several events: the event of each
    pair and of each individual's section ("Club Pairs (20 Nov 2026)"), by id, and the name of
    each player a row links to (their last one if they are gone). Four queries at most."""
    pairs = {v.pk for v in versions if v.model is Pair}
    sections = {(v.after or v.before).section_id for v in versions if v.model is IndividualPlayer}
    players = {
        getattr(row, link)
        for v in versions
        for model, links in PLAYER_LINKS
        if v.model is model
        for row in (v.before, v.after)
        if row
        for link in links
    } - {None}
    places = {}
    if pairs:
        rows = Pair.objects.filter(pk__in=pairs)
        rows = rows.values_list("pk", "section__event__name", "section__event__date")
        places |= {(Pair, pk): event_label(name, day) for pk, name, day in rows}
    if sections:
        rows = Section.objects.filter(pk__in=sections)
        rows = rows.values_list("pk", "event__name", "event__date")
        places |= {(Section, pk): event_label(name, day) for pk, name, day in rows}
    if players:
        places |= {
            (Player, pk): name
            for pk, name in Player.objects.filter(pk__in=players).values_list("pk", "name")
        }
    if gone := players - {pk for model, pk in places if model is Player}:
        rows = Player.history.filter(id__in=gone).order_by("history_id")
        places |= {(Player, pk): name for pk, name in rows.values_list("id", "name")}
    return places


def numbers_of(event: Event, versions: list[Version]) -> dict[tuple[type, int], int | str]:
    """Board numbers and pair labels by id, for rows that refer to them; deleted ones from
    history."""
    if event.is_teams:
        return team_numbers(event)
    numbers = {}
    for model, name in ((Board, "number"), (Pair, "label")):
        rows = model.objects.filter(section__event=event).values_list("pk", name)
        numbers |= {(model, pk): n for pk, n in rows}
    wanted = {
        (model, getattr(row, attname))
        for v in versions
        if v.model is Result
        for row in (v.before, v.after)
        if row
        for model, attname in ((Board, "board_id"), (Pair, "ns_pair_id"), (Pair, "ew_pair_id"))
    }
    for model, name in ((Board, "number"), (Pair, "label")):
        missing = [pk for m, pk in wanted if m is model and (m, pk) not in numbers]
        if missing:
            rows = model.history.filter(id__in=missing).values_list("id", name)
            numbers |= {(model, pk): n for pk, n in rows}
    if event.is_individual:
        # An individual's sides by their players' numbers, as its entry grid shows them.
        for section in event.sections.all():
            labels = side_labels(section=section)
            sides = section.pairs.values_list("pk", "number")
            numbers |= {(Pair, pk): labels[n] for pk, n in sides if n in labels}
    return numbers


def describe(change: Change, rows, numbers, places: dict | None = None) -> list[str]:
    """What the change did, one line a thing a director would name. A club's change (with the
    `places` of its rows, places_of) names its players, and its pairs and individuals' players
    by their events; its teams' rows follow its players and go unsaid."""
    if change.kind == Change.Kind.IMPORT:
        # The lines kept with the file's points are named: a director looks for them.
        fixed = [
            _line_text(v, numbers)
            for v in rows
            if v.model is Result
            and v.before is None
            and v.after
            and v.after.fixed_ns_points is not None
        ]
        return _import_lines(rows) + fixed
    lines = []
    renamed = _renamed(rows)
    # The individuals' sections whose sides' names follow their players renamed.
    sides = {v.after.section_id for v in renamed}
    if change.undoes_id:
        lines.append(
            gettext("Undo of change #%(change)s (%(kind)s)")
            % {"change": change.undoes_id, "kind": change.undoes.get_kind_display()}
        )
        lines += setting_lines(club_settings_set(change) or [])
    if places is not None:
        lines += _club_players(rows, places)
    for version in rows:
        if version.model in TEAMS_MODELS:
            if places is None:
                lines += team_lines(version, numbers)
        elif version.model is Event:
            lines += _event_lines(version)
        elif version.model is Result:
            lines.append(_line_text(version, numbers))
        elif version.model is Pair and version.before and version.after:
            if (
                version.before.names != version.after.names
                and version.after.section_id not in sides
            ):
                lines.append(_pair_names(version, places))
        elif (
            version.model is Section
            and version.before
            and version.after
            and version.before.movement != version.after.movement
        ):
            lines.append(
                gettext("Movement: %(before)s -> %(after)s")
                % {
                    "before": movement_name(version.before.movement) or gettext("(none)"),
                    "after": movement_name(version.after.movement) or gettext("(none)"),
                }
            )
    lines += _players_renamed(renamed, places)
    lines += _movement_counts(rows)
    dealt = [
        v.after.number
        for v in rows
        if v.model is Board and v.before and v.after and v.before.deal != v.after.deal
    ]
    if dealt:
        lines.append(
            ngettext(
                "Hand records: board %(boards)s", "Hand records: boards %(boards)s", len(dealt)
            )
            % {"boards": number_ranges(dealt)}
        )
    lines += _round_deals(rows)
    added = [v.after for v in rows if v.model is Player and not v.before and v.after]
    if added:
        # The club's players an undo of its merge or removal brings back are not new.
        text = (
            gettext("Players back: %(players)s")
            if places is not None and change.undoes_id
            else gettext("New players: %(players)s")
        )
        lines.append(text % {"players": ", ".join(p.name for p in added)})
    return lines


def _pair_names(version: Version, places: dict | None) -> str:
    """ "Pair 3: Ann & Bob -> Ann & Cy"; in a club's change, "Club Pairs (20 Nov 2026), pair 3:
    ..." (a pair of an event deleted since by its number alone)."""
    values = {
        "pair": version.after.label or version.after.number,
        "before": version.before.names or gettext("(no names)"),
        "after": version.after.names or gettext("(no names)"),
    }
    if event := (places or {}).get((Pair, version.pk)):
        return gettext("%(event)s, pair %(pair)s: %(before)s -> %(after)s") % (
            values | {"event": event}
        )
    return gettext("Pair %(pair)s: %(before)s -> %(after)s") % values


def _club_players(rows, places: dict) -> list[str]:
    """The club's players merged, removed and changed, by name: "Ann A. merged into Ann Able",
    "Removed from the players: Cy Cole", "Renamed: Bob Best -> Robert Best", "Ann Able,
    national member number: (blank) -> 1001"."""
    players = [v for v in rows if v.model is Player]
    gone = {v.pk: v.before.name for v in players if v.before and v.after is None}
    changed = [v.pk for v in players if v.before and v.after]
    # A merge moves the seats of the players it deletes to the player kept; of a player who
    # had none, the kept player is the one it gave its member number to.
    only = changed[0] if len(changed) == 1 else None
    into: dict[int | None, list[str]] = {}
    for pk, name in gone.items():
        kept = next(
            (
                getattr(v.after, link)
                for v in rows
                for model, links in PLAYER_LINKS
                if v.model is model and v.before and v.after
                for link in links
                if getattr(v.before, link) == pk and getattr(v.after, link) not in (None, pk)
            ),
            only,
        )
        into.setdefault(kept, []).append(name)
    lines = []
    for kept, names in into.items():
        if kept is None:
            lines.append(
                gettext("Removed from the players: %(players)s") % {"players": ", ".join(names)}
            )
        else:
            lines.append(
                gettext("%(players)s merged into %(player)s")
                % {"players": ", ".join(names), "player": _player_name(kept, players, places)}
            )
    for version in players:
        if version.before and version.after:
            lines += _player_fields(version)
    return lines


def _player_name(pk: int, players: list[Version], places: dict) -> str:
    """The name of a club player a row links to, or that the change touched."""
    touched = next(((v.after or v.before).name for v in players if v.pk == pk), None)
    return places.get((Player, pk)) or touched or "?"


def _player_fields(version: Version) -> list[str]:
    """A club player's fields changed: "Renamed: Bob Best -> Robert Best", "Ann Able,
    national member number: (blank) -> 1001", "Ann Able: a member now"."""
    lines = []
    player = version.after.name
    for name in version.changed_fields():
        before, after = getattr(version.before, name), getattr(version.after, name)
        if name == "name":
            lines.append(
                gettext("Renamed: %(before)s -> %(after)s") % {"before": before, "after": after}
            )
        elif name == "guest":
            text = (
                gettext("%(player)s: a guest now") if after else gettext("%(player)s: a member now")
            )
            lines.append(text % {"player": player})
        elif name in ("member_number", "email"):
            field = Player._meta.get_field(name)
            lines.append(
                gettext("%(player)s, %(setting)s: %(before)s -> %(after)s")
                % {
                    "player": player,
                    "setting": field.verbose_name,
                    "before": shown(field, before),
                    "after": shown(field, after),
                }
            )
    return lines


def _renamed(rows) -> list[Version]:
    """The individuals' players renamed, by section and number."""
    return sorted(
        (
            v
            for v in rows
            if v.model is IndividualPlayer
            and v.before
            and v.after
            and v.before.name != v.after.name
        ),
        key=lambda v: (v.after.section_id, v.after.number),
    )


def _players_renamed(renamed: list[Version], places: dict | None) -> list[str]:
    """An individual's players renamed, by number: "Player 5: P5 -> Peter Gardner" (in a
    club's change, "Club Individual (20 Nov 2026), player 5: ..."). Their sides' names follow
    them (events.services.individuals), so the sides go unsaid."""
    lines = []
    for v in renamed:
        values = {
            "number": v.after.number,
            "before": v.before.name or gettext("(no name)"),
            "after": v.after.name or gettext("(no name)"),
        }
        if event := (places or {}).get((Section, v.after.section_id)):
            lines.append(
                gettext("%(event)s, player %(number)s: %(before)s -> %(after)s")
                % (values | {"event": event})
            )
        else:
            lines.append(gettext("Player %(number)s: %(before)s -> %(after)s") % values)
    return lines


def _round_deals(rows) -> list[str]:
    """A teams event's hand records given, replaced or taken away, a round at a time."""
    by_round: dict[int, list[int]] = {}
    for v in rows:
        if v.model is not RoundDeal:
            continue
        before, after = (row.deal if row else "" for row in (v.before, v.after))
        if before != after:
            row = v.after or v.before
            by_round.setdefault(row.round, []).append(row.number)
    return [
        ngettext(
            "Hand records, round %(round)s: board %(boards)s",
            "Hand records, round %(round)s: boards %(boards)s",
            len(numbers),
        )
        % {"round": round_number, "boards": number_ranges(numbers)}
        for round_number, numbers in sorted(by_round.items())
    ]


def _event_lines(version: Version) -> list[str]:
    if version.before is None or version.after is None:
        return []
    lines = []
    for name in version.changed_fields():
        if name in QUIET_FIELDS or name in {"reopened_on", "corrected_on"}:
            continue
        field = Event._meta.get_field(name)
        label = field.verbose_name[:1].upper() + field.verbose_name[1:]
        lines.append(
            gettext("%(setting)s: %(before)s -> %(after)s")
            % {
                "setting": label,
                "before": shown(field, getattr(version.before, name)),
                "after": shown(field, getattr(version.after, name)),
            }
        )
    if version.before.reopened_on is None and version.after.reopened_on is not None:
        lines.append(gettext("Reopened for correction"))
    if version.before.reopened_on is not None and version.after.reopened_on is None:
        lines.append(gettext("Published again, corrected"))
    return lines


def _line_text(version: Version, numbers) -> str:
    before, after = version.before, version.after
    row = after or before
    board = numbers.get((Board, row.board_id), "?")

    def seat(direction, pair_id):
        # A Mitchell numbered per direction names it in the label ("3 NS"): once is enough.
        label = str(numbers.get((Pair, pair_id), "?"))
        return label if label.endswith(f" {direction}") else f"{direction} {label}"

    def sitting(r):
        return gettext("%(ns)s v %(ew)s") % {
            "ns": seat("NS", r.ns_pair_id),
            "ew": seat("EW", r.ew_pair_id),
        }

    where = sitting(row)
    if before and after and sitting(before) != sitting(after):
        where = f"{sitting(before)} -> {sitting(after)}"
    if before is None:
        what = gettext("entered %(line)s") % {"line": _quoted(after)}
    elif after is None:
        what = gettext("deleted %(line)s") % {"line": _quoted(before)}
    elif _quoted(before) == _quoted(after) and before.confirmed != after.confirmed:
        what = _quoted(after) + (
            gettext(" marked right") if after.confirmed else gettext(" no longer marked right")
        )
    else:
        what = f"{_quoted(before)} -> {_quoted(after)}"
    return gettext("Board %(board)s, %(where)s: %(what)s") % {
        "board": board,
        "where": where,
        "what": what,
    }


def _quoted(row) -> str:
    line = Result(
        **{f.attname: getattr(row, f.attname) for f in Result.history.model.tracked_fields}
    )
    text = scored_text(line)
    if line.is_fixed:
        text += gettext(", fixed at %(ns)s / %(ew)s as the file printed it") % {
            "ns": f"{line.fixed_ns_points:g}",
            "ew": f"{line.fixed_ew_points:g}",
        }
    return f"{text} # {note_text(line.note)}" if line.note else text


def _movement_counts(rows) -> list[str]:
    # An individual's sides, and their seats, are the app's own: its players say it instead.
    sides = {(v.after or v.before).side_id for v in rows if v.model is Seat}
    lines = _individuals_counted(rows)
    for model in (Pair, Board, TableRound):
        mine = [v for v in rows if v.model is model and not (model is Pair and v.pk in sides)]
        added = sum(1 for v in mine if v.before is None and v.after)
        removed = sorted(
            (v.before for v in mine if v.before and v.after is None),
            key=lambda row: (getattr(row, "number", 0), row.id),
        )
        if removed and model is Pair:
            named = [f"{p.label or p.number} ({p.names})" for p in removed if p.names]
            pairs = ", ".join(p.label or str(p.number) for p in removed)
            lines.append(
                gettext("Pairs removed: %(pairs)s; with names: %(names)s")
                % {"pairs": pairs, "names": ", ".join(named)}
                if named
                else gettext("Pairs removed: %(pairs)s") % {"pairs": pairs}
            )
        elif removed:
            lines.append(_counted(model, "removed", len(removed)))
        if added:
            lines.append(_counted(model, "added", added))
    return lines


def _individuals_counted(rows) -> list[str]:
    """An individual's players a movement numbers or takes away, by number: "Players added:
    1-20", "Players removed: 17-20; with names: 17 (Ann Able)"."""
    lines = []
    removed = sorted(
        (v.before for v in rows if v.model is IndividualPlayer and v.before and v.after is None),
        key=lambda row: row.number,
    )
    if removed:
        values = {
            "players": number_ranges(p.number for p in removed),
            "names": ", ".join(f"{p.number} ({p.name})" for p in removed if p.name),
        }
        if values["names"]:
            text = ngettext(
                "Player removed: %(players)s; with names: %(names)s",
                "Players removed: %(players)s; with names: %(names)s",
                len(removed),
            )
        else:
            text = ngettext(
                "Player removed: %(players)s", "Players removed: %(players)s", len(removed)
            )
        lines.append(text % values)
    added = [
        v.after.number for v in rows if v.model is IndividualPlayer and not v.before and v.after
    ]
    if added:
        lines.append(
            ngettext("Player added: %(players)s", "Players added: %(players)s", len(added))
            % {"players": number_ranges(added)}
        )
    return lines


def _counted(model, done: str, count: int) -> str:
    """ "3 boards removed", "1 pair added": the movement's rows, counted."""
    if done == "added":
        if model is Pair:
            text = ngettext("%(count)s pair added", "%(count)s pairs added", count)
        elif model is Board:
            text = ngettext("%(count)s board added", "%(count)s boards added", count)
        else:
            text = ngettext("%(count)s table-round added", "%(count)s table-rounds added", count)
    elif model is Pair:
        text = ngettext("%(count)s pair removed", "%(count)s pairs removed", count)
    elif model is Board:
        text = ngettext("%(count)s board removed", "%(count)s boards removed", count)
    else:
        text = ngettext("%(count)s table-round removed", "%(count)s table-rounds removed", count)
    return text % {"count": count}


def _import_lines(rows) -> list[str]:
    """An import in counts: a file's hundred lines are not listed one by one."""
    counts = []
    for model, word in (
        (Pair, gettext("pairs")),
        (Board, gettext("boards")),
        (Result, gettext("traveller lines")),
        (Team, gettext("teams")),
        (Match, gettext("matches")),
        (MatchLine, gettext("lines at the tables")),
    ):
        added = sum(1 for v in rows if v.model is model and v.before is None and v.after)
        removed = sum(1 for v in rows if v.model is model and v.before and v.after is None)
        if added:
            counts.append(gettext("%(count)s %(rows)s imported") % {"count": added, "rows": word})
        if removed:
            counts.append(
                gettext("%(count)s %(rows)s of the replaced event deleted")
                % {"count": removed, "rows": word}
            )
    return counts
