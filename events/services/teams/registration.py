"""Registering teams: as many players as the club's setting allows (4 to 6 unless it says
otherwise) from the club's list (a new name is a guest), a captain, an optional seed. Each write
is one recorded change; a refusal changes nothing."""

from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext

from events.models import Change, Event, Match, Player, Team, TeamMember
from events.models.clubs import squad_limits
from events.services.history import recording
from events.services.setup import named_player
from events.services.status import LOCKED
from events.services.teams.setup import TeamRefused


def registered_teams(*, event: Event) -> list[Team]:
    """The event's teams, each with its captain and its members' players."""
    return list(event.teams.prefetch_related("members__player").select_related("captain"))


def team_members(*, team: Team) -> list[TeamMember]:
    """The team's members, by seat, each with its player."""
    return list(team.members.select_related("player"))


def register_team(
    *, event: Event, name: str, players: list, captain=None, seed=None, user=None
) -> Team:
    """Add a team to the event. `players` are Player rows or names, in the team's order;
    `captain` one of them (a Player or a name), by default the first."""
    with (
        transaction.atomic(),
        recording(club=event.club, event=event, user=user, kind=Change.Kind.TEAMS, note=name),
    ):
        _lock_event(event)
        number = (event.teams.aggregate(last=Max("number"))["last"] or 0) + 1
        team = Team(event=event, number=number)
        _fill(team, name, players, captain, seed)
    return team


def update_team(*, team: Team, name: str, players: list, captain=None, seed=None, user=None):
    """Rename the team, change its players, captain or seed."""
    event = team.event
    with (
        transaction.atomic(),
        recording(club=event.club, event=event, user=user, kind=Change.Kind.TEAMS, note=name),
    ):
        _lock_event(event)
        _fill(team, name, players, captain, seed)
    return team


def delete_team(*, team: Team, user=None) -> None:
    """Remove a team that has no match yet."""
    event = team.event
    with (
        transaction.atomic(),
        recording(club=event.club, event=event, user=user, kind=Change.Kind.TEAMS, note=team.name),
    ):
        _lock_event(event)
        if Match.objects.filter(Q(home=team) | Q(away=team)).exists():
            raise TeamRefused(
                gettext("%(team)s has matches: delete its matches first") % {"team": team.name}
            )
        team.delete()


def _lock_event(event: Event) -> None:
    """Registrations queue on the event row, so that numbers and names stay unique."""
    locked = Event.objects.select_for_update().only("status", "reopened_on").get(pk=event.pk)
    if locked.is_locked:
        raise TeamRefused(LOCKED)


def _fill(team: Team, name: str, players: list, captain, seed) -> None:
    event = team.event
    name = name.strip()
    if not name:
        raise TeamRefused(gettext("a team needs a name"))
    if event.teams.filter(name__iexact=name).exclude(pk=team.pk).exists():
        raise TeamRefused(
            gettext("there is already a team %(team)s in this event") % {"team": name}
        )
    chosen = _players(event, [p for p in players if not isinstance(p, str) or p.strip()])
    _check_size(team, chosen, name)
    _check_once(team, chosen)
    team.name, team.seed = name, seed
    team.captain = _captain(chosen, captain)
    team.save()
    kept = {member.player_id: member for member in TeamMember.objects.filter(team=team)}
    for member in kept.values():
        if member.player_id not in {p.pk for p in chosen}:
            member.delete()
    # Seats are renumbered past every seat in use first, so that the unique seat never
    # clashes, whatever the squad's size.
    past = max((member.seat for member in kept.values()), default=0) + len(chosen)
    for seat, player in enumerate(chosen, start=1):
        member = kept.get(player.pk)
        if member is not None and member.seat != seat:
            member.seat = past + seat
            member.save(update_fields=["seat"])
    for seat, player in enumerate(chosen, start=1):
        member = kept.get(player.pk) or TeamMember(team=team, player=player)
        if member.seat != seat or member.pk is None:
            member.seat = seat
            member.save()


def _check_size(team: Team, chosen: list[Player], name: str) -> None:
    """The club's limits; a squad already larger (a league's, imported from a file) may keep
    its size."""
    fewest, most = squad_limits(team.event.club)
    if team.pk is not None:
        most = max(most, team.members.count())
    if not fewest <= len(chosen) <= most:
        raise TeamRefused(
            gettext("a team has %(fewest)s to %(most)s players, not %(count)s: %(name)s")
            % {"fewest": fewest, "most": most, "count": len(chosen), "name": name}
        )


def _players(event: Event, players: list) -> list[Player]:
    chosen = []
    for player in players:
        if isinstance(player, str):
            player = named_player(event.club, player.strip())
        elif player.club_id != event.club_id:
            raise TeamRefused(
                gettext("%(player)s is not one of this club's players") % {"player": player.name}
            )
        if player.pk in {p.pk for p in chosen}:
            raise TeamRefused(gettext("%(player)s is named twice") % {"player": player.name})
        chosen.append(player)
    return chosen


def _check_once(team: Team, chosen: list[Player]) -> None:
    """A player plays for one team of an event."""
    others = TeamMember.objects.filter(team__event=team.event, player__in=chosen)
    if team.pk is not None:
        others = others.exclude(team=team)
    elsewhere = others.select_related("player", "team").first()
    if elsewhere is not None:
        raise TeamRefused(
            gettext("%(player)s already plays for %(team)s")
            % {"player": elsewhere.player.name, "team": elsewhere.team.name}
        )


def _captain(chosen: list[Player], captain) -> Player:
    if captain is None or captain == "":
        return chosen[0]
    for player in chosen:
        if player == captain or (
            isinstance(captain, str) and player.name.lower() == captain.strip().lower()
        ):
            return player
    name = captain if isinstance(captain, str) else captain.name
    raise TeamRefused(
        gettext("the captain, %(player)s, is not one of the team's players") % {"player": name}
    )
