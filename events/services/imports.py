"""Saving an event read from another scorer's file, and previewing it before it is saved.

Only the raw results are saved (contracts, declarers, tricks, leads, scores); every board is then
scored by our engine with the settings the file implies. The hand records' double-dummy tables
are worked out before the transaction opens, so that the database is not held while DDS runs.
"""

import hashlib
from collections import Counter
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext, ngettext

from events.formats import FORMATS
from events.formats.imp_methods import read_imp_method
from events.formats.imported import FileRefused, ImportedEvent, ImportedLine
from events.formats.missing_results import choose_missing_results
from events.formats.pbn import looks_like_pbn
from events.formats.printed_totals import check_printed_totals
from events.formats.team_files import TeamsFile
from events.formats.usebio import looks_like_usebio
from events.models import Board, Change, Club, Event, Pair, Result, Section, TableRound, Upload
from events.services.event_settings import settings_summary
from events.services.history import bulk_create_recorded, recording
from events.services.individuals import player_ranking, seat_players
from events.services.notes import engine_value, event_value, sentence
from events.services.rankings import overall_ranking, section_ranking
from events.services.rescoring import rescore_event
from events.services.setup import name_pair
from events.services.team_imports import (
    is_teams_file,
    preview_rows,
    read_teams_file,
    save_teams_file,
    teams_settings_summary,
)
from scoring.adjusted_scores import FIXED_PERCENT, adjustment_code
from scoring.pair_labels import pair_labels

# A file with more traveller lines than this (a simultaneous pairs, not a club evening) is scored
# by the worker: its preview and its import would keep a request waiting.
LARGE_FILE_LINES = 5_000


def read_result_file(data: bytes) -> ImportedEvent | TeamsFile:
    """Parse a PBN or USEBIO results file, told apart by its content, not its name: a teams
    event as a TeamsFile, a pairs event with the rule for its short boards, or its IMP method,
    read from its published figures."""
    if is_teams_file(data):
        return read_teams_file(data)
    if looks_like_usebio(data):
        imported = FORMATS["usebio"].parse_file(data)
    elif looks_like_pbn(data):
        imported = FORMATS["pbn"].parse_file(data)
    else:
        raise FileRefused(gettext("this is neither a PBN nor a USEBIO results file"))
    choose_missing_results(imported)
    read_imp_method(imported)
    check_printed_totals(imported)
    return imported


def import_event(
    *,
    imported: ImportedEvent | TeamsFile,
    club: Club,
    file_hash: str = "",
    replacing: Event | None = None,
    as_new: bool = False,
    user=None,
) -> Event:
    """Save the imported event as a published event of `club`, scored by our engine, and
    record it; `replacing` is an earlier import of the same file, deleted in the same change.

    A file the club imported before (same `file_hash`) is refused with AlreadyImported unless
    the caller chose: `replacing` one of those events, or `as_new`. The check holds the club's
    row, so two confirmations at once make one event.

    The deals are stored; their double-dummy analysis is left to `analyse_event_hands` (the
    worker's task after an upload). All or nothing: a failure leaves no trace of the event.
    """
    note = (
        [sentence("replaces", event=event_value(replacing), id=replacing.pk)] if replacing else ""
    )
    with transaction.atomic():
        Club.objects.select_for_update().only("pk").get(pk=club.pk)
        earlier = earlier_imports(club=club, file_hash=file_hash)
        if earlier and not as_new and replacing not in earlier:
            raise AlreadyImported(earlier)
        with recording(club=club, kind=Change.Kind.IMPORT, user=user, note=note) as change:
            if replacing is not None:
                replacing.delete()
            if isinstance(imported, TeamsFile):
                event = save_teams_file(imported, club, file_hash=file_hash)
            else:
                event = _save(imported, club, file_hash=file_hash)
            change.event = event
            change.save(update_fields=["event"])
    return event


class AlreadyImported(Exception):
    """The file was imported before and the director has not said what to do with it."""

    def __init__(self, earlier: list[Event]):
        super().__init__(
            gettext(
                "this file was imported before: choose to replace that event or to import it as "
                "a new one"
            )
        )
        self.earlier = earlier


