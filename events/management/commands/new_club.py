from django.conf import settings
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.core.validators import validate_email, validate_slug
from django.utils.translation import gettext

from events.services.clubs import ClubRefused
from events.services.invitations import start_club


class Command(BaseCommand):
    help = (
        "Make a club and its first director, and print the one-time link where the director "
        "chooses a password (mailed too when EMAIL_HOST is set and --email given). The link "
        "starts with SITE_URL (http://127.0.0.1:8000) unless --site-url says otherwise."
    )

    def add_arguments(self, parser):
        parser.add_argument("name", help='the club\'s name, e.g. "Hilltop Bridge Club"')
        parser.add_argument("--director", required=True, help="the first director's username")
        parser.add_argument("--email", default="", help="the director's email address")
        parser.add_argument("--slug", default="", help="the club's address (from the name)")
        parser.add_argument("--site-url", default="", help="the site's address for the link")

    def handle(self, *args, name, director, email, slug, site_url, **options):
        for check, value, what in (
            (UnicodeUsernameValidator(), director, "--director"),
            (validate_email, email, "--email"),
            (validate_slug, slug, "--slug"),
        ):
            try:
                if value:
                    check(value)
            except ValidationError as error:
                raise CommandError(f"{what} {value}: {' '.join(error.messages)}") from None
        if not name.strip() or len(name) > 120:
            raise CommandError(gettext("The club's name is 1 to 120 characters."))
        try:
            invitation = start_club(
                name=name.strip(),
                slug=slug,
                username=director,
                email=email,
                site_url=site_url or settings.SITE_URL,
            )
        except ClubRefused as refused:
            raise CommandError(gettext("No club made: %s.") % refused) from None
        club = invitation.club
        self.stdout.write(
            gettext("%(club)s made at /clubs/%(slug)s/.") % {"club": club.name, "slug": club.slug}
        )
        self.stdout.write(invitation.summary)
        if invitation.link:
            self.stdout.write(invitation.link)
