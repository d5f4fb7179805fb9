"""Result entry, keyboard first: by traveller (one board) and by table-round (a pick-up slip).

Each row of the grid is one meeting the movement schedules. Enter saves the row and moves the
focus to the next empty one; a refused row keeps what was typed and says what to fix.
"""

import logging
import re
from dataclasses import dataclass

from django.contrib.auth.decorators import login_required
from django.db import OperationalError
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import trigger_client_event

from events.forms.entry import LineForm
from events.forms.history import ConfirmForm
from events.models import Board, Change, Event, Result, TableRound
from events.services.entry import (
    LineRefused,
    board_meetings,
    check_line,
    delete_line,
    line_being_edited,
    save_line,
)
from events.services.history import recording
from events.services.individuals import side_labels
from events.services.line_text import adjusted_words, result_text, scored_text
from events.services.pair_labels import section_labels
from events.services.status import EventLocked, check_editable
from events.templatetags.bridge import contract as contract_html
from events.views.director import directed_pairs_event
from events.views.sections import section_letter as _letter
from events.views.sections import section_query
from scoring.pair_labels import printed_number

logger = logging.getLogger(__name__)
MODE = re.compile(r"board:\d{1,4}|slip:\d{1,4}:\d{1,4}")


@dataclass
class Row:
    """A row of the entry grid; a row without pairs is the free line for unscheduled results."""

    board: Board
    ns: int | None
    ew: int | None
    result: Result | None
    text: str = ""  # what the input shows: the saved line, or what was typed and refused
    saved_text: str = ""  # what Escape goes back to
    error: str = ""
    focus: bool = False
    ns_printed: str = ""  # the pairs' numbers as the director types them
    ew_printed: str = ""
    picked: bool = False  # the row a problem's "Open the line" named

    @property
    def adjusted(self) -> str:
        return adjusted_words(self.result) if self.result and self.result.ns_adjustment else ""

    @property
    def key(self) -> str:
        return f"{self.board.number}-{self.ns or ''}-{self.ew or ''}"


def _board(event: Event, number: int, letter: str = "A") -> Board:
    return get_object_or_404(
        Board.objects.select_related("section__event"),
        section__event=event,
        section__letter=letter,
        number=number,
    )


def _board_rows(board: Board) -> list[Row]:
    results = {
        (r.ns_pair.number, r.ew_pair.number): r
        for r in board.results.select_related("ns_pair", "ew_pair")
    }
    rows = []
    for meeting in sorted(board_meetings(board=board), key=lambda m: m.ns):
        result = results.pop((meeting.ns, meeting.ew), None) or results.pop(
            (meeting.ew, meeting.ns), None
        )
        ns, ew = (
            (result.ns_pair.number, result.ew_pair.number) if result else (meeting.ns, meeting.ew)
        )
        rows.append(Row(board, ns, ew, result))
    rows += [Row(board, ns, ew, r) for (ns, ew), r in sorted(results.items())]
    return [*rows, Row(board, None, None, None)]


def _slip_rows(table_round: TableRound) -> list[Row]:
    boards = Board.objects.filter(
        section_id=table_round.section_id,
        number__gte=table_round.low_board,
        number__lte=table_round.high_board,
    ).select_related("section__event")
    pairs = {table_round.ns_pair_id, table_round.ew_pair_id}
    results = {
        r.board_id: r
        for r in Result.objects.filter(
            board__in=boards, ns_pair_id__in=pairs, ew_pair_id__in=pairs
        ).select_related("ns_pair", "ew_pair")
    }
    rows = []
    for board in boards:
        result = results.get(board.pk)
        ns, ew = table_round.ns_pair.number, table_round.ew_pair.number
        if result:
            ns, ew = result.ns_pair.number, result.ew_pair.number
        rows.append(Row(board, ns, ew, result))
    return rows


def _grid(
    event, mode, letter, *, saved_key=None, refused=None, status_text="", picked=None, board=None
):
    """The grid's context (of section `letter`): each row's text, the refused row's message,
    where the focus goes: the refused row, else the row `picked` by key (a problem's "Open the
    line"), else the next empty one. `board` is the board the request has read, if any."""
    context = _mode_context(event, mode, letter, board)
    rows = context["rows"]
    labels = {}
    if rows:
        section = rows[0].board.section
        # An individual's sides are shown by their players' numbers, "8+5".
        labelled = side_labels if event.is_individual else section_labels
        labels = labelled(section=section)
    if table_round := context.get("table_round"):
        context["sides"] = [
            printed_number(labels.get(pair.number, pair.name))
            for pair in (table_round.ns_pair, table_round.ew_pair)
        ]
    for row in rows:
        row.text = row.saved_text = result_text(row.result) if row.result else ""
        if row.ns is not None:
            row.ns_printed = printed_number(labels.get(row.ns, str(row.ns)))
            row.ew_printed = printed_number(labels.get(row.ew, str(row.ew)))
    scheduled = [row for row in rows if row.ns is not None]
    if refused is not None:
        key, text, error = refused
        # A row that is gone (its pairs changed meanwhile) hands the line to the free line.
        matched = [row for row in rows if row.key == key] or [row for row in rows if row.ns is None]
        for row in matched:
            row.text, row.error, row.focus = text, error, True
        if not matched:
            status_text = f"Not saved: {text}: {error}"
    elif picked_rows := [row for row in rows if picked and row.key == picked]:
        picked_rows[0].focus = picked_rows[0].picked = True
    else:
        keys = [row.key for row in scheduled]
        start = keys.index(saved_key) + 1 if saved_key in keys else 0
        empty = [row for row in scheduled[start:] + scheduled[:start] if row.result is None]
        if empty:
            empty[0].focus = True
        elif not scheduled:
            rows[-1].focus = True
    context.update(
        event=event,
        mode=mode,
        letter=letter,
        section_query=section_query(letter),
        several_sections=event.sections.count() > 1,
        status_text=status_text,
        all_entered=bool(scheduled) and all(row.result for row in scheduled),
    )
    return context