def store_upload(*, club: Club, user, name: str, data: bytes) -> Upload:
    """Keep an uploaded file until the director confirms it (or uploads it again)."""
    return Upload.objects.create(
        club=club,
        user=user if user is not None and user.is_authenticated else None,
        name=name[:255],
        data=data,
        file_hash=hashlib.sha256(data).hexdigest(),
    )


def import_upload(*, upload: Upload, earlier: str = "", user=None) -> Event:
    """Import an uploaded file and mark it imported. `earlier` is the director's answer when
    the club imported the same file before: "new", or the id of the event it replaces; without
    one such a file raises AlreadyImported."""
    imported = read_result_file(bytes(upload.data))
    replacing = {
        str(e.pk): e for e in earlier_imports(club=upload.club, file_hash=upload.file_hash)
    }
    event = import_event(
        imported=imported,
        club=upload.club,
        file_hash=upload.file_hash,
        replacing=replacing.get(earlier),
        as_new=earlier == "new",
        user=user,
    )
    upload.status, upload.event = Upload.Status.IMPORTED, event
    upload.save(update_fields=["status", "event"])
    return event


def fixed_boards(imported: ImportedEvent | TeamsFile) -> list[str]:
    """The boards whose lines the file's points would be kept on as fixed scores (a teams
    file has none)."""
    return [] if isinstance(imported, TeamsFile) else imported.fixed_boards


def refuse_upload(*, upload: Upload, boards: list[str]) -> str:
    """The director's no to a file whose printed points fit no rule on `boards`: nothing is
    imported, and the upload says why; the reason, naming the boards."""
    reason = ngettext(
        "refused: board %(boards)s has lines whose printed points would be kept as fixed scores",
        "refused: boards %(boards)s have lines whose printed points would be kept as fixed scores",
        len(boards),
    ) % {"boards": ", ".join(boards)}
    upload.status, upload.error = Upload.Status.FAILED, reason
    upload.save(update_fields=["status", "error"])
    return reason


def earlier_imports(*, club: Club, file_hash: str) -> list[Event]:
    """The club's events imported from a file with this content, newest first."""
    if not file_hash:
        return []
    return list(club.events.filter(file_hash=file_hash).order_by("-created"))


@dataclass(frozen=True)
class PreviewRow:
    place: str
    number: str  # the pair's label, or the team's number
    names: str  # the pair's names, or the team's name
    score: float
    percentage: float | None


@dataclass(frozen=True)
class ImportPreview:
    """What the director checks before saving: the event, its settings, the top of the ranking."""

    name: str
    date: object
    file_format: str
    generator: str
    scoring: str
    settings: list[tuple[str, str]]
    readings: list[tuple[str, str]]  # how the file's conventions were read
    pairs: int  # pairs, or teams
    boards: int  # boards, or matches
    lines: int
    is_imps: bool
    groups: list[tuple[str, list[PreviewRow]]]
    is_teams: bool = False
    players: int = 0  # an individual's
    # Pairs whose printed total or percentage the file's own travellers contradict: (pair, what).
    disagreements: list[tuple[str, str]] = field(default_factory=list)
    # Boards with lines kept as the file printed them, fixed and flagged, unless the director
    # refuses the file: "3", or "3 (B)" of several sections.
    fixed_boards: list[str] = field(default_factory=list)


def is_large(imported: ImportedEvent | TeamsFile) -> bool:
    """Whether the file is imported by the worker, and previewed without a ranking."""
    return imported.line_count > LARGE_FILE_LINES


