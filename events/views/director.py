"""Director pages: set up an event, choose its movement, name the pairs, publish."""

from functools import partial

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from events.formats import FORMATS
from events.forms.events import EventForm, EventSettingsForm
from events.forms.history import ConfirmForm
from events.forms.movements import MovementForm, NewEventMovementForm
from events.forms.pairs import PairNamesForm
from events.models import Board, Change, Club, Event
from events.models.clubs import BOARDS_PER_ROUND
from events.services.club_settings import use_club_time_zone
from events.services.clubs import directed_clubs, member_names
from events.services.hand_records import hands_waiting
from events.services.history import recording
from events.services.individuals import player_ranking
from events.services.movement_text import movement_name
from events.services.navigation import event_sections, other_sections
from events.services.page_cache import version
from events.services.problems import open_questions, section_problems
from events.services.progress import board_progress, slip_progress
from events.services.rankings import overall_ranking, section_ranking
from events.services.repairs import twice_played
from events.services.rescoring import rescore_event
from events.services.setup import (
    SetupRefused,
    apply_movement,
    create_event_on_movement,
    movement_losses,
    name_pairs,
    pairs_to_name,
)
from events.services.status import EventLocked, StatusRefused, change_status, check_editable
from events.services.table_cards import table_cards as section_table_cards
from events.services.tables.access import knowing_tables
from events.views.sections import chosen_section, section_query
from scoring import ScoringError


def directed_club(request: HttpRequest, slug: str) -> Club:
    """The club, if the logged-in user directs it; 404 otherwise. The page is in its time zone."""
    club = get_object_or_404(Club, slug=slug, directors=request.user)
    use_club_time_zone(club)
    return club


def directed_event(request: HttpRequest, event_id: int) -> Event:
    """The event, if the logged-in director directs its club; 404 otherwise. The page is in
    the club's time zone."""
    event = get_object_or_404(
        Event.objects.select_related("club"), pk=event_id, club__directors=request.user
    )
    use_club_time_zone(event.club)
    return event


def directed_pairs_event(request: HttpRequest, event_id: int) -> Event:
    """A pairs event the logged-in director directs: a page of sections, boards and pairs is
    a 404 for a teams event, which has none."""
    event = directed_event(request, event_id)
    if event.is_teams:
        raise Http404("A teams event has no sections, boards or pairs.")
    return event


def directed_board(request: HttpRequest, event_id: int, number: int, letter: str) -> Board:
    """Board `number` of section `letter` of a pairs event the logged-in director directs,
    with its section, event and club and whether tables enter it (tables.access.knowing_tables):
    directed_pairs_event and the board in one query (a teams event has no boards); 404
    otherwise. The page is in the club's time zone."""
    board = get_object_or_404(
        knowing_tables(Board.objects.select_related("section__event__club")),
        section__event=event_id,
        section__event__club__directors=request.user,
        section__letter=letter,
        number=number,
    )
    use_club_time_zone(board.section.event.club)
    return board


