import hashlib
import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import ngettext

from events.formats.imported import FileRefused
from events.models import Club
from events.services.hand_records import analyse_event_hands
from events.services.imports import fixed_boards, import_event, read_result_file


class Command(BaseCommand):
    help = (
        "Import a PBN or USEBIO results file as a published event, scored by our engine. "
        "The new event's id is the last line printed."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a .pbn or USEBIO .xml results file")
        parser.add_argument("--club", help="the club's slug (needed when there is more than one)")
        parser.add_argument(
            "--no-hand-records",
            action="store_true",
            help="skip the double-dummy analysis of the deals",
        )

    def handle(self, *args, **options):
        path = Path(options["file"])
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror}") from None
        club = self._club(options["club"])
        started = time.perf_counter()
        try:
            imported = read_result_file(data)
        except FileRefused as refused:
            raise CommandError(f"{path.name}: {refused}") from None
        event = import_event(
            imported=imported,
            club=club,
            file_hash=hashlib.sha256(data).hexdigest(),
            as_new=True,  # the command imports what it is given; the upload page asks
        )
        if not options["no_hand_records"]:
            analyse_event_hands(event=event)
        seconds = time.perf_counter() - started
        if event.is_teams:
            counts = f"{len(imported.teams)} teams, {len(imported.matches)} matches"
            scoring = event.team_settings.get_match_scoring_display()
        else:
            counts = f"{len(imported.pairs)} pairs, {len(imported.boards)} boards"
            scoring = event.get_scoring_display()
        self.stdout.write(
            f"Imported {event.name} ({event.date:%d %b %Y}) for {club.name}: {counts}, "
            f"{imported.line_count} lines, {scoring}, in {seconds:.1f} s"
        )
        if fixed := fixed_boards(imported):
            self.stdout.write(
                ngettext(
                    "Board %(boards)s kept with the file's points, fixed and flagged: they "
                    "fit no rule we score by",
                    "Boards %(boards)s kept with the file's points, fixed and flagged: they "
                    "fit no rule we score by",
                    len(fixed),
                )
                % {"boards": ", ".join(fixed)}
            )
        self.stdout.write(str(event.pk))

    def _club(self, slug: str | None) -> Club:
        if slug:
            try:
                return Club.objects.get(slug=slug)
            except Club.DoesNotExist:
                raise CommandError(f"there is no club {slug!r}") from None
        clubs = list(Club.objects.all()[:2])
        if len(clubs) == 1:
            return clubs[0]
        raise CommandError(
            "name the club with --club SLUG" if clubs else "create a club first: there is none"
        )