def preview_import(
    *, imported: ImportedEvent | TeamsFile, club: Club, rows: int = 10
) -> ImportPreview:
    """The event as it would be saved and ranked by our engine, without saving anything.

    The event is saved and scored inside a transaction that is then rolled back, so that the
    preview's ranking is exactly the one the import will give; a large file's preview has its
    counts and settings only, its scoring being the worker's job.
    """
    if isinstance(imported, TeamsFile):
        return _preview_teams(imported, club, rows)
    with transaction.atomic():
        if is_large(imported):
            event, groups = _event(imported, club), []
        elif imported.players:
            event = _save(imported, club)
            ranking = player_ranking(section=event.sections.get())[:rows]
            players = [
                PreviewRow(
                    s.place, str(s.individual.number), s.individual.name, s.score, s.percentage
                )
                for s in ranking
            ]
            groups = [(gettext("Players"), players)]
        else:
            event = _save(imported, club)
            groups = [
                (
                    group.heading,
                    [
                        PreviewRow(s.place, s.pair.name, s.pair.names, s.score, s.percentage)
                        for s in group.standings[:rows]
                    ],
                )
                for group in _preview_ranking(event)
            ]
        preview = ImportPreview(
            name=event.name,
            date=event.date,
            file_format=imported.file_format,
            generator=imported.generator,
            scoring=event.get_scoring_display(),
            settings=settings_summary(event),
            readings=imported.readings,
            pairs=sum(len(part.pairs) for part in _parts(imported)),
            boards=sum(len(part.boards) for part in _parts(imported)),
            players=len(imported.players),
            lines=imported.line_count,
            is_imps=event.is_imps,
            groups=groups,
            disagreements=imported.disagreements,
            fixed_boards=fixed_boards(imported),
        )
        transaction.set_rollback(True)
    return preview


def _preview_teams(teams_file: TeamsFile, club: Club, rows: int) -> ImportPreview:
    with transaction.atomic():
        event = save_teams_file(teams_file, club)
        preview = ImportPreview(
            name=event.name,
            date=event.date,
            file_format=teams_file.file_format,
            generator=teams_file.generator,
            scoring=gettext("Teams: IMPs converted to VPs"),
            settings=teams_settings_summary(event),
            readings=teams_file.readings,
            pairs=len(teams_file.teams),
            boards=len(teams_file.matches),
            lines=teams_file.line_count,
            is_imps=True,
            groups=[("", [PreviewRow(*row, None) for row in preview_rows(event, rows)])],
            is_teams=True,
        )
        transaction.set_rollback(True)
    return preview


def _event(imported: ImportedEvent, club: Club, file_hash: str = "") -> Event:
    """The event the file makes, not saved yet."""
    return Event(
        club=club,
        name=imported.name[:120],
        date=imported.date,
        # Other scorers' published figures give 60/40 averages; our own files say otherwise,
        # and say the event's status.
        # A file's pair numbers are kept as they are, unless it numbers each direction from 1.
        **(
            {"status": Event.Status.PUBLISHED, "adjusted_scores": "fixed", "ew_numbered_on": True}
            | imported.settings
        ),
        file_hash=file_hash,
    )


def _parts(imported: ImportedEvent) -> list[ImportedEvent]:
    """The file's sections: the event read, then any further section."""
    return [imported, *imported.sections]


def _board_sets(parts: list[ImportedEvent]) -> list[int]:
    """Which sections play the same boards: those whose deals agree board by board (all of
    them when the file has no deals to tell)."""
    sets: list[dict[int, str]] = []
    found = []
    for part in parts:
        deals = {board.number: board.deal for board in part.boards if board.deal}
        same = next(
            (i for i, other in enumerate(sets)
             if all(other.get(n, deal) == deal for n, deal in deals.items())),
            None,
        )  # fmt: skip
        if same is None:
            sets.append(deals)
            same = len(sets) - 1
        else:
            sets[same] |= deals
        found.append(same + 1)
    return found


def _preview_ranking(event: Event):
    """The preview's ranking: the section's, or of several sections the overall one."""
    sections = list(event.sections.all())
    if len(sections) == 1:
        return section_ranking(section=sections[0])
    return overall_ranking(event=event)


def _save(imported: ImportedEvent, club: Club, file_hash: str = "") -> Event:
    event = _event(imported, club, file_hash)
    event.save()
    parts = _parts(imported)
    # Each section is created before any is filled, so that every label names its section.
    sections = [
        Section.objects.create(event=event, letter=part.section, board_set=board_set)
        for part, board_set in zip(parts, _board_sets(parts), strict=True)
    ]
    for section, part in zip(sections, parts, strict=True):
        _save_section(event, section, part, several=len(parts) > 1)
    rescore_event(event=event)
    return event


