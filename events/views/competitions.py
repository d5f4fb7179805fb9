"""Multi-session events: the director's pages to make one of existing events and choose its
carry-over, the public cumulative ranking, and its files."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from events.formats.standings import STANDINGS_FORMATS
from events.forms.competitions import CarryOverForm, CompetitionForm, SessionForm
from events.models import Competition, CompetitionSession
from events.services.club_settings import use_club_time_zone
from events.services.competitions import (
    CompetitionRefused,
    add_session,
    change_carry_over,
    competition_changes,
    competition_sessions,
    create_competition,
    cumulative_standings,
    has_started,
    move_session,
    remove_session,
    standings_file,
)
from events.views.director import directed_club


def directed_competition(request: HttpRequest, competition_id: int) -> Competition:
    """The competition, if the logged-in director directs its club; 404 otherwise."""
    competition = get_object_or_404(
        Competition.objects.select_related("club"),
        pk=competition_id,
        club__directors=request.user,
    )
    use_club_time_zone(competition.club)
    return competition


def _admin_page(request: HttpRequest, competition: Competition, **forms) -> HttpResponse:
    club = competition.club
    context = {
        "competition": competition,
        "club": club,
        "sessions": competition_sessions(competition=competition),
        "session_form": forms.get("session_form")
        or SessionForm(club=club, competition=competition),
        "carry_over_form": forms.get("carry_over_form") or CarryOverForm(instance=competition),
        "standings": cumulative_standings(competition=competition, public=False),
        "changes": competition_changes(competition=competition)[:20],
        "formats": STANDINGS_FORMATS,
    }
    return render(request, "events/director/competition.html", context)


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def competition_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = directed_club(request, slug)
    form = CompetitionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        competition = create_competition(club=club, user=request.user, **form.cleaned_data)
        messages.success(
            request,
            gettext("%(competition)s is made: now add its sessions.")
            % {"competition": competition.name},
        )
        return redirect("director-competition", competition_id=competition.pk)
    return render(request, "events/director/competition_new.html", {"club": club, "form": form})


@require_GET
@never_cache
@login_required
def competition_admin(request: HttpRequest, competition_id: int) -> HttpResponse:
    return _admin_page(request, directed_competition(request, competition_id))


@require_POST
@login_required
def session_add(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = directed_competition(request, competition_id)
    form = SessionForm(request.POST, club=competition.club, competition=competition)
    if form.is_valid():
        try:
            add_session(
                competition=competition, event=form.cleaned_data["event"], user=request.user
            )
        except CompetitionRefused as refused:
            form.add_error("event", gettext("Not added: %(refused)s.") % {"refused": refused})
        else:
            return redirect("director-competition", competition_id=competition.pk)
    return _admin_page(request, competition, session_form=form)


@require_POST
@login_required
def session_change(request: HttpRequest, competition_id: int, session_id: int) -> HttpResponse:
    """Move a session up or down the order, or take it out of the competition."""
    competition = directed_competition(request, competition_id)
    session = get_object_or_404(CompetitionSession, pk=session_id, competition=competition)
    action = request.POST.get("action")
    try:
        if action == "remove":
            remove_session(session=session, user=request.user)
            messages.success(
                request,
                gettext("%(event)s is no longer a session.") % {"event": session.event.name},
            )
        elif action in ("up", "down"):
            move_session(session=session, step=-1 if action == "up" else 1, user=request.user)
        else:
            raise CompetitionRefused(
                gettext("choose to move the session up or down, or to remove it")
            )
    except CompetitionRefused as refused:
        messages.error(request, gettext("Not changed: %(refused)s.") % {"refused": refused})
    return redirect("director-competition", competition_id=competition.pk)


@require_POST
@login_required
def carry_over_change(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = directed_competition(request, competition_id)
    form = CarryOverForm(request.POST, instance=Competition.objects.get(pk=competition.pk))
    if not form.is_valid():
        return _admin_page(request, competition, carry_over_form=form)
    change_carry_over(competition=competition, user=request.user, **form.cleaned_data)
    messages.success(
        request, gettext("The carry-over is saved and the cumulative ranking follows it.")
    )
    return redirect("director-competition", competition_id=competition.pk)


def public_competition(competition_id: int) -> Competition:
    """The competition, once one of its sessions has started; 404 before."""
    competition = get_object_or_404(Competition.objects.select_related("club"), pk=competition_id)
    use_club_time_zone(competition.club)
    if not has_started(competition=competition):
        raise Http404("This competition has not started.")
    return competition


@require_GET
def competition(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = public_competition(competition_id)
    standings = cumulative_standings(competition=competition, public=True)
    return render(
        request,
        "events/competition.html",
        {"competition": competition, "standings": standings, "formats": STANDINGS_FORMATS},
    )


def downloadable_competition(request: HttpRequest, competition_id: int) -> tuple[Competition, bool]:
    """The competition, if this visitor may download its standings (404 otherwise), and
    whether the visitor directs it."""
    if request.user.is_authenticated:
        try:
            return directed_competition(request, competition_id), True
        except Http404:
            pass
    return public_competition(competition_id), False


@require_GET
def competition_download(request: HttpRequest, competition_id: int, format_key: str):
    """The cumulative standings as a file: what the public page shows, or everything for the
    competition's directors."""
    fmt = STANDINGS_FORMATS.get(format_key)
    if fmt is None:
        raise Http404(f"There is no {format_key!r} download.")
    competition, directed = downloadable_competition(request, competition_id)
    standings = cumulative_standings(competition=competition, public=not directed)
    name = f"{slugify(competition.name) or 'competition'}-cumulative.{fmt.extension}"
    return HttpResponse(
        fmt.render(standings_file(standings)),
        content_type=fmt.content_type,
        headers={"Content-Disposition": content_disposition_header(True, name)},
    )
