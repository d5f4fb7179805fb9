"""Drawing a teams event's rounds: the Swiss draw from the standings, a round robin's whole
schedule, a knock-out's stages; a director's swap of two teams and taking back a round not yet
started. Each is one recorded change, undone from the history like any other.

The rules are the engine's (scoring.swiss, scoring.round_robin, scoring.knockout); here they are
fed from the database: the standings the event's options say to draw from, the teams met, the
teams that have had a bye or played in a three-way.
"""

import random
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext, pgettext

from events.models import Change, Event, Match, MatchLine, Team, TeamRound, TeamSettings
from events.services.history import bulk_create_recorded, recording
from events.services.notes import note_text, sentence
from events.services.status import LOCKED
from events.services.teams.match_scoring import rescore_match
from events.services.teams.setup import check_scale
from events.services.teams.standings import team_standings
from scoring import (
    ScoringError,
    knockout_bracket,
    knockout_carry_over,
    next_knockout_round,
    random_draw,
    round_robin,
    seeded_draw,
    swiss_draw,
    three_way_teams,
)
from scoring import swap_teams as swap_draw
from scoring.swiss import MISMATCH_VPS

Stage = TeamRound.Stage
Format = TeamSettings.Format


class DrawRefused(Exception):
    """A round that cannot be drawn, swapped or taken back as things stand; str() says why."""


class RematchWarning(DrawRefused):
    """A swap that would make two teams meet again: made only when the director insists."""


@dataclass
class DrawPlan:
    """What drawing the next round would do now: which round, from which standings, and what
    stands in the way (`refusal`), or which unfinished matches a late draw would leave out."""

    next_round: int
    action: str  # "draw" (a Swiss round), "schedule" (a round robin), "stage" (a knock-out)
    standings_after: int | None = None
    unfinished: list[Match] = field(default_factory=list)
    refusal: str = ""
    odd_field: bool = False  # a team sits out each Swiss round: a bye or a three-way

    @property
    def late_possible(self) -> bool:
        """Whether the round may be drawn now with the unfinished matches left out."""
        return self.action == "draw" and bool(self.unfinished) and not self.refusal

    @property
    def unfinished_names(self) -> str:
        """The unfinished matches as a page lists them: "table 1 (Hearts v Spades), ..."."""
        return _names_text(self.unfinished)


def draw_plan(*, event: Event) -> DrawPlan:
    """What the draw page offers: the next round and what it would be drawn from."""
    settings = event.team_settings
    drawn = _drawn_rounds(event)
    next_round = drawn + 1
    teams = event.teams.count()
    if settings.format in (Format.ROUND_ROBIN, Format.EVENING):
        plan = DrawPlan(next_round, "schedule")
        if drawn:
            plan.refusal = gettext("the schedule is made: take its rounds back to make it again")
        elif teams < 2:
            plan.refusal = gettext("register two teams or more first")
        return plan
    if settings.format == Format.KNOCKOUT:
        last = TeamRound.objects.filter(event=event, number=drawn).first()
        qualified = last is not None and last.stage == Stage.ROUND_ROBIN
        plan = DrawPlan(next_round, "stage", standings_after=drawn if qualified else None)
        plan.unfinished = _unfinished(event, up_to=drawn)
        if teams < 2:
            plan.refusal = gettext("register two teams or more first")
        elif plan.unfinished:
            plan.refusal = gettext("round %(round)s is still being played: %(matches)s") % {
                "round": drawn,
                "matches": _names_text(plan.unfinished),
            }
        elif _knockout_over(event, drawn):
            plan.refusal = gettext("the knock-out has its winner")
        return plan
    standings_after = _standings_round(settings, drawn)
    plan = DrawPlan(next_round, "draw", standings_after=standings_after, odd_field=teams % 2 == 1)
    if teams < 2:
        plan.refusal = gettext("register two teams or more first")
    elif settings.rounds and next_round > settings.rounds:
        plan.refusal = gettext("the event plays %(rounds)s rounds, and all are drawn") % {
            "rounds": settings.rounds
        }
    elif standings_after:
        plan.unfinished = _unfinished(event, up_to=standings_after)
    return plan


