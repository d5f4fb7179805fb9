"""The draw of a teams event: the director's draw page (draw, swap, take back), and the pages
players read: the round's draw, a projector view that refreshes itself, a round robin's
schedule and a knock-out's bracket (each rendered once for all its readers until the event
changes: page_cache)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from events.forms.team_rounds import DrawForm, SwapForm, TakeBackForm
from events.models import Event, TeamSettings
from events.services.page_cache import cached_page
from events.services.publication import public_event, results_visible
from events.services.teams.rounds import (
    DrawRefused,
    DrawRow,
    RematchWarning,
    delete_round,
    draw_next_round,
    draw_plan,
    drawn_round_numbers,
    round_draw,
    rounds_by_number,
    swap_teams,
    team_round,
)
from events.services.teams.standings import revealed_round, team_standings
from events.views.teams import directed_teams_event

PROJECTOR_SECONDS = 20


@require_GET
@never_cache
@login_required
def draw(request: HttpRequest, event_id: int) -> HttpResponse:
    """The director's draw page: what the next draw would be, and the last round drawn."""
    event = directed_teams_event(request, event_id)
    return render(request, "teams/draw.html", _draw_context(event, request.GET.get("round")))


def _draw_context(event: Event, asked: str | None = None, **forms) -> dict:
    """The draw page's data: the plan, and a drawn round (the last unless `asked`)."""
    numbers = drawn_round_numbers(event)
    last = numbers[-1] if numbers else None
    shown = _round_number(asked, numbers)
    return {
        "event": event,
        "team_settings": event.team_settings,
        "plan": draw_plan(event=event),
        "numbers": numbers,
        "last": last,
        "shown": shown,
        "shown_round": team_round(event=event, number=shown),
        "rows": round_draw(event=event, round=shown, places=_places(event, shown)) if shown else [],
        "draw_form": forms.get("draw_form") or DrawForm(),
        "swap_form": forms.get("swap_form") or SwapForm(event=event, initial={"round": shown}),
        "rematch": forms.get("rematch", ""),
        "take_back_form": TakeBackForm(initial={"round": last}),
    }


