from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from events.models import Club
from events.services.backup import backup_bytes


class Command(BaseCommand):
    help = (
        "Write a club's whole data (players, events, movements, results, settings, history) "
        "to one file; a name ending in .gz is gzip-compressed."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the club's address, as in /clubs/<slug>/")
        parser.add_argument("-o", "--output", required=True, help="the file to write")

    def handle(self, *args, slug, output, **options):
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise CommandError(f"There is no club with the address {slug!r}.")
        data = backup_bytes(club=club, compress=output.endswith(".gz"))
        Path(output).write_bytes(data)
        self.stdout.write(f"{club.name}: {club.events.count()} events written to {output}")