def draw_next_round(
    *, event: Event, late: bool = False, qualifying: bool = False, user=None
) -> list[Match]:
    """Draw what comes next in the event's format, as one recorded change: a Swiss round, a
    round robin's whole schedule, or a knock-out's next stage. `late`: draw a Swiss round now
    from the finished matches, leaving the unfinished ones out (the note says which).
    `qualifying`: a knock-out starts with a round robin whose standings seed the bracket and
    whose meetings give the carry-over."""
    with transaction.atomic():
        event = _locked(event)
        plan = draw_plan(event=event)
        if plan.refusal:
            raise DrawRefused(plan.refusal)
        if qualifying and plan.action == "stage" and plan.next_round == 1:
            return _schedule_round_robin(event, user, qualifying=True)
        if plan.action == "schedule":
            return _schedule_round_robin(event, user)
        if plan.action == "stage":
            return _draw_knockout_stage(event, plan, user)
        if plan.unfinished and not late:
            raise DrawRefused(
                gettext(
                    "round %(round)s is still being played: %(matches)s; wait for it, or draw "
                    "now leaving it out"
                )
                % {"round": plan.standings_after, "matches": _names_text(plan.unfinished)}
            )
        return _draw_swiss_round(event, plan, user)


def swap_teams(
    *, event: Event, round: int, first: Team, second: Team, insist: bool = False, user=None
) -> list[Match]:
    """Swap two teams' places in a drawn round not yet started (scoring.swap_teams: each takes
    the other's table, side and opponent, or bye). A swap that makes a rematch, or gives a
    second bye, raises RematchWarning unless the director insists; the note records it."""
    with transaction.atomic():
        event = _locked(event)
        matches = [
            m
            for m in round_matches(event=event, round=round)
            if {m.home_id, m.away_id} & {first.pk, second.pk}
        ]
        for team in (first, second):
            if any(m.three_way for m in matches if team.pk in (m.home_id, m.away_id)):
                raise DrawRefused(
                    gettext("%(team)s plays a three-way in round %(round)s: not swapped")
                    % {"team": team.name, "round": round}
                )
        try:
            swapped = swap_draw([(m.home_id, m.away_id) for m in matches], first.pk, second.pk)
        except ScoringError:
            names = {first.pk: first.name, second.pk: second.name}
            playing = {t for m in matches for t in (m.home_id, m.away_id)}
            missing = [names[t] for t in names if t not in playing]
            raise DrawRefused(
                gettext("%(team)s does not play round %(round)s")
                % {"team": missing[0], "round": round}
                if missing
                else gettext("%(first)s and %(second)s already play each other")
                % {"first": first.name, "second": second.name}
                if first.pk != second.pk
                else gettext("choose two different teams to swap")
            ) from None
        _check_not_started(matches)
        changed = []
        for match, (home, away) in zip(matches, swapped, strict=True):
            if (match.home_id, match.away_id) != (home, away):
                match.home_id, match.away_id = home, away
                changed.append(match)
        match_a, match_b = changed
        warnings = _swap_warnings(event, round, {match_a, match_b})
        if warnings and not insist:
            raise RematchWarning(
                pgettext("between the items of a list", "; ").join(note_text(w) for w in warnings)
            )
        names = {"round": round, "first": first.name, "second": second.name}
        note = [
            sentence("swapped-insisting", **names, warnings=sentence("warnings", warnings=warnings))
            if warnings
            else sentence("swapped", **names)
        ]
        with recording(club=event.club, event=event, user=user, kind=Change.Kind.MATCH, note=note):
            for match in {match_a, match_b}:
                match.save(update_fields=["home", "away"])
                rescore_match(match=match)
            _add_round_note(event, round, note)
    return sorted({match_a, match_b}, key=lambda m: (m.table, m.pk))


