"""Directors invited to a club, and new clubs with their first director.

An invitation makes the account (without a password) or finds the one that exists, makes it a
director of the club, and gives a one-time link to choose a password: Django's password-reset
token (`default_token_generator`), good until the password is chosen or the token expires
(PASSWORD_RESET_TIMEOUT, three days); inviting the account again ends the links given before.
The link is mailed when a mail server is set (EMAIL_HOST, settings.MAIL_SERVER), else shown to
whoever invited, who passes it on. A link for an account that exists goes only to the
account's own address, or to someone who may already direct all that the account directs:
never a way into another club.

A director who has forgotten their password is given a new link the same way
(`new_password_link`): by a co-director on the club's page, by the staff on the Clubs page, or
at the shell (`manage.py new_password_link`); their password and the links given before end.
"""

import logging
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.text import slugify
from django.utils.translation import gettext

from events.models import Club
from events.services.clubs import ClubRefused, end_set_password_links

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Invitation:
    """What an invitation did: `link` is the set-password link for whoever invited ("" when it
    was mailed, or is not theirs to see), `emailed_to` the address it was mailed to, `summary`
    the sentence that tells them."""

    club: Club
    user: object
    created: bool
    link: str
    emailed_to: str
    summary: str


def mail_is_set_up() -> bool:
    """Whether a mail server is set (EMAIL_HOST): else nothing is mailed."""
    return bool(settings.MAIL_SERVER)


def set_password_path(user) -> str:
    """The one-time address where `user` chooses a password (Django's reset confirmation)."""
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    return reverse("password_reset_confirm", kwargs={"uidb64": uid, "token": token})


def invite_director(
    *, club: Club, username: str, email: str = "", invited_by=None, site_url: str
) -> Invitation:
    """Make `username` (or the account of `email`) a director of the club and give them a link
    to choose a password; `invited_by` is the director or staff member inviting (None: the
    site's operator at the shell); `site_url` starts the link ("https://scores.ourclub.org").
    ClubRefused says why not, and then nothing has changed."""
    with transaction.atomic():
        user, created = _account(club=club, username=username, email=email)
        club.directors.add(user)
    return _deliver(club, user, created, invited_by, site_url)


def start_club(
    *, name: str, slug: str = "", username: str, email: str = "", invited_by=None, site_url: str
) -> Invitation:
    """A new club with its first director invited, all or nothing; the address is made from
    the name unless given."""
    slug = slug or slugify(name)[:60].strip("-")
    if not slug:
        raise ClubRefused(gettext("give the club an address of letters or digits"))
    with transaction.atomic():
        try:
            # Its own savepoint: a club made at the address meanwhile is refused, not an error.
            with transaction.atomic():
                club = Club.objects.create(name=name, slug=slug)
        except IntegrityError:
            raise ClubRefused(
                gettext("a club already uses the address %(slug)s") % {"slug": slug}
            ) from None
        user, created = _account(club=club, username=username, email=email)
        club.directors.add(user)
    return _deliver(club, user, created, invited_by, site_url)


def _account(*, club: Club, username: str, email: str):
    """The account invited, and whether it is new: by username, else by email address (only
    an account that has not chosen its password yet)."""
    users = get_user_model()._default_manager
    # The name as the account would keep it (NFKC): a compatibility character finds its account.
    username = users.model.normalize_username(username)
    user = users.filter(username=username).first()
    if user is None and email:
        same_email = list(users.filter(email__iexact=email)[:2])
        if len(same_email) > 1:
            raise ClubRefused(
                gettext("several accounts use %(email)s: invite one of them by its username")
                % {"email": email}
            )
        user = same_email[0] if same_email else None
        if user is not None and user.has_usable_password():
            # Nothing proves the address is theirs (another club's director may have made the
            # account and chosen its password): the one inviting must know its username.
            raise ClubRefused(
                gettext(
                    "an account already uses %(email)s: if it is theirs, invite it by its "
                    "username, or leave the email blank"
                )
                % {"email": email}
            )
    if user is None:
        return users.create_user(username, email=email, password=None), True
    if email and user.email and user.email.lower() != email.lower():
        raise ClubRefused(
            gettext(
                "%(username)s already has an account with another email address: leave the "
                "email blank to invite %(username)s, or choose another username"
            )
            % {"username": user.get_username()}
        )
    if not user.is_active:
        raise ClubRefused(
            gettext("the account %(username)s is switched off: ask the site's administrator")
            % {"username": user.get_username()}
        )
    if user.has_usable_password():
        if club.directors.filter(pk=user.pk).exists():
            raise ClubRefused(
                gettext("%(username)s already directs %(club)s")
                % {"username": user.get_username(), "club": club.name}
            )
    else:
        # A link shown before to a director of another club must not open this one.
        end_set_password_links(user)
    return user, False


