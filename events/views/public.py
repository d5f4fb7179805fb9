"""Pages players read, without logging in: clubs, rankings, scorecards, travellers."""

from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from events.formats import FORMATS
from events.models import Board, Club, Event, Pair, Section
from events.services.publication import (
    everything_visible,
    hidden_hands,
    public_event,
    results_visible,
    reveal_limit,
)
from events.services.rankings import section_ranking
from events.services.travellers import score_frequencies, scorecard, traveller


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    clubs = Club.objects.prefetch_related(
        Prefetch(
            "events",
            queryset=Event.objects.exclude(status=Event.Status.SETUP).order_by("-date", "name"),
            to_attr="public_events",
        )
    )
    return render(request, "events/home.html", {"clubs": clubs})


@require_GET
def club(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    events = club.events.exclude(status=Event.Status.SETUP).order_by("-date", "name")
    return render(request, "events/club.html", {"club": club, "events": events})


def _ranking_context(event: Event) -> dict:
    sections = []
    for section in event.sections.all():
        limit = reveal_limit(event, section)
        sections.append((section, limit, section_ranking(section=section, up_to_round=limit)))
    return {
        "event": event,
        "visible": results_visible(event),
        "sections": sections,
        "polling": event.status == Event.Status.RUNNING,
    }


@require_GET
def event(request: HttpRequest, event_id: int) -> HttpResponse:
    event = public_event(event_id)
    context = _ranking_context(event)
    context["boards"] = Board.objects.filter(section__event=event).select_related("section")
    if everything_visible(event):
        context["download_formats"] = FORMATS.items()
    return render(request, "events/event.html", context)


@require_GET
def ranking_fragment(request: HttpRequest, event_id: int) -> HttpResponse:
    event = public_event(event_id)
    return render(request, "events/event.html#ranking", _ranking_context(event))


def _visible_section(event_id: int, letter: str) -> tuple[Event, Section, int | None]:
    """The event and section whose lines a player may read, and the last round they may see."""
    event = public_event(event_id)
    if not results_visible(event):
        raise Http404("Results are shown when the director publishes them.")
    section = get_object_or_404(Section, event=event, letter=letter)
    return event, section, reveal_limit(event, section)


@require_GET
def scorecard_view(request: HttpRequest, event_id: int, section: str, number: int) -> HttpResponse:
    event, section_obj, last_round = _visible_section(event_id, section)
    pair = get_object_or_404(Pair, section=section_obj, number=number)
    lines = scorecard(pair=pair, up_to_round=last_round)
    return render(request, "events/scorecard.html", {"event": event, "pair": pair, "lines": lines})


@require_GET
def traveller_view(request: HttpRequest, event_id: int, section: str, number: int) -> HttpResponse:
    event, section_obj, last_round = _visible_section(event_id, section)
    board = get_object_or_404(Board, section=section_obj, number=number)
    results = traveller(board=board, up_to_round=last_round)
    numbers = list(section_obj.boards.values_list("number", flat=True))
    index = numbers.index(number)
    return render(
        request,
        "events/traveller.html",
        {
            "event": event,
            "board": board,
            "show_hand": not hidden_hands(event, Board.objects.filter(pk=board.pk)),
            "results": results,
            "frequencies": score_frequencies(results),
            "previous": numbers[index - 1] if index > 0 else None,
            "next": numbers[index + 1] if index + 1 < len(numbers) else None,
            "viewer": request.GET.get("pair"),
        },
    )