def delete_round(*, event: Event, round: int, user=None) -> None:
    """Take back the last drawn round (a round robin: its whole schedule) while none of its
    matches has started: no line, no captains' totals, no adjustment."""
    with transaction.atomic():
        event = _locked(event)
        drawn = _drawn_rounds(event)
        if round != drawn:
            raise DrawRefused(
                gettext("only the last round drawn, round %(round)s, can be taken back")
                % {"round": drawn}
                if drawn
                else gettext("no round is drawn")
            )
        rounds = TeamRound.objects.filter(event=event, number=round)
        if rounds.filter(stage=Stage.ROUND_ROBIN).exists():
            rounds = TeamRound.objects.filter(event=event, stage=Stage.ROUND_ROBIN)
        numbers = list(rounds.values_list("number", flat=True)) or [round]
        matches = list(Match.objects.filter(event=event, round__in=numbers).order_by("pk"))
        _check_not_started(matches)
        taken_back = [
            sentence("round-taken-back", round=round)
            if len(numbers) == 1
            else sentence("schedule-taken-back", last=max(numbers))
        ]
        with recording(
            club=event.club,
            event=event,
            user=user,
            kind=Change.Kind.MATCH,
            note=taken_back,
        ):
            for match in matches:
                match.delete()
            for team_round in rounds:
                team_round.delete()


def round_matches(*, event: Event, round: int) -> list[Match]:
    """The round's matches in table order, with their teams."""
    return list(
        Match.objects.filter(event=event, round=round)
        .select_related("home", "away")
        .order_by("table", "pk")
    )


def current_round(event: Event) -> int:
    """The round being played: the first with an unfinished match, else the last drawn."""
    rounds = Match.objects.filter(event=event)
    first_open = rounds.filter(finished=False).order_by("round").values_list("round", flat=True)
    return first_open.first() or _drawn_rounds(event)


# The Swiss


