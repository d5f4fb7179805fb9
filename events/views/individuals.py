"""Individual events: setting one up and naming its players."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from events.forms.individuals import IndividualForm, PlayerNamesForm
from events.models import Change
from events.services.clubs import member_names
from events.services.history import recording
from events.services.individuals import create_individual_event, name_players, players_to_name
from events.services.movement_text import movement_name
from events.services.status import EventLocked, check_editable
from events.views.director import barometer_reveal_note, directed_club, directed_event


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def individual_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = directed_club(request, slug)
    form = IndividualForm(request.POST or None, initial=club.event_defaults)
    if request.method == "POST" and form.is_valid():
        movement = form.cleaned_data["individual_movement"]
        settings = {f: form.cleaned_data[f] for f in form.Meta.fields}
        event = create_individual_event(club=club, movement=movement, user=request.user, **settings)
        messages.success(
            request,
            gettext("%(event)s is set up. Movement: %(movement)s.")
            % {"event": event.name, "movement": movement_name(movement.name)},
        )
        barometer_reveal_note(request, event, movement)
        return redirect("director-players", event_id=event.pk)
    return render(request, "events/director/individual_new.html", {"club": club, "form": form})


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def event_players(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    if not event.is_individual:
        raise Http404("Only an individual event has players to name one by one.")
    section = event.sections.get()
    form = PlayerNamesForm(request.POST or None, individuals=players_to_name(section=section))
    if request.method == "POST":
        try:
            check_editable(event)
        except EventLocked as locked:
            messages.error(request, str(locked))
            return redirect("director-event", event_id=event.pk)
    if request.method == "POST" and form.is_valid():
        if changed := form.changed_names():
            with recording(club=event.club, event=event, user=request.user, kind=Change.Kind.PAIRS):
                name_players(section=section, names=changed)
        messages.success(request, gettext("Names saved."))
        return redirect("director-event", event_id=event.pk)
    return render(
        request,
        "events/director/players.html",
        {"event": event, "form": form, "players": member_names(club=event.club)},
    )
