"""Which rule another program scored its short boards under, told from the figures it published.

A board played fewer times than the others (a sit-out, a late arrival, a fouled board) is
matchpointed by Neuberg's formula or by counting each missing result as a tie with every result
played; and the count a board is scaled to is either the most results any board has, or every
table of the movement, the sit-out table too (a phantom pair counts as a table), or the count
the movement gives each board, as the file's printed tops show (a ¾ Howell with a phantom pair
plays a board five times where the movement has it six, the phantom's table counted); or, tried
last, each short board is matchpointed on its own top. The file's own matchpoints say which:
each way is worked out again on every board (scoring.printed_conventions) and the one that
gives the file's figures is the event's setting. A board whose printed figures fit that way in
no form keeps them as fixed scores, flagged, and the preview names it. A file that publishes no
matchpoints is scored with Neuberg to the field's top, and the preview says so.
"""

from django.utils.translation import gettext

from events.formats.imported import ImportedBoard, ImportedEvent, ImportedLine
from events.formats.vocabulary import TO_THE_MOVEMENT
from scoring import Adjusted, Split, Weighted
from scoring.printed_conventions import (
    EVERY_TABLE,
    FIELD_TOP,
    TOPS_SHOWN,
    Convention,
    PrintedBoard,
    choose_convention,
)
from scoring.weighted_scores import weighted_entry


def choose_missing_results(event: ImportedEvent) -> None:
    """Set the event's missing-results rule and expected count from the file's figures, mark
    the lines of the boards whose figures fit no rule as fixed, and say on the preview what was
    read; does nothing for IMP events."""
    if event.settings.get("scoring") != "mp":
        return
    parts = [event, *event.sections]
    field_tops = [max(len(_played(board.lines)) for board in part.boards) for part in parts]
    tables = [_tables(part, event) for part in parts]
    per_beat = event.settings.get("mp_scale", 2)
    shown = _counts_shown(event, parts, field_tops, per_beat)
    uneven = any(
        len(_played(board.lines)) < top
        for part, top in zip(parts, field_tops, strict=True)
        for board in part.boards
    )
    more_tables = any(count > top for top, count in zip(field_tops, tables, strict=True))
    # The count the printed tops show where it is neither the field's top nor every table, or
    # each board's own count in the movement where our own file gives it.
    carried = any(board.movement_results for part in parts for board in part.boards)
    by_tops = carried or any(
        top < count != every for top, count, every in zip(field_tops, shown, tables, strict=True)
    )
    ways = [Convention("neuberg", FIELD_TOP), Convention("tie", FIELD_TOP)]
    if more_tables:
        ways += [Convention("neuberg", EVERY_TABLE), Convention("tie", EVERY_TABLE)]
    if by_tops:
        ways += [Convention("neuberg", TOPS_SHOWN), Convention("tie", TOPS_SHOWN)]
    ways.append(Convention("own", FIELD_TOP))  # each short board on its own top: tried last
    printed = _printed_boards(event, parts, field_tops, tables, shown)
    if not printed:
        if uneven or more_tables:
            event.readings.append(
                (
                    gettext("Short boards"),
                    gettext("Neuberg to the field's top: the file publishes no matchpoints"),
                )
            )
        return
    choice = choose_convention([board for _, _, board in printed], ways, per_beat=per_beat)
    unfit = [printed[i] for i in choice.unfit]
    rule, basis = choice.convention.rule, choice.convention.basis
    # The rule is told by a short board the convention fits factored, not on its own count.
    untold = {*choice.unfit, *choice.unfactored}
    told = any(
        len(board.entries) < board.counts[FIELD_TOP]
        for i, (_, _, board) in enumerate(printed)
        if i not in untold
    )
    if len(unfit) < len(printed) and (told or choice.convention != ways[0]):
        counts = tables if basis == EVERY_TABLE else shown
        _read_rule(event, parts, rule, basis, field_tops, counts, carried=carried)
    if choice.unfactored:
        event.readings.append(
            (
                gettext("Short boards"),
                gettext(
                    "%(named)s printed unfactored, on the board's own count of results: scored "
                    "as the other boards"
                )
                % {"named": _named([printed[i][0] for i in choice.unfactored])},
            )
        )
    keep_as_printed(
        event,
        [(name, boards) for name, boards, _ in unfit],
        gettext(
            "the file's matchpoints fit no rule we know (Neuberg or a missing result as a tie, "
            "to any count)"
        ),
    )


def keep_as_printed(event: ImportedEvent, unfit: list[tuple[str, list[ImportedBoard]]], why: str):
    """Keep the played lines of the `unfit` boards, (name, boards compared as one), with the
    points the file printed, fixed and flagged, and say so on the preview: `why` their
    figures fit none of the rules tried."""
    for _, boards in unfit:
        for line in (line for board in boards for line in _played(board.lines)):
            line.fixed = line.published is not None and not line.is_adjusted
    if unfit:
        event.readings.append(
            (
                gettext("Fixed scores"),
                gettext("%(named)s: %(why)s; kept as printed, fixed and flagged")
                % {"named": _named([name for name, _ in unfit]), "why": why},
            )
        )


