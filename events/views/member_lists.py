"""A club's member list: imported from a CSV file or a workbook (upload, preview, confirm) and
exported as either. The upload is kept (an Upload of kind "members"); the preview saves
nothing, and the confirmation plans again from the kept file and saves all or nothing."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import content_disposition_header
from django.utils.translation import gettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from events.forms.member_lists import MemberColumnsForm, MemberListForm
from events.models import Upload
from events.services.member_lists import (
    MemberListRefused,
    import_members,
    members_csv,
    members_xlsx,
    preview_list,
    store_list,
)
from events.views.clubs import directed_club

EXPORTS = {
    "csv": ("text/csv; charset=utf-8", members_csv),
    "xlsx": ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", members_xlsx),
}


@require_http_methods(["GET", "POST"])
@login_required
def members_upload(request: HttpRequest, slug: str) -> HttpResponse:
    """Choose a member list; a readable one is kept and previewed."""
    club = directed_club(request, slug)
    form = MemberListForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = store_list(
            club=club, user=request.user, name=form.cleaned_data["file"].name, data=form.data_read
        )
        return redirect("members-preview", slug=club.slug, upload_id=upload.pk)
    return render(request, "events/director/members_import.html", {"club": club, "form": form})


def _waiting_upload(request: HttpRequest, slug: str, upload_id: int):
    club = directed_club(request, slug)
    upload = get_object_or_404(
        Upload.objects.select_related("club"), pk=upload_id, club=club, kind=Upload.Kind.MEMBERS
    )
    return club, upload


@require_GET
@never_cache
@login_required
def members_preview(request: HttpRequest, slug: str, upload_id: int) -> HttpResponse:
    """What importing the kept list would do, with the columns its headings name."""
    club, upload = _waiting_upload(request, slug, upload_id)
    if upload.status != Upload.Status.WAITING:
        messages.info(request, gettext("%(file)s is imported already.") % {"file": upload.name})
        return redirect("club-admin", slug=club.slug)
    try:
        preview = preview_list(upload=upload)
    except MemberListRefused as refused:  # a reader grown stricter since the upload
        return _refused(request, club, upload, refused)
    form = MemberColumnsForm.showing(preview.columns, labels=preview.labels)
    return _preview_page(request, club, upload, preview, form)


@require_POST
@login_required
def members_confirm(request: HttpRequest, slug: str, upload_id: int) -> HttpResponse:
    """The preview again with the columns and answers given, or, asked to import, the import."""
    club, upload = _waiting_upload(request, slug, upload_id)
    if upload.status != Upload.Status.WAITING:
        messages.info(request, gettext("%(file)s is imported already.") % {"file": upload.name})
        return redirect("club-admin", slug=club.slug)
    try:
        preview = preview_list(upload=upload)
    except MemberListRefused as refused:
        return _refused(request, club, upload, refused)
    form = MemberColumnsForm(request.POST, labels=preview.labels)
    if not form.is_valid():
        return _preview_page(request, club, upload, preview, form)
    columns, answers = form.columns(), form.answers()
    if request.POST.get("action") == "import":
        try:
            done = import_members(
                upload=upload,
                columns=columns,
                answers=answers,
                fingerprint=form.cleaned_data["fingerprint"],
                user=request.user,
            )
        except MemberListRefused as refused:
            form.add_error(None, _sentence(refused) + " " + gettext("Nothing was saved."))
        else:
            messages.success(
                request,
                gettext(
                    "Member list imported: %(new)s new, %(changed)s changed, %(merged)s guests "
                    "merged, %(left_out)s rows left out."
                )
                % vars(done),
            )
            return redirect("club-admin", slug=club.slug)
    preview = preview_list(upload=upload, columns=columns, answers=answers)
    return _preview_page(request, club, upload, preview, form)


def _sentence(refused: Exception) -> str:
    text = str(refused)
    return f"{text[:1].upper()}{text[1:]}."


def _refused(request, club, upload, refused) -> HttpResponse:
    context = {"club": club, "form": MemberListForm(), "errors": [f"{upload.name}: {refused}."]}
    return render(request, "events/director/members_import.html", context)


def _preview_page(request, club, upload, preview, form) -> HttpResponse:
    if form.is_bound:
        # The fingerprint sent back is the preview's as shown now.
        form.data = form.data.copy()
        form.data["fingerprint"] = preview.fingerprint
    else:
        form.initial["fingerprint"] = preview.fingerprint
    answers = form.answers() if form.is_bound else {}
    questions = [(row, _options(row, answers.get(row.entry.row, ""))) for row in preview.questions]
    return render(
        request,
        "events/director/members_preview.html",
        {
            "club": club,
            "upload": upload,
            "preview": preview,
            "plan": preview.plan,
            "form": form,
            "questions": questions,
        },
    )


def _candidate(player) -> str:
    """A player the row may be, by name and member number."""
    number = player.member_number or gettext("no member number")
    return f"{player.name} ({number})"


def _options(row, answer: str) -> list[tuple[str, str, bool]]:
    """A question's choices (value, label, chosen): each player of the name, a new player, or
    leaving the row out."""
    options = [(str(p.pk), _candidate(p)) for p in row.candidates]
    options += [("new", gettext("A new player")), ("skip", gettext("Leave this row out"))]
    return [(value, label, value == answer) for value, label in options]


@require_GET
@never_cache
@login_required
def members_export(request: HttpRequest, slug: str, extension: str) -> HttpResponse:
    """The club's members as CSV or an Excel workbook, as the import reads them back."""
    club = directed_club(request, slug)
    if extension not in EXPORTS:
        raise Http404(gettext("No such file."))
    content_type, render_members = EXPORTS[extension]
    filename = f"{club.slug}-members.{extension}"
    return HttpResponse(
        render_members(club=club),
        content_type=content_type,
        headers={"Content-Disposition": content_disposition_header(True, filename)},
    )
