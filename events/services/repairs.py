"""Repairs of a running event's movement: the rest of the evening when a pair comes late or
leaves, a table played the wrong boards, or pairs sat in each other's seats.

Each repair is one director's change in the audit trail, undone like any other. Saved lines
stay as they are (unless a wrong-boards repair is asked to move its table's lines with it): the
entry grid and the problems panel check them against the repaired table-rounds. A board's
expected number of results (the E of Neuberg) is counted again from the table-rounds, and the
boards whose count or lines changed are scored again.
"""

from collections import Counter, defaultdict
from contextlib import contextmanager
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext

from events.models import Board, Change, Event, Pair, Result, Section, TableRound
from events.services.history import recording
from events.services.line_text import result_text
from events.services.notes import note_text, sentence
from events.services.pair_labels import label_pairs, pair_of_slug
from events.services.scoring import rescore_board
from events.services.setup import name_pair
from events.services.status import EventLocked, check_editable
from scoring import ScoringError, parse_traveller_line
from scoring.movements.settling import Place, meetings_twice, settlement
from scoring.pair_labels import label_slug


class RepairRefused(Exception):
    """A repair that does not fit the event as it stands; str() says why."""


@dataclass
class Repaired:
    """What a repair did, in the director's words, and the pairs it now has meet boards twice
    in a later round (for the director to settle when that round comes)."""

    note: list[dict] = field(default_factory=list)  # events.services.notes
    twice: list[str] = field(default_factory=list)
    # Boards whose lines changed: scored again whatever their count of results.
    lines_changed: dict[int, set[int]] = field(default_factory=dict, repr=False)

    @property
    def summary(self) -> str:
        """What the repair did, in the reader's language."""
        return note_text(self.note)


def late_pair_joins(*, section: Section, from_round: int, names=(), user=None) -> Repaired:
    """A new pair (with its players' `names`, if given) takes the empty seat of the sit-out from
    `from_round` on: each of those sit-outs becomes a table, playing the boards idle in that
    round."""
    with _repair(section, user) as repair:
        _check_round(section, from_round)
        rounds = _sit_outs_from(section, from_round)
        numbers = set(section.pairs.values_list("number", flat=True))
        number = min(set(range(1, len(numbers) + 2)) - numbers)
        seats = Counter("ew" if tr.ew_pair_id is None else "ns" for tr in rounds)
        fixed = all(section.pairs.values_list("direction", flat=True))
        direction = (seats.most_common(1)[0][0].upper()) if fixed else ""
        pair = Pair.objects.create(section=section, number=number, direction=direction)
        label_pairs(section=section)
        pair.refresh_from_db(fields=["label"])
        if names:
            name_pair(pair=pair, names=names)
        repair.note = [sentence("late-pair", pair=pair.name, round=from_round)]
        for sit_out in rounds:
            low, high = _idle_boards(section, sit_out, pair)
            # Replaced, not edited: an undo deletes the new pair, and its table-rounds with it.
            sit_out.delete()
            TableRound.objects.create(
                section=section,
                round=sit_out.round,
                table=sit_out.table,
                ns_pair_id=sit_out.ns_pair_id or pair.pk,
                ew_pair_id=sit_out.ew_pair_id or pair.pk,
                low_board=low,
                high_board=high,
            )
    return repair


