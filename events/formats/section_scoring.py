"""Whether a file's sections were scored apart or as one field, told from its own numbers.

Sections playing the same deals are compared within each section or across the whole field,
in matchpoint and in IMP events alike. A file that does not say (our own files do) shows it by
the points it prints for each line (worked out again both ways, IMPs under each datum method
or cross-IMP mode: the way that gives them is the one), by the datums it prints for each board
(a Butler datum of the section's scores or of the field's), and, in an IMP event where neither
tells, by its ranking: one list running across the sections ranks IMPs worked out over one
field.
"""

from collections.abc import Callable

from django.utils.translation import gettext

from events.formats.imported import ImportedBoard, ImportedEvent, ImportedLine
from events.formats.vocabulary import BUTLER
from scoring import butler_datum
from scoring.printed_conventions import PrintedImps, imp_methods, imp_rule, imps_reproduce

SECTION, FIELD = "section", "field"


def read_section_scoring(parts: list[ImportedEvent], *, ranked_across: bool) -> tuple[str, str]:
    """("section" or "field", what showed it) for the sections `parts` of one file, read from
    its printed points, then its printed datums, then (IMPs only) its ranking."""
    settings = parts[0].settings
    if settings.get("scoring", "mp") == "mp":
        return (FIELD if _matchpoints_pass_a_sections_top(parts) else SECTION), ""
    groups = _same_boards(parts)
    way = _way_of_printed_imps(groups, settings)
    if way is not None:
        return way, gettext("as the printed IMPs show")
    way = _fitting(groups, lambda boards: _fits_datums(boards, settings))
    if way is not None:
        return way, gettext("as the printed datums show")
    if ranked_across:
        return FIELD, gettext("as the file's one ranking across the sections shows")
    return SECTION, ""


def _same_boards(parts: list[ImportedEvent]) -> list[list[ImportedBoard]]:
    """Each board number's boards in the sections that play the same deal on it (every section
    when the file has no deals); a board only one section plays is left out."""
    by_number: dict[int, list[ImportedBoard]] = {}
    for part in parts:
        for board in part.boards:
            by_number.setdefault(board.number, []).append(board)
    groups = []
    for boards in by_number.values():
        deal = next((b.deal for b in boards if b.deal), "")
        same = [b for b in boards if not b.deal or not deal or b.deal == deal]
        if len(same) > 1:
            groups.append(same)
    return groups


def _fitting(groups, fits: Callable[[list[list[ImportedBoard]]], bool | None]) -> str | None:
    """The one way (section or field) under which `fits` holds on every board it can tell on;
    None when both or neither do, or no board tells. `fits` is given the boards compared
    together: each section's board alone, or all of them as one field."""
    told = False
    section = field = True
    for boards in groups:
        by_section, by_field = fits([[board] for board in boards]), fits([boards])
        if by_section is None or by_field is None:
            continue
        told = True
        section, field = section and by_section, field and by_field
    if not told or section == field:
        return None
    return SECTION if section else FIELD


def _way_of_printed_imps(groups: list[list[ImportedBoard]], settings: dict) -> str | None:
    """The way (section or field) that, under the IMP method giving the printed IMPs of the
    most boards either way (the file's own method first), gives them on more boards than the
    other way; None when no method tells the ways apart. A board that fits no method either
    way is left to imp_methods.read_imp_method, which keeps it fixed."""
    scoring = settings["scoring"]
    best, way = 0, None
    for method in ordered_imp_methods(settings):
        score = imp_rule(scoring, method)
        fits = {SECTION: 0, FIELD: 0}
        for boards in groups:
            by_section, by_field = (
                _fits_points([[b] for b in boards], score),
                _fits_points([boards], score),
            )
            if by_section is not None and by_field is not None:
                fits[SECTION] += by_section
                fits[FIELD] += by_field
        if max(fits.values()) > best:
            best = max(fits.values())
            way = None if fits[SECTION] == fits[FIELD] else max(fits, key=fits.get)
    return way


def ordered_imp_methods(settings: dict) -> list[str]:
    """The IMP methods an event of these settings may have been scored by, the one the file
    states (or our default) first."""
    scoring = settings["scoring"]
    setting = imp_setting(scoring)
    stated = settings.get(setting, _DEFAULT_METHOD[setting])
    return sorted(imp_methods(scoring), key=lambda method: method != stated)


def imp_setting(scoring: str) -> str:
    """The event's field that holds the IMP method of an event scored by `scoring`."""
    return "datum_method" if scoring == BUTLER else "cross_imp_mode"


# Event.datum_method's and Event.cross_imp_mode's defaults: a file that states neither.
_DEFAULT_METHOD = {"datum_method": "drop-one", "cross_imp_mode": "cross2"}


def _played(lines: list[ImportedLine]) -> list[ImportedLine]:
    return [
        line
        for line in lines
        if not line.not_played and not line.is_adjusted and line.score_ns is not None
    ]


def _fits_points(groups: list[list[ImportedBoard]], score) -> bool | None:
    """Whether each group's lines, IMPed among themselves, give their printed points; None
    when no line prints any."""
    told = False
    for boards in groups:
        fits = imps_reproduce(imps_printed([ln for board in boards for ln in board.lines]), score)
        if fits is False:
            return False
        told = told or bool(fits)
    return told or None


def imps_printed(lines: list[ImportedLine]) -> PrintedImps:
    """The lines IMPed against each other (played, not adjusted) with their printed IMPs; a
    line kept fixed already (our own files say so) prints nothing to compare."""
    played = _played(lines)
    return PrintedImps(
        ns_scores=[line.score_ns for line in played],
        # The NS score East-West are IMPed with: a split score's second score.
        ew_scores=[line.score_ns if line.score_ew is None else line.score_ew for line in played],
        printed=[None if line.fixed else line.published for line in played],
    )


def _fits_datums(groups: list[list[ImportedBoard]], settings: dict) -> bool | None:
    """Whether each group's Butler datum, of all its boards' scores, is the one printed on
    those boards; None when the file prints none (or the event is not Butler)."""
    if settings.get("scoring") != BUTLER:
        return None
    told = False
    for boards in groups:
        printed = [b.published_datum for b in boards if b.published_datum is not None]
        scores = [line.score_ns for board in boards for line in _played(board.lines)]
        if not printed or not scores:
            continue
        told = True
        datum = butler_datum(scores, settings.get("datum_method", "drop-one"))
        if any(p != datum for p in printed):
            return False
    return told or None


def _matchpoints_pass_a_sections_top(parts: list[ImportedEvent]) -> bool:
    """Whether a section's printed matchpoints on a board pass the top its own results allow,
    as they do only when the board was matchpointed across the field."""
    for part in parts:
        per_beat = part.settings.get("mp_scale", 2)
        for board in part.boards:
            top = per_beat * (len(board.lines) - 1)
            published = [p for line in board.lines if line.published for p in line.published]
            if published and max(published) > top + 0.01:
                return True
    return False
