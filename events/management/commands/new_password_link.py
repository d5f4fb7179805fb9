"""`manage.py new_password_link USERNAME`: a new one-time link to choose a password. It speaks
the site's language (LANGUAGE_CODE): an account may direct clubs of different languages."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from events.management.base import TranslatedCommand
from events.services.clubs import ClubRefused
from events.services.invitations import new_password_link


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Print a new one-time link where an account chooses its password (its old password and "
        "the links given before end): the way back in for a director who has forgotten theirs "
        "on a site that sends no mail. The link starts with SITE_URL unless --site-url says "
        "otherwise."
    )

    def add_arguments(self, parser):
        parser.add_argument("username", help=gettext("the account's username"))
        parser.add_argument(
            "--site-url", default="", help=gettext("the site's address for the link")
        )

    def handle(self, *args, username, site_url, **options):
        user = get_user_model()._default_manager.filter(username=username).first()
        if user is None:
            raise CommandError(
                gettext("No account is called %(username)s.") % {"username": username}
            )
        try:
            link = new_password_link(user=user, site_url=site_url or settings.SITE_URL)
        except ClubRefused as refused:
            raise CommandError(gettext("No new link: %(reason)s.") % {"reason": refused}) from None
        self.stdout.write(link.summary)
        self.stdout.write(link.link)