def pair_leaves(*, section: Section, pair: str | int, from_round: int, user=None) -> Repaired:
    """Pair `pair` (its label, e.g. "3 EW", or its number) plays no more from `from_round` on:
    its opponents in those rounds sit out."""
    with _repair(section, user) as repair:
        _check_round(section, from_round)
        leaving = _pair(section, pair)
        played = Result.objects.filter(
            Q(ns_pair=leaving) | Q(ew_pair=leaving), round__gte=from_round
        ).order_by("round")
        if played.exists():
            last = played.last().round
            if last >= section.rounds:
                raise RepairRefused(
                    gettext(
                        "pair %(pair)s has results in round %(round)s, the last round: no round "
                        "is left for it to leave from (delete those lines first if they are wrong)"
                    )
                    % {"pair": leaving.name, "round": last}
                )
            raise RepairRefused(
                gettext(
                    "pair %(pair)s has results in round %(round)s: it played that round, so it "
                    "leaves from round %(next)s at the earliest (or delete those lines first)"
                )
                % {"pair": leaving.name, "round": played.first().round, "next": last + 1}
            )
        for tr in _seats_of(section, leaving, from_round):
            if tr.ns_pair_id is None or tr.ew_pair_id is None:
                tr.delete()  # it was sitting out: nobody is left at the table
                continue
            if tr.ns_pair_id == leaving.pk:
                tr.ns_pair = None
            else:
                tr.ew_pair = None
            tr.low_board = tr.high_board = None
            tr.save()
        repair.note = [sentence("pair-leaves", pair=leaving.name, round=from_round - 1)]
    return repair


def wrong_boards(
    *,
    section: Section,
    round: int,
    table: int,
    low: int,
    high: int,
    move_lines: bool = False,
    user=None,
) -> Repaired:
    """Table `table` played boards `low`-`high` in round `round`, not the scheduled ones. With
    `move_lines`, the lines already entered for that table and round move with it, board by
    board in order, scored on their new boards."""
    with _repair(section, user) as repair:
        tr = _table_round(section, round, table)
        count = section.boards.count()
        if not (1 <= low <= high <= count):
            raise RepairRefused(
                gettext(
                    "there are no boards %(low)s-%(high)s in this event: its boards are 1-%(count)s"
                )
                % {"low": low, "high": high, "count": count}
            )
        bpr = section.boards_per_round
        if (low - 1) % bpr or high - low + 1 != bpr:
            raise RepairRefused(
                gettext(
                    "boards %(low)s-%(high)s are not one round's set: each round is %(bpr)s "
                    "boards, e.g. %(first)s-%(last)s"
                )
                % {
                    "low": low,
                    "high": high,
                    "bpr": bpr,
                    "first": low - (low - 1) % bpr,
                    "last": low - (low - 1) % bpr + bpr - 1,
                }
            )
        if (tr.low_board, tr.high_board) == (low, high):
            raise RepairRefused(
                gettext("table %(table)s already plays boards %(low)s-%(high)s in round %(round)s")
                % {"table": table, "low": low, "high": high, "round": round}
            )
        for pair_id in (tr.ns_pair_id, tr.ew_pair_id):
            _check_not_played_before(section, pair_id, low, high, tr)
        played = {"round": round, "table": table, "low": low, "high": high}
        played |= {"old_low": tr.low_board, "old_high": tr.high_board}
        repair.note = [sentence("wrong-boards", **played)]
        if move_lines:
            moved = _move_lines(section, tr, low, repair)
            if moved:
                repair.note = [sentence("wrong-boards-moved", **played, count=moved)]
        unsettled = _unsettled(section)
        tr.low_board, tr.high_board = low, high
        tr.save()
        _check_settles(section, tr, unsettled)
    return repair


def _check_settles(section: Section, repaired: TableRound, unsettled: list["ToSettle"]) -> None:
    """Refuse a wrong-boards repair that leaves a pair to meet a set twice where no repair
    settles it (see scoring.movements.settling) and none was before: its table cards would
    never print again and Undo would be the only way out."""
    before = [settle.meeting for settle in unsettled]
    for settle in _unsettled(section):
        if settle.meeting in before:
            continue
        raise RepairRefused(
            gettext(
                "pair %(name)s would meet %(boards)s twice (%(where)s), and no boards given to "
                "the tables still to play could settle it: the table cards could not be printed "
                "again. If the table did play %(played)s, leave the movement as it is and give "
                "the lines on them artificial scores"
            )
            % {
                "name": settle.name,
                "boards": boards_text(settle.boards),
                "where": _places_text(settle.places),
                "played": boards_text((repaired.low_board, repaired.high_board)),
            }
        )


