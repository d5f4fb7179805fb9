"""The director's problems panel: what is wrong first, then what is late, then what to check.

Errors (a pair with two results on a board, pairs the movement never puts together) come first;
then what a repair left to settle; then the results of rounds that should be finished by now;
then questions (results the board makes implausible, scoring.suspicious; direction swaps;
leads), but none about a line the director marked right. Rounds still in play or to come are
one count, never a list.
"""

import datetime
from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import chain
from typing import NamedTuple

from django.db.models import Case, F, When
from django.utils import timezone
from django.utils.translation import get_language, gettext, ngettext

from events.models import Board, Event, Pair, Result, Section, TableRound
from events.services.leads import lead_words
from events.services.page_cache import kept
from events.services.repairs import still_to_settle
from scoring import ScoringError, parse_contract
from scoring.leads import LeadNotHeld, check_lead
from scoring.suspicious import BoardResult, Question, suspicious_results

ERRORS = {"duplicate", "unscheduled", "captains"}
TO_SETTLE = "settle"  # a repair left a pair to meet boards twice: its own kind, never folded
FIXED = "fixed"  # a line's points kept as an imported file printed them: flagged, not asked
QUESTIONS = {"direction", "suspicious", "lead"}


@dataclass(frozen=True)
class Problem:
    """One line of the panel, with what the one-click fix needs: the line's board and pairs (its
    row in the entry grid), the slip's round and table, or the result a button changes."""

    kind: str  # an error, "settle", "missing", a question, or "later" (what is still to come)
    message: str
    board: int | None = None
    ns: int | None = None
    ew: int | None = None
    round: int | None = None
    table: int | None = None
    result_id: int | None = None
    match_id: int | None = None  # a teams match's problem: its entry page
    ns_name: str = ""  # the pairs' labels, as the fix buttons name them
    ew_name: str = ""

    @property
    def severity(self) -> str:
        if self.kind in ERRORS:
            return "error"
        if self.kind in QUESTIONS:
            return "question"
        return self.kind


class _Slot(NamedTuple):
    round: int
    table: int
    ns_id: int
    ew_id: int
    ns: int
    ew: int
    low: int
    high: int
    ns_name: str
    ew_name: str

    @property
    def boards(self) -> range:
        return range(self.low, self.high + 1)


class _Line(NamedTuple):
    id: int
    board: int
    ns_id: int
    ew_id: int
    ns: int
    ew: int
    score: int | None
    contract: str
    declarer: str
    tricks: int | None
    lead: str
    confirmed: bool  # the director said it is right: no question about it
    deal: str  # the board's hand record, "" when none is loaded
    ns_name: str
    ew_name: str
    fixed: bool  # its points kept as an imported file printed them

    def problem(self, kind: str, message: str) -> Problem:
        return Problem(
            kind,
            message,
            board=self.board,
            ns=self.ns,
            ew=self.ew,
            result_id=self.id,
            ns_name=self.ns_name,
            ew_name=self.ew_name,
        )

    def name(self, pair: int) -> str:
        """The label of `pair`, one of this line's two pairs."""
        return self.ns_name if pair == self.ns else self.ew_name


def section_problems(*, section: Section, now: datetime.datetime | None = None) -> list[Problem]:
    """The section's problems, errors first, then missing results of the rounds due by `now`
    (default: the present), then questions, then one count of what is still to come.

    Kept under the event's version (and the rounds due by the clock): a director's page read
    again before anything changes does not work them out again."""
    clock_due = rounds_due_by_clock(section.event, now or timezone.now())
    return kept(
        event=section.event,
        # The problems are sentences: kept in each language they are read in.
        name=f"problems:{section.pk}:{clock_due}:{get_language()}",
        compute=lambda: _problems(section, clock_due),
    )


def open_questions(*, event: Event) -> int:
    """How many questions the problems panel asks about the event's lines, over its sections:
    what publishing leaves unanswered."""
    return sum(
        problem.severity == "question"
        for section in event.sections.all()
        for problem in section_problems(section=section)
    )


