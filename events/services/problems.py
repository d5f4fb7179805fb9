"""The director's problems panel: what is missing, swapped or suspicious, in one place."""

from collections import defaultdict
from dataclasses import dataclass
from statistics import median

from events.models import Result, Section, TableRound
from scoring import imps

# A score this many IMPs from the board's median, with no other score near it, is worth a look.
SUSPICIOUS_IMPS = 10


@dataclass(frozen=True)
class Problem:
    kind: str  # "missing", "direction", "suspicious"
    message: str
    board: int | None = None


def section_problems(*, section: Section) -> list[Problem]:
    """Missing results by round, direction swaps and outlying scores; two queries in all."""
    table_rounds = list(
        TableRound.objects.filter(section=section, low_board__isnull=False)
        .exclude(ns_pair=None)
        .exclude(ew_pair=None)
        .select_related("ns_pair", "ew_pair")
    )
    results = list(
        Result.objects.filter(board__section=section).select_related("board", "ns_pair", "ew_pair")
    )
    return _missing(table_rounds, results) + _swapped(table_rounds, results) + _suspicious(results)


def _missing(table_rounds: list[TableRound], results: list[Result]) -> list[Problem]:
    entered = {(r.board.number, frozenset((r.ns_pair_id, r.ew_pair_id))) for r in results}
    missing_by_round = defaultdict(list)
    for tr in table_rounds:
        pairs = frozenset((tr.ns_pair_id, tr.ew_pair_id))
        boards = [b for b in range(tr.low_board, tr.high_board + 1) if (b, pairs) not in entered]
        if boards:
            missing_by_round[tr.round].append((tr, boards))
    started = {r.round for r in results if r.round}
    problems = []
    for round_number in sorted(missing_by_round):
        tables = missing_by_round[round_number]
        if round_number not in started:
            count = sum(len(boards) for _, boards in tables)
            problems.append(Problem("missing", f"Round {round_number}: no results yet ({count})."))
            continue
        for tr, boards in tables:
            listed = ", ".join(str(b) for b in boards)
            problems.append(
                Problem(
                    "missing",
                    f"Round {round_number}, table {tr.table} ({tr.ns_pair.number} v "
                    f"{tr.ew_pair.number}): board{'s' if len(boards) > 1 else ''} {listed} "
                    "missing.",
                    board=boards[0],
                )
            )
    return problems


def _swapped(table_rounds: list[TableRound], results: list[Result]) -> list[Problem]:
    scheduled = {}
    for tr in table_rounds:
        for b in range(tr.low_board, tr.high_board + 1):
            scheduled[(b, tr.ns_pair_id, tr.ew_pair_id)] = True
    return [
        Problem(
            "direction",
            f"Board {r.board.number}: pair {r.ns_pair.number} is entered North-South against "
            f"{r.ew_pair.number}, but the movement seats them East-West. Scored as entered.",
            board=r.board.number,
        )
        for r in results
        if (r.board.number, r.ew_pair_id, r.ns_pair_id) in scheduled
    ]


def _suspicious(results: list[Result]) -> list[Problem]:
    by_board = defaultdict(list)
    for r in results:
        if r.score_ns is not None:
            by_board[r.board.number].append(r)
    problems = []
    for number, lines in sorted(by_board.items()):
        if len(lines) < 4:
            continue
        middle = median(r.score_ns for r in lines)
        for r in lines:
            near = [o for o in lines if o is not r and abs(imps(o.score_ns - r.score_ns)) <= 3]
            if abs(imps(r.score_ns - middle)) >= SUSPICIOUS_IMPS and not near:
                problems.append(
                    Problem(
                        "suspicious",
                        f"Board {number}: {r.ns_pair.number} v {r.ew_pair.number} scored "
                        f"{r.score_ns:+d}, far from every other result. Is it right?",
                        board=number,
                    )
                )
    return problems
