"""The director's problems panel: what is missing, swapped or suspicious, in one place."""

from collections import defaultdict
from dataclasses import dataclass
from statistics import median

from events.models import Result, Section, TableRound
from scoring import imps
from scoring.traveller_lines import SEAT_NAMES

# A score this many IMPs from the board's median, with no other score near it, is worth a look.
SUSPICIOUS_IMPS = 10


@dataclass(frozen=True)
class Problem:
    kind: str  # "missing", "direction", "suspicious"
    message: str
    board: int | None = None


@dataclass(frozen=True)
class _Slot:
    round: int
    table: int
    ns_id: int
    ew_id: int
    ns: int
    ew: int
    low: int
    high: int


@dataclass(frozen=True)
class _Line:
    board: int
    ns_id: int
    ew_id: int
    ns: int
    ew: int
    round: int | None
    score: int | None
    declarer: str
    lead: str
    deal: str  # the board's hand record, "" when none is loaded


def section_problems(*, section: Section) -> list[Problem]:
    """Missing results by round, direction swaps, outlying scores and leads the hand on lead
    does not hold; two queries in all."""
    slots = [
        _Slot(*row)
        for row in TableRound.objects.filter(section=section, low_board__isnull=False)
        .exclude(ns_pair=None)
        .exclude(ew_pair=None)
        .values_list(
            "round",
            "table",
            "ns_pair_id",
            "ew_pair_id",
            "ns_pair__number",
            "ew_pair__number",
            "low_board",
            "high_board",
        )
    ]
    lines = [
        _Line(*row)
        for row in Result.objects.filter(board__section=section).values_list(
            "board__number",
            "ns_pair_id",
            "ew_pair_id",
            "ns_pair__number",
            "ew_pair__number",
            "round",
            "score_ns",
            "declarer",
            "lead",
            "board__deal",
        )
    ]
    return _missing(slots, lines) + _swapped(slots, lines) + _suspicious(lines) + _leads(lines)


def _missing(slots: list[_Slot], lines: list[_Line]) -> list[Problem]:
    entered = {(line.board, frozenset((line.ns_id, line.ew_id))) for line in lines}
    missing_by_round = defaultdict(list)
    for slot in slots:
        pairs = frozenset((slot.ns_id, slot.ew_id))
        boards = [b for b in range(slot.low, slot.high + 1) if (b, pairs) not in entered]
        if boards:
            missing_by_round[slot.round].append((slot, boards))
    started = {line.round for line in lines if line.round}
    problems = []
    for round_number in sorted(missing_by_round):
        tables = missing_by_round[round_number]
        if round_number not in started:
            count = sum(len(boards) for _, boards in tables)
            problems.append(Problem("missing", f"Round {round_number}: no results yet ({count})."))
            continue
        for slot, boards in tables:
            listed = ", ".join(str(b) for b in boards)
            problems.append(
                Problem(
                    "missing",
                    f"Round {round_number}, table {slot.table} ({slot.ns} v {slot.ew}): "
                    f"board{'s' if len(boards) > 1 else ''} {listed} missing.",
                    board=boards[0],
                )
            )
    return problems


def _swapped(slots: list[_Slot], lines: list[_Line]) -> list[Problem]:
    scheduled = {
        (b, slot.ns_id, slot.ew_id) for slot in slots for b in range(slot.low, slot.high + 1)
    }
    return [
        Problem(
            "direction",
            f"Board {line.board}: pair {line.ns} is entered North-South against {line.ew}, but "
            "the movement seats them East-West. Scored as entered.",
            board=line.board,
        )
        for line in lines
        if (line.board, line.ew_id, line.ns_id) in scheduled
    ]


def _suspicious(lines: list[_Line]) -> list[Problem]:
    by_board = defaultdict(list)
    for line in lines:
        if line.score is not None:
            by_board[line.board].append(line)
    problems = []
    for number, played in sorted(by_board.items()):
        if len(played) < 4:
            continue
        middle = median(line.score for line in played)
        for line in played:
            near = [
                other
                for other in played
                if other is not line and abs(imps(other.score - line.score)) <= 3
            ]
            if abs(imps(line.score - middle)) >= SUSPICIOUS_IMPS and not near:
                problems.append(
                    Problem(
                        "suspicious",
                        f"Board {number}: {line.ns} v {line.ew} scored {line.score:+d}, far "
                        "from every other result. Is it right?",
                        board=number,
                    )
                )
    return problems


def _leads(lines: list[_Line]) -> list[Problem]:
    """Leads that the player on lead (declarer's left-hand opponent) did not hold."""
    problems = []
    for line in lines:
        # A small card ("x") cannot be checked, nor a lead against an unknown hand.
        if not (line.lead and line.declarer and line.deal) or line.lead[1] == "X":
            continue
        leader = "NESW"[("NESW".index(line.declarer) + 1) % 4]
        hand = dict(zip("NESW", line.deal.split(":", 1)[1].split(), strict=True))[leader]
        if hand == "-" or line.lead[0] not in "SHDC":
            continue
        suits = dict(zip("SHDC", hand.split("."), strict=True))
        if line.lead[1] not in suits[line.lead[0]]:
            problems.append(
                Problem(
                    "lead",
                    f"Board {line.board}: {line.ns} v {line.ew}, the lead {line.lead} is not "
                    f"in {SEAT_NAMES[leader]}'s hand. Check the lead or the declarer.",
                    board=line.board,
                )
            )
    return problems
