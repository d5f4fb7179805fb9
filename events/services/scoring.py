"""Scoring a board when a line on it changes, and keeping the pairs' totals current.

The work after one saved line is one board's traveller and the pairs on it: a constant number
of queries, whatever the size of the event. An event matchpointed across the field scores a
board of one section together with the same board of every section on the same deals.

Every write takes its row locks in one order, so that writers queue instead of deadlocking: the
board (or all the event's boards, by id), then its lines, then the pairs by id (late, just
before their totals), then lines by id. A line on another board is only ever locked for one of
the writer's own pairs (its averages under Law 12C2(c)), after those pairs, and without waiting:
the writer scoring that board may be waiting for those pairs, so the save starts again instead.
"""

from collections import Counter
from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import Count, Q, Sum

from events.formats.vocabulary import TO_THE_MOVEMENT, UNFACTORED
from events.models import Board, Event, Pair, Result
from events.services import page_cache
from scoring import (
    Adjusted,
    Split,
    Weighted,
    adjusted_percent,
    cross_imps,
    datum_imps,
    matchpoint_traveller,
)
from scoring.imps import ARTIFICIAL_IMPS
from scoring.matchpoints import (
    board_top,
    results_scored_to,
    round_each,
    round_matchpoints,
    unfactored,
)
from scoring.weighted_scores import weighted_entry


def lock_board(*, board: Board) -> bool:
    """Hold `board` (across the field, the boards scored with it) until the transaction ends;
    whether the event is published (and not reopened), read under the lock.

    Lines are added to or removed from a board only under its lock. The pairs whose totals a
    save changes are locked later, once the board is scored and before its points are written
    (rescore_board): held from the start, they made the saves of every board those pairs had
    played wait for each other. Every writer takes the board, then pairs by id, then lines by
    id, so a writer may wait for another's lines without a deadlock. SQLite lets one writer in
    at a time.
    """
    boards = field_boards(board).select_for_update(of=("self",)).order_by("pk")
    held = list(boards.values_list("pk", flat=True))
    # Read after the boards' lock, in a statement of its own, so that it sees a publication
    # that held them before: only the boards are locked (read in the locking query, the event's
    # row was locked with them, and every save of the event waited for the one before it).
    states = Event.objects.filter(pk=board.section.event_id).values_list("status", "reopened_on")
    status, reopened_on = next(iter(states), (None, None)) if held else (None, None)
    return Event(status=status, reopened_on=reopened_on).is_locked


def field_boards(board: Board):
    """The boards scored with `board` (a queryset): itself, or across the field the board of
    that number in every section of the event that plays the same deals."""
    event = board.section.event
    if not event.across_field:
        return Board.objects.filter(pk=board.pk)
    return Board.objects.filter(
        section__event=event.pk, section__board_set=board.section.board_set, number=board.number
    )


def rescore_board(
    *,
    board: Board,
    former_pair_ids: set[int] = frozenset(),
    lines: list[Result] | None = None,
) -> set[int]:
    """Score every line of `board` (and of the boards it is compared with across the field)
    and refresh the totals of the pairs who played it; returns the ids of the boards scored.

    `former_pair_ids` are pairs whose line on this board was just deleted or moved to other
    pairs: their totals change too. A writer that holds the board's lock may hand over the
    boards' lines as they now are, in the order of their ids (`lines`), so that they are not
    read again.
    """
    with transaction.atomic(savepoint=False):
        scored = _board_points(board, lines)
        # The pairs before the lines' points: a writer summing its pairs' session averages
        # waits for lines of other boards (_totals_with_session_averages), never for a writer
        # that holds them and waits for its pairs.
        pair_ids = _lock_pairs(scored.pair_ids | set(former_pair_ids))
        _save_points(scored.lines, scored.points, scored.top)
        _update_locked_pair_totals(pair_ids, board.section.event)
        page_cache.changed(event_id=board.section.event_id)
        return scored.board_ids


def score_lines(*, board: Board, results: list[Result] | None = None) -> tuple[set[int], set[int]]:
    """Score every line of `board` and, across the field, of the boards compared with it (the
    caller holds their locks and their pairs'); the ids of the boards scored and of the pairs
    on them. `results` are those boards' lines by id, when the caller has them."""
    scored = _board_points(board, results)
    _save_points(scored.lines, scored.points, scored.top)
    return scored.board_ids, scored.pair_ids


@dataclass
class _ScoredBoard:
    board_ids: set[int]
    pair_ids: set[int]
    lines: list[Result]  # the played ones, whose points are worked out
    points: list[tuple[float, float]]
    top: float | None


