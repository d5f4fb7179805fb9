"""What the public may see of an event: nothing while it is set up, then as its reveal rule says."""

from django.db.models import Count, Max, Prefetch, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext

from events.models import Board, Club, Competition, Event, Result, Section, TableRound
from events.services.club_settings import use_club_time_zone
from events.services.rankings import revealed_round


def public_event(event_id: int) -> Event:
    """The event, once it has started; 404 while the director is still setting it up."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
    use_club_time_zone(event.club)
    if event.status == Event.Status.SETUP:
        raise Http404(gettext("This event has not started."))
    return event


def _started_events() -> QuerySet[Event]:
    return Event.objects.exclude(status=Event.Status.SETUP).order_by("-date", "name")


def public_clubs() -> list[Club]:
    """Every club, each with the events it has started (`public_events`), newest first."""
    started = Prefetch("events", queryset=_started_events(), to_attr="public_events")
    return list(Club.objects.prefetch_related(started))


def public_events(*, club: Club) -> list[Event]:
    """The events the club has started, newest first."""
    return list(_started_events().filter(club=club))


def public_competitions(*, club: Club) -> list[Competition]:
    """The club's competitions with a session that has started."""
    started = [Event.Status.RUNNING, Event.Status.PUBLISHED]
    return list(club.competitions.filter(sessions__event__status__in=started).distinct())


def results_visible(event: Event) -> bool:
    """Whether any result may be shown: not under the end-of-session rule until published."""
    return event.is_published or event.reveal != Event.Reveal.END_OF_SESSION


def everything_visible(event: Event) -> bool:
    """Whether every line may be shown, as files to download for instance."""
    return event.is_published or event.reveal == Event.Reveal.ALWAYS


def reveal_limit(event: Event, section: Section) -> int | None:
    """The last round the public may see, or None when every saved line may be shown."""
    if everything_visible(event):
        return None
    return revealed_round(section=section)


def hidden_hands(event: Event, boards: QuerySet[Board] | None = None) -> set[int]:
    """The boards (ids) whose deal, double-dummy table and par the public may not see yet.

    Until the event is published, a board's hand is shown once every table the movement
    schedules on it has played it, and then only if its lines are shown: a player who has not
    played a board must not find its cards. `boards` narrows the answer to some of the event's.
    """
    if event.is_published:
        return set()
    boards = Board.objects.filter(section__event=event) if boards is None else boards
    rows = boards.annotate(entered=Count("results"), last_round=Max("results__round"))
    if not results_visible(event):
        return set(rows.values_list("pk", flat=True))
    limits = {section.pk: reveal_limit(event, section) for section in event.sections.all()}
    hidden = set()
    for pk, section_id, expected, entered, last_round in rows.values_list(
        "pk", "section", "expected_results", "entered", "last_round"
    ):
        limit = limits[section_id]
        if not expected or entered < expected or (limit is not None and (last_round or 0) > limit):
            hidden.add(pk)
    return hidden


def hand_hidden(*, event: Event, board: Board) -> bool:
    """Whether the public may not see `board`'s deal yet, as hidden_hands says."""
    return bool(hidden_hands(event, Board.objects.filter(pk=board.pk)))


def withheld(event: Event, board: Board, limit: int | None) -> str | None:
    """Why some of `board`'s traveller is not shown yet, and when it will be; None when every
    line of it is shown. `limit` is reveal_limit's answer for the board's section."""
    if not results_visible(event):
        return gettext("Board %(board)s is shown when the event is published.") % {
            "board": board.number
        }
    if limit is None or not board.results.exclude(round__lte=limit).exists():
        return None
    last_round = TableRound.objects.filter(
        section=board.section_id, low_board__lte=board.number, high_board__gte=board.number
    ).aggregate(last=Max("round"))["last"]
    if last_round is None or last_round <= limit:
        # Lines the movement does not schedule wait for the director to publish.
        return gettext("Board %(board)s is shown in full when the event is published.") % {
            "board": board.number
        }
    return gettext(
        "Board %(board)s is shown once every table has played it, after round %(round)s."
    ) % {"board": board.number, "round": last_round}


def explainable_boards(event: Event, boards: list[Board], limit: int | None) -> set[int]:
    """The boards (ids) among `boards` whose every line is shown, as withheld() says: only
    their scores may be explained, since an explanation shows every score on the board."""
    if not results_visible(event):
        return set()
    ids = {board.pk for board in boards}
    if limit is None:
        return ids
    hidden = Result.objects.filter(board__in=ids).exclude(round__lte=limit)
    return ids - set(hidden.values_list("board", flat=True))