def new_password_link(*, user, given_by=None, site_url: str) -> Invitation:
    """A new one-time link for `user` (a director) to choose a password, for `given_by` (a
    co-director, staff, or None: the operator at the shell) to pass on; their password and
    the links given before end. ClubRefused says why not, and then nothing has changed."""
    names = {"username": user.get_username()}
    if not user.is_active:
        raise ClubRefused(
            gettext("the account %(username)s is switched off: ask the site's administrator")
            % names
        )
    if not _may_see_link(given_by, user):
        raise ClubRefused(
            gettext(
                "%(username)s also directs a club you do not direct, or looks after the site: "
                "only the site's administrator can give them a new link"
            )
            % names
        )
    end_set_password_links(user)
    link = site_url.rstrip("/") + set_password_path(user)
    days = settings.PASSWORD_RESET_TIMEOUT // 86400
    summary = gettext(
        "A new link for %(username)s to choose a password: their old password and the links "
        "given before no longer work. Give them this link (it works once, for %(days)s days)."
    )
    return Invitation(user.clubs.first(), user, False, link, "", summary % (names | {"days": days}))


def _may_see_link(invited_by, user) -> bool:
    """Whether the one inviting may be handed `user`'s set-password link: the operator, staff,
    or a director of every club the account directs (a link is a way into the account); never
    the link of a staff or superuser account, unless to the operator."""
    if invited_by is None:
        return True
    if user.is_staff or user.is_superuser:
        return False
    if invited_by.is_staff:
        return True
    theirs = set(user.clubs.values_list("pk", flat=True))
    return theirs <= set(invited_by.clubs.values_list("pk", flat=True))


def _deliver(club: Club, user, created: bool, invited_by, site_url: str) -> Invitation:
    names = {"username": user.get_username(), "club": club.name}
    site_url = site_url.rstrip("/")
    if not created and user.has_usable_password():
        summary = gettext(
            "%(username)s already has an account: they now direct %(club)s and log in with "
            "their own password."
        )
        return Invitation(club, user, created, "", "", summary % names)
    link = site_url + set_password_path(user)
    address = user.email if mail_is_set_up() else ""
    if address and _mail(club, user, link, site_url):
        summary = gettext(
            "%(username)s now directs %(club)s: the link to choose a password was mailed to "
            "%(email)s."
        )
        # The operator at the shell is shown the link as well.
        shown = link if invited_by is None else ""
        return Invitation(
            club, user, created, shown, address, summary % (names | {"email": address})
        )
    if _may_see_link(invited_by, user):
        summary = gettext(
            "%(username)s now directs %(club)s. Nothing was mailed: give them this link to choose "
            "their password (it works once, for %(days)s days)."
        )
        days = settings.PASSWORD_RESET_TIMEOUT // 86400
        return Invitation(club, user, created, link, "", summary % (names | {"days": days}))
    summary = gettext(
        "%(username)s now directs %(club)s but has not chosen a password yet: the site's "
        "administrator can give them a new link."
    )
    return Invitation(club, user, created, "", "", summary % names)


def _mail(club: Club, user, link: str, site_url: str) -> bool:
    """Mail the invitation to the account's address; False when the server refused it."""
    context = {"club": club, "user": user, "link": link, "site_url": site_url}
    subject = render_to_string("registration/invitation_subject.txt", context)
    body = render_to_string("registration/invitation_email.txt", context)
    try:
        send_mail(" ".join(subject.split()), body, None, [user.email])
    except Exception:
        # Whatever the mail server says, the invitation stands; its link is shown instead to
        # whoever may see it.
        logger.exception("The invitation to account %s could not be mailed", user.pk)
        return False
    return True
