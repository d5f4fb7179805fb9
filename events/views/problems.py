"""The fixes the problems panel posts: each goes through the entry service and the history."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRefresh, trigger_client_event

from events.models import Change, Result
from events.services.entry import LineRefused
from events.services.history import recording
from events.services.line_fixes import confirm_line, swap_directions
from events.services.status import EventLocked, check_editable
from events.views.director import directed_pairs_event


@require_POST
@login_required
def line_swap(request: HttpRequest, event_id: int, result_id: int) -> HttpResponse:
    event = directed_pairs_event(request, event_id)
    result = get_object_or_404(
        Result.objects.select_related("board__section__event", "ns_pair", "ew_pair"),
        pk=result_id,
        board__section__event=event,
    )
    before = f"{result.ns_pair.name} v {result.ew_pair.name}"
    try:
        check_editable(event)
        with recording(club=event.club, event=event, user=request.user, kind=Change.Kind.RESULT):
            swapped = swap_directions(result=result)
    except (LineRefused, EventLocked) as refused:
        messages.error(
            request,
            gettext("Board %(board)s, %(before)s not swapped: %(refused)s.")
            % {"board": result.board.number, "before": before, "refused": refused},
        )
    except OperationalError:
        messages.error(request, gettext("Not swapped: the database was too busy. Try again."))
    else:
        messages.success(
            request,
            gettext("Board %(board)s: now %(ns)s North-South v %(ew)s East-West.")
            % {
                "board": result.board.number,
                "ns": swapped.ns_pair.name,
                "ew": swapped.ew_pair.name,
            },
        )
    return redirect("director-event", event_id=event.pk)


@require_POST
@login_required
def line_confirm(request: HttpRequest, event_id: int, result_id: int) -> HttpResponse:
    """The director's "It's right" on a question: recorded, and the panels shown again."""
    event = directed_pairs_event(request, event_id)
    result = get_object_or_404(
        Result.objects.select_related("board__section__event__club", "ns_pair", "ew_pair"),
        pk=result_id,
        board__section__event=event,
    )
    try:
        confirm_line(result=result, user=request.user)
    except EventLocked as refused:
        messages.error(request, gettext("Not marked right: %(why)s.") % {"why": refused})
    except OperationalError:
        messages.error(request, gettext("Not marked right: the database was too busy. Try again."))
    else:
        if request.htmx:
            # The panels listen for saved results: they show the list without the question.
            return trigger_client_event(HttpResponse(status=204), "result-saved")
    if request.htmx:  # the page shows why
        return HttpResponseClientRefresh()
    return redirect("director-event", event_id=event.pk)
