"""Rankings: the pairs of a section, or of the whole field, in order, with places, as the
event's reveal rule allows."""

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext_lazy

from events.formats.vocabulary import UNFACTORED
from events.models import Event, Pair, Result, Section
from events.services.progress import slip_progress
from events.services.scoring import Totals, pair_totals, unfactored_totals
from scoring import places
from scoring.places import ranking_key, tie_key


@dataclass(frozen=True)
class Standing:
    pair: Pair
    place: str
    score: float  # factored to the event's board count when the event says so
    percentage: float | None
    boards_played: int
    factored_to: int | None = None  # the boards the score was scaled to, when it was scaled


@dataclass(frozen=True)
class RankingGroup:
    title: str  # "North-South", "East-West", or "" for one ranking of the whole room
    standings: list[Standing]

    @property
    def heading(self) -> str:
        """The title in the reader's language, for a page (the title stays English: files
        that carry it keep their formats' own words)."""
        return str(HEADINGS.get(self.title, self.title))


HEADINGS = {"North-South": gettext_lazy("North-South"), "East-West": gettext_lazy("East-West")}


def section_ranking(*, section: Section, up_to_round: int | None = None) -> list[RankingGroup]:
    """The section's ranking: one group, or NS and EW groups for two winners.

    With `up_to_round`, only the lines of rounds up to that one count (the "end of round"
    reveal rule); otherwise the pairs' stored totals, kept current on every save.
    """
    event = section.event
    pairs = list(section.pairs.all())
    lines = Result.objects.filter(board__section=section)
    if up_to_round is None:
        totals = {p.pk: Totals(p.score, p.top_total, p.boards_played) for p in pairs}
    else:
        lines = lines.filter(round__lte=up_to_round)
        totals = pair_totals(lines)
    return _ranking_groups(event, pairs, totals, lines)


def overall_ranking(*, event: Event, up_to_rounds: dict[int, int | None] | None = None):
    """Every section's pairs in one ranking (per direction for two winners), by percentage
    for matchpoints: the field's ranking when the event is scored across the field.
    `up_to_rounds` is each section's (by id) last round shown, None for all."""
    up_to_rounds = up_to_rounds or {}
    pairs, totals, shown = [], {}, Q()
    for section in event.sections.all():
        members = list(section.pairs.all())
        for pair in members:  # read once here, for the pages that link to its scorecard
            pair.section = section
        pairs += members
        limit = up_to_rounds.get(section.pk)
        if limit is None:
            totals |= {p.pk: Totals(p.score, p.top_total, p.boards_played) for p in members}
            shown |= Q(board__section=section)
        else:
            totals |= _totals_up_to(section, limit)
            shown |= Q(board__section=section, round__lte=limit)
    return _ranking_groups(event, pairs, totals, Result.objects.filter(shown))


def _ranking_groups(event: Event, pairs: list[Pair], totals: dict[int, Totals], lines):
    """The ranking's groups; `lines` are the lines the totals are of, for percentages worked
    on each board's own results (Event.percentage_basis) when the event says so."""
    percentages = {pk: total.percentage for pk, total in totals.items()}
    if event.percentage_basis == UNFACTORED and not event.is_imps:
        unfactored = unfactored_totals(lines, event)
        percentages = {pk: unfactored.get(pk, Totals()).percentage for pk in totals}
    two_winners = event.winners == 2 and all(p.direction for p in pairs)
    if two_winners:
        groups = [
            ("North-South", [p for p in pairs if p.direction == Pair.Direction.NS]),
            ("East-West", [p for p in pairs if p.direction == Pair.Direction.EW]),
        ]
    else:
        groups = [("", pairs)]
    return [
        RankingGroup(title, _standings(event, members, totals, percentages))
        for title, members in groups
    ]


def revealed_round(*, section: Section) -> int:
    """The last round up to which every scheduled result is in (0 before round 1 is)."""
    complete = 0
    for round_number, slips in sorted(slip_progress(section=section).items()):
        if not all(slip.complete for slip in slips):
            break
        complete = round_number
    return complete


def _totals_up_to(section: Section, last_round: int) -> dict[int, Totals]:
    return pair_totals(Result.objects.filter(board__section=section, round__lte=last_round))


def _standings(
    event: Event, pairs: list[Pair], totals: dict[int, Totals], percentages: dict[int, float | None]
) -> list[Standing]:
    of = {p.pk: totals.get(p.pk, Totals()) for p in pairs}
    factor_to = event.factor_boards or max((t.boards for t in of.values()), default=0)

    def factored(pair: Pair) -> bool:
        return bool(event.factor_totals and of[pair.pk].boards)

    def score(pair: Pair) -> float:
        total = of[pair.pk]
        if factored(pair):
            return total.score * factor_to / total.boards
        return total.score

    # A pair that played no board (listed in a file, or withdrawn) comes after everyone who
    # played.
    def key(pair: Pair) -> float | None:
        total = of[pair.pk]
        return ranking_key(
            boards=total.boards,
            score=score(pair),
            percentage=percentages.get(pair.pk),
            imps=event.is_imps,
        )

    pairs = sorted(
        pairs, key=lambda p: (key(p) is None, -tie_key(key(p) or 0), p.section_id, p.number)
    )
    return [
        Standing(
            pair=p,
            place=place,
            score=score(p),
            percentage=percentages.get(p.pk),
            boards_played=of[p.pk].boards,
            factored_to=factor_to if factored(p) else None,
        )
        for p, place in zip(pairs, places([key(p) for p in pairs]), strict=True)
    ]


def pair_standing(*, pair: Pair, up_to_round: int | None = None) -> Standing:
    """The pair's row of its section's ranking: its place and its score as the ranking shows it
    (factored the same way)."""
    groups = section_ranking(section=pair.section, up_to_round=up_to_round)
    return next(s for group in groups for s in group.standings if s.pair.pk == pair.pk)


def visible_totals(*, pair: Pair, up_to_round: int | None = None) -> Totals:
    """The pair's total, the sum of its boards' tops and its boards, over the lines shown: all
    of them (the stored totals), or those up to a round."""
    if up_to_round is None:
        return Totals(pair.score, pair.top_total, pair.boards_played)
    lines = Result.objects.filter(board__section=pair.section_id, round__lte=up_to_round)
    return pair_totals(lines, pair_ids={pair.pk}).get(pair.pk, Totals())


def percentage_totals(*, pair: Pair, up_to_round: int | None = None) -> Totals:
    """The matchpoints and tops the pair's percentage is worked on, as its section's ranking
    works it: its visible totals, or on each board's own results where the event's percentage
    basis says so (Event.percentage_basis)."""
    event = pair.section.event
    if event.percentage_basis != UNFACTORED or event.is_imps:
        return visible_totals(pair=pair, up_to_round=up_to_round)
    lines = Result.objects.filter(board__section=pair.section_id)
    if up_to_round is not None:
        lines = lines.filter(round__lte=up_to_round)
    # Every line shown: a board's own count of results is its lines'.
    return unfactored_totals(lines, event).get(pair.pk, Totals())
