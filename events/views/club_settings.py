"""A club's settings page: its time zone, national body and defaults for new events."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from events.forms.club_settings import ClubSettingsForm, EventDefaultsForm
from events.services.club_settings import change_club_settings, club_settings_changes
from events.views.director import directed_club


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """Show the club's settings; a valid post saves them as one change of its history."""
    club = directed_club(request, slug)
    data = request.POST if request.method == "POST" else None
    form = ClubSettingsForm(data, instance=club)
    defaults_form = EventDefaultsForm(data, initial=club.event_defaults, prefix="defaults")
    if data is not None and all([form.is_valid(), defaults_form.is_valid()]):
        lines = change_club_settings(
            club=club,
            user=request.user,
            time_zone=form.cleaned_data["time_zone"],
            national_body=form.cleaned_data["national_body"],
            language=form.cleaned_data["language"],
            event_defaults=defaults_form.defaults(),
            defaults_before=defaults_form.defaults_before(),
        )
        if lines:
            changes = pgettext("between the items of a list", "; ").join(lines)
            messages.success(request, _("Saved: %(changes)s.") % {"changes": changes})
        else:
            messages.info(request, _("Nothing changed."))
        return redirect("club-settings", slug=club.slug)
    return render(
        request,
        "events/director/club_settings.html",
        {
            "club": club,
            "form": form,
            "defaults_form": defaults_form,
            "time_zones": ClubSettingsForm.time_zones(),
            "changes": club_settings_changes(club=club),
        },
    )