def _board_points(board: Board, results: list[Result] | None) -> _ScoredBoard:
    """The points of the played lines of `board` (and across the field of the boards compared
    with it), worked out and not yet written."""
    event = board.section.event
    boards = list(field_boards(board)) if event.across_field else [board]
    if results is None:
        results = list(Result.objects.filter(board__in=[b.pk for b in boards]).order_by("pk"))
    lines = [r for r in results if not r.not_played]
    if event.scoring == Event.Scoring.MATCHPOINTS:
        entries = [matchpoint_entry(r) for r in lines]
        expected = scored_results(event, boards, lines, entries)
        top = board_top(expected, event.mp_scale)
        unrounded = matchpoint_traveller(
            entries,
            expected=expected,
            per_beat=event.mp_scale,
            missing=event.missing_results,
        )
        ns_points = round_each((ns for ns, _ in unrounded), event.mp_rounding, top)
        ew_points = round_each((ew for _, ew in unrounded), event.mp_rounding, top)
        points = list(zip(ns_points, ew_points, strict=True))
    else:
        top = None
        points = _imp_points(event, lines)
    pair_ids = {p for r in results for p in (r.ns_pair_id, r.ew_pair_id)}
    return _ScoredBoard({b.pk for b in boards}, pair_ids, lines, points, top)


def _save_points(lines: list[Result], points, top: float | None) -> None:
    """Store the points of the boards' played lines (all of `lines`); a fixed score keeps its
    fixed points."""
    for line, (ns, ew) in zip(lines, points, strict=True):
        if line.is_fixed:
            ns, ew = line.fixed_ns_points, line.fixed_ew_points
        line.ns_points, line.ew_points, line.top = ns, ew, top
    update_rows(Result, ["ns_points", "ew_points", "top"], lines)


def update_rows(model, fields: list[str], rows: list) -> None:
    """Store `fields` of these saved `rows` of `model`, as bulk_update would: one UPDATE a row
    by its id, sent by the driver as one batch (executemany). bulk_update builds one CASE branch
    a row and field, whose Python side took most of rescoring a 48,000-line event."""
    if not rows:
        return
    quote = connection.ops.quote_name
    columns = [model._meta.get_field(name) for name in fields]
    assignments = ", ".join(f"{quote(column.column)} = %s" for column in columns)
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {quote(model._meta.db_table)} SET {assignments} "
            f"WHERE {quote(model._meta.pk.column)} = %s",
            [
                [
                    column.get_db_prep_save(getattr(row, column.attname), connection)
                    for column in columns
                ]
                + [row.pk]
                for row in rows
            ],
        )


def expected_results(event: Event, board: Board, lines: list[Result]) -> int:
    """The E of the board's Neuberg formula, the count it is factored to (Event.factor_to):
    the times the movement has two pairs play it, or with the phantom's table counted where
    a pair sits out; more if more lines are entered."""
    movement = board.movement_results if event.factor_to == TO_THE_MOVEMENT else 0
    return max(board.expected_results, movement, len(lines))


def scored_results(event: Event, boards: list[Board], lines: list[Result], entries) -> int:
    """The count of results the boards' matchpoints and top are worked to under the event's
    rule for short boards: the movement's (field_expected_results), or the results played."""
    expected = field_expected_results(event, boards, lines)
    return results_scored_to(entries, expected, event.missing_results)


def field_expected_results(event: Event, boards: list[Board], lines: list[Result]) -> int:
    """The E of the Neuberg formula for boards compared across the field: each section's
    expected count, added up; a section whose board is played fewer times is factored up."""
    return sum(
        expected_results(event, board, [r for r in lines if r.board_id == board.pk])
        for board in boards
    )


def matchpoint_entry(result: Result):
    if result.weights:
        return Weighted(weighted_entry(result.weights))
    if result.ns_adjustment:
        return Adjusted(adjusted_side_percent(result, "ns"), adjusted_side_percent(result, "ew"))
    if result.score_ew is not None:
        return Split(result.score_ns, result.score_ew)
    return result.score_ns


def adjusted_side_percent(result: Result, side: str, **rule) -> float:
    """A side's artificial score in percent of the top: as stored (e.g. USEBIO's A7030), else
    what its code stands for under the rule (60/50/40 by default)."""
    stored = getattr(result, f"{side}_percent")
    code = getattr(result, f"{side}_adjustment")
    return adjusted_percent(code, **rule) if stored is None else stored


