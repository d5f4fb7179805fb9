"""A table's page (issue 23): the players at a table enter their boards on a phone, the opponents
accept them, and they see how the boards went. No account: the table's token is its key.

The page works from a queue in the phone's storage (static/js/table.js): every line, acceptance
and call is sent in order, each under its key, and answered in JSON (a refusal with status 422
and its words; 429 when the table asks too often). The page's changing part is re-read as a
fragment (`#table-now`) once the queue is sent.
"""

import functools
import logging

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from events.formats.card_words import HONOURS, notrump_shown, rank_shown
from events.forms.tables import AcceptForm, SeatedForm, TableLineForm
from events.models import Event, TableAccess, TableLine
from events.services.club_settings import use_club_time_zone
from events.services.entry import LineRefused
from events.services.individuals import side_labels
from events.services.tables import lines, match_tables, seating
from events.services.tables.access import TableClosed, open_table
from events.services.tables.after_board import end_of_round, played_boards
from events.services.tables.calls import call_director
from events.services.tables.lines import WrongPin
from events.services.tables.rate_limit import table_request_allowed
from events.services.tables.seating import seat_next_round
from scoring.deal_scores import declarer_scores

logger = logging.getLogger(__name__)

# The lead's ranks as the table's taps send them, highest first.
LEAD_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")


def table_view(view):
    """Open the token's table for the view, counted against its rate limit: a 429 when it asks
    too often, a 404 page when the token opens nothing (unknown, replaced, or published)."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, token: str, **kwargs) -> HttpResponse:
        if not table_request_allowed(token=token):
            message = gettext(
                "Too many requests from this table: wait a minute and try again. Nothing "
                "entered on this phone is lost."
            )
            if request.method == "POST":
                return JsonResponse({"error": message}, status=429)
            return render(request, "tables/closed.html", {"message": message}, status=429)
        try:
            access = open_table(token=token)
            message = ""
        except TableClosed:
            message = gettext(
                "This table's page is closed: the results are published, or the director "
                "printed a new card for the table. Ask the director."
            )
        else:
            if access.event.status == Event.Status.SETUP:
                message = gettext("This event has not started yet: ask the director.")
        if message:
            if request.method == "POST":
                return JsonResponse({"error": message, "closed": True}, status=404)
            return render(request, "tables/closed.html", {"message": message}, status=404)
        use_club_time_zone(access.event.club)
        return view(request, access, **kwargs)

    return wrapper


def _seating(access: TableAccess):
    """Who sits at the table and what it plays: a teams match's table (its half, 1 or 2) or a
    section's; the two services share their names and shapes."""
    return match_tables if access.half else seating


def _lines(access: TableAccess):
    """The table's lines, entered, accepted, disputed and corrected: a match's or a section's."""
    return match_tables if access.half else lines


@require_GET
@never_cache
@table_view
def table(request: HttpRequest, access: TableAccess) -> HttpResponse:
    """The table's page; its changing part alone (#table-now) for the page's own refresh."""
    now = _seating(access).table_now(access=access)
    context = {
        "access": access,
        "event": access.event,
        "now": now,
        # A match's boards played show in its own part of the page (tables/_match.html).
        "current_boards": played_boards(now=now, at=now.current)
        if now.current and not access.half
        else [],
        "end": end_of_round(now=now),
        # An individual's sides by their players' numbers, as its table cards print them.
        "sides": side_labels(section=access.section) if access.event.is_individual else {},
        "config": _config(access, now),
        "words": _words(),
        # (what the tap sends, what it shows: the king is R in French)
        "ranks": [(rank, rank_shown(rank)) for rank in LEAD_RANKS],
        "notrump": notrump_shown(),
    }
    if request.htmx:
        return render(request, "tables/table.html#table-now", context)
    return render(request, "tables/table.html", context)


def _config(access: TableAccess, now) -> dict:
    """What the phone needs to enter and score lines with no connection."""
    rounds = [r for r in (now.current, now.ended) if r is not None]
    return {
        "token": access.token,
        "lead": access.event.table_lead,
        "pin": access.event.table_pin,
        "boards": {
            str(b.number): b.vulnerability if access.half else b.board.vulnerability
            for at in rounds
            for b in at.boards
        },
        "scores": {"vul": declarer_scores(True), "notvul": declarer_scores(False)},
    }


