"""Result entry, keyboard first: by traveller (one board) and by table-round (a pick-up slip).

Each row of the grid is one meeting the movement schedules. Enter saves the row and moves the
focus to the next empty one; a refused row keeps what was typed and says what to fix.
"""

import logging
import re

from django.contrib.auth.decorators import login_required
from django.db import OperationalError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import trigger_client_event

from events.forms.entry import LineForm
from events.forms.history import ConfirmForm
from events.models import Board, Change, Event, Result, TableRound
from events.services.entry import (
    LineRefused,
    check_line,
    delete_line,
    line_being_edited,
    save_recorded_line,
)
from events.services.entry_grid import EntryGrid, saved_row, slip_grid, traveller_grid
from events.services.history import recording
from events.services.line_text import adjusted_words, scored_text
from events.services.navigation import slips
from events.services.status import EventLocked, check_editable
from events.templatetags.bridge import contract as contract_html
from events.views.director import directed_board, directed_pairs_event
from events.views.sections import section_letter as _letter
from events.views.sections import section_query

logger = logging.getLogger(__name__)
MODE = re.compile(r"board:\d{1,4}|slip:\d{1,4}:\d{1,4}")


def _board(event: Event, number: int, letter: str = "A") -> Board:
    return get_object_or_404(
        Board.objects.select_related("section__event"),
        section__event=event,
        section__letter=letter,
        number=number,
    )


def _grid(
    event, mode, letter, *, saved_key=None, refused=None, status_text="", picked=None, board=None
):
    """The grid's context (of section `letter`): its rows, the refused row's text and message,
    where the focus goes: the refused row, else the row `picked` by key (a problem's "Open the
    line"), else the next empty one. `board` is the board the request has read, if any."""
    grid = _mode_grid(event, mode, letter, board)
    rows = grid.rows
    scheduled = [row for row in rows if row.ns is not None]
    if refused is not None:
        key, text, error = refused
        # A row that is gone (its pairs changed meanwhile) hands the line to the free line.
        matched = [row for row in rows if row.key == key] or [row for row in rows if row.ns is None]
        for row in matched:
            row.text, row.error, row.focus = text, error, True
        if not matched:
            status_text = gettext("Not saved: %(line)s: %(refused)s") % {
                "line": text,
                "refused": error,
            }
    elif picked_rows := [row for row in rows if picked and row.key == picked]:
        picked_rows[0].focus = picked_rows[0].picked = True
    else:
        keys = [row.key for row in scheduled]
        start = keys.index(saved_key) + 1 if saved_key in keys else 0
        empty = [row for row in scheduled[start:] + scheduled[:start] if row.result is None]
        if empty:
            empty[0].focus = True
        elif rows[-1].ns is None:  # all in, or nothing scheduled: the free line, never a link
            rows[-1].focus = True
    return vars(grid) | {
        "example": grid.example,
        "event": event,
        "mode": mode,
        "letter": letter,
        "section_query": section_query(letter),
        "status_text": status_text,
        "all_entered": bool(scheduled) and all(row.result for row in scheduled),
    }


def _mode_grid(event: Event, mode: str, letter: str, board: Board | None) -> EntryGrid:
    """The grid of a board's traveller ("board:N") or of a pick-up slip ("slip:R:T")."""
    kind, *numbers = mode.split(":")
    if kind == "board":
        if board is None or board.number != int(numbers[0]):
            board = _board(event, int(numbers[0]), letter)
        return traveller_grid(board=board)
    return slip_grid(table_round=_table_round(event, int(numbers[0]), int(numbers[1]), letter))


