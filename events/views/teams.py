"""Director pages of a teams event: set it up, register teams, set a match by hand, enter both
tables of a match keyboard first (as the pairs entry does), captains' totals, adjustments."""

import logging
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import OperationalError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import trigger_client_event

from events.formats import formats_for
from events.forms.history import ConfirmForm
from events.forms.teams import (
    AdjustForm,
    BoardImpsForm,
    CaptainsForm,
    MatchForm,
    MatchLineForm,
    TeamEventForm,
    TeamEventSettingsForm,
    TeamForm,
    TeamSettingsForm,
)
from events.models import Event, Match, Team, TeamSettings
from events.services.clubs import member_names
from events.services.entry import LineRefused
from events.services.line_text import adjusted_words, result_text
from events.services.teams.lines import check_match_line, delete_match_line, save_match_line
from events.services.teams.match_pages import board_rows
from events.services.teams.match_scoring import SCORE_FIELDS
from events.services.teams.matches import (
    MatchRefused,
    adjust_match,
    assign_board_imps,
    create_match,
    save_captains_totals,
)
from events.services.teams.problems import match_problems
from events.services.teams.registration import (
    delete_team,
    register_team,
    registered_teams,
    update_team,
)
from events.services.teams.rounds import matches_by_round
from events.services.teams.setup import (
    TeamRefused,
    create_team_event,
    draw_seed_is_fixed,
    update_team_settings,
)
from events.services.teams.standings import team_standings
from events.templatetags.bridge import contract as contract_html
from events.templatetags.bridge import signed
from events.views.director import directed_club, directed_event

logger = logging.getLogger(__name__)
ORDERS = {
    "boards": gettext_lazy("Board by board"),
    "tables": gettext_lazy("Table 1's card, then table 2's"),
}


def directed_teams_event(request: HttpRequest, event_id: int) -> Event:
    """The teams event, if the logged-in director directs its club; 404 otherwise."""
    event = directed_event(request, event_id)
    if not event.is_teams:
        raise Http404("A pairs event has no teams.")
    return event


def _match(event: Event, match_id: int) -> Match:
    return get_object_or_404(
        Match.objects.select_related("home", "away", "event__team_settings", "event__club"),
        pk=match_id,
        event=event,
    )


def saved_then(
    request: HttpRequest,
    form,
    save: Callable[[dict], str],
    *,
    refusal: type[Exception],
    then: str,
) -> HttpResponse | None:
    """A director's form posted: when `form` is valid, `save(cleaned_data)` runs the service
    and returns what to tell the director, who is sent on to `then`. None when the form is
    invalid or the service refused (its reason then stands on the form): show the page again."""
    if form.is_valid():
        try:
            message = save(form.cleaned_data)
        except refusal as refused:
            form.add_error(None, str(refused))
        else:
            messages.success(request, message)
            return redirect(then)
    return None


def _match_page(request: HttpRequest, match: Match, **forms) -> HttpResponse:
    """The match's entry page again, showing a refused form's errors."""
    context = _sheet(match, "boards") | _match_forms(match, **forms)
    return render(request, "events/director/match_entry.html", context)


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def team_event_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = directed_club(request, slug)
    form = TeamEventForm(request.POST or None, initial=club.event_defaults)
    settings_form = TeamSettingsForm(request.POST or None)
    if request.method == "POST" and all([form.is_valid(), settings_form.is_valid()]):
        try:
            event = create_team_event(
                club=club,
                user=request.user,
                **form.cleaned_data,
                **{f: settings_form.cleaned_data[f] for f in settings_form.Meta.fields},
            )
        except TeamRefused as refused:
            settings_form.add_error(None, str(refused))
        else:
            messages.success(
                request, gettext("%(event)s is set up: register its teams.") % {"event": event.name}
            )
            return redirect("director-teams", event_id=event.pk)
    return render(
        request,
        "events/director/teams_new.html",
        {"club": club, "form": form, "settings_form": settings_form},
    )


def _panels(event: Event) -> dict:
    """What the standings and problems panels show."""
    return {
        "event": event,
        "standings": team_standings(event=event),
        "problems": match_problems(event=event),
    }


def _teams_page(event: Event, **forms) -> dict:
    rounds = matches_by_round(event=event)
    return _panels(event) | {
        "team_settings": event.team_settings,
        "teams": registered_teams(event=event),
        "rounds": sorted(rounds.items()),
        "team_form": forms.get("team_form") or TeamForm(club=event.club),
        "match_form": forms.get("match_form") or MatchForm(event=event, initial=_next(rounds)),
        "players": member_names(club=event.club),
        "download_formats": formats_for(teams=True),
    }