def _read_rule(event, parts, rule: str, basis: str, field_tops, counts, *, carried) -> None:
    """Set the rule and say how it was read: `counts` are each part's count of the basis;
    `carried`, the boards have their own counts in the movement (our own files)."""
    event.settings["missing_results"] = rule
    if rule == "own":
        event.readings.append(
            (
                gettext("Short boards"),
                gettext(
                    "On their own tops: matchpointed on the results played, an artificial score "
                    "on that top too, as the file's matchpoints show"
                ),
            )
        )
        return
    own_counts = carried and basis == TOPS_SHOWN
    if basis != FIELD_TOP:
        for part, top, count in zip(parts, field_tops, counts, strict=True):
            for board in part.boards:
                if not own_counts:
                    board.movement_results = count if count > top else 0
        if any(board.movement_results for part in parts for board in part.boards):
            event.settings["factor_to"] = TO_THE_MOVEMENT
    expected = field_tops[0] if basis == FIELD_TOP else counts[0]
    how = (
        gettext("Neuberg")
        if rule == "neuberg"
        else gettext("A missing result ties with every result played")
    )
    # More than any board has: every table of the movement, a sit-out's or one not yet played;
    # or the count the movement gives each board, a phantom's table counted (a ¾ Howell).
    to = gettext("%(expected)s results") % {"expected": expected}
    if own_counts:
        to = gettext("each board's count in the movement")
    elif expected > field_tops[0]:
        to += (
            gettext(", every table counted")
            if basis == EVERY_TABLE
            else gettext(", the movement's count")
        )
    event.readings.append(
        (
            gettext("Short boards"),
            gettext("%(how)s, to %(to)s: as the file's matchpoints show") % {"how": how, "to": to},
        )
    )


def _counts_shown(event, parts, field_tops, per_beat: int) -> list[int]:
    """Each part's count the printed tops show, where its boards show one count above the
    field's top; else its field's top. Across the field a board's printed top is the whole
    field's, not a section's count: it shows none."""
    if event.settings.get("section_scoring") == "field" and len(parts) > 1:
        return field_tops
    shown = []
    for part, top in zip(parts, field_tops, strict=True):
        tops = _counts_the_tops_show(part.boards, per_beat)
        shown.append(next(iter(tops)) if len(tops) == 1 and max(tops) > top else top)
    return shown


def _counts_the_tops_show(boards, per_beat: int) -> set[int]:
    """The results the boards were scaled to, as their printed tops show: a line's two sides'
    matchpoints add up to the board's top, per_beat × (results − 1). One count when every
    board was scaled to it; several when boards are on their own tops."""
    return {
        round(sum(line.published) / per_beat) + 1
        for board in boards
        for line in _played(board.lines)
        if line.published is not None and not (line.is_adjusted or line.weights or line.fixed)
    }


def compared_boards(event: ImportedEvent, parts: list[ImportedEvent], *per_part):
    """(name, [(board, *that part's `per_part` values)]) for every board that prints points
    (a line fixed already, as our own files say, is no evidence of a rule): a section's board,
    or across the field the boards of that number in every section, compared as one."""
    across = event.settings.get("section_scoring") == "field" and len(parts) > 1
    groups: dict[tuple, list[tuple]] = {}
    for part, *values in zip(parts, *per_part, strict=True):
        for board in part.boards:
            key = (board.number,) if across else (board.number, part.section)
            groups.setdefault(key, []).append((board, *values))
    return [
        (str(key[0]) if len(key) == 1 or len(parts) == 1 else f"{key[0]} ({key[1]})", members)
        for key, members in groups.items()
        if any(
            line.published and not line.fixed
            for board, *_ in members
            for line in _played(board.lines)
        )
    ]


def _printed_boards(event, parts, field_tops, tables, shown):
    """(name, boards, PrintedBoard) for every board that prints matchpoints (compared_boards)."""
    found = []
    for name, members in compared_boards(event, parts, field_tops, tables, shown):
        lines = [line for board, *_ in members for line in _played(board.lines)]
        counts = {
            FIELD_TOP: sum(top for _, top, _, _ in members),
            EVERY_TABLE: sum(max(top, count) for _, top, count, _ in members),
            TOPS_SHOWN: sum(
                board.movement_results or max(top, tops) for board, top, _, tops in members
            ),
        }
        board = PrintedBoard(
            entries=[_entry(line) for line in lines],
            printed=[None if line.fixed else line.published for line in lines],
            counts=counts,
        )
        found.append((name, [board for board, *_ in members], board))
    return found


def _named(boards: list[str]) -> str:
    return ("Board " if len(boards) == 1 else "Boards ") + ", ".join(boards)


def _tables(part: ImportedEvent, event: ImportedEvent) -> int:
    """The tables of the movement, as the lines show: two pairs a table (a sit-out pair's table
    counted), or in an individual four players a table (its sides change every round)."""
    seated = {
        n for board in part.boards for line in board.lines for n in (line.ns_pair, line.ew_pair)
    }
    if sides := part.side_seats or event.side_seats:
        players = {player for side in seated for player, _ in sides.get(side, ())}
        return (len(players) + 3) // 4
    return (len(seated) + 1) // 2


def _played(lines: list[ImportedLine]) -> list[ImportedLine]:
    return [line for line in lines if not line.not_played]


def _entry(line: ImportedLine):
    if line.weights:
        return Weighted(weighted_entry(line.weights))
    if line.is_adjusted:
        return Adjusted(line.ns_percent, line.ew_percent)
    if line.score_ew is not None:
        return Split(line.score_ns, line.score_ew)
    return line.score_ns
