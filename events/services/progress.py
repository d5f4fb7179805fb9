"""How far result entry has got: per board and per table-round, for the director's page."""

from collections import Counter
from dataclasses import dataclass

from django.db.models import Count

from events.models import Board, Result, Section, TableRound


@dataclass(frozen=True)
class BoardProgress:
    number: int
    entered: int
    expected: int

    @property
    def complete(self) -> bool:
        return self.entered >= self.expected


@dataclass(frozen=True)
class SlipProgress:
    table_round: TableRound
    entered: int
    boards: int

    @property
    def complete(self) -> bool:
        return self.entered >= self.boards


def board_progress(*, section: Section) -> list[BoardProgress]:
    boards = Board.objects.filter(section=section).annotate(entered=Count("results"))
    return [BoardProgress(b.number, b.entered, b.expected_results) for b in boards]


def slip_progress(*, section: Section) -> dict[int, list[SlipProgress]]:
    """Each round's table-rounds with how many of their boards are entered, round by round."""
    entered = Counter(
        (round_number, table)
        for round_number, table in Result.objects.filter(board__section=section)
        .exclude(round=None)
        .values_list("round", "table")
    )
    rounds: dict[int, list[SlipProgress]] = {}
    for tr in section.table_rounds.select_related("ns_pair", "ew_pair"):
        boards = tr.high_board - tr.low_board + 1 if tr.low_board else 0
        rounds.setdefault(tr.round, []).append(
            SlipProgress(tr, entered[(tr.round, tr.table)], boards)
        )
    return rounds
