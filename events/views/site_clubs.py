"""The site administrator's Clubs page (Django's staff): every club with its directors, a new
club with its first director invited, a director invited to any club, a new password link for
any director, and a club restored from a backup as a new club."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from events.forms.clubs import InvitationForm, NewClubForm, RestoreForm
from events.models import Club
from events.services.backup import BackupRefused, restore_club
from events.services.clubs import ClubRefused, site_clubs
from events.services.invitations import invite_director, new_password_link, start_club


def _staff_only(request: HttpRequest) -> None:
    if not request.user.is_staff:
        raise PermissionDenied(_("Only the site's administrators make and restore clubs."))


def _clubs_page(request: HttpRequest, **context) -> HttpResponse:
    context = {
        "clubs": site_clubs(),
        "club_form": context.pop("club_form", None) or NewClubForm(),
        **context,
    }
    return render(request, "events/director/site_clubs.html", context)


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def clubs(request: HttpRequest) -> HttpResponse:
    """The list of clubs; a POST makes a club and invites its first director (the page that
    answers shows the link when nothing was mailed)."""
    _staff_only(request)
    if request.method == "GET":
        return _clubs_page(request)
    form = NewClubForm(request.POST)
    if form.is_valid():
        try:
            invitation = start_club(
                invited_by=request.user,
                site_url=request.build_absolute_uri("/"),
                **form.cleaned_data,
            )
        except ClubRefused as refused:
            form.add_error(None, f"{refused}.")
        else:
            return _clubs_page(request, invitation=invitation)
    return _clubs_page(request, club_form=form)


@require_POST
@never_cache
@login_required
def club_invite(request: HttpRequest, slug: str) -> HttpResponse:
    """Invite a director to any club of the site."""
    _staff_only(request)
    club = get_object_or_404(Club, slug=slug)
    form = InvitationForm(request.POST)
    if form.is_valid():
        try:
            invitation = invite_director(
                club=club,
                invited_by=request.user,
                site_url=request.build_absolute_uri("/"),
                **form.cleaned_data,
            )
        except ClubRefused as refused:
            messages.error(
                request, _("%(club)s: %(refused)s.") % {"club": club.name, "refused": refused}
            )
        else:
            return _clubs_page(request, invitation=invitation)
    else:
        errors = " ".join(e for errors in form.errors.values() for e in errors)
        messages.error(request, _("%(club)s: %(errors)s") % {"club": club.name, "errors": errors})
    return redirect("site-clubs")


@require_POST
@never_cache
@login_required
def director_password_link(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    """A new link for any club's director who has forgotten their password."""
    _staff_only(request)
    club = get_object_or_404(Club, slug=slug)
    director = get_object_or_404(club.directors, pk=user_id)
    try:
        link = new_password_link(
            user=director, given_by=request.user, site_url=request.build_absolute_uri("/")
        )
    except ClubRefused as refused:
        messages.error(
            request, _("%(club)s: %(refused)s.") % {"club": club.name, "refused": refused}
        )
        return redirect("site-clubs")
    return _clubs_page(request, invitation=link)


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def backup_restore(request: HttpRequest) -> HttpResponse:
    """Restore a club from its backup as a new club, which the administrator restoring it
    directs until they have invited its directors."""
    _staff_only(request)
    form = RestoreForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            summary = restore_club(
                source=form.cleaned_data["file"],
                slug=form.cleaned_data["slug"] or None,
                director=request.user,
            )
        except BackupRefused as refused:
            form.add_error(None, _("Not restored: %(refused)s.") % {"refused": refused})
        else:
            club = summary.club
            messages.success(
                request,
                _(
                    "%(club)s restored at /clubs/%(slug)s/ with %(events)s events. You are its "
                    "only director: invite its directors on its page."
                )
                % {
                    "club": club.name,
                    "slug": club.slug,
                    "events": summary.rows.get("events.event", 0),
                },
            )
            return redirect("club-admin", slug=club.slug)
    return render(request, "events/director/restore.html", {"form": form})
