"""Director pages for importing another scorer's results file: upload, preview, confirm."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from events.forms_imports import ImportConfirmForm, ImportForm
from events.models import Club
from events.services.imports import (
    AlreadyImported,
    earlier_imports,
    import_event,
    preview_import,
)
from events.tasks import analyse_hands


def _directed_club(request: HttpRequest, slug: str) -> Club:
    return get_object_or_404(Club, slug=slug, directors=request.user)


def _preview_page(request, club, imported, confirm, file_hash, error=""):
    """The preview; when the same file was imported before, it says so and asks whether to
    replace that event or make a new one."""
    return render(
        request,
        "events/director/import_preview.html",
        {
            "club": club,
            "preview": preview_import(imported=imported, club=club),
            "confirm": confirm,
            "earlier": earlier_imports(club=club, file_hash=file_hash),
            "earlier_error": error,
        },
    )


@require_http_methods(["GET", "POST"])
@login_required
def import_upload(request: HttpRequest, slug: str) -> HttpResponse:
    """Choose a file; a readable one is shown as our engine would rank it, to confirm."""
    club = _directed_club(request, slug)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        confirm = ImportConfirmForm(
            initial={"content": form.content, "filename": form.cleaned_data["file"].name}
        )
        return _preview_page(request, club, form.cleaned_data["file"], confirm, form.file_hash)
    return render(request, "events/director/import.html", {"club": club, "form": form})


@require_POST
@login_required
def import_confirm(request: HttpRequest, slug: str) -> HttpResponse:
    """Save the previewed file as a published event and open it; a file imported before is
    saved only once the director chooses to replace that event or to make a new one."""
    club = _directed_club(request, slug)
    confirm = ImportConfirmForm(request.POST)
    if not confirm.is_valid():
        form = ImportForm()
        return render(
            request,
            "events/director/import.html",
            {"club": club, "form": form, "errors": confirm.errors["content"]},
        )
    imported, choice = confirm.cleaned_data["content"], confirm.cleaned_data["earlier"]
    earlier = {str(e.pk): e for e in earlier_imports(club=club, file_hash=confirm.file_hash)}
    replacing = earlier.get(choice)
    try:
        event = import_event(
            imported=imported,
            club=club,
            file_hash=confirm.file_hash,
            replacing=replacing,
            as_new=choice == "new",
            user=request.user,
        )
    except AlreadyImported as refused:
        return _preview_page(
            request,
            club,
            imported,
            ImportConfirmForm(initial=confirm.cleaned_data),
            confirm.file_hash,
            error=f"{str(refused)[:1].upper()}{str(refused)[1:]}.",
        )
    transaction.on_commit(lambda: analyse_hands.enqueue(event_id=event.pk))
    if replacing is not None:
        messages.success(
            request, f"Imported and published: {event.name}, replacing the earlier import."
        )
    else:
        messages.success(request, f"Imported and published: {event.name}.")
    return redirect("director-event", event_id=event.pk)