def _words() -> dict:
    """The page script's words, translated here: %(name)s is filled in by the script."""
    return {
        "north": gettext("North"),
        "east": gettext("East"),
        "south": gettext("South"),
        "west": gettext("West"),
        "by": gettext("by %(seat)s"),
        # Not a plural: a count the script fills in reads the same in every language.
        "tricks": gettext("tricks: %(tricks)s"),
        "lead": gettext("lead %(card)s"),
        "ranks": {rank: rank_shown(rank) for rank in HONOURS},
        "notrump": notrump_shown(),
        "passed_out": gettext("Passed out"),
        "ns_score": gettext("NS %(score)s"),
        "all_saved": gettext("Everything entered on this phone is saved."),
        "waiting_to_send": gettext("Not saved yet: %(count)s waiting to send."),
        "no_connection": gettext("No connection: they are sent when it is back."),
        "entered_waiting": gettext("waiting to send"),
        "accepted_waiting": gettext("accepted, waiting to send"),
        "disputed_waiting": gettext("disputed, waiting to send"),
        "refused": gettext("Board %(board)s not saved: %(reason)s"),
        "entering": gettext("Board %(board)s · %(vul)s"),
        "correcting": gettext("Correct board %(board)s · %(vul)s"),
        "vulnerable": {
            "None": gettext("nobody vulnerable"),
            "NS": gettext("North-South vulnerable"),
            "EW": gettext("East-West vulnerable"),
            "All": gettext("both vulnerable"),
        },
        "choose": gettext("Tap the contract, the declarer and the tricks."),
        "check_board": gettext("East-West: check board %(board)s"),
        "pin_needed": gettext("Type your PIN first: it is on your guide card."),
        "disputed": gettext("Board %(board)s disputed: back to North, the director is called."),
        "called": gettext("The director is called."),
        "no_storage": gettext(
            "This phone keeps nothing for this page: do not reload it until everything is saved."
        ),
        "reload": gettext("Not sent: reload this page, nothing entered on this phone is lost."),
    }


def _answer(line: TableLine) -> JsonResponse:
    return JsonResponse(
        {
            "key": str(line.key),
            "round": line.round,
            "board": line.board_number,
            "text": line.text,
            "state": line.state,
        }
    )


def _refused(message: str) -> JsonResponse:
    return JsonResponse({"error": message}, status=422)


def _busy() -> JsonResponse:
    # Not a refusal: the phone keeps the line and sends it again.
    return JsonResponse({"error": gettext("The server is busy: sending again.")}, status=503)


@require_POST
@table_view
def line(request: HttpRequest, access: TableAccess) -> HttpResponse:
    """North's line of a board (or, with `correct`, a correction of the table's own line)."""
    form = TableLineForm(request.POST)
    if not form.is_valid():
        return _refused(" ".join(e for errors in form.errors.values() for e in errors))
    data = form.cleaned_data
    table_lines = _lines(access)
    enter = table_lines.reopen_line if request.POST.get("correct") else table_lines.enter_line
    try:
        saved = enter(
            access=access,
            round=data["round"],
            board_number=data["board"],
            text=data["text"],
            key=data["key"],
        )
    except LineRefused as refused:
        return _refused(str(refused))
    except OperationalError:
        logger.exception("a table's line at %s", access)
        return _busy()
    return _answer(saved)


@require_POST
@table_view
def accept(request: HttpRequest, access: TableAccess, key) -> HttpResponse:
    form = AcceptForm(request.POST)
    if not form.is_valid():
        return _refused(gettext("type the PIN printed on your guide card"))
    try:
        saved = _lines(access).accept_line(access=access, key=key, pin=form.cleaned_data["pin"])
    except WrongPin as refused:
        return JsonResponse({"error": str(refused), "again": True}, status=422)
    except LineRefused as refused:
        return _refused(str(refused))
    except OperationalError:
        logger.exception("a table's acceptance at %s", access)
        return _busy()
    return _answer(saved)


@require_POST
@table_view
def dispute(request: HttpRequest, access: TableAccess, key) -> HttpResponse:
    try:
        return _answer(_lines(access).dispute_line(access=access, key=key))
    except LineRefused as refused:
        return _refused(str(refused))


@require_POST
@table_view
def seated(request: HttpRequest, access: TableAccess) -> HttpResponse:
    """The players of the table's current round are seated: the round before it ends."""
    form = SeatedForm(request.POST)
    if not form.is_valid():
        return _refused(gettext("reload the page: the round is out of date"))
    now = _seating(access).table_now(access=access)
    seat_next_round(now=now, round=form.cleaned_data["round"])
    return JsonResponse({"seated": form.cleaned_data["round"]})


@require_POST
@table_view
def call(request: HttpRequest, access: TableAccess) -> HttpResponse:
    """The table calls the director."""
    now = _seating(access).table_now(access=access)
    at = now.current or now.ended
    round_number = at.number if at else now.last_round or 1
    call_director(access=access, round=round_number)
    return JsonResponse({"called": True})
