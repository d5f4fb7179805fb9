"""`manage.py backup_club SLUG -o FILE`: a club's whole data in one file. It speaks the site's
language (LANGUAGE_CODE) until it has found the club, then the club's own."""

from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext, gettext_lazy, ngettext

from events.management.base import TranslatedCommand
from events.models import Club
from events.services.backup import backup_bytes
from events.services.languages import speaking_for_club


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Write a club's whole data (players, events, movements, results, settings, history) "
        "to one file; a name ending in .gz is gzip-compressed."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help=gettext("the club's address, as in /clubs/<slug>/"))
        parser.add_argument("-o", "--output", required=True, help=gettext("the file to write"))

    def handle(self, *args, slug, output, **options):
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(
                gettext("There is no club with the address '%(slug)s'.") % {"slug": slug}
            )
        with speaking_for_club(club):
            data = backup_bytes(club=club, compress=output.endswith(".gz"))
            Path(output).write_bytes(data)
            events = club.events.count()
            self.stdout.write(
                ngettext(
                    "%(club)s: %(count)d event written to %(file)s",
                    "%(club)s: %(count)d events written to %(file)s",
                    events,
                )
                % {"club": club.name, "count": events, "file": output}
            )
