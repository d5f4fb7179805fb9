"""Pages players read of a teams event: standings (with a VP cross-table for a round robin or a
Swiss), each team's matches, each match's boards with both tables side by side, under the reveal
rule (a board's hand too, once the public may see it). Each is rendered once for all its
readers until the event changes (page_cache)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from events.formats import formats_for
from events.models import Event, Match, Team, TeamSettings
from events.services.page_cache import cached_page
from events.services.publication import everything_visible, public_event, results_visible
from events.services.teams.hands import add_public_hands
from events.services.teams.match_pages import board_rows, line_ups
from events.services.teams.registration import team_members
from events.services.teams.standings import (
    listed_matches,
    revealed_round,
    team_matches,
    team_standings,
    vp_cross_table,
)


def _shown(match: Match, limit: int | None) -> bool:
    """Whether a match's boards may be shown: its round is revealed; under the always rule,
    once the match is finished (its boards are then played at both tables)."""
    return match.round <= limit if limit is not None else match.finished


def _standings_context(event: Event) -> dict:
    visible = results_visible(event)
    limit = revealed_round(event)
    settings = event.team_settings
    standings = team_standings(event=event, rounds=limit) if visible else []
    # A round robin's cross-table is in team order; a Swiss's follows the standings.
    cross_table = []
    if visible and settings.format == TeamSettings.Format.ROUND_ROBIN:
        cross_table = vp_cross_table(event=event, rounds=limit)
    elif visible and settings.format == TeamSettings.Format.SWISS:
        cross_table = vp_cross_table(event=event, rounds=limit, standings=standings)
    return {
        "event": event,
        "visible": visible,
        "limit": limit,
        "team_settings": settings,
        "standings": standings,
        "cross_table": cross_table,
        "matches": listed_matches(event=event, rounds=limit) if visible else [],
        "polling": event.status == Event.Status.RUNNING,
        "download_formats": formats_for(teams=True) if everything_visible(event) else [],
    }


def standings(request: HttpRequest, event: Event) -> HttpResponse:
    """The public page of a teams event (public.event hands it over)."""
    return cached_page(
        request,
        event,
        lambda extra: render(request, "events/teams_event.html", _standings_context(event) | extra),
    )


def standings_fragment(request: HttpRequest, event: Event) -> HttpResponse:
    return cached_page(
        request,
        event,
        lambda extra: render(
            request, "events/teams_event.html#standings", _standings_context(event) | extra
        ),
    )


@require_GET
def team_view(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event = public_event(event_id)
    return cached_page(request, event, lambda extra: _team_page(request, event, number, extra))


def _team_page(request: HttpRequest, event: Event, number: int, extra: dict) -> HttpResponse:
    team = get_object_or_404(Team.objects.select_related("captain"), event=event, number=number)
    visible = results_visible(event)
    limit = revealed_round(event)
    matches = list(team_matches(team=team, rounds=limit)) if visible else []
    rows = []
    for match in matches:
        home = match.home_id == team.pk
        rows.append(
            {
                "match": match,
                "opponent": match.away if home else match.home,
                "imps_for": match.home_imps if home else match.away_imps,
                "imps_against": match.away_imps if home else match.home_imps,
                "vps": match.home_vps if home else match.away_vps,
                "penalty": match.home_penalty_vps if home else match.away_penalty_vps,
                "shown": _shown(match, limit),
            }
        )
    standing = None
    if visible:
        standing = next(
            (s for s in team_standings(event=event, rounds=limit) if s.team.pk == team.pk), None
        )
    return render(
        request,
        "events/team.html",
        {
            "event": event,
            "team": team,
            "members": team_members(team=team),
            "visible": visible,
            "rows": rows,
            "standing": standing,
        }
        | extra,
    )


@require_GET
def match_view(request: HttpRequest, event_id: int, match_id: int) -> HttpResponse:
    event = public_event(event_id)
    return cached_page(request, event, lambda extra: _match_page(request, event, match_id, extra))


def _match_page(request: HttpRequest, event: Event, match_id: int, extra: dict) -> HttpResponse:
    match = get_object_or_404(
        Match.objects.select_related("home", "away", "event__team_settings"),
        pk=match_id,
        event=event,
    )
    visible = results_visible(event)
    limit = revealed_round(event)
    in_view = visible and (limit is None or match.round <= limit)
    shown = in_view and _shown(match, limit)
    boards = board_rows(match=match) if shown else []
    if boards:
        add_public_hands(match=match, rows=boards)
    return render(
        request,
        "events/match.html",
        {
            "event": event,
            "match": match,
            "in_view": in_view,
            "shown": shown,
            "boards": boards,
            "line_ups": line_ups(match=match, rows=boards),
        }
        | extra,
    )
