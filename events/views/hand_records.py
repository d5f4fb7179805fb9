"""The director's upload of hand records for an event that exists (its deals by board number)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from events.forms.imports import HandRecordForm
from events.services.hand_record_upload import (
    HandRecordsExist,
    HandRecordsRefused,
    hand_record_counts,
    hand_record_rounds,
    number_ranges,
    upload_hand_records,
)
from events.services.status import EventLocked
from events.views.director import directed_event


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def upload_hands(request: HttpRequest, event_id: int) -> HttpResponse:
    """Choose a file of deals (a teams event: and the round they are); they are saved at once
    and analysed by the worker, whose progress the event's page follows."""
    event = directed_event(request, event_id)
    rounds, drawn = hand_record_rounds(event=event) if event.is_teams else (0, 1)
    form = HandRecordForm(request.POST or None, request.FILES or None, rounds=rounds, round=drawn)
    if request.method == "POST" and form.is_valid():
        try:
            upload = upload_hand_records(
                event=event,
                dealt=form.cleaned_data["file"],
                replace=form.cleaned_data["replace"],
                user=request.user,
                round=form.cleaned_data.get("round"),
            )
        except HandRecordsExist as exist:
            form.add_error("replace", _sentence(exist))
        except (HandRecordsRefused, EventLocked) as refused:
            form.add_error("file", _sentence(refused))
        else:
            boards = len(upload.loaded)
            left_out = _left_out(upload.left_out, form.cleaned_data.get("round"))
            if upload.changed:
                saved = ngettext(
                    "Hand records saved for %(count)s board (%(boards)s); the double-dummy "
                    "tables and par are being worked out.",
                    "Hand records saved for %(count)s boards (%(boards)s); the double-dummy "
                    "tables and par are being worked out.",
                    boards,
                ) % {"count": boards, "boards": number_ranges(upload.loaded)}
                messages.success(request, saved + left_out)
            else:
                already = gettext("These boards have these hand records already.")
                messages.info(request, already + left_out)
            return redirect("director-event", event_id=event.pk)
    return render(
        request,
        "events/director/hands.html",
        {"event": event, "form": form} | vars(hand_record_counts(event=event)),
    )


def _left_out(numbers: list[int], round: int | None) -> str:
    """The sentence that names the file's boards the event (a teams event's round) does not
    have, if any."""
    if not numbers:
        return ""
    values = {"boards": number_ranges(numbers), "round": round}
    if round:
        return (
            " "
            + ngettext(
                "The file's board %(boards)s was left out: round %(round)s does not have it.",
                "The file's boards %(boards)s were left out: round %(round)s does not have them.",
                len(numbers),
            )
            % values
        )
    return (
        " "
        + ngettext(
            "The file's board %(boards)s was left out: this event does not have it.",
            "The file's boards %(boards)s were left out: this event does not have them.",
            len(numbers),
        )
        % values
    )


def _sentence(error: Exception) -> str:
    text = str(error)
    return f"{text[:1].upper()}{text[1:]}."
