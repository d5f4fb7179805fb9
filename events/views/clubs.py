"""A club's administration by its directors: directors, players, merging duplicate players,
deleting an event, and the club's backup to download."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from events.forms.clubs import InvitationForm, MergeForm, PlayerForm
from events.models import Change, Club, Player
from events.services.backup import backup_bytes
from events.services.clubs import (
    ClubRefused,
    add_player,
    change_player,
    club_admin,
    delete_event,
    event_contents,
    merge_players,
    player_seats,
    remove_director,
    remove_player,
)
from events.services.history import recording
from events.services.invitations import invite_director, new_password_link
from events.services.notes import event_value, sentence
from events.views.director import directed_club, directed_event


def _club_page(request: HttpRequest, club: Club, **forms) -> HttpResponse:
    context = vars(club_admin(club=club)) | {
        "club": club,
        "director_form": forms.get("director_form") or InvitationForm(),
        "invitation": forms.get("invitation"),
        "player_form": forms.get("player_form") or PlayerForm(club=club),
    }
    return render(request, "events/director/club.html", context)


@require_GET
@never_cache
@login_required
def club(request: HttpRequest, slug: str) -> HttpResponse:
    return _club_page(request, directed_club(request, slug))


@require_POST
@never_cache
@login_required
def director_add(request: HttpRequest, slug: str) -> HttpResponse:
    """Invite a director; the page that answers shows the link when nothing was mailed (it is
    not redirected to, so that the link stays out of the session)."""
    club = directed_club(request, slug)
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
            form.add_error(None, f"{refused}.")
        else:
            return _club_page(request, club, invitation=invitation)
    return _club_page(request, club, director_form=form)


@require_POST
@never_cache
@login_required
def director_password_link(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    """A new link for a co-director who has forgotten their password; the page that answers
    shows it (never one into a club the one asking does not direct)."""
    club = directed_club(request, slug)
    director = get_object_or_404(club.directors, pk=user_id)
    try:
        link = new_password_link(
            user=director, given_by=request.user, site_url=request.build_absolute_uri("/")
        )
    except ClubRefused as refused:
        messages.error(request, f"{refused}.")
        return redirect("club-admin", slug=club.slug)
    return _club_page(request, club, invitation=link)


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def director_remove(request: HttpRequest, slug: str, user_id: int) -> HttpResponse:
    """Take a director off the club; taking yourself off is asked first."""
    club = directed_club(request, slug)
    director = get_object_or_404(club.directors, pk=user_id)
    yourself = director.pk == request.user.pk
    if request.method == "POST" and (not yourself or request.POST.get("confirm") == "yes"):
        try:
            waiting = remove_director(club=club, user=director)
        except ClubRefused as refused:
            messages.error(request, f"{refused}.")
            return redirect("club-admin", slug=club.slug)
        messages.success(
            request,
            _("%(username)s no longer directs %(club)s.")
            % {"username": director.get_username(), "club": club.name},
        )
        if waiting:
            messages.info(
                request,
                _(
                    "The links given to %(usernames)s to choose a password no longer work: "
                    "invite them again for a new one."
                )
                % {"usernames": ", ".join(waiting)},
            )
        if yourself:
            return redirect("director-home")
        return redirect("club-admin", slug=club.slug)
    return render(
        request,
        "events/director/director_remove.html",
        {"club": club, "director": director, "yourself": yourself},
    )


@require_POST
@login_required
def player_add(request: HttpRequest, slug: str) -> HttpResponse:
    club = directed_club(request, slug)
    form = PlayerForm(request.POST, club=club)
    if form.is_valid():
        with recording(club=club, kind=Change.Kind.PLAYER, user=request.user):
            player = add_player(club=club, **form.cleaned_data)
        messages.success(request, _("%(player)s added to the players.") % {"player": player.name})
        return redirect("club-admin", slug=club.slug)
    return _club_page(request, club, player_form=form)


def _club_player(request: HttpRequest, slug: str, player_id: int) -> tuple[Club, Player]:
    club = directed_club(request, slug)
    return club, get_object_or_404(Player, club=club, pk=player_id)


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def player_edit(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """Rename a player (and change their member number); their pairs' names and their name in
    individuals follow."""
    club, player = _club_player(request, slug, player_id)
    initial = {"name": player.name, "member_number": player.member_number, "email": player.email}
    form = PlayerForm(request.POST or None, club=club, player=player, initial=initial)
    if request.method == "POST" and form.is_valid():
        with recording(club=club, kind=Change.Kind.PLAYER, user=request.user):
            change_player(player=player, **form.cleaned_data)
        messages.success(request, _("Saved: %(player)s.") % {"player": player.name})
        return redirect("club-admin", slug=club.slug)
    seats = player_seats(players=[player])
    return render(
        request,
        "events/director/player.html",
        {"club": club, "player": player, "form": form, "seats": seats},
    )


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def player_remove(request: HttpRequest, slug: str, player_id: int) -> HttpResponse:
    """Delete a player; one who has played is asked first, naming the pairs and the
    individuals that keep the name without the link."""
    club, player = _club_player(request, slug, player_id)
    seats = player_seats(players=[player])
    if request.method == "POST" and (not seats or request.POST.get("confirm") == "yes"):
        try:
            with recording(club=club, kind=Change.Kind.PLAYER, user=request.user):
                detached = remove_player(player=player)
        except ClubRefused as refused:
            messages.error(request, f"{refused}.")
            return redirect("club-admin", slug=club.slug)
        removed = (
            ngettext(
                "%(name)s removed from the players; %(count)s pair keeps the name.",
                "%(name)s removed from the players; %(count)s pairs keep the name.",
                detached.pairs,
            )
            if detached.pairs
            else _("%(name)s removed from the players.")
        ) % {"name": player.name, "count": detached.pairs}
        if detached.individuals:
            removed += " " + ngettext(
                "%(count)s individual keeps the name.",
                "%(count)s individuals keep the name.",
                detached.individuals,
            ) % {"count": detached.individuals}
        messages.success(request, removed)
        return redirect("club-admin", slug=club.slug)
    return render(
        request,
        "events/director/player_remove.html",
        {"club": club, "player": player, "seats": seats},
    )


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def players_merge(request: HttpRequest, slug: str) -> HttpResponse:
    """Choose the player to keep and the duplicates; then confirm; then merge."""
    club = directed_club(request, slug)
    form = MergeForm(request.POST or None, club=club)
    confirm = False
    if request.method == "POST" and form.is_valid():
        keep, duplicates = form.cleaned_data["keep"], list(form.cleaned_data["duplicates"])
        if request.POST.get("confirm") == "yes":
            try:
                with recording(club=club, kind=Change.Kind.PLAYER, user=request.user):
                    moved = merge_players(keep=keep, duplicates=duplicates)
            except ClubRefused as refused:
                form.add_error(None, f"{refused}.")
            else:
                names = ", ".join(d.name for d in duplicates)
                merged = ngettext(
                    "%(names)s merged into %(name)s: %(moved)s seat in pairs moved.",
                    "%(names)s merged into %(name)s: %(moved)s seats in pairs moved.",
                    moved.pairs,
                ) % {"names": names, "name": keep.name, "moved": moved.pairs}
                if moved.individuals:
                    merged += " " + ngettext(
                        "%(moved)s place in individuals moved.",
                        "%(moved)s places in individuals moved.",
                        moved.individuals,
                    ) % {"moved": moved.individuals}
                messages.success(request, merged)
                return redirect("club-admin", slug=club.slug)
        else:
            confirm = True
    seats = player_seats(players=form.cleaned_data["duplicates"]) if confirm else None
    return render(
        request,
        "events/director/merge.html",
        {"club": club, "form": form, "confirm": confirm, "seats": seats},
    )


@require_http_methods(["GET", "POST"])
@never_cache
@login_required
def event_delete(request: HttpRequest, event_id: int) -> HttpResponse:
    """Delete an event after a page naming what goes with it."""
    event = directed_event(request, event_id)
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        note = [sentence("deleted", event=event_value(event), id=event.pk)]
        with recording(club=event.club, kind=Change.Kind.EVENT, user=request.user, note=note):
            delete_event(event=event)
        messages.success(request, _("Deleted: %(event)s.") % {"event": event})
        return redirect("club-admin", slug=event.club.slug)
    return render(
        request,
        "events/director/event_delete.html",
        {"event": event, "contents": event_contents(event=event)},
    )


@require_GET
@never_cache
@login_required
def backup_download(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's whole data as one gzip-compressed JSON file."""
    club = directed_club(request, slug)
    filename = f"{club.slug}-backup-{timezone.localdate():%Y-%m-%d}.json.gz"
    return HttpResponse(
        backup_bytes(club=club),
        content_type="application/gzip",
        headers={"Content-Disposition": content_disposition_header(True, filename)},
    )
