"""Teams standings: VPs, IMPs for and against, places with ties as "3=", and the tie-breaks.

Tie-break orders (SPEC §4.3), chosen per event:
- "ebu", the EBU White Book §143: the VPs of the matches between the tied teams, then the IMPs
  of those matches; then the sum of the final scores of every opponent played (not in a round
  robin, where it is the same for all); then the IMP difference over all matches.
- "cbai", the Irish CBAI: head-to-head VPs, then head-to-head IMPs, then the IMP quotient (IMPs
  won over IMPs lost) over all matches, then for two teams the IMP margin against their
  highest-placed common opponent (the next one down while those are equal). Its last step, a
  one-board play-off, is the director's.
- "none": teams level on VPs share the place.

Head to head counts every meeting of the tied teams, the half-length matches of a three-way
included: a team that lost 8–12 and won 10–0 in a three-way counts 18–12. Among three teams or
more it counts only when each has met each. Each step that splits a tie starts again from the
first step for the teams still level; teams level after every step share the place.
"""

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from scoring.errors import ScoringError, words

Team = Hashable

NDIGITS = 6  # float noise in VP totals does not split a tie


@dataclass(frozen=True)
class MatchRecord:
    """A played match for the standings: each team's VPs (after any penalty) and IMPs won.

    A three-way match is recorded as its three half-length matches.
    """

    home: Team
    away: Team
    home_vps: float
    away_vps: float
    home_imps: int = 0
    away_imps: int = 0


@dataclass(frozen=True)
class Standing:
    """A team's line in the standings; `played` counts MatchRecords, so a three-way's two
    halves count two."""

    team: Team
    place: str
    vps: float
    imps_for: int
    imps_against: int
    played: int


TIE_BREAKS = {
    "ebu": words("EBU White Book: head to head, opponents' scores, IMP difference"),
    "cbai": words("CBAI: head to head, IMP quotient, margin against the best common opponent"),
    "none": words("No tie-break: teams level on VPs share the place"),
}


def standings(
    teams: Sequence[Team],
    matches: Iterable[MatchRecord],
    *,
    tie_break: str = "ebu",
    adjustments: Mapping[Team, float] | None = None,
    round_robin: bool = False,
) -> list[Standing]:
    """Every team best first, with its place ("3=" when shared) and its totals.

    `adjustments` adds VPs outside the matches (a bye's VPs, or a penalty as a negative
    number). `round_robin` leaves out the opponents' scores step, the same for every team.
    Teams still level keep the order of `teams`.
    """
    if tie_break not in TIE_BREAKS:
        known = ", ".join(TIE_BREAKS)
        raise ScoringError(
            "Unknown tie-break order %(tie_break)s; choose one of %(known)s.",
            tie_break=repr(tie_break),
            known=known,
        )
    field = list(teams)
    index = {team: i for i, team in enumerate(field)}
    if len(index) != len(field):
        raise ScoringError("A team is in the standings twice.")
    records = list(matches)
    for match in records:
        for team in (match.home, match.away):
            if team not in index:
                raise ScoringError(
                    "%(team)s played a match but is not in the event.",
                    team=repr(team),
                )
    vps = {team: 0.0 for team in field}
    imps_for = dict.fromkeys(field, 0)
    imps_against = dict.fromkeys(field, 0)
    played = dict.fromkeys(field, 0)
    for m in records:
        for team, own_vps, won, lost in (
            (m.home, m.home_vps, m.home_imps, m.away_imps),
            (m.away, m.away_vps, m.away_imps, m.home_imps),
        ):
            vps[team] += own_vps
            imps_for[team] += won
            imps_against[team] += lost
            played[team] += 1
    for team, extra in (adjustments or {}).items():
        if team not in vps:
            raise ScoringError(
                "%(team)s has an adjustment but is not in the event.",
                team=repr(team),
            )
        vps[team] += extra
    vps = {team: round(total, NDIGITS) for team, total in vps.items()}

    steps = _steps(tie_break, records, vps, imps_for, imps_against, round_robin, index)
    groups = _ranked_groups(sorted(field, key=lambda t: (-vps[t], index[t])), vps.__getitem__)
    ordered = [part for group in groups for part in _resolve(group, steps)]
    result = []
    position = 1
    for group in ordered:
        place = f"{position}=" if len(group) > 1 else str(position)
        for team in sorted(group, key=index.__getitem__):
            result.append(
                Standing(team, place, vps[team], imps_for[team], imps_against[team], played[team])
            )
        position += len(group)
    return result


