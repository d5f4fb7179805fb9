"""Director pages of the audit trail: an event's history, undoing a change, reopening."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from events.forms.history import HistoryFilterForm, ReopenForm, UndoForm
from events.models import Change
from events.services.history import UndoRefused, undo_change, undo_refusal
from events.services.history_text import change_lines, event_history
from events.services.status import StatusRefused, reopen_event
from events.views.director import directed_event


@require_GET
@never_cache
@login_required
def history(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's changes, newest first: who, when, what, the note; one kind if chosen."""
    event = directed_event(request, event_id)
    form = HistoryFilterForm(request.GET)
    kind = form.cleaned_data["kind"] if form.is_valid() else ""
    kind = kind if kind in Change.Kind.values else ""
    return render(
        request,
        "events/director/history.html",
        {
            "event": event,
            "entries": event_history(event=event, kind=kind),
            "kinds": Change.Kind.choices,
            "kind": kind,
        },
    )


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def undo(request: HttpRequest, event_id: int, change_id: int) -> HttpResponse:
    """Confirm, then undo one change: the rows it touched go back as they were, rescored."""
    event = directed_event(request, event_id)
    change = get_object_or_404(
        Change.objects.select_related("event", "club", "user", "undoes"), pk=change_id, event=event
    )
    form = UndoForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            undo_change(change=change, user=request.user, note=form.cleaned_data["note"])
        except UndoRefused as refused:
            messages.error(request, gettext("Not undone: %(refused)s.") % {"refused": refused})
        else:
            messages.success(
                request,
                gettext("Change #%(change)s undone; the event is scored again.")
                % {"change": change.pk},
            )
            return redirect("director-history", event_id=event.pk)
    lines = change_lines(change=change)
    return render(
        request,
        "events/director/undo.html",
        {
            "event": event,
            "change": change,
            "lines": lines,
            "form": form,
            "refusal": undo_refusal(change),
        },
    )


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def reopen(request: HttpRequest, event_id: int) -> HttpResponse:
    """Reopen a published event for correction, with a reason kept in its history."""
    event = directed_event(request, event_id)
    form = ReopenForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            reopen_event(event=event, reason=form.cleaned_data["reason"], user=request.user)
        except StatusRefused as refused:
            messages.error(request, str(refused))
        else:
            messages.success(
                request,
                gettext("Reopened for correction: publish it again when the results are right."),
            )
        return redirect("director-event", event_id=event.pk)
    return render(request, "events/director/reopen.html", {"event": event, "form": form})