def _move_lines(section: Section, tr: TableRound, low: int, repair: Repaired) -> int:
    """Move the lines of `tr`'s pairs on its scheduled boards to the same place in the set
    starting at `low`, each scored on its new board's vulnerability; how many moved."""
    pairs = {tr.ns_pair_id, tr.ew_pair_id}
    lines = (
        Result.objects.filter(
            board__section=section,
            board__number__range=(tr.low_board, tr.high_board),
            ns_pair_id__in=pairs,
            ew_pair_id__in=pairs,
        )
        .select_related("board")
        .order_by("board__number")
    )
    boards = {b.number: b for b in section.boards.all()}
    count = 0
    for result in lines:
        board = boards[result.board.number - tr.low_board + low]
        try:
            line = parse_traveller_line(result_text(result))
            scores = line.score_ns(board.vulnerability), line.score_ew(board.vulnerability)
        except ScoringError as refused:
            raise RepairRefused(
                gettext(
                    "the line on board %(board)s cannot move to board %(new_board)s "
                    "(%(refused)s): edit it there by hand instead"
                )
                % {"board": result.board.number, "new_board": board.number, "refused": refused}
            ) from None
        repair.lines_changed.setdefault(result.board.number, set()).update(pairs)
        repair.lines_changed.setdefault(board.number, set())
        result.board = board
        result.score_ns, result.score_ew = scores
        result.save()
        count += 1
    return count


def directions_swapped(*, section: Section, round: int, table: int, user=None) -> Repaired:
    """At `table` in `round` the NS pair sat EW and the EW pair NS."""
    with _repair(section, user) as repair:
        tr = _table_round(section, round, table)
        tr.ns_pair_id, tr.ew_pair_id = tr.ew_pair_id, tr.ns_pair_id
        tr.save()
        ns, ew = _names(section, tr.ns_pair_id, tr.ew_pair_id)
        repair.note = [sentence("sat-wrong-way", round=round, table=table, ns=ns, ew=ew)]
    return repair


def pairs_swapped(
    *, section: Section, first: str | int, second: str | int, from_round: int, user=None
) -> Repaired:
    """Pairs `first` and `second` (labels or numbers, as pair_leaves takes them) sit in each
    other's places from `from_round` on."""
    with _repair(section, user) as repair:
        _check_round(section, from_round)
        a, b = _pair(section, first), _pair(section, second)
        if a.pk == b.pk:
            raise RepairRefused(
                gettext("pair %(pair)s cannot swap places with itself") % {"pair": a.name}
            )
        event = section.event
        if event.winners == 2 and a.direction and b.direction and a.direction != b.direction:
            raise RepairRefused(
                gettext(
                    "pairs %(first)s and %(second)s play in different directions and the event "
                    "has NS and EW winners: swap NS and EW at a table for one round instead"
                )
                % {"first": a.name, "second": b.name}
            )
        played = Result.objects.filter(
            Q(ns_pair__in=[a, b]) | Q(ew_pair__in=[a, b]), round__gte=from_round
        ).order_by("round")
        if played.exists():
            if played.last().round >= section.rounds:
                raise RepairRefused(
                    gettext(
                        "pairs %(first)s and %(second)s have results in round %(round)s, the last "
                        "round: no round is left for them to swap places from (delete those lines "
                        "first if they are wrong)"
                    )
                    % {"first": a.name, "second": b.name, "round": played.last().round}
                )
            raise RepairRefused(
                gettext(
                    "pairs %(first)s and %(second)s have results in round %(round)s as the "
                    "movement seated them: swap them from round %(next)s, or delete those lines "
                    "first"
                )
                % {
                    "first": a.name,
                    "second": b.name,
                    "round": played.first().round,
                    "next": played.last().round + 1,
                }
            )
        swap = {a.pk: b.pk, b.pk: a.pk}
        rows = TableRound.objects.filter(section=section, round__gte=from_round).filter(
            Q(ns_pair__in=[a, b]) | Q(ew_pair__in=[a, b])
        )
        before = [settle.meeting for settle in still_to_settle(section=section)]
        for tr in rows:
            tr.ns_pair_id = swap.get(tr.ns_pair_id, tr.ns_pair_id)
            tr.ew_pair_id = swap.get(tr.ew_pair_id, tr.ew_pair_id)
            tr.save()
        _check_no_new_meeting_twice(section, before, from_round)
        repair.note = [sentence("pairs-swap", first=a.name, second=b.name, round=from_round)]
    return repair