def _imp_points(event: Event, lines: list[Result]) -> list[tuple[float, float]]:
    """IMPs for each line: played lines against the datum or each other, adjusted ones ±3."""
    played, ns_scores, ew_scores = imp_scores(lines)
    if not played:  # only adjusted lines: no datum, nothing to compare
        ns_imps = ew_imps = []
    elif event.scoring == Event.Scoring.BUTLER:
        ns_imps = datum_imps(ns_scores, method=event.datum_method)
        ew_imps = datum_imps(ew_scores, method=event.datum_method)
    else:
        ns_imps = cross_imps(ns_scores, mode=event.cross_imp_mode)
        ew_imps = cross_imps(ew_scores, mode=event.cross_imp_mode)
    by_line = {r.pk: (ns, -ew) for r, ns, ew in zip(played, ns_imps, ew_imps, strict=True)}
    return [
        (ARTIFICIAL_IMPS[r.ns_adjustment], ARTIFICIAL_IMPS[r.ew_adjustment])
        if r.ns_adjustment
        else by_line[r.pk]
        for r in lines
    ]


def imp_scores(lines: list[Result]) -> tuple[list[Result], list[int], list[int]]:
    """The lines IMPed against each other (adjusted ones are not), their NS scores, and the NS
    scores their EW sides are IMPed with (a split score's second score). The grid refuses a
    weighted score in an IMP event, and an event with one cannot become one; a weighted line
    restored from elsewhere counts as its weighted mean (score_ns)."""
    played = [r for r in lines if not r.ns_adjustment]
    ns_scores = [r.score_ns for r in played]
    ew_scores = [r.score_ns if r.score_ew is None else r.score_ew for r in played]
    return played, ns_scores, ew_scores


@dataclass(frozen=True)
class Totals:
    """A pair's score, the sum of the tops of the boards it played, and how many it played."""

    score: float = 0.0
    top: float = 0.0
    boards: int = 0

    @property
    def percentage(self) -> float | None:
        return 100 * self.score / self.top if self.top else None

    def __add__(self, other: "Totals") -> "Totals":
        return Totals(self.score + other.score, self.top + other.top, self.boards + other.boards)


def pair_totals(lines, *, pair_ids: set[int] | None = None) -> dict[int, Totals]:
    """Each pair's totals over `lines` (a Result queryset), from both directions it sat in:
    one query (each direction grouped, the two put together), whatever the number of lines."""
    sides = []
    for side in ("ns", "ew"):
        side_lines = lines.filter(not_played=False).order_by()
        if pair_ids is not None:
            side_lines = side_lines.filter(**{f"{side}_pair__in": pair_ids})
        sides.append(
            side_lines.values(f"{side}_pair")
            .annotate(score=Sum(f"{side}_points"), top=Sum("top"), boards=Count("id"))
            .values_list(f"{side}_pair", "score", "top", "boards")
        )
    totals: dict[int, Totals] = {}
    for pair_id, score, top, boards in sides[0].union(sides[1], all=True).order_by():
        found = Totals(score or 0.0, top or 0.0, boards)
        totals[pair_id] = totals.get(pair_id, Totals()) + found
    return totals


def unfactored_totals(lines, event: Event, *, artificial: bool = True) -> dict[int, Totals]:
    """Each pair's matchpoints over `lines` (a Result queryset) on each board's own results,
    over those boards' own tops (the event's percentage basis "unfactored"): a short board's
    points before factoring (scoring.matchpoints.unfactored), an artificial score its share of
    the own top, or (not `artificial`) nothing, the board played only. One query; the boards
    are counted as their lines are."""
    rows = list(
        lines.filter(not_played=False, top__isnull=False)
        .order_by()
        .values_list(
            "board", "ns_pair", "ew_pair", "ns_points", "ew_points", "top", "ns_adjustment"
        )
    )
    played = Counter(board for board, *_ in rows)
    per_beat = event.mp_scale
    totals: dict[int, Totals] = {}
    for board, ns_pair, ew_pair, ns_points, ew_points, top, adjusted in rows:
        scored_to, own = round(top / per_beat) + 1, played[board]
        # Under the rule "own" a short board is on its own top already.
        own_top = top if event.missing_results == "own" else per_beat * (own - 1)
        for pair_id, points in ((ns_pair, ns_points), (ew_pair, ew_points)):
            if not adjusted:
                points = unfactored(points, scored_to, own, event.missing_results, per_beat)
            elif not artificial:
                continue
            elif top:
                points = points * own_top / top
            totals[pair_id] = totals.get(pair_id, Totals()) + Totals(points, own_top, 1)
    return totals


