"""Totals and percentages a file prints that its own travellers contradict, pair by pair.

A program prints each line's points and, in its ranking, each pair's total and percentage. Where
the two disagree (a pair's printed percentage is not what the points on its own lines make) the
file cannot be reproduced whatever rule it is scored under: the import does not force it, it
reports the pair on the preview. A total counts as agreeing when it is the pair's points or those
points scaled to the boards of the session (a sit-out credited with the pair's average); a
percentage, when it is the points over the tops of the boards played, factored as printed or
unfactored (the board's own results' matchpoints, Neuberg undone: a ¾ Howell's program prints
factored matchpoints and works its percentages on the unfactored ones).
"""

from collections import Counter
from dataclasses import dataclass, field

from django.utils.translation import gettext

from events.formats.imported import ImportedBoard, ImportedEvent, ImportedLine
from events.formats.vocabulary import UNFACTORED

# Each printed line may be off by half its last decimal (0.05); totals and percentages add that.
_LINE_ROUNDING = 0.051


@dataclass
class _Sums:
    """A pair's printed points and the tops of its boards, on each basis a program may total
    them: "printed" as the lines show them, "own" on each board's own results (Neuberg undone),
    "field" factored to the field's top (Compscore prints a short board unfactored and totals
    it factored)."""

    points: dict[str, float] = field(default_factory=lambda: dict.fromkeys(_BASES, 0.0))
    tops: dict[str, float] = field(default_factory=lambda: dict.fromkeys(_BASES, 0.0))
    lines: int = 0


_BASES = ("printed", "own", "field")


def check_printed_totals(event: ImportedEvent) -> None:
    """Add to event.disagreements, as (pair, what the file says against itself), each pair
    whose printed total or percentage its own lines' printed points contradict; a pair with a
    line that prints no points is not checked. Percentages the file works on the unfactored
    matchpoints make that the event's basis (Event.percentage_basis), said in event.readings."""
    parts = [event, *event.sections]
    per_beat = event.settings.get("mp_scale", 2)
    matchpoints = event.settings.get("scoring", "mp") == "mp"
    bases = Counter()  # the bases pairs' printed percentages agree on, and how many pairs
    for part in parts:
        sums = _pair_sums(part.boards, per_beat)
        most_played = max((s.lines for s in sums.values() if s), default=0)
        session = [len(part.boards), most_played, event.settings.get("factor_boards") or 0]
        for pair in part.pairs:
            found = sums.get(pair.number)
            if not found:
                continue
            label = gettext("Pair %(pair)s") % {
                "pair": f"{part.section}{pair.number}" if len(parts) > 1 else pair.number
            }
            tolerance = _LINE_ROUNDING * found.lines
            if pair.printed_total is not None and not any(
                abs(pair.printed_total - points * boards / found.lines) <= tolerance
                for points in found.points.values()
                for boards in [found.lines, *session]
                if boards
            ):
                event.disagreements.append(
                    (
                        label,
                        gettext(
                            "the file prints a total of %(printed)s, its own lines add up to "
                            "%(found)s"
                        )
                        % {
                            "printed": format(pair.printed_total, "g"),
                            "found": format(found.points["printed"], ".2f"),
                        },
                    )
                )
            if matchpoints and pair.printed_percentage is not None and found.tops["printed"]:
                percentages = {
                    basis: 100 * found.points[basis] / top
                    for basis, top in found.tops.items()
                    if top
                }
                margin = 100 * tolerance / found.tops["printed"] + _LINE_ROUNDING
                bases["pairs"] += 1
                bases.update(
                    basis
                    for basis, p in percentages.items()
                    if abs(pair.printed_percentage - p) <= margin
                )
                if all(abs(pair.printed_percentage - p) > margin for p in percentages.values()):
                    event.disagreements.append(
                        (
                            label,
                            gettext(
                                "the file prints %(printed)s%%, its own travellers give %(found)s%%"
                            )
                            % {
                                "printed": format(pair.printed_percentage, ".2f"),
                                "found": format(percentages["printed"], ".2f"),
                            },
                        )
                    )
    if _unfactored_percentages(bases):
        event.settings["percentage_basis"] = UNFACTORED
        event.readings.append(
            (
                gettext("Percentages"),
                gettext(
                    "On each board's own results (the matchpoints before factoring), as the "
                    "file's percentages are"
                ),
            )
        )


def _unfactored_percentages(bases: Counter) -> bool:
    """Whether every pair's printed percentage follows the unfactored matchpoints and not all
    follow the printed ones."""
    return bases["pairs"] > 0 and bases["own"] == bases["pairs"] > bases["printed"]


def _pair_sums(boards: list[ImportedBoard], per_beat: int) -> dict[int, _Sums | None]:
    """Each pair's printed points and tops over its lines; None for a pair with a line whose
    points are not printed."""
    sums: dict[int, _Sums | None] = {}
    played = {board.number: [ln for ln in board.lines if not ln.not_played] for board in boards}
    printed_tops = {number: _printed_top(lines) for number, lines in played.items()}
    field_top = max((top for top in printed_tops.values() if top is not None), default=0.0)
    for number, lines in played.items():
        top = printed_tops[number]
        tops = {"printed": top, "own": per_beat * (len(lines) - 1), "field": field_top}
        for line in lines:
            for pair, side in ((line.ns_pair, 0), (line.ew_pair, 1)):
                found = sums.setdefault(pair, _Sums())
                if found is None or line.published is None or top is None:
                    sums[pair] = None
                    continue
                points = line.published[side]
                found.lines += 1
                for basis, other_top in tops.items():
                    found.points[basis] += _rescaled(points, top, other_top, per_beat, line)
                    found.tops[basis] += other_top
    return sums


def _printed_top(lines: list[ImportedLine]) -> float | None:
    """The board's top as its lines print it: the two sides' matchpoints (or IMPs, 0) add up
    to it on every regular line; the most common sum."""
    sums = Counter(
        round(sum(line.published), 2)
        for line in lines
        if line.published is not None and not line.is_adjusted
    )
    return sums.most_common(1)[0][0] if sums else None


def _rescaled(points: float, top: float, other: float, per_beat: int, line) -> float:
    """A side's matchpoints on a top of `top` as Neuberg's formula scales them to a top of
    `other` (an artificial score keeps its share of the top)."""
    if top <= 0 or other == top:  # IMPs (their top is 0) are not rescaled
        return points
    if line.is_adjusted:
        return points * other / top
    half = per_beat / 2
    return (points + half) * (other + per_beat) / (top + per_beat) - half