def _draw_swiss_round(event: Event, plan: DrawPlan, user) -> list[Match]:
    settings = event.team_settings
    number = plan.next_round
    teams = list(event.teams.order_by("number"))
    by_id = {team.pk: team for team in teams}
    earlier = list(Match.objects.filter(event=event).values("home_id", "away_id", "three_way"))
    met = {frozenset((m["home_id"], m["away_id"])) for m in earlier if m["away_id"]}
    had_bye = {m["home_id"] for m in earlier if m["away_id"] is None}
    scores = None
    if number == 1 or plan.standings_after == 0:
        ranking = _first_round_order(settings, teams)
    else:
        standings = team_standings(
            event=event, rounds=plan.standings_after, finished_only=bool(plan.unfinished)
        )
        ranking = [line.team.pk for line in standings]
        if settings.match_scoring == TeamSettings.MatchScoring.VPS:
            scores = {line.team.pk: float(line.vps) for line in standings}
    three_way = ()
    if len(ranking) % 2 and settings.odd_field == TeamSettings.OddField.THREE_WAY:
        in_three_ways = {
            m[side] for m in earlier if m["three_way"] for side in ("home_id", "away_id")
        }
        if len(set(ranking) - in_three_ways) >= 3:
            three_way = three_way_teams(ranking, met, had_three_way=in_three_ways)
    field_ = [t for t in ranking if t not in three_way]
    if number == 1:
        draw = (
            seeded_draw(field_)
            if settings.first_round == TeamSettings.FirstRound.SEEDED
            else random_draw(field_, settings.draw_seed)
        )
    else:
        danish = bool(
            settings.danish_rounds
            and settings.rounds
            and number > settings.rounds - settings.danish_rounds
        )
        draw = swiss_draw(
            field_,
            met,
            had_bye=had_bye,
            danish=danish,
            may_rematch=ranking[: len(ranking) // 2] if danish else None,
            scores=scores,
            mismatch_vps=MISMATCH_VPS * settings.vp_total / 20,
        )
    matches = [
        Match(event=event, round=number, table=table, home_id=home, away_id=away)
        for table, (home, away) in enumerate(draw, start=1)
    ]
    if three_way:
        table = len(draw) + 1
        half = max(1, settings.boards_per_match // 2)
        check_scale(settings=settings, boards=half, three_way=True, refused=DrawRefused)
        first, second, third = three_way
        matches += [
            Match(
                event=event,
                round=number,
                table=table,
                home_id=home,
                away_id=away,
                boards=half,
                three_way=True,
            )
            for home, away in ((first, second), (first, third), (second, third))
        ]
    note = _swiss_note(number, plan, settings, by_id, three_way)
    return _create_round(event, number, Stage.SWISS, matches, note, user, plan.standings_after)


def _first_round_order(settings: TeamSettings, teams: list[Team]) -> list[int]:
    """Round 1's order: by seed (the unseeded after, by number), or shuffled from the seed."""
    if settings.first_round == TeamSettings.FirstRound.SEEDED:
        ordered = sorted(teams, key=lambda t: (t.seed is None, t.seed or 0, t.number))
        return [t.pk for t in ordered]
    order = [t.pk for t in teams]
    random.Random(settings.draw_seed).shuffle(order)
    return order


def _standings_round(settings: TeamSettings, drawn: int) -> int | None:
    """The round whose standings draw the next one: the last drawn, or (one round in
    arrears) the one before; None for round 1."""
    if drawn == 0:
        return None
    return drawn - 1 if settings.arrears else drawn


def _swiss_note(number, plan, settings, by_id, three_way) -> list[dict]:
    """The round's note: how it was drawn, then what was left out, each a sentence."""
    if number == 1:
        drawn = (
            sentence("round-1-seeded")
            if settings.first_round == TeamSettings.FirstRound.SEEDED
            else sentence("round-1-random", seed=settings.draw_seed)
        )
    elif plan.standings_after == 0:
        drawn = sentence("round-arrears-first", round=number)
    elif settings.arrears:
        drawn = sentence("round-arrears", round=number, after=plan.standings_after)
    else:
        drawn = sentence("round-standings", round=number, after=plan.standings_after)
    sentences = [drawn]
    if plan.unfinished:
        sentences.append(sentence("drawn-late", matches=_names(plan.unfinished)))
    if three_way:
        sentences.append(sentence("three-way", teams=[by_id[t].name for t in three_way]))
    return sentences


# Round robins


def _schedule_round_robin(event: Event, user, *, qualifying: bool = False) -> list[Match]:
    settings = event.team_settings
    teams = [t.pk for t in event.teams.order_by("number")]
    schedule = round_robin(teams, double=settings.round_robin_cycles == 2)
    if settings.format == Format.EVENING and settings.rounds:
        schedule = schedule[: settings.rounds]
    matches, team_rounds = [], []
    for number, pairs in enumerate(schedule, start=1):
        matches += [
            Match(event=event, round=number, table=table, home_id=home, away_id=away)
            for table, (home, away) in enumerate(pairs, start=1)
        ]
        team_rounds.append(TeamRound(event=event, number=number, stage=Stage.ROUND_ROBIN))
    note = [
        sentence("qualifying-round-robin" if qualifying else "round-robin", count=len(schedule))
    ]
    with recording(club=event.club, event=event, user=user, kind=Change.Kind.MATCH, note=note):
        bulk_create_recorded(TeamRound, team_rounds)
        return _create_matches(matches)


# Knock-outs


def _draw_knockout_stage(event: Event, plan: DrawPlan, user) -> list[Match]:
    settings = event.team_settings
    number = plan.next_round
    last_stage = TeamRound.objects.filter(event=event, number=number - 1).first()
    ranking = _knockout_ranking(event, qualified_after=number - 1)
    if last_stage is None or last_stage.stage != Stage.KNOCKOUT:
        pairs = knockout_bracket(ranking)
        note = [
            sentence("knockout-standings", round=number - 1)
            if number > 1
            else sentence("knockout-seeds")
        ]
    else:
        pairs = next_knockout_round(_winners(round_matches(event=event, round=number - 1)))
        note = [sentence("knockout-winners", round=number, last=number - 1)]
    place = {team: k for k, team in enumerate(ranking)}
    matches = []
    for table, (home, away) in enumerate(pairs, start=1):
        match = Match(event=event, round=number, table=table, home_id=home, away_id=away)
        if away is not None and settings.carry_over:
            match.carry_over = _carry_over(event, settings, home, away, place)
        matches.append(match)
    carried = [m for m in matches if m.carry_over]
    if carried:
        note.append(sentence("carry-over", count=len(carried)))
    return _create_round(event, number, Stage.KNOCKOUT, matches, note, user, plan.standings_after)


def _knockout_ranking(event: Event, *, qualified_after: int) -> list[int]:
    """The knock-out's seeding: the qualifying round robin's standings when one was played,
    else the seeds (the unseeded after, by number)."""
    qualifying = TeamRound.objects.filter(event=event, stage=Stage.ROUND_ROBIN)
    if qualifying.exists():
        rounds = qualifying.order_by("-number").values_list("number", flat=True).first()
        return [line.team.pk for line in team_standings(event=event, rounds=rounds)]
    teams = sorted(event.teams.all(), key=lambda t: (t.seed is None, t.seed or 0, t.number))
    return [t.pk for t in teams]


def _winners(matches: list[Match]) -> list[int]:
    """Each match's winner in table order (the bracket's order): a bye's team goes through."""
    winners = []
    for match in matches:
        if match.is_bye:
            winners.append(match.home_id)
        elif match.home_imps == match.away_imps:
            raise DrawRefused(
                gettext(
                    "%(match)s is tied at %(imps)s IMPs each: play extra boards and enter them "
                    "before drawing the next stage"
                )
                % {"match": match, "imps": f"{float(match.home_imps):g}"}
            )
        else:
            winners.append(match.home_id if match.home_imps > match.away_imps else match.away_id)
    return winners


def _knockout_over(event: Event, drawn: int) -> bool:
    """Whether the last round drawn was the knock-out's final."""
    last = TeamRound.objects.filter(event=event, number=drawn).first()
    return (
        last is not None
        and last.stage == Stage.KNOCKOUT
        and Match.objects.filter(event=event, round=drawn, away__isnull=False).count() == 1
        and not Match.objects.filter(event=event, round=drawn, away__isnull=True).exists()
    )


def _carry_over(event, settings, home: int, away: int, place) -> Decimal:
    """IMPs to the home team carried over from the teams' earlier meetings in this event,
    from the higher-ranked team's margin (SPEC §4.4): none if they have not met."""
    earlier = Match.objects.filter(event=event, finished=True).filter(
        Q(home_id=home, away_id=away) | Q(home_id=away, away_id=home)
    )
    if not earlier:
        return Decimal(0)
    higher = home if place[home] < place[away] else away
    margin = sum(
        (m.home_imps - m.away_imps - m.carry_over) * (1 if m.home_id == higher else -1)
        for m in earlier
    )
    limit = settings.carry_over_limit
    carried = knockout_carry_over(
        int(margin), maximum=limit if limit is not None else Fraction(10**6)
    )
    to_home = carried if higher == home else -carried
    return Decimal(str(round(float(to_home), 2)))


# Shared


def _create_round(event, number, stage, matches, note, user, standings_after) -> list[Match]:
    with recording(club=event.club, event=event, user=user, kind=Change.Kind.MATCH, note=note):
        TeamRound.objects.create(
            event=event, number=number, stage=stage, standings_after=standings_after, note=note
        )
        return _create_matches(matches)


def _create_matches(matches: list[Match]) -> list[Match]:
    created = bulk_create_recorded(Match, matches)
    for match in created:
        if match.is_bye:
            rescore_match(match=match)
    return created


def _locked(event: Event) -> Event:
    events = Event.objects.select_for_update(of=("self",)).select_related("club", "team_settings")
    locked = events.get(pk=event.pk)
    if not locked.is_teams:
        raise DrawRefused(gettext("only a teams event has rounds to draw"))
    if locked.is_locked:
        raise DrawRefused(LOCKED)
    return locked


def _drawn_rounds(event: Event) -> int:
    last = Match.objects.filter(event=event).order_by("-round").values_list("round", flat=True)
    return last.first() or 0


def _unfinished(event: Event, *, up_to: int) -> list[Match]:
    return list(
        Match.objects.filter(event=event, round__lte=up_to, finished=False)
        .select_related("home", "away")
        .order_by("round", "table", "pk")
    )


def _names_text(matches: list[Match]) -> str:
    return ", ".join(note_text(name) for name in _names(matches))


def _names(matches: list[Match]) -> list[dict]:
    return [
        sentence(
            "table-match",
            table=m.table,
            home=m.home.name,
            away=m.away.name if m.away else sentence("bye"),
        )
        for m in matches
    ]


def _check_not_started(matches: list[Match]) -> None:
    lines = set(
        MatchLine.objects.filter(board__match__in=matches).values_list("board__match", flat=True)
    )
    for match in matches:
        if (
            match.pk in lines
            or match.home_captain_imps is not None
            or match.assigned_home_imps is not None
            or match.assigned_home_vps is not None
            or match.home_penalty_vps
            or match.away_penalty_vps
        ):
            raise DrawRefused(
                gettext("%(match)s has started: its results stand in the way") % {"match": match}
            )


def _swap_warnings(event: Event, round: int, changed: set[Match]) -> list[dict]:
    """What is wrong with the swapped matches: teams that met before, a second bye."""
    others = Match.objects.filter(event=event).exclude(round=round)
    warnings = []
    for match in sorted(changed, key=lambda m: m.table):
        home = Team.objects.get(pk=match.home_id)
        if match.away_id is None:
            if others.filter(home_id=home.pk, away__isnull=True).exists():
                warnings.append(sentence("had-bye", team=home.name))
            continue
        away = Team.objects.get(pk=match.away_id)
        meetings = others.filter(
            Q(home_id=home.pk, away_id=away.pk) | Q(home_id=away.pk, away_id=home.pk)
        )
        met = meetings.values_list("round", flat=True).first()
        if met:
            warnings.append(sentence("rematch", home=home.name, away=away.name, round=met))
    return warnings


def _add_round_note(event: Event, round: int, note: list[dict]) -> None:
    team_round = TeamRound.objects.filter(event=event, number=round).first()
    if team_round is not None:
        # A note kept from before its sentences were stored as codes is one text.
        earlier = team_round.note if isinstance(team_round.note, list) else [team_round.note]
        team_round.note = [*earlier, *note]
        team_round.save(update_fields=["note"])


# What the draw pages show


@dataclass
class DrawRow:
    """A match of a drawn round with its teams' places in the standings the public may see."""

    match: Match
    home_place: str = ""
    away_place: str = ""

    @property
    def home_carry(self) -> Decimal | None:
        """The IMPs the home team starts with (a knock-out's carry-over), if any."""
        return self.match.carry_over if self.match.carry_over > 0 else None

    @property
    def away_carry(self) -> Decimal | None:
        return -self.match.carry_over if self.match.carry_over < 0 else None


def drawn_round_numbers(event: Event) -> list[int]:
    """The rounds that have matches, in order."""
    rounds = Match.objects.filter(event=event).order_by("round").values_list("round", flat=True)
    return list(rounds.distinct())


def round_draw(*, event: Event, round: int, places: dict[int, str] | None = None) -> list[DrawRow]:
    """The round's matches in table order, each team with its place in `places` (team id ->
    place, e.g. the standings under the event's reveal rule)."""
    places = places or {}
    return [
        DrawRow(m, places.get(m.home_id, ""), places.get(m.away_id, "") if m.away_id else "")
        for m in round_matches(event=event, round=round)
    ]


def rounds_by_number(*, event: Event) -> list[tuple[TeamRound | None, list[Match]]]:
    """Every round's record and matches, in round order (a round set by hand has no record)."""
    records = {r.number: r for r in TeamRound.objects.filter(event=event)}
    rounds = matches_by_round(event=event)
    return [(records.get(number), rounds[number]) for number in sorted(rounds)]


def matches_by_round(*, event: Event) -> dict[int, list[Match]]:
    """The event's matches with both teams, by round, each round's in table order."""
    rounds: dict[int, list[Match]] = defaultdict(list)
    for match in event.matches.select_related("home", "away").order_by("round", "table", "pk"):
        rounds[match.round].append(match)
    return dict(rounds)


def team_round(*, event: Event, number: int | None) -> TeamRound | None:
    """The record of the event's round `number`; None for a round set by hand, or no round."""
    return TeamRound.objects.filter(event=event, number=number).first()
