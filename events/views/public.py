"""Pages players read, without logging in: clubs, rankings, scorecards, travellers."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET

from events.formats import FORMATS
from events.models import Board, Club, Event, Pair, Player, Section
from events.services.club_settings import use_club_time_zone
from events.services.explanations import explain_score, played_line
from events.services.individuals import (
    player_ranking,
    player_scorecard,
    seated_individuals,
    side_labels,
)
from events.services.navigation import board_place, event_sections
from events.services.page_cache import cached_page
from events.services.pair_labels import pair_of_slug, pairs_of_slug
from events.services.player_history import percentage_chart, player_history
from events.services.publication import (
    everything_visible,
    explainable_boards,
    hand_hidden,
    public_clubs,
    public_competitions,
    public_event,
    public_events,
    results_visible,
    reveal_limit,
    withheld,
)
from events.services.rankings import (
    overall_ranking,
    pair_standing,
    percentage_totals,
    section_ranking,
    visible_totals,
)
from events.services.travellers import (
    score_frequencies,
    scorecard,
    seated_players,
    traveller,
    traveller_boards,
)
from events.views import teams_public
from scoring.pair_labels import without_section


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "events/home.html", {"clubs": public_clubs()})


@require_GET
def club(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    use_club_time_zone(club)
    return render(
        request,
        "events/club.html",
        {
            "club": club,
            "events": public_events(club=club),
            "competitions": public_competitions(club=club),
        },
    )


def _ranking_context(event: Event) -> dict:
    sections = []
    for section in event_sections(event=event):
        limit = reveal_limit(event, section)
        sections.append((section, limit, section_ranking(section=section, up_to_round=limit)))
    limits = {section.pk: limit for section, limit, _ in sections}
    return {
        "event": event,
        "players": [
            (section, limit, player_ranking(section=section, up_to_round=limit))
            for section, limit, _ in sections
        ]
        if event.is_individual
        else [],
        "visible": results_visible(event),
        "sections": sections,
        "overall": overall_ranking(event=event, up_to_rounds=limits) if len(sections) > 1 else [],
        "polling": event.status == Event.Status.RUNNING,
    }


@require_GET
def event(request: HttpRequest, event_id: int) -> HttpResponse:
    event = public_event(event_id)
    if event.is_teams:
        return teams_public.standings(request, event)
    return cached_page(request, event, lambda extra: _event_page(request, event, extra))


def _event_page(request: HttpRequest, event: Event, extra: dict) -> HttpResponse:
    context = _ranking_context(event) | extra
    context["boards"] = traveller_boards(event=event) if context["visible"] else []
    context["several_sections"] = len(context["sections"]) > 1 and not event.across_field
    context["barometer"] = any(section.barometer for section, _, _ in context["sections"])
    if everything_visible(event):
        context["download_formats"] = FORMATS.items()
    return render(request, "events/event.html", context)


@require_GET
def ranking_fragment(request: HttpRequest, event_id: int) -> HttpResponse:
    event = public_event(event_id)
    if event.is_teams:
        return teams_public.standings_fragment(request, event)
    return cached_page(
        request,
        event,
        lambda extra: render(request, "events/event.html#ranking", _ranking_context(event) | extra),
    )


def _public_section(event: Event, letter: str) -> tuple[Section, int | None]:
    """The section of the event a player asks for, and the last round they may see."""
    section = get_object_or_404(Section, event=event, letter=letter)
    return section, reveal_limit(event, section)


def _pair(section: Section, slug: str) -> Pair:
    pair = pair_of_slug(section=section, slug=slug)
    if pair is None:
        raise Http404(f"There is no pair {slug} in this section.")
    return pair


@require_GET
def scorecard_view(request: HttpRequest, event_id: int, section: str, number: str) -> HttpResponse:
    event = public_event(event_id)
    return cached_page(
        request, event, lambda extra: _scorecard_page(request, event, section, number, extra)
    )


@require_GET
def scorecard_without_section(request: HttpRequest, event_id: int, number: str) -> HttpResponse:
    """The short address of a scorecard ("/pairs/3ew/"): on to the one section's that has the
    pair; a 404 that links each where several sections have one."""
    event = public_event(event_id)
    pairs = pairs_of_slug(event=event, slug=number)
    if not pairs:
        raise Http404(f"There is no pair {number} in this event.")
    if len(pairs) == 1:
        return redirect("scorecard", event.pk, pairs[0].section.letter, pairs[0].slug)
    context = {"event": event, "pairs": pairs, "name": without_section(pairs[0].name)}
    return render(request, "events/pair_in_sections.html", context, status=404)


def _scorecard_page(request, event: Event, section: str, number: str, extra: dict):
    section_obj, last_round = _public_section(event, section)
    pair = _pair(section_obj, number)
    visible = results_visible(event)
    lines = scorecard(pair=pair, up_to_round=last_round) if visible else []
    return render(
        request,
        "events/scorecard.html",
        {
            "event": event,
            "pair": pair,
            "players": seated_players(pair=pair),
            "individuals": seated_individuals(side=pair) if event.is_individual else [],
            "visible": visible,
            "totals": visible_totals(pair=pair, up_to_round=last_round) if visible else None,
            "percentage": percentage_totals(pair=pair, up_to_round=last_round) if visible else None,
            "standing": pair_standing(pair=pair, up_to_round=last_round) if visible else None,
            "lines": lines,
            "explained": explainable_boards(event, [line.board for line in lines], last_round),
        }
        | extra,
    )


@require_GET
def traveller_view(request: HttpRequest, event_id: int, section: str, number: int) -> HttpResponse:
    event = public_event(event_id)
    return cached_page(
        request, event, lambda extra: _traveller_page(request, event, section, number, extra)
    )


def _traveller_page(request, event: Event, section: str, number: int, extra: dict):
    section_obj, last_round = _public_section(event, section)
    board = get_object_or_404(Board, section=section_obj, number=number)
    notice = withheld(event, board, last_round)
    results = traveller(board=board, up_to_round=last_round) if results_visible(event) else []
    place = board_place(board=board)
    return render(
        request,
        "events/traveller.html",
        {
            "event": event,
            "board": board,
            "show_hand": not hand_hidden(event=event, board=board),
            "withheld": notice,
            "explained": notice is None,
            "results": results,
            "frequencies": score_frequencies(results),
            "previous": place.previous,
            "next": place.next,
            "viewer": request.GET.get("pair"),
            # An individual's sides by their players' numbers ("4+12"), as a phone shows them.
            "side_numbers": side_labels(section=section_obj) if event.is_individual else {},
        }
        | extra,
    )


@require_GET
def explanation_view(
    request: HttpRequest, event_id: int, section: str, number: int, pair: str
) -> HttpResponse:
    event = public_event(event_id)
    section_obj, last_round = _public_section(event, section)
    board = get_object_or_404(
        Board.objects.select_related("section__event"), section=section_obj, number=number
    )
    pair_obj = _pair(section_obj, pair)
    if played_line(board=board, pair=pair_obj) is None:
        raise Http404(f"Pair {pair_obj.name} has no result on board {number}.")
    notice = withheld(event, board, last_round)
    return render(
        request,
        "events/explanation.html",
        {
            "event": event,
            "board": board,
            "pair": pair_obj,
            "individuals": seated_individuals(side=pair_obj) if event.is_individual else [],
            "withheld": notice,
            "explanation": None if notice else explain_score(board=board, pair=pair_obj),
        },
    )


@require_GET
def player_view(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player.objects.select_related("club"), club__slug=slug, pk=player_id)
    use_club_time_zone(player.club)
    rows = player_history(player=player)
    return render(
        request,
        "events/player.html",
        {"player": player, "rows": rows, "chart": percentage_chart(rows)},
    )


@require_GET
def player_scorecard_view(
    request: HttpRequest, event_id: int, section: str, number: int
) -> HttpResponse:
    event = public_event(event_id)
    section_obj, last_round = _public_section(event, section)
    individual = section_obj.individuals.filter(number=number).first()
    if individual is None:
        raise Http404(f"There is no player {number} in this section.")
    visible = results_visible(event)
    standing = None
    if visible:
        ranking = player_ranking(section=section_obj, up_to_round=last_round)
        standing = next(s for s in ranking if s.individual.pk == individual.pk)
    lines = player_scorecard(individual=individual, up_to_round=last_round) if visible else []
    return render(
        request,
        "events/player_scorecard.html",
        {
            "event": event,
            "individual": individual,
            "visible": visible,
            "standing": standing,
            "lines": lines,
            "explained": explainable_boards(event, [row.line.board for row in lines], last_round),
        },
    )