@require_POST
@never_cache
@login_required
def draw_round(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_teams_event(request, event_id)
    form = DrawForm(request.POST)
    if form.is_valid():
        try:
            matches = draw_next_round(event=event, user=request.user, **form.cleaned_data)
        except DrawRefused as refused:
            messages.error(request, gettext("Not drawn: %(refused)s.") % {"refused": refused})
        else:
            rounds = sorted({m.round for m in matches})
            drawn = (
                gettext("Round %(round)s drawn.") % {"round": rounds[0]}
                if len(rounds) == 1
                else gettext("Rounds 1 to %(last)s drawn.") % {"last": rounds[-1]}
            )
            messages.success(request, drawn)
    return redirect("teams-draw", event_id=event.pk)


@require_POST
@never_cache
@login_required
def swap(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_teams_event(request, event_id)
    form = SwapForm(request.POST, event=event)
    rematch = ""
    if form.is_valid():
        try:
            swap_teams(event=event, user=request.user, **form.cleaned_data)
        except RematchWarning as warning:
            rematch = str(warning)
        except DrawRefused as refused:
            form.add_error(None, gettext("Not swapped: %(refused)s.") % {"refused": refused})
        else:
            data = form.cleaned_data
            messages.success(
                request,
                gettext("%(first)s and %(second)s swapped in round %(round)s.")
                % {"first": data["first"], "second": data["second"], "round": data["round"]},
            )
            return redirect("teams-draw", event_id=event.pk)
    return render(request, "teams/draw.html", _draw_context(event, swap_form=form, rematch=rematch))


@require_POST
@never_cache
@login_required
def take_back(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_teams_event(request, event_id)
    form = TakeBackForm(request.POST)
    if form.is_valid():
        try:
            delete_round(event=event, round=form.cleaned_data["round"], user=request.user)
        except DrawRefused as refused:
            messages.error(request, gettext("Not taken back: %(refused)s.") % {"refused": refused})
        else:
            messages.success(request, gettext("The draw is taken back: draw the round again."))
    return redirect("teams-draw", event_id=event.pk)


# Pages players read


def _public_teams_event(event_id: int) -> Event:
    event = public_event(event_id)
    if not event.is_teams:
        raise Http404("A pairs event has no draw.")
    return event


def _places(event: Event, round: int) -> dict[int, str]:
    """Each team's place in the standings that drew `round`: those after the round before,
    as far as the public may see them (none for round 1)."""
    limit = revealed_round(event)
    after = round - 1 if limit is None else min(round - 1, limit)
    if not results_visible(event) or after < 1:
        return {}
    return {line.team.pk: line.place for line in team_standings(event=event, rounds=after)}


def _round_number(asked: str | None, numbers: list[int]) -> int | None:
    """The round asked for (404 if it has no matches), else the last drawn."""
    if not asked:
        return numbers[-1] if numbers else None
    try:
        round = int(asked)
    except ValueError:
        raise Http404("No such round.") from None
    if round not in numbers:
        raise Http404("No such round.")
    return round


def _round_context(request: HttpRequest, event: Event) -> dict:
    numbers = drawn_round_numbers(event)
    round = _round_number(request.GET.get("round"), numbers)
    return {
        "event": event,
        "team_settings": event.team_settings,
        "numbers": numbers,
        "round": round,
        "rows": round_draw(event=event, round=round, places=_places(event, round)) if round else [],
        "polling": event.status == Event.Status.RUNNING,
        "seconds": PROJECTOR_SECONDS,
    }


@require_GET
def round_view(request: HttpRequest, event_id: int) -> HttpResponse:
    """A round's draw (the last drawn unless `?round=` says which): table, home, away, places."""
    event = _public_teams_event(event_id)
    return cached_page(
        request,
        event,
        lambda extra: render(request, "teams/round.html", _round_context(request, event) | extra),
    )


@require_GET
def projector(request: HttpRequest, event_id: int) -> HttpResponse:
    """The round's draw in large type for a projector; it asks again every 20 seconds."""
    event = _public_teams_event(event_id)
    template = "teams/projector.html#draw" if request.htmx else "teams/projector.html"
    return cached_page(
        request,
        event,
        lambda extra: render(request, template, _round_context(request, event) | extra),
    )


@require_GET
def schedule(request: HttpRequest, event_id: int) -> HttpResponse:
    """Every round's matches: a round robin's whole schedule, with the results shown so far."""
    event = _public_teams_event(event_id)
    return cached_page(request, event, lambda extra: _schedule_page(request, event, extra))


def _schedule_page(request: HttpRequest, event: Event, extra: dict) -> HttpResponse:
    limit = revealed_round(event) if results_visible(event) else 0
    return render(
        request,
        "teams/schedule.html",
        {
            "event": event,
            "team_settings": event.team_settings,
            "rounds": rounds_by_number(event=event),
            "limit": limit,
        }
        | extra,
    )


@require_GET
def bracket(request: HttpRequest, event_id: int) -> HttpResponse:
    """A knock-out's stages side by side: each match's teams, carry-over, IMPs and winner."""
    event = _public_teams_event(event_id)
    if event.team_settings.format != TeamSettings.Format.KNOCKOUT:
        raise Http404("Only a knock-out has a bracket.")
    return cached_page(request, event, lambda extra: _bracket_page(request, event, extra))


def _bracket_page(request: HttpRequest, event: Event, extra: dict) -> HttpResponse:
    limit = revealed_round(event) if results_visible(event) else 0
    stages = [
        (record, [DrawRow(match) for match in matches])
        for record, matches in rounds_by_number(event=event)
        if record is not None and record.stage == record.Stage.KNOCKOUT
    ]
    return render(
        request,
        "teams/bracket.html",
        {"event": event, "team_settings": event.team_settings, "stages": stages, "limit": limit}
        | extra,
    )