def _mode_context(event: Event, mode: str, letter: str, board: Board | None) -> dict:
    """The rows of a board's traveller ("board:N") or of a pick-up slip ("slip:R:T"), and
    where Enter goes once they are all in."""
    kind, *numbers = mode.split(":")
    if kind == "board":
        if board is None or board.number != int(numbers[0]):
            board = _board(event, int(numbers[0]), letter)
        boards = list(board.section.boards.values_list("number", flat=True))
        i = boards.index(board.number)
        return {
            "board": board,
            "rows": _board_rows(board),
            "previous": boards[i - 1] if i else None,
            "next": boards[i + 1] if i + 1 < len(boards) else None,
        }
    table_round = _table_round(event, int(numbers[0]), int(numbers[1]), letter)
    later = (
        _slips(table_round.section_id)
        .filter(
            Q(round__gt=table_round.round) | Q(round=table_round.round, table__gt=table_round.table)
        )
        .first()
    )
    return {
        "table_round": table_round,
        "rows": _slip_rows(table_round),
        "next_slip": (later.round, later.table) if later else None,
    }


def _slips(section_id: int):
    """The table-rounds where two pairs play boards, in round and table order."""
    return TableRound.objects.filter(
        section_id=section_id,
        ns_pair__isnull=False,
        ew_pair__isnull=False,
        low_board__isnull=False,
    ).order_by("round", "table")


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
        _slips(section.pk).select_related("section__event", "ns_pair", "ew_pair"),
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
    event = directed_pairs_event(request, event_id)
    letter = _letter(request)
    board = _board(event, number, letter)
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
            with recording(
                club=event.club, event=event, user=request.user, kind=Change.Kind.RESULT
            ):
                result = save_line(
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
            error = "the line was not saved: the database was too busy, press Enter again"
        else:
            saved_key = f"{number}-{result.ns_pair.number}-{result.ew_pair.number}"
            context = _grid(
                event,
                mode,
                letter,
                saved_key=saved_key,
                status_text=f"Saved board {number}.",
                board=board,
            )
            return _render_grid(request, event, mode, context, saved=True)
    else:
        error = _form_error(form)
    text = request.POST.get("line", "")
    context = _grid(event, mode, letter, refused=(key, text, error), board=board)
    return _render_grid(request, event, mode, context, saved=False)


def _check_mode(event: Event, mode: str, letter: str, board: Board) -> None:
    """A 404 before anything is saved when the grid the line came from does not exist: a save
    answers with that grid, and must not change a line behind a page that says not found."""
    kind, *numbers = mode.split(":")
    if kind == "slip":
        _table_round(event, int(numbers[0]), int(numbers[1]), letter)
    elif int(numbers[0]) != board.number:
        _board(event, int(numbers[0]), letter)


def _form_error(form: LineForm) -> str:
    return " ".join(form.errors.get("line", [])) or "reload the page: the row is out of date"


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
            event, mode, _letter(request), status_text="Already deleted: this line is gone."
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
        context = _grid(event, mode, letter, status_text=f"Not deleted: {locked}.")
        return _render_grid(request, event, mode, context, saved=False)
    try:
        with recording(club=event.club, event=event, user=request.user, kind=Change.Kind.RESULT):
            delete_line(result=result)
    except LineRefused as refused:  # published meanwhile
        context = _grid(event, mode, letter, status_text=f"Not deleted: {refused}.")
        return _render_grid(request, event, mode, context, saved=False)
    except OperationalError:  # still busy after the retries: say so, the line stays
        logger.exception("deleting line %s of event %s", result.pk, event.pk)
        context = _grid(event, mode, letter, status_text="Not deleted: the database was too busy.")
        return _render_grid(request, event, mode, context, saved=False)
    context = _grid(
        event,
        mode,
        letter,
        status_text=f"Deleted a line of board {result.board.number}.",
    )
    return _render_grid(request, event, mode, context, saved=True)


@require_GET
@never_cache
@login_required
def line_preview(request: HttpRequest, event_id: int, number: int) -> HttpResponse:
    """What the line being typed in a row scores, or why Enter would not save it: the same
    message the save gives."""
    event = directed_pairs_event(request, event_id)
    board = _board(event, number, _letter(request))
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
