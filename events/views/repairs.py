"""Repairing the movement of a running event: a late pair, a pair that leaves, wrong boards,
swapped seats."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from events.forms.repairs import REPAIR_FORMS
from events.services import repairs
from events.services.repairs import RepairRefused, twice_played
from events.views.director import directed_pairs_event
from events.views.sections import chosen_section

SERVICES = {
    "late": repairs.late_pair_joins,
    "leaves": repairs.pair_leaves,
    "boards": repairs.wrong_boards,
    "directions": repairs.directions_swapped,
    "places": repairs.pairs_swapped,
}


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def repair(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_pairs_event(request, event_id)
    section = chosen_section(request, event)
    kind = request.POST.get("kind") if request.method == "POST" else None
    forms = {
        key: form_class(request.POST if key == kind else None, prefix=key)
        for key, form_class in REPAIR_FORMS.items()
    }
    if kind in forms and forms[kind].is_valid():
        data = dict(forms[kind].cleaned_data)
        if "boards" in data:
            data["low"], data["high"] = data.pop("boards")
        try:
            repaired = SERVICES[kind](section=section, user=request.user, **data)
        except RepairRefused as refused:
            forms[kind].add_error(
                None, gettext("Not repaired: %(refused)s.") % {"refused": refused}
            )
        else:
            messages.success(request, f"{repaired.summary}.")
            return redirect("director-repair", event_id=event.pk)
    return render(
        request,
        "events/director/repair.html",
        {"event": event, "forms": forms.items(), "twice": twice_played(section=section)},
    )