def _save_section(event: Event, section: Section, imported: ImportedEvent, *, several: bool):
    lines = [line for board in imported.boards for line in board.lines]
    source = f"Imported {imported.file_format}" + (
        f" from {imported.generator}" if imported.generator else ""
    )
    seats = imported.table_rounds or lines
    section.movement = (imported.movement or source)[:80]
    section.tables = max((seat.table or 0 for seat in seats), default=0)
    section.rounds = max((seat.round or 0 for seat in seats), default=0)
    section.boards_per_round = imported.boards_per_round
    section.barometer = imported.barometer
    section.save()
    labels = pair_labels(
        ((p.number, p.direction) for p in imported.pairs),
        ew_numbered_on=event.ew_numbered_on,
        ew_offset=imported.ew_offset or None,
        section=section.letter if several else "",
    )
    pairs = bulk_create_recorded(
        Pair,
        [
            Pair(section=section, number=p.number, direction=p.direction, label=labels[p.number])
            for p in imported.pairs
        ],
    )
    for pair, source_pair in zip(pairs, imported.pairs, strict=True):
        if source_pair.names:
            name_pair(pair=pair, names=source_pair.names)
    if imported.players:
        seat_players(section=section, players=imported.players, side_seats=imported.side_seats)
    # Neuberg's E: as the movement has two pairs play each board, or without a movement every
    # board up to the most results any board has (the field's top), as Ruter and Compscore
    # do; with the phantom's or every table counted where the file says so (Event.factor_to).
    expected = max(len(board.lines) for board in imported.boards)
    plays = Counter(
        number
        for tr in imported.table_rounds
        if tr.low_board is not None and tr.ns_pair is not None and tr.ew_pair is not None
        for number in range(tr.low_board, tr.high_board + 1)
    )
    scheduled = {b.number: plays[b.number] if plays else expected for b in imported.boards}
    boards = bulk_create_recorded(
        Board,
        [
            Board(
                section=section,
                number=b.number,
                dealer=b.dealer,
                vulnerability=b.vulnerability,
                deal=b.deal,
                expected_results=scheduled[b.number],
                movement_results=(
                    b.movement_results if b.movement_results > scheduled[b.number] else 0
                ),
            )
            for b in imported.boards
        ],
    )
    by_number = {pair.number: pair for pair in pairs}
    bulk_create_recorded(
        TableRound,
        [
            TableRound(
                section=section,
                round=tr.round,
                table=tr.table,
                ns_pair=by_number.get(tr.ns_pair),
                ew_pair=by_number.get(tr.ew_pair),
                low_board=tr.low_board,
                high_board=tr.high_board,
            )
            for tr in imported.table_rounds
        ],
    )
    # Board by board: a board's lines are made, saved and dropped before the next board's, so
    # that a simultaneous pairs' 48,000 lines are never held as model instances at once.
    for board, source_board in zip(boards, imported.boards, strict=True):
        bulk_create_recorded(
            Result, [_result(board, line, by_number) for line in source_board.lines]
        )


def _result(board: Board, line, pairs: dict[int, Pair]) -> Result:
    result = Result(
        board=board,
        ns_pair=pairs[line.ns_pair],
        ew_pair=pairs[line.ew_pair],
        round=line.round,
        table=line.table,
        contract=line.contract,
        declarer=line.declarer,
        lead=line.lead,
        tricks=line.tricks,
        score_ns=line.score_ns,
        score_ew=line.score_ew,
        not_played=line.not_played,
        note=_note(line),
        weights=line.weights,
    )
    if line.fixed:
        result.fixed_ns_points, result.fixed_ew_points = line.published
    if line.is_adjusted:
        for side in ("ns", "ew"):
            percent = getattr(line, f"{side}_percent")
            code = adjustment_code(percent)
            setattr(result, f"{side}_adjustment", code)
            # Only a percent the code does not already stand for is stored.
            if percent != FIXED_PERCENT[code]:
                setattr(result, f"{side}_percent", percent)
    return result


def _note(line: ImportedLine) -> str | list:
    """The line's note: the director's (our own files carry it), else, for a line kept with
    the file's points because its contract could not be read, why, in the reader's words."""
    if line.note or line.unread is None:
        return line.note
    contract, refused = line.unread
    return [sentence("contract-unread", contract=contract, why=engine_value(refused))]
