"""The problems panel's questions on real results: the demo's events and the files of
../shared/realdata raise at most one question per 20 genuine lines, and real mistakes planted in
them (a sign the wrong way round, a declarer on the wrong side, a strain the declarer could not
play in, a double left out) are every one asked about.

A planted mistake is one that matters on the board and that the board can tell: a made game's
score with its sign swapped (typed as a score alone), a made contract of nine tricks or more
given to a defender (where the hand is known or two other tables played the strain), a made
contract of nine tricks or more put in the strain its side takes fewest tricks in double dummy
(four or more fewer, from either seat), a double left out of a contract the field doubled when
it went down as far (or that went five down). Each is saved through the entry service (unless
it refuses the score as impossible on the board's vulnerability), looked for in the panel,
then put back.
"""

import random

import pytest

from events.models import Board, Event, Result
from events.services.demo import load_demo
from events.services.entry import LineRefused, save_line
from events.services.hand_records import analyse_event_hands
from events.services.imports import import_event, read_result_file
from events.services.line_text import result_text
from events.services.problems import section_problems
from scoring import parse_contract, parse_traveller_line
from scoring.suspicious import DOWN_UNDOUBLED, DOWN_WHERE_DOUBLED, SIDE, TRICKS_APART
from tests.conftest import SHARED, while_running

pytestmark = pytest.mark.django_db
PER_KIND = 4  # plants of each kind in each source
LHO = dict(zip("NESW", "ESWN", strict=True))


def _questions(event: Event) -> dict[int, str]:
    return {
        problem.result_id: problem.message
        for section in event.sections.all()
        for problem in section_problems(section=section)
        if problem.kind == "suspicious"
    }


def _retype(result: Result, text: str) -> None:
    board = Board.objects.select_related("section__event").get(pk=result.board_id)
    pairs = {"ns_pair": result.ns_pair.number, "ew_pair": result.ew_pair.number}
    save_line(board=board, line=parse_traveller_line(text), result=result, **pairs)


def _plants(event: Event, rng: random.Random) -> list[tuple[str, Result, str]]:
    """(kind, line, the mistaken text) for up to PER_KIND lines of each kind."""
    lines = list(
        Result.objects.filter(board__section__event=event, weights__isnull=True)
        .exclude(contract="")
        .exclude(contract="PASS")
        .select_related("board", "ns_pair", "ew_pair")
        .order_by("pk")
    )
    by_board: dict[int, list[Result]] = {}
    for line in lines:
        by_board.setdefault(line.board_id, []).append(line)
    found: dict[str, list[tuple[Result, str]]] = {
        "sign": [],
        "declarer": [],
        "strain": [],
        "double": [],
    }
    for line in lines:
        contract = parse_contract(line.contract)
        made = line.tricks >= contract.level + 6
        others = [other for other in by_board[line.board_id] if other is not line]
        if made and abs(line.score_ns) >= 400 and any(o.score_ns == line.score_ns for o in others):
            found["sign"].append((line, f"{-line.score_ns:+d}"))
        in_strain = [o for o in others if parse_contract(o.contract).strain == contract.strain]
        if made and line.tricks >= 9 and (line.board.double_dummy or len(in_strain) >= 2):
            found["declarer"].append((line, f"{line.contract} {LHO[line.declarer]} {line.tricks}"))
            if line.board.double_dummy:
                # What the side takes in each strain, from the better of its two seats.
                tricks = line.board.double_dummy["tricks"]
                seats = [seat for seat in "NESW" if SIDE[seat] == SIDE[line.declarer]]
                makes = {s: max(tricks[seat][s] for seat in seats) for s in tricks["N"]}
                strain = min(makes, key=makes.get)
                if line.tricks - makes[strain] >= TRICKS_APART:
                    wrong = f"{contract.level}{strain}{'X' * contract.doubled}"
                    found["strain"].append((line, f"{wrong} {line.declarer} {line.tricks}"))
        down = contract.level + 6 - line.tricks
        if contract.doubled and (down >= DOWN_UNDOUBLED or _field_doubled(line, others, down)):
            undoubled = line.contract.rstrip("X")
            found["double"].append((line, f"{undoubled} {line.declarer} {line.tricks}"))
    return [
        (kind, line, text)
        for kind, candidates in found.items()
        for line, text in rng.sample(candidates, min(PER_KIND, len(candidates)))
    ]


def _field_doubled(line: Result, others: list[Result], down: int) -> bool:
    """Whether most other tables that went down as far in the contract were doubled in it."""
    if down < DOWN_WHERE_DOUBLED:
        return False
    contract = parse_contract(line.contract)
    same = [
        parse_contract(other.contract).doubled > 0
        for other in others
        if other.declarer
        and (parse_contract(other.contract).level, parse_contract(other.contract).strain)
        == (contract.level, contract.strain)
        and SIDE[other.declarer] == SIDE[line.declarer]
        and contract.level + 6 - other.tricks >= DOWN_WHERE_DOUBLED
    ]
    return sum(same) * 2 > len(same)


def _check(event: Event, seed: int) -> dict[str, int]:
    """Assert the genuine lines' questions are at most one in 20 and every plant is asked
    about; the count of plants of each kind."""
    lines = Result.objects.filter(board__section__event=event).count()
    genuine = _questions(event)
    assert len(genuine) * 20 <= lines, (event.name, lines, sorted(genuine.values()))
    planted: dict[str, int] = {}
    missed = []
    with while_running(event):
        for kind, line, text in _plants(event, random.Random(seed)):
            before = result_text(line)
            try:
                _retype(line, text)
            except LineRefused:  # a score the entry knows is impossible: refused, not saved
                continue
            if line.pk not in _questions(event):
                missed.append((kind, line.board.number, before, text))
            _retype(line, before)
            planted[kind] = planted.get(kind, 0) + 1
    assert missed == [], missed
    assert _questions(event) == genuine  # every line put back as it was
    return planted


@pytest.mark.parametrize(
    "name", ["sm1.pbn", "butler.pbn", "mp_pairs_howell.xml", "cross_imp_howell.xml"]
)
def test_real_files_raise_few_questions_and_every_planted_mistake_is_asked(club, name):
    path = SHARED / "realdata" / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    event = import_event(imported=read_result_file(path.read_bytes()), club=club)
    analyse_event_hands(event=event)

    planted = _check(event, seed=len(name))

    assert {"sign", "declarer"} <= set(planted)
    if name != "butler.pbn":  # the only file without its hands
        assert "strain" in planted
    if name == "sm1.pbn":  # 18 tables a board: contracts doubled at several going down
        assert "double" in planted


def test_the_demo_raises_few_questions_and_every_planted_mistake_is_asked():
    club = load_demo()
    planted: dict[str, int] = {}
    # Each event's seed is its place among the demo's events, not its id: PostgreSQL's ids
    # follow every test run before this one, and planted other mistakes in a full run.
    first = Event.objects.filter(club=club).order_by("pk").first().pk
    for event in Event.objects.filter(club=club).exclude(sections=None).order_by("pk"):
        analyse_event_hands(event=event)  # the worker's part of the demo
        for kind, count in _check(event, seed=event.pk - first + 1).items():
            planted[kind] = planted.get(kind, 0) + count

    assert {"sign", "declarer", "strain"} <= set(planted)
