"""The director's keyboard shortcuts, drawn on every director page that belongs to an event."""

from django import template
from django.urls import reverse

from events.models import Event
from events.services.navigation import event_destinations
from events.views.sections import section_letter, section_query

register = template.Library()


@register.inclusion_tag("events/director/_shortcuts.html", takes_context=True)
def director_shortcuts(context) -> dict:
    """The data the shortcuts check a destination against, and their help; nothing on pages
    that are not a director's page of one event."""
    request = context.get("request")
    event = context.get("event")
    match = getattr(request, "resolver_match", None)
    if not (isinstance(event, Event) and match and (match.url_name or "").startswith("director-")):
        return {}
    if event.is_teams:  # boards and table-rounds are a pairs event's
        return {}
    # A sectioned event's pages name their section (?section=B): the shortcuts stay in it.
    letter = section_letter(request)
    destinations = event_destinations(event=event, letter=letter)
    kwargs = match.kwargs
    current_slip = ""
    if match.url_name == "director-slip":
        current_slip = f"{kwargs['round_number']}:{kwargs['table']}"
    return {
        "shortcuts": True,
        "boards": " ".join(str(n) for n in destinations.boards),
        "slips": " ".join(f"{r}:{t}" for r, t in destinations.slips),
        "current_board": kwargs.get("number", "") if match.url_name == "director-board" else "",
        "current_slip": current_slip,
        # The destinations end in the number typed: built from a prefix, as the event page does.
        "board_url": reverse("director-board", args=[event.pk, 1]).removesuffix("1/"),
        "slip_url": reverse("director-slip", args=[event.pk, 1, 1]).removesuffix("1/tables/1/"),
        "query": section_query(letter),
    }