def _problems(section: Section, clock_due: int) -> list[Problem]:
    """Five queries of plain values (and the settling repair of anything a repair left to
    settle): a 200-table section has thousands of lines and slots."""
    number, label = {}, {}
    for pk, pair_number, pair_label in Pair.objects.filter(section=section).values_list(
        "pk", "number", "label"
    ):
        number[pk], label[pk] = pair_number, pair_label
    slots = [
        _Slot(
            round_number,
            table,
            ns_id,
            ew_id,
            number[ns_id],
            number[ew_id],
            low,
            high,
            label[ns_id],
            label[ew_id],
        )
        for round_number, table, ns_id, ew_id, low, high in TableRound.objects.filter(
            section=section, low_board__isnull=False
        )
        .exclude(ns_pair=None)
        .exclude(ew_pair=None)
        .values_list("round", "table", "ns_pair_id", "ew_pair_id", "low_board", "high_board")
    ]
    boards, double_dummy = {}, {}
    for pk, board_number, deal, analysis in Board.objects.filter(section=section).values_list(
        "pk", "number", "deal", "double_dummy"
    ):
        boards[pk] = board_number, deal
        if analysis:
            double_dummy[board_number] = analysis["tricks"]
    lines = sorted(
        (
            _Line(
                pk,
                boards[board_id][0],
                ns_id,
                ew_id,
                number[ns_id],
                number[ew_id],
                compared,
                contract,
                declarer,
                tricks,
                lead,
                confirmed,
                boards[board_id][1],
                label[ns_id],
                label[ew_id],
                fixed is not None,
            )
            for (
                pk,
                board_id,
                ns_id,
                ew_id,
                compared,
                contract,
                declarer,
                tricks,
                lead,
                confirmed,
                fixed,
            ) in Result.objects.filter(board__section=section)
            # A weighted score's mean is a ruling, not a result to question as far from the rest.
            .annotate(compared=Case(When(weights__isnull=True, then=F("score_ns"))))
            .values_list(
                "pk",
                "board_id",
                "ns_pair_id",
                "ew_pair_id",
                "compared",
                "contract",
                "declarer",
                "tricks",
                "lead",
                "confirmed",
                "fixed_ns_points",
            )
        ),
        key=lambda line: (line.board, line.id),
    )
    missing, later = _missing(slots, lines, clock_due)
    return [
        *_errors(slots, lines),
        *(
            Problem(TO_SETTLE, settle.text, round=settle.round, table=settle.table)
            for settle in still_to_settle(section=section)
        ),
        *missing,
        *_swapped(slots, lines),
        *_suspicious(lines, double_dummy),
        *_leads(lines),
        *_fixed(lines),
        *later,
    ]


def rounds_due_by_clock(event: Event, now: datetime.datetime) -> int:
    """How many rounds should be over by `now`, from the start time and round length the
    director set (0 without them)."""
    if event.start_time is None or not event.round_minutes:
        return 0
    start = datetime.datetime.combine(
        event.date, event.start_time, tzinfo=timezone.get_current_timezone()
    )
    return max(0, int((now - start) / datetime.timedelta(minutes=event.round_minutes)))


def _errors(slots: list[_Slot], lines: list[_Line]) -> list[Problem]:
    """Lines between pairs the movement never puts together on that board, saying which of
    their pairs also have the right line; then pairs with two results that the movement both
    allows (after a change of movement, or without one)."""
    # Either pair may sit North-South: each meeting is there both ways round.
    meetings = {
        meeting
        for s in slots
        for b in s.boards
        for meeting in ((b, s.ns_id, s.ew_id), (b, s.ew_id, s.ns_id))
    }
    scheduled_boards = {b for b, _, _ in meetings}
    unscheduled = [
        line
        for line in lines
        if line.board in scheduled_boards and (line.board, line.ns_id, line.ew_id) not in meetings
    ]
    wrong = {line.id for line in unscheduled}
    # Most pairs have one line a board: only those with more are gathered.
    seen = Counter(
        chain(((line.board, line.ns) for line in lines), ((line.board, line.ew) for line in lines))
    )
    twice = {key for key, count in seen.items() if count > 1}
    by_pair = defaultdict(list)
    for line in lines if twice else ():
        for pair in (line.ns, line.ew):
            if (line.board, pair) in twice:
                by_pair[line.board, pair].append(line)
    problems = []
    for line in unscheduled:
        also = [
            gettext("pair %(pair)s also has a line v %(other)s")
            % {
                "pair": line.name(pair),
                "other": other.ew_name if other.ns == pair else other.ns_name,
            }
            for pair in (line.ns, line.ew)
            for other in by_pair[line.board, pair]
            if other is not line
        ]
        problems.append(
            line.problem(
                "unscheduled",
                (
                    gettext(
                        "Board %(board)s: %(ns)s v %(ew)s do not play this board against each "
                        "other in the movement (%(also)s). Check the pair numbers."
                    )
                    if also
                    else gettext(
                        "Board %(board)s: %(ns)s v %(ew)s do not play this board against each "
                        "other in the movement. Check the pair numbers."
                    )
                )
                % {
                    "board": line.board,
                    "ns": line.ns_name,
                    "ew": line.ew_name,
                    "also": ", ".join(also),
                },
            )
        )
    for (board, pair), found in sorted(by_pair.items()):
        found = [line for line in found if line.id not in wrong]
        if len(found) > 1:
            against = gettext(" and ").join(
                line.ew_name if line.ns == pair else line.ns_name for line in found
            )
            problems.append(
                found[-1].problem(
                    "duplicate",
                    gettext(
                        "Board %(board)s: pair %(pair)s has %(count)s results, against "
                        "%(against)s. Delete the wrong one."
                    )
                    % {
                        "board": board,
                        "pair": found[0].name(pair),
                        "count": len(found),
                        "against": against,
                    },
                )
            )
    return problems


