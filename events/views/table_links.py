"""The director's list of the tables' links and QR codes, and a new link for a table whose
card went astray."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from events.forms.history import ConfirmForm
from events.models import TableAccess
from events.services.tables.access import event_tables, new_table_token, table_name, table_url
from events.views.director import directed_event


def site_address(request: HttpRequest) -> str:
    """This site's address without the closing slash, put before a table's page's path."""
    return request.build_absolute_uri("/").removesuffix("/")


@require_GET
@never_cache
@login_required
def table_links(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    site = site_address(request)
    accesses = event_tables(event=event)
    several = len({access.section_id for access in accesses}) > 1
    pages = [
        (access, table_name(access=access, several_sections=several), table_url(access=access))
        for access in accesses
    ]
    tables = [(access, name, site + page) for access, name, page in pages]
    return render(request, "events/director/table_links.html", {"event": event, "tables": tables})


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def new_link(request: HttpRequest, event_id: int, access_id: int) -> HttpResponse:
    """Asked first: the table's printed QR code opens nothing once its link is new."""
    event = directed_event(request, event_id)
    access = get_object_or_404(
        TableAccess.objects.select_related("section"), pk=access_id, event=event
    )
    several = not event.is_teams and event.sections.count() > 1
    name = table_name(access=access, several_sections=several)
    if request.method == "POST" and ConfirmForm(request.POST).is_valid():
        new_table_token(access=access)
        messages.success(
            request,
            gettext("%(table)s has a new link: print its card again.") % {"table": name},
        )
        return redirect("director-tables", event_id=event.pk)
    return render(request, "events/director/table_link_new.html", {"event": event, "name": name})
