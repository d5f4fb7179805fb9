"""The cumulative ranking of a multi-session event or a series: each entrant's sessions carried
over into one total, by the method the event chooses, over all its sessions or the best n.

Methods:
- "sum-mps": the matchpoints of the sessions counted, added up (a championship whose sessions
  have the same top);
- "sum-percent": their percentages added up (sessions of different sizes weigh the same);
- "average-percent": the average of their percentages, over the sessions the entrant played
  (a club series: missing an evening costs nothing but the chance to count it).

With best n of m, an entrant's n best sessions in the method's unit count; among equal
sessions the earlier one counts. An entrant who played fewer than n sessions counts them all.

Ties on the total are broken by countback: the better best session (in the method's unit),
then the better second best, and so on over every session played, counted or not; an entrant
with a further session ahead of one without. Entrants equal all the way share the place ("2=").
"""

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from scoring.errors import ScoringError, words

CARRY_OVER_METHODS = {
    "sum-mps": words("Sum of matchpoints"),
    "sum-percent": words("Sum of percentages"),
    "average-percent": words("Average percentage over the sessions played"),
}

NDIGITS = 6  # float noise in unrounded totals does not split a tie


@dataclass(frozen=True)
class SessionScore:
    """An entrant's result in one session: its matchpoints and its percentage."""

    matchpoints: float
    percentage: float


@dataclass(frozen=True)
class Carried:
    """An entrant's cumulative total, and the sessions (indexes) that count in it."""

    total: float
    counted: tuple[int, ...]
    played: int


@dataclass(frozen=True)
class CumulativePlace:
    entrant: Hashable
    place: str
    carried: Carried
    sessions: tuple[SessionScore | None, ...]


def _check(method: str, best_of: int | None) -> None:
    if method not in CARRY_OVER_METHODS:
        raise ScoringError(
            "there is no carry-over method %(method)s",
            method=repr(method),
        )
    if best_of is not None and best_of < 1:
        raise ScoringError("best n of the sessions needs n to be at least 1")


def _value(score: SessionScore, method: str) -> float:
    return score.matchpoints if method == "sum-mps" else score.percentage


def carry_over(
    sessions: Sequence[SessionScore | None], *, method: str, best_of: int | None = None
) -> Carried:
    """One entrant's total over its sessions in order (None: a session it did not play)."""
    _check(method, best_of)
    played = [(i, _value(s, method)) for i, s in enumerate(sessions) if s is not None]
    best = sorted(played, key=lambda iv: (-iv[1], iv[0]))
    counted = best if best_of is None else best[:best_of]
    values = [v for _, v in counted]
    if method == "average-percent":
        total = sum(values) / len(values) if values else 0.0
    else:
        total = sum(values)
    return Carried(total=total, counted=tuple(sorted(i for i, _ in counted)), played=len(played))


def cumulative_ranking(
    entrants: Mapping[Hashable, Sequence[SessionScore | None]],
    *,
    method: str,
    best_of: int | None = None,
) -> list[CumulativePlace]:
    """Every entrant with its place, best first, ties broken by countback (see the module);
    entrants who share a place keep the order given."""
    _check(method, best_of)
    rows = []
    for entrant, sessions in entrants.items():
        carried = carry_over(sessions, method=method, best_of=best_of)
        countback = sorted((_value(s, method) for s in sessions if s is not None), reverse=True)
        key = (round(carried.total, NDIGITS), tuple(round(v, NDIGITS) for v in countback))
        rows.append((key, entrant, carried, tuple(sessions)))
    rows.sort(key=lambda row: row[0], reverse=True)
    keys = [row[0] for row in rows]
    ranked = []
    for key, entrant, carried, sessions in rows:
        first = keys.index(key) + 1
        place = f"{first}=" if keys.count(key) > 1 else str(first)
        ranked.append(CumulativePlace(entrant, place, carried, sessions))
    return ranked
