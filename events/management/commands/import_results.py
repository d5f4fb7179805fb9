"""`manage.py import_results FILE [--club SLUG]`: a results file imported as a published event.
It speaks the site's language (LANGUAGE_CODE) until it has found the club, then the club's
own."""

import hashlib
import time
from pathlib import Path

from django.core.management.base import CommandError
from django.utils.formats import number_format
from django.utils.translation import gettext, gettext_lazy, ngettext

from events.formats.imported import FileRefused
from events.management.base import TranslatedCommand
from events.models import Club
from events.services.hand_records import analyse_event_hands
from events.services.imports import fixed_boards, import_event, read_result_file
from events.services.languages import speaking_for_club


class Command(TranslatedCommand):
    help = gettext_lazy(
        "Import a PBN or USEBIO results file as a published event, scored by our engine. "
        "The new event's id is the last line printed."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help=gettext("a .pbn or USEBIO .xml results file"))
        parser.add_argument(
            "--club", help=gettext("the club's slug (needed when there is more than one)")
        )
        parser.add_argument(
            "--no-hand-records",
            action="store_true",
            help=gettext("skip the double-dummy analysis of the deals"),
        )

    def handle(self, *args, **options):
        path = Path(options["file"])
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(
                gettext("%(file)s: %(reason)s") % {"file": path, "reason": error.strerror}
            ) from None
        club = self._club(options["club"])
        with speaking_for_club(club):
            self._import(path, data, club, hand_records=not options["no_hand_records"])

    def _import(self, path: Path, data: bytes, club: Club, *, hand_records: bool) -> None:
        started = time.perf_counter()
        try:
            imported = read_result_file(data)
        except FileRefused as refused:
            raise CommandError(
                gettext("%(file)s: %(reason)s") % {"file": path.name, "reason": refused}
            ) from None
        event = import_event(
            imported=imported,
            club=club,
            file_hash=hashlib.sha256(data).hexdigest(),
            as_new=True,  # the command imports what it is given; the upload page asks
        )
        if hand_records:
            analyse_event_hands(event=event)
        lines = imported.line_count
        said = {
            "event": event,
            "club": club.name,
            "lines": ngettext("%(count)d line", "%(count)d lines", lines) % {"count": lines},
            "seconds": number_format(time.perf_counter() - started, 1),
        }
        if event.is_teams:
            teams, matches = len(imported.teams), len(imported.matches)
            summary = gettext(
                "Imported %(event)s for %(club)s: %(teams)s, %(matches)s, %(lines)s, "
                "%(scoring)s, in %(seconds)s s"
            ) % {
                **said,
                "teams": ngettext("%(count)d team", "%(count)d teams", teams) % {"count": teams},
                "matches": ngettext("%(count)d match", "%(count)d matches", matches)
                % {"count": matches},
                "scoring": event.team_settings.get_match_scoring_display(),
            }
        else:
            pairs, boards = len(imported.pairs), len(imported.boards)
            summary = gettext(
                "Imported %(event)s for %(club)s: %(pairs)s, %(boards)s, %(lines)s, "
                "%(scoring)s, in %(seconds)s s"
            ) % {
                **said,
                "pairs": ngettext("%(count)d pair", "%(count)d pairs", pairs) % {"count": pairs},
                "boards": ngettext("%(count)d board", "%(count)d boards", boards)
                % {"count": boards},
                "scoring": event.get_scoring_display(),
            }
        self.stdout.write(summary)
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
                raise CommandError(
                    gettext("there is no club '%(slug)s'") % {"slug": slug}
                ) from None
        clubs = list(Club.objects.all()[:2])
        if len(clubs) == 1:
            return clubs[0]
        raise CommandError(
            gettext("name the club with --club SLUG")
            if clubs
            else gettext("create a club first: there is none")
        )
