"""Director pages for importing another scorer's results file: upload, preview, confirm."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from events.forms_imports import ImportConfirmForm, ImportForm
from events.models import Club
from events.services.imports import import_event, preview_import
from events.tasks import analyse_hands


def _directed_club(request: HttpRequest, slug: str) -> Club:
    return get_object_or_404(Club, slug=slug, directors=request.user)


@require_http_methods(["GET", "POST"])
@login_required
def import_upload(request: HttpRequest, slug: str) -> HttpResponse:
    """Choose a file; a readable one is shown as our engine would rank it, to confirm."""
    club = _directed_club(request, slug)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        preview = preview_import(imported=form.cleaned_data["file"], club=club)
        confirm = ImportConfirmForm(
            initial={"content": form.content, "filename": form.cleaned_data["file"].name}
        )
        return render(
            request,
            "events/director/import_preview.html",
            {"club": club, "preview": preview, "confirm": confirm},
        )
    return render(request, "events/director/import.html", {"club": club, "form": form})


@require_POST
@login_required
def import_confirm(request: HttpRequest, slug: str) -> HttpResponse:
    """Save the previewed file as a published event and open it."""
    club = _directed_club(request, slug)
    confirm = ImportConfirmForm(request.POST)
    if not confirm.is_valid():
        form = ImportForm()
        return render(
            request,
            "events/director/import.html",
            {"club": club, "form": form, "errors": confirm.errors["content"]},
        )
    with transaction.atomic():
        event = import_event(imported=confirm.cleaned_data["content"], club=club)
        transaction.on_commit(lambda: analyse_hands.enqueue(event_id=event.pk))
    messages.success(request, f"Imported and published: {event.name}.")
    return redirect("director-event", event_id=event.pk)
