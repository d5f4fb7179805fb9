"""Which rule another program scored its short boards under, told from the figures it published.

A board played fewer times than the others (a sit-out, a late arrival, a fouled board) is
matchpointed by Neuberg's formula or by counting each missing result as a tie with every result
played; and the count a board is scaled to is either the most results any board has, or every
table of the movement, the sit-out table too (a phantom pair counts as a table), or the count
the movement gives each board, as the file's printed tops show (a ¾ Howell with a phantom pair
plays a board five times where the movement has it six, the phantom's table counted). The file's own
matchpoints say which: each way is worked out again and the one that gives the file's figures is
the event's setting. A file that publishes no matchpoints, or whose figures fit no way, is
scored with Neuberg to the field's top, and the preview says so.
"""

from events.formats.imported import ImportedEvent, ImportedLine
from scoring import Adjusted, ScoringError, Split, Weighted, matchpoint_traveller
from scoring.weighted_scores import weighted_entry

# Files print matchpoints to one decimal (Ruter, Compscore) or two.
_TOLERANCE = 0.051


def choose_missing_results(event: ImportedEvent) -> None:
    """Set the event's missing-results rule and expected count from the file's figures, and
    say on the preview what was read; does nothing for IMP events or when no board is short."""
    if event.settings.get("scoring") != "mp":
        return
    counts = [len(_played(board.lines)) for board in event.boards]
    field_top = max(counts)
    tables = _tables(event)
    per_beat = event.settings.get("mp_scale", 2)
    published = [b for b in event.boards if any(line.published for line in _played(b.lines))]
    # Across the field a board's printed top is the whole field's, not this section's count.
    across = event.sections and event.settings.get("section_scoring") == "field"
    tops = set() if across else _counts_the_tops_show(published, per_beat)
    if min(counts) == field_top == tables and tops <= {field_top}:
        return
    shown = next(iter(tops)) if len(tops) == 1 else field_top
    ways = [
        (rule, count)
        for count in sorted({field_top, tables, shown})
        if count >= field_top
        for rule in ("neuberg", "tie")
    ]
    ways.append(("own", field_top))  # each short board on its own top: tried last
    if not published:
        event.readings.append(
            ("Short boards", "Neuberg to the field's top: the file publishes no matchpoints")
        )
        return
    fitting = [way for way in ways if _reproduces(published, *way, per_beat)]
    if not fitting:
        event.readings.append(
            (
                "Short boards",
                "Neuberg to the field's top, but neither Neuberg nor a tie with each result "
                "played gives the file's published matchpoints: check them",
            )
        )
        return
    rule, expected = fitting[0]
    if (rule, expected) == ("neuberg", field_top) and min(counts) == field_top:
        return  # no board is short: nothing to tell
    event.settings["missing_results"] = rule
    event.expected_results = expected if expected != field_top else 0
    if rule == "own":
        event.readings.append(
            (
                "Short boards",
                "On their own tops: matchpointed on the results played, an artificial score "
                "on that top too, as the file's matchpoints show",
            )
        )
        return
    how = "Neuberg" if rule == "neuberg" else "A missing result ties with every result played"
    # More than any board has: every table of the movement, a sit-out's or one not yet played;
    # or the count the movement gives each board, a phantom's table counted (a ¾ Howell).
    to = f"{expected} results"
    if expected > field_top:
        to += ", every table counted" if expected == tables else ", the movement's count"
    event.readings.append(("Short boards", f"{how}, to {to}: as the file's matchpoints show"))


def _counts_the_tops_show(boards, per_beat: int) -> set[int]:
    """The results the boards were scaled to, as their printed tops show: a line's two sides'
    matchpoints add up to the board's top, per_beat × (results − 1). One count when every
    board was scaled to it; several when boards are on their own tops."""
    return {
        round(sum(line.published) / per_beat) + 1
        for board in boards
        for line in _played(board.lines)
        if line.published is not None and not line.is_adjusted and not line.weights
    }


def _tables(event: ImportedEvent) -> int:
    """The tables of the movement, as the lines show: two pairs a table (a sit-out pair's table
    counted), or in an individual four players a table (its sides change every round)."""
    seated = {
        n for board in event.boards for line in board.lines for n in (line.ns_pair, line.ew_pair)
    }
    if event.side_seats:
        players = {player for side in seated for player, _ in event.side_seats[side]}
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


def _reproduces(boards, rule: str, expected: int, per_beat: int) -> bool:
    for board in boards:
        lines = _played(board.lines)
        try:
            points = matchpoint_traveller(
                [_entry(line) for line in lines],
                expected=max(expected, len(lines)),
                per_beat=per_beat,
                missing=rule,
            )
        except ScoringError:
            return False
        for line, (ns, ew) in zip(lines, points, strict=True):
            if line.published is None or line.is_adjusted:
                continue
            if abs(line.published[0] - ns) > _TOLERANCE or abs(line.published[1] - ew) > _TOLERANCE:
                return False
    return True
