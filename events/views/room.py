"""The director's side of the players' entry at the table: the room (every table-round's
progress, polled), the tables' calls and how they are cleared, and the director's take-over of
a table's waiting line."""

import logging

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import OperationalError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import trigger_client_event

from events.models import Event, TableCall
from events.services.entry import LineRefused
from events.services.status import EventLocked
from events.services.tables import room as room_service
from events.services.tables.calls import clear_call
from events.services.tables.room import accept_for_table, discard_table_line, table_calls
from events.views.director import directed_event
from events.views.sections import section_query

logger = logging.getLogger(__name__)


def _room_context(request: HttpRequest, event: Event, **extra) -> dict:
    if event.is_teams:
        data = request.POST if request.method == "POST" else request.GET
        shown = room_service.match_room(event=event, round=_number(data.get("round")))
        return {"event": event, "room": shown, **extra}
    room = room_service.room(event=event)
    return {
        "event": event,
        "room": room,
        "sections": [(section, section_query(section.section.letter)) for section in room.sections],
        # 1,800 links on a large event: built from one reversed prefix.
        "slip_url": reverse("director-slip", args=[event.pk, 1, 1]).removesuffix("1/tables/1/"),
        **extra,
    }


def _number(value: str | None) -> int | None:
    """A round asked for in the query, None when none (or not a number)."""
    return int(value) if value and value.isdigit() else None


@require_GET
@never_cache
@login_required
def room(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    context = _room_context(request, event, in_room=True)
    context["calls"] = context["room"].calls
    return render(request, "events/director/room.html", context)


@require_GET
@never_cache
@login_required
def room_grid(request: HttpRequest, event_id: int) -> HttpResponse:
    """The room's grid and waiting lines, polled every few seconds."""
    event = directed_event(request, event_id)
    return render(request, "events/director/room.html#room-grid", _room_context(request, event))


@require_GET
@never_cache
@login_required
def calls(request: HttpRequest, event_id: int) -> HttpResponse:
    """The tables' open calls, polled by the director's pages."""
    event = directed_event(request, event_id)
    return _calls(request, event, in_room=request.GET.get("in") == "room")


def _calls(request: HttpRequest, event: Event, *, in_room: bool) -> HttpResponse:
    """The calls panel: on the event's page it shows only while a table calls; in the room it
    always shows, and a cleared call leaves the director in the room."""
    return render(
        request,
        "events/director/_calls.html",
        {"event": event, "calls": table_calls(event=event), "in_room": in_room},
    )


@require_POST
@login_required
def call_clear(request: HttpRequest, event_id: int, call_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    clear_call(call=get_object_or_404(TableCall, pk=call_id, access__event=event))
    in_room = request.POST.get("in") == "room"
    if request.htmx:
        return _calls(request, event, in_room=in_room)
    messages.success(request, gettext("Call cleared."))
    if in_room:
        return redirect("director-room", event_id=event.pk)
    return redirect("director-event", event_id=event.pk)


@require_POST
@login_required
def table_line_accept(request: HttpRequest, event_id: int, line_id: int) -> HttpResponse:
    """Accept a table's waiting line on the table's behalf: saved as the director's result
    (a teams table's as its match's line)."""
    event = directed_event(request, event_id)
    line = _waiting(event, line_id)
    try:
        accept_for_table(line=line, user=request.user)
    except (LineRefused, EventLocked) as refused:
        why = str(refused)
    except OperationalError:  # still busy after the retries: say so, the line still waits
        logger.exception("accepting table line %s of event %s", line.pk, event.pk)
        why = gettext("the database was too busy, press Accept again")
    else:
        why = ""
    if why:
        return _after_take_over(
            request,
            event,
            refused=_said(
                line,
                gettext("Board %(board)s of table %(table)s was not saved: %(why)s"),
                gettext(
                    "Board %(board)s of table %(half)s of match %(table)s was not saved: %(why)s"
                ),
                why=why,
            ),
        )
    return _after_take_over(
        request,
        event,
        done=_said(
            line,
            gettext("Board %(board)s of table %(table)s saved."),
            gettext("Board %(board)s of table %(half)s of match %(table)s saved."),
        ),
    )


@require_POST
@login_required
def table_line_discard(request: HttpRequest, event_id: int, line_id: int) -> HttpResponse:
    """Drop a table's waiting line: the table (or the director) enters the board again."""
    event = directed_event(request, event_id)
    line = _waiting(event, line_id)
    discard_table_line(line=line)
    return _after_take_over(
        request,
        event,
        done=_said(
            line,
            gettext("The line of board %(board)s at table %(table)s is discarded."),
            gettext(
                "The line of board %(board)s at table %(half)s of match %(table)s is discarded."
            ),
        ),
    )


def _waiting(event: Event, line_id: int):
    line = room_service.waiting_line(event=event, line_id=line_id)
    if line is None:
        raise Http404("No such line waiting at a table of this event.")
    return line


def _said(line, pairs: str, teams: str, **more) -> str:
    """What happened to the line, in the words for its table: a pairs table's, or a teams
    table's (its half of the match's table number)."""
    access = line.access
    values = {"board": line.board_number, "table": access.table, "half": access.half, **more}
    return (teams if access.half else pairs) % values


def _after_take_over(
    request: HttpRequest, event: Event, *, done: str = "", refused: str = ""
) -> HttpResponse:
    """htmx gets the room's grid again, saying what happened; a plain POST goes back to the
    room with the same words as a message."""
    if not request.htmx:
        if refused:
            messages.error(request, refused)
        else:
            messages.success(request, done)
        return redirect("director-room", event_id=event.pk)
    context = _room_context(request, event, done=done, refused=refused)
    response = render(request, "events/director/room.html#room-grid", context)
    if done:
        trigger_client_event(response, "result-saved")
    return response
