"""Director pages for importing another scorer's results file: upload, preview, confirm.

The uploaded file is kept on the server (an Upload) and the preview and the confirmation refer
to it by its id. A club's file is imported in the confirming request; a large one is handed to
the worker, and its page follows the import until the event is there.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from events.formats.imported import FileRefused
from events.forms.imports import ImportConfirmForm, ImportForm
from events.models import Event, Upload
from events.services.imports import (
    AlreadyImported,
    earlier_imports,
    fixed_boards,
    import_upload,
    is_large,
    preview_import,
    read_result_file,
    refuse_upload,
    store_upload,
)
from events.tasks import analyse_hands, import_large_file
from events.views.clubs import directed_club


@require_http_methods(["GET", "POST"])
@login_required
def upload_file(request: HttpRequest, slug: str) -> HttpResponse:
    """Choose a file; a readable one is kept and shown as our engine would rank it."""
    club = directed_club(request, slug)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = store_upload(
            club=club, user=request.user, name=request.FILES["file"].name, data=form.data_read
        )
        return redirect("import-preview", slug=club.slug, upload_id=upload.pk)
    return render(request, "events/director/import.html", {"club": club, "form": form})


@require_GET
@never_cache
@login_required
def import_preview(request: HttpRequest, slug: str, upload_id: int) -> HttpResponse:
    """The preview of a kept file, or how its import in the background is going."""
    club = directed_club(request, slug)
    upload = get_object_or_404(Upload, pk=upload_id, club=club, kind=Upload.Kind.RESULTS)
    if upload.status == Upload.Status.IMPORTED and upload.event_id:
        return redirect("director-event", event_id=upload.event_id)
    if upload.status != Upload.Status.WAITING:
        template = "events/director/import_progress.html"
        if request.htmx:
            template += "#import-progress"
        return render(request, template, {"club": club, "upload": upload})
    try:
        imported = read_result_file(bytes(upload.data))  # read when uploaded: it reads again
    except FileRefused as refused:  # a reader that has grown stricter since
        form = ImportForm()
        errors = [f"{upload.name}: {refused}"]
        context = {"club": club, "form": form, "errors": errors}
        return render(request, "events/director/import.html", context)
    return _preview_page(request, club, upload, imported, ImportConfirmForm())


def _preview_page(request, club, upload, imported, confirm, error="", fixed_error=""):
    """The preview; when the same file was imported before, it says so and asks whether to
    replace that event or make a new one."""
    return render(
        request,
        "events/director/import_preview.html",
        {
            "club": club,
            "upload": upload,
            "large": is_large(imported),
            "preview": preview_import(imported=imported, club=club),
            "confirm": confirm,
            "earlier": earlier_imports(club=club, file_hash=upload.file_hash),
            "earlier_error": error,
            "fixed_error": fixed_error,
            # Our own files keep the status they say (a running event stays running).
            "status": Event.Status(imported.settings.get("status", Event.Status.PUBLISHED)),
        },
    )


@require_POST
@login_required
def import_confirm(request: HttpRequest, slug: str, upload_id: int) -> HttpResponse:
    """Save the previewed file as a published event; a file imported before is saved only once
    the director chooses to replace that event or to make a new one."""
    club = directed_club(request, slug)
    confirm = ImportConfirmForm(request.POST)
    with transaction.atomic():
        # Held to the end: a second click waits, then finds the file imported or queued.
        upload = get_object_or_404(
            Upload.objects.select_for_update(), pk=upload_id, club=club, kind=Upload.Kind.RESULTS
        )
        if upload.status != Upload.Status.WAITING or not confirm.is_valid():
            return redirect("import-preview", slug=club.slug, upload_id=upload.pk)
        earlier = confirm.cleaned_data["earlier"]
        try:
            imported = read_result_file(bytes(upload.data))
        except FileRefused:  # the preview says why
            return redirect("import-preview", slug=club.slug, upload_id=upload.pk)
        if (fixed := fixed_boards(imported)) and confirm.cleaned_data["fixed"] != "keep":
            if confirm.cleaned_data["fixed"] != "refuse":
                error = gettext("Choose whether to keep the fixed scores or refuse the file.")
                return _preview_page(request, club, upload, imported, confirm, fixed_error=error)
            reason = refuse_upload(upload=upload, boards=fixed)
            messages.info(
                request,
                gettext("%(name)s: %(reason)s; nothing was imported.")
                % {"name": upload.name, "reason": reason},
            )
            return redirect("import-upload", slug=club.slug)
        try:
            if is_large(imported):
                return _queue(request, club, upload, earlier)
            event = import_upload(upload=upload, earlier=earlier, user=request.user)
        except AlreadyImported as refused:
            error = f"{str(refused)[:1].upper()}{str(refused)[1:]}."
            return _preview_page(request, club, upload, imported, confirm, error=error)
        transaction.on_commit(lambda: analyse_hands.enqueue(event_id=event.pk))
    replaced = earlier not in ("", "new")
    if event.is_published:
        if replaced:
            text = gettext("Imported and published: %(event)s, replacing the earlier import.")
        else:
            text = gettext("Imported and published: %(event)s.")
        messages.success(request, text % {"event": event.name})
    else:
        if replaced:
            text = gettext(
                "Imported: %(event)s, %(status)s as the file says, replacing the earlier import."
            )
        else:
            text = gettext("Imported: %(event)s, %(status)s as the file says.")
        status = event.get_status_display().lower()
        messages.success(request, text % {"event": event.name, "status": status})
    return redirect("director-event", event_id=event.pk)


def _queue(request, club, upload, earlier) -> HttpResponse:
    """Hand a large file to the worker, once the director has answered for an earlier import."""
    if not earlier and (before := earlier_imports(club=club, file_hash=upload.file_hash)):
        raise AlreadyImported(before)
    upload.status = Upload.Status.QUEUED
    upload.save(update_fields=["status"])
    user_id = request.user.pk
    transaction.on_commit(
        lambda: import_large_file.enqueue(upload_id=upload.pk, earlier=earlier, user_id=user_id)
    )
    return redirect("import-preview", slug=club.slug, upload_id=upload.pk)
