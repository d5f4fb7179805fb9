"""Why a line scored what it did: the board's lines as the scorer reads them, explained by the
engine (scoring/explanations.py) on the same inputs it scored them with."""

from dataclasses import dataclass

from django.db.models import Q

from events.formats.vocabulary import UNFACTORED
from events.models import Board, Event, Pair, Result
from events.services.scoring import (
    Totals,
    field_boards,
    imp_scores,
    matchpoint_entry,
    scored_results,
    session_percentages,
    unfactored_totals,
)
from scoring.explanations import (
    explain_adjusted_matchpoints,
    explain_cross_imps,
    explain_datum_imps,
    explain_matchpoints,
    explain_weighted_matchpoints,
)
from scoring.imps import ARTIFICIAL_IMPS


@dataclass(frozen=True)
class ScoreExplanation:
    result: Result
    side: str  # "NS" or "EW": where the pair sat
    pair: Pair
    opponents: Pair
    # "matchpoints", "weighted" (a board with a weighted score), "adjusted", "datum", "cross",
    # "adjusted-imps", "not-played", "fixed" (points kept as an imported file printed them)
    kind: str
    steps: object  # the engine's steps for `kind`; the IMPs for "adjusted-imps"; None
    points: float | None  # as stored: the number the explanation arrives at
    top: float | None
    lines: list[Result]  # the board's played lines, in the order the steps index them
    # The pair's points and top on the board's own results, where the event's percentages are
    # worked on them (Event.percentage_basis "unfactored"); else None.
    own: Totals | None = None

    @property
    def ranked_lines(self) -> list[tuple]:
        """The matchpoint steps' ranks, best first, each with the line it comes from."""
        return [(rank, self.lines[rank.line]) for rank in self.steps.ranks]

    @property
    def final(self) -> float | None:
        """The number the explanation arrives at."""
        if self.kind == "not-played":
            return None
        if self.kind == "fixed":
            return self.points
        if self.kind == "adjusted-imps":
            return self.steps
        return self.steps.final

    @property
    def percentage(self) -> float | None:
        return 100 * self.points / self.top if self.points is not None and self.top else None


def played_line(*, board: Board, pair: Pair) -> Result | None:
    """The pair's line on the board, if it has one."""
    return (
        board.results.filter(Q(ns_pair=pair) | Q(ew_pair=pair))
        .select_related("ns_pair", "ew_pair")
        .first()
    )


def explain_score(*, board: Board, pair: Pair) -> ScoreExplanation:
    """How `pair` came to its score on `board` (it must have a line there)."""
    event = board.section.event
    result = played_line(board=board, pair=pair)
    side = "NS" if result.ns_pair_id == pair.pk else "EW"
    boards = list(field_boards(board))
    lines = Result.objects.filter(board__in=boards).select_related("ns_pair", "ew_pair")
    lines = [r for r in lines if not r.not_played]
    kind, steps = _steps(event, boards, lines, result, side)
    return ScoreExplanation(
        result=result,
        side=side,
        pair=pair,
        opponents=result.ew_pair if side == "NS" else result.ns_pair,
        kind=kind,
        steps=steps,
        points=result.ns_points if side == "NS" else result.ew_points,
        top=result.top,
        lines=lines,
        own=(
            unfactored_totals(Result.objects.filter(board=board), event).get(pair.pk)
            if event.percentage_basis == UNFACTORED and not event.is_imps
            else None
        ),
    )


def _steps(event: Event, boards: list[Board], lines: list[Result], result: Result, side: str):
    if result.not_played:
        return "not-played", None
    if result.is_fixed:  # the file's printed points: nothing to work out
        return "fixed", None
    code = result.ns_adjustment if side == "NS" else result.ew_adjustment
    if event.scoring == Event.Scoring.MATCHPOINTS:
        entries = [matchpoint_entry(line) for line in lines]
        expected = scored_results(event, boards, lines, entries)
        scale = {"per_beat": event.mp_scale, "rounding": event.mp_rounding}
        if code:
            return "adjusted", explain_adjusted_matchpoints(
                code,
                assigned_percent=result.ns_percent if side == "NS" else result.ew_percent,
                rule=event.adjusted_scores,
                session_percent=(
                    _percentage_on_played_boards(event, result, side)
                    if event.adjusted_scores == "session"
                    else None
                ),
                expected=expected,
                **scale,
            )
        index = next(i for i, line in enumerate(lines) if line.pk == result.pk)
        if any(line.weights for line in lines):
            return "weighted", explain_weighted_matchpoints(
                entries, index, side, expected=expected, missing=event.missing_results, **scale
            )
        return "matchpoints", explain_matchpoints(
            entries, index, side, expected=expected, missing=event.missing_results, **scale
        )
    if code:
        return "adjusted-imps", ARTIFICIAL_IMPS[code]
    played, ns_scores, ew_scores = imp_scores(lines)
    index = next(i for i, line in enumerate(played) if line.pk == result.pk)
    scores = ns_scores if side == "NS" else ew_scores
    if event.scoring == Event.Scoring.BUTLER:
        return "datum", explain_datum_imps(scores, index, side, method=event.datum_method)
    return "cross", explain_cross_imps(scores, index, side, mode=event.cross_imp_mode)


def _percentage_on_played_boards(event: Event, result: Result, side: str) -> float | None:
    """The pair's percentage on the boards it played (Law 12C2(c)), as update_pair_totals
    reads it."""
    pair_id = result.ns_pair_id if side == "NS" else result.ew_pair_id
    return session_percentages(pair_ids={pair_id}, event=event)[pair_id]