@require_GET
@never_cache
@login_required
def board_entry(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    event = directed_pairs_event(request, event_id)
    context = _grid(event, f"board:{number}", _letter(request), picked=request.GET.get("row"))
    return render(request, "events/director/entry.html", context)


def _table_round(event: Event, round_number: int, table: int, letter: str) -> TableRound:
    section = get_object_or_404(event.sections, letter=letter)
    return get_object_or_404(
        slips(section_id=section.pk).select_related("section__event", "ns_pair", "ew_pair"),
        round=round_number,
        table=table,
    )


@require_GET
@never_cache
@login_required
def slip_entry(request: HttpRequest, event_id: int, round_number: int, table: int) -> HttpResponse:
    event = directed_pairs_event(request, event_id)
    context = _grid(
        event, f"slip:{round_number}:{table}", _letter(request), picked=request.GET.get("row")
    )
    return render(request, "events/director/entry.html", context)


def _mode(request: HttpRequest, *, default: str) -> str:
    """Which grid a POST came from: "board:N" or "slip:R:T"; anything else is the default."""
    mode = request.POST.get("mode", "")
    return mode if MODE.fullmatch(mode) else default


def _render_grid(request, event, mode, context, *, saved: bool) -> HttpResponse:
    if not request.htmx:
        if saved:
            return redirect(_mode_url(event, mode) + context["section_query"])
        # Without JavaScript a refused line comes back on the whole page: what was typed, and why.
        return render(request, "events/director/entry.html", context)
    response = render(request, "events/director/entry.html#entry-grid", context)
    if saved:
        trigger_client_event(response, "result-saved")
    return response


def _mode_url(event: Event, mode: str) -> str:
    kind, *numbers = mode.split(":")
    if kind == "board":
        return reverse("director-board", kwargs={"event_id": event.pk, "number": int(numbers[0])})
    return reverse(
        "director-slip",
        kwargs={"event_id": event.pk, "round_number": int(numbers[0]), "table": int(numbers[1])},
    )


@require_POST
@login_required
def line_save(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    letter = _letter(request)
    board = directed_board(request, event_id, number, letter)
    event = board.section.event
    mode = _mode(request, default=f"board:{number}")
    _check_mode(event, mode, letter, board)
    form = LineForm(request.POST)
    key = f"{number}-{request.POST.get('ns', '')}-{request.POST.get('ew', '')}"
    if form.is_valid():
        try:
            editing = None
            if form.cleaned_data["result"]:
                editing = line_being_edited(board, form.cleaned_data["result"])
            check_editable(event)
            result = save_recorded_line(
                event=event,
                user=request.user,
                board=board,
                line=form.cleaned_data["line"],
                ns_pair=form.cleaned_data["ns"],
                ew_pair=form.cleaned_data["ew"],
                result=editing,
            )
        except (LineRefused, EventLocked) as refused:
            error = str(refused)
        except OperationalError:  # still busy after the retries: say so, keep the line
            logger.exception("saving a line on board %s of event %s", number, event.pk)
            error = gettext("the line was not saved: the database was too busy, press Enter again")
        else:
            saved_key = f"{number}-{result.ns_pair.number}-{result.ew_pair.number}"
            status_text = gettext("Saved board %(board)s.") % {"board": number}
            if request.htmx and mode == f"board:{number}" and saved_key == key:
                answer = _saved_row_answer(request, board, result, status_text)
                if answer is not None:
                    return answer
            context = _grid(
                event,
                mode,
                letter,
                saved_key=saved_key,
                status_text=status_text,
                board=board,
            )
            return _render_grid(request, event, mode, context, saved=True)
    else:
        error = _form_error(form)
    text = request.POST.get("line", "")
    context = _grid(event, mode, letter, refused=(key, text, error), board=board)
    return _render_grid(request, event, mode, context, saved=False)


def _saved_row_answer(request, board: Board, result: Result, status_text: str):
    """The answer to an htmx save of a scheduled row on a board's grid while the board is not
    all in: that row and every line's points (static/js/entry.js puts them in the grid as it
    stands); None when the grid is to be drawn whole."""
    saved = saved_row(board=board, result=result)
    if saved is None:
        return None
    context = {
        "saved": saved,
        "event": board.section.event,
        "board": board,
        "mode": f"board:{board.number}",
        "letter": board.section.letter,
        "status_text": status_text,
        # The grid names its section when the event has several: so did the row's form.
        "several_sections": "section" in request.POST,
    }
    response = render(request, "events/director/entry.html#entry-saved-row", context)
    trigger_client_event(response, "result-saved")
    return response


def _check_mode(event: Event, mode: str, letter: str, board: Board) -> None:
    """A 404 before anything is saved when the grid the line came from does not exist: a save
    answers with that grid, and must not change a line behind a page that says not found."""
    kind, *numbers = mode.split(":")
    if kind == "slip":
        _table_round(event, int(numbers[0]), int(numbers[1]), letter)
    elif int(numbers[0]) != board.number:
        _board(event, int(numbers[0]), letter)


def _form_error(form: LineForm) -> str:
    return " ".join(form.errors.get("line", [])) or gettext(
        "reload the page: the row is out of date"
    )


@require_POST
@login_required
def line_delete(request: HttpRequest, event_id: int, result_id: int) -> HttpResponse:
    event = directed_pairs_event(request, event_id)
    result = (
        Result.objects.select_related("board__section__event")
        .filter(pk=result_id, board__section__event=event)
        .first()
    )
    if result is None:
        # Deleted meanwhile, by another director or by a second click: the grid says so.
        mode = _mode(request, default="")
        if not mode:
            raise Http404("no such line")
        context = _grid(
            event,
            mode,
            _letter(request),
            status_text=gettext("Already deleted: this line is gone."),
        )
        return _render_grid(request, event, mode, context, saved=False)
    mode = _mode(request, default=f"board:{result.board.number}")
    letter = result.board.section.letter
    if not ConfirmForm(request.POST).is_valid():
        # Without JavaScript there is no confirm dialog: this page asks instead.
        return render(
            request,
            "events/director/line_delete.html",
            {"event": event, "result": result, "line": scored_text(result), "mode": mode},
        )
    try:
        check_editable(event)
    except EventLocked as locked:
        context = _grid(
            event,
            mode,
            letter,
            status_text=gettext("Not deleted: %(refused)s.") % {"refused": locked},
        )
        return _render_grid(request, event, mode, context, saved=False)
    try:
        with recording(club=event.club, event=event, user=request.user, kind=Change.Kind.RESULT):
            delete_line(result=result)
    except LineRefused as refused:  # published meanwhile
        context = _grid(
            event,
            mode,
            letter,
            status_text=gettext("Not deleted: %(refused)s.") % {"refused": refused},
        )
        return _render_grid(request, event, mode, context, saved=False)
    except OperationalError:  # still busy after the retries: say so, the line stays
        logger.exception("deleting line %s of event %s", result.pk, event.pk)
        context = _grid(
            event, mode, letter, status_text=gettext("Not deleted: the database was too busy.")
        )
        return _render_grid(request, event, mode, context, saved=False)
    context = _grid(
        event,
        mode,
        letter,
        status_text=gettext("Deleted a line of board %(board)s.") % {"board": result.board.number},
    )
    return _render_grid(request, event, mode, context, saved=True)


@require_GET
@never_cache
@login_required
def line_preview(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """What the line being typed in a row scores, or why Enter would not save it: the same
    message the save gives."""
    board = directed_board(request, event_id, number, _letter(request))
    if not request.GET.get("line", "").strip():
        return HttpResponse("")
    form = LineForm(request.GET)
    if not form.is_valid():
        return render(request, "events/director/preview.html", {"error": _form_error(form)})
    line = form.cleaned_data["line"]
    try:
        editing = form.cleaned_data["result"]
        check_line(
            board=board,
            line=line,
            ns_pair=form.cleaned_data["ns"],
            ew_pair=form.cleaned_data["ew"],
            result=line_being_edited(board, editing) if editing else None,
        )
    except LineRefused as refused:
        return render(request, "events/director/preview.html", {"error": str(refused)})
    return render(
        request,
        "events/director/preview.html",
        {
            "line": line,
            "score": line.score_ns(board.vulnerability),
            "ew_score": line.score_ew(board.vulnerability),
            "adjusted": adjusted_words(line) if line.ns_adjustment else "",
            "weighted": line.weighted_scores(board.vulnerability),
            "contract": contract_html(str(line.contract)) if line.contract else "",
        },
    )