def _next(rounds: dict[int, list[Match]]) -> dict:
    """Where the next match set by hand probably goes: the last round's next table."""
    if not rounds:
        return {"round": 1, "table": 1}
    last = max(rounds)
    return {"round": last, "table": max(m.table for m in rounds[last]) + 1}


@require_GET
@never_cache
@login_required
def teams_event(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_teams_event(request, event_id)
    return render(request, "events/director/teams.html", _teams_page(event))


@require_GET
@never_cache
@login_required
def teams_panels(request: HttpRequest, event_id: int) -> HttpResponse:
    """The standings and problems, re-rendered whenever a line is saved."""
    event = directed_teams_event(request, event_id)
    return render(request, "events/director/teams.html#panels", _panels(event))


@require_POST
@login_required
def team_add(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_teams_event(request, event_id)
    form = TeamForm(request.POST, club=event.club)

    def save(data: dict) -> str:
        team = register_team(event=event, user=request.user, **form.team)
        return gettext("%(name)s is registered as team %(number)s.") % {
            "name": team.name,
            "number": team.number,
        }

    then = reverse("director-teams", kwargs={"event_id": event.pk})
    return saved_then(request, form, save, refusal=TeamRefused, then=then) or render(
        request, "events/director/teams.html", _teams_page(event, team_form=form)
    )


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def team_edit(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event = directed_teams_event(request, event_id)
    team = get_object_or_404(Team, event=event, number=number)
    if request.method == "POST":
        form = TeamForm(request.POST, club=event.club, team=team)
    else:
        form = TeamForm.for_team(team)

    def save(data: dict) -> str:
        update_team(team=team, user=request.user, **form.team)
        return gettext("%(name)s is saved.") % {"name": team.name}

    then = reverse("director-teams", kwargs={"event_id": event.pk})
    if saved := saved_then(request, form, save, refusal=TeamRefused, then=then):
        return saved  # a GET's form is unbound, never valid: it only shows the team
    return render(
        request,
        "events/director/team_edit.html",
        {"event": event, "team": team, "form": form, "players": member_names(club=event.club)},
    )


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def teams_settings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_teams_event(request, event_id)
    current = TeamSettings.objects.get(event=event)
    form = TeamEventSettingsForm(request.POST or None, instance=Event.objects.get(pk=event.pk))
    settings_form = TeamSettingsForm(
        request.POST or None, instance=current, seed_fixed=draw_seed_is_fixed(event)
    )
    if request.method == "POST" and all([form.is_valid(), settings_form.is_valid()]):
        try:
            update_team_settings(
                event=event,
                user=request.user,
                event_fields={f: form.cleaned_data[f] for f in form.Meta.fields},
                **{f: settings_form.cleaned_data[f] for f in settings_form.Meta.fields},
            )
        except TeamRefused as refused:
            settings_form.add_error(None, str(refused))
        else:
            messages.success(request, gettext("Settings saved; every match is scored again."))
            return redirect("director-teams", event_id=event.pk)
    return render(
        request,
        "events/director/teams_settings.html",
        {"event": event, "form": form, "settings_form": settings_form},
    )


@require_POST
@login_required
def match_add(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_teams_event(request, event_id)
    form = MatchForm(request.POST, event=event)

    def save(data: dict) -> str:
        match = create_match(event=event, user=request.user, **data)
        away = match.away.name if match.away_id else gettext("bye")
        name = gettext("Round %(round)s, table %(table)s: %(home)s v %(away)s") % {
            "round": match.round,
            "table": match.table,
            "home": match.home.name,
            "away": away,
        }
        return f"{name}."

    then = reverse("director-teams", kwargs={"event_id": event.pk})
    return saved_then(request, form, save, refusal=MatchRefused, then=then) or render(
        request, "events/director/teams.html", _teams_page(event, match_form=form)
    )


def _sheet(match: Match, order: str, *, saved=None, refused=None, status_text="") -> dict:
    """The match entry grid: one row a board and table, in `order`; the focus on the refused
    row, else the next empty row after the one saved."""
    rows = []
    for board in board_rows(match=match):
        for table in (1, 2):
            line = board.lines[table]
            text = result_text(line) if line else ""
            rows.append(
                {
                    "key": f"{board.number}-{table}",
                    "board": board,
                    "table": table,
                    "line": line,
                    "text": text,
                    "saved_text": text,
                    "error": "",
                    "focus": False,
                    "adjusted": adjusted_words(line) if line and line.is_adjusted else "",
                    "team": match.home if table == 1 else match.away,
                    "imps": _signed(board.home_imps),
                }
            )
    if order == "tables":
        rows.sort(key=lambda row: (row["table"], row["board"].number))
    if refused is not None:
        key, text, error = refused
        for row in rows:
            if row["key"] == key:
                row.update(text=text, error=error, focus=True)
    else:
        keys = [row["key"] for row in rows]
        start = keys.index(saved) + 1 if saved in keys else 0
        empty = [row for row in rows[start:] + rows[:start] if row["line"] is None]
        if empty:
            empty[0]["focus"] = True
    return {
        "event": match.event,
        "match": match,
        "rows": rows,
        "order": order,
        "orders": ORDERS.items(),
        "status_text": status_text,
        "all_entered": all(row["line"] for row in rows),
    }


def _signed(imps) -> str:
    """A board's IMPs to the home team as the grid shows them: +10, -3, 0; blank if not in."""
    if imps is None:
        return ""
    return signed(int(imps) if imps == int(imps) else float(imps))


def _order(request: HttpRequest) -> str:
    order = request.POST.get("order") or request.GET.get("order", "")
    return order if order in ORDERS else "boards"


@require_GET
@never_cache
@login_required
def match_entry(request: HttpRequest, event_id: int, match_id: int) -> HttpResponse:
    event = directed_teams_event(request, event_id)
    match = _match(event, match_id)
    context = _sheet(match, _order(request))
    context |= _match_forms(match)
    return render(request, "events/director/match_entry.html", context)


def _match_forms(match: Match, **forms) -> dict:
    captains = {"home_imps": match.home_captain_imps, "away_imps": match.away_captain_imps}
    adjusted = {
        "assigned_home_imps": match.assigned_home_imps,
        "assigned_away_imps": match.assigned_away_imps,
        "assigned_home_vps": match.assigned_home_vps,
        "assigned_away_vps": match.assigned_away_vps,
        "home_penalty": match.home_penalty_vps or None,
        "away_penalty": match.away_penalty_vps or None,
        "note": match.note,
    }
    return {
        "captains_form": forms.get("captains_form") or CaptainsForm(initial=captains),
        "adjust_form": forms.get("adjust_form") or AdjustForm(initial=adjusted),
        "board_form": forms.get("board_form") or BoardImpsForm(),
    }


def _render_sheet(request, match: Match, context: dict, *, saved: bool) -> HttpResponse:
    if not request.htmx:
        if saved:
            url = match.get_director_url()
            return redirect(f"{url}?order={context['order']}")
        context |= _match_forms(match)
        return render(request, "events/director/match_entry.html", context)
    response = render(request, "events/director/match_entry.html#entry-grid", context)
    if saved:
        trigger_client_event(response, "result-saved")
    return response


@require_POST
@login_required
def match_line_save(request: HttpRequest, event_id: int, match_id: int) -> HttpResponse:
    event = directed_teams_event(request, event_id)
    match = _match(event, match_id)
    form = MatchLineForm(request.POST)
    order = _order(request)
    key = f"{request.POST.get('board', '')}-{request.POST.get('table', '')}"
    if form.is_valid():
        number, table = form.cleaned_data["board"], form.cleaned_data["table"]
        try:
            save_match_line(
                match=match,
                board_number=number,
                table=table,
                line=form.cleaned_data["line"],
                user=request.user,
            )
        except LineRefused as refused:
            error = str(refused)
        except OperationalError:  # still busy after the retries: say so, keep the line
            logger.exception("saving board %s table %s of match %s", number, table, match.pk)
            error = gettext("the line was not saved: the database was too busy, press Enter again")
        else:
            match.refresh_from_db(fields=SCORE_FIELDS)  # its teams and event as they were
            context = _sheet(
                match,
                order,
                saved=key,
                status_text=gettext("Saved board %(board)s, table %(table)s.")
                % {"board": number, "table": table},
            )
            return _render_sheet(request, match, context, saved=True)
    else:
        error = " ".join(form.errors.get("line", [])) or gettext(
            "reload the page: the row is out of date"
        )
    context = _sheet(match, order, refused=(key, request.POST.get("line", ""), error))
    return _render_sheet(request, match, context, saved=False)


@require_GET
@never_cache
@login_required
def match_line_preview(request: HttpRequest, event_id: int, match_id: int) -> HttpResponse:
    """What the line being typed scores, or why Enter would not save it."""
    event = directed_teams_event(request, event_id)
    match = _match(event, match_id)
    if not request.GET.get("line", "").strip():
        return HttpResponse("")
    form = MatchLineForm(request.GET)
    if not form.is_valid():
        error = " ".join(form.errors.get("line", [])) or gettext("reload the page")
        return render(request, "events/director/preview.html", {"error": error})
    line = form.cleaned_data["line"]
    try:
        score = check_match_line(
            match=match,
            board_number=form.cleaned_data["board"],
            table=form.cleaned_data["table"],
            line=line,
        )
    except LineRefused as refused:
        return render(request, "events/director/preview.html", {"error": str(refused)})
    return render(
        request,
        "events/director/preview.html",
        {
            "line": line,
            "score": score,
            "ew_score": None,
            "adjusted": adjusted_words(line) if line.ns_adjustment else "",
            "contract": contract_html(str(line.contract)) if line.contract else "",
        },
    )


@require_POST
@login_required
def match_captains(request: HttpRequest, event_id: int, match_id: int) -> HttpResponse:
    event = directed_teams_event(request, event_id)
    match = _match(event, match_id)
    form = CaptainsForm(request.POST)

    def save(data: dict) -> str:
        save_captains_totals(
            match=match, home_imps=data["home_imps"], away_imps=data["away_imps"], user=request.user
        )
        return gettext("Captains' totals saved.")

    then = match.get_director_url()
    return saved_then(request, form, save, refusal=MatchRefused, then=then) or _match_page(
        request, match, captains_form=form
    )


@require_POST
@login_required
def match_adjust(request: HttpRequest, event_id: int, match_id: int) -> HttpResponse:
    event = directed_teams_event(request, event_id)
    match = _match(event, match_id)
    form = AdjustForm(request.POST)

    def save(data: dict) -> str:
        adjust_match(
            match=match,
            assigned_imps=(data["assigned_home_imps"], data["assigned_away_imps"]),
            assigned_vps=(data["assigned_home_vps"], data["assigned_away_vps"]),
            penalties=(data["home_penalty"], data["away_penalty"]),
            note=data["note"],
            user=request.user,
        )
        return gettext("Adjustments saved.")

    then = match.get_director_url()
    return saved_then(request, form, save, refusal=MatchRefused, then=then) or _match_page(
        request, match, adjust_form=form
    )


@require_POST
@login_required
def match_line_delete(request: HttpRequest, event_id: int, match_id: int) -> HttpResponse:
    """Take a table's line of a board away; without JavaScript a page asks first."""
    event = directed_teams_event(request, event_id)
    match = _match(event, match_id)
    form = MatchLineForm({**request.POST.dict(), "line": "NP"})
    order = _order(request)
    if not form.is_valid():
        context = _sheet(match, order, status_text=gettext("Not deleted: reload the page."))
        return _render_sheet(request, match, context, saved=False)
    number, table = form.cleaned_data["board"], form.cleaned_data["table"]
    if not ConfirmForm(request.POST).is_valid():
        return render(
            request,
            "events/director/match_line_delete.html",
            {"event": event, "match": match, "board": number, "table": table, "order": order},
        )
    try:
        delete_match_line(match=match, board_number=number, table=table, user=request.user)
    except LineRefused as refused:
        context = _sheet(
            match, order, status_text=gettext("Not deleted: %(refused)s.") % {"refused": refused}
        )
        return _render_sheet(request, match, context, saved=False)
    match.refresh_from_db(fields=SCORE_FIELDS)
    context = _sheet(
        match,
        order,
        status_text=gettext("Deleted board %(board)s, table %(table)s.")
        % {"board": number, "table": table},
    )
    return _render_sheet(request, match, context, saved=True)


@require_POST
@login_required
def match_board_imps(request: HttpRequest, event_id: int, match_id: int) -> HttpResponse:
    """An assigned score on one board, in IMPs to the home team; blank takes it away."""
    event = directed_teams_event(request, event_id)
    match = _match(event, match_id)
    form = BoardImpsForm(request.POST)

    def save(data: dict) -> str:
        assign_board_imps(match=match, number=data["board"], imps=data["imps"], user=request.user)
        return gettext("Board %(board)s: assigned IMPs saved.") % {"board": data["board"]}

    then = match.get_director_url()
    return saved_then(request, form, save, refusal=MatchRefused, then=then) or _match_page(
        request, match, board_form=form
    )


@require_POST
@login_required
def team_delete(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """Remove a team that has no match yet."""
    event = directed_teams_event(request, event_id)
    team = get_object_or_404(Team, event=event, number=number)
    try:
        delete_team(team=team, user=request.user)
    except TeamRefused as refused:
        messages.error(request, f"{refused}.")
        return redirect("team-edit", event_id=event.pk, number=number)
    messages.success(request, gettext("%(team)s is removed.") % {"team": team.name})
    return redirect("director-teams", event_id=event.pk)