def _missing(
    slots: list[_Slot], lines: list[_Line], clock_due: int
) -> tuple[list[Problem], list[Problem]]:
    """The missing boards of each table in the rounds that are due, and one count for the rest.

    A round is due when a later round has results, when more than half of its tables have
    entered all their boards, or when the clock says it is over."""
    # Either pair may have been entered North-South.
    entered = {
        meeting
        for line in lines
        for meeting in ((line.board, line.ns_id, line.ew_id), (line.board, line.ew_id, line.ns_id))
    }
    by_round = defaultdict(list)
    for slot in sorted(slots, key=lambda s: (s.round, s.table)):
        missing = [b for b in slot.boards if (b, slot.ns_id, slot.ew_id) not in entered]
        by_round[slot.round].append((slot, missing))
    started = [
        r for r, tables in by_round.items() if any(len(m) < len(s.boards) for s, m in tables)
    ]
    last_started = max(started, default=0)

    def due(round_number: int) -> bool:
        tables = by_round[round_number]
        finished = sum(1 for _, missing in tables if not missing)
        return (
            round_number < last_started or round_number <= clock_due or finished * 2 > len(tables)
        )

    again = _brought_back(slots)
    problems, to_come = [], {}
    for round_number, tables in sorted(by_round.items()):
        if not due(round_number):
            if count := sum(len(missing) for _, missing in tables):
                to_come[round_number] = count
            continue
        for slot, missing in tables:
            if missing:
                listed = ", ".join(str(b) for b in missing)
                problems.append(
                    Problem(
                        "missing",
                        ngettext(
                            "Round %(round)s, table %(table)s (%(ns)s v %(ew)s): board "
                            "%(boards)s missing.",
                            "Round %(round)s, table %(table)s (%(ns)s v %(ew)s): boards "
                            "%(boards)s missing.",
                            len(missing),
                        )
                        % {
                            "round": round_number,
                            "table": slot.table,
                            "ns": slot.ns_name,
                            "ew": slot.ew_name,
                            "boards": listed,
                        }
                        + again.get(slot, ""),
                        board=missing[0],
                        round=round_number,
                        table=slot.table,
                    )
                )
    if not to_come:
        return problems, []
    first, last = min(to_come), max(to_come)
    rounds = (
        gettext("Round %(round)s") % {"round": first}
        if first == last
        else gettext("Rounds %(first)s–%(last)s") % {"first": first, "last": last}
    )
    count = sum(to_come.values())
    later = ngettext(
        "%(rounds)s: %(count)s result still to come.",
        "%(rounds)s: %(count)s results still to come.",
        count,
    ) % {"rounds": rounds, "count": count}
    return problems, [Problem("later", later)]


def _brought_back(slots: list[_Slot]) -> dict[_Slot, str]:
    """The slots where a repaired movement sends a pair back to boards it meets in an earlier
    round, with what no line can be entered there until the director settles it."""
    first = {}
    for slot in sorted(slots, key=lambda s: s.round):
        for number in (slot.ns, slot.ew):
            first.setdefault((number, slot.low), slot)
    found = {}
    for slot in slots:
        for number, name in ((slot.ns, slot.ns_name), (slot.ew, slot.ew_name)):
            earlier = first[number, slot.low]
            if earlier is not slot:
                found[slot] = gettext(
                    " Pair %(pair)s plays these boards in round %(round)s too: no line "
                    "can be entered here until the table is given other boards with the repair "
                    '"A table played the wrong boards".'
                ) % {"pair": name, "round": earlier.round}
    return found


def _swapped(slots: list[_Slot], lines: list[_Line]) -> list[Problem]:
    scheduled = {(b, slot.ns_id, slot.ew_id) for slot in slots for b in slot.boards}
    return [
        line.problem(
            "direction",
            gettext(
                "Board %(board)s: pair %(ns)s is entered North-South against %(ew)s, but the "
                "movement seats them East-West. Scored as entered."
            )
            % {"board": line.board, "ns": line.ns_name, "ew": line.ew_name},
        )
        for line in lines
        if (line.board, line.ew_id, line.ns_id) in scheduled and not line.confirmed
    ]


