"""Scoring one match when anything in it changes: its boards' IMPs, its totals and its VPs.

The work after one saved line is that match alone: its boards and lines, a constant number of
queries whatever the size of the event.
"""

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from django.db import transaction

from events.models import Match, MatchBoard, MatchLine, TeamSettings
from scoring.team_matches import (
    ArtificialImps,
    MatchImps,
    board_a_match_result,
    board_imps,
    match_imps,
    match_result,
    patton_result,
    three_way_scale,
)


def lock_match(*, match: Match) -> Match:
    """Hold `match` until the transaction ends: its lines are written one save at a time."""
    matches = Match.objects.select_for_update(of=("self",)).select_related("event__team_settings")
    return matches.get(pk=match.pk)


def match_boards(match: Match) -> int:
    """How many boards the match has."""
    return match.boards or match.event.team_settings.boards_per_match


# What rescore_match writes on the match.
SCORE_FIELDS = ["home_imps", "away_imps", "home_vps", "away_vps", "boards_scored", "finished"]


def rescore_match(*, match: Match, settings: TeamSettings | None = None) -> Match:
    """Score each board of `match` that has both tables (or an assigned score), then the match:
    its IMPs (the boards', else the captains' totals, else the assigned ones) and its VPs.
    `settings`: the event's, when the caller has them (lock_match reads them with the lock)."""
    with transaction.atomic(savepoint=False):
        settings = settings or TeamSettings.objects.get(event_id=match.event_id)
        boards = list(match.match_boards.prefetch_related("lines"))
        for board in boards:
            _score_board(board, settings)
        MatchBoard.objects.bulk_update(boards, ["home_imps", "home_points"])
        _score_match(match, boards, settings)
        match.save(update_fields=SCORE_FIELDS)
    return match


def rescore_team_event(*, event) -> None:
    """Rescore every match of a teams event (after its settings change, or an undo)."""
    with transaction.atomic(savepoint=False):
        for match in Match.objects.filter(event=event).order_by("pk"):
            rescore_match(match=match)


def _score_board(board: MatchBoard, settings: TeamSettings) -> None:
    """The board's IMPs to the home team (and board points), once both tables are in."""
    board.score = None  # what match_imps counts: IMPs, ArtificialImps or None
    board.tables = None  # the two tables' NS scores, when both were played
    lines = {line.table: line for line in board.lines.all()}
    if board.assigned_imps is not None:
        board.score = int(board.assigned_imps)
    elif len(lines) == 2:
        home_table, away_table = lines[1], lines[2]
        if home_table.is_adjusted or away_table.is_adjusted:
            board.score = _artificial(home_table, away_table)
        elif home_table.not_played or away_table.not_played:
            board.score = 0  # in, and worth nothing
        else:
            board.tables = (home_table.score_ns, away_table.score_ns)
            board.score = board_imps(*board.tables)
    artificial = isinstance(board.score, ArtificialImps)
    board.home_imps = board.score.home if artificial else board.score
    board.home_points = _board_points(board, settings)


def _artificial(home_table: MatchLine, away_table: MatchLine) -> ArtificialImps:
    """Law 86A at either table: the home team is NS at table 1 and EW at table 2."""
    home, away = (0, 0)
    for line, home_side, away_side in (
        (home_table, "ns_adjustment", "ew_adjustment"),
        (away_table, "ew_adjustment", "ns_adjustment"),
    ):
        if line.is_adjusted:
            ruled = ArtificialImps.from_averages(getattr(line, home_side), getattr(line, away_side))
            home, away = home + ruled.home, away + ruled.away
    return ArtificialImps(home, away)


def _board_points(board: MatchBoard, settings: TeamSettings):
    """Board-a-match points to the home team: only a board played at both tables has them."""
    if board.tables is None:
        return None
    return board_a_match_result([board.tables], per_board=_per_board(settings)).home


def _per_board(settings: TeamSettings) -> int:
    return 2 if settings.match_scoring == TeamSettings.MatchScoring.PATTON else settings.bam_points


def _score_match(match: Match, boards: list[MatchBoard], settings: TeamSettings) -> None:
    length = match.boards or settings.boards_per_match
    match.boards_scored = sum(b.home_imps is not None for b in boards)
    all_in = match.boards_scored >= length
    match.home_imps = match.away_imps = Decimal(0)
    match.home_vps = match.away_vps = None
    if match.is_bye:
        match.home_vps, match.finished = settings.bye_vps, True
        return
    assigned = match.assigned_home_vps
    match.finished = all_in or assigned is not None or _given(match)
    imps = _imps(match, boards, all_in)
    if imps is not None:
        match.home_imps = _decimal(imps.home + max(imps.home_artificial, 0))
        match.away_imps = _decimal(imps.away + max(imps.away_artificial, 0))
    if assigned is None and settings.match_scoring != TeamSettings.MatchScoring.VPS:
        played = [b.tables for b in boards if b.tables is not None]
        if played:
            points = _points(played, settings)
            match.home_vps, match.away_vps = _decimal(points.home), _decimal(points.away)
    elif assigned is not None or imps is not None:
        scale = three_way_scale(settings.vp_scale) if match.three_way else settings.vp_scale
        result = match_result(
            imps,
            boards=length,
            scale=scale,
            assigned_vps=None
            if assigned is None
            else (Fraction(assigned), Fraction(match.assigned_away_vps)),
        )
        match.home_vps, match.away_vps = _decimal(result.home_vps), _decimal(result.away_vps)


def _given(match: Match) -> bool:
    """Whether the match's IMPs were given rather than scored: the captains' or assigned."""
    return match.home_captain_imps is not None or match.assigned_home_imps is not None


def _points(played: list[tuple[int, int]], settings: TeamSettings):
    if settings.match_scoring == TeamSettings.MatchScoring.PATTON:
        return patton_result(played)
    return board_a_match_result(played, per_board=settings.bam_points)


def _imps(match: Match, boards: list[MatchBoard], all_in: bool) -> MatchImps | None:
    """The match's IMPs: assigned, else the boards' once all are in, else the captains' totals,
    else the boards' so far (None before any); a knock-out's carry-over on top."""
    if match.assigned_home_imps is not None:
        return MatchImps(Fraction(match.assigned_home_imps), Fraction(match.assigned_away_imps))
    if match.home_captain_imps is not None and not all_in:
        imps = MatchImps(Fraction(match.home_captain_imps), Fraction(match.away_captain_imps))
    elif any(b.home_imps is not None for b in boards):
        imps = match_imps(b.score for b in boards)
    else:
        return None
    return with_carry_over(imps, match.carry_over)


def with_carry_over(imps: MatchImps, carry_over) -> MatchImps:
    """The IMPs with a knock-out's carry-over (to the home team; negative: to the away team)."""
    carry = Fraction(carry_over)
    return replace(imps, home=imps.home + max(carry, 0), away=imps.away + max(-carry, 0))


def _decimal(value) -> Decimal:
    """Two decimals, as the VP and IMP columns keep them."""
    return Decimal(str(round(float(value), 2)))
