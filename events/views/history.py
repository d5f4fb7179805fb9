"""Director pages of the audit trail: an event's history and its club's, undoing a change,
reopening."""

from dataclasses import dataclass

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from events.forms.history import HistoryFilterForm, ReopenForm, UndoForm
from events.models import Change, Club, Event
from events.services.history import (
    CLUB_KINDS,
    UndoRefused,
    club_changes,
    undo_change,
    undo_refusal,
)
from events.services.history_text import change_lines, club_history, event_history
from events.services.status import StatusRefused, reopen_event
from events.views.director import directed_club, directed_event

# The kinds a club's history lists, in the order of the event's.
CLUB_HISTORY_KINDS = [
    (value, label)
    for value, label in Change.Kind.choices
    if value in CLUB_KINDS or value == Change.Kind.UNDO
]


@dataclass(frozen=True)
class HistoryOf:
    """What a history page is of, an event or a club: its name, its director's page, its
    history's address, and the address of a change's undo (`undo`, with `key` and the
    change's id)."""

    name: str
    page: str
    history: str
    undo: str
    key: int | str
    # The event whose history it is (an undo scores it again; its pages draw the director's
    # shortcuts); None for a club's.
    event: Event | None

    @classmethod
    def event(cls, event: Event) -> "HistoryOf":
        return cls(
            event.name,
            reverse("director-event", args=[event.pk]),
            reverse("director-history", args=[event.pk]),
            "director-undo",
            event.pk,
            event,
        )

    @classmethod
    def club(cls, club: Club) -> "HistoryOf":
        return cls(
            club.name,
            reverse("club-admin", args=[club.slug]),
            reverse("club-history", args=[club.slug]),
            "club-undo",
            club.slug,
            None,
        )


def _chosen_kind(request: HttpRequest, kinds: list[tuple[str, str]]) -> str:
    form = HistoryFilterForm(request.GET)
    kind = form.cleaned_data["kind"] if form.is_valid() else ""
    return kind if kind in dict(kinds) else ""


def _history_page(request: HttpRequest, of: HistoryOf, entries, kinds, kind: str) -> HttpResponse:
    return render(
        request,
        "events/director/history.html",
        {"of": of, "event": of.event, "entries": entries, "kinds": kinds, "kind": kind},
    )


@require_GET
@never_cache
@login_required
def history(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's changes, newest first: who, when, what, the note; one kind if chosen."""
    event = directed_event(request, event_id)
    kind = _chosen_kind(request, Change.Kind.choices)
    entries = event_history(event=event, kind=kind)
    return _history_page(request, HistoryOf.event(event), entries, Change.Kind.choices, kind)


@require_GET
@never_cache
@login_required
def club_history_page(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's own changes (its players, its settings, its multi-session events, its events
    deleted), newest first, as an event's history shows its own."""
    club = directed_club(request, slug)
    kind = _chosen_kind(request, CLUB_HISTORY_KINDS)
    entries = club_history(club=club, kind=kind)
    return _history_page(request, HistoryOf.club(club), entries, CLUB_HISTORY_KINDS, kind)


def _undo_page(request: HttpRequest, of: HistoryOf, change: Change) -> HttpResponse:
    """Confirm, then undo one change: the rows it touched go back as they were."""
    form = UndoForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            undo_change(change=change, user=request.user, note=form.cleaned_data["note"])
        except UndoRefused as refused:
            messages.error(request, gettext("Not undone: %(refused)s.") % {"refused": refused})
        else:
            done = (
                gettext("Change #%(change)s undone; the event is scored again.")
                if of.event
                else gettext("Change #%(change)s undone.")
            )
            messages.success(request, done % {"change": change.pk})
            return redirect(of.history)
    return render(
        request,
        "events/director/undo.html",
        {
            "of": of,
            "event": of.event,
            "change": change,
            "lines": change_lines(change=change),
            "form": form,
            "refusal": undo_refusal(change),
        },
    )


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def undo(request: HttpRequest, event_id: int, change_id: int) -> HttpResponse:
    """Undo one of the event's changes, rescored."""
    event = directed_event(request, event_id)
    change = get_object_or_404(
        Change.objects.select_related("event", "club", "user", "undoes"), pk=change_id, event=event
    )
    return _undo_page(request, HistoryOf.event(event), change)


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def club_undo(request: HttpRequest, slug: str, change_id: int) -> HttpResponse:
    """Undo one of the club's own changes (an event's is undone from the event's history)."""
    club = directed_club(request, slug)
    changes = club_changes(club=club).select_related("club", "user", "undoes")
    return _undo_page(request, HistoryOf.club(club), get_object_or_404(changes, pk=change_id))


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
