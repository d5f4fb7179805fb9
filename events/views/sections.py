"""Which section of an event a director page is about: `?section=B`, the first by default."""

import re

from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from events.models import Event, Section

LETTER = re.compile(r"[A-Z]{1,2}")


def section_letter(request: HttpRequest) -> str:
    """The section a page or a grid is of: `section` in the query or the form, "A" by default
    (an event of one section never names it)."""
    letter = request.POST.get("section") or request.GET.get("section") or "A"
    return letter if LETTER.fullmatch(letter) else "A"


def chosen_section(request: HttpRequest, event: Event) -> Section:
    """The section the request names; 404 if the event has none of that letter."""
    return get_object_or_404(Section, event=event, letter=section_letter(request))


def section_query(letter: str) -> str:
    """What a link to a page of that section adds: nothing for the first."""
    return "" if letter == "A" else f"?section={letter}"
