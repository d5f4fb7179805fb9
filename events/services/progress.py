"""How far result entry has got: per board and per table-round, for the director's page.

Plain values, not model instances: a 200-table event has thousands of table-rounds.
"""

from dataclasses import dataclass

from django.db.models import Count

from events.models import Board, Result, Section, TableRound
from events.services.individuals import side_labels
from events.services.page_cache import kept


@dataclass(frozen=True)
class BoardProgress:
    number: int
    entered: int
    expected: int
    section: str = "A"  # its section's letter

    @property
    def complete(self) -> bool:
        return self.entered >= self.expected


@dataclass(frozen=True)
class SlipProgress:
    """A table-round: its pairs' labels ("3 NS", or "3" in a Howell; None for a sit-out's empty
    seat) and how much is entered."""

    round: int
    table: int
    ns: str | None
    ew: str | None
    entered: int
    boards: int

    @property
    def played(self) -> bool:
        return bool(self.boards) and self.ns is not None and self.ew is not None

    @property
    def complete(self) -> bool:
        return self.entered >= self.boards


def board_progress(*, section: Section) -> list[BoardProgress]:
    boards = (
        Board.objects.filter(section=section)
        .annotate(entered=Count("results"))
        .values_list("number", "entered", "expected_results")
    )
    return [BoardProgress(*row, section=section.letter) for row in boards]


def slip_progress(*, section: Section) -> dict[int, list[SlipProgress]]:
    """Each round's table-rounds with how many of their boards are entered, round by round;
    kept until the event changes (a 200-table section has 1,800)."""
    return kept(event=section.event, name=f"slips:{section.pk}", compute=lambda: _slips(section))


def _slips(section: Section) -> dict[int, list[SlipProgress]]:
    entered = {
        (round_number, table): count
        for round_number, table, count in Result.objects.filter(board__section=section)
        .exclude(round=None)
        .values_list("round", "table")
        .annotate(count=Count("pk"))
        .order_by()
    }
    rows = TableRound.objects.filter(section=section).values_list(
        "round",
        "table",
        "ns_pair__label",
        "ns_pair__number",
        "ew_pair__label",
        "ew_pair__number",
        "low_board",
        "high_board",
    )
    # An individual's sides are named by their players, "1+11", as the entry grid shows them.
    sides = side_labels(section=section) if section.event.is_individual else {}
    rounds: dict[int, list[SlipProgress]] = {}
    for round_number, table, ns_label, ns_number, ew_label, ew_number, low, high in rows:
        ns = sides.get(ns_number) or _label(ns_label, ns_number)
        ew = sides.get(ew_number) or _label(ew_label, ew_number)
        boards = high - low + 1 if low else 0
        rounds.setdefault(round_number, []).append(
            SlipProgress(round_number, table, ns, ew, entered.get((round_number, table), 0), boards)
        )
    return rounds


def _label(label: str | None, number: int | None) -> str | None:
    """A pair's label as Pair.name gives it; None for an empty seat."""
    return None if number is None else label or str(number)
