"""Pages players read, without logging in: clubs, rankings, scorecards, travellers."""

from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from events.models import Board, Club, Event, Pair, Section
from events.services.rankings import section_ranking
from events.services.travellers import score_frequencies, scorecard, traveller


def _public_event(event_id: int) -> Event:
    event = get_object_or_404(Event.objects.select_related("club"), pk=event_id)
    if event.status == Event.Status.SETUP:
        raise Http404("This event has not started.")
    return event


def _ranking_visible(event: Event) -> bool:
    return event.is_published or event.reveal != Event.Reveal.END_OF_SESSION


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
    sections = event.sections.all()
    return {
        "event": event,
        "visible": _ranking_visible(event),
        "sections": [(s, section_ranking(section=s)) for s in sections],
        "polling": event.status == Event.Status.RUNNING,
    }


@require_GET
def event(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _public_event(event_id)
    context = _ranking_context(event)
    context["boards"] = Board.objects.filter(section__event=event).select_related("section")
    return render(request, "events/event.html", context)


@require_GET
def ranking_fragment(request: HttpRequest, event_id: int) -> HttpResponse:
    event = _public_event(event_id)
    return render(request, "events/event.html#ranking", _ranking_context(event))


def _section(event: Event, letter: str) -> Section:
    return get_object_or_404(Section, event=event, letter=letter)


@require_GET
def scorecard_view(request: HttpRequest, event_id: int, section: str, number: int) -> HttpResponse:
    event = _public_event(event_id)
    if not _ranking_visible(event):
        raise Http404("Results are shown when the director publishes them.")
    pair = get_object_or_404(Pair, section=_section(event, section), number=number)
    lines = scorecard(pair=pair)
    return render(request, "events/scorecard.html", {"event": event, "pair": pair, "lines": lines})


@require_GET
def traveller_view(request: HttpRequest, event_id: int, section: str, number: int) -> HttpResponse:
    event = _public_event(event_id)
    if not _ranking_visible(event):
        raise Http404("Results are shown when the director publishes them.")
    section_obj = _section(event, section)
    board = get_object_or_404(Board, section=section_obj, number=number)
    results = traveller(board=board)
    numbers = list(section_obj.boards.values_list("number", flat=True))
    index = numbers.index(number)
    return render(
        request,
        "events/traveller.html",
        {
            "event": event,
            "board": board,
            "results": results,
            "frequencies": score_frequencies(results),
            "previous": numbers[index - 1] if index > 0 else None,
            "next": numbers[index + 1] if index + 1 < len(numbers) else None,
            "viewer": request.GET.get("pair"),
        },
    )
