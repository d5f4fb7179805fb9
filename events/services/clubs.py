"""A club's administration by its directors: directors, players, merging duplicates, deleting
events. Each write is one transaction; a refusal (ClubRefused) says why and changes nothing."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count, Prefetch, Q
from django.utils.translation import gettext

from events.models import (
    Board,
    Club,
    Event,
    IndividualPlayer,
    MatchLine,
    Pair,
    Partnership,
    Player,
    Result,
    Section,
    TableRound,
    Team,
    TeamMember,
)
from events.services.individuals import name_sides


class ClubRefused(Exception):
    """A change to a club that would break it or lose data; str() says why."""


def end_set_password_links(user) -> None:
    """End every set-password link given for an account that has not chosen its password
    yet: Django's token hashes the password, and a new unusable one is another."""
    user.set_unusable_password()
    user.save(update_fields=["password"])


def remove_director(*, club: Club, user) -> list[str]:
    """Take the user off the club's directors; the last director stays. The links they may
    have been shown for the club's directors who have not chosen a password yet end (they
    would let them back in): the usernames whose links ended are returned."""
    with transaction.atomic():
        directors = list(club.directors.select_for_update().values_list("pk", flat=True))
        if user.pk not in directors:
            raise ClubRefused(
                gettext("%(user)s does not direct %(club)s")
                % {"user": user.get_username(), "club": club.name}
            )
        if directors == [user.pk]:
            raise ClubRefused(
                gettext("%(user)s is the club's last director: add another one first")
                % {"user": user.get_username()}
            )
        club.directors.remove(user)
        waiting = [
            director
            for director in club.directors.order_by("username")
            if not director.has_usable_password()
        ]
        for director in waiting:
            end_set_password_links(director)
    return [director.get_username() for director in waiting]


def club_players(*, club: Club):
    """The club's players by name, each with how many times they played: the pairs they sit in
    and their places in individuals."""
    return club.players.annotate(
        seats=Count("partnership", distinct=True) + Count("individualplayer", distinct=True)
    ).order_by("name", "pk")


@dataclass(frozen=True)
class ClubAdmin:
    """What the club's administration page lists: its directors by user name, its players with
    their seats, its events newest first."""

    directors: list
    players: list[Player]
    events: list[Event]


def club_admin(*, club: Club) -> ClubAdmin:
    """The lists of the club's administration page."""
    return ClubAdmin(
        directors=list(club.directors.order_by("username")),
        players=list(club_players(club=club)),
        events=list(club.events.order_by("-date", "name")),
    )


def member_names(*, club: Club) -> list[str]:
    """The names of the club's members (its guests left out), for the names a form suggests."""
    return list(club.players.filter(guest=False).values_list("name", flat=True))


def directed_clubs(*, user) -> list[Club]:
    """The clubs `user` directs, each with its events."""
    return list(user.clubs.prefetch_related("events"))


def directs_a_club(*, user) -> bool:
    """Whether `user` directs any club."""
    return user.clubs.exists()


def site_clubs() -> list[Club]:
    """Every club of the site with its directors by username and its number of events, for
    the site's administrator."""
    directors = Prefetch("directors", queryset=get_user_model().objects.order_by("username"))
    return list(Club.objects.annotate(event_count=Count("events")).prefetch_related(directors))


def add_player(*, club: Club, name: str, member_number: str = "", email: str = "") -> Player:
    return Player.objects.create(club=club, name=name, member_number=member_number, email=email)


def change_player(*, player: Player, **values) -> None:
    """Change the player's fields (name, member_number, email, guest) in one save; the names of
    the pairs they sit in, and their name in the individuals they play in, follow a new name."""
    for name, value in values.items():
        setattr(player, name, value)
    _keeping_names([player], lambda: player.save(update_fields=list(values)))


@dataclass(frozen=True)
class Seat:
    """A pair a player sits in, or an individual they play in by a number, for the page that
    asks before a change."""

    event: Event
    number: str
    names: str


@dataclass(frozen=True)
class PlayerSeats:
    """The pairs and the individuals' players some players are, newest event first."""

    pairs: list[Seat]
    individuals: list[Seat]

    def __bool__(self) -> bool:
        return bool(self.pairs or self.individuals)


@dataclass(frozen=True)
class SeatCounts:
    """How many seats in pairs and places in individuals a merge moved or a removal unlinked."""

    pairs: int
    individuals: int