def head_to_head(matches: Iterable[MatchRecord], teams: Iterable[Team]) -> dict[Team, tuple]:
    """Each team's (VPs, IMP margin) in the matches between the given teams."""
    group = set(teams)
    totals = {team: [0.0, 0] for team in group}
    for m in matches:
        if m.home in group and m.away in group and m.home != m.away:
            totals[m.home][0] += m.home_vps
            totals[m.home][1] += m.home_imps - m.away_imps
            totals[m.away][0] += m.away_vps
            totals[m.away][1] += m.away_imps - m.home_imps
    return {team: (round(v, NDIGITS), i) for team, (v, i) in totals.items()}


Step = Callable[[list[Team]], dict[Team, float] | None]


def _steps(tie_break, records, vps, imps_for, imps_against, round_robin, index) -> list[Step]:
    met = {frozenset((m.home, m.away)) for m in records}

    def all_met(group):
        return all(frozenset(pair) in met for pair in combinations(group, 2))

    def h2h_vps(group):
        if not all_met(group):
            return None
        return {team: vp for team, (vp, _) in head_to_head(records, group).items()}

    def h2h_imps(group):
        if not all_met(group):
            return None
        return {team: imp for team, (_, imp) in head_to_head(records, group).items()}

    def opponents_scores(group):
        totals = {team: 0.0 for team in group}
        for m in records:
            if m.home in totals:
                totals[m.home] += vps[m.away]
            if m.away in totals:
                totals[m.away] += vps[m.home]
        return {team: round(total, NDIGITS) for team, total in totals.items()}

    def imp_difference(group):
        return {team: imps_for[team] - imps_against[team] for team in group}

    def imp_quotient(group):
        return {
            team: imps_for[team] / imps_against[team] if imps_against[team] else float("inf")
            for team in group
        }

    def common_opponent(group):
        if len(group) != 2:
            return None
        margins = {team: {} for team in group}
        for m in records:
            for team, opponent, margin in (
                (m.home, m.away, m.home_imps - m.away_imps),
                (m.away, m.home, m.away_imps - m.home_imps),
            ):
                if team in margins and opponent not in margins:
                    margins[team][opponent] = margins[team].get(opponent, 0) + margin
        first, second = group
        common = set(margins[first]) & set(margins[second])
        for opponent in sorted(common, key=lambda t: (-vps[t], index[t])):
            if margins[first][opponent] != margins[second][opponent]:
                return {team: margins[team][opponent] for team in group}
        return None

    if tie_break == "ebu":
        return [h2h_vps, h2h_imps] + ([] if round_robin else [opponents_scores]) + [imp_difference]
    if tie_break == "cbai":
        return [h2h_vps, h2h_imps, imp_quotient, common_opponent]
    return []


def _ranked_groups(ordered, key) -> list[list[Team]]:
    """Runs of neighbours with the same key, in order."""
    groups: list[list[Team]] = []
    for team in ordered:
        if groups and key(groups[-1][0]) == key(team):
            groups[-1].append(team)
        else:
            groups.append([team])
    return groups


def _resolve(group: list[Team], steps: list[Step]) -> list[list[Team]]:
    """The tied group split into ordered groups by the first step that splits it, each part
    resolved again from the first step; one group if no step splits it."""
    if len(group) == 1:
        return [group]
    for step in steps:
        values = step(group)
        if values is None or len(set(values.values())) == 1:
            continue
        ordered = sorted(group, key=lambda team: -values[team])
        parts = _ranked_groups(ordered, values.__getitem__)
        return [resolved for part in parts for resolved in _resolve(part, steps)]
    return [group]
