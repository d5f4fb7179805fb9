"""A player's events at the club: partner, score and place, as each event's reveal rule allows."""

from dataclasses import dataclass
from math import ceil, floor

from django.utils.translation import gettext

from events.models import Event, IndividualPlayer, Pair, Partnership, Player
from events.services.individuals import player_ranking
from events.services.publication import results_visible, reveal_limit
from events.services.rankings import section_ranking
from scoring.pair_labels import without_section


@dataclass(frozen=True)
class HistoryRow:
    event: Event
    pair: Pair | None  # None in an individual, where the player is `individual`
    partners: list[Player]  # none in an individual: the partner changes every round
    score: float  # matchpoints or IMPs
    percentage: float | None  # matchpoint events only
    place: str  # "1", "2=", with "NS"/"EW" when the event has two winners, "in section B"
    progress: str  # "" once published; "in progress" or "after round 3" while it runs
    individual: IndividualPlayer | None = None


def player_history(*, player: Player) -> list[HistoryRow]:
    """The events the player played that players may read (published, or running with their
    results shown), newest first, with the place and score the event's ranking shows."""
    seats = (
        Partnership.objects.filter(player=player)
        .exclude(pair__section__event__status=Event.Status.SETUP)
        .select_related("pair__section__event")
        .prefetch_related("pair__players")
        .order_by("-pair__section__event__date", "-pair__section__event__pk")
    )
    rows = []
    for seat in seats:
        pair = seat.pair
        event = pair.section.event
        if not results_visible(event):
            continue
        limit = reveal_limit(event, pair.section)
        # A pair's label carries its section ("B3 NS") where the event has several.
        labelled = without_section(pair.name) != pair.name
        section = (
            gettext(" in section %(section)s") % {"section": pair.section.letter}
            if labelled
            else ""
        )
        for group in section_ranking(section=pair.section, up_to_round=limit):
            standing = next((s for s in group.standings if s.pair.pk == pair.pk), None)
            if standing is None:
                continue
            where = {"North-South": " NS", "East-West": " EW"}.get(group.title, "")
            rows.append(
                HistoryRow(
                    event=event,
                    pair=pair,
                    partners=[p for p in pair.players.all() if p.pk != player.pk],
                    score=standing.score,
                    percentage=None if event.is_imps else standing.percentage,
                    place=f"{standing.place}{where}{section}",
                    progress=_progress(event, limit),
                )
            )
    rows += _individual_rows(player)
    rows.sort(key=lambda row: (row.event.date, row.event.pk), reverse=True)
    return rows


def _individual_rows(player: Player) -> list[HistoryRow]:
    """The individual events the player played that players may read, as player_history."""
    entries = (
        IndividualPlayer.objects.filter(player=player)
        .exclude(section__event__status=Event.Status.SETUP)
        .select_related("section__event")
    )
    rows = []
    for entry in entries:
        event = entry.section.event
        if not results_visible(event):
            continue
        limit = reveal_limit(event, entry.section)
        ranking = player_ranking(section=entry.section, up_to_round=limit)
        standing = next(s for s in ranking if s.individual.pk == entry.pk)
        rows.append(
            HistoryRow(
                event=event,
                pair=None,
                partners=[],
                score=standing.score,
                percentage=None if event.is_imps else standing.percentage,
                place=standing.place,
                progress=_progress(event, limit),
                individual=entry,
            )
        )
    return rows


def _progress(event: Event, limit: int | None) -> str:
    """What a place stands for while the event is not published: the rounds it counts."""
    if event.is_published:
        return ""
    return gettext("after round %(round)s") % {"round": limit} if limit else gettext("in progress")


@dataclass(frozen=True)
class ChartPoint:
    x: float
    y: float
    row: HistoryRow


@dataclass(frozen=True)
class Chart:
    """A line of percentages over time, in the coordinates of an SVG viewBox."""

    width: int
    height: int
    points: list[ChartPoint]
    levels: list[tuple[float, int]]  # (y, percentage) of the horizontal guide lines

    @property
    def polyline(self) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


def percentage_chart(
    rows: list[HistoryRow], *, width: int = 320, height: int = 140
) -> Chart | None:
    """The rows' percentages, oldest on the left, on a scale from at most 40% to at least 60%
    in steps of 10; None without a percentage to draw."""
    dated = [row for row in reversed(rows) if row.percentage is not None]
    if not dated:
        return None
    low = min(40, floor(min(row.percentage for row in dated) / 10) * 10)
    high = max(60, ceil(max(row.percentage for row in dated) / 10) * 10)
    left, right, top, bottom = 34, 10, 10, 20

    def y(percentage: float) -> float:
        return top + (high - percentage) * (height - top - bottom) / (high - low)

    span = width - left - right
    step = span / (len(dated) - 1) if len(dated) > 1 else 0
    start = left if len(dated) > 1 else left + span / 2
    points = [ChartPoint(start + i * step, y(row.percentage), row) for i, row in enumerate(dated)]
    levels = [(y(level), level) for level in range(low, high + 1, 10)]
    return Chart(width, height, points, levels)