def player_seats(*, players: Iterable[Player]) -> PlayerSeats:
    """The pairs these players sit in and the individuals they play in, newest event first."""
    partnerships = (
        Partnership.objects.filter(player__in=players)
        .select_related("pair__section__event")
        .order_by("-pair__section__event__date", "pair__section__event__name", "pair__number")
    )
    individuals = (
        IndividualPlayer.objects.filter(player__in=players)
        .select_related("section__event")
        .order_by("-section__event__date", "section__event__name", "section__letter", "number")
    )
    return PlayerSeats(
        pairs=[Seat(p.pair.section.event, p.pair.name, p.pair.names) for p in partnerships],
        individuals=[Seat(i.section.event, str(i.number), i.name) for i in individuals],
    )


def _lock_club(club_id: int) -> None:
    """Queue a change of the club's players behind another one, or behind an undo of the
    club's own changes, which takes the same lock (events.services.history)."""
    Club.objects.select_for_update().only("pk").get(pk=club_id)


def remove_player(*, player: Player) -> SeatCounts:
    """Delete the player. The pairs they sat in keep their names as printed, and the
    individuals' players they were keep the name, without a link to the player; the numbers of
    such pairs and individuals' players are returned."""
    with transaction.atomic():
        _lock_club(player.club_id)
        membership = TeamMember.objects.filter(player=player).select_related("team__event")
        if member := membership.first():
            raise ClubRefused(
                gettext(
                    "%(player)s plays for %(team)s in %(event)s: take them out of the team first"
                )
                % {"player": player.name, "team": member.team.name, "event": member.team.event}
            )
        detached, _ = Partnership.objects.filter(player=player).delete()
        # Saved one by one, so that history sees each.
        individuals = IndividualPlayer.objects.filter(player=player).select_for_update()
        unlinked = 0
        for individual in individuals.order_by("pk"):
            individual.player = None
            individual.save(update_fields=["player"])
            unlinked += 1
        player.delete()
    return SeatCounts(pairs=detached, individuals=unlinked)


def merge_players(*, keep: Player, duplicates: list[Player]) -> SeatCounts:
    """Seat `keep` wherever a duplicate sat or played in an individual, then delete the
    duplicates; the pairs' names and the individuals' players' names follow.

    The kept player takes a duplicate's member number if it has none. Refused when the kept
    player and a duplicate (or two duplicates) sit in the same pair, play for the same team or
    play in the same individual. Returns the seats and places moved.
    """
    with transaction.atomic():
        _lock_club(keep.club_id)
        if keep in duplicates or not duplicates:
            raise ClubRefused(
                gettext("choose the player to keep and at least one other player to merge")
            )
        if any(d.club_id != keep.club_id for d in duplicates):
            raise ClubRefused(gettext("only players of the same club can be merged"))
        everyone = [keep, *duplicates]
        together = (
            Partnership.objects.filter(player__in=everyone)
            .values("pair")
            .annotate(n=Count("pk"))
            .filter(n__gt=1)
            .values_list("pair", flat=True)
        )
        clash = Pair.objects.filter(pk__in=together).select_related("section__event").first()
        if clash is not None:
            raise ClubRefused(
                gettext(
                    "%(names)s play together as pair %(pair)s in %(event)s: two players of one "
                    "pair cannot be the same person"
                )
                % {"names": clash.names, "pair": clash.number, "event": clash.section.event}
            )
        _check_teams(everyone)
        _check_individuals(everyone)

        def move() -> None:
            # Saved one by one, so that history sees each.
            seats = Partnership.objects.filter(player__in=duplicates).select_for_update()
            for seat in seats.order_by("pk"):
                seat.player = keep
                seat.save(update_fields=["player"])
            individuals = IndividualPlayer.objects.filter(player__in=duplicates)
            for individual in individuals.select_for_update().order_by("pk"):
                individual.player = keep
                individual.save(update_fields=["player"])
            for member in TeamMember.objects.filter(player__in=duplicates).order_by("pk"):
                member.player = keep
                member.save(update_fields=["player"])
            for team in Team.objects.filter(captain__in=duplicates).order_by("pk"):
                team.captain = keep
                team.save(update_fields=["captain"])
            # Two players of one team are refused above, so no line-up seats both.
            for seat in ("north", "south", "east", "west"):
                lines = MatchLine.objects.filter(**{f"{seat}__in": duplicates}).order_by("pk")
                for line in lines:
                    setattr(line, seat, keep)
                    line.save(update_fields=[seat])
            number = keep.member_number or next(
                (d.member_number for d in duplicates if d.member_number), ""
            )
            Player.objects.filter(pk__in=[d.pk for d in duplicates]).delete()
            if number != keep.member_number:
                keep.member_number = number
                keep.save(update_fields=["member_number"])

        return _keeping_names(duplicates, move)