def _check_no_new_meeting_twice(section: Section, before: list[tuple], from_round: int) -> None:
    """Refuse a swap that sends a pair back to boards it meets in another round. A meeting in
    `from_round` itself is let through: the pairs sit there already, and the repair page names
    the wrong-boards repair that settles it."""
    for settle in still_to_settle(section=section):
        if settle.meeting in before:
            continue
        round_number, table = settle.places[-1]
        if round_number == from_round:
            continue
        first_round, first_table = settle.places[0]
        raise RepairRefused(
            gettext(
                "pair %(pair)s would meet %(boards)s again in round %(round)s at table %(table)s "
                "(it plays them in round %(first_round)s at table %(first_table)s): a pair plays "
                "a board once, so they cannot keep each other's places for the rest of the "
                "session: seat them back in their own places before then"
            )
            % {
                "pair": settle.name,
                "boards": boards_text(settle.boards),
                "round": round_number,
                "table": table,
                "first_round": first_round,
                "first_table": first_table,
            }
        )


@contextmanager
def _repair(section: Section, user):
    """The frame of every repair: one transaction and one recorded change; the section's boards
    then its pairs held in the house order, the publication lock read under them; afterwards
    each board's expected results counted again and the boards whose count changed scored
    again."""
    with transaction.atomic():
        # Across the field a board is scored with the other sections': theirs are held too.
        across = Event.objects.filter(pk=section.event_id, section_scoring="field").exists()
        held = {"section__event": section.event_id} if across else {"section": section}
        boards = list(Board.objects.select_for_update().filter(**held).order_by("pk"))
        boards = [board for board in boards if board.section_id == section.pk]
        list(Pair.objects.select_for_update().filter(**held).order_by("pk"))
        event = Event.objects.select_related("club").get(pk=section.event_id)
        section.event = event
        try:
            check_editable(event)
        except EventLocked as locked:
            raise RepairRefused(str(locked)) from None
        if not section.table_rounds.exists():
            raise RepairRefused(gettext("this event has no movement to repair"))
        with recording(club=event.club, event=event, user=user, kind=Change.Kind.REPAIR) as change:
            repair = Repaired()
            yield repair
            change.note = repair.note
            change.save(update_fields=["note"])
            _rescore_changed_boards(section, boards, repair.lines_changed)
            repair.twice = twice_played(section=section)


@dataclass(frozen=True)
class ToSettle:
    """A pair the repaired movement brings back to `boards` at `places`: in the director's
    words, with the wrong-boards repair that settles it (`repair`) at `round` and `table`
    (the later meeting's, unless an earlier repair settles it), None where none is left."""

    name: str
    boards: tuple[int, ...]
    places: list[Place]
    round: int
    table: int
    repair: tuple[int, ...] | None

    @property
    def meeting(self) -> tuple[str, tuple[int, ...], list[Place]]:
        """Who meets which boards where: the same meeting before and after a repair."""
        return self.name, self.boards, self.places

    @property
    def text(self) -> str:
        return gettext("Pair %(pair)s meets %(boards)s twice: %(where)s; %(settling)s") % {
            "pair": self.name,
            "boards": boards_text(self.boards),
            "where": _places_text(self.places),
            "settling": self.settling,
        }

    @property
    def settling(self) -> str:
        if self.repair is None:
            return gettext(
                "no set of boards is left that neither pair at table %(table)s meets in "
                "another round: that table can play no board in round %(round)s"
            ) % {"table": self.table, "round": self.round}
        return gettext("settle it with the repair %(repair)s") % {
            "repair": _wrong_boards_text(self.round, self.table, self.repair)
        }