def _suspicious(lines: list[_Line], double_dummy: dict[int, dict]) -> list[Problem]:
    """The lines the board's other results and its hand make implausible (scoring.suspicious),
    but those the director has confirmed."""
    by_board = defaultdict(list)
    for line in lines:
        if line.score is not None:
            by_board[line.board].append(line)
    problems = []
    for number, played in sorted(by_board.items()):
        questions = suspicious_results(
            [_board_result(line) for line in played], double_dummy.get(number)
        )
        problems.extend(
            _question(line, question)
            for question in questions
            if not (line := question.key).confirmed
        )
    return problems


def _board_result(line: _Line) -> BoardResult:
    contract = parse_contract(line.contract) if line.contract else None
    if contract is None:
        return BoardResult(line, line.score)
    if contract.level == 0:
        return BoardResult(line, line.score, passed_out=True)
    return BoardResult(
        line,
        line.score,
        level=contract.level,
        strain=contract.strain,
        doubled=contract.doubled,
        declarer=line.declarer,
        tricks=line.tricks,
    )


def _question(line: _Line, question: Question) -> Problem:
    played = gettext("Board %(board)s: %(ns)s v %(ew)s") % {
        "board": line.board,
        "ns": line.ns_name,
        "ew": line.ew_name,
    }
    if question.reason == "tricks":
        message = {
            ("field",): gettext(
                "%(played)s, %(contract)s by %(declarer)s took %(tricks)d tricks: the other "
                "results point to about %(expected)d. Is the declarer, the strain or the number "
                "of tricks right?"
            ),
            ("hand",): gettext(
                "%(played)s, %(contract)s by %(declarer)s took %(tricks)d tricks: the hand "
                "makes %(expected)d double dummy. Is the declarer, the strain or the number of "
                "tricks right?"
            ),
            ("field", "hand"): gettext(
                "%(played)s, %(contract)s by %(declarer)s took %(tricks)d tricks: the other "
                "results and the hand (%(expected)d double dummy) make that unlikely. Is the "
                "declarer, the strain or the number of tricks right?"
            ),
        }[question.sources] % {
            "played": played,
            "contract": line.contract,
            "declarer": line.declarer,
            "tricks": line.tricks,
            "expected": question.expected,
        }
    elif question.reason == "double":
        message = gettext(
            "%(played)s, %(contract)s by %(declarer)s went %(down)d down undoubled. Was it doubled?"
        ) % {
            "played": played,
            "contract": line.contract,
            "declarer": line.declarer,
            "down": parse_contract(line.contract).level + 6 - line.tricks,
        }
    elif question.reason == "sign":
        message = gettext(
            "%(played)s scored %(score)+d, where another table scored about %(other)+d. Is "
            "the sign right?"
        ) % {"played": played, "score": line.score, "other": -line.score}
    else:
        message = gettext(
            "%(played)s scored %(score)+d, far from every other result. Is it right?"
        ) % {"played": played, "score": line.score}
    return line.problem("suspicious", message)


def _fixed(lines: list[_Line]) -> list[Problem]:
    """The lines whose points are fixed as an imported file printed them: flagged until the
    director changes the line (which scores it)."""
    return [
        line.problem(
            FIXED,
            gettext(
                "Board %(board)s, %(ns)s v %(ew)s: its points are fixed as the imported file "
                "printed them (they fit no rule we score by); changing the line scores it"
            )
            % {"board": line.board, "ns": line.ns_name, "ew": line.ew_name},
        )
        for line in lines
        if line.fixed
    ]


def _leads(lines: list[_Line]) -> list[Problem]:
    """Leads that the player on lead (declarer's left-hand opponent) did not hold, by the
    board's hand record (scoring.leads), but those the director has confirmed."""
    problems = []
    for line in lines:
        if line.confirmed:
            continue
        try:
            check_lead(deal=line.deal, declarer=line.declarer, lead=line.lead, board=line.board)
        except LeadNotHeld as refused:
            problems.append(line.problem("lead", _lead_message(line, refused)))
        except ScoringError:
            # A lead or deal no entry or import of the app writes (a restored backup's): the
            # line shows it as it is, and there is nothing to check it against.
            continue
    return problems


def _lead_message(line: _Line, refused: LeadNotHeld) -> str:
    return gettext(
        "Board %(board)d: %(ns)s v %(ew)s, %(contract)s by %(declarer)s: %(leader)s, on lead, "
        "does not hold %(card)s. Is the lead, the declarer or the hand record right?"
    ) % {
        "board": line.board,
        "ns": line.ns_name,
        "ew": line.ew_name,
        "contract": line.contract,
        "declarer": line.declarer,
        **lead_words(refused),
    }