def session_percentages(
    *, pair_ids: set[int], event: Event, played: dict[int, Totals] | None = None
) -> dict[int, float | None]:
    """Each pair's percentage on the boards it played (its lines without an artificial score),
    the one its averages follow under Law 12C2(c), on the event's percentage basis
    (Event.percentage_basis): over its `played` totals (pair_totals of those lines, read when
    not given), or on each board's own results (one query, the boards' every line)."""
    if event.percentage_basis == UNFACTORED and not event.is_imps:
        theirs = Result.objects.filter(Q(ns_pair__in=pair_ids) | Q(ew_pair__in=pair_ids))
        boards = theirs.filter(ns_adjustment="").values("board")
        played = unfactored_totals(Result.objects.filter(board__in=boards), event, artificial=False)
    elif played is None:
        played = pair_totals(Result.objects.filter(ns_adjustment=""), pair_ids=pair_ids)
    return {pk: played.get(pk, Totals()).percentage for pk in pair_ids}


def update_pair_totals(*, pair_ids: set[int], event: Event) -> None:
    """Recompute score, top total and boards played for these pairs from their lines.

    Under Law 12C2(c) a pair's average plus or minus follows its percentage on the boards it
    played, so those lines of these pairs are scored again first: one query more (two where
    the percentages are worked on each board's own results), and one update, whatever the
    size of the event.
    """
    _update_locked_pair_totals(_lock_pairs(pair_ids), event)


def _lock_pairs(pair_ids: set[int]) -> set[int]:
    """Hold these pairs until the transaction ends; the ids of those that still exist.

    Locked by id, late in the writer's transaction: totals are summed after any other save
    that touched these pairs has committed, and the pairs are held only from here to commit.
    FOR NO KEY UPDATE: a line inserted earlier in another writer's transaction holds its
    pairs' rows FOR KEY SHARE (its foreign keys), which a plain FOR UPDATE would wait for.
    """
    held = Pair.objects.select_for_update(no_key=True).filter(pk__in=pair_ids).order_by("pk")
    return set(held.values_list("pk", flat=True))


def _update_locked_pair_totals(pair_ids: set[int], event: Event) -> None:
    if event.adjusted_scores == "session" and event.scoring == Event.Scoring.MATCHPOINTS:
        totals = _totals_with_session_averages(pair_ids, event)
    else:
        totals = pair_totals(Result.objects.all(), pair_ids=pair_ids)
    # Only the three totals are written: the pairs need not be read whole.
    pairs = [
        Pair(pk=pk, score=total.score, top_total=total.top, boards_played=total.boards)
        for pk in sorted(pair_ids)
        for total in [totals.get(pk, Totals())]
    ]
    update_rows(Pair, ["score", "top_total", "boards_played"], pairs)


def _totals_with_session_averages(pair_ids: set[int], event: Event) -> dict[int, Totals]:
    played = pair_totals(Result.objects.filter(ns_adjustment=""), pair_ids=pair_ids)
    # Locked by id, and read under the lock: a line's other side may be another writer's pair.
    adjusted = list(
        Result.objects.filter(Q(ns_pair__in=pair_ids) | Q(ew_pair__in=pair_ids))
        .exclude(ns_adjustment="")
        .filter(not_played=False, top__isnull=False)  # lines of boards not scored yet wait
        .filter(fixed_ns_points__isnull=True)  # a fixed score stays as the file printed it
        # A writer scoring one of these lines' boards took its pairs first (rescore_board), so
        # it is waited for; one that saved one of these lines took the line first, and the
        # rare deadlock PostgreSQL finds then is retried (conflicts.retry_on_conflict).
        .select_for_update()
        .order_by("pk")
    )
    totals = dict(played)
    sessions = session_percentages(pair_ids=pair_ids, event=event, played=played)
    for line in adjusted:
        for side in ("ns", "ew"):
            pair_id = getattr(line, f"{side}_pair_id")
            if pair_id not in pair_ids:
                continue
            percent = adjusted_side_percent(
                line, side, rule="session", session_percent=sessions[pair_id]
            )
            points = round_matchpoints(percent * line.top / 100, event.mp_rounding, line.top)
            setattr(line, f"{side}_points", points)
            totals[pair_id] = totals.get(pair_id, Totals()) + Totals(points, line.top, 1)
    Result.objects.bulk_update(adjusted, ["ns_points", "ew_points"])
    return totals