def _check_teams(everyone: list[Player]) -> None:
    """Refuse to merge two players of one team: they are two people."""
    together = (
        TeamMember.objects.filter(player__in=everyone)
        .values("team")
        .annotate(n=Count("pk"))
        .filter(n__gt=1)
        .values_list("team", flat=True)
    )
    clash = Team.objects.filter(pk__in=together).select_related("event").first()
    if clash is not None:
        raise ClubRefused(
            gettext(
                "two of these players play for %(team)s in %(event)s: two players of one team "
                "cannot be the same person"
            )
            % {"team": clash.name, "event": clash.event}
        )


def _check_individuals(everyone: list[Player]) -> None:
    """Refuse to merge two players of one individual: they are two people."""
    together = (
        IndividualPlayer.objects.filter(player__in=everyone)
        .values("section")
        .annotate(n=Count("player", distinct=True))
        .filter(n__gt=1)
        .values_list("section", flat=True)
    )
    clash = Section.objects.filter(pk__in=together).select_related("event").first()
    if clash is not None:
        numbers = clash.individuals.filter(player__in=everyone).values_list("number", flat=True)
        raise ClubRefused(
            gettext(
                "two of these players play in %(event)s as players %(numbers)s: two players of "
                "one individual cannot be the same person"
            )
            % {"event": clash.event, "numbers": ", ".join(map(str, numbers))}
        )


def _pair_names(pair_ids: list[int]) -> dict[int, str]:
    """Each pair's names as its seated players make them ("Ann Able & Bob Best")."""
    names: dict[int, list[str]] = {}
    rows = Partnership.objects.filter(pair_id__in=pair_ids).order_by("pair_id", "seat")
    for pair_id, name in rows.values_list("pair_id", "player__name"):
        names.setdefault(pair_id, []).append(name)
    return {pair_id: " & ".join(seated) for pair_id, seated in names.items()}


def _keeping_names(players: list[Player], change: Callable[[], None]) -> SeatCounts:
    """Run `change` in a transaction, then rename the pairs these players sat in whose names
    were their players' names, and the individuals' players they were whose name was theirs (the
    individuals' sides follow); a name the director typed another way (or kept after a player
    left) stays. Returns how many pairs and individuals' players the players were."""
    with transaction.atomic():
        _lock_club(players[0].club_id)
        seats = Partnership.objects.filter(player__in=players)
        pair_ids = list(seats.values_list("pair_id", flat=True))
        played = IndividualPlayer.objects.filter(player__in=players)
        individual_ids = list(played.values_list("pk", flat=True))
        pairs_before, players_before = _pair_names(pair_ids), _player_names(individual_ids)
        change()
        pairs_after, players_after = _pair_names(pair_ids), _player_names(individual_ids)
        for pair in Pair.objects.filter(pk__in=pair_ids).select_for_update().order_by("pk"):
            if pair.names == pairs_before.get(pair.pk) and pair.names != pairs_after.get(pair.pk):
                pair.names = pairs_after[pair.pk]
                pair.save(update_fields=["names"])
        renamed = set()
        individuals = IndividualPlayer.objects.filter(pk__in=individual_ids).select_for_update()
        for individual in individuals.order_by("pk"):
            name = players_after.get(individual.pk)
            if name and individual.name == players_before.get(individual.pk) != name:
                individual.name = name
                individual.save(update_fields=["name"])
                renamed.add(individual.section_id)
        for section in Section.objects.filter(pk__in=renamed).order_by("pk"):
            name_sides(section=section)
    return SeatCounts(pairs=len(pair_ids), individuals=len(individual_ids))


def _player_names(individual_ids: list[int]) -> dict[int, str]:
    """The name of the club player each of these individuals' players is."""
    rows = IndividualPlayer.objects.filter(pk__in=individual_ids, player__isnull=False)
    return dict(rows.values_list("pk", "player__name"))


@dataclass(frozen=True)
class EventContents:
    """What deleting an event drops, for the page that asks first."""

    pairs: int
    named_pairs: int
    boards: int
    hand_records: int
    results: int
    adjusted: int
    notes: int
    table_rounds: int


def event_contents(*, event: Event) -> EventContents:
    results = Result.objects.filter(board__section__event=event).aggregate(
        results=Count("pk"),
        adjusted=Count("pk", filter=~Q(ns_adjustment="")),
        notes=Count("pk", filter=~Q(note="")),
    )
    pairs = Pair.objects.filter(section__event=event).aggregate(
        pairs=Count("pk"), named_pairs=Count("pk", filter=~Q(names=""))
    )
    boards = Board.objects.filter(section__event=event).aggregate(
        boards=Count("pk"), hand_records=Count("pk", filter=~Q(deal=""))
    )
    return EventContents(
        **results,
        **pairs,
        **boards,
        table_rounds=TableRound.objects.filter(section__event=event).count(),
    )


def delete_event(*, event: Event) -> None:
    """Delete the event with its sections, pairs, boards and results; players stay."""
    with transaction.atomic():
        event.delete()