def _places_text(places) -> str:
    """ "round 2 at table 3 and round 5 at table 1"."""
    return gettext(" and ").join(
        gettext("round %(round)s at table %(table)s") % {"round": r, "table": t} for r, t in places
    )


def still_to_settle(*, section: Section) -> list[ToSettle]:
    """Where the repaired movement has a pair meet the same boards a second time, each with
    the wrong-boards repair that settles it (scoring.movements.settling): a round the director
    settles when it comes."""
    seats = _seats(section)
    meetings = meetings_twice(seats)
    if not meetings:
        return []
    bpr = section.boards_per_round
    repairs = settlement(seats, range(1, section.boards.count() // bpr * bpr + 1, bpr))
    labels = dict(section.pairs.values_list("number", "label"))
    settles = []
    for (pair, low), places in meetings.items():
        place = next((p for p in reversed(places) if p in repairs), places[-1])
        fresh = repairs.get(place)
        settles.append(
            ToSettle(
                name=labels[pair] or str(pair),
                boards=tuple(range(low, low + bpr)),
                places=places,
                round=place[0],
                table=place[1],
                repair=None if fresh is None else tuple(range(fresh, fresh + bpr)),
            )
        )
    return settles


def still_to_settle_on(
    *, section: Section, board: int, seated: list[int] | None = None
) -> list[ToSettle]:
    """still_to_settle, of the meetings of `board`'s set alone: read from the table-rounds that
    play it, the whole movement only when one of their pairs meets that set twice. The grid
    asks after every saved line: its work stays with the board, whatever the movement's size.
    `seated`: both pairs of each meeting on the board (their numbers), when the caller has
    read the meetings already."""
    if seated is None:
        seated = [
            pair
            for pairs in TableRound.objects.filter(
                section=section, low_board__lte=board, high_board__gte=board
            )
            .exclude(ns_pair=None)
            .exclude(ew_pair=None)
            .values_list("ns_pair_id", "ew_pair_id")
            for pair in pairs
        ]
    if len(seated) == len(set(seated)):
        return []
    return [settle for settle in still_to_settle(section=section) if board in settle.boards]


def _unsettled(section: Section) -> list[ToSettle]:
    """What no wrong-boards repair settles (see still_to_settle)."""
    return [settle for settle in still_to_settle(section=section) if settle.repair is None]


def twice_played(*, section: Section) -> list[str]:
    """The texts of what is still to settle (`still_to_settle`)."""
    return [settle.text for settle in still_to_settle(section=section)]


def settling_repair(*, section: Section, round: int, table: int) -> str:
    """The wrong-boards repair that settles the pair brought back to boards it met at table
    `table` in round `round`, in the director's words (or why there is none)."""
    return next(
        (
            settle.settling
            for settle in still_to_settle(section=section)
            if (round, table) in settle.places
        ),
        gettext('give that table other boards with the repair "A table played the wrong boards"'),
    )


def boards_text(boards: tuple[int, ...]) -> str:
    """'boards 4-6', or 'board 4' for a one-board round, in the reader's language (as
    scoring.movements.model.boards_text writes them in English)."""
    if len(boards) == 1:
        return gettext("board %(board)s") % {"board": boards[0]}
    return gettext("boards %(low)s-%(high)s") % {"low": boards[0], "high": boards[-1]}


def _wrong_boards_text(round_number: int, table: int, boards: tuple[int, ...]) -> str:
    return gettext(
        '"A table played the wrong boards": round %(round)s, table %(table)s, %(boards)s'
    ) % {
        "round": round_number,
        "table": table,
        "boards": boards_text(boards),
    }


def _seats(section: Section) -> dict[Place, tuple[int, int, int]]:
    """(round, table) -> (NS pair's number, EW pair's number, first board) where two pairs
    play."""
    rows = (
        TableRound.objects.filter(section=section, low_board__isnull=False)
        .exclude(ns_pair=None)
        .exclude(ew_pair=None)
        .values_list("round", "table", "ns_pair__number", "ew_pair__number", "low_board")
    )
    return {(r, t): (ns, ew, low) for r, t, ns, ew, low in rows}


def _rescore_changed_boards(
    section: Section, boards: list[Board], lines_changed: dict[int, set[int]]
) -> None:
    plays: Counter = Counter()
    scheduled = (
        TableRound.objects.filter(section=section, low_board__isnull=False)
        .exclude(ns_pair=None)
        .exclude(ew_pair=None)
        .values_list("low_board", "high_board")
    )
    for low, high in scheduled:
        plays.update(range(low, high + 1))
    for board in boards:
        if board.expected_results != plays[board.number]:
            # A table the repair leaves a pair sitting out at still counts where the event
            # factors to the movement's tables (Board.movement_results).
            counted = max(board.movement_results, board.expected_results)
            board.movement_results = counted if counted > plays[board.number] else 0
            board.expected_results = plays[board.number]
            board.save(update_fields=["expected_results", "movement_results"])
        elif board.number not in lines_changed:
            continue
        board.section = section
        rescore_board(board=board, former_pair_ids=lines_changed.get(board.number, set()))


def _check_round(section: Section, round_number: int) -> None:
    if not 1 <= round_number <= section.rounds:
        raise RepairRefused(
            gettext("there is no round %(round)s: the movement has rounds 1-%(rounds)s")
            % {"round": round_number, "rounds": section.rounds}
        )


def _table_round(section: Section, round_number: int, table: int) -> TableRound:
    """The table-round where two pairs play; a refusal for a table that does not exist or
    where a pair sits out."""
    _check_round(section, round_number)
    tr = TableRound.objects.filter(section=section, round=round_number, table=table).first()
    if tr is None:
        tables = section.table_rounds.filter(round=round_number).count()
        raise RepairRefused(
            gettext("there is no table %(table)s in round %(round)s: the tables are 1-%(tables)s")
            % {"table": table, "round": round_number, "tables": tables}
        )
    if tr.ns_pair_id is None or tr.ew_pair_id is None:
        raise RepairRefused(
            gettext(
                "a pair sits out at table %(table)s in round %(round)s: no boards are played there"
            )
            % {"table": table, "round": round_number}
        )
    return tr


def _pair(section: Section, typed: str | int) -> Pair:
    """The pair a director names by its label without the section ("3 EW", "3"), or by its
    number where no label is just that number; a bare number two pairs' labels share (3 NS and
    3 EW) is refused rather than guessed."""
    label = str(typed)
    if label.isdigit():
        shared = [f"{label} NS", f"{label} EW"]
        if (
            section.pairs.filter(label__in=shared + [section.letter + s for s in shared]).count()
            == 2
        ):
            raise RepairRefused(
                gettext("pair %(number)s could be %(ns)s or %(ew)s: type which, e.g. %(ew)s")
                % {"number": label, "ns": shared[0], "ew": shared[1]}
            )
    pair = pair_of_slug(section=section, slug=label_slug(label))
    if pair is None:
        raise RepairRefused(gettext("there is no pair %(pair)s in this event") % {"pair": label})
    return pair


def _names(section: Section, *pair_ids: int) -> list[str]:
    """The labels of the pairs `pair_ids`, as players know them."""
    names = {pair.pk: pair.name for pair in section.pairs.all()}
    return [names[pk] for pk in pair_ids]


def _seats_of(section: Section, pair: Pair, from_round: int):
    return TableRound.objects.filter(section=section, round__gte=from_round).filter(
        Q(ns_pair=pair) | Q(ew_pair=pair)
    )


def _sit_outs_from(section: Section, from_round: int) -> list[TableRound]:
    """The one sit-out of each round from `from_round` on; a refusal when a round has none,
    or more than one (the late pair could not tell which seat to take)."""
    sit_outs = list(
        TableRound.objects.filter(section=section, round__gte=from_round).filter(
            Q(ns_pair=None) | Q(ew_pair=None)
        )
    )
    found = defaultdict(list)
    for tr in sit_outs:
        found[tr.round].append(tr)
    for round_number in range(from_round, section.rounds + 1):
        tables = [tr.table for tr in found[round_number]]
        if not tables:
            raise RepairRefused(
                gettext(
                    "no pair sits out in round %(round)s: a late pair needs a sit-out to "
                    "take, every table has two pairs"
                )
                % {"round": round_number}
            )
        if len(tables) > 1:
            raise RepairRefused(
                gettext(
                    "pairs sit out at tables %(tables)s in round %(round)s: a late pair takes "
                    "the one sit-out of each round"
                )
                % {"tables": ", ".join(map(str, tables)), "round": round_number}
            )
    return sit_outs


def _idle_boards(section: Section, sit_out: TableRound, pair: Pair) -> tuple[int, int]:
    """The set of boards no table plays in the sit-out's round, and none of its pairs has met:
    the boards that wait at the sit-out table."""
    pairs = {pair.pk, sit_out.ns_pair_id, sit_out.ew_pair_id} - {None}
    fresh = _fresh_sets(section, sit_out.round, pairs)
    if len(fresh) != 1:
        raise RepairRefused(
            (
                gettext(
                    "round %(round)s has no one set of boards waiting at table %(table)s: "
                    "repair that table's boards after the pair joins"
                )
                if fresh
                else gettext(
                    "every set of boards is in play in round %(round)s, or already met by "
                    "the pairs at table %(table)s: the late pair has nothing to play there"
                )
            )
            % {"round": sit_out.round, "table": sit_out.table}
        )
    return fresh[0], fresh[0] + section.boards_per_round - 1


def _fresh_sets(section: Section, round_number: int, pair_ids: set[int]) -> list[int]:
    """The first board of each set none of the pairs `pair_ids` meets in any round, and no
    table plays in round `round_number`."""
    bpr = section.boards_per_round
    in_round = TableRound.objects.filter(
        section=section, round=round_number, low_board__isnull=False
    )
    used = set(in_round.values_list("low_board", flat=True))
    met = set(
        TableRound.objects.filter(section=section, low_board__isnull=False)
        .filter(Q(ns_pair__in=pair_ids) | Q(ew_pair__in=pair_ids))
        .values_list("low_board", flat=True)
    )
    count = section.boards.count() // bpr * bpr
    return [low for low in range(1, count + 1, bpr) if low not in used | met]


def _check_not_played_before(
    section: Section, pair_id: int, low: int, high: int, tr: TableRound
) -> None:
    """Refuse boards a pair played in an earlier round, or has a line on already."""
    name = _names(section, pair_id)[0]
    earlier = (
        _seats_of(section, Pair(pk=pair_id), 1)
        .filter(round__lt=tr.round, low_board__lte=high, high_board__gte=low)
        .first()
    )
    if earlier is not None:
        raise RepairRefused(
            gettext(
                "pair %(pair)s played boards %(low)s-%(high)s in round %(round)s already: a "
                "pair plays a board once"
            )
            % {
                "pair": name,
                "low": earlier.low_board,
                "high": earlier.high_board,
                "round": earlier.round,
            }
        )
    line = (
        Result.objects.filter(board__section=section, board__number__range=(low, high))
        .filter(Q(ns_pair_id=pair_id) | Q(ew_pair_id=pair_id))
        .select_related("board")
        .first()
    )
    if line is not None:
        raise RepairRefused(
            gettext(
                "pair %(pair)s already has a line on board %(board)s: a pair plays a board once"
            )
            % {"pair": name, "board": line.board.number}
        )