@require_GET
@never_cache
@login_required
def home(request: HttpRequest) -> HttpResponse:
    clubs = directed_clubs(user=request.user)
    return render(request, "events/director/home.html", {"clubs": clubs})


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def event_new(request: HttpRequest, slug: str) -> HttpResponse:
    """A new event with its settings and its movement, created in one go: an event is never
    left without a movement. The movements that fit the tables typed are listed on the page
    (at once with htmx, else after a first post); one chosen from another number's list is no
    choice."""
    club = directed_club(request, slug)
    boards_per_round = club.event_defaults.get(BOARDS_PER_ROUND)
    if request.htmx and request.method == "GET":
        movement_form = NewEventMovementForm(request.GET, boards_per_round=boards_per_round)
        movement_form.is_valid()  # lists the movements that fit, for the fragment
        context = {"club": club, "movement_form": movement_form}
        return render(request, "events/director/event_new.html#movement-choices", context)
    form = EventForm(request.POST or None, initial=club.event_defaults)
    data = request.POST.copy()
    sections = f"/{data['sections']}" if data.get("sections") else ""
    if data.get("proposed_for") != f"{data.get('tables')}{sections}":
        data.pop("choice", None)
    movement_form = NewEventMovementForm(data or None, boards_per_round=boards_per_round)
    if request.method == "POST" and all([form.is_valid(), movement_form.is_valid()]):
        settings = {f: form.cleaned_data[f] for f in form.Meta.fields}
        movement = movement_form.cleaned_data["movement"]
        sections = movement_form.section_count
        event = create_event_on_movement(
            club=club, movement=movement, user=request.user, sections=sections, **settings
        )
        set_up = (
            gettext("%(event)s is set up. Movement: %(movement)s in each of %(sections)s sections.")
            if sections > 1
            else gettext("%(event)s is set up. Movement: %(movement)s.")
        )
        messages.success(
            request,
            set_up
            % {"event": event.name, "movement": movement_name(movement.name), "sections": sections},
        )
        barometer_reveal_note(request, event, movement)
        return redirect("director-pairs", event_id=event.pk)
    return render(
        request,
        "events/director/event_new.html",
        {"club": club, "form": form, "movement_form": movement_form},
    )


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def event_movement(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_pairs_event(request, event_id)
    if event.is_individual:
        # Its players are seated by an individual movement, chosen when it is created: a pairs
        # movement laid over it would take their sides and seats away.
        raise Http404("An individual's movement is chosen when it is created.")
    section = chosen_section(request, event)
    data = request.POST if request.method == "POST" else request.GET
    form = MovementForm(data if "tables" in data else {"tables": str(section.tables or "")})
    valid = form.is_valid()  # also lists the movements that fit, for the page
    if request.method == "POST" and valid:
        movement = form.cleaned_data["movement"]
        losses = movement_losses(section=section, movement=movement)
        if losses and not form.cleaned_data["confirm"] and not event.is_locked:
            return render(
                request,
                "events/director/movement_confirm.html",
                {"event": event, "form": form, "movement": movement, "losses": losses},
            )
        try:
            check_editable(event)
            with recording(
                club=event.club, event=event, user=request.user, kind=Change.Kind.MOVEMENT
            ):
                apply_movement(section=section, movement=movement)
        except (SetupRefused, EventLocked) as refused:
            messages.error(request, str(refused))
        else:
            chosen = {"movement": movement_name(movement.name)}
            messages.success(request, gettext("Movement: %(movement)s.") % chosen)
            barometer_reveal_note(request, event, movement)
            return redirect("director-pairs", event_id=event.pk)
    return render(
        request,
        "events/director/movement.html",
        {
            "event": event,
            "form": form,
            "proposals": form.proposals,
            "posted": request.method == "POST",
        },
    )


def barometer_reveal_note(request: HttpRequest, event: Event, movement) -> None:
    """A barometer's reveal rule, said once it is chosen: its natural one, or the director's."""
    if not movement.barometer:
        return
    event.refresh_from_db(fields=["reveal"])
    if event.reveal == Event.Reveal.END_OF_ROUND:
        messages.info(
            request,
            gettext(
                "A barometer: players see each round's results, and the projector its ranking, "
                "once every table has played the round. The reveal rule is on the settings page."
            ),
        )


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def event_settings(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_pairs_event(request, event_id)
    form = EventSettingsForm(request.POST or None, instance=Event.objects.get(pk=event.pk))
    if request.method == "POST" and form.is_valid():
        try:
            check_editable(event)
        except EventLocked as locked:
            messages.error(request, str(locked))
            return redirect("director-event", event_id=event.pk)
        with recording(club=event.club, event=event, user=request.user, kind=Change.Kind.SETTINGS):
            rescore_event(event=event, **form.cleaned_data)
        messages.success(request, gettext("Settings saved; every board is scored again."))
        return redirect("director-event", event_id=event.pk)
    return render(request, "events/director/settings.html", {"event": event, "form": form})


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def event_pairs(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_pairs_event(request, event_id)
    if event.is_individual:  # its sides change every round: its players are named instead
        return redirect("director-players", event_id=event.pk)
    section = chosen_section(request, event)
    form = PairNamesForm(request.POST or None, pairs=pairs_to_name(section=section))
    if request.method == "POST":
        try:
            check_editable(event)
        except EventLocked as locked:
            messages.error(request, str(locked))
            return redirect("director-event", event_id=event.pk)
    if request.method == "POST" and form.is_valid():
        if changed := form.changed_names():
            with recording(club=event.club, event=event, user=request.user, kind=Change.Kind.PAIRS):
                name_pairs(names=changed)
        messages.success(request, gettext("Names saved."))
        return redirect("director-event", event_id=event.pk)
    others = [(letter, section_query(letter)) for letter in other_sections(section=section)]
    return render(
        request,
        "events/director/pairs.html",
        {
            "event": event,
            "section": section,
            "others": others,
            "form": form,
            "players": member_names(club=event.club),
        },
    )


def _event_page_context(event: Event) -> dict:
    sections = event_sections(event=event)
    # The rankings are rendered once a version of the event ({% cache %}): they are passed
    # uncalled, and the template calls them only when it renders them.
    return {
        "event": event,
        "version": version(event),
        "sections": [
            (s, partial(section_ranking, section=s), section_problems(section=s)) for s in sections
        ],
        "overall": partial(overall_ranking, event=event) if len(sections) > 1 else None,
        "hands_waiting": hands_waiting(event=event),
        "players": partial(player_ranking, section=sections[0]) if event.is_individual else None,
        "barometer": any(s.barometer for s in sections),
    }


@require_GET
@never_cache
@login_required
def event(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    if event.is_teams:
        return redirect("director-teams", event_id=event.pk)
    context = _event_page_context(event)
    context["entry"] = [
        (
            section,
            board_progress(section=section),
            sorted(slip_progress(section=section).items()),
            range(1, section.tables + 1),
            section_query(section.letter),
        )
        for section, _, _ in context["sections"]
    ]
    context["download_formats"] = FORMATS.items()
    # Thousands of links on a large event: build them from one reversed prefix each.
    context["board_url"] = reverse("director-board", args=[event.pk, 1]).removesuffix("1/")
    context["slip_url"] = reverse("director-slip", args=[event.pk, 1, 1]).removesuffix(
        "1/tables/1/"
    )
    return render(request, "events/director/event.html", context)


@require_GET
@never_cache
@login_required
def event_panels(request: HttpRequest, event_id: int) -> HttpResponse:
    """The ranking and problems panels, re-rendered whenever a result is saved."""
    event = directed_pairs_event(request, event_id)
    return render(request, "events/director/event.html#panels", _event_page_context(event))


@require_POST
@login_required
def event_status(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_event(request, event_id)
    status = request.POST.get("status")
    if status == Event.Status.PUBLISHED and not ConfirmForm(request.POST).is_valid():
        # Publishing with results still to come is asked first, naming what is missing.
        # So are questions the problems panel still asks, by their count.
        missing = [
            board
            for s in event_sections(event=event)
            for board in board_progress(section=s)
            if not board.complete
        ]
        questions = 0 if event.is_teams else open_questions(event=event)
        if missing or questions:
            return render(
                request,
                "events/director/publish_confirm.html",
                {"event": event, "missing": missing, "questions": questions},
            )
    if status in Event.Status.values:
        try:
            change_status(event=event, status=status, user=request.user)
        except StatusRefused as refused:
            messages.error(request, str(refused))
        else:
            messages.success(
                request,
                gettext("The event is now: %(status)s.")
                % {"status": event.get_status_display().lower()},
            )
    return redirect("director-event", event_id=event.pk)


@require_GET
@never_cache
@login_required
def table_cards(request: HttpRequest, event_id: int) -> HttpResponse:
    event = directed_pairs_event(request, event_id)
    section = chosen_section(request, event)
    try:
        cards = section_table_cards(event=event, section=section)
    except ScoringError as unsettled:  # a repair left a pair to meet boards twice
        return render(
            request,
            "events/director/cards_unsettled.html",
            {"event": event, "twice": twice_played(section=section) or [str(unsettled)]},
        )
    return render(
        request,
        "events/director/cards.html",
        vars(cards)
        | {
            "event": event,
            "section": section,
            "guides_one_per_page": request.GET.get("guides") == "one-per-page",
            "live_url": request.build_absolute_uri(event.get_absolute_url()),
            # The tables' pages are this site's: their QR codes carry the address in full.
            "site": request.build_absolute_uri("/").removesuffix("/"),
        },
    )
