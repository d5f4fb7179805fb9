"""`manage.py new_club NAME --director USERNAME`: a club and its first director. It speaks the
site's language (LANGUAGE_CODE), which is the new club's own until its directors choose another;
the invitation mailed to the director is written in it too."""

from django.conf import settings
from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy

from events.forms.clubs import NewClubForm
from events.management.base import TranslatedCommand
from events.services.clubs import ClubRefused
from events.services.invitations import start_club

# The command's name for each field of the Clubs page's form, in its messages.
OPTIONS = {"name": "name", "slug": "--slug", "username": "--director", "email": "--email"}


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Make a club and its first director, and print the one-time link where the director "
        "chooses a password (mailed too when EMAIL_HOST is set and --email given). The link "
        "starts with SITE_URL (http://127.0.0.1:8000) unless --site-url says otherwise."
    )

    def add_arguments(self, parser):
        parser.add_argument("name", help=gettext('the club\'s name, e.g. "Hilltop Bridge Club"'))
        parser.add_argument(
            "--director", required=True, help=gettext("the first director's username")
        )
        parser.add_argument("--email", default="", help=gettext("the director's email address"))
        parser.add_argument(
            "--slug", default="", help=gettext("the club's address (from the name)")
        )
        parser.add_argument(
            "--site-url", default="", help=gettext("the site's address for the link")
        )

    def handle(self, *args, name, director, email, slug, site_url, **options):
        # The checks of the Clubs page's form, so that nothing the page refuses is made here.
        form = NewClubForm({"name": name, "slug": slug, "username": director, "email": email})
        if not form.is_valid():
            raise CommandError(
                " ".join(
                    # Translators: what is wrong with one of the command's arguments, e.g.
                    # "--email nope: Enter a valid email address."
                    gettext("%(option)s %(value)s: %(errors)s")
                    % {
                        "option": OPTIONS.get(field, field),
                        "value": form.data.get(field, ""),
                        "errors": " ".join(errors),
                    }
                    for field, errors in form.errors.items()
                )
            )
        try:
            invitation = start_club(site_url=site_url or settings.SITE_URL, **form.cleaned_data)
        except ClubRefused as refused:
            raise CommandError(gettext("No club made: %(reason)s.") % {"reason": refused}) from None
        club = invitation.club
        self.stdout.write(
            gettext("%(club)s made at /clubs/%(slug)s/.") % {"club": club.name, "slug": club.slug}
        )
        self.stdout.write(invitation.summary)
        if invitation.link:
            self.stdout.write(invitation.link)
